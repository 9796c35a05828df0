"""Time ``trfaudit explain`` on a 200-player round (targets: one player <= 1 s, the whole
round <= 5 s).

    python bench/explain_speed.py [--repeat 3] [--file F] [--round N] [--players K]

Prints, for the last recorded round of the file (the corpus's 218-player t000277 by
default): the engine's plain pairing time, the whole round's explanation, and one player's
(K players spread over the ranking, each timed alone), best of the repeats.  Timings on a
loaded machine are not the targets' measure: say the load with the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import trfaudit  # noqa: E402 - after the sys.path entry above


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--file", default=str(ROOT / "corpus" / "dutch2025" / "t000277.trf"))
    ap.add_argument("--round", type=int, default=None)
    ap.add_argument("--players", type=int, default=5)
    a = ap.parse_args()
    t = trfaudit.read(a.file)
    rnd = a.round or t.recorded_rounds()
    print(f"{Path(a.file).name} round {rnd}, {len(t.players)} players; load {os.getloadavg()}")
    print(f"pair (engine only)   {best(lambda: trfaudit.pair(t, rnd), a.repeat):6.2f} s")
    whole = best(lambda: trfaudit.explain(t, rnd), a.repeat)
    print(f"explain whole round  {whole:6.2f} s   (target 5 s)")
    tpns = sorted(t.players)
    step = max(1, len(tpns) // a.players)
    worst = 0.0
    for tpn in tpns[::step][: a.players]:
        one = best(lambda p=tpn: trfaudit.explain(t, rnd, player=p), a.repeat)
        worst = max(worst, one)
        print(f"explain player {tpn:4d}  {one:6.2f} s")
    print(f"explain one player, worst of {a.players}: {worst:.2f} s   (target 1 s)")


if __name__ == "__main__":
    main()
