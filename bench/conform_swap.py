"""A pairing program that is wrong on purpose, to test ``trfaudit conform`` finds every fault.

    python3 bench/conform_swap.py LOG CMD... {in} {out}

runs the pairing program ``CMD {in} {out}`` and then, in one round in 20 (chosen by the SHA-256
of the input file, so a rerun alters the same rounds), swaps the opponents of two of its boards
(``a-b, c-d`` becomes ``a-d, c-b``; the boards drawn by the same hash).  Each altered round is
appended to LOG as ``<sha256 of the input> <board> <board>``, so that a run can be compared with
the discrepancies ``conform`` reports (every altered round must be among them).

    trfaudit conform --engine 'python3 bench/conform_swap.py swaps.log \\
        /work/scratch/bbp/v6/bbpPairings.exe --dutch {in} -p {out}' --count 200 --mix -o out
    python3 bench/conform_swap.py --verify swaps.log out     # exit 1 if an altered round is missed
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

ONE_IN = 20


def preflight_digests() -> set[str]:
    """The SHA-256 of the pre-flight round's input, under either edition."""
    from trfaudit.checker.conform.cutfile import round_file
    from trfaudit.checker.conform.preflight import PLAYERS, ROUND, SEED
    from trfaudit.corpus.config import GeneratorConfig
    from trfaudit.corpus.generator import generate

    out = set()
    for rules in ("2025", "2017"):
        g = generate(GeneratorConfig(players=PLAYERS, rounds=3, rules=rules), SEED)
        text = round_file(g.tournament, ROUND)
        out.add(hashlib.sha256(text.encode("utf-8")).hexdigest())
    return out


def verify(log: str, out_dir: str) -> int:
    """Compare the altered rounds in LOG with the rounds ``conform`` kept in OUT_DIR/rounds."""
    import json

    altered = {line.split()[0] for line in Path(log).read_text().splitlines() if line.strip()}
    altered -= preflight_digests()  # the pre-flight round checks the list's form only
    kept = {}
    for trf in Path(out_dir, "rounds").glob("*/input.trf"):  # one replay folder per round
        entry = json.loads(trf.with_name("finding.json").read_text())
        kept[hashlib.sha256(trf.read_bytes()).hexdigest()] = entry
    missed = altered - set(kept)
    classes: dict[str, int] = {}
    for digest in altered & set(kept):
        for finding in kept[digest].get("findings", []):
            key = f"{finding['class']} {finding['kind']} {finding['criterion']}"
            classes[key] = classes.get(key, 0) + 1
    print(f"{len(altered)} rounds altered, {len(altered) - len(missed)} found")
    print(f"{len(set(kept) - altered)} other rounds kept (differing or failed)")
    print(
        "findings on the altered rounds: "
        + ", ".join(f"{k} {v}" for k, v in sorted(classes.items()))
    )
    return 1 if missed else 0


def main(argv: list[str]) -> int:
    if argv[0] == "--verify":
        return verify(argv[1], argv[2])
    log, command = argv[0], argv[1:]
    # the program's {in} and {out} are its arguments: the input is the first existing file
    # (conform removes {out} before each run), the output the last argument
    infile = next(Path(a) for a in command[1:] if Path(a).is_file())
    outfile = Path(command[-1])
    done = subprocess.run(command, check=False)
    if done.returncode != 0:
        return done.returncode
    digest = hashlib.sha256(infile.read_bytes()).hexdigest()
    number = int(digest, 16)
    if number % ONE_IN:
        return 0
    lines = outfile.read_text().split()
    count = int(lines[0])
    boards = [(lines[1 + 2 * i], lines[2 + 2 * i]) for i in range(count)]
    games = [i for i, (_, b) in enumerate(boards) if b != "0"]
    if len(games) < 2:
        return 0
    k = (number // ONE_IN) % len(games)
    offset = 1 + (number // ONE_IN // len(games)) % (len(games) - 1)
    i, j = games[k], games[(k + offset) % len(games)]
    (a, b), (c, d) = boards[i], boards[j]
    boards[i], boards[j] = (a, d), (c, b)
    outfile.write_text(f"{count}\n" + "".join(f"{w} {x}\n" for w, x in boards))
    with open(log, "a") as sink:
        sink.write(f"{digest} {i + 1} {j + 1}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
