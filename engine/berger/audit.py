"""The audit of a recorded round against the Berger tables (C.05 Annex 1).

Each board of the round's table is compared with the record: the pair (a different pair,
or a game for the player who meets the dummy, is ``illegal``: the tables fix every pairing),
then the colours (``colour``).  A table game that neither player has in the record (both
absent) is a game not played, not a pairing.  A file whose rounds follow the table under
numbers other than the starting numbers gets one ``input`` finding in round 1 (the reading,
:mod:`.numbering`); its rounds are then compared under those numbers.
"""

from __future__ import annotations

from fractions import Fraction

from trfaudit.engine.findings import (
    BoardDiff,
    Cause,
    Discrepancy,
    FindingClass,
    Kind,
    Pairing,
    PlayerInfo,
    RoundReport,
    Side,
    Status,
)
from trfaudit.trf.model import EntryKind, Tournament

from .draw import Draw, read_draw
from .editions import BergerEdition
from .record import Seat, no_game_text, seats
from .schedule import Game

#: The criterion a finding names: the Annex that holds the tables.
RULE = "C.05 Annex 1"


class _Words:
    """How the findings of one round name players: ``Alice (3)``, with the table number when
    it is not the starting number."""

    def __init__(self, draw: Draw, names: dict[int, str]) -> None:
        self.draw, self.names = draw, names

    def who(self, tpn: int) -> str:
        name = self.names.get(tpn, "").strip()
        number = self.draw.numbering.number[tpn]
        table = f", table number {number}" if number != tpn else ""
        return f"{name} ({tpn}{table})" if name else f"{tpn}{table and f' ({table[2:]})'}"

    def where(self, rnd: int, board: int) -> str:
        return f"{RULE}, {self.draw.slot(rnd).describe(self.draw.size)}, board {board}"

    def game(self, g: Game) -> str:
        """A table game in table numbers: ``4-8 with White for 4``, ``2 has the bye``."""
        if self.draw.dummy in (g.white, g.black):
            real = g.black if g.white == self.draw.dummy else g.white
            return f"{real} has the bye (meets the dummy {self.draw.dummy})"
        return f"{g.white}-{g.black} with White for {g.white}"


def _recorded_text(tpn: int, seat: Seat, draw: Draw) -> str:
    """A player's recorded round in table numbers: ``5-3`` (White first), or ``3: a PAB``."""
    n = draw.numbering.number
    if seat.opponent is None:
        return f"{n[tpn]}: {no_game_text(seat)}"
    if seat.colour == "b":
        return f"{n[seat.opponent]}-{n[tpn]}"
    return f"{n[tpn]}-{n[seat.opponent]}"


def _new(side: Side, shown: list[BoardDiff]) -> bool:
    """Whether the recorded game ``side`` is not yet on an earlier line of the table."""
    return all(
        d.recorded is None or (d.recorded.white, d.recorded.black) != (side.white, side.black)
        for d in shown
    )


def _board_finding(
    rnd: int, g: Game, round_seats: dict[int, Seat], words: _Words, shown: list[BoardDiff]
) -> tuple[Discrepancy, BoardDiff] | None:
    """The finding on table board ``g`` (None: the record has it); ``shown``: the differing
    boards listed so far (a recorded game is shown once)."""
    draw = words.draw
    w, b = draw.tpn(g.white), draw.tpn(g.black)
    expected_side = Side(g.board, w if w is not None else b or 0, b if w is not None else None)
    if w is None or b is None:  # the dummy: the real player has the bye
        real = w if w is not None else b
        assert real is not None
        seat = round_seats[real]
        if seat.opponent is None:
            return None
        partner = seat.opponent
        rec = _recorded_text(real, seat, draw)
        text = f"{words.where(rnd, g.board)}: {words.game(g)}; the record has {rec}"
        summary = (
            f"Round {rnd}: {words.where(rnd, g.board)}: {words.who(real)} has the bye; "
            f"the record pairs {words.who(real)} with {words.who(partner)}"
        )
        expected = f"{draw.numbering.number[real]}: the bye"
        return _illegal([real, partner], rec, expected, text, summary), BoardDiff(
            _side(real, seat, g.board), expected_side
        )
    sw, sb = round_seats[w], round_seats[b]
    if sw.opponent is None and sb.opponent is None and EntryKind.PAB not in (sw.kind, sb.kind):
        return None  # neither plays: a game not played (an absence, a withdrawal)
    if sw.opponent == b and sb.opponent == w:
        if sw.colour != "b" and sb.colour != "w":
            return None
        rec = f"{g.black}-{g.white}"
        text = f"{words.where(rnd, g.board)}: {words.game(g)}; the record has {rec}"
        summary = (
            f"Round {rnd}: {words.where(rnd, g.board)}: {words.who(w)} has White against "
            f"{words.who(b)}; the record gives White to {words.who(b)}"
        )
        d = Discrepancy(Kind.COLOUR, RULE, [w, b], rec, f"{g.white}-{g.black}", text, summary)
        return d, BoardDiff(Side(g.board, b, w), expected_side)
    recs = [_recorded_text(w, sw, draw)]
    if sb.opponent != w or sw.opponent is None:
        recs.append(_recorded_text(b, sb, draw))
    rec = ", ".join(dict.fromkeys(recs))
    text = f"{words.where(rnd, g.board)}: {words.game(g)}; the record has {rec}"
    summary = (
        f"Round {rnd}: {words.where(rnd, g.board)}: {words.who(w)} has White against "
        f"{words.who(b)}; the record has {'; '.join(_said(x, round_seats[x], words) for x in (w, b))}"
    )
    others = [s.opponent for s in (sw, sb) if s.opponent is not None and s.opponent not in (w, b)]
    recorded_side = next(
        (
            x
            for x in (_side(w, sw, g.board), _side(b, sb, g.board))
            if x is not None and _new(x, shown)
        ),
        None,
    )
    d = _illegal([w, b, *others], rec, f"{g.white}-{g.black}", text, summary)
    return d, BoardDiff(recorded_side, expected_side)


