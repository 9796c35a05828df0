"""Why a recorded round differs from the engine's: the criterion or article that decides.

The recorded round and the engine's are followed bracket by bracket from the top (1.9.2).
In the first bracket where they part, both candidates are measured on the edition's criteria
in order (C5, then C6 .. C21); the first criterion on which they differ decides (3.8).  When
every criterion ties, the engine's candidate is the one generated first (Art. 4): the MDP
choice (4.4), the S2 transposition (4.2) or the remainder exchange (4.3) decides.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .criteria import Context
from .dutch import BracketRecord, DutchPairer, RoundPairing
from .editions import Edition
from .history import RoundInput
from .matching import max_weight_matching

DESCRIPTIONS = {
    "C5": "score of the PAB assignee",
    "C6": "number of downfloaters",
    "C7": "scores of the downfloaters",
    "C8a": "pairs possible in the next bracket",
    "C8b": "scores paired in the next bracket",
    "C9": "unplayed games of the PAB assignee",
    "C10": "topscorers or opponents whose colour difference would pass ±2",
    "C11": "topscorers or opponents with the same colour three times running",
    "C12": "players who do not get their colour preference",
    "C13": "players who do not get their strong colour preference",
    "C14": "resident downfloaters (and pairs) measured on last round's downfloats",
    "C15": "MDP opponents who had an upfloat in the previous round",
    "C16": "resident downfloaters measured on downfloats two rounds before",
    "C17": "MDP opponents who had an upfloat two rounds before",
    "C18": "scores of repeated downfloaters (previous round)",
    "C19": "scores of opponents of MDPs with a repeated upfloat (previous round)",
    "C20": "scores of repeated downfloaters (two rounds before)",
    "C21": "scores of opponents of MDPs with a repeated upfloat (two rounds before)",
}


@dataclass
class Explanation:
    kind: str  # "quality" | "order" | "unexplained"
    criterion: str
    bracket: BracketRecord
    recorded_value: str
    expected_value: str
    text: str
    players: list[int] = field(default_factory=list)


def _bracket_of_recorded(pairs: set[frozenset], members: list[int]):
    """The recorded round seen as the pairing of one bracket: its pairs, its floaters."""
    inside = set(members)
    bpairs, floaters = [], []
    for v in members:
        partner = next((p for p in pairs if v in p), None)
        other = next(iter(partner - {v})) if partner else None
        if other not in inside:
            floaters.append(v)
        elif (other, v) not in bpairs:
            bpairs.append((v, other))
    return bpairs, floaters


def explain_quality(inp: RoundInput, edition: Edition, recorded: list[tuple[int, int]],
                    recorded_bye: int | None, result: RoundPairing) -> Explanation:
    """See the module docstring; ``recorded`` holds (white, black) TPN pairs."""
    pairer = DutchPairer(inp, edition)
    engine = pairer.pair()
    states = pairer.states
    pts = inp.points
    rec_pairs = {frozenset(p) for p in recorded}
    ctx: Context = pairer.ctx

    # C5 is decided for the whole round (2.3); the 2017 edition has no such criterion (its
    # PAB follows from the last bracket's C.4-C.6), so there the brackets are compared.
    if (edition.completion_every_bracket and recorded_bye != engine.bye
            and recorded_bye is not None and engine.bye is not None):
        rs, es = states[recorded_bye].score, states[engine.bye].score
        if rs != es:
            kind = "quality" if rs > es else "unexplained"
            return Explanation(kind, edition.label("C5"), engine.brackets[-1], pts.show(rs),
                               pts.show(es),
                               f"{edition.label('C5')}: the PAB went to {recorded_bye} with "
                               f"{pts.show(rs)} points; {pts.show(es)} is possible "
                               f"({engine.bye})", [recorded_bye, engine.bye])
    for br in engine.brackets:
        members = br.mdps + br.residents
        rp, rf = _bracket_of_recorded(rec_pairs, members)
        ep = {frozenset(p) for p in br.pairs}
        if {frozenset(p) for p in rp} == ep and set(rf) == set(br.downfloaters):
            continue
        shown = {frozenset(p): p for p in recorded}
        shown_engine = {frozenset((b.white, b.black)): (b.white, b.black) for b in engine.boards}
        return _compare(pairer, edition, br, [shown.get(frozenset(p), tuple(p)) for p in rp],
                        rf, ctx, recorded_bye, engine.bye,
                        [shown_engine.get(frozenset(p), p) for p in br.pairs])
    br = engine.brackets[-1] if engine.brackets else BracketRecord(0, [], [], [], [])
    return Explanation("unexplained", "-", br, "", "",
                       "the recorded round and the engine's agree bracket by bracket", [])


def _values(pairer: DutchPairer, br: BracketRecord, pairs, floaters, ctx_single: bool):
    """Criterion totals (satisfaction, bigger is better) of one candidate of a bracket."""
    states = pairer.states
    ctx = pairer.ctx
    saved = ctx.single_downfloater_is_pab
    ctx.single_downfloater_is_pab = ctx_single
    totals: dict[str, object] = {}
    crit = pairer.criteria
    for c in crit:
        totals[c.key] = {} if c.vector else 0
    for a, b in pairs:
        h, l = (states[a], states[b])
        if (h.score, -h.rank) < (l.score, -l.rank):
            h, l = l, h
        for c in crit:
            v = c.value(ctx, h, l, "B")
            _add(totals, c.key, v)
    # C8: the best the next bracket can do with these downfloaters (pairs, then scores).
    best_pairs, best_scores = _next_bracket(pairer, list(floaters), br)
    totals["C8a"] = best_pairs
    totals["C8b"] = best_scores
    ctx.single_downfloater_is_pab = saved
    totals["F1"] = 0
    return totals


def _add(totals, key, v):
    if not v:
        return
    if isinstance(v, dict):
        d = totals[key]
        for s, c in v.items():
            d[s] = d.get(s, 0) + c
    else:
        totals[key] += v


def _next_bracket(pairer: DutchPairer, floaters: list[int], br: BracketRecord):
    """C8 look-ahead as the engine weighs it: among the complete round-pairings of everybody
    not yet paired (these downfloaters, the next scoregroup and all below, with the PAB to
    an eligible player of the PAB score), the most pairs in the next bracket, then the
    highest scores paired there."""
    states = pairer.states
    ctx = pairer.ctx
    nxt = set(br.next_group)
    resident_score = states[br.residents[0]].score if br.residents else None
    rest = [states[t] for t in floaters]
    rest += [p for p in pairer.order if resident_score is not None and p.score < resident_score]
    rest.sort(key=lambda p: (-p.score, p.rank))
    idx = {p.tpn: i for i, p in enumerate(rest)}
    scores = sorted({p.score for p in rest})
    width = max(1, len(rest).bit_length()) + 1
    top = width * (len(scores) + 2)
    weights = {}
    for i, h in enumerate(rest):
        for l in rest[i + 1:]:
            if not pairer.compatible(h, l):
                continue
            w = (1 + (not ctx.bye_candidate(h)) + (not ctx.bye_candidate(l))) << top
            if l.tpn in nxt:
                w += 1 << (width * (len(scores) + 1))
                w += 1 << (width * scores.index(h.score))
            weights[(idx[h.tpn], idx[l.tpn])] = w
    if not weights:
        return 0, {}
    mate = max_weight_matching(weights, top + width + 2)
    pairs = 0
    paired: dict[int, int] = {}
    for i, j in mate.items():
        if i < j and rest[j].tpn in nxt:
            pairs += 1
            h = rest[i]
            paired[h.score] = paired.get(h.score, 0) + 1
    return pairs, paired


def _better(x, y) -> int:
    """+1 when x is better than y, -1 when worse, 0 when equal (bigger is better)."""
    if isinstance(x, dict) or isinstance(y, dict):
        keys = sorted(set(x) | set(y), reverse=True)
        for k in keys:
            if x.get(k, 0) != y.get(k, 0):
                return 1 if x.get(k, 0) > y.get(k, 0) else -1
        return 0
    return (x > y) - (x < y)


def _show(pairer, key, total, pairs, floaters) -> str:
    pts = pairer.inp.points
    states = pairer.states
    if key == "C6":
        return f"{len(floaters)} downfloater(s)"
    if key == "C7":
        return "[" + ", ".join(pts.show(states[f].score)
                               for f in sorted(floaters, key=lambda t: -states[t].score)) + "]"
    if isinstance(total, dict):
        return "{" + ", ".join(f"{pts.show(s)}: {c}" for s, c in sorted(total.items(),
                                                                         reverse=True)) + "}"
    if key in ("C10", "C11", "C12", "C13", "C15", "C17"):
        return f"{-total} failure(s)" if key in ("C10", "C11") else f"{-total} player(s)"
    return str(total)


def _compare(pairer, edition, br, rpairs, rfloat, ctx, rec_bye, eng_bye,
             eng_boards) -> Explanation:
    """``rpairs`` and ``eng_boards`` are (white, black) pairs of the bracket."""
    rv = _values(pairer, br, rpairs, rfloat, br.c9_applies)
    ev = _values(pairer, br, br.pairs, br.downfloaters, br.c9_applies)
    players = sorted(set(br.mdps + br.residents))
    # C6/C7 from the downfloaters directly (C6: count; C7: their scores, highest first).
    order = [c.key for c in pairer.criteria if c.key != "F1"]
    for key in order:
        if key == "C6":
            cmp = (len(rfloat) < len(br.downfloaters)) - (len(rfloat) > len(br.downfloaters))
        else:
            cmp = _better(rv[key], ev[key])
        if cmp == 0:
            continue
        label = edition.label(key)
        r_text = _show(pairer, key, rv[key], rpairs, rfloat)
        e_text = _show(pairer, key, ev[key], br.pairs, br.downfloaters)
        kind = "quality" if cmp < 0 else "unexplained"
        what = DESCRIPTIONS.get(key, key)
        text = (f"{label} ({what}): recorded {r_text}; {e_text} is possible"
                if kind == "quality" else
                f"{label} ({what}): the recorded pairing is better ({r_text} against "
                f"{e_text}): an engine defect")
        return Explanation(kind, label, br, r_text, e_text, text, players)
    # Every criterion ties: the generation order decides (Art. 4).
    rset = {frozenset(p) for p in rpairs}
    eset = {frozenset(p) for p in br.pairs}
    mdps = set(br.mdps)
    r_mdp = sorted(t for p in rset for t in p if t in mdps)
    e_mdp = sorted(t for p in eset for t in p if t in mdps)
    if r_mdp != e_mdp:
        art, what = "4.4", f"the MDPs paired: {e_mdp} come before {r_mdp}"
    elif {p for p in rset if p & mdps} != {p for p in eset if p & mdps}:
        art, what = "4.2", "the transposition of S2 that pairs the MDPs comes first"
    else:
        states = pairer.states

        def firsts(pairs):
            out = set()
            for p in pairs:
                a, b = sorted(p, key=lambda t: (-states[t].score, states[t].rank))
                if not p & mdps:
                    out.add(a)
            return out

        if firsts(rset) != firsts(eset):
            art, what = "4.3", "the exchange between S1 and S2 comes first"
        else:
            art, what = "4.2", "the transposition of S2 comes first"
    art = edition.label(art)
    text = (f"every criterion ties; Art. {art}: {what} (engine "
            + ", ".join(f"{a}-{b}" for a, b in eng_boards) + ")")
    return Explanation("order", art, br, ", ".join(f"{a}-{b}" for a, b in rpairs),
                       ", ".join(f"{a}-{b}" for a, b in eng_boards), text, players)
