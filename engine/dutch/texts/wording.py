"""Each quality criterion in its edition's own words, and its value in the rule's own terms.

The engine measures a candidate as a sum of per-pair *satisfaction* values (bigger is
better), which is what a matching needs but not what the rules count.  A committee reads
the rules: C14 counts resident downfloaters who downfloated in the previous round, 2017's
C.6 the score differences of the PSD (A.8), 2012's B.4 the players who do not get their
colour preference.  :func:`measure` counts, for one candidate of a bracket, what the
criterion ``key`` counts, using the engine's criterion objects and player states, and names
who; :func:`sentence` says it for the record and the engine's pairing.

Keys are the editions' criterion keys (``engine/dutch/criteria.py``): ``C6`` .. ``C21``, ``C8a`` /
``C8b`` (C8's two parts), 2012's ``A7d``; labels come from the edition (``C.10``, ``B.4``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from trfaudit.engine.absolute import c3_clash, rounds_met
from trfaudit.engine.dutch.colours import allocate
from trfaudit.engine.dutch.criteria import Context, Criterion
from trfaudit.engine.dutch.editions import Edition
from trfaudit.engine.dutch.players import DOWN, UP, PlayerState
from trfaudit.engine.dutch.texts.rule_texts import describe


def what(edition: Edition, key: str) -> str:
    """What criterion ``key`` counts, in the words of ``edition``
    (:func:`checker.rule_texts.describe`)."""
    return describe(edition.name, key)


@dataclass
class Candidate:
    """One bracket's pairing: its pairs (higher-ranked player first) and its downfloaters
    (players of the bracket not paired inside it; the last bracket's is the PAB)."""

    pairs: list[tuple[int, int]]
    floaters: list[int]
    # The next bracket as this candidate leaves it (C8): its pairs and its downfloaters.
    next_pairs: list[tuple[int, int]] = field(default_factory=list)
    next_floaters: list[int] = field(default_factory=list)
    # The colours this pairing gives ('w'/'b' per player; the record's own, else Art. 5's).
    colours: dict[int, str | None] = field(default_factory=dict)


@dataclass
class Measure:
    """A criterion's value for one candidate, in the rule's terms: ``value`` as printed
    (``2``, ``[1.5, 1.0]``, ``3 pairs``), ``count`` of what is counted, and who."""

    value: str
    count: int
    players: list[int] = field(default_factory=list)
    notes: dict[int, str] = field(default_factory=dict)  # per player: "downfloated in round 4"


@dataclass
class Bracket:
    """What measuring needs of one bracket: its players, its context, the round."""

    score: int
    mdps: list[int]
    residents: list[int]
    next_group: list[int]
    context: Context
    states: dict[int, PlayerState]
    show: Callable[[int], str]  # a score in points
    round: int
    initial: str = "w"


def _scores(br: Bracket, players: Iterable[int]) -> list[int]:
    return sorted((br.states[p].score for p in players), reverse=True)


def _list(br: Bracket, values: list[int]) -> str:
    return "[" + ", ".join(br.show(v) for v in values) + "]" if values else "none"


def psd(br: Bracket, pairs: list[tuple[int, int]], floaters: list[int], low: int) -> list[int]:
    """2017 A.8: the pairs' score differences and each downfloater's score minus (the
    bracket's lowest score minus one point), highest first."""
    st = br.states
    out = [abs(st[a].score - st[b].score) for a, b in pairs]
    out += [st[f].score - (low - br.context.point) for f in floaters]
    return sorted(out, reverse=True)


def _unpaired_note(st: dict[int, PlayerState], u: int, unpaired: list[int]) -> str:
    """Why ``u`` is left unpaired in the next bracket's best pairing: the other unpaired
    players he already played (C.1) or shares an absolute colour preference with (C.3)."""
    met = [f"played {v} in round {r}" for v in unpaired if v != u for r in rounds_met(st[u], v)]
    same = [str(v) for v in unpaired if v != u and c3_clash(st[u], st[v]) is not None]
    parts = met + ([f"same absolute colour preference as {', '.join(same)}"] if same else [])
    return "; ".join(parts)


def _loser(br: Bracket, cand: Candidate, h: int, l: int) -> int:
    """The player of a pair who does not get his preference: by the colours the candidate
    gives (a recorded board's own), else by Art. 5."""
    a = br.states[h]
    colour = cand.colours.get(h)
    if colour is None:
        colour, _ = allocate(a, br.states[l], br.initial)
    return l if colour == a.preference else h


def measure(  # noqa: C901 - each criterion's measure of a candidate, in the order of priority
    key: str, crit: Criterion | None, edition: Edition, br: Bracket, cand: Candidate
) -> Measure:
    """What criterion ``key`` counts in ``cand`` (see the module docstring)."""
    st, ctx, rnd = br.states, br.context, br.round
    residents = set(br.residents)
    if key == "C6":
        if edition.name == "2025":
            return Measure(str(len(cand.floaters)), len(cand.floaters), list(cand.floaters))
        return Measure(
            f"{len(cand.pairs)} pair{'s' if len(cand.pairs) != 1 else ''}", len(cand.pairs), []
        )
    if key == "C7":
        if edition.name == "2025":
            return Measure(
                _list(br, _scores(br, cand.floaters)), len(cand.floaters), list(cand.floaters)
            )
        low = min(st[p].score for p in br.mdps + br.residents)
        return Measure(
            _list(br, psd(br, cand.pairs, cand.floaters, low)),
            len(cand.pairs) + len(cand.floaters),
            list(cand.floaters),
        )
    if key == "C8a":
        n = len(cand.next_pairs)
        if edition.name == "2025":
            return Measure(f"{n} pair{'s' if n != 1 else ''}", n, [])
        # 2017/2012: the best pairing of the next bracket; its unpaired players, each with
        # what keeps him from another unpaired one (C.1 / C.3), are the cause.
        notes = {u: _unpaired_note(st, u, cand.next_floaters) for u in cand.next_floaters}
        notes = {u: note for u, note in notes.items() if note}
        return Measure(f"{n} pair{'s' if n != 1 else ''}", n, list(notes), notes)
    if key == "C8b":
        if edition.name == "2025":
            return Measure(
                _list(br, _scores(br, cand.next_floaters)),
                len(cand.next_floaters),
                list(cand.next_floaters),
            )
        members = [p for pr in cand.next_pairs for p in pr] + cand.next_floaters
        low = min((st[p].score for p in br.next_group), default=0)
        return Measure(
            _list(br, psd(br, cand.next_pairs, cand.next_floaters, low)),
            len(members),
            list(cand.next_floaters),
        )
    if key == "C9":
        who = [f for f in cand.floaters if st[f].score == ctx.bye_score]
        notes = {f: f"{ctx.rounds_played - st[f].played} unplayed" for f in who}
        values = [ctx.rounds_played - st[f].played for f in who]
        return Measure(", ".join(map(str, values)) or "none", sum(values), who, notes)
    if key in ("C10", "C11", "C12", "C13", "A7d"):
        assert crit is not None
        who = [_loser(br, cand, h, l) for h, l in cand.pairs if crit.value(ctx, st[h], st[l], "B")]
        pref = {p: f"prefers {'white' if st[p].preference == 'w' else 'black'}" for p in who}
        return Measure(str(len(who)), len(who), who, pref)
    back = getattr(crit, "back", 1)
    when = rnd - back
    if key in ("C14", "C16"):
        who = [f for f in cand.floaters if f in residents and st[f].floats.get(back) == DOWN]
        if edition.name != "2025":  # 2017 C.12/C.14, 2012 B.5/B.6: every downfloater
            who = [f for f in cand.floaters if st[f].floats.get(back) == DOWN]
        return Measure(
            str(len(who)), len(who), who, {p: f"downfloated in round {when}" for p in who}
        )
    if key in ("C15", "C17"):
        who = [
            l for h, l in cand.pairs if st[h].score > st[l].score and st[l].floats.get(back) == UP
        ]
        return Measure(str(len(who)), len(who), who, {p: f"upfloated in round {when}" for p in who})
    if key in ("C18", "C20"):
        down = [f for f in cand.floaters if st[f].floats.get(back) == DOWN]
        if edition.name == "2025":
            return Measure(
                _list(br, _scores(br, down)),
                len(down),
                down,
                {p: f"downfloated in round {when}" for p in down},
            )
        low = min(st[p].score for p in br.mdps + br.residents)
        values = [st[f].score - (low - ctx.point) for f in down]
        paired = [
            (h, l)
            for h, l in cand.pairs
            if st[h].score > st[l].score and st[h].floats.get(back) == DOWN
        ]
        values += [st[h].score - st[l].score for h, l in paired]
        who = down + [h for h, _ in paired]
        return Measure(
            _list(br, sorted(values, reverse=True)),
            len(who),
            who,
            {p: f"downfloated in round {when}" for p in who},
        )
    if key in ("C19", "C21"):
        pairs = [
            (h, l)
            for h, l in cand.pairs
            if st[h].score > st[l].score and st[l].floats.get(back) == UP
        ]
        values = sorted((st[h].score - st[l].score for h, l in pairs), reverse=True)
        who = [l for _, l in pairs]
        return Measure(
            _list(br, values), len(who), who, {p: f"upfloated in round {when}" for p in who}
        )
    return Measure("-", 0, [])


def person(names: dict[int, str], tpn: int, note: str | None = None) -> str:
    """``Chasin, Nico (6)``, or ``Chasin, Nico (6, downfloated in round 4)``."""
    inner = f"{tpn}, {note}" if note else f"{tpn}"
    name = names.get(tpn, "").strip()
    return f"{name} ({inner})" if name else f"player {inner}"


def _phrase(m: Measure, names: dict[int, str]) -> str:
    if m.value in ("0", "none", "0 pairs") and not m.players:
        return "none" if m.value != "0 pairs" else "0 pairs"
    if not m.players:
        return m.value
    named = "; ".join(person(names, p, m.notes.get(p)) for p in m.players)
    return f"{m.value} ({named})"


def sentence(
    edition: Edition,
    key: str,
    rec: Measure,
    eng: Measure,
    names: dict[int, str],
    worse: bool = True,
) -> str:
    """``C16 (resident downfloaters who got a downfloat two rounds before, minimised): the
    record has 1 (Smith, Ann (41, downfloated in round 4)); the engine's pairing has none``.
    ``worse``: the record is the worse of the two (else: an engine defect)."""
    label = edition.label(key)
    text = (
        f"{label} ({what(edition, key)}): the record has {_phrase(rec, names)}; the "
        f"engine's pairing has {_phrase(eng, names)}"
    )
    return text if worse else text + ": the record is better, an engine defect"
