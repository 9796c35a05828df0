"""The best round the rules allow with a pair forced (P-Q) or a PAB forced (R), and how it
compares with the engine's round.

The constraint is put into the engine's own matching as organiser-forbidden pairs (the
engine treats them like C1): P may meet only Q and Q only P, so every complete round-pairing
pairs them (at most one player is unpaired, and neither can be paired otherwise); for a
forced PAB, R may meet nobody.  The engine then pairs the round as always, every criterion
in force, so the result is the best round-pairing with the constraint.  It is compared with
the engine's round exactly as ``check`` compares a recorded round
(:func:`checker.explain.explain_quality`): the first criterion, in the edition's order, on
which it is worse, or the generation-order article when every criterion ties.
"""

from __future__ import annotations

from dataclasses import dataclass

from trfaudit.engine import NoPairing, pair_round
from trfaudit.engine.absolute import c3_clash, prohibited, rounds_met
from trfaudit.engine.dutch.audit.quality import explain_quality
from trfaudit.engine.dutch.trace import trace_of
from trfaudit.engine.dutch.why.trace import Trace, with_forbidden
from trfaudit.engine.explanation import Alternative, Verdict
from trfaudit.engine.findings import Kind
from trfaudit.engine.recorded import RecordedRound
from trfaudit.engine.result import RoundPairing

_WORD = {"w": "white", "b": "black"}


@dataclass(frozen=True)
class Clash:
    """Why two players may not meet at all (C1 or C3)."""

    key: str  # C1 or C3
    text: str


def clash(tr: Trace, p: int, q: int) -> Clash | None:
    """C1 (they met; a prohibited pair) or C3 (the same absolute colour preference)."""
    st = tr.states
    met = rounds_met(st[p], q)
    if met:
        when = ", ".join(map(str, met))
        return Clash("C1", f"{p} and {q} already played each other in round {when}")
    if prohibited(p, q, tr.inp.forbidden):
        return Clash("C1", f"{p} and {q} may not meet (a prohibited pairing, XXP/260)")
    colour = c3_clash(st[p], st[q])
    if colour is not None:
        return Clash(
            "C3",
            f"{p} and {q} both have an absolute preference for {_WORD[colour]} and "
            "neither is a topscorer",
        )
    return None


def _pairing(result: RoundPairing) -> Alternative:
    return Alternative(tuple((b.white, b.black) for b in result.boards), result.bye)


def as_recorded(alt: Alternative, rnd: int) -> RecordedRound:
    """The alternative as if a file recorded it (what :func:`explain_quality` reads)."""
    partner: dict[int, int] = {}
    colour: dict[int, str | None] = {}
    for w, b in alt.pairs:
        partner[w], partner[b] = b, w
        colour[w], colour[b] = "w", "b"
    players = sorted(partner) + ([alt.bye] if alt.bye is not None else [])
    return RecordedRound(
        round=rnd,
        participants=players,
        boards=list(alt.pairs),
        byes=[alt.bye] if alt.bye is not None else [],
        partner=partner,
        colour=colour,
    )


def swapped(tr: Trace, p: int, q: int) -> Alternative:
    """The engine's round with P-Q paired and their opponents paired together (or the freed
    one given the PAB): a round that shows the clash, for an illegal P-Q."""
    part = dict(tr.partner)
    bye = tr.result.bye
    op, oq = part.get(p), part.get(q)
    pairs = [(b.white, b.black) for b in tr.result.boards if not {b.white, b.black} & {p, q}]
    pairs.append((p, q))
    rest = [x for x in (op, oq) if x is not None and x not in (p, q)]
    if len(rest) == 2:
        pairs.append((rest[0], rest[1]))
    elif len(rest) == 1:
        bye = rest[0]
    return Alternative(tuple(pairs), bye)


def best_with(tr: Trace, forbid: set[frozenset[int]]) -> RoundPairing | None:
    """The engine's pairing with ``forbid`` added, or None when no round-pairing is left."""
    try:
        return pair_round(with_forbidden(tr.inp, forbid), tr.edition)
    except NoPairing:
        return None


def forced_pair(tr: Trace, p: int, q: int) -> RoundPairing | None:
    """The best round-pairing in which P and Q meet (None: there is none)."""
    others = [x for x in tr.states if x not in (p, q)]
    forbid = {frozenset((p, x)) for x in others} | {frozenset((q, x)) for x in others}
    return best_with(tr, forbid)


