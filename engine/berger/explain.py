"""``explain`` for a round-robin: each player's table number, the table round his round plays,
and his opponent and colour from it (C.05 Annex 1), in the records of
:mod:`trfaudit.engine.explanation` so that the text, JSON and HTML renderers show it."""

from __future__ import annotations

from fractions import Fraction

from trfaudit.engine.explanation import Colour, Explanation, PlayerWhy, Reason
from trfaudit.trf.model import Tournament

from .audit import RULE, audit_round, names_of
from .draw import Draw, read_draw
from .editions import BergerEdition
from .pairer import pair_draw
from .tables import table_round


def _who(t: Tournament, tpn: int) -> str:
    name = t.players[tpn].name.strip()
    return f"{name} ({tpn})" if name else f"player {tpn}"


def _cycle(n: int) -> str:
    return {2: "second", 4: "fourth", 6: "sixth"}.get(n, f"{n}th")


def _number(draw: Draw, tpn: int) -> str:
    n = draw.numbering.number[tpn]
    if draw.numbering.source == "starting":
        return f"table number {n} (his starting number)"
    return f"table number {n} (read from {draw.numbering.span()}; starting number {tpn})"


def player_why(t: Tournament, draw: Draw, rnd: int, tpn: int) -> PlayerWhy:
    """Player ``tpn``'s round ``rnd`` from the table, with the reasons."""
    s = draw.slot(rnd)
    games = draw.games(rnd)
    n = draw.numbering.number[tpn]
    g = next(x for x in games if n in (x.white, x.black))
    where = f"{RULE}, {s.describe(draw.size)}"
    printed = table_round(draw.size, s.table_round)
    row = f"the row of table round {s.table_round}: " + ", ".join(
        f"{b.white}-{b.black}" for b in printed
    )
    score = sum((t.entry_points(tpn, e) for e in t.players[tpn].entries[: rnd - 1]), Fraction(0))
    shown = f"{float(score):g}"
    other = g.black if g.white == n else g.white
    head = f"{_who(t, tpn)} has {_number(draw, tpn)}; {where}, board {g.board}"
    name = t.players[tpn].name.strip()
    if other == draw.dummy:
        text = f"{head}: he meets the dummy {draw.dummy} ({row}), so he has the bye."
        return PlayerWhy(tpn, name, shown, None, None, None, "PAB", None, False,
                         (Reason("bye", RULE, text),))  # fmt: skip
    opp = draw.tpn(other)
    assert opp is not None
    colour: Colour = "w" if g.white == n else "b"
    side = "White" if colour == "w" else "Black"
    if s.reversed:
        colour_text = (
            f"The table prints {g.black}-{g.white}; the {_cycle(s.cycle)} cycle reverses the "
            f"colours: {g.white}-{g.black}, {side} for {_who(t, tpn)}."
        )
    else:
        colour_text = (
            f"The table gives White to {g.white} in {g.white}-{g.black}: {side} for {_who(t, tpn)}."
        )
    reasons = (
        Reason(
            "opponent",
            RULE,
            f"{head} ({row}) pairs him with {_who(t, opp)} (table number {other}).",
        ),
        Reason("colour", RULE, colour_text),
    )
    return PlayerWhy(tpn, name, shown, None, opp, colour, None, None, False, reasons)


def explain_round(
    t: Tournament, rnd: int, edition: BergerEdition, player: int | None = None, why: str = ""
) -> Explanation:
    """Round ``rnd`` of ``t`` (a recorded round or the next one) as the Berger table pairs it;
    ``player``: his alone.  Raises ValueError for a round or player the table does not have."""
    recorded = t.recorded_rounds()
    if not 1 <= rnd <= recorded + 1:
        raise ValueError(f"cannot explain round {rnd}: rounds 1..{recorded + 1} can be")
    if player is not None and player not in t.players:
        raise ValueError(f"player {player} is not in the tournament")
    draw = read_draw(t, edition)
    result = pair_draw(draw, rnd)
    finding = None
    if rnd <= recorded:
        names = names_of(t)
        report = audit_round(t, rnd, edition, names, draw)
        if report.discrepancies:
            finding = report.discrepancies[0].summary
    who = [player] if player is not None else sorted(t.players)
    notes = list(draw.notes)
    if draw.numbering.source == "rounds":
        notes.append(
            f"the table numbers are read from {draw.numbering.span()}: they are not the "
            "starting numbers"
        )
    return Explanation(
        round=rnd,
        rules=edition.name,
        rules_reason=why or edition.title,
        recorded=rnd <= recorded,
        players=tuple(player_why(t, draw, rnd, p) for p in who),
        boards=tuple((b.white, b.black) for b in result.boards),
        bye=result.bye,
        finding=finding,
        player=player,
        notes=tuple(notes),
    )
