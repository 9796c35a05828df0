"""A fake pairing program for the ``trfaudit conform`` tests (run as a script).

``fake_engine.py MODE IN OUT`` pairs the round after the last one in IN with trfaudit's own
engine and writes the JaVaFo list to OUT, except where MODE says otherwise:

* ``good``: always the engine's pairing.
* ``mixed``: round 2 crashes (exit 3), round 3 hangs (120 s: longer than the test timeout, 15 s, which also leaves a loaded machine time to start Python), round 4
  writes garbage, round 5 swaps the opponents of the first two boards; others are good.
"""

from __future__ import annotations

import sys
import time


def main(mode: str, infile: str, outfile: str) -> int:
    from trfaudit.engine import pair_round, round_input
    from trfaudit.trf.reader import read

    t = read(infile)
    rnd = t.recorded_rounds() + 1
    if mode == "mixed" and rnd == 2:
        print("fake engine: crashing on purpose", file=sys.stderr)
        return 3
    if mode == "mixed" and rnd == 3:
        time.sleep(120)
    if mode == "mixed" and rnd == 4:
        with open(outfile, "w") as out:
            out.write("this is not a pairing\n")
        return 0
    pairing = pair_round(round_input(t, rnd))
    boards = [(b.white, b.black) for b in pairing.boards]
    if mode == "mixed" and rnd == 5 and len(boards) >= 2:
        (a, b), (c, d) = boards[0], boards[1]
        boards[0], boards[1] = (a, d), (c, b)
    lines = [f"{w} {b}" for w, b in boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    with open(outfile, "w") as out:
        out.write(f"{len(lines)}\n" + "".join(line + "\n" for line in lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
