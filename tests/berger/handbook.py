"""The Berger tables as printed in the FIDE Handbook (C.05 Annex 1), transcribed by hand:
one string per round, ``white-black`` per board, in the printed board order.  Odd fields use
the next table (the highest number is the bye)."""

from __future__ import annotations

PRINTED: dict[int, list[str]] = {
    4: [
        "1-4, 2-3",
        "4-3, 1-2",
        "2-4, 3-1",
    ],
    6: [
        "1-6, 2-5, 3-4",
        "6-4, 5-3, 1-2",
        "2-6, 3-1, 4-5",
        "6-5, 1-4, 2-3",
        "3-6, 4-2, 5-1",
    ],
    8: [
        "1-8, 2-7, 3-6, 4-5",
        "8-5, 6-4, 7-3, 1-2",
        "2-8, 3-1, 4-7, 5-6",
        "8-6, 7-5, 1-4, 2-3",
        "3-8, 4-2, 5-1, 6-7",
        "8-7, 1-6, 2-5, 3-4",
        "4-8, 5-3, 6-2, 7-1",
    ],
    10: [
        "1-10, 2-9, 3-8, 4-7, 5-6",
        "10-6, 7-5, 8-4, 9-3, 1-2",
        "2-10, 3-1, 4-9, 5-8, 6-7",
        "10-7, 8-6, 9-5, 1-4, 2-3",
        "3-10, 4-2, 5-1, 6-9, 7-8",
        "10-8, 9-7, 1-6, 2-5, 3-4",
        "4-10, 5-3, 6-2, 7-1, 8-9",
        "10-9, 1-8, 2-7, 3-6, 4-5",
        "5-10, 6-4, 7-3, 8-2, 9-1",
    ],
    12: [
        "1-12, 2-11, 3-10, 4-9, 5-8, 6-7",
        "12-7, 8-6, 9-5, 10-4, 11-3, 1-2",
        "2-12, 3-1, 4-11, 5-10, 6-9, 7-8",
        "12-8, 9-7, 10-6, 11-5, 1-4, 2-3",
        "3-12, 4-2, 5-1, 6-11, 7-10, 8-9",
        "12-9, 10-8, 11-7, 1-6, 2-5, 3-4",
        "4-12, 5-3, 6-2, 7-1, 8-11, 9-10",
        "12-10, 11-9, 1-8, 2-7, 3-6, 4-5",
        "5-12, 6-4, 7-3, 8-2, 9-1, 10-11",
        "12-11, 1-10, 2-9, 3-8, 4-7, 5-6",
        "6-12, 7-5, 8-4, 9-3, 10-2, 11-1",
    ],
}


def boards(row: str) -> list[tuple[int, int]]:
    """``"1-6, 2-5"`` -> ``[(1, 6), (2, 5)]``."""
    out = []
    for game in row.split(","):
        w, b = game.strip().split("-")
        out.append((int(w), int(b)))
    return out


def trf(
    players: int,
    rounds: list[list[tuple[int, int]]],
    code: str | None,
    names: dict[int, str] | None = None,
) -> str:
    """A TRF-16 file (plus ``192`` when ``code``) of ``players`` players who played ``rounds``
    (each a list of (white, black) starting numbers; a player in no pair of a round has the
    bye, ``0000 - U``).  Every game is a draw, so the points are easy to state."""
    blocks: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
    points = {p: 0.0 for p in blocks}
    for pairs in rounds:
        seen = set()
        for w, b in pairs:
            blocks[w].append(f"  {b:4d} w =")
            blocks[b].append(f"  {w:4d} b =")
            points[w] += 0.5
            points[b] += 0.5
            seen |= {w, b}
        for p in blocks:
            if p not in seen:
                blocks[p].append("  0000 - U")
                points[p] += 1
    lines = ["012 Hand-made round-robin", "042 2026/03/01", f"062 {players}"]
    if code:
        lines.append(f"192 {code}")
    for p in range(1, players + 1):
        name = (names or {}).get(p, f"Player {p}")
        rating = 2400 - 10 * p
        lines.append(
            f"001 {p:4d} m    {name:<33} {rating:4d} FID {p:>11} 2000/01/01 {points[p]:4.1f} {p:4d}"
            + "".join(blocks[p])
        )
    return "\n".join(lines) + "\n"
