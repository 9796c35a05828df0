"""Hand-made tournaments for engine tests, written as TRF text."""

from __future__ import annotations

from fractions import Fraction

from trfaudit.trf.reader import parse

SCORE = {
    "1": Fraction(1),
    "=": Fraction(1, 2),
    "0": Fraction(0),
    "+": Fraction(1),
    "-": Fraction(0),
    "U": Fraction(1),
    "F": Fraction(1),
    "H": Fraction(1, 2),
    "Z": Fraction(0),
}


def tournament(
    history: dict[int, list[str]], total_rounds: int, extra: str = "", initial: str = "white1"
):
    """``history[tpn]`` holds one block per round: ``"5 w 1"``, ``"0000 - U"``, ... ."""
    lines = ["012 Test event"]
    for tpn in sorted(history):
        blocks = history[tpn]
        pts = sum(SCORE[b.split()[-1]] for b in blocks if b.strip())
        line = f"001 {tpn:4d}      Player{tpn:04d}".ljust(48) + f"{2500 - tpn:4d}"
        line = line.ljust(80) + f"{float(pts):4.1f}" + f"{tpn:5d}"
        for b in blocks:
            opp, colour, result = b.split()
            line += (
                f"  {int(opp):4d} {colour} {result}"
                if opp != "0000"
                else f"  0000 {colour} {result}"
            )
        lines.append(line)
    lines.append(f"XXR {total_rounds}")
    lines.append(f"XXC {initial}")
    if extra:
        lines.append(extra)
    return parse("\n".join(lines) + "\n", "<test>")
