"""A file read as a round-robin: its table, cycles, edition and numbering (C.05 Annex 1)."""

from __future__ import annotations

from dataclasses import dataclass, field

from trfaudit.trf.model import Tournament

from .editions import BergerEdition, read_code
from .numbering import Numbering, choose
from .record import seats
from .schedule import Game, Slot, games, slot
from .tables import table_size


@dataclass(frozen=True)
class Draw:
    """``size``: the table (the players, plus the dummy when odd); ``cycles``: how many times
    the table is played; ``numbering``: the players' table numbers; ``notes``: what the
    reading assumed, for the report's warnings."""

    players: tuple[int, ...]
    size: int
    cycles: int
    edition: BergerEdition
    numbering: Numbering
    notes: tuple[str, ...] = field(default=())

    @property
    def dummy(self) -> int | None:
        """The dummy's table number (odd fields), whose opponent has the bye."""
        return self.size if len(self.players) < self.size else None

    @property
    def rounds(self) -> int:
        return (self.size - 1) * self.cycles

    def slot(self, rnd: int) -> Slot:
        return slot(self.size, rnd, self.edition, self.cycles)

    def games(self, rnd: int) -> tuple[Game, ...]:
        return games(self.size, self.slot(rnd))

    def tpn(self, number: int) -> int | None:
        """The player of table number ``number`` (None: the dummy)."""
        return self.numbering.player().get(number)


def cycles_of_rounds(players: int, rounds: int) -> int:
    """The cycles ``rounds`` rounds take on the table for ``players`` players (at least 1)."""
    return max(1, -(-rounds // (table_size(players) - 1)))


def cycles_of(t: Tournament, players: int, named: int | None) -> tuple[int, str | None]:
    """The cycles of ``t``: as its code names them, else enough for its rounds (XXR/142, else
    the recorded ones); a note when the rounds and the code disagree."""
    m = table_size(players) - 1
    rounds = max(t.total_rounds or 0, t.recorded_rounds())
    needed = cycles_of_rounds(players, rounds)
    if named is None:
        return needed, None
    if needed > named:
        return needed, (
            f"the 192 code names {named} cycle{'s' if named != 1 else ''} of {m} rounds, "
            f"but the file has {rounds} rounds: read as {needed} cycles"
        )
    return named, None


def read_draw(t: Tournament, edition: BergerEdition) -> Draw:
    """``t`` as a round-robin under ``edition``: the cycles from its ``192`` code and rounds,
    the numbering from its starting numbers or its rounds (:mod:`.numbering`)."""
    players = tuple(sorted(t.players))
    size = table_size(len(players))
    if size < 2:
        raise ValueError("a round-robin needs two players or more")
    reading = read_code(t.type_code) if t.type_code else None
    cycles, note = cycles_of(t, len(players), reading.cycles if reading else None)
    notes = [note] if note else []
    recorded = [
        (games(size, slot(size, r, edition, cycles)), seats(t, r))
        for r in range(1, t.recorded_rounds() + 1)
    ]
    numbering = choose(list(players), size, recorded)
    return Draw(players, size, cycles, edition, numbering, tuple(notes))
