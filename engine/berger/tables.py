"""The Berger tables (C.05 Annex 1): who meets whom, with which colour, in each round.

For ``N`` players (``N`` even; an odd field adds a dummy ``N``, and whoever meets him has the
bye: C.05 Annex 1, "if there is an odd number of players, the highest number counts as a
bye") the table has ``N - 1`` rounds of ``N / 2`` boards.  With ``M = N - 1`` and the
numbers ``1 .. M`` read modulo ``M``, round ``r`` is:

* board 1: ``N`` against the player ``p`` with ``2p = r + 1 (mod M)``; ``p`` has White in an
  odd round, ``N`` in an even one;
* board ``k`` (``2 .. N/2``): ``p + (k - 1)`` with White against ``p - (k - 1)``.

This closed form is the printed tables' rotation written out; ``tests/berger`` compares it
with the Handbook's tables transcribed by hand.

>>> [f"{b.white}-{b.black}" for b in table_round(6, 2)]
['6-4', '5-3', '1-2']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class TableBoard:
    """One board of a table round: its number and the table numbers of White and Black."""

    board: int
    white: int
    black: int


def table_size(players: int) -> int:
    """The table for ``players`` players: the next even number (C.05 Annex 1: the dummy)."""
    return players + players % 2


def pivot(size: int, r: int) -> int:
    """The table number that meets ``size`` in table round ``r``: ``2p = r + 1 (mod size-1)``."""
    m = size - 1
    return next(i for i in range(1, m + 1) if (2 * i - r - 1) % m == 0)


@cache
def table_round(size: int, r: int) -> tuple[TableBoard, ...]:
    """Round ``r`` (``1 .. size-1``) of the Berger table for ``size`` (even) players, in board
    order (C.05 Annex 1)."""
    if size < 2 or size % 2:
        raise ValueError(f"a Berger table has an even number of players, not {size}")
    if not 1 <= r < size:
        raise ValueError(f"the Berger table for {size} players has rounds 1..{size - 1}, not {r}")
    m = size - 1
    p = pivot(size, r)

    def number(x: int) -> int:
        return (x - 1) % m + 1

    first = TableBoard(1, p, size) if r % 2 else TableBoard(1, size, p)
    rest = (TableBoard(k, number(p + k - 1), number(p - k + 1)) for k in range(2, size // 2 + 1))
    return (first, *rest)


def table(size: int) -> tuple[tuple[TableBoard, ...], ...]:
    """Every round of the table for ``size`` players, round 1 first."""
    return tuple(table_round(size, r) for r in range(1, size))
