"""Why a legal recorded round differs from the engine's: the criterion or article that decides.

Explained from the engine's trace, without pairing again: :func:`engine.pair_round` returns
per bracket its residents, MDPs, pairs, downfloaters and the criteria's context, and the
player states and criteria in force.  The brackets are followed in the engine's pairing
order (1.9.2, from the top); the first whose pairs or downfloaters the record gives
otherwise is where the two part.  There both candidates are measured with the engine's own
criterion objects, in the edition's order (C6 .. C21; 2017 C.5 .. C.19; 2012's order); the
first criterion on which they differ decides (3.8).  When every criterion ties, the
engine's candidate is the one generated first (Art. 4): the MDP choice (4.4), the S2
transposition (4.2) or the remainder exchange (4.3) decides.  C5 (the PAB's score) is
decided for the whole round first (2025/2026 Art. 2.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from trfaudit.engine.dutch.audit.next_bracket import best_next_bracket
from trfaudit.engine.dutch.criteria import Context, Criterion
from trfaudit.engine.dutch.editions import Edition
from trfaudit.engine.dutch.texts.wording import Bracket, Candidate, measure, person, psd, sentence
from trfaudit.engine.dutch.trace import BracketRecord, trace_of
from trfaudit.engine.findings import Kind
from trfaudit.engine.history import RoundInput
from trfaudit.engine.recorded import RecordedRound
from trfaudit.engine.result import RoundPairing


@dataclass
class Explanation:
    kind: Kind  # QUALITY, ORDER or UNEXPLAINED
    criterion: str | None  # as the edition labels it (C12, C.10, B.4, 4.2, D.1)
    bracket: BracketRecord | None
    recorded: str | None  # the criterion's value for the record, in the rule's terms
    expected: str | None  # and for the engine's pairing
    text: str
    players: list[int] = field(default_factory=list)


def _partners(result: RoundPairing) -> dict[int, int]:
    out: dict[int, int] = {}
    for b in result.boards:
        out[b.white], out[b.black] = b.black, b.white
    return out


def _inside(
    members: list[int], partner: dict[int, int], order: dict[int, int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """The pairs among ``members`` (higher-ranked first) and those not paired among them."""
    inside = set(members)
    pairs: list[tuple[int, int]] = []
    floaters: list[int] = []
    seen: set[int] = set()
    for v in members:
        if v in seen:
            continue
        o = partner.get(v)
        if o in inside:
            seen.update((v, o))
            pairs.append((v, o) if order[v] < order[o] else (o, v))
        else:
            floaters.append(v)
    return pairs, floaters


def first_divergence(result: RoundPairing, rec: RecordedRound) -> BracketRecord | None:
    """The engine's first bracket, in pairing order, whose pairs or downfloaters the
    recorded round gives otherwise (None when every bracket agrees)."""
    order = _order(result)
    eng = _partners(result)
    for br in trace_of(result).brackets:
        members = br.mdps + br.residents
        # A player who gets the PAB floats out of every bracket he is in until the last one:
        # the PAB is decided where he stays unpaired in one pairing and not in the other.
        if _inside(members, eng, order) != _inside(members, rec.partner, order):
            return br
    return None


def _order(result: RoundPairing) -> dict[int, int]:
    """Each player's place in the ranking order (1.2: score, then pairing number)."""
    ranked = sorted(trace_of(result).states.values(), key=lambda p: (-p.score, p.rank))
    return {p.tpn: i for i, p in enumerate(ranked)}


def _candidate(
    br: BracketRecord,
    partner: dict[int, int],
    order: dict[int, int],
    colours: dict[int, str | None],
) -> Candidate:
    pairs, floaters = _inside(br.mdps + br.residents, partner, order)
    nxt_members = floaters + [p for p in br.next_group if p not in floaters]
    next_pairs, next_floaters = _inside(nxt_members, partner, order)
    return Candidate(pairs, floaters, next_pairs, next_floaters, colours)


Total = int | dict[int, int]


