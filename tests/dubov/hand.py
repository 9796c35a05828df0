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
