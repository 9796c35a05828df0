"""The float-down reasons of ``explain`` checked against its own ``--against`` verdicts.

A player floats down from a bracket because every round that keeps him there is worse; the
criterion that decides is the one of the best such round, so it must be the least bad of the
``--against Q`` verdicts over every Q of that bracket (C.04.3 2026 Art. 3.8: the first
criterion on which two candidates differ decides; 2017 B.8).  Sampled rounds of the corpus,
both editions; every reason is measured (no "not measured" sentence).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS
from trfaudit.engine.dutch.audit.quality import explain_quality
from trfaudit.engine.dutch.trace import trace_of
from trfaudit.engine.dutch.why import forced, reasons
from trfaudit.engine.dutch.why.trace import Trace, pair, pairing_input
from trfaudit.engine.explanation import Verdict
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"

# file, round: small tournaments (<= 30 players) of each edition's reference corpus
SAMPLES = [
    ("dutch2025", "t000001", 5),
    ("dutch2025", "t000003", 4),
    ("dutch2025", "t000008", 6),
    ("dutch2025", "t000013", 7),
    ("dutch2017", "t000100", 5),
    ("dutch2017", "t000102", 6),
    ("dutch2017", "t000107", 4),
    ("dutch2017", "t000109", 7),
]
# 2017 rounds with a PPB and a collapsed last bracket (A.9), made by the 2025 reference engine
REGRESSIONS = [
    ("regressions", "c7-2017-next-bracket-ppb-last", 5),
    ("regressions", "c7-2017-next-bracket-ppb-pairs", 5),
    ("regressions", "c7-2017-tie-then-c10", 6),
]


def _leaves(text: str, score: str) -> bool:
    """Does a float reason explain the bracket of ``score`` points: its own sentence, or
    one over a run of brackets (``from each of the brackets of 32.5, 31.5 and 31.0 points``)?"""
    if f"from the {score}-point bracket" in text:
        return True
    run = re.search(r"from each of the brackets of (.+?) points:", text)
    return run is not None and score in re.split(r", | and ", run.group(1))


def _rank(tr: Trace, p: int, q: int) -> tuple[tuple[int, int], Verdict]:
    """``--against q`` for ``p``, and how bad it is (lower is worse): illegal (C1, C3, C4)
    first; then by the bracket where the round first parts from the engine's (the brackets
    are paired from the top, 1.9.2: an earlier one decides first) and, there, the criterion
    in the edition's order; a tie on every criterion (the generation order) last."""
    alt, v = forced.against(tr, p, q)
    if v.kind == "illegal":
        return (-1, -1), v
    assert v.kind in ("quality", "order"), v.text  # "unexplained" is an engine defect
    assert alt is not None
    ed = tr.edition
    exp = explain_quality(tr.inp, ed, forced.as_recorded(alt, tr.inp.round), tr.result, tr.names)
    where = next(i for i, br in enumerate(tr.brackets) if br is exp.bracket)
    order = [ed.label("C5")] + [ed.label(c.key) for c in trace_of(tr.result).criteria]
    if v.kind == "order":
        return (where, len(order)), v
    return (where, max(i for i, label in enumerate(order) if label == v.criterion)), v


def _floaters(tr: Trace) -> list[tuple[int, int]]:
    """(player, bracket index) for each bracket a player floats down out of."""
    return [
        (p, i)
        for i, br in enumerate(tr.brackets)
        for p in br.downfloaters
        if p in br.mdps + br.residents and p != tr.result.bye
    ]


@pytest.mark.parametrize(
    "folder, name, rnd",
    SAMPLES + REGRESSIONS,
    ids=[f"{s[1]}-r{s[2]}" for s in SAMPLES + REGRESSIONS],
)
def test_float_down_names_the_least_bad_alternative(folder: str, name: str, rnd: int):
    t = read(CORPUS / folder / f"{name}.trf")
    edition = EDITIONS[folder.removeprefix("dutch") if folder != "regressions" else "2017"]
    tr = pair(t, pairing_input(t, rnd), edition)
    checked = 0
    for p, i in _floaters(tr):
        br = tr.brackets[i]
        _, why = reasons.floats(tr, p, reasons.Budget(1000))
        [reason] = [
            r for r in why if _leaves(r.text, tr.show(br.score))
        ]  # one reason per bracket he leaves, or per run of them
        assert "not measured" not in reason.text and not reason.uncertain, reason.text
        mates = [x for x in br.mdps + br.residents if x != p]
        if not mates:
            continue
        ranked = [_rank(tr, p, q) for q in mates]
        verdicts = [v for _, v in ranked]
        best = max(ranked, key=lambda x: x[0])[1]
        if reason.rule in (edition.label("C4"), "A.9"):
            # With the brackets above as the rules pair them no round pairs him there: every
            # round that does parts from the engine's in a bracket above (or none exists).
            assert all(r[0][0] < i for r in ranked), (p, reason.text)
        elif "from each of the brackets" in reason.text:
            # A run: nobody in this bracket may play him, by rules the sentence names.
            assert best.kind == "illegal", (p, reason.text)
            assert {v.criterion for v in verdicts} <= set(reason.rule.split(", ")), reason
            assert all(re.search(rf"\b{q}\b", reason.text) for q in mates), reason.text
        elif best.kind == "illegal":  # nobody there may play him: the rules that forbid it
            assert {v.criterion for v in verdicts} >= set(reason.rule.split(", ")), reason
        elif best.kind == "order":
            assert reason.rule in {edition.label(a) for a in ("4.2", "4.3", "4.4")}, reason
        else:
            assert reason.rule == best.criterion, (p, reason.text, best.text)
        checked += 1
    assert checked > 0
