"""Pairing every round of a long event, round by round, with the matchings each round asks.

    python bench/long_event.py [FILE] [--rules 2025] [--rounds 30-51]

Default FILE: ``corpus/peers/lexisvar-caissify_pairings/tests/fixtures/misc_edge_case_2.trf``
(80 players, 51 rounds: late rounds are mostly rematches, so brackets gather many MDPs of
many scores and their criteria outgrow rustworkx's 126 bits).  Each round is paired in this
process; its line gives the CPU time (steadier than wall time on a shared machine), the
matchings asked (rustworkx and wide weighted ones, cardinality ones; ``by_duals``: the
questions of wide brackets answered from their first matching's duals, each with a rustworkx
matching counted there too) and whether the pairing equals the recorded one.  The last line sums them.

The generated long event, 100 players x 60 rounds (``trfaudit generate --players 100
--rounds 60 --seed 1``, its rounds this engine's own pairings):

    python bench/long_event.py corpus/large/long100x60-2025.trf

With ``--reference EXE`` (a bbpPairings build, never a project dependency), the whole file's
check is then timed both ways on this machine, in turn (``--repeat`` times, the best CPU of
each): ``trfaudit check FILE --rules R`` and the reference's ``--dutch COPY -c`` on the file
converted to ``trfx`` (bbp reads no TRF-2026 ``162``).  Their ratio is steadier than either
time on a shared machine whose speed swings.  Issue 32 sets both its targets against
bbpPairings v6's check of this file (1.7 s): give v6 for either ``--rules``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LONG = ROOT / "corpus/peers/lexisvar-caissify_pairings/tests/fixtures/misc_edge_case_2.trf"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", default=str(LONG))
    ap.add_argument("--rules", default="2025")
    ap.add_argument("--rounds", help="FIRST-LAST (default: every recorded round)")
    ap.add_argument("--reference", help="a bbpPairings executable: time the file's check both ways")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each check (default 3)")
    a = ap.parse_args()

    from trfaudit.engine import EDITIONS, matching, pair_round, round_input
    from trfaudit.engine.recorded import recorded_round
    from trfaudit.trf.reader import read

    t = read(a.file)
    first, last = 1, t.recorded_rounds()
    if a.rounds:
        first, last = (int(x) for x in a.rounds.split("-"))
    pair_round(round_input(t, 1), EDITIONS[a.rules])  # the system's modules loaded first
    kinds = ("rustworkx", "wide", "by_duals", "cardinality")
    total = dict.fromkeys(kinds, 0)
    cpu_total, exact_rounds, slowest = 0.0, 0, (0.0, 0)
    print(f"{Path(a.file).name}, rules {a.rules}, rounds {first}-{last}")
    print("round  cpu s  " + "  ".join(kinds) + "  exact")
    for rnd in range(first, last + 1):
        inp = round_input(t, rnd)
        before = dict(matching.stats)
        cpu = time.process_time()
        got = pair_round(inp, EDITIONS[a.rules])
        cpu = time.process_time() - cpu
        asked = {k: matching.stats[k] - before[k] for k in kinds}
        rec = recorded_round(t, rnd)
        exact = {(b.white, b.black) for b in got.boards} == set(rec.boards) and got.bye == rec.bye
        exact_rounds += exact
        cpu_total += cpu
        slowest = max(slowest, (cpu, rnd))
        for k in kinds:
            total[k] += asked[k]
        counts = "  ".join(f"{asked[k]:{len(k)}d}" for k in kinds)
        print(f"{rnd:5d}  {cpu:5.2f}  {counts}  {'yes' if exact else 'no'}", flush=True)
    counts = "  ".join(f"{total[k]:{len(k)}d}" for k in kinds)
    print(
        f"total  {cpu_total:5.2f}  {counts}  {exact_rounds}/{last - first + 1} exact; "
        f"slowest round {slowest[1]} ({slowest[0]:.2f} s)"
    )
    if a.reference:
        compare_checks(a.file, a.rules, a.reference, a.repeat)
    sys.exit(0 if exact_rounds == last - first + 1 else 1)


def child_cpu(cmd: list[str]) -> float:
    """The CPU time (user + system) of running ``cmd`` to its end, its output discarded."""
    before = os.times()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = os.times()
    return (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )


def compare_checks(file: str, rules: str, reference: str, repeat: int) -> None:
    """The whole file's check by trfaudit and by the reference, in turn, best CPU of each."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = str(Path(tmp) / "reference.trf")
        cli = [sys.executable, "-m", "trfaudit.checker.cli"]
        subprocess.run([*cli, "convert", file, "--to", "trfx", "-o", copy], check=True,
                       stderr=subprocess.DEVNULL)  # fmt: skip
        ours, theirs = [], []
        for _ in range(repeat):
            ours.append(child_cpu([*cli, "check", file, "--rules", rules]))
            theirs.append(child_cpu([reference, "--dutch", copy, "-c"]))
    best, ref = min(ours), min(theirs)
    ratio = f"ratio {best / ref:.2f}" if ref > 0 else "no ratio (the reference took no CPU time)"
    print(
        f"check, whole file, CPU (best of {repeat}): trfaudit {best:.2f} s, reference "
        f"{ref:.2f} s, {ratio} (issue 32's targets against bbpPairings v6: "
        "2025 2.0/1.7 = 1.18, 2017 5.0/1.7 = 2.94)"
    )


if __name__ == "__main__":
    main()
