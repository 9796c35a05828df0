"""The one adapter between ``explain`` and the engine: pair the round once and read its
trace (:class:`engine.dutch.RoundPairing`: boards with their colour rule, brackets with
residents, MDPs, pairs and downfloaters, the player states and the criteria in force).

Everything else in :mod:`checker.why` reads a :class:`Trace`, so that a change of the
engine's trace types is ported here only.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from trfaudit.engine import pair_round, round_input
from trfaudit.engine.dutch.editions import Edition
from trfaudit.engine.dutch.players import PlayerState
from trfaudit.engine.dutch.trace import BracketRecord, trace_of
from trfaudit.engine.explanation import Bye
from trfaudit.engine.history import RoundInput
from trfaudit.engine.recorded import with_pending_paired
from trfaudit.engine.result import RoundPairing
from trfaudit.trf.model import EntryKind, Tournament

_BYE_LETTER: dict[EntryKind, Bye] = {
    EntryKind.HALF_BYE: "H",
    EntryKind.FULL_BYE: "F",
    EntryKind.ZERO_BYE: "Z",
    EntryKind.NOT_PAIRED: "Z",
}


@dataclass
class Trace:
    """Round ``inp.round`` as the engine pairs it, indexed per player."""

    t: Tournament
    inp: RoundInput
    edition: Edition
    result: RoundPairing
    names: dict[int, str]
    partner: dict[int, int] = field(default_factory=dict)
    colour: dict[int, str] = field(default_factory=dict)
    rule: dict[frozenset[int], str] = field(default_factory=dict)  # colour rule per pair
    paired_in: dict[int, int] = field(default_factory=dict)  # bracket index per player
    home: dict[int, int] = field(default_factory=dict)  # the bracket he is a resident of

    @property
    def states(self) -> dict[int, PlayerState]:
        return trace_of(self.result).states

    @property
    def brackets(self) -> list[BracketRecord]:
        return trace_of(self.result).brackets

    def show(self, score: int) -> str:
        return self.inp.points.show(score)

    def who(self, tpn: int) -> str:
        """``Alice (1)``: the name and the pairing number."""
        name = self.names.get(tpn, "").strip()
        return f"{name} ({tpn})" if name else f"player {tpn}"

    def ranked(self, players: list[int]) -> list[int]:
        """``players`` in pairing order (1.2: score, then pairing number)."""
        st = self.states
        return sorted(players, key=lambda p: (-st[p].score, st[p].rank))

    def absent(self, tpn: int) -> Bye | None:
        """The bye letter of a player who is not paired this round (H, F, Z), else None."""
        if tpn in self.states:
            return None
        p = self.t.players[tpn]
        e = p.entry(self.inp.round)
        if e is None and p.announced:
            e = p.announced[0]
        if e is None:
            return "Z"
        return _BYE_LETTER.get(e.kind, "Z")


def pairing_input(t: Tournament, rnd: int) -> RoundInput:
    """The engine's input for round ``rnd``, read as ``check`` reads it."""
    return round_input(with_pending_paired(t, rnd), rnd)


def with_forbidden(inp: RoundInput, extra: set[frozenset[int]]) -> RoundInput:
    """``inp`` with more pairs the matching may not use (C1 as the engine treats XXP/260)."""
    return dataclasses.replace(inp, forbidden=set(inp.forbidden) | extra)


def trace(t: Tournament, inp: RoundInput, edition: Edition, result: RoundPairing) -> Trace:
    """Index the engine's pairing of ``inp.round`` per player."""
    names = {tpn: p.name.strip() for tpn, p in t.players.items()}
    tr = Trace(t, inp, edition, result, names)
    for b in result.boards:
        tr.partner[b.white], tr.partner[b.black] = b.black, b.white
        tr.colour[b.white], tr.colour[b.black] = "w", "b"
        tr.rule[frozenset((b.white, b.black))] = b.rule
    brackets = trace_of(result).brackets
    for i, br in enumerate(brackets):
        for p in br.residents:
            tr.home.setdefault(p, i)
        for x, y in br.pairs:
            tr.paired_in[x] = tr.paired_in[y] = i
    if result.bye is not None:
        # The last bracket he floated out of; none when he is alone in the lowest group.
        last = [i for i, br in enumerate(brackets) if result.bye in br.downfloaters]
        if last:
            tr.paired_in[result.bye] = last[-1]
    return tr


def pair(t: Tournament, inp: RoundInput, edition: Edition) -> Trace:
    """Pair ``inp.round`` (raises :class:`engine.NoPairing`) and index it."""
    return trace(t, inp, edition, pair_round(inp, edition))
