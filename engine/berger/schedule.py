"""Which table round a tournament round plays, and with which colours (C.05 Annex 1).

Round ``r`` of the tournament is in cycle ``(r - 1) // M + 1`` (``M = N - 1`` rounds a cycle)
and plays table round ``(r - 1) % M + 1``; every second cycle reverses the colours.  Under
an edition that switches the first cycle's last two rounds (``berger-fide``), when the
tournament has two cycles or more, rounds ``M - 1`` and ``M`` play each other's table round.
"""

from __future__ import annotations

from dataclasses import dataclass

from .editions import BergerEdition
from .tables import TableBoard, table_round


@dataclass(frozen=True)
class Slot:
    """Tournament round ``round``: its ``cycle`` (1-based), the ``table_round`` it plays,
    ``reversed`` colours (an even cycle) and ``switched`` (moved by the last-two-rounds swap)."""

    round: int
    cycle: int
    table_round: int
    reversed: bool
    switched: bool

    def describe(self, size: int) -> str:
        """``round 3`` / ``round 10 (table round 3, second cycle: colours reversed)``."""
        notes = []
        if self.switched:
            notes.append("switched with the other of the first cycle's last two rounds")
        if self.cycle > 1:
            notes.append(
                f"{_ordinal(self.cycle)} cycle" + (": colours reversed" if self.reversed else "")
            )
        head = f"Berger table for {size} players, round {self.table_round}"
        return head + (f" ({'; '.join(notes)})" if notes else "")


def _ordinal(n: int) -> str:
    words = {1: "first", 2: "second", 3: "third", 4: "fourth"}
    return words.get(n, f"{n}th")


def slot(size: int, rnd: int, edition: BergerEdition, cycles: int) -> Slot:
    """The slot of tournament round ``rnd`` in a ``cycles``-cycle round-robin on the table for
    ``size`` players."""
    m = size - 1
    cycle, k = (rnd - 1) // m + 1, (rnd - 1) % m + 1
    switched = edition.swap_last_two and cycles >= 2 and cycle == 1 and m >= 3 and k >= m - 1
    if switched:
        k = 2 * m - 1 - k
    return Slot(rnd, cycle, k, cycle % 2 == 0, switched)


@dataclass(frozen=True)
class Game:
    """One board of a tournament round in table numbers, colours as the slot gives them."""

    board: int
    white: int
    black: int
    rule: str  # "table" or "reversed": the key of what decided the colours


def games(size: int, s: Slot) -> tuple[Game, ...]:
    """The boards of slot ``s`` in table numbers (the dummy ``size`` included, when odd)."""

    def game(b: TableBoard) -> Game:
        if s.reversed:
            return Game(b.board, b.black, b.white, "reversed")
        return Game(b.board, b.white, b.black, "table")

    return tuple(game(b) for b in table_round(size, s.table_round))
