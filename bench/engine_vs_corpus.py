"""How often a pairing program pairs the recorded rounds of a corpus folder differently.

    python3 bench/engine_vs_corpus.py FOLDER 'CMD {in} {out}' [--limit N] [--timeout S]

For every file and round r, the program gets rounds 1..r-1 with round r's byes
(:func:`checker.conform.cutfile.round_file`) and its list is compared with the recorded round
(same boards, colours and bye).  Prints the rounds compared, how many differ, and the failures.
With bbpPairings v5.0.1 (2017 rules) on ``corpus/dutch2025`` (paired by v6.0.0, 2025 rules)
this measures the edition gap.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from trfaudit.checker.conform.cutfile import round_file
from trfaudit.checker.conform.engine_cmd import run_engine
from trfaudit.checker.conform.judge import recorded_pairing, same_pairing
from trfaudit.engine.history import infer_initial_colour
from trfaudit.trf.reader import read


def main(argv: list[str]) -> int:
    folder, command = Path(argv[0]), argv[1]
    limit = int(argv[argv.index("--limit") + 1]) if "--limit" in argv else None
    timeout = float(argv[argv.index("--timeout") + 1]) if "--timeout" in argv else 60.0
    files = sorted(folder.glob("*.trf"))[:limit]
    rounds = differ = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        infile, outfile = Path(tmp) / "in.trf", Path(tmp) / "out.txt"
        for path in files:
            t = read(path)
            # the corpus files state neither (corpus/README.md): the rounds they hold, and
            # the colour round 1 shows (what bbpPairings infers from a complete file)
            t.total_rounds = t.total_rounds or t.recorded_rounds()
            t.initial_colour = t.initial_colour or infer_initial_colour(t, sorted(t.players))
            for rnd in range(1, t.recorded_rounds() + 1):
                infile.write_text(round_file(t, rnd))
                run = run_engine(command, infile, outfile, timeout)
                rounds += 1
                if run.pairing is None:
                    failed += 1
                    print(f"{path.name} round {rnd}: {run.failure}: {run.detail}")
                elif not same_pairing(run.pairing, recorded_pairing(t, rnd)):
                    differ += 1
    share = 100 * differ / rounds if rounds else 0.0
    print(f"{len(files)} files, {rounds} rounds: {differ} differ ({share:.1f} %), {failed} failed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