def _totals(crit: Criterion, ctx: Context, br: Bracket, pairs: list[tuple[int, int]]) -> Total:
    """The engine's measure of a candidate on ``crit``: its per-pair values summed."""
    st = br.states
    total: Total = {} if crit.vector else 0
    for h, l in pairs:
        v = crit.value(ctx, st[h], st[l], "B")
        if not v:
            continue
        if isinstance(v, dict):
            assert isinstance(total, dict)
            for s, c in v.items():
                total[s] = total.get(s, 0) + c
        else:
            assert isinstance(total, int)
            total += v
    return total


def _better(x: Total, y: Total) -> int:
    """+1 when x is better than y, -1 when worse, 0 when equal (bigger is better)."""
    if isinstance(x, dict) or isinstance(y, dict):
        dx = x if isinstance(x, dict) else {}
        dy = y if isinstance(y, dict) else {}
        for k in sorted(set(dx) | set(dy), reverse=True):
            if dx.get(k, 0) != dy.get(k, 0):
                return 1 if dx.get(k, 0) > dy.get(k, 0) else -1
        return 0
    return (x > y) - (x < y)


def _next_better(edition: Edition, key: str, rc: Candidate, ec: Candidate, bracket: Bracket) -> int:
    """C8 (2017 C.7, 2012 C.12) on the next bracket as each pairing makes it: more pairs,
    then (2025) lower scores of its downfloaters, (2017) a lower PSD.

    The rules ask what the downfloaters *allow* in the next bracket.  2017/2012: both
    candidates carry the best pairing of their next bracket (:mod:`.next_bracket`).  2025:
    the record's own next bracket is what they allowed as far as the record shows (a lower
    bound), the engine's the best its downfloaters allow (it maximised it under C4).
    """
    if key == "C8a":
        return (len(rc.next_pairs) > len(ec.next_pairs)) - (len(rc.next_pairs) < len(ec.next_pairs))
    st = bracket.states
    if edition.name == "2025":
        rs = sorted((st[p].score for p in rc.next_floaters), reverse=True)
        es = sorted((st[p].score for p in ec.next_floaters), reverse=True)
    else:
        low = min((st[p].score for p in bracket.next_group), default=0)
        rs = psd(bracket, rc.next_pairs, rc.next_floaters, low)
        es = psd(bracket, ec.next_pairs, ec.next_floaters, low)
    return (rs < es) - (rs > es)  # lexicographically smaller is better


