"""Re-pair one recorded round and name every way the record differs from the rules.

For round r the engine pairs the players the file pairs in round r from the history of
rounds 1..r-1 (C.04.3 2026 Art. 1.9 and 3; the engine's :func:`engine.round_input`), and the
two round-pairings are compared:

* ``illegal``: the record is not a round-pairing (1.9.1) or breaks C1-C3 (Art. 2.1);
* ``colour``: a recorded pair whose colours Art. 5.2 gives the other way round (checked on
  every pair the record and the engine share: a pair's colours depend on its two players only);
* otherwise, when the pairs or the PAB differ, :func:`checker.explain.explain_quality` says (from the engine's trace, without pairing again)
  why: ``quality`` (a criterion of C4-C21 where the record is worse), ``order`` (Art. 4:
  as good, but generated later) or ``unexplained`` (the record looks better: an engine defect);
* ``unexplained`` also when the engine finds no pairing for a legal recorded round.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from trfaudit.engine import NoPairing, round_input
from trfaudit.engine.dutch.audit import legality
from trfaudit.engine.dutch.audit.colour import colour_discrepancies, colour_rule
from trfaudit.engine.dutch.audit.localise import bracket_of_pair, bracket_view, recent_colours
from trfaudit.engine.dutch.editions import Edition
from trfaudit.engine.dutch.family import Checked, RoundFamily, keep_checked
from trfaudit.engine.dutch.pairer import DutchPairer, board_key
from trfaudit.engine.dutch.players import PlayerState, build_states
from trfaudit.engine.dutch.texts.wording import person
from trfaudit.engine.dutch.trace import BracketRecord, trace_of
from trfaudit.engine.findings import (
    COLOUR,
    DIFFERS,
    ILLEGAL,
    MATCH,
    UNEXPLAINED,
    BoardDiff,
    Discrepancy,
    Pairing,
    PlayerInfo,
    RoundReport,
    Side,
)
from trfaudit.engine.history import RoundInput
from trfaudit.engine.recorded import RecordedRound, recorded_round, with_pending_paired
from trfaudit.engine.result import RoundPairing
from trfaudit.trf import errors
from trfaudit.trf.model import Tournament

if TYPE_CHECKING:
    from trfaudit.engine.dutch.audit.quality import Explanation


def _explain(
    inp: RoundInput,
    edition: Edition,
    rec: RecordedRound,
    result: RoundPairing,
    names: dict[int, str],
) -> Explanation:
    """Why the record differs, from the pairer's trace (:mod:`.quality`)."""
    from trfaudit.engine.dutch.audit.quality import explain_quality

    return explain_quality(inp, edition, rec, result, names)


def _pairs_text(pairs: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"{a}-{b}" for a, b in pairs) or "none"


def _quality(
    inp: RoundInput,
    edition: Edition,
    rec: RecordedRound,
    result: RoundPairing,
    names: dict[int, str],
) -> tuple[Discrepancy, BracketRecord | None]:
    """The discrepancy the explanation gives, and its bracket."""
    try:
        exp = _explain(inp, edition, rec, result, names)
    except Exception as exc:  # noqa: BLE001 - a defect of the explanation, not of the file
        return Discrepancy(
            UNEXPLAINED,
            None,
            [],
            None,
            None,
            "the pairs differ from the engine's, but explaining why failed "
            f"({type(exc).__name__}: {exc}): an engine defect",
        ), None
    return Discrepancy(
        exp.kind, exp.criterion, list(exp.players), exp.recorded, exp.expected, exp.text
    ), exp.bracket


def board_order(
    pairs: list[tuple[int, int]], states: dict[int, PlayerState], inp: RoundInput
) -> list[tuple[int, int]]:
    """``pairs`` in board order (C.04.2 3.6), as the engine orders its boards."""
    known = [p for p in pairs if p[0] in states and p[1] in states]
    rest = [p for p in pairs if p not in known]
    return sorted(known, key=lambda p: board_key(states[p[0]], states[p[1]], inp)) + rest


def _sides(boards: list[tuple[int, int]], bye: int | None) -> list[Side]:
    out = [Side(i, w, b) for i, (w, b) in enumerate(boards, start=1)]
    if bye is not None:
        out.append(Side(None, bye, None))
    return out


