"""Re-pair one recorded round and name every way the record differs from the rules.

For round r the engine pairs the players the file pairs in round r from the history of
rounds 1..r-1 (C.04.3 2026 Art. 1.9 and 3; the engine's :func:`engine.round_input`), and the
two round-pairings are compared:

* ``illegal``: the record is not a round-pairing (1.9.1) or breaks C1-C3 (Art. 2.1);
* ``colour``: a recorded pair whose colours Art. 5.2 gives the other way round (checked on
  every pair the record and the engine share: a pair's colours depend on its two players only);
* otherwise, when the pairs or the PAB differ, :func:`engine.explain.explain_quality` says
  why: ``quality`` (a criterion of C4-C21 where the record is worse), ``order`` (Art. 4:
  as good, but generated later) or ``unexplained`` (the record looks better: an engine defect);
* ``unexplained`` also when the engine finds no pairing for a legal recorded round.
"""

from __future__ import annotations

from trfaudit.engine import NoPairing, pair_round, round_input
from trfaudit.engine.players import build_states

from . import legality
from .colour import colour_discrepancies, colour_rule
from .localise import bracket_of_pair, bracket_view, divergent_bracket
from .model import (DIFFERS, MATCH, UNEXPLAINED, Discrepancy, Pairing, RoundReport)
from .recorded import RecordedRound, recorded_round, with_pending_paired


class ExplainUnavailable(Exception):
    """``engine.explain`` could not be imported (a defect of the installation)."""


def _explain(inp, edition, rec: RecordedRound, result):
    try:
        from trfaudit.engine.explain import explain_quality
    except ImportError as exc:
        raise ExplainUnavailable(str(exc)) from exc
    return explain_quality(inp, edition, list(rec.boards) + list(rec.colourless), rec.bye,
                           result)


def _pairs_text(pairs) -> str:
    return ", ".join(f"{a}-{b}" for a, b in pairs) or "none"


def _quality(inp, edition, rec: RecordedRound, result) -> tuple[Discrepancy, object | None]:
    """The discrepancy ``explain_quality`` gives, and its bracket."""
    try:
        exp = _explain(inp, edition, rec, result)
    except ExplainUnavailable as exc:
        return Discrepancy(
            UNEXPLAINED, None, [], None, None,
            "the pairs differ from the engine's, but the engine cannot explain why "
            f"(engine.explain is not available: {exc})"), None
    except Exception as exc:  # noqa: BLE001 - a defect of the explanation, not of the file
        return Discrepancy(
            UNEXPLAINED, None, [], None, None,
            "the pairs differ from the engine's, but explaining why failed "
            f"({type(exc).__name__}: {exc}): an engine defect"), None
    players = sorted(int(p) for p in (exp.players or []))
    recorded = str(exp.recorded_value) if exp.recorded_value not in (None, "") else None
    expected = str(exp.expected_value) if exp.expected_value not in (None, "") else None
    criterion = exp.criterion if exp.criterion not in (None, "", "-") else None
    return Discrepancy(exp.kind, criterion, players, recorded, expected,
                       exp.text), exp.bracket


def initial_colour(t, edition) -> tuple[str | None, str | None]:
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
        return sum(1 for w, b in boards
                   if colour_rule(states[w], states[b], colour)[0] == w)

    if fits(other) > fits(inferred):
        word = {"w": "white", "b": "black"}
        return other, (f"the file does not state the initial colour (XXC/152); {word[other]} "
                       f"is taken: {fits(other)} of the {len(boards)} boards of round 1 fit it, "
                       f"{fits(inferred)} fit {word[inferred]}")
    return None, None


def check_round(t, rnd: int, edition, initial: str | None = None) -> RoundReport:
    """Compare round ``rnd`` of tournament ``t`` with the engine's pairing under ``edition``
    (``initial``: the initial colour to use instead of the file's or the engine's guess)."""
    inp = round_input(with_pending_paired(t, rnd), rnd)
    if initial is not None:
        inp.initial_colour = initial
    rec = recorded_round(t, rnd)
    states = build_states(inp, edition)
    initial = inp.initial_colour or "w"

    illegal = legality.structure(rec, edition)
    illegal += legality.absolute_criteria(rec, inp, states, edition)
    try:
        result = pair_round(inp, edition)
        failure = None
    except NoPairing as exc:
        result, failure = None, str(exc)

    found: list[Discrepancy] = list(illegal)
    bracket = None
    if result is None:
        if not illegal:
            found.append(Discrepancy(
                UNEXPLAINED, None, [], _pairs_text(rec.boards), "no pairing",
                f"the engine finds no legal pairing ({failure}), but the recorded round is "
                "legal: an engine defect"))
    else:
        eng_pairs = {frozenset((b.white, b.black)) for b in result.boards}
        same_pairs = rec.pairs == eng_pairs and rec.bye == result.bye and not rec.problems
        shared = [b for b in rec.boards if frozenset(b) in eng_pairs]
        colours = colour_discrepancies(shared, states, initial, edition)
        if not same_pairs and not illegal:
            quality, bracket = _quality(inp, edition, rec, result)
            found.append(quality)
        found.extend(colours)
        if bracket is None and found:
            if not same_pairs:
                bracket = divergent_bracket(result, rec)
                if bracket is None and result.brackets:
                    bracket = result.brackets[-1]
            elif colours:
                w, b = colours[0].players
                bracket = bracket_of_pair(result, w, b)

    report = RoundReport(rnd, DIFFERS if found else MATCH, found)
    if found:
        report.recorded = Pairing(list(rec.boards) + list(rec.colourless),
                                  rec.byes[0] if rec.byes else None)
        if result is not None:
            report.expected = Pairing([(b.white, b.black) for b in result.boards], result.bye)
        if bracket is not None:
            report.bracket = bracket_view(bracket, states, inp, rec, result)
    return report
