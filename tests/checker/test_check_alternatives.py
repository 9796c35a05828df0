"""A reading of the file never replaces the record as written (issue 19, item 2).

The 20 second-PAB alterations below (:func:`tamper.tamper_pab_to_previous`: the PAB moved to
a player who already had one) are rounds that a reading of the file would reproduce: with
the new receiver's ``U`` read as ``F`` (a full-point bye: he did not play), the engine pairs
the others exactly as recorded.  The record as written gives a second PAB, illegal by C2:
that is the finding, and the ``F`` reading is listed beside it as an alternative.  Which
readings reproduce the round is worked out here with the engine alone, from the alteration,
never from the checker's output.
"""

from __future__ import annotations

import copy

import pytest

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.checker.findings import BatchReport
from trfaudit.checker.reports.json import render, schema
from trfaudit.engine import NoPairing, pair_round, round_input
from trfaudit.engine.findings import ILLEGAL, WITH_ALTERNATIVE, Cause, FindingClass
from trfaudit.trf.model import EntryKind
from trfaudit.trf.reader import read

from .tamper import EDITION, _set, pab_of, played_boards, tamper_pab_to_previous

#: (corpus file, index of the alteration): found by scanning corpus/dutch2025 for second-PAB
#: alterations that the F reading reproduces (:func:`f_reading_reproduces`, checked below).
CASES = [
    ("t000041", 1),
    ("t000079", 0),
    ("t000079", 1),
    ("t000080", 2),
    ("t000091", 0),
    ("t000113", 1),
    ("t000114", 0),
    ("t000114", 1),
    ("t000114", 2),
    ("t000137", 1),
    ("t000137", 2),
    ("t000164", 2),
    ("t000164", 3),
    ("t000166", 2),
    ("t000166", 4),
    ("t000173", 3),
    ("t000173", 5),
    ("t000227", 2),
    ("t000257", 1),
    ("t000260", 2),
]
#: Second-PAB alterations no F reading reproduces (the engine gives the boards other colours).
PLAIN = [("t000031", 0), ("t000041", 0)]


def alteration(corpus_dir, name: str, index: int):
    t = read(corpus_dir / "dutch2025" / f"{name}.trf")
    for k, case in enumerate(tamper_pab_to_previous(t)):
        if k == index:
            return case
    raise AssertionError(f"{name} has no alteration {index}")


def f_reading_reproduces(case) -> bool:
    """With the second PAB's receiver's round entry read as ``F`` (not paired), does the
    engine pair the round's games exactly as recorded (pairs and colours)?"""
    t = case.tournament
    rnd, y = t.recorded_rounds(), case.players[0]
    assert pab_of(t, rnd) == y
    reread = copy.deepcopy(t)
    _set(reread, y, rnd, EntryKind.FULL_BYE, None, None, "F")
    try:
        result = pair_round(round_input(reread, rnd), EDITION)
    except NoPairing:
        return False
    engine = {(b.white, b.black) for b in result.boards}
    return result.bye is None and engine == set(played_boards(t, rnd))


def the_finding(case):
    t = case.tournament
    report = check_tournament(t, Options(rules="2025", round=t.recorded_rounds()))
    [rnd] = report.rounds
    [d] = rnd.discrepancies
    assert (d.kind, d.criterion, d.players) == (ILLEGAL, "C2", case.players), case.what
    assert d.finding_class == FindingClass.PAIRING and d.cause is None
    return report, d


@pytest.mark.parametrize("name, index", CASES)
def test_a_second_pab_is_illegal_c2_with_the_f_reading_beside_it(corpus_dir, name, index):
    case = alteration(corpus_dir, name, index)
    assert f_reading_reproduces(case), case.what
    report, d = the_finding(case)
    rnd, y = case.tournament.recorded_rounds(), case.players[0]
    [alt] = d.alternatives
    assert alt.cause == Cause.ABSENCE and alt.players == [y]
    assert (
        alt.evidence == f"with {y}'s round-{rnd} entry read as 'F' (full bye), round {rnd} matches"
    )
    assert alt.explanation == (
        f"player {y}'s round-{rnd} entry 'U' (the pairing-allocated bye) was meant as 'F' "
        "(full bye)"
    )
    # the sentence a committee quotes states the record, then the reading
    assert d.summary.startswith(f"Round {rnd}: ")
    assert "C2" in d.summary and d.summary.endswith(f"; unless {alt.explanation} ({alt.evidence})")
    # counted as a pairing finding, apart as one with an input alternative
    assert report.classes() == {"pairing": 1} and report.with_alternatives() == 1
    assert f"(1 {WITH_ALTERNATIVE})" in report.summary()


@pytest.mark.parametrize("name, index", PLAIN)
def test_no_alternative_when_no_reading_reproduces(corpus_dir, name, index):
    case = alteration(corpus_dir, name, index)
    assert not f_reading_reproduces(case)
    _, d = the_finding(case)
    assert d.alternatives == [] and "unless" not in d.summary


def test_alternatives_in_json_text_and_batch_summary(corpus_dir):
    import json

    import jsonschema

    from trfaudit.checker.reports.html import render as render_html
    from trfaudit.checker.reports.text import render_text

    case = alteration(corpus_dir, *CASES[0])
    report, d = the_finding(case)
    batch = BatchReport([report])
    doc = json.loads(render(batch))
    jsonschema.validate(doc, schema())
    [finding] = doc["files"][0]["rounds"][0]["discrepancies"]
    assert finding["class"] == "pairing" and finding["kind"] == "illegal"
    assert finding["alternatives"] == [
        {
            "cause": "absence",
            "explanation": d.alternatives[0].explanation,
            "evidence": d.alternatives[0].evidence,
            "players": case.players,
        }
    ]
    assert doc["summary"]["with_input_alternative"] == 1
    assert f"pairing 1 (1 {WITH_ALTERNATIVE})" in batch.summary()
    text = " ".join(render_text(batch).split())
    assert f"alternative (absence): {d.alternatives[0].explanation}" in text
    assert f"evidence: {d.alternatives[0].evidence}" in text
    page = render_html(batch)
    assert "alternative (absence)</span> player " in page and "was meant as &#x27;F&#x27;" in page