def differing_boards(
    rec_boards: list[tuple[int, int]],
    rec_bye: int | None,
    eng_boards: list[tuple[int, int]],
    eng_bye: int | None,
    colourless: set[frozenset[int]] | None = None,
) -> list[BoardDiff]:
    """The boards (and PAB) each pairing has and the other has not, side by side in board
    order (both lists are in board order).  A board with the same players and other colours
    differs; a pair recorded without colours (``colourless``) only by its players."""
    colourless = colourless or set()
    rs = _sides(rec_boards, rec_bye)
    es = _sides(eng_boards, eng_bye)
    r_keys = {(s.white, s.black) for s in rs}
    e_keys = {(s.white, s.black) for s in es}
    e_sets = {frozenset((s.white, s.black)) for s in es}
    r_sets = {frozenset((s.white, s.black)) for s in rs}

    def only_rec(s: Side) -> bool:
        pair = frozenset((s.white, s.black))
        return pair not in e_sets if pair in colourless else (s.white, s.black) not in e_keys

    def only_eng(s: Side) -> bool:
        pair = frozenset((s.white, s.black))
        return pair not in r_sets if pair in colourless else (s.white, s.black) not in r_keys

    only_r = [s for s in rs if only_rec(s)]
    only_e = [s for s in es if only_eng(s)]
    return [
        BoardDiff(only_r[i] if i < len(only_r) else None, only_e[i] if i < len(only_e) else None)
        for i in range(max(len(only_r), len(only_e)))
    ]


def side_text(s: Side | None, names: dict[int, str]) -> str:
    if s is None:
        return "-"
    if s.black is None:
        return f"PAB {person(names, s.white)}"
    return f"board {s.board} {person(names, s.white)} - {person(names, s.black)}"


def boards_sentence(
    diff: list[BoardDiff],
    names: dict[int, str],
    swapped: AbstractSet[frozenset[int]] = frozenset(),
    limit: int = 2,
) -> str:
    """``boards 6, 9 differ: recorded board 6 A (6) - B (167), ...; the engine's board 6
    A (6) - C (142), ...; the PAB: recorded D (218), the engine's E (275)``.  Boards whose
    players agree and colours are ``swapped`` are left to the colour findings."""

    def moved(s: Side | None) -> bool:
        return (
            s is not None and s.black is not None and frozenset((s.white, s.black)) not in swapped
        )

    rec = [d.recorded for d in diff if d.recorded is not None and moved(d.recorded)]
    eng = [d.expected for d in diff if d.expected is not None and moved(d.expected)]
    rec_bye = next(
        (d.recorded for d in diff if d.recorded is not None and d.recorded.black is None), None
    )
    eng_bye = next(
        (d.expected for d in diff if d.expected is not None and d.expected.black is None), None
    )
    parts = []
    if rec or eng:
        if len(rec) <= limit:
            numbers = ", ".join(str(s.board) for s in rec)
            head = (
                f"board{'s' if len(rec) > 1 else ''} {numbers} differ{'s' if len(rec) == 1 else ''}: "
                if rec
                else ""
            )
            r = ", ".join(side_text(s, names) for s in rec) or "no such board"
            e = ", ".join(side_text(s, names) for s in eng) or "no such board"
        else:
            head = f"{len(rec)} boards differ, the first: "
            r, e = side_text(rec[0], names), side_text(eng[0], names) if eng else "-"
        parts.append(f"{head}recorded {r}; the engine's {e}")
    if rec_bye is not None or eng_bye is not None:
        r = person(names, rec_bye.white) if rec_bye is not None else "nobody"
        e = person(names, eng_bye.white) if eng_bye is not None else "nobody"
        parts.append(f"the pairing-allocated bye: recorded {r}, the engine's {e}")
    return "; ".join(parts)


def _colours_only(bd: BoardDiff, diff: list[BoardDiff]) -> bool:
    """The recorded board of ``bd`` is an engine's board with the colours reversed."""
    if bd.recorded is None or bd.recorded.black is None:
        return False
    swapped = (bd.recorded.black, bd.recorded.white)
    return any(
        d.expected is not None and (d.expected.white, d.expected.black) == swapped for d in diff
    )