def kept_in(
    tr: Trace, p: int, home: int, fixed: bool = True, only: int | None = None
) -> RoundPairing | None:
    """The best round-pairing in which P meets nobody outside the bracket ``home`` (an
    index of the engine's brackets; ``only``: nobody but that player, who meets only P) and
    every bracket above it is paired as the engine pairs it (the brackets are paired from
    the top, 1.9.2: a round that parts from the engine's higher up is worse there already).
    It is the best of the rounds with P-Q over every Q of the bracket at once (None: there
    is none).  ``fixed=False``: the brackets above may be paired otherwise too."""
    brackets = tr.brackets
    inside = set(brackets[home].mdps) | set(brackets[home].residents)
    if only is not None:
        inside = {only}
        forbid = {frozenset((only, x)) for x in tr.states if x not in (p, only)}
    else:
        forbid = set()
    forbid |= {frozenset((p, x)) for x in tr.states if x != p and x not in inside}
    for br in brackets[:home] if fixed else []:
        for a, b in br.pairs:
            forbid |= {frozenset((a, x)) for x in tr.states if x not in (a, b)}
            forbid |= {frozenset((b, x)) for x in tr.states if x not in (a, b)}
    return best_with(tr, forbid)


def standing(tr: Trace, alt: RoundPairing) -> tuple[int, int]:
    """How close ``alt`` comes to the engine's round (higher is closer): the bracket where
    they first part (brackets are paired from the top, 1.9.2), then there the criterion on
    which ``alt`` is worse, in the edition's order (a tie on every criterion: closest)."""
    rec = as_recorded(_pairing(alt), tr.inp.round)
    exp = explain_quality(tr.inp, tr.edition, rec, tr.result, tr.names)
    where = next((i for i, br in enumerate(tr.brackets) if br is exp.bracket), len(tr.brackets))
    order = [tr.edition.label("C5")] + [
        tr.edition.label(c.key) for c in trace_of(tr.result).criteria
    ]
    if exp.kind is not Kind.QUALITY or exp.criterion not in order:
        return where, len(order)
    return where, max(i for i, label in enumerate(order) if label == exp.criterion)


def forced_bye(tr: Trace, r: int) -> RoundPairing | None:
    """The best round-pairing in which R gets the PAB (None: there is none)."""
    return best_with(tr, {frozenset((r, x)) for x in tr.states if x != r})


def compare(tr: Trace, alt: RoundPairing) -> Verdict:
    """How ``alt`` compares with the engine's round (as ``check`` would judge it recorded)."""
    mine = _pairing(alt)
    if {frozenset(b) for b in mine.pairs} == set(tr.rule) and mine.bye == tr.result.bye:
        return Verdict("same", None, None, None, "the engine's round is this round")
    rec = as_recorded(mine, tr.inp.round)
    exp = explain_quality(tr.inp, tr.edition, rec, tr.result, tr.names)
    kind = {Kind.QUALITY: "quality", Kind.ORDER: "order"}.get(exp.kind, "unexplained")
    # explain_quality words a recorded round; here the "record" is the alternative.
    text = (
        exp.text.replace("the record has", "the alternative has")
        .replace(
            "the record is better, an engine defect", "the alternative is better: an engine defect"
        )
        .replace("; the record ", "; the alternative ")
        .replace("the record gives", "the alternative gives")
    )
    return Verdict(
        kind,  # type: ignore[arg-type]
        exp.criterion,
        exp.expected,
        exp.recorded,
        text,
        uncertain=tr.edition.name == "2012",
    )


def against(tr: Trace, p: int, q: int) -> tuple[Alternative | None, Verdict]:
    """``--against Q``: the best round with P-Q and the verdict (see the module docstring)."""
    if tr.partner.get(p) == q:
        return None, Verdict("same", None, None, None, f"the engine pairs {p} with {q}")
    c = clash(tr, p, q)
    if c is not None:
        label = tr.edition.label(c.key)
        return swapped(tr, p, q), Verdict("illegal", label, None, f"{p}-{q}", f"{label}: {c.text}")
    alt = forced_pair(tr, p, q)
    if alt is None:
        label = tr.edition.label("C4")
        return None, Verdict(
            "illegal",
            label,
            None,
            f"{p}-{q}",
            f"{label}: no round-pairing pairs {p} with {q}: the other players cannot all be "
            "paired then",
        )
    return _pairing(alt), compare(tr, alt)
