"""Time the pairing of one round for fields of about 50, 200, 500 and 1,000 players.

    python bench/pair_bench.py [--repeat 3] [--only 1000]

Each line: file, round, players, best wall time over the repeats, peak memory of the process,
and how many matchings were solved.  The files are the project's corpus copies; the round is
the last recorded one, re-paired from the rounds before it.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trfaudit.engine import (  # noqa: E402
    matching,
    pair_round,
    round_input,
)
from trfaudit.trf.reader import read  # noqa: E402

CASES = {
    "50": ROOT / "corpus" / "dutch2025" / "t000134.trf",
    "200": ROOT / "corpus" / "dutch2025" / "t000277.trf",
    "500": ROOT / "corpus" / "large" / "open500-2025.trf",
    "1000": ROOT / "corpus" / "large" / "open1000-2025.trf",
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", choices=list(CASES))
    ap.add_argument("--round", type=int, default=None)
    a = ap.parse_args()
    for size, path in CASES.items():
        if a.only and size != a.only:
            continue
        t = read(path)
        rnd = a.round or t.recorded_rounds()
        best = None
        for _ in range(a.repeat):
            before = dict(matching.stats)
            start = time.perf_counter()
            pair_round(round_input(t, rnd))
            secs = time.perf_counter() - start
            solved = {k: matching.stats[k] - before[k] for k in before}
            best = secs if best is None else min(best, secs)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"{path.name:22} round {rnd:2}  {len(t.players):5} players  {best:7.2f} s  "
            f"peak {peak:6.0f} MB  matchings {solved}",
            flush=True,
        )


if __name__ == "__main__":
    main()
