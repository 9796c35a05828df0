"""The reasons of one player's round, each one or two sentences in the edition's terms.

* opponent: his place in S1/S2 (Art. 3.2), the alteration that produced the pair (4.2
  transposition, 4.3 exchange, 4.4 MDP choice) and, for each opponent he would have had
  earlier in Art. 4's order, why not: C1/C3, or the first criterion on which the best round
  with that pair is worse (:mod:`checker.why.forced`, both values), or the generation order;
* float: down when he is paired below his score group (no compatible opponent there by
  C1/C3, or the best round that pairs him there is worse, with both values), up when his
  opponent is an MDP from above;
* colour: the rule of Art. 5.2 (2017/2012 E.1-E.5), both preferences and histories;
* bye: the PAB (C2 eligible, C5 the lowest possible score, C9 unplayed games, the order), and
  for the other candidates why not them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from trfaudit.engine.absolute import c3_clash, prohibited, rounds_met
from trfaudit.engine.dutch.audit.legality import _ineligibility, ineligibility
from trfaudit.engine.dutch.colours import decide, higher_ranked, preference_words
from trfaudit.engine.dutch.texts.rule_texts import describe
from trfaudit.engine.dutch.trace import BracketRecord, trace_of
from trfaudit.engine.dutch.why import forced
from trfaudit.engine.dutch.why.subgroups import Shape, shape
from trfaudit.engine.dutch.why.trace import Trace
from trfaudit.engine.explanation import About, Reason, Verdict
from trfaudit.engine.result import RoundPairing


@dataclass
class Budget:
    """How many extra pairings (one per alternative measured) an explanation may make, and
    the reasons already measured (a pair's reasons serve both its players)."""

    left: int
    memo: dict[tuple[str, int, int], Reason | None] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.size = self.left

    def take(self) -> bool:
        if self.left <= 0:
            return False
        self.left -= 1
        return True


def _names(ps: tuple[int, ...] | list[int], cap: int = 12) -> str:
    """``1, 2, 3`` (at most ``cap``, then how many in all)."""
    if len(ps) > cap:
        return ", ".join(map(str, ps[:cap])) + f", ... ({len(ps)} players)"
    return ", ".join(map(str, ps)) or "none"


def _key(tr: Trace, label: str | None) -> str | None:
    """The criterion key of an edition label (``C.10`` -> ``C12`` in 2017)."""
    for k, rule in tr.edition.rules.items():
        if rule.label == label and k not in ("F1", "C8"):
            return k
    return None


def worse(tr: Trace, v: Verdict, what: str) -> str:
    """``what`` is worse than the engine's round, in words (a verdict of forced.compare)."""
    if v.kind == "order":
        # No gloss of the article: it would name an exchange or transposition that the
        # engine's bracket may not have made.
        return (
            f"{what} ties with the engine's round on every criterion, and Art. {v.criterion} "
            "generates the engine's first"
        )
    if v.kind == "quality":
        key = _key(tr, v.criterion)
        what_counts = describe(tr.edition.name, key) if key else ""
        return (
            f"{what} is worse on {v.criterion} ({what_counts}): {v.alternative} against "
            f"{v.engine} in the engine's round"
        )
    return f"{what} is not worse than the engine's round: {v.text}"


def parting(tr: Trace, alt: RoundPairing, members: tuple[int, ...], cap: int = 4) -> str:
    """`` (2-6, 3-7 where the engine pairs 2-7, 3-6)``: the pairs of the bracket that the
    alternative makes otherwise ('' when there are more than ``cap``)."""
    inside = set(members)
    rank = {x: i for i, x in enumerate(members)}

    def pairs(boards: list[tuple[int, int]]) -> set[tuple[int, int]]:
        return {(a, b) if rank[a] < rank[b] else (b, a) for a, b in boards if {a, b} <= inside}

    mine = pairs([(b.white, b.black) for b in alt.boards])
    theirs = pairs([(b.white, b.black) for b in tr.result.boards])
    new, old = (
        sorted(mine - theirs, key=lambda x: rank[x[0]]),
        sorted(theirs - mine, key=lambda x: rank[x[0]]),
    )
    if not new or len(new) > cap or len(old) > cap:
        return ""
    shown = ", ".join(f"{a}-{b}" for a, b in new)
    engine = ", ".join(f"{a}-{b}" for a, b in old) or "neither"
    return f" ({shown} where the engine pairs {engine})"


def why_not(
    tr: Trace, p: int, q: int, budget: Budget, members: tuple[int, ...] = ()
) -> Reason | None:
    """Why ``p`` does not play ``q`` (C1/C3, or the best round with the pair is worse);
    ``members``: the bracket whose differing pairs the reason shows."""
    key = ("pair", p, q)
    if key not in budget.memo:
        budget.memo[key] = _why_not(tr, p, q, budget, members)
    return budget.memo[key]


def _why_not(tr: Trace, p: int, q: int, budget: Budget, members: tuple[int, ...]) -> Reason | None:
    c = forced.clash(tr, p, q)
    if c is not None:
        return Reason("opponent", tr.edition.label(c.key), f"Not {q}: {c.text}.")
    if not budget.take():
        return None
    return _against_best(
        tr,
        "opponent",
        f"Not {q}",
        forced.forced_pair(tr, p, q),
        f"with {p}-{q} the other players cannot all be paired",
        lambda alt: f"the best round with {p}-{q}{parting(tr, alt, members)}",
    )


def _against_best(
    tr: Trace,
    about: About,
    head: str,
    alt: RoundPairing | None,
    cannot: str,
    what: Callable[[RoundPairing], str],
) -> Reason | None:
    """``head: ...`` for the best round the rules allow with one choice forced (``alt``):
    there is none (``cannot``, C4); it ties (None: nothing to say); or the first criterion
    on which it is worse than the engine's round, with both values."""
    if alt is None:
        label = tr.edition.label("C4")
        return Reason(about, label, f"{head}: {cannot} ({label}).")
    v = forced.compare(tr, alt)
    if v.kind == "same":
        return None
    return Reason(
        about,
        v.criterion or "?",
        f"{head}: {worse(tr, v, what(alt))}.",
        uncertain=v.kind == "unexplained",
    )


def _subgroups(sh: Shape) -> tuple[str, str]:
    """The names of the subgroups the residents are paired in: S1 and S2, or, beside MDPs,
    the remainder's S1R and S2R."""
    return ("S1R", "S2R") if sh.mdps else ("S1", "S2")


def _role(sh: Shape, p: int) -> str:
    split = sh.remainder
    if p in sh.mdps:
        return "an MDP in S1"
    where, other = _subgroups(sh)
    if p in split.s1:
        return f"{where} #{split.s1.index(p) + 1}"
    if p in split.s2:
        return f"{other} #{split.s2.index(p) + 1}"
    return "a resident of S2"


def _moved(sh: Shape, players: tuple[int, int], exchange: str) -> str:
    """``; after the exchange (4.3) 4 is in S2``: where the exchange put the players it
    moved, so that a pair named by the subgroups Art. 3 forms reads right."""
    split = sh.remainder
    where, other = _subgroups(sh)
    places = [
        f"{x} in {other if x in split.out else where}"
        for x in players
        if x in split.out or x in split.into
    ]
    if not places:
        return ""
    places[0] = places[0].replace(" in ", " is in ", 1)
    return f"; after the exchange ({exchange}) {_and(places)}"


def _earlier(sh: Shape, h: int, low: int) -> list[int]:
    """The opponents ``h`` (the higher player of the pair) had before ``low`` in Art. 4's
    order: with no exchange, the other original subgroup (when an exchange was needed); then
    the S2 players before ``low`` that earlier S1 players did not take (4.2)."""
    if h in sh.mdps:
        pool = [r for r in sh.members if r not in sh.mdps]
        taken = {lo for m, lo in sh.mdp_pairs if sh.mdps.index(m) < sh.mdps.index(h)}
        return [r for r in pool[: pool.index(low)] if r not in taken]
    split = sh.remainder
    out: list[int] = []
    if split.out:
        out += list(split.s2 if h in split.s1 else split.s1)
    rows = [x for x in split.s1x if x in sh.pairs]
    taken = {sh.pairs[x] for x in rows[: rows.index(h)]} if h in rows else set()
    s2 = list(split.s2x)
    if low in s2:
        out += [x for x in s2[: s2.index(low)] if x not in taken]
    return [x for x in dict.fromkeys(out) if x not in (h, low)]


def production(tr: Trace, sh: Shape, h: int, low: int, tied: bool = False) -> Reason:
    """Which alteration of Art. 4 produced the pair ``h``-``low``; ``tied``: an opponent
    ``h`` had earlier in Art. 4's order gives a round as good (the order decided)."""
    ed = tr.edition
    split = sh.remainder
    if h in sh.mdps:
        label = ed.label("4.4")
        choice = len(sh.mdp_pairs) < len(sh.mdps) or any(
            m not in {x for x, _ in sh.mdp_pairs} for m in sh.mdps
        )
        # An MDP choice (4.4, 2017 D.3) is cited only where not every MDP was paired.
        rule = f"Art. {label}, {ed.label('4.2')}" if choice else f"Art. {ed.label('4.2')}"
        return Reason(
            "opponent",
            label if choice else ed.label("4.2"),
            f"{h} is an MDP and plays the resident {low}: the MDPs are paired first, each with "
            f"the earliest resident that keeps the best pairing ({rule}).",
        )
    if split.out:
        label = ed.label("4.3")
        one, two = _subgroups(sh)
        return Reason(
            "opponent",
            label,
            f"{h}-{low} comes from the exchange of {_names(split.out)} ({one}) with "
            f"{_names(split.into)} ({two}) (Art. {label}): no candidate without it is as good; "
            f"{one} is then {_names(split.s1x)}, {two} {_names(split.s2x)}.",
        )
    label = ed.label("4.2")
    rows = [x for x in split.s1x if x in sh.pairs]
    natural = dict(zip(rows, split.s2x))
    first_taken = all(natural.get(x) == sh.pairs[x] for x in rows)
    if natural.get(h) == low and first_taken:
        return Reason(
            "opponent",
            label,
            f"{h}-{low} is S1 #{rows.index(h) + 1} against S2 #{rows.index(h) + 1}, the first "
            f"candidate's pair (Art. {label}).",
        )
    if natural.get(h) == low:
        return Reason(
            "opponent",
            label,
            f"{h}-{low} is S1 #{rows.index(h) + 1} against S2 #{rows.index(h) + 1}; the bracket's "
            f"other pairs come from a transposition of S2 (Art. {label}).",
        )
    ending = (
        f"an earlier one gives a round as good, and Art. {label} generates this one first"
        if tied
        else f"{low} is the first S2 player {h} can get in a best pairing"
    )
    return Reason(
        "opponent",
        label,
        f"{h}-{low} comes from a transposition of S2 (Art. {label}): {ending}.",
    )


def _rest(tr: Trace, h: int, rest: list[int], budget: Budget) -> Reason | None:
    """One measure for the earlier opponents left when the budget is spent: the best round
    that pairs ``h`` with one of ``rest`` (each of them gives a round at best as good)."""
    if not rest or not budget.take():
        return None
    inside = set(rest)
    alt = forced.best_with(tr, {frozenset((h, x)) for x in tr.states if x != h and x not in inside})
    who = _and([str(x) for x in rest])
    if alt is None or alt.bye == h:
        label = tr.edition.label("C4")
        return Reason(
            "opponent",
            label,
            f"Not {who}: no round-pairing pairs {h} with one of them ({label}).",
        )
    v = forced.compare(tr, alt)
    q = next(b.black if b.white == h else b.white for b in alt.boards if h in (b.white, b.black))
    what = (
        f"the best round with {h}-{q}"
        if len(rest) == 1
        else f"the best round pairing {h} with one of them (with {q})"
    )
    return Reason(
        "opponent",
        v.criterion or "?",
        f"Not {who}: {worse(tr, v, what)}.",
        uncertain=v.kind == "unexplained",
    )


def opponent(tr: Trace, br: BracketRecord, p: int, budget: Budget, depth: int) -> list[Reason]:
    """Why ``p`` plays his opponent (see the module docstring)."""
    sh = shape(tr, br)
    o = tr.partner[p]
    h, low = (p, o) if p in sh.pairs and sh.pairs[p] == o else (o, p)
    out = [
        Reason(
            "opponent",
            tr.edition.label("4.2"),
            f"{tr.who(p)} is {_role(sh, p)} of {bracket_words(tr, br)} "
            f"({_names(list(sh.members))}; MDPs: {_names(list(sh.mdps))}) and plays "
            f"{tr.who(o)}, {_role(sh, o)}{_moved(sh, (p, o), tr.edition.label('4.3'))}.",
        ),
    ]
    earlier = _earlier(sh, h, low)
    # The earlier opponents: the clashes (C1, C3) grouped, then each measured while the
    # budget lasts (the first ``depth``), the rest in one measure.
    groups, free = _clashes(tr, h, earlier, str(h))
    measured: list[Reason] = []
    tied = False
    rest: list[int] = []
    for q in free:
        if len(measured) >= depth:
            rest.append(q)
            continue
        r = why_not(tr, h, q, budget, sh.members)
        if r is None:
            rest.append(q)
            continue
        tied = tied or r.rule in {tr.edition.label(a) for a in ("4.2", "4.3", "4.4")}
        measured.append(r)
    out.append(production(tr, sh, h, low, tied))
    for label, who, text in groups:
        out.append(Reason("opponent", label, f"Not {_and([str(x) for x in who])}: {text}."))
    out += measured
    extra = _rest(tr, h, rest, budget)
    if extra is not None:
        out.append(extra)
    elif rest:
        out.append(
            Reason(
                "opponent",
                tr.edition.label("4.2"),
                f"{h} could also have got {_names(rest)} earlier in Art. "
                f"{tr.edition.label('4.2')}'s order; ask --player {h} --against one of them "
                "for the round it gives.",
                uncertain=True,
            )
        )
    return out


def floats(tr: Trace, p: int, budget: Budget) -> tuple[str | None, list[Reason]]:
    """Whether ``p`` floats and why (see the module docstring)."""
    ed, st = tr.edition, tr.states
    art = ed.float_article
    o = tr.partner.get(p)
    if o is not None and st[o].score > st[p].score:
        return "up", [
            Reason(
                "float",
                art,
                f"{p} floats up: his opponent {o} ({tr.show(st[o].score)} points) came down "
                f"from a higher bracket; {p} has {tr.show(st[p].score)}.",
            )
        ]
    if o is None or st[o].score >= st[p].score:
        return None, []
    left = [
        (i, br)
        for i, br in enumerate(tr.brackets)
        if p in br.downfloaters and p in br.mdps + br.residents
    ]
    if not left:
        return "down", []
    # An MDP who floats again is explained at each bracket he leaves; a run of brackets
    # one after another where nobody may play him is one sentence.
    runs: list[list[BracketRecord]] = []
    last, nobody_before = -2, False
    for i, br in left:
        nobody = _nobody_may_play(tr, p, br)
        if nobody and nobody_before and i == last + 1:
            runs[-1].append(br)
        else:
            runs.append([br])
        last, nobody_before = i, nobody
    return "down", [
        _down_through(tr, p, run) if len(run) > 1 else _why_down(tr, p, run[0], budget)
        for run in runs
    ]


def _mates(tr: Trace, p: int, br: BracketRecord) -> list[int]:
    """The players of bracket ``br`` other than ``p``, in pairing order."""
    return [x for x in tr.ranked(list(br.mdps) + list(br.residents)) if x != p]


def _nobody_may_play(tr: Trace, p: int, br: BracketRecord) -> bool:
    """Does a rule forbid ``p`` every other player of ``br`` (a plain bracket, not 2017's PPB
    or collapsed last bracket, whose sentences say more)?"""
    mates = _mates(tr, p, br)
    plain = not clb(tr, br) and not _ppb(tr, br)
    return plain and bool(mates) and not _clashes(tr, p, mates)[1]


def _down_through(tr: Trace, p: int, run: list[BracketRecord]) -> Reason:
    """Why ``p`` floats down through consecutive brackets where nobody may play him: one
    sentence over all their players (each named once, as first met going down)."""
    mates = list(dict.fromkeys(x for br in run for x in _mates(tr, p, br)))
    groups, _ = _clashes(tr, p, mates)
    scores = _and([tr.show(br.score) for br in run])
    return _nobody_there(f"{p} floats down from each of the brackets of {scores} points", groups)


def _nobody_there(head: str, groups: list[tuple[str, list[int], str]]) -> Reason:
    """``{head}: nobody there may play him: ...``, citing every rule of ``groups``
    (:func:`_clashes`)."""
    labels = list(dict.fromkeys(label for label, _, _ in groups))
    said = "; ".join(text for _, _, text in groups)
    return Reason("float", ", ".join(labels), f"{head}: nobody there may play him: {said}.")


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _some(items: list[str], cap: int = 12) -> str:
    """``a, b and c``; past ``cap`` items the first ``cap`` and how many others (a sentence
    read aloud about a bracket of hundreds of players stays a sentence).  For lists that
    are not the cause: the players a rule forbids him are all named (:func:`_clashes`)."""
    if len(items) <= cap:
        return _and(items)
    return ", ".join(items[:cap]) + f" and {len(items) - cap} others"


def _ppb(tr: Trace, br: BracketRecord) -> str:
    """`` (the PPB, A.9)`` for the 2017 penultimate pairing bracket: the bracket paired again
    under C.4 because its downfloaters and everybody below could not complete the round."""
    last = tr.brackets[-1] if tr.brackets else None
    ctx = br.context
    if tr.edition.name != "2017" or ctx is None or br is last or not ctx.completion:
        return ""
    return " (the PPB, A.9)"


def clb(tr: Trace, br: BracketRecord) -> bool:
    """Is ``br`` the 2017 collapsed last bracket (A.9): the last one, after a PPB?"""
    bs = tr.brackets
    return (
        tr.edition.name == "2017"
        and bool(bs)
        and br is bs[-1]
        and any(b.context is not None and b.context.completion for b in bs[:-1])
    )


def bracket_words(tr: Trace, br: BracketRecord) -> str:
    """``the 1.5-point bracket``; 2017: ``the collapsed last bracket (A.9, 0.5 points)``."""
    if clb(tr, br):
        return f"the collapsed last bracket (A.9, {tr.show(br.score)} points)"
    return f"the {tr.show(br.score)}-point bracket{_ppb(tr, br)}"


def _clashes(
    tr: Trace, p: int, mates: list[int], him: str = "him"
) -> tuple[list[tuple[str, list[int], str]], list[int]]:
    """The rules that forbid ``p`` each of ``mates``, grouped: (label, the players, the
    sentence), and the mates left who may play him."""
    ed, st = tr.edition, tr.states
    met = {x: rounds_met(st[p], x) for x in mates}
    c1 = [x for x in mates if met[x]]
    barred = [x for x in mates if not met[x] and prohibited(p, x, tr.inp.forbidden)]
    c3 = [x for x in mates if x not in c1 and x not in barred and c3_clash(st[p], st[x])]
    out: list[tuple[str, list[int], str]] = []
    if c1:
        if len(c1) == 1:
            rounds = met[c1[0]]
            word = "round" if len(rounds) == 1 else "rounds"
            who = f"{c1[0]} already played {him} ({ed.label('C1')}, {word} {_and([str(r) for r in rounds])})"
        else:
            each = [f"{x} (round {_and([str(r) for r in met[x]])})" for x in c1]
            who = f"{_and(each)} already played {him} ({ed.label('C1')})"
        out.append((ed.label("C1"), c1, who))
    if barred:
        out.append(
            (
                ed.label("C1"),
                barred,
                f"{_and([str(x) for x in barred])} may not meet {him} ({ed.label('C1')}: a "
                "prohibited pairing, XXP/260)",
            )
        )
    if c3:
        colour = {"w": "white", "b": "black"}[str(st[p].preference)]
        who = _and([str(x) for x in c3])
        verb = "has" if len(c3) == 1 else "have"
        nobody = "neither" if len(c3) == 1 else "none of them"
        out.append(
            (
                ed.label("C3"),
                c3,
                f"{who} {verb} {'his' if him == 'him' else him + chr(39) + 's'} absolute "
                f"preference for {colour} and {nobody} is a topscorer ({ed.label('C3')})",
            )
        )
    gone = set(c1) | set(barred) | set(c3)
    return out, [x for x in mates if x not in gone]


def _why_down(tr: Trace, p: int, home: BracketRecord, budget: Budget) -> Reason:
    """Why ``p`` is not paired in the bracket ``home`` (his own, or one he came down to): the
    players there who may not play him, and the best round that pairs him with one of the
    others (:func:`forced.kept_in`), which is worse than the engine's; its first worse
    criterion decides (the least bad over every opponent he could have there)."""
    ed = tr.edition
    art = ed.float_article
    mates = _mates(tr, p, home)
    head = f"{p} floats down from {bracket_words(tr, home)}"
    if not mates:
        return Reason(
            "float", art, f"{head}: he is its only player, so he can only be paired below it."
        )
    groups, free = _clashes(tr, p, mates)
    said = [text for _, _, text in groups]
    if not free:
        return _nobody_there(head, groups)
    if not budget.take():
        # Not measured: say only what is known (the clashes) and which players remain.
        known = "; ".join(said) + "; " if said else ""
        return Reason(
            "float",
            art,
            f"{head}: {known}{_some([str(x) for x in free])} may play him; ask for this player "
            "alone for the round that would pair him there.",
            uncertain=True,
        )
    index = next(i for i, b in enumerate(tr.brackets) if b is home)
    alt = forced.kept_in(tr, p, index)
    if alt is not None and alt.bye == p:
        # The best round keeping him out of the brackets below gives him the PAB: the
        # rounds that pair him in this bracket, one per opponent, decide.
        alts = [a for a in (forced.kept_in(tr, p, index, only=q) for q in free) if a]
        alt = max(alts, key=lambda a: forced.standing(tr, a), default=None)
    known = "; ".join(said) + "; " if said else ""
    if alt is None:
        # 2017: completion is C.4 in the PPB and the last bracket; elsewhere a round-pairing
        # is complete by definition (A.9).
        ctx = home.context
        label = (
            ed.label("C4")
            if ed.completion_every_bracket or ctx is None or ctx.completion
            else "A.9"
        )
        return Reason(
            "float",
            label,
            f"{head}: {known}with the brackets above paired as the rules pair them, pairing "
            f"him with {_some([str(x) for x in free])} leaves the round incomplete ({label}).",
        )
    v = forced.compare(tr, alt)
    q = next(
        (b.black if b.white == p else b.white for b in alt.boards if p in (b.white, b.black)),
        None,
    )
    if v.kind == "same":  # cannot be: the engine's round floats him
        return Reason("float", art, f"{head}.", uncertain=True)
    if q is None:
        what, rest = "the best round that does not pair him below it (it gives him the PAB)", ""
    else:
        what = f"the best round that pairs him {_where(alt, p, q, home.score)} (with {q})"
        others = [x for x in free if x != q]
        rest = f"; with {_some([str(x) for x in others])} it is no better" if others else ""
    return Reason(
        "float",
        v.criterion or art,
        f"{head}: {known}" + worse(tr, v, what) + rest + ".",
        uncertain=v.kind == "unexplained",
    )


def _where(alt: RoundPairing, p: int, q: int, score: int) -> str:
    """``there`` when the alternative pairs P-Q in P's own bracket, else ``below it``."""
    for br in trace_of(alt).brackets:
        if (p, q) in br.pairs or (q, p) in br.pairs:
            return "there" if br.score == score else "below it"
    return "there"


def _history(tr: Trace, p: int) -> str:
    st = tr.states[p]
    hist = "".join(c.upper() for c in st.colours) or "no games"
    return f"{p}: {hist}, {preference_words(st)}"


def colour(tr: Trace, p: int) -> Reason:
    """The colour rule of ``p``'s board (Art. 5.2; 2017/2012 E.1-E.5)."""
    o = tr.partner[p]
    st = tr.states
    d = decide(st[p], st[o], tr.inp.initial_colour or "w", tr.edition)
    return Reason(
        "colour",
        d.label,
        f"{d.white} gets white, {d.black} black; {d.reason}. Colours so far: "
        f"{_history(tr, d.white)}; {_history(tr, d.black)}.",
    )


def _score_rule(tr: Trace) -> str:
    """The rule that sends the PAB to the lowest score: 2025 C5 (2.3); 2017: the PAB is
    assigned in the last bracket (A.9), the lowest; 2012 as the edition labels C5."""
    ed = tr.edition
    if ed.completion_every_bracket or ed.name != "2017":
        return ed.label("C5")
    return "A.9"


def _ineligible(tr: Trace, who: list[int]) -> str:
    """``3 had the pairing-allocated bye in round 2; 7 won by forfeit in round 4``; players
    made ineligible alike grouped: ``3 (round 2) and 5 (round 6) had the pairing-allocated
    bye; 7 won by forfeit in round 4``."""
    by_what: dict[str, list[tuple[int, int]]] = {}
    unknown: list[int] = []
    for x in who:
        why = ineligibility(tr.inp, tr.edition, x)
        if why is None:
            unknown.append(x)
        else:
            by_what.setdefault(why[0], []).append((x, why[1]))
    said = [
        f"{xs[0][0]} {what} in round {xs[0][1]}"
        if len(xs) == 1
        else f"{_and([f'{x} (round {r})' for x, r in xs])} {what}"
        for what, xs in by_what.items()
    ]
    if unknown:
        verb = "is" if len(unknown) == 1 else "are"
        said.append(f"{_and([str(x) for x in unknown])} {verb} not eligible")
    return "; ".join(said)


def _lower_scorers(tr: Trace, p: int, budget: Budget) -> tuple[list[Reason], bool]:
    """Why no player with fewer points than ``p`` gets the PAB (the ineligible ones by C2,
    each eligible one by the best round that leaves him unpaired), and whether every one
    was measured."""
    ed, st = tr.edition, tr.states
    lower = [x for x in tr.ranked(list(st)) if st[x].score < st[p].score]
    if not lower:
        return [], True
    out: list[Reason] = []
    barred = [x for x in lower if not st[x].bye_eligible]
    if barred:
        c2 = ed.label("C2")
        out.append(
            Reason(
                "bye",
                c2,
                f"Nobody with fewer points may take it instead: {_ineligible(tr, barred)} "
                f"({c2}: {describe(ed.name, 'C2')})."
                if len(barred) == len(lower)
                else f"Of the players with fewer points, {_ineligible(tr, barred)} ({c2}).",
            )
        )
    complete = True
    by_reason: dict[tuple[str, str], list[int]] = {}
    left: list[int] = []
    for x in (x for x in lower if st[x].bye_eligible):
        if not budget.take():
            complete = False
            left.append(x)
            continue
        alt = forced.forced_bye(tr, x)
        if alt is None:
            label = ed.label("C4")
            key = (label, f"with him unpaired the others cannot all be paired ({label})")
        else:
            v = forced.compare(tr, alt)
            key = (v.criterion or "?", worse(tr, v, "the best round with him unpaired"))
        by_reason.setdefault(key, []).append(x)
    for (label, why), who in by_reason.items():
        out.append(
            Reason(
                "bye",
                label,
                f"Not {_and([str(x) for x in who])} ({tr.show(st[who[0]].score)} points): {why}.",
            )
        )
    if left:
        out.append(
            Reason(
                "bye",
                ed.label("C2"),
                f"{_and([str(x) for x in left])} (fewer points) may receive it too; the rounds "
                "that leave them unpaired are compared when each is asked for alone (--player).",
                uncertain=True,
            )
        )
    return out, complete


def plain(tr: Trace, p: int) -> str:
    """One sentence for the player himself: his opponent and colour and the colour rule in
    plain words (Art. 5.2; 2017/2012 E.1-E.5); the detail for the arbiter follows it."""
    o = tr.partner.get(p)
    if o is None:
        return ""
    st = tr.states
    d = decide(st[p], st[o], tr.inp.initial_colour or "w", tr.edition)
    word = {True: "White", False: "Black"}
    mine = word[d.white == p]
    me, him = st[p], st[o]
    pref = {"w": "White", "b": "Black", None: "no colour"}
    head = f"You play {o} with {mine}"
    why: str
    if d.rule == "5.2.1":
        if me.preference is None:
            why = f"you had no colour preference, and {o} gets the colour he prefers"
        elif him.preference is None:
            why = f"the colour you prefer; {o} had no preference"
        else:
            why = f"the colour you prefer, and {o} gets his"
    elif d.rule == "5.2.2":
        if (d.white == p) == (me.preference == "w"):
            why = f"{o} also wanted {mine}, but your preference was the stronger"
        else:
            why = f"{o} also wanted {pref[me.preference]} and his preference was the stronger"
    elif d.rule == "5.2.3":
        why = (
            f"you both wanted {pref[me.preference]} equally, so the colours alternate from the "
            "latest round in which you two had different colours"
        )
    elif d.rule == "5.2.4":
        why = (
            "you both wanted it equally and you are ranked higher"
            if higher_ranked(me, him)
            else f"you both wanted {pref[me.preference]} equally and {o} is ranked higher"
        )
    else:
        why = "no preference decides, so the pairing number and the initial colour drawn do"
    return f"{head}: {why} ({d.label})."


def bye_holder(tr: Trace, p: int, budget: Budget) -> list[Reason]:
    """Why ``p`` gets the PAB: he may receive it (C2); nobody with fewer points could take
    it (by name, with the rule); the score rule with the scores; C9 and the ranking only when
    they separate him from another candidate of his score."""
    ed, st = tr.edition, tr.states
    me = st[p]
    score = tr.show(me.score)
    rule = _score_rule(tr)
    lowest = min(x.score for x in st.values())
    if me.score == lowest:
        where = f"{score} points, the lowest score in the round"
    else:
        where = f"{score} points"
    if ed.completion_every_bracket:  # 2025: C5 is a criterion of the whole round (2.3)
        first = (
            f"{p} gets the pairing-allocated bye with {where}: the lowest score the bye can go "
            f"to with every other player paired ({rule}); {p} may receive it ({ed.label('C2')})."
        )
    else:  # 2017/2012: the player left over when the last bracket is paired
        first = (
            f"{p} gets the pairing-allocated bye with {where}: he is the player left over when "
            f"the last bracket is paired ({rule}), and he may receive it ({ed.label('C2')})."
        )
    out = [Reason("bye", rule, first)]
    lower, _ = _lower_scorers(tr, p, budget)
    out += lower
    unplayed = tr.inp.round - 1 - me.played
    same = [
        x for x in tr.ranked(list(st)) if x != p and st[x].score == me.score and st[x].bye_eligible
    ]
    others_unplayed = {x: tr.inp.round - 1 - st[x].played for x in same}
    if ed.rules.get("C9") is not None and any(u != unplayed for u in others_unplayed.values()):
        more = [x for x in same if others_unplayed[x] > unplayed]
        fewer = [x for x in same if others_unplayed[x] < unplayed]
        parts = []
        if more:
            parts.append(
                f"{_names(more)} with more would be worse ({ed.label('C9')}: "
                f"{describe(ed.name, 'C9')})"
            )
        if fewer:
            parts.append(f"{_names(fewer)} with fewer could not take it in a round as good")
        out.append(
            Reason(
                "bye",
                ed.label("C9"),
                f"{p} has {unplayed} unplayed round{'s' if unplayed != 1 else ''}; "
                + "; ".join(parts)
                + ".",
            )
        )
    ties = [x for x in same if others_unplayed[x] == unplayed or ed.rules.get("C9") is None]
    lower_ranked = [x for x in ties if st[x].rank > me.rank]
    if ties and not lower_ranked:
        out.append(
            Reason(
                "bye",
                ed.label("4.2"),
                f"{p} is the lowest-ranked of the players who could take it with {score} points "
                f"({_names(ties)} rank above him): the last player left over in Art. "
                f"{ed.label('4.2')}'s order.",
            )
        )
    return out


def bye_other(tr: Trace, p: int, budget: Budget) -> Reason | None:
    """Why ``p`` does not get the PAB (for the players who might have)."""
    bye = tr.result.bye
    if bye is None or p == bye:
        return None
    ed, st = tr.edition, tr.states
    me = st[p]
    if not me.bye_eligible:
        return Reason(
            "bye",
            ed.label("C2"),
            f"Not the bye: {p} may not receive it ({ed.label('C2')}): "
            f"he {_ineligibility(tr.inp, ed, p)}.",
        )
    if me.score > st[bye].score:
        rule = _score_rule(tr)
        why = (
            "the bye goes to the lowest score possible"
            if ed.completion_every_bracket
            else "the bye goes to the player left over in the last bracket"
        )
        return Reason(
            "bye",
            rule,
            f"Not the bye: {p} has {tr.show(me.score)} points, {bye} has "
            f"{tr.show(st[bye].score)}; {why} ({rule}).",
        )
    if not budget.take():
        return None
    return _against_best(
        tr,
        "bye",
        "Not the bye",
        forced.forced_bye(tr, p),
        f"with {p} unpaired the others cannot all be paired",
        lambda alt: f"the best round with {p} unpaired",
    )


def nearest_to_bye(tr: Trace, k: int = 2) -> list[int]:
    """The ``k`` eligible players with the PAB's score ranked nearest above it and below it:
    the ones a whole-round explanation measures (a single player's always is)."""
    bye = tr.result.bye
    st = tr.states
    if bye is None:
        return []
    race = [x for x in tr.ranked(list(st)) if st[x].score == st[bye].score and st[x].bye_eligible]
    above = [x for x in race if st[x].rank < st[bye].rank]
    below = [x for x in race if st[x].rank > st[bye].rank]  # passed over: the surprising ones
    return above[-k:] + below[:k]


__all__ = ["Budget", "RoundPairing", "bye_holder", "bye_other", "colour", "floats", "opponent"]