def _where(
    d: Discrepancy, rec_sides: dict[frozenset[int], Side], names: dict[int, str], boards_text: str
) -> str:
    """What the finding is about, named: the boards that differ, or the finding's own
    board or players."""
    if d.kind not in (ILLEGAL, COLOUR) or not d.players:
        return boards_text
    if len(d.players) == 2 and frozenset(d.players) in rec_sides:
        s = rec_sides[frozenset(d.players)]
        assert s.black is not None  # rec_sides holds boards only (no PAB)
        text = f"board {s.board} {person(names, s.white)} - {person(names, s.black)}"
        if d.kind == COLOUR and d.expected:
            w, b = (int(x) for x in d.expected.split("-"))
            text += f" (the rules give {person(names, w)} white)"
        return text
    if len(d.players) == 1 and d.recorded and d.recorded.startswith("PAB"):
        return f"the pairing-allocated bye to {person(names, d.players[0])}"
    return ", ".join(person(names, p) for p in d.players)


def player_info(
    t: Tournament, tpn: int, rnd: int, states: dict[int, PlayerState], inp: RoundInput
) -> PlayerInfo:
    p = t.players[tpn]
    score = inp.points.show(states[tpn].score) if tpn in states else "-"
    return PlayerInfo(
        tpn,
        p.name.strip(),
        p.rating or None,
        score,
        recent_colours(t, tpn, rnd),
        (p.federation or "").strip(),
    )


def initial_colour(t: Tournament, edition: Edition) -> tuple[str | None, str | None]:
    """The initial colour (5.1, drawn by lot) and, when the file does not state it
    (XXC/152), a note on how it was chosen.

    Without a statement the engine infers the lot from the first board of the first round
    with colours; one wrong board there would then make every other board of round 1 look
    wrong.  So the lot taken is the one under which more recorded boards of round 1 get the
    colours Art. 5 gives (ties: the engine's inference); the note says so when that is not the
    engine's inference.
    """
    if t.initial_colour or t.recorded_rounds() < 1:
        return None, None
    inp = round_input(with_pending_paired(t, 1), 1)
    inferred = inp.initial_colour
    if inferred is None:
        return None, None
    states = build_states(inp, edition)
    boards = [b for b in recorded_round(t, 1).boards if b[0] in states and b[1] in states]
    other = "b" if inferred == "w" else "w"

    def fits(colour: str) -> int:
        return sum(1 for w, b in boards if colour_rule(states[w], states[b], colour)[0] == w)

    if fits(other) > fits(inferred):
        word = {"w": "white", "b": "black"}
        return other, (
            f"the file does not state the initial colour (XXC/152); {word[other]} "
            f"is taken: {fits(other)} of the {len(boards)} boards of round 1 fit it, "
            f"{fits(inferred)} fit {word[inferred]}"
        )
    return None, None


def _engine_colours(illegal: list[Discrepancy], result: RoundPairing, same_pairs: bool) -> None:
    """To each same-colour 1.9.1 finding, what the engine gives the pair, and whether the
    recorded pairs are otherwise those the rules give."""
    boards = {frozenset((b.white, b.black)): (b.white, b.black) for b in result.boards}
    for d in illegal:
        pair = boards.get(frozenset(d.players)) if len(d.players) == 2 else None
        if pair is None:
            continue
        d.expected = f"{pair[0]}-{pair[1]}"
        d.explanation += f"; the engine pairs them {pair[0]}-{pair[1]}" + (
            ", and the other pairs and the PAB are those the rules give" if same_pairs else ""
        )


def pair_checked(
    inp: RoundInput,
    edition: Edition,
    states: dict[int, PlayerState],
    family: RoundFamily | None,
) -> RoundPairing:
    """The engine's pairing of the checked round (its players' ``states``), the first of
    ``family`` when given."""
    return DutchPairer(inp, edition, states=states, family=family).pair()