def explain_quality(
    inp: RoundInput,
    edition: Edition,
    rec: RecordedRound,
    result: RoundPairing,
    names: dict[int, str],
) -> Explanation:
    """See the module docstring."""
    st = trace_of(result).states
    pts = inp.points
    initial = inp.initial_colour or "w"
    rec_bye = rec.bye

    # C5 is decided for the whole round (2.3); 2017 and 2012 have no such criterion.
    if (
        edition.completion_every_bracket
        and rec_bye != result.bye
        and rec_bye is not None
        and result.bye is not None
    ):
        rs, es = st[rec_bye].score, st[result.bye].score
        if rs != es:
            kind = Kind.QUALITY if rs > es else Kind.UNEXPLAINED
            label = edition.label("C5")
            text = (
                f"{label}: the pairing-allocated bye went to {person(names, rec_bye)} with "
                f"{pts.show(rs)} points; it should have gone to a player with "
                f"{pts.show(es)} points, {person(names, result.bye)}, which was possible"
                if kind is Kind.QUALITY
                else f"{label}: the record gives the pairing-allocated bye to "
                f"{person(names, rec_bye)} with {pts.show(rs)} points, lower than the "
                f"engine's {person(names, result.bye)} ({pts.show(es)}): an engine defect"
            )
            br = first_divergence(result, rec) or (
                trace_of(result).brackets[-1] if trace_of(result).brackets else None
            )
            return Explanation(
                kind,
                label,
                br,
                f"{pts.show(rs)} points",
                f"{pts.show(es)} points",
                text,
                sorted({rec_bye, result.bye}),
            )

    br = first_divergence(result, rec)
    if br is None:
        return Explanation(
            Kind.UNEXPLAINED,
            None,
            trace_of(result).brackets[-1] if trace_of(result).brackets else None,
            None,
            None,
            "the recorded round and the engine's agree bracket by bracket, "
            "yet the pairs differ: an engine defect",
        )
    order = _order(result)
    eng_partner = _partners(result)
    rc = _candidate(br, rec.partner, order, dict(rec.colour))
    eng_colour: dict[int, str | None] = {}
    for b in result.boards:
        eng_colour[b.white], eng_colour[b.black] = "w", "b"
    ec = _candidate(br, eng_partner, order, eng_colour)
    ctx = br.context
    assert ctx is not None, "the engine's trace has no context for this bracket"
    if not edition.completion_every_bracket and ctx.lookahead and br.next_group:
        # 2017 C.7 values what the downfloaters allow in the next bracket alone (A.9: the
        # PPB's re-pairing under C.4 is not C.7's concern): the best pairing of it.
        for cand in (rc, ec):
            cand.next_pairs, cand.next_floaters = best_next_bracket(
                cand.floaters, br.next_group, st, ctx.point, inp.forbidden, ctx.next_is_last
            )
    bracket = Bracket(
        br.score, br.mdps, br.residents, br.next_group, ctx, st, pts.show, inp.round, initial
    )
    members = br.mdps + br.residents
    players = sorted(
        p
        for p in members
        if (eng_partner.get(p), p == result.bye) != (rec.partner.get(p), p in rec.byes)
    )

    for crit in trace_of(result).criteria:
        key = crit.key
        if key == "F1":
            continue  # C4: the recorded round is complete and legal (checked before)
        r = measure(key, crit, edition, bracket, rc)
        e = measure(key, crit, edition, bracket, ec)
        if key == "C6":
            cmp = (len(rc.floaters) < len(ec.floaters)) - (len(rc.floaters) > len(ec.floaters))
        elif key in ("C8a", "C8b"):
            if not br.next_group or not ctx.lookahead:
                continue
            if set(rc.floaters) == set(ec.floaters):
                continue  # the same downfloaters allow the same next bracket
            cmp = _next_better(edition, key, rc, ec, bracket)
        else:
            cmp = _better(
                _totals(crit, ctx, bracket, rc.pairs), _totals(crit, ctx, bracket, ec.pairs)
            )
        if cmp == 0:
            continue
        kind = Kind.QUALITY if cmp < 0 else Kind.UNEXPLAINED
        text = sentence(edition, key, r, e, names, worse=kind is Kind.QUALITY)
        return Explanation(kind, edition.label(key), br, r.value, e.value, text, players)
    return _order_explanation(edition, br, rc, ec, order, names, players)


def _order_explanation(
    edition: Edition,
    br: BracketRecord,
    rc: Candidate,
    ec: Candidate,
    order: dict[int, int],
    names: dict[int, str],
    players: list[int],
) -> Explanation:
    """Every criterion ties: the generation order decides (Art. 4; 2017/2012 D.1-D.3)."""
    mdps = set(br.mdps)
    rset = {frozenset(p) for p in rc.pairs}
    eset = {frozenset(p) for p in ec.pairs}
    r_mdp = sorted(t for p in rset for t in p if t in mdps)
    e_mdp = sorted(t for p in eset for t in p if t in mdps)
    if r_mdp != e_mdp:
        art = "4.4"
        what = (
            "the MDPs to pair are chosen first by score, then in order: the engine pairs "
            + ", ".join(person(names, p) for p in e_mdp)
            + "; the record "
            + (", ".join(person(names, p) for p in r_mdp) or "none")
        )
    elif {p for p in rset if p & mdps} != {p for p in eset if p & mdps}:
        art = "4.2"
        what = "the MDPs' opponents: the engine's transposition of S2 comes first"
    else:

        def firsts(pairs: set[frozenset[int]]) -> set[int]:
            return {min(p, key=lambda t: order[t]) for p in pairs if not p & mdps}

        if firsts(rset) != firsts(eset):
            art = "4.3"
            what = (
                "the engine's exchange between S1 and S2 comes first (fewer players, "
                "the smallest difference of pairing numbers)"
            )
        else:
            art = "4.2"
            what = "the engine's transposition of S2 comes first"
    label = edition.label(art)
    text = f"every criterion ties; Art. {label}: {what}"
    return Explanation(
        Kind.ORDER,
        label,
        br,
        ", ".join(f"{a}-{b}" for a, b in rc.pairs) or None,
        ", ".join(f"{a}-{b}" for a, b in ec.pairs) or None,
        text,
        players,
    )
