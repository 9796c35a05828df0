"""What the re-pairings of one round share: its brackets' values and layouts, by content.

A round re-paired under readings of one player's bye each (engine.dutch.readings) meets the
same brackets again and again: a reading changes one player's record, and every bracket whose
players, criteria context and pairs so far are the same as under another reading has the
same pairs' values, value lists and weight layout.  A :class:`RoundFamily` holds those, keyed
by everything :meth:`.bracket.BracketMatcher.open_bracket` reads, so that each is worked out
once for the family.  A round state joins it only for the round, edition and forbidden pairs
it was made for (:meth:`admits`), and each player is keyed with his number, opponents (C1)
and C3 guard besides his signature, so that a bracket's key says who may meet whom.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from ..history import RoundInput
from .criteria import Value
from .editions import Edition
from .weights import WeightLayout


@dataclass(frozen=True)
class Opening:
    """A bracket's pairs' values (vertices as the family's round states place them), their
    value lists (each once) and the layout of their weights (BracketMatcher.open_bracket)."""

    local: dict[tuple[int, int], list[Value]]
    value_lists: list[list[Value]]
    layout: WeightLayout
    crit_bits: int
    crit_packed: dict[int, int]  # by id of a value list


class RoundFamily:
    """The round states of one round under other readings of the file, each reading
    changing byes only (no player's opponents, no forbidden pair): ids for the players'
    signatures and keys shared by all of them, one value list per content, and the
    brackets opened so far (their pairs at most :attr:`kept_pairs` together, the oldest
    dropped first: a large field's brackets hold hundreds of thousands)."""

    kept_pairs = 1_000_000

    def __init__(self, inp: RoundInput, edition: Edition) -> None:
        self.round, self.edition, self.forbidden = inp.round, edition, frozenset(inp.forbidden)
        self.signatures: dict[tuple[object, ...], int] = {}
        self.players: dict[tuple[object, ...], int] = {}
        self.interned: dict[tuple[object, ...], list[Value]] = {}
        # Value lists by criteria context, then by the two signatures and whether the lower
        # player is in the bracket (BracketMatcher._bracket_values).
        self.values: dict[tuple[object, ...], dict[tuple[int, int, bool], list[Value]]] = {}
        self.openings: dict[Hashable, Opening] = {}
        self.pairs = 0  # the pairs of the openings kept
        self.hits = 0

    def admits(self, inp: RoundInput, edition: Edition) -> bool:
        """May a round state of ``inp`` join: the family's round and edition (the criteria
        in force), and its forbidden pairs (C1)?"""
        return (
            inp.round == self.round and edition is self.edition and self.forbidden == inp.forbidden
        )

    def opening(self, key: Hashable) -> Opening | None:
        found = self.openings.get(key)
        if found is not None:
            self.hits += 1
        return found

    def keep(self, key: Hashable, opening: Opening) -> None:
        size = len(opening.local)
        if size > self.kept_pairs:
            return  # larger than the whole budget
        self.pairs += size
        while self.pairs > self.kept_pairs:
            self.pairs -= len(self.openings.pop(next(iter(self.openings))).local)  # the oldest
        self.openings[key] = opening
