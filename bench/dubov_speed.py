"""Time one Dubov round of a 200-player tournament (the benchmark row of C.04.4.1).

    python bench/dubov_speed.py [--players 200] [--rounds 9] [--round 5] [--seed 11]

generates a Dubov tournament with trfaudit's own generator (``generate --system dubov``),
then pairs round ``--round`` from the rounds before it three times and prints the best wall
time and the CPU time of that run (CPU time is the figure to read on a loaded machine).
"""

from __future__ import annotations

import argparse
import time

from trfaudit.engine.dubov.generate import generate_text
from trfaudit.engine.dubov.pairer import pair_round
from trfaudit.engine.history import round_input
from trfaudit.trf.reader import parse


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--round", type=int, default=5)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    t = parse(generate_text(args.players, args.rounds, args.seed))
    inp = round_input(t, args.round)
    best = (float("inf"), 0.0)
    for _ in range(3):
        wall, cpu = time.perf_counter(), time.process_time()
        pair_round(inp)
        best = min(best, (time.perf_counter() - wall, time.process_time() - cpu))
    print(
        f"Dubov, {args.players} players, round {args.round} of {args.rounds}: "
        f"{best[0]:.3f} s wall, {best[1]:.3f} s CPU"
    )


if __name__ == "__main__":
    main()