def _said(tpn: int, seat: Seat, words: _Words) -> str:
    if seat.opponent is None:
        return f"{words.who(tpn)} with {no_game_text(seat)}"
    colour = "White" if seat.colour != "b" else "Black"
    return f"{words.who(tpn)} with {colour} against {words.who(seat.opponent)}"


def _side(tpn: int, seat: Seat, board: int) -> Side | None:
    """The recorded board of ``tpn``, shown beside table board ``board`` (a TRF has no board
    numbers); None for a round without a game that is not the PAB."""
    if seat.opponent is None:
        return Side(board, tpn, None) if seat.kind is EntryKind.PAB else None
    if seat.colour == "b":
        return Side(board, seat.opponent, tpn)
    return Side(board, tpn, seat.opponent)


def _illegal(players: list[int], rec: str, expected: str, text: str, summary: str) -> Discrepancy:
    return Discrepancy(Kind.ILLEGAL, RULE, players, rec, expected, text, summary)


def numbering_finding(draw: Draw, words: _Words) -> Discrepancy:
    """The ``input`` finding of a file whose rounds follow the table under other numbers."""
    moved = sorted(tpn for tpn, n in draw.numbering.number.items() if n != tpn)
    listed = ", ".join(f"{words.who(tpn)}" for tpn in moved)
    span = draw.numbering.span()
    verb = "follows" if draw.numbering.fits == 1 else "follow"
    text = (
        f"{RULE}: the table's numbers are the draw numbers; the file's starting numbers are not "
        f"them: {span} {verb} the Berger table for {draw.size} players with these players on "
        f"other numbers: {listed}"
    )
    if draw.numbering.fits == 1:
        # One round does not fix which board each pair sits on: the numbers are one such reading.
        text += " (round 1 alone does not fix every number: this is one numbering it fits)"
    return Discrepancy(
        Kind.INPUT,
        RULE,
        moved,
        "starting numbers",
        "table numbers " + ", ".join(f"{t}->{draw.numbering.number[t]}" for t in moved),
        text,
        f"Round 1: {text}",
        cause=Cause.DRAW_NUMBERS,
        evidence=f"with these table numbers, {span} {'matches' if draw.numbering.fits == 1 else 'match'}",
        finding_class=FindingClass.INPUT,
    )


def _record(t: Tournament, rnd: int) -> Pairing:
    boards: list[tuple[int, int]] = []
    bye = None
    for tpn, seat in seats(t, rnd).items():
        if seat.opponent is None:
            if seat.kind is EntryKind.PAB:
                bye = tpn
        elif seat.colour == "w" or (seat.colour is None and tpn < seat.opponent):
            boards.append((tpn, seat.opponent))
    return Pairing(sorted(boards), bye)


def _info(t: Tournament, tpn: int, rnd: int) -> PlayerInfo:
    p = t.players[tpn]
    score = sum((t.entry_points(tpn, e) for e in p.entries[: rnd - 1]), Fraction(0))
    colours = "".join(
        e.colour if e.kind is EntryKind.PLAYED and e.colour else "-"
        for e in p.entries[max(0, rnd - 5) : rnd - 1]
    )
    return PlayerInfo(tpn, p.name.strip(), p.rating or None, f"{float(score):g}", colours,
                      (p.federation or "").strip())  # fmt: skip


def names_of(t: Tournament) -> dict[int, str]:
    """The players' names as the findings give them (:func:`audit_round`'s ``names``)."""
    return {tpn: p.name.strip() for tpn, p in t.players.items()}


def audit_round(
    t: Tournament,
    rnd: int,
    edition: BergerEdition,
    names: dict[int, str],
    draw: Draw | None = None,
) -> RoundReport:
    """Round ``rnd`` of ``t`` against the Berger table (``draw``: the file's reading, read
    again when not given) and the report of what differs, board by board."""
    draw = draw if draw is not None else read_draw(t, edition)
    words = _Words(draw, names)
    round_seats = seats(t, rnd)
    found: list[Discrepancy] = []
    differing: list[BoardDiff] = []
    if rnd == 1 and draw.numbering.source == "rounds":
        found.append(numbering_finding(draw, words))
    for g in draw.games(rnd):
        got = _board_finding(rnd, g, round_seats, words, differing)
        if got is not None:
            found.append(got[0])
            differing.append(got[1])
    if not found:
        return RoundReport(rnd, Status.MATCH)
    from .pairer import pair_draw

    mine = pair_draw(draw, rnd)
    expected = Pairing([(b.white, b.black) for b in mine.boards], mine.bye)
    mentioned = sorted({p for d in found for p in d.players})
    return RoundReport(
        rnd,
        Status.DIFFERS,
        found,
        _record(t, rnd),
        expected,
        differing=differing,
        players=[_info(t, p, rnd) for p in mentioned],
    )
