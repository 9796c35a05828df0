"""Small hand-made Dubov tournaments as TRF text (the columns of TRF-16)."""

from __future__ import annotations

RATINGS = {1: 2400, 2: 2300, 3: 2200, 4: 2100, 5: 2000, 6: 1900}


def line(tpn: int, rating: int, points: str, blocks: list[str]) -> str:
    head = f"001 {tpn:4d}      {'Player ' + str(tpn):<33} {rating:4d}     {tpn:11d} 2000/01/01 {points:>4} {tpn:4d}"
    return head + "".join(f"  {b}" for b in blocks)


def six_after_round_1() -> str:
    """Round 1 played as the text pairs it (1-4, 5-2, 3-6): 1 beat 4, 5 drew 2, 3 beat 6."""
    rows = {
        1: ("1.0", ["0004 w 1"]),
        2: ("0.5", ["0005 b ="]),
        3: ("1.0", ["0006 w 1"]),
        4: ("0.0", ["0001 b 0"]),
        5: ("0.5", ["0002 w ="]),
        6: ("0.0", ["0003 b 0"]),
    }
    out = ["012 hand-made Dubov", "XXR 5", "XXC white1"]
    out += [line(t, RATINGS[t], pts, blocks) for t, (pts, blocks) in rows.items()]
    return "\n".join(out) + "\n"


def six_before_round_1() -> str:
    out = ["012 hand-made Dubov", "XXR 5", "XXC white1"]
    out += [line(t, RATINGS[t], "0.0", []) for t in RATINGS]
    return "\n".join(out) + "\n"


def five(round_2: list[str] | None = None) -> str:
    """Five players; round 1 as the text pairs it: PAB 5 (Art. 3.1.5), 1-3 (1 won), 4-2
    (drawn).  ``round_2``: the blocks of round 2 by TPN order, when recorded."""
    r1 = {1: "0003 w 1", 2: "0004 b =", 3: "0001 b 0", 4: "0002 w =", 5: "0000 - U"}
    pts1 = {1: 1.0, 2: 0.5, 3: 0.0, 4: 0.5, 5: 1.0}
    out = ["012 hand-made Dubov", "XXR 5", "XXC white1", "192 FIDE_DUBOV"]
    for t in range(1, 6):
        blocks = [r1[t]] + ([round_2[t - 1]] if round_2 else [])
        pts = pts1[t] + (_points(round_2[t - 1]) if round_2 else 0)
        out.append(line(t, RATINGS[t], f"{pts:.1f}", blocks))
    return "\n".join(out) + "\n"


def _points(block: str) -> float:
    return {"1": 1.0, "+": 1.0, "U": 1.0, "=": 0.5, "H": 0.5}.get(block[-1], 0.0)


def six(round_2: list[str]) -> str:
    """:func:`six_after_round_1` with round 2 recorded (blocks by TPN order)."""
    base = six_after_round_1().splitlines()
    out = []
    for row in base:
        if row.startswith("001"):
            tpn = int(row[4:8])
            pts = float(row[80:84]) + _points(round_2[tpn - 1])
            row = row[:80] + f"{pts:4.1f}" + row[84:] + "  " + round_2[tpn - 1]
        out.append(row)
    return "\n".join(out + ["192 FIDE_DUBOV"]) + "\n"
