"""Every row of issue 11's speed table in one command.

    python bench/speed.py [--repeat 3] [--quick] [--rows pair,check,corpora,cli,generate]

Each row: the work, its target, the median wall time of ``--repeat`` runs, the peak memory
(resident set) of the process doing it, and whether the output is exact.  Every measurement
runs in a fresh process, so peak memory is that work's own.

Exactness: a re-paired round must equal the recorded one (pairs with colours and the bye).
``corpus/large/open1000-2025.trf`` and ``open500-2025.trf`` were paired by the reference
engine; ``corpus/large/open1000-gen-2025.trf`` was made by ``trfaudit generate`` with the
engine as it was before the speed work (commit f23308a), so each of its rounds is that
engine's pairing and the faster engine must reproduce it; ``open1000-draws-2025.trf`` was
generated and paired by the reference engine (bbpPairings v6.0.0) with many draws and
forfeits (``open1000-draws-2025.cfg``).  A ``check`` is exact when it
reports every round as matching; ``generate`` when its output re-checks clean.

``--quick`` pairs only a few rounds and skips the corpora (the test suite runs it on small
cases with ``--files``).

Bytecode: a ``pip install`` compiles the package's modules once; an editable checkout gets
its ``__pycache__`` on the first run, unless ``PYTHONDONTWRITEBYTECODE`` is set (it is on the
project's build machine), in which case every run compiles every module it imports again
(~0.15 s of a 10-player ``check``).  So by default the bench compiles the package first
(``compileall``, into the checkout's ``__pycache__`` folders) and says so in its first line;
``--bytecode as-found`` times the checkout as it is and says how many modules lack current
bytecode.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LARGE = ROOT / "corpus" / "large"
TRFAUDIT = [sys.executable, "-m", "trfaudit.checker.cli"]


@dataclass
class Row:
    work: str
    target: str
    seconds: float | None
    peak_mb: float | None
    exact: bool | None
    note: str = ""
    cpu: float | None = None  # CPU seconds (user + system): what load on a shared machine
    # inflates least

    def line(self) -> str:
        secs = "-" if self.seconds is None else f"{self.seconds:8.2f} s"
        if self.cpu is not None:
            secs += f" ({self.cpu:.2f} s CPU)"
        peak = "-" if self.peak_mb is None else f"{self.peak_mb:6.0f} MB"
        exact = {True: "exact", False: "DIFFERS", None: "-"}[self.exact]
        return f"| {self.work} | {self.target} | {secs} | {peak} | {exact} | {self.note} |"


def timed(cmd: list[str], repeat: int) -> tuple[float, float, list[int], list[str], float]:
    """Median time, largest peak memory, exit codes, outputs and median CPU time of
    ``repeat`` fresh runs."""
    times, peaks, codes, outs, cpus = [], [], [], [], []
    for _ in range(repeat):
        secs, peak, code, out = run_child(cmd)
        times.append(secs)
        codes.append(code)
        outs.append(out)
        peaks.append(peak)
        cpus.append(_last_cpu[0])
    return statistics.median(times), max(peaks), codes, outs, statistics.median(cpus)


_last_cpu = [0.0]  # CPU seconds of the last child run_child waited for


def run_child(cmd: list[str]) -> tuple[float, float, int, str]:
    """Run ``cmd`` and return (seconds, peak MB, exit code, stdout) of that process alone."""
    with tempfile.TemporaryFile("w+") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(
            cmd, stdout=out, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, cwd=ROOT
        )
        _, status, usage = os.wait4(proc.pid, 0)
        secs = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read()
    _last_cpu[0] = usage.ru_utime + usage.ru_stime
    return secs, usage.ru_maxrss / 1024, proc.returncode, text


# -- bytecode ------------------------------------------------------------------------------

#: The package's folders (the repository root is the package ``trfaudit``): not the tests,
#: the benches or the corpora's data.
_NOT_PACKAGE = re.compile(r"[/\\](tests|bench|\.git|\.venv|build|dist)[/\\]")


def package_sources() -> list[Path]:
    return [p for p in sorted(ROOT.rglob("*.py")) if not _NOT_PACKAGE.search(str(p))]


def lacks_bytecode(source: Path) -> bool:
    """No ``__pycache__`` file that Python would use for ``source`` (its header records the
    source's modification time and size; a hash-based one is taken as current)."""
    import importlib.util

    cached = Path(importlib.util.cache_from_source(str(source)))
    try:
        header = cached.read_bytes()[:16]
    except OSError:
        return True
    if len(header) < 16 or header[:4] != importlib.util.MAGIC_NUMBER:
        return True
    if int.from_bytes(header[4:8], "little") & 1:
        return False
    stat = source.stat()
    return (
        int.from_bytes(header[8:12], "little") != int(stat.st_mtime) & 0xFFFFFFFF
        or int.from_bytes(header[12:16], "little") != stat.st_size & 0xFFFFFFFF
    )


def bytecode_line(mode: str) -> str:
    """Prepare the package's bytecode as ``mode`` says and describe it (the table's second
    line)."""
    sources = package_sources()
    if mode == "compile":
        import compileall

        for source in sources:
            compileall.compile_file(str(source), quiet=2)
        missing = sum(lacks_bytecode(p) for p in sources)
        return (
            f"bytecode: compiled first ({len(sources) - missing} of {len(sources)} package "
            "modules, as pip install does)"
        )
    missing = sum(lacks_bytecode(p) for p in sources)
    if not missing:
        return f"bytecode: as found: all {len(sources)} package modules have current bytecode"
    flag = (
        " (PYTHONDONTWRITEBYTECODE is set: no run writes it)"
        if os.environ.get("PYTHONDONTWRITEBYTECODE")
        else " (the first run writes it)"
    )
    return (
        f"bytecode: as found: {missing} of {len(sources)} package modules have no current "
        f"bytecode: a run compiles those it imports{flag}"
    )


# -- pairing one round (run in a child process: ``speed.py --pair FILE ROUND``) -------------


def pair_child(path: str, rnd: int, repeat: int, rules: str, route: str = "classes") -> None:
    """Pair round ``rnd`` of ``path`` ``repeat`` times; print JSON: times, exact, and per
    run the matchings asked, the brackets and those the class route paired.  ``route``
    ``matchings``: the class route off (every bracket by matchings, as before it)."""
    import resource

    from trfaudit.engine import EDITIONS, NoPairing, matching, pair_round, round_input
    from trfaudit.engine.dutch import classes
    from trfaudit.engine.dutch.classes import ClassBracket
    from trfaudit.engine.recorded import recorded_round
    from trfaudit.trf.reader import read

    if route == "matchings":
        ClassBracket.min_players = 10**9

    def _run() -> int:  # the matchings run so far (not the cache hits)
        return sum(matching.stats[k] for k in matching.RUN)

    t = read(path)
    rec = recorded_round(t, rnd)
    times, cpus = [], []
    exact = True
    # The registry loads a system's modules on first use (engine.systems): load them before
    # timing, as the modules imported at start-up were before the restructure (issue 18).
    pair_round(round_input(t, 1), EDITIONS[rules])
    asked_before, taken_before = _run(), classes.stats["taken"]
    brackets = 0
    for _ in range(repeat):
        inp = round_input(t, rnd)
        start, cpu = time.perf_counter(), time.process_time()
        try:
            got = pair_round(inp, EDITIONS[rules])
            brackets += len(getattr(got.trace, "brackets", []))
        except NoPairing:
            exact = False
            continue
        finally:
            times.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
        exact = exact and (
            {(b.white, b.black) for b in got.boards} == set(rec.boards) and got.bye == rec.bye
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    from trfaudit import choose_edition

    if choose_edition(t)[0].name != rules:
        exact = None  # the file records another edition's pairings: timing only
    print(
        json.dumps(
            {
                "times": times,
                "cpus": cpus,
                "exact": exact,
                "peak": peak,
                "players": len(rec.boards) * 2 + (rec.bye is not None),
                "matchings": (_run() - asked_before) / max(1, repeat),
                "brackets": brackets / max(1, repeat),
                "by_classes": (classes.stats["taken"] - taken_before) / max(1, repeat),
            }
        )
    )


def pair_rows(path: Path, rounds: list[int], repeat: int, rules: str, target: str) -> Iterator[Row]:
    """One row per round, each paired in a fresh process."""
    for rnd in rounds:
        _, peak, code, out = run_child(
            [
                sys.executable,
                __file__,
                "--pair",
                str(path),
                str(rnd),
                "--repeat",
                str(repeat),
                "--rules",
                rules,
            ]
        )
        if code != 0:
            yield Row(f"pair {path.name} round {rnd}", target, None, peak, False, f"exit {code}")
            continue
        doc = json.loads(out)
        yield Row(
            f"pair {path.name} round {rnd} ({doc['players']} paired, {rules})",
            target,
            statistics.median(doc["times"]),
            doc["peak"],
            doc["exact"],
            "" if doc["exact"] is not None else "recorded by other rules: timing only",
            cpu=statistics.median(doc["cpus"]),
        )


def recorded_rounds(path: Path) -> int:
    from trfaudit.trf.reader import read

    return read(path).recorded_rounds()


# -- whole commands ----------------------------------------------------------------------


def check_row(work: str, target: str, args: list[str], repeat: int) -> Row:
    secs, peak, codes, outs, cpu = timed(TRFAUDIT + ["check"] + args, repeat)
    return Row(
        work,
        target,
        secs,
        peak,
        all(c == 0 for c in codes),
        "" if all(c == 0 for c in codes) else f"exit {codes[0]}",
        cpu,
    )


def cli_rows(repeat: int, small: Path) -> list[Row]:
    secs, peak, codes, _, cpu = timed(TRFAUDIT + ["--help"], repeat)
    rows = [Row("trfaudit --help", "<= 0.25 s", secs, peak, None, "", cpu)]
    rows.append(check_row(f"check {small.name} (10 players)", "<= 0.4 s", [str(small)], repeat))
    return rows


def generate_row(repeat: int, players: int, rounds: int) -> Row:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "gen.trf"
        secs, peak, codes, _, cpu = timed(
            TRFAUDIT
            + ["generate", "--players", str(players), "--rounds", str(rounds), "-o", str(out)],
            repeat,
        )
        # Exact: a re-check of what was generated finds every round as the engine pairs it.
        _, _, code, _ = run_child(TRFAUDIT + ["check", str(out)])
    return Row(
        f"generate --players {players} --rounds {rounds}",
        "<= 30 s",
        secs,
        peak,
        all(c == 0 for c in codes) and code == 0,
        "",
        cpu,
    )


def main() -> None:  # noqa: C901 - one benchmark's rows, each a measured case
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rules", default="2025")
    ap.add_argument("--rows", default="pair,check,corpora,cli,generate")
    ap.add_argument("--rounds", help="pair only these rounds of the 1,000-player files: 1,2,10")
    ap.add_argument(
        "--quick", action="store_true", help="rounds 1, 2 and the last only; no corpora"
    )
    ap.add_argument("--files", nargs="*", help="pair and check these files instead")
    ap.add_argument("--small", default=str(ROOT / "corpus" / "dutch2025" / "t000007.trf"))
    ap.add_argument("--generate", default="1000x11", help="PLAYERSxROUNDS for the generate row")
    ap.add_argument(
        "--bytecode",
        choices=("compile", "as-found"),
        default="compile",
        help="compile the package first (default, as pip install does) or time it as found",
    )
    ap.add_argument("--pair", nargs=2, metavar=("FILE", "ROUND"), help=argparse.SUPPRESS)
    ap.add_argument("--route", choices=("classes", "matchings"), default="classes")
    a = ap.parse_args()
    if a.pair:
        pair_child(a.pair[0], int(a.pair[1]), a.repeat, a.rules, a.route)
        return
    rows = set(a.rows.split(","))
    print(
        f"trfaudit speed, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{os.cpu_count()} cores, median of {a.repeat}, load average "
        f"{os.getloadavg()[0]:.1f} at the start"
    )
    print(bytecode_line(a.bytecode))
    print("| Work | Target | Time (median) | Peak memory | Output | Note |")
    print("|---|---|---|---|---|---|")
    if a.files:
        big = [Path(f) for f in a.files]
        mid: list[tuple[Path, str]] = []
    else:
        big = [
            LARGE / "open1000-2025.trf",
            LARGE / "open1000-gen-2025.trf",
            LARGE / "open1000-draws-2025.trf",
        ]
        mid = [
            (LARGE / "open500-2025.trf", "<= 0.3 s"),
            (ROOT / "corpus" / "dutch2025" / "t000277.trf", "<= 0.08 s"),
        ]
    if "pair" in rows:
        for path in big:
            last = recorded_rounds(path)
            rounds = sorted({1, 2, last}) if a.quick else list(range(1, last + 1))
            if a.rounds:
                rounds = [int(r) for r in a.rounds.split(",")]
            for row in pair_rows(path, rounds, a.repeat, a.rules, "<= 1.0 s, <= 500 MB"):
                print(row.line(), flush=True)
        for path, target in mid:
            last = recorded_rounds(path)
            for row in pair_rows(path, [last], a.repeat, a.rules, target):
                print(row.line(), flush=True)
    if "check" in rows:
        for path in big[:1]:
            for jobs, target in ((1, "<= 15 s"), (2, "<= 9 s")):
                print(
                    check_row(
                        f"check {path.name} --jobs {jobs}",
                        target,
                        [str(path), "--jobs", str(jobs)],
                        a.repeat,
                    ).line(),
                    flush=True,
                )
    if "corpora" in rows and not a.quick and not a.files:
        # Each corpus under the rules that paired it (dutch2017's files name neither an
        # edition nor a date: auto would choose the current one, 2025).
        parts = [
            check_row(
                "check corpus/dutch2025 --jobs 2",
                "",
                [str(ROOT / "corpus" / "dutch2025"), "--jobs", "2"],
                a.repeat,
            ),
            check_row(
                "check corpus/dutch2017 --rules 2017 --jobs 2",
                "",
                [str(ROOT / "corpus" / "dutch2017"), "--rules", "2017", "--jobs", "2"],
                a.repeat,
            ),
        ]
        total = Row(
            "check both corpora, --jobs 2 (4,586 rounds)",
            "<= 60 s",
            sum(r.seconds or 0 for r in parts),
            max(r.peak_mb or 0 for r in parts),
            all(r.exact for r in parts),
            " + ".join(f"{r.seconds:.1f} s" for r in parts if r.seconds is not None),
            sum(r.cpu or 0 for r in parts),
        )
        print(total.line(), flush=True)
    if "cli" in rows:
        for row in cli_rows(a.repeat, Path(a.small)):
            print(row.line(), flush=True)
    if "generate" in rows:
        players, rounds = (int(x) for x in a.generate.split("x"))
        print(generate_row(a.repeat, players, rounds).line(), flush=True)


if __name__ == "__main__":
    main()
