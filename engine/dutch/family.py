"""What the re-pairings of one round share: its brackets' values and layouts, by content.

A round re-paired under readings of one player's bye each (engine.dutch.readings) meets the
same brackets again and again: a reading changes one player's record, and every bracket whose
players, criteria context and pairs so far are the same as under another reading has the
same pairs' values, value lists and weight layout.  A :class:`RoundFamily` holds those, keyed
by everything :meth:`.bracket.BracketMatcher.open_bracket` reads, so that each is worked out
once for the family.  A round state joins it only for the round, edition and forbidden pairs
it was made for (:meth:`admits`), and each player is keyed with his number, opponents (C1)
and C3 guard besides his signature, so that a bracket's key says who may meet whom.  The
completion tests, which read C1 and C3 alone, are shared by those facts of the players
asked about (CompletionTests.complete, .near_perfect_of): the same players below a bracket
recur in reading after reading, in other places when a reading moves a player.

A round the check pairs otherwise than its record is re-paired under those readings next: the
check's own pairing starts the round's family (:func:`keep_checked`, :func:`take_checked`),
so that the first reading resumes from the check's marks as the later ones do from the
earlier ones', and finds the check's value lists.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..history import RoundInput
from .criteria import Context, Value
from .editions import Edition
from .weights import WeightLayout

if TYPE_CHECKING:
    from trfaudit.trf.model import Tournament

    from .players import PlayerState
    from .state import BracketState
    from .trace import BracketRecord


@dataclass(frozen=True)
class Opening:
    """A bracket's pairs' values (vertices as the family's round states place them), their
    value lists (each once) and the layout of their weights (BracketMatcher.open_bracket)."""

    local: dict[tuple[int, int], list[Value]]
    value_lists: list[list[Value]]
    layout: WeightLayout
    crit_bits: int
    crit_packed: dict[int, int]  # by id of a value list


@dataclass(frozen=True)
class Mark:
    """A re-pairing's state after one of its brackets (DutchPairer.pair): where the next
    bracket starts, the brackets so far, and the round state they left (the criteria
    context, the pairs fixed, the players unpaired, the pairs dropped, the pairs' values
    as they went into the round state, the last bracket's state)."""

    pos: int
    current: tuple[int, ...]
    mdp_count: int
    brackets: tuple[BracketRecord, ...]
    ctx: Context
    final: dict[int, int]
    alive: frozenset[int]
    dropped: frozenset[tuple[int, int]]
    values: tuple[dict[tuple[int, int], list[Value]], ...]
    bk: BracketState
    local_misses: int


@dataclass
class Trail:
    """One re-pairing's :class:`Mark` after each bracket, with its players in order (the
    state objects themselves) and the key of the round's context (DutchPairer._trail)."""

    order: list[PlayerState]
    key: tuple[object, ...]
    marks: list[Mark] = field(default_factory=list)

    def common(self, order: list[PlayerState]) -> int:
        """How many players, from the top, ``order`` shares with this trail's (the same
        state objects in the same places)."""
        k = 0
        for a, b in zip(self.order, order):
            if a is not b:
                break
            k += 1
        return k


class RoundFamily:
    """The round states of one round under other readings of the file, each reading
    changing byes only (no player's opponents, no forbidden pair): ids for the players'
    signatures and keys shared by all of them, one value list per content, the
    brackets opened so far (their pairs at most :attr:`kept_pairs` together, the oldest
    dropped first: a large field's brackets hold hundreds of thousands), and the answers
    of the completion tests."""

    kept_pairs = 1_000_000
    kept_trails = 16
    kept_set_members = 400_000

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
        self.trails: list[Trail] = []  # the latest re-pairings' marks
        self.resumed = 0  # brackets a re-pairing took from an earlier one's marks
        # What the completion tests (C1 and C3 alone) found of sets of players, the players
        # by their C1 and C3 facts (RoundState.compat_key): whether they pair completely,
        # the PAB to one of a subset; a matching that pairs all of them or all but one.
        self.compat_ids: dict[tuple[object, ...], int] = {}
        self.completes: dict[tuple[frozenset[int], frozenset[int]], bool] = {}
        self.near: dict[frozenset[int], dict[int, int]] = {}
        self.set_members = 0  # the members of their sets (and matchings) together

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

    def keep_complete(self, key: tuple[frozenset[int], frozenset[int]], answer: bool) -> None:
        """Keep a completion test's answer (:attr:`completes`)."""
        if self._room(len(key[0]) + len(key[1])):
            self.completes[key] = answer

    def keep_near(self, players: frozenset[int], mate: dict[int, int]) -> None:
        """Keep a matching of ``players`` (:attr:`near`)."""
        if self._room(2 * len(players)):
            self.near[players] = mate

    def _room(self, size: int) -> bool:
        """Room for ``size`` more members of the completion tests' sets, which hold at most
        :attr:`kept_set_members` together (a large field's are a thousand players each):
        the oldest answers go first, then the oldest matchings; False (nothing dropped)
        for more than the whole budget."""
        if size > self.kept_set_members:
            return False
        self.set_members += size
        while self.set_members > self.kept_set_members:
            if self.completes:
                old = next(iter(self.completes))
                self.set_members -= len(old[0]) + len(old[1])
                del self.completes[old]
            else:
                players = next(iter(self.near))
                self.set_members -= 2 * len(players)
                del self.near[players]
        return True

    def trail(self, order: list[PlayerState], key: tuple[object, ...]) -> Trail:
        """A new re-pairing's trail, starting with the marks it may resume from
        (DutchPairer._resume): the most marks of an earlier trail of the same ``key`` whose
        players down to the mark's next bracket, and the first player below it (who ends
        that bracket's scoregroup), are the same state objects."""
        shared: list[Mark] = []
        for trail in self.trails:
            if trail.key != key:
                continue
            common = trail.common(order)
            marks = [m for m in trail.marks if m.pos < common]
            if len(marks) > len(shared):
                shared = marks
        new = Trail(order, key, list(shared))
        if len(self.trails) >= self.kept_trails:
            self.trails.pop(0)  # the oldest
        self.trails.append(new)
        return new


@dataclass(frozen=True)
class Checked:
    """Round ``round`` of ``tournament`` as the check paired it (audit.round.check_round):
    its input, its players' states and the family the pairing started."""

    tournament: Tournament
    round: int
    edition: Edition
    inp: RoundInput
    states: dict[int, PlayerState]
    family: RoundFamily


# The checked rounds kept for their re-pairings, by file (its object), round and edition:
# those of the file checked last (its readings follow its checks; a check that no readings
# follow, explain's or a conformance verdict's, leaves one file's at most), the oldest
# dropped first once their families' openings hold more than _CHECKED_PAIRS pairs.
_CHECKED: dict[tuple[int, int, str], Checked] = {}
_CHECKED_PAIRS = 500_000


def keep_checked(checked: Checked) -> None:
    """Keep a checked round for :func:`take_checked` (and forget other files' rounds)."""
    for key in [key for key, c in _CHECKED.items() if c.tournament is not checked.tournament]:
        del _CHECKED[key]
    _CHECKED[(id(checked.tournament), checked.round, checked.edition.name)] = checked
    while sum(c.family.pairs for c in _CHECKED.values()) > _CHECKED_PAIRS:
        del _CHECKED[next(iter(_CHECKED))]


def take_checked(t: Tournament, rnd: int, edition: Edition) -> Checked | None:
    """The check's pairing of round ``rnd`` of this very ``t`` under ``edition``, once (it
    is no longer kept); None when it was not kept (another process checked it, say)."""
    checked = _CHECKED.pop((id(t), rnd, edition.name), None)
    if checked is None or checked.tournament is not t or checked.edition is not edition:
        return None
    return checked


def drop_checked(t: Tournament) -> None:
    """Forget the checked rounds of ``t`` still kept."""
    for key in [key for key, c in _CHECKED.items() if c.tournament is t]:
        del _CHECKED[key]
