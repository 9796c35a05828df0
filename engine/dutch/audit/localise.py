"""Where the recorded and the engine's pairings first diverge, shown as one bracket.

Brackets are paired from the top (C.04.3 2026 1.9.2), so the first bracket in which some
player has another partner inside the bracket (or floats in one pairing and not in the
other, or gets another PAB) is where the argument starts (:func:`checker.explain.
first_divergence`).  :func:`bracket_view` lays that bracket out: each player's name, TPN,
pairing score, colour preference (1.7) and float history (1.4; the criteria look at the two
previous rounds), what each pairing gives him, and the two candidates side by side.  A
player *floats* only when paired outside his score group (1.4): a partner of the same
score outside the bracket is just a partner.
"""

from __future__ import annotations

from trfaudit.engine.dutch.players import PlayerState
from trfaudit.engine.dutch.trace import BracketRecord, trace_of
from trfaudit.engine.findings import BracketView, PlayerRow, short
from trfaudit.engine.history import RoundInput
from trfaudit.engine.recorded import RecordedRound
from trfaudit.engine.result import RoundPairing
from trfaudit.trf.model import EntryKind, Tournament


def float_history(st: PlayerState, rnd: int) -> str:
    """``R3 up, R4 down``: the floats of the two previous rounds (``-`` when none)."""
    parts = [f"R{rnd - back} {st.floats[back]}" for back in (2, 1) if st.floats.get(back)]
    return ", ".join(parts) if parts else "-"


def _engine_partner(result: RoundPairing) -> tuple[dict[int, int], dict[int, str | None]]:
    partner: dict[int, int] = {}
    colour: dict[int, str | None] = {}
    for b in result.boards:
        partner[b.white], partner[b.black] = b.black, b.white
        colour[b.white], colour[b.black] = "w", "b"
    return partner, colour


def bracket_of_pair(result: RoundPairing, a: int, b: int) -> BracketRecord | None:
    """The engine's bracket in which ``a`` and ``b`` were paired."""
    for br in trace_of(result).brackets:
        members = set(br.mdps) | set(br.residents)
        if a in members and b in members:
            return br
    return None


def recent_colours(t: Tournament, tpn: int, rnd: int, last: int = 4) -> str:
    """Colours of the last ``last`` rounds before ``rnd``, oldest first (``-``: no game)."""
    entries = t.players[tpn].entries[max(0, rnd - 1 - last) : rnd - 1]
    return "".join(e.colour if e.kind is EntryKind.PLAYED and e.colour else "-" for e in entries)


def _describe(
    tpn: int,
    partner: dict[int, int],
    colour: dict[int, str | None],
    bye: set[int],
    states: dict[int, PlayerState],
    names: dict[int, str],
) -> str:
    """``w Maier (7)`` (white against Maier), ``b Huber (12), downfloat``, ``PAB``, ``not
    paired``."""
    if tpn in bye:
        return "PAB"
    opp = partner.get(tpn)
    if opp is None:
        return "not paired"
    c = colour.get(tpn)
    text = (f"{c} " if c else "") + f"{short(names.get(opp, ''))} ({opp})".lstrip()
    if tpn in states and opp in states and states[opp].score != states[tpn].score:
        text += ", downfloat" if states[opp].score < states[tpn].score else ", upfloat"
    return text


def _candidate(
    members: list[int],
    partner: dict[int, int],
    colour: dict[int, str | None],
    bye: set[int],
    states: dict[int, PlayerState],
) -> list[str]:
    """Pairs inside the bracket as ``white-black``; the others are paired outside it
    (``floats`` only when to another score) or get the PAB."""
    out, seen = [], set()
    inside = set(members)
    for p in members:
        if p in seen:
            continue
        seen.add(p)
        if p in bye:
            out.append(f"PAB {p}")
            continue
        q = partner.get(p)
        if q is None:
            out.append(f"{p} not paired")
        elif q in inside:
            seen.add(q)
            w, b = (p, q) if colour.get(p) == "w" or colour.get(q) == "b" else (q, p)
            coloured = colour.get(p) or colour.get(q)
            out.append(f"{w}-{b}" if coloured else f"{min(p, q)}-{max(p, q)}")
        elif q in states and states[q].score != states[p].score:
            out.append(f"{p} floats (vs {q})")
        else:
            out.append(f"{p} vs {q} (same score, outside this bracket)")
    return out


def bracket_view(
    bracket: BracketRecord,
    states: dict[int, PlayerState],
    inp: RoundInput,
    rec: RecordedRound,
    result: RoundPairing | None,
    t: Tournament | None = None,
) -> BracketView:
    """The table of ``bracket`` (anything with ``score``, ``mdps`` and ``residents``); ``t``,
    the tournament, gives names, ratings and colour histories."""
    rnd = inp.round
    mdps = [p for p in bracket.mdps if p in states]
    residents = [p for p in bracket.residents if p in states]
    members = mdps + residents
    names = {tpn: p.name.strip() for tpn, p in t.players.items()} if t is not None else {}
    if result is not None:
        eng_partner, eng_colour = _engine_partner(result)
        eng_bye = {result.bye} if result.bye is not None else set()
    else:
        eng_partner, eng_colour, eng_bye = {}, {}, set()
    rec_colour = dict(rec.colour)
    rec_bye = set(rec.byes)
    rows = []
    for p in members:
        st = states[p]
        player = t.players.get(p) if t is not None else None
        recorded = _describe(p, rec.partner, rec_colour, rec_bye, states, names)
        expected = (
            _describe(p, eng_partner, eng_colour, eng_bye, states, names)
            if result is not None
            else "-"
        )
        differs = recorded != expected  # another partner, the PAB, or other colours
        rows.append(
            PlayerRow(
                tpn=p,
                score=inp.points.show(st.score),
                preference=st.describe_preference(),
                floats=float_history(st, rnd),
                role="MDP" if p in bracket.mdps else "resident",
                recorded=recorded,
                expected=expected,
                name=names.get(p, ""),
                rating=(player.rating or None) if player is not None else None,
                colours=recent_colours(t, p, rnd) if t is not None else "",
                differs=differs,
            )
        )
    expected_pairs = (
        _candidate(members, eng_partner, eng_colour, eng_bye, states)
        if result is not None
        else ["no pairing"]
    )
    return BracketView(
        score=inp.points.show(bracket.score),
        players=rows,
        recorded=_candidate(members, rec.partner, rec_colour, rec_bye, states),
        expected=expected_pairs,
        residents=len(residents),
        mdps=list(mdps),
    )