def check_round(  # noqa: C901 - the comparison in the order of the module docstring; its steps share the round's state
    t: Tournament,
    rnd: int,
    edition: Edition,
    initial: str | None = None,
    rank_order: list[int] | None = None,
) -> RoundReport:
    """Compare round ``rnd`` of tournament ``t`` with the engine's pairing under ``edition``
    (``initial``: the initial colour to use instead of the file's or the engine's guess;
    ``rank_order``: an initial ranking to use instead of the file's pairing numbers).

    The round is paired once; the explanation reads the engine's trace."""
    inp = round_input(with_pending_paired(t, rnd), rnd)
    if initial is not None:
        inp.initial_colour = initial
    if rank_order is not None:
        inp.rank_order = list(rank_order)
    rec = recorded_round(t, rnd)
    names = {tpn: p.name.strip() for tpn, p in t.players.items()}
    states = build_states(inp, edition)
    # Under the 2017 and 2012 route a differing round is re-paired under other readings of
    # its byes next (readings.inputs): this pairing starts their family (.family).
    family = None
    if initial is None and rank_order is None and not edition.completion_every_bracket:
        family = RoundFamily(inp, edition)
    try:
        result = pair_checked(inp, edition, states, family)
        failure = None
    except NoPairing as exc:
        result, failure = None, str(exc)
    initial = inp.initial_colour or "w"

    illegal = legality.structure(rec, edition)
    illegal += legality.absolute_criteria(rec, inp, states, edition)

    found: list[Discrepancy] = list(illegal) + legality.contradictions(rec)
    bracket = None
    if result is None:
        if not illegal:
            found.append(
                Discrepancy(
                    UNEXPLAINED,
                    None,
                    [],
                    _pairs_text(rec.boards),
                    "no pairing",
                    f"the engine finds no legal pairing ({failure}), but the recorded round is "
                    "legal: an engine defect",
                )
            )
    else:
        eng_pairs = {frozenset((b.white, b.black)) for b in result.boards}
        # Both sides of a game recorded with one colour: the pairs and the PAB are still a
        # round-pairing to judge (a writer's slip in the colours, often in a round exported
        # before its results); the 1.9.1 finding says what the record cannot be.
        colour_slip = bool(rec.problems) and all(p.code == errors.SAME_COLOUR for p in rec.problems)
        same_pairs = (
            rec.pairs == eng_pairs and rec.bye == result.bye and (not rec.problems or colour_slip)
        )
        shared = [b for b in rec.boards if frozenset(b) in eng_pairs]
        colours = colour_discrepancies(shared, states, initial, edition)
        if colour_slip:
            _engine_colours(illegal, result, same_pairs)
        pairing_illegal = illegal[len(rec.problems) :] if colour_slip else illegal
        if not same_pairs and not pairing_illegal:
            quality, bracket = _quality(inp, edition, rec, result, names)
            found.append(quality)
        found.extend(colours)
        if bracket is None and found:
            if not same_pairs:
                from trfaudit.engine.dutch.audit.quality import first_divergence

                bracket = first_divergence(result, rec)
                if bracket is None and trace_of(result).brackets:
                    bracket = trace_of(result).brackets[-1]
            elif colours:
                w, b = colours[0].players
                bracket = bracket_of_pair(result, w, b)

    report = RoundReport(rnd, DIFFERS if found else MATCH, found)
    if found:
        rec_boards = board_order(list(rec.boards) + list(rec.colourless), states, inp)
        report.recorded = Pairing(rec_boards, rec.byes[0] if rec.byes else None)
        eng_boards: list[tuple[int, int]] = []
        if result is not None:
            eng_boards = [(b.white, b.black) for b in result.boards]
            report.expected = Pairing(eng_boards, result.bye)
            report.differing = differing_boards(
                rec_boards,
                report.recorded.bye,
                eng_boards,
                result.bye,
                {frozenset(p) for p in rec.colourless},
            )
        rec_sides = {
            frozenset((s.white, s.black)): s
            for s in _sides(rec_boards, None)
            if s.black is not None  # boards only: no PAB is passed
        }
        swapped = {
            frozenset((bd.recorded.white, bd.recorded.black))
            for bd in report.differing
            if bd.recorded is not None
            and bd.recorded.black is not None
            and _colours_only(bd, report.differing)
        }
        text = boards_sentence(report.differing, names, swapped)
        for d in found:
            where = _where(d, rec_sides, names, text)
            text_ = d.explanation
            d.summary = (
                f"Round {rnd}: " + (f"{where}. " if where else "") + (text_[:1].upper() + text_[1:])
            )
        if bracket is not None:
            report.bracket = bracket_view(bracket, states, inp, rec, result, t)
        mentioned: list[int] = []  # in the order the boards show them, then the findings'
        for bd in report.differing:
            for s in (bd.recorded, bd.expected):
                if s is not None:
                    mentioned += [x for x in (s.white, s.black) if x is not None]
        for d in found:
            mentioned += d.players
        report.players = [
            player_info(t, p, rnd, states, inp) for p in dict.fromkeys(mentioned) if p in t.players
        ]
        if family is not None:
            from trfaudit.engine.dutch.readings.inputs import has_absence_readings  # reads us

            if has_absence_readings(t, report):  # the round's readings come next: keep it
                keep_checked(Checked(t, rnd, edition, inp, states, family))
    return report
