"""Time the TRF parser on the largest corpus file.

Usage: python3 bench/parse_bench.py [FILE] [--repeat N]

Prints the cold time (first parse in this process, including building the LALR parser from
grammar.lark) and the best of N warm parses.  The budget for
corpus/large/open1000-2025.trf (1,000 players x 11 rounds) is 0.5 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trfaudit.trf.reader import parse  # noqa: E402

BUDGET = 0.5


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", default=str(ROOT / "corpus/large/open1000-2025.trf"))
    ap.add_argument("--repeat", "-n", type=int, default=10)
    args = ap.parse_args()
    data = Path(args.file).read_bytes()

    start = time.perf_counter()
    t = parse(data, args.file)
    cold = time.perf_counter() - start

    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        parse(data, args.file)
        times.append(time.perf_counter() - start)
    best = min(times)
    print(
        f"file:   {args.file} ({len(data):,} bytes, {len(t.players)} players, "
        f"{t.recorded_rounds()} rounds)"
    )
    print(f"cold:   {cold * 1000:7.1f} ms  (first parse, includes building the parser)")
    print(f"best:   {best * 1000:7.1f} ms  (best of {args.repeat})")
    print(f"median: {sorted(times)[len(times) // 2] * 1000:7.1f} ms")
    print(f"budget: {BUDGET * 1000:7.1f} ms  -> {'ok' if cold <= BUDGET else 'OVER BUDGET'}")
    return 0 if cold <= BUDGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
