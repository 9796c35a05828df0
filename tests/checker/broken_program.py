"""A pairing program that is right, then broken on purpose (a test fixture, run as a script).

``broken_program.py ANSWERS MODE IN OUT``: the pairing is the rules' one, looked up in the JSON
file ANSWERS (the test writes it from trfaudit's own pairings, keyed by the input text), or
made by trfaudit's engine for an input not there.  From round ``FROM`` on (3; the pre-flight
round is round 2), MODE alters it:

colour (board 1's colours swapped), opponent (boards 1 and 2 swap black players), pab (the
PAB given to the last board's black player), crash (exit 3), garbage, count (one pair more
announced than written), nooutput (exit 0, no file), stdout (the list on stdout, not in OUT),
stdout-always (from round 1), hang (sleeps 150 s with a child that sleeps too; its pid goes to
``OUT.child``), absent (an absent player paired), nopairing (exit 1: "no valid pairing"),
directory (OUT made a directory), missing (the last board left out), reversed (the boards
in reverse order), good (never altered).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time

FROM = 3


def rules_answer(text: str, answers_file: str) -> dict[str, object]:
    key = hashlib.sha256(text.encode()).hexdigest()
    with open(answers_file) as f:
        answers = json.load(f)
    if key in answers:
        return answers[key]  # type: ignore[no-any-return]
    from trfaudit.engine import NoPairing, pair_round, round_input
    from trfaudit.trf.reader import read

    t = read(sys.argv[3])
    rnd = t.recorded_rounds() + 1
    absent = sorted(t.absent_next)
    try:
        p = pair_round(round_input(t, rnd))
    except NoPairing:
        return {"round": rnd, "none": True, "absent": absent}
    return {
        "round": rnd,
        "boards": [[b.white, b.black] for b in p.boards],
        "bye": p.bye,
        "absent": absent,
    }


def main(answers_file: str, mode: str, infile: str, outfile: str) -> int:
    with open(infile, encoding="utf-8") as f:
        text = f.read()
    a = rules_answer(text, answers_file)
    rnd = int(a["round"])  # type: ignore[call-overload]
    bad = rnd >= FROM or mode == "stdout-always"
    if a.get("none"):
        print("No valid pairing exists", file=sys.stderr)
        return 1
    boards = [tuple(b) for b in a["boards"]]  # type: ignore[union-attr]
    bye = a["bye"]
    if bad and mode == "crash":
        print("broken program: crashing on purpose\nsecond line of the trace", file=sys.stderr)
        return 3
    if bad and mode == "hang":
        child = subprocess.Popen(["sleep", "150"])
        with open(outfile + ".child", "w") as f:
            f.write(str(child.pid))
        time.sleep(150)
    if bad and mode == "nopairing":
        print("No valid pairing exists", file=sys.stderr)
        return 1
    if bad and mode == "directory":
        os.mkdir(outfile)
        return 0
    if bad and mode == "nooutput":
        return 0
    if bad and mode == "garbage":
        with open(outfile, "w") as f:
            f.write("this is not a pairing\n")
        return 0
    if bad and mode == "colour":
        boards[0] = boards[0][::-1]
    if bad and mode == "opponent" and len(boards) >= 2:
        (w1, b1), (w2, b2) = boards[0], boards[1]
        boards[0], boards[1] = (w1, b2), (w2, b1)
    if bad and mode == "pab" and bye is not None:
        w, b = boards[-1]
        boards[-1], bye = (w, bye), b
    if bad and mode == "absent" and a["absent"]:
        first = a["absent"][0]  # type: ignore[index]
        w, b = boards[-1]
        boards[-1] = (w, first)
    if bad and mode == "missing":
        boards.pop()
    if bad and mode == "reversed":
        boards.reverse()
    lines = [f"{w} {b}" for w, b in boards] + ([f"{bye} 0"] if bye is not None else [])
    count = len(lines) + (1 if bad and mode == "count" else 0)
    listing = f"{count}\n" + "".join(line + "\n" for line in lines)
    if bad and mode.startswith("stdout"):
        sys.stdout.write(listing)
        return 0
    with open(outfile, "w") as f:
        f.write(listing)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
