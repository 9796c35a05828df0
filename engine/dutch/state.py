"""What the Dutch pairer keeps while it pairs a round: the round's state and each bracket's.

:class:`RoundState` declares what the round keeps (the players in pairing order, the legal
pairs, the criteria context, the pairs fixed so far); :class:`BracketState` what one bracket's
matchings keep, replaced with each bracket (``RoundState.bk``); :class:`_Bracket` the
bracket's players and the bit fields of its generation-order questions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..absolute import Compatibility
from ..history import RoundInput
from ..matching import LocalGraph
from .criteria import Context, Criterion, Value
from .editions import Edition
from .players import PlayerState
from .weights import WeightLayout


class LookaheadNeeded(Exception):
    """A bracket paired without its next scoregroup met a matching whose completion (C4)
    only a matching of the whole field, C8 included, can settle: pair it with the group."""


def _signature(p: PlayerState) -> tuple[object, ...]:
    """What the criteria read of a player (engine.dutch.criteria.Criterion): two players with
    the same signature are worth the same in every pair."""
    return (
        p.score,
        p.bye_eligible,
        p.played,
        p.preference,
        p.imbalance,
        p.repeated,
        p.strong,
        p.topscorer,
        p.floats.get(1),
        p.floats.get(2),
    )


@dataclass(frozen=True)
class _Bracket:
    """One bracket being paired (vertices are places in the sorted order): its members
    (MDPs first), the next scoregroup, and the bit fields of the generation-order questions:
    ``hint`` bits at the bottom, then ``low`` bits for the questions (``q_width`` for one
    question, ``width`` per S1 player in 4.2)."""

    members: list[int]
    bset: set[int]
    mdps: list[int]
    residents: list[int]
    rset: set[int]
    nxt: list[int]
    low: int
    hint: int
    q_width: int
    width: int


_NO_LAYOUT = WeightLayout([], [], 0)


@dataclass
class BracketState:
    """One bracket's matchings: its vertices ``V`` (the bracket, and its next scoregroup
    when ``look``), the players ``lower`` below them, the criteria weights and layout, the
    graph the questions are asked of, and the last matching (``mate``; ``whole``: it pairs
    the whole field)."""

    V: list[int] = field(default_factory=list)
    look: bool = True
    lower: frozenset[int] = frozenset()
    residents: list[int] = field(default_factory=list)
    completable_cache: dict[frozenset[int], bool] = field(default_factory=dict)
    solved_whole: bool = False  # a matching of this bracket needed the whole field
    lower_base: dict[int, int] | None = None
    local_vals: dict[tuple[int, int], list[Value]] = field(default_factory=dict)
    crit_layout: WeightLayout = _NO_LAYOUT
    crit_bits: int = 0
    crit_packed: dict[int, int] = field(default_factory=dict)  # by id of a value list
    shift: int = 0
    bits: int = 0
    graph: LocalGraph = field(default_factory=lambda: LocalGraph({}))
    mate: dict[int, int] = field(default_factory=dict)
    whole: bool = True


class RoundState:
    """What the round keeps (set by :class:`~.pairer.DutchPairer`)."""

    inp: RoundInput
    edition: Edition
    states: dict[int, PlayerState]
    order: list[PlayerState]
    n: int
    rounds_played: int
    criteria: list[Criterion]
    c9: int | None
    compat: Compatibility
    ok: Callable[[int, int], bool]
    sig: list[int]  # the player's _signature, as an int per signature
    ctx: Context
    noncand: list[int]
    c9_setup: list[int]
    vals: dict[tuple[int, int], list[Value]]
    dropped: set[tuple[int, int]]
    alive: set[int]
    final: dict[int, int]
    near_cache: dict[frozenset[int], dict[int, int]]
    last_near: tuple[frozenset[int], dict[int, int]] | None
    bk: BracketState
