"""Re-pair every round of every tournament in a corpus folder and count agreements.

    python bench/corpus_agreement.py corpus/dutch2025 [--jobs 2] [--rules 2025]

Prints one line per disagreeing round and a summary with the time taken.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trfaudit.engine import EDITIONS, NoPairing, pair_round, round_input
from trfaudit.engine.recorded import recorded_round
from trfaudit.trf.reader import read


def check_file(args):
    path, rules = args
    t = read(path)
    edition = EDITIONS[rules]
    out = []
    start = time.perf_counter()
    for rnd in range(1, t.recorded_rounds() + 1):
        rec = recorded_round(t, rnd)
        want, want_bye = set(rec.boards), rec.bye
        try:
            got = pair_round(round_input(t, rnd), edition)
        except NoPairing as exc:
            out.append(f"{path} round {rnd}: no pairing ({exc})")
            continue
        pairs = {(b.white, b.black) for b in got.boards}
        if pairs != want or got.bye != want_bye:
            out.append(
                f"{path} round {rnd}: engine {sorted(pairs - want)} bye {got.bye}; "
                f"recorded {sorted(want - pairs)} bye {want_bye}"
            )
    return path, t.recorded_rounds(), out, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rules", default="2025")
    a = ap.parse_args()
    files = sorted(str(p) for p in Path(a.folder).glob("*.trf"))
    start = time.perf_counter()
    rounds = bad = 0
    slowest = []
    with ProcessPoolExecutor(a.jobs) as pool:
        for path, n, out, secs in pool.map(check_file, [(f, a.rules) for f in files]):
            rounds += n
            bad += len(out)
            slowest.append((secs, path))
            for line in out:
                print(line, flush=True)
    slowest.sort(reverse=True)
    print(
        f"{len(files)} files, {rounds} rounds, {rounds - bad} agree, {bad} differ, "
        f"{time.perf_counter() - start:.1f} s with {a.jobs} jobs; slowest: "
        + ", ".join(f"{Path(p).name} {s:.1f}s" for s, p in slowest[:3])
    )


if __name__ == "__main__":
    main()
