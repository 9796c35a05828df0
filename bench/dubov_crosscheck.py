"""Cross-check the Dubov pairer against two independent engines, round by round.

Witnesses (never dependencies; build or install them in a scratch folder):

* ``TRFAUDIT_CPPDUBOV``: the CPPDubovSystem binary (``--pairings IN --output OUT.csv``);
* ``TRFAUDIT_PY4SWISS``: the ``py4swiss`` command (``-t IN -e dubov -p OUT``); or
  ``TRFAUDIT_PY4SWISS_WORKER``: a long-running command that reads ``IN OUT`` lines on stdin,
  writes each pairing to OUT in py4swiss's output format and answers one line per request
  (it saves py4swiss's start-up on every round).

Each tournament is generated here (random ratings, draws, forfeits, announced absences,
odd fields) and played round by round: before each round the three engines pair the same
file, the pairings are compared (pairs, colours and the PAB; board order aside), and the
round is then played on the pairing of the tournament's *driver* engine (trfaudit,
CPPDubovSystem and py4swiss in turn), so that each engine's own output is tested too.

    python bench/dubov_crosscheck.py --tournaments 200 --seed 1 --keep corpus/regressions/dubov

CPPDubovSystem is not asked about accelerated tournaments: its own ``ACC 1`` gives the
virtual points to another group than C.04.5.1 does.  The script prints three figures: agreement with CPPDubovSystem, with py4swiss, and with both on the
rounds where the two witnesses agree.  ``--keep DIR`` writes every round where trfaudit
differs from a witness (the input file and the three pairings) for triage.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from trfaudit.engine.acceleration import baku_virtual_points
from trfaudit.engine.dubov.pairer import pair_round
from trfaudit.engine.history import round_input
from trfaudit.engine.result import NoPairing
from trfaudit.trf.reader import parse

Pairing = tuple[frozenset[tuple[int, int]], int | None]


@dataclass
class Entry:
    opponent: int  # 0: no opponent
    colour: str  # 'w' 'b' '-'
    result: str  # '1' '0' '=' '+' '-' 'U' 'H' 'Z'


@dataclass
class Event:
    n: int
    rounds: int
    ratings: list[int]
    entries: dict[int, list[Entry]] = field(default_factory=dict)
    #: Baku acceleration (C.04.7): virtual points by TPN and round (empty: none).
    acc: dict[int, dict[int, float]] = field(default_factory=dict)

    def points(self, tpn: int) -> float:
        value = {"1": 1.0, "+": 1.0, "U": 1.0, "=": 0.5, "H": 0.5}
        return sum(value.get(e.result, 0.0) for e in self.entries[tpn])

    def render(self, absent: set[int], cpp: bool = False) -> str:
        """The file to pair the next round from; ``cpp``: CPPDubovSystem's variant (its own
        ``ACC 1`` for the acceleration instead of ``XXA`` lines, which it refuses)."""
        lines = ["012 trfaudit Dubov cross-check", f"XXR {self.rounds}", "XXC white1"]
        if self.acc and cpp:
            lines.append("ACC 1")
        for tpn in range(1, self.n + 1):
            head = (
                f"001 {tpn:4d}      {'Player ' + str(tpn):<33} {self.ratings[tpn - 1]:4d}"
                f"     {tpn:11d} 2000/01/01 {self.points(tpn):4.1f} {tpn:4d}"
            )
            blocks = "".join(f"  {e.opponent:04d} {e.colour} {e.result}" for e in self.entries[tpn])
            lines.append(head + blocks)
        if self.acc and not cpp:
            for tpn, rounds in sorted(self.acc.items()):
                cells = "".join(f" {rounds.get(r, 0.0):4.1f}" for r in range(1, self.rounds + 1))
                lines.append(f"XXA {tpn:4d}{cells}")
        if absent:
            lines.append("XXZ " + " ".join(str(t) for t in sorted(absent)))
        return "\n".join(lines) + "\n"


def ours(text: str, rnd: int) -> Pairing:
    t = parse(text)
    result = pair_round(round_input(t, rnd))
    return frozenset((b.white, b.black) for b in result.boards), result.bye


def cpp(binary: str, path: Path) -> Pairing | None:
    out = path.with_suffix(".csv")
    done = subprocess.run(
        [binary, "--pairings", str(path), "--output", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode != 0 or not out.exists():
        return None
    pairs, bye = set(), None
    for line in out.read_text().splitlines()[1:]:
        cells = [c.strip() for c in line.split(",")]
        if len(cells) < 2 or not cells[0]:
            continue
        w, b = int(cells[0]), int(cells[1])
        if -1 in (w, b):
            bye = max(w, b)
        else:
            pairs.add((w, b))
    out.unlink()
    return frozenset(pairs), bye


def py4swiss(command: str, path: Path) -> Pairing | None:
    out = path.with_suffix(".p4s")
    done = subprocess.run(
        [command, "-t", str(path), "-e", "dubov", "-p", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode != 0:
        return None
    return read_p4s(out)


class Worker:
    """A long-running witness: one ``IN OUT`` line per request, one line per answer."""

    def __init__(self, command: str) -> None:
        self.proc = subprocess.Popen(
            command.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def __call__(self, path: Path) -> Pairing | None:
        out = path.with_suffix(".p4s")
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{path} {out}\n")
        self.proc.stdin.flush()
        self.proc.stdout.readline()
        return read_p4s(out)


def read_p4s(out: Path) -> Pairing | None:
    if not out.exists():
        return None
    pairs, bye = set(), None
    nums = [int(x) for x in out.read_text().split()[1:]]
    for w, b in zip(nums[::2], nums[1::2]):
        if b == 0:
            bye = w
        else:
            pairs.add((w, b))
    out.unlink()
    return frozenset(pairs), bye


def play(ev: Event, rng: random.Random, pairing: Pairing, absent: set[int], forfeits: int) -> None:
    pairs, bye = pairing
    seen = set()
    for w, b in sorted(pairs):
        seen |= {w, b}
        if forfeits and rng.randrange(forfeits) == 0:
            rw, rb = ("+", "-") if rng.random() < 0.5 else ("-", "+")
        else:
            gap = (ev.ratings[w - 1] - ev.ratings[b - 1]) / 400
            p_white = 1 / (1 + 10 ** (-gap))
            x = rng.random()
            draw = 0.3
            if x < draw:
                rw, rb = "=", "="
            elif x < draw + (1 - draw) * p_white:
                rw, rb = "1", "0"
            else:
                rw, rb = "0", "1"
        ev.entries[w].append(Entry(b, "w", rw))
        ev.entries[b].append(Entry(w, "b", rb))
    if bye is not None:
        seen.add(bye)
        ev.entries[bye].append(Entry(0, "-", "U"))
    for tpn in range(1, ev.n + 1):
        if tpn not in seen:
            ev.entries[tpn].append(
                Entry(0, "-", "H" if tpn in absent and rng.random() < 0.5 else "Z")
            )


@dataclass
class Tally:
    rounds: int = 0
    cpp_n: int = 0
    cpp_same: int = 0
    p4s_n: int = 0
    p4s_same: int = 0
    both_n: int = 0
    both_same: int = 0
    witnesses_differ: int = 0


def keep(dirpath: Path, name: str, text: str, results: dict[str, Pairing | None]) -> None:
    dirpath.mkdir(parents=True, exist_ok=True)
    (dirpath / f"{name}.trf").write_text(text)
    lines = []
    for who, p in results.items():
        if p is None:
            lines.append(f"{who}: (no pairing)")
            continue
        pairs, bye = p
        lines.append(f"{who}: " + " ".join(f"{w}-{b}" for w, b in sorted(pairs)) + f" bye={bye}")
    (dirpath / f"{name}.pairings").write_text("\n".join(lines) + "\n")


def run(args: argparse.Namespace) -> Tally:
    rng = random.Random(args.seed)
    cpp_bin = os.environ.get("TRFAUDIT_CPPDUBOV")
    p4s_cmd = os.environ.get("TRFAUDIT_PY4SWISS")
    worker_cmd = os.environ.get("TRFAUDIT_PY4SWISS_WORKER")
    worker = Worker(worker_cmd) if worker_cmd else None
    tally = Tally()
    tmp = Path(tempfile.mkdtemp(prefix="dubov-x-"))
    for k in range(args.tournaments):
        n = rng.randint(args.min_players, args.max_players)
        rounds = rng.randint(3, 9)
        ratings = sorted(
            (
                0 if args.unrated and rng.randrange(args.unrated) == 0 else rng.randint(1000, 2700)
                for _ in range(n)
            ),
            reverse=True,
        )
        ev = Event(n, rounds, ratings, {t: [] for t in range(1, n + 1)})
        if args.accelerated and rng.randrange(args.accelerated) == 0:
            virtual = baku_virtual_points(
                list(range(1, n + 1)), rounds, Fraction(1), Fraction(1, 2)
            )
            ev.acc = {t: {r: float(v) for r, v in rs.items()} for t, rs in virtual.items()}
        driver = ("trfaudit", "cpp", "py4swiss")[k % 3]
        absence = rng.choice([0, 0, 10, 20])
        forfeits = rng.choice([0, 0, 15, 30])
        agreed = True
        for rnd in range(1, rounds + 1):
            absent = (
                {t for t in range(1, n + 1) if absence and rng.randrange(absence) == 0}
                if rnd > 1
                else set()
            )
            text = ev.render(absent)
            path = tmp / f"t{k}-r{rnd}.trf"
            path.write_text(text)
            try:
                mine: Pairing | None = ours(text, rnd)
            except NoPairing:
                mine = None
            cpp_path = path.with_name(path.stem + "-cpp.trf")
            cpp_path.write_text(ev.render(absent, cpp=True))
            # CPPDubovSystem's own acceleration (ACC 1) gives virtual points to another group
            # than C.04.5.1 (GA = 2 * ceil(N/4)): it is no witness for accelerated rounds.
            c = cpp(cpp_bin, cpp_path) if cpp_bin and not ev.acc else None
            cpp_path.unlink()
            p = worker(path) if worker else py4swiss(p4s_cmd, path) if p4s_cmd else None
            tally.rounds += 1
            if c is not None:
                tally.cpp_n += 1
                tally.cpp_same += c == mine
            if p is not None:
                tally.p4s_n += 1
                tally.p4s_same += p == mine
            if c is not None and p is not None:
                if c == p:
                    tally.both_n += 1
                    tally.both_same += c == mine
                else:
                    tally.witnesses_differ += 1
            differs = (c is not None and c != mine) or (p is not None and p != mine)
            agreed = agreed and c is not None and p is not None and not differs
            if args.keep and differs and (not args.only_agreed or c == p):
                keep(
                    Path(args.keep),
                    f"s{args.seed}-t{k}-r{rnd}",
                    text,
                    {"trfaudit": mine, "cpp": c, "py4swiss": p},
                )
            chosen = {"trfaudit": mine, "cpp": c, "py4swiss": p}[driver] or mine or c or p
            path.unlink()
            if chosen is None:
                break
            play(ev, rng, chosen, absent, forfeits)
        if args.save_agreed and agreed and len(ev.entries[1]) == rounds:
            out = Path(args.save_agreed)
            out.mkdir(parents=True, exist_ok=True)
            text = ev.render(set()).replace("XXC white1\n", "XXC white1\n192 FIDE_DUBOV\n")
            (out / f"dubov-s{args.seed}-t{k}.trf").write_text(text)
        if args.progress:
            print(f"tournament {k + 1}: {tally}", file=sys.stderr, flush=True)
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tournaments", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-players", type=int, default=6)
    ap.add_argument("--max-players", type=int, default=40)
    ap.add_argument("--keep", help="write the rounds where trfaudit differs from a witness")
    ap.add_argument(
        "--only-agreed",
        action="store_true",
        help="with --keep: only rounds where the witnesses agree",
    )
    ap.add_argument(
        "--save-agreed",
        help="write each tournament whose every round the three "
        "engines paired alike (192 FIDE_DUBOV added)",
    )
    ap.add_argument(
        "--accelerated",
        type=int,
        default=0,
        help="1 tournament in N with the Baku acceleration (0: none)",
    )
    ap.add_argument(
        "--unrated",
        type=int,
        default=0,
        help="1 player in N unrated (rating 0, last in the initial order; 0: none)",
    )
    ap.add_argument("--progress", action="store_true", help="a line per tournament on stderr")
    args = ap.parse_args(argv)
    t = run(args)

    def pct(a: int, b: int) -> str:
        return f"{a}/{b} ({100 * a / b:.1f}%)" if b else "n/a"

    print(f"rounds paired: {t.rounds}")
    print(f"agreement with CPPDubovSystem: {pct(t.cpp_same, t.cpp_n)}")
    print(f"agreement with py4swiss:       {pct(t.p4s_same, t.p4s_n)}")
    print(f"rounds where the witnesses agree: {t.both_n} (they differ on {t.witnesses_differ})")
    print(f"agreement on those rounds:     {pct(t.both_same, t.both_n)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
