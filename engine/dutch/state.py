"""What the Dutch pairer keeps while it pairs a round: the round's state and each bracket's.

:class:`RoundState` is what the round keeps (the players in pairing order, the legal pairs,
the criteria context, the pairs fixed so far), one object handed to each collaborator of the
pairer; :class:`BracketState` what one bracket's matchings keep, replaced with each bracket
(``RoundState.bk``); :class:`_Bracket` the bracket's players and the bit fields of its
generation-order questions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..absolute import Compatibility
from ..history import RoundInput
from ..matching import LocalGraph
from .criteria import Context, Criterion, Value
from .editions import Edition
from .family import RoundFamily
from .players import PlayerState, build_states
from .trace import BracketRecord
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
    whole_first: bool = False  # then ask the whole field first (BracketMatcher.solve)
    lower_base: dict[int, int] | None = None
    local_vals: dict[tuple[int, int], list[Value]] = field(default_factory=dict)
    crit_layout: WeightLayout = _NO_LAYOUT
    crit_bits: int = 0
    crit_packed: dict[int, int] = field(default_factory=dict)  # by id of a value list
    shift: int = 0
    bits: int = 0
    graph: LocalGraph = field(default_factory=lambda: LocalGraph({}))
    mate: dict[int, int] = field(default_factory=dict)
    hint: dict[tuple[int, int], int] = field(default_factory=dict)  # in the weights
    value_lists: list[list[Value]] = field(default_factory=list)  # each pair's is one
    failures_left: dict[int, int] = field(default_factory=dict)  # by criterion index
    whole: bool = True


class RoundState:
    """What the round keeps, handed to every collaborator of :class:`~.pairer.DutchPairer`:
    the players in pairing order (score, then rank: 1.9.1), the criteria in force, the legal
    pairs (C1, C3), the criteria context (set after the PAB pre-pass), the pairs fixed so far
    and the bracket being paired (``bk``)."""

    ctx: Context
    noncand: list[int]  # 1: may not take the PAB (C2/C5 read at the round's PAB score)
    c9_setup: list[int]

    def __init__(
        self,
        inp: RoundInput,
        edition: Edition,
        states: dict[int, PlayerState] | None = None,
        family: RoundFamily | None = None,
    ) -> None:
        """``states``: :func:`build_states` of ``inp``, when already built; ``family``: the
        re-pairings of this round it shares its brackets' openings with (.family)."""
        self.inp = inp
        self.edition = edition
        self.states: dict[int, PlayerState] = (
            build_states(inp, edition) if states is None else states
        )
        self.order: list[PlayerState] = sorted(
            self.states.values(), key=lambda p: (-p.score, p.rank)
        )
        self.n = len(self.order)
        self.rounds_played = inp.round - 1
        self.criteria: list[Criterion] = [
            c for c in edition.criteria() if c.rounds_needed <= self.rounds_played
        ]
        self.c9: int | None = next((i for i, c in enumerate(self.criteria) if c.key == "C9"), None)
        # C1 and C3 by place in the sorted order; equal signatures, equal ints.
        self.compat = Compatibility(self.order, inp.forbidden)
        self.ok: Callable[[int, int], bool] = self.compat.allows
        self.family = family if family is not None and family.admits(inp, edition) else None
        ids: dict[tuple[object, ...], int] = {} if self.family is None else self.family.signatures
        self.sig: list[int] = [ids.setdefault(_signature(p), len(ids)) for p in self.order]
        self.vals: dict[tuple[int, int], list[Value]] = {}
        # The brackets' pair values in the order they went into ``vals`` (a family's
        # marks keep them: .family.Mark).
        self.values_log: list[dict[tuple[int, int], list[Value]]] = []
        # Each pair's value list, one list per content (BracketMatcher._bracket_values).
        self.interned: dict[tuple[object, ...], list[Value]] = (
            {} if self.family is None else self.family.interned
        )
        # In a family: each player's key there, everything a bracket's values read of him
        # (his signature, C3 guard, and his number and opponents for C1).
        self.player_key: list[int] = []
        # And his C1 and C3 facts alone (number, opponents, C3 guard): what the completion
        # tests read of him (CompletionTests.near_perfect_of, .complete).
        self.compat_key: list[int] = []
        if self.family is not None:
            keys, compat = self.family.players, self.family.compat_ids
            for p, s, g in zip(self.order, self.sig, self.compat.guard):
                met = frozenset(p.opponents)
                self.player_key.append(keys.setdefault((p.tpn, s, g, met), len(keys)))
                self.compat_key.append(compat.setdefault((p.tpn, g, met), len(compat)))
        self.dropped: set[tuple[int, int]] = set()
        self.alive: set[int] = set(range(self.n))
        self.final: dict[int, int] = {}
        self.bk = BracketState()
        # Maximum matchings of the players below a bracket, by set (near_perfect_of).
        self.near_cache: dict[frozenset[int], dict[int, int]] = {}
        self.last_near: tuple[frozenset[int], dict[int, int]] | None = None

    def legal(self, a: int, b: int) -> bool:
        """May ``a`` and ``b`` (``a`` placed higher) still be paired: C1, C3, not dropped?"""
        return self.ok(a, b) and (a, b) not in self.dropped

    def fix(self, pairs: list[tuple[int, int]]) -> None:
        """Fix these pairs for the round (a bracket paired without a matching)."""
        for a, b in pairs:
            self.final[a] = b
            self.final[b] = a
            self.alive.discard(a)
            self.alive.discard(b)

    def record(
        self, members: list[int], mdp_count: int, nxt: list[int], pairs: list[tuple[int, int]]
    ) -> tuple[BracketRecord, list[int]]:
        """The record (TPNs) of a bracket whose ``pairs`` are fixed (its MDPs the first
        ``mdp_count`` of ``members``) and its downfloaters (vertices)."""
        order = self.order
        residents = members[mdp_count:]
        floaters = [v for v in members if v not in self.final]
        rec = BracketRecord(
            score=order[residents[0] if residents else members[0]].score,
            residents=[order[v].tpn for v in residents],
            mdps=[order[v].tpn for v in members[:mdp_count]],
            pairs=[(order[a].tpn, order[b].tpn) for a, b in pairs],
            downfloaters=[order[v].tpn for v in floaters],
            next_group=[order[v].tpn for v in nxt],
            c9_applies=self.ctx.single_downfloater_is_pab,
            context=replace(self.ctx),
        )
        return rec, floaters

    def closed(
        self, members: list[int], mdp_count: int, nxt: list[int], pairs: list[tuple[int, int]]
    ) -> tuple[BracketRecord, list[int]]:
        """A bracket paired without a matching, its ``pairs`` fixed: its state is the
        round's pairs so far (what the next bracket's C9 reads, DutchPairer._c9_in_force),
        and its :meth:`record`."""
        self.bk = BracketState(
            V=members + nxt, residents=members[mdp_count:], whole=True, mate=dict(self.final)
        )
        return self.record(members, mdp_count, nxt, pairs)

    def saved(self) -> tuple[dict[int, int], set[int], set[tuple[int, int]]]:
        """The pairs fixed, the players unpaired and the pairs dropped, to try a bracket
        again from here (:meth:`restore`)."""
        return dict(self.final), set(self.alive), set(self.dropped)

    def restore(self, saved: tuple[dict[int, int], set[int], set[tuple[int, int]]]) -> None:
        self.final, self.alive, self.dropped = saved
