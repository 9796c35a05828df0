"""A tournament generator for the ``conform --reverse`` tests (run as a script).

``fake_generator.py MODE CONFIG OUT SEED`` reads the generator keys in CONFIG, makes the
tournament with trfaudit's own generator and writes it to OUT as TRF-16; MODE ``nonreciprocal``
then makes player 1's round-1 opponent someone who did not play them, ``points`` gives player
1 a point more than their results.
"""

from __future__ import annotations

import sys


def main(mode: str, config: str, out: str, seed: str) -> int:
    from trfaudit.corpus.config import load_config
    from trfaudit.corpus.generator import generate
    from trfaudit.trf.writer import write

    g = generate(load_config(config), int(seed))
    t = g.tournament
    if mode == "nonreciprocal":
        e = t.players[1].entries[0]
        e.opponent = next(p for p in t.players if p not in (1, e.opponent))
    if mode == "points":
        t.players[1].points = (t.players[1].points or 0) + 1
    with open(out, "w") as f:
        f.write(write(t, "trf16", warnings=[]))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
