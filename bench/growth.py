"""How the cost of pairing one round grows with the field.

    python bench/growth.py [--players 1000,2000,4000] [--round 2] [--seed 7] [--keep DIR]
                           [--route classes|matchings|both] [--rules 2025|2017|2012]

For each size N, ``trfaudit generate --players N --rounds R`` makes an open (ratings like an
open's, draws and results from the expected-score curve) whose last round R the engine then
pairs again in a fresh process: wall and CPU time of that one round, the peak memory (resident
set) of the process, the matchings the round asked per bracket, how many brackets the class
route paired (engine.dutch.classes), and whether the pairing equals the generated one.  Round
2 is the heaviest round of an open (two scoregroups of about N/2 players each, every pair
legal); later rounds have more, smaller brackets.  ``--route matchings`` pairs with the class
route off (every bracket by matchings, the engine before it); ``both`` gives both rows.  The
last column is the cost's growth over the size before (CPU).  Generating the earlier rounds
takes longer than the timed round; ``--keep DIR`` keeps the files for another run.
``--rules`` pairs the round under another edition (the files are generated under 2025, so
they are then timed only).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TRFAUDIT = [sys.executable, "-m", "trfaudit.checker.cli"]

SPEED = Path(__file__).resolve().parent / "speed.py"  # its --pair child times one round


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", default="1000,2000,4000")
    ap.add_argument("--round", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--keep", help="keep (and reuse) the generated files in this folder")
    ap.add_argument("--route", choices=("classes", "matchings", "both"), default="classes")
    ap.add_argument("--rules", default="2025", choices=("2025", "2017", "2012"))
    a = ap.parse_args()
    folder = Path(a.keep) if a.keep else Path(tempfile.mkdtemp(prefix="trfaudit-growth-"))
    folder.mkdir(parents=True, exist_ok=True)
    routes = ["matchings", "classes"] if a.route == "both" else [a.route]
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"trfaudit growth, {when}, round {a.round}, {a.rules} rules")
    print(
        "| Players | Route | Wall | CPU | Peak memory | Matchings per bracket "
        "| Brackets by classes | Same as generated | Growth |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    last: dict[str, float] = {}
    for n in (int(x) for x in a.players.split(",")):
        path = folder / f"open{n}-r{a.round}-s{a.seed}.trf"
        if not path.exists():
            gen = [*TRFAUDIT, "generate", "--players", str(n), "--rounds", str(a.round)]
            subprocess.run([*gen, "--seed", str(a.seed), "-o", str(path)], check=True)
        for route in routes:
            child = [sys.executable, str(SPEED), "--pair", str(path), str(a.round)]
            out = subprocess.run(
                [*child, "--repeat", "1", "--route", route, "--rules", a.rules],
                check=True,
                capture_output=True,
                text=True,
            )
            r = json.loads(out.stdout)
            cpu = r["cpus"][0]
            growth = f"{cpu / last[route]:.1f}x" if route in last else "-"
            last[route] = cpu
            per = r["matchings"] / max(1.0, r["brackets"])
            # The generated files are the 2025 rules' pairings: under another edition the
            # round is timed only (speed.py says so with ``exact`` None).
            same = {True: "yes", False: "NO", None: "(timing only)"}[r["exact"]]
            print(
                f"| {n:,} | {route} | {r['times'][0]:.2f} s | {cpu:.2f} s "
                f"| {r['peak']:.0f} MB | {per:.1f} ({r['matchings']:.0f} in {r['brackets']:.0f}) "
                f"| {r['by_classes']:.0f} | {same} | {growth} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
