"""The table numbers of a file's players: the starting numbers, or those its rounds follow.

A table's numbers are the draw numbers (C.05 Annex 1); a TRF normally writes the players
under them, so the starting numbers are tried first.  A file whose rounds follow the table
under another numbering (the draw numbers were never copied into the starting numbers) is
read under the numbering that its leading rounds fit; it is taken when it fits more recorded
rounds than the starting numbers do, and reported as a reading of the file (class
``input``), not as a broken rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .record import Seat
from .schedule import Game

#: At most this many assignments are tried in the search for a numbering (a few hundred for
#: a real file: every placed player fixes his opponents in the recorded rounds).
SEARCH_LIMIT = 50_000

Source = Literal["starting", "rounds"]


@dataclass(frozen=True)
class Numbering:
    """``number``: each player's table number, by TPN; ``source``: the starting numbers, or
    a numbering read from the rounds (``fits``: the rounds 1..fits it was read from)."""

    number: Mapping[int, int]
    source: Source
    fits: int = 0

    def span(self) -> str:
        """The rounds the numbering was read from: ``round 1``, ``rounds 1-5``."""
        return "round 1" if self.fits == 1 else f"rounds 1-{self.fits}"

    def player(self) -> dict[int, int]:
        """The player (TPN) of each table number."""
        return {n: tpn for tpn, n in self.number.items()}


def starting(tpns: list[int]) -> Numbering:
    """Table number ``i`` for the ``i``-th starting number."""
    return Numbering({tpn: i for i, tpn in enumerate(sorted(tpns), 1)}, "starting")


def fits_round(
    number: Mapping[int, int], games: tuple[Game, ...], seats: Mapping[int, Seat]
) -> bool:
    """Whether the recorded round ``seats`` is the table round ``games`` under ``number``: each
    table game is recorded (players and colours) or has neither player in a game; whoever
    meets the dummy has no game."""
    player = {n: tpn for tpn, n in number.items()}
    for g in games:
        w, b = player.get(g.white), player.get(g.black)
        if w is None or b is None:
            real = w if w is not None else b
            if real is not None and seats[real].opponent is not None:
                return False
            continue
        sw, sb = seats[w], seats[b]
        if sw.opponent is None and sb.opponent is None:
            continue
        if sw.opponent != b or sb.opponent != w:
            return False
        if sw.colour == "b" or sb.colour == "w":
            return False
    return True


Rounds = Sequence[tuple[tuple[Game, ...], Mapping[int, Seat]]]


def search(tpns: list[int], size: int, rounds: Rounds) -> dict[int, int] | None:
    """A numbering under which every round of ``rounds`` (table games, recorded seats) fits,
    or None.  Players are placed in starting order on the smallest free number; each placing
    fixes, round by round, the table numbers of the player's recorded opponents."""
    return _Search(tpns, size, rounds).solve({}, set())


class _Search:
    """:func:`search`'s state: the table rounds by number, and the assignments left to try
    (a class, not closures: a recursive closure holds itself, a cycle left for the garbage
    collector)."""

    def __init__(self, tpns: list[int], size: int, rounds: Rounds) -> None:
        self.size, self.rounds = size, rounds
        # For each table number and round: the opponent's number and the colour of the number.
        self.opp: list[dict[int, tuple[int, str]]] = []
        for games, _ in rounds:
            here: dict[int, tuple[int, str]] = {}
            for g in games:
                here[g.white] = (g.black, "w")
                here[g.black] = (g.white, "b")
            self.opp.append(here)
        self.dummy = size if len(tpns) < size else None
        self.order = sorted(tpns)
        self.budget = SEARCH_LIMIT

    def place(self, number: dict[int, int], used: set[int], tpn: int, n: int) -> bool:
        """Place ``tpn`` on ``n`` and everything it forces; False on a contradiction."""
        todo = [(tpn, n)]
        while todo:
            x, a = todo.pop()
            if x in number:
                if number[x] != a:
                    return False
                continue
            if a in used or a == self.dummy:
                return False
            number[x] = a
            used.add(a)
            for i, (_, seats) in enumerate(self.rounds):
                o, colour = self.opp[i][a]
                seat = seats[x]
                if seat.opponent is None:
                    continue
                if o == self.dummy or (seat.colour is not None and seat.colour != colour):
                    return False
                todo.append((seat.opponent, o))
        return True

    def solve(self, number: dict[int, int], used: set[int]) -> dict[int, int] | None:
        free = next((x for x in self.order if x not in number), None)
        if free is None:
            return number if all(fits_round(number, g, s) for g, s in self.rounds) else None
        for n in range(1, self.size + 1):
            if n in used or n == self.dummy:
                continue
            self.budget -= 1
            if self.budget < 0:
                return None
            trial, taken = dict(number), set(used)
            if self.place(trial, taken, free, n):
                found = self.solve(trial, taken)
                if found is not None:
                    return found
        return None


def choose(tpns: list[int], size: int, rounds: Rounds) -> Numbering:
    """The numbering the file is read under (see the module docstring)."""
    first = starting(tpns)
    fitting = sum(fits_round(first.number, g, s) for g, s in rounds)
    if fitting == len(rounds):
        return first
    for prefix in range(len(rounds), 0, -1):
        found = search(tpns, size, rounds[:prefix])
        if found is not None:
            if found == dict(first.number):
                break
            other = sum(fits_round(found, g, s) for g, s in rounds)
            return Numbering(found, "rounds", prefix) if other > fitting else first
    return first
