"""2017 C.7 in the audit: a bracket's downfloaters are valued by what they allow in the next
bracket alone (C.04.3 2017 C.7; A.9: the PPB's re-pairing under C.4 is not C.7's concern).

The files (corpus/regressions/README.md) hold a last round paired by the 2025 reference engine
(bbpPairings v6); the 2017 reference engine (v5.0.1) pairs that round as trfaudit does, with
the boards below.  The 2017 findings were verified by hand against the 2017 text.  With the
environment variable ``TRFAUDIT_BBP`` naming the v6 executable, ``conform --rules 2017``
runs it and no differing round may stay ``unexplained``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.engine import EDITIONS
from trfaudit.engine.dutch.audit.next_bracket import best_next_bracket
from trfaudit.engine.dutch.audit.round import check_round
from trfaudit.engine.dutch.players import PlayerState
from trfaudit.engine.findings import MATCH, ORDER, QUALITY, UNEXPLAINED
from trfaudit.trf.reader import read

REGRESSIONS = Path(__file__).resolve().parents[2] / "corpus" / "regressions"

Boards = list[tuple[int, int]]

# file, round, the 2017 criterion, the record's value, the engine's, the players of the
# bracket that differ, bbpPairings v5.0.1's boards and PAB
CASES: list[tuple[str, int, str, str, str, list[int], Boards, int | None]] = [
    (
        "c7-2017-next-bracket-ppb-pairs.trf",
        5,
        "C.7",
        "0 pairs",
        "1 pair",
        [7, 9, 13],
        [(2, 1), (6, 8), (3, 4), (11, 5), (13, 9), (7, 10), (15, 14)],
        12,
    ),
    (
        "c7-2017-next-bracket-ppb-last.trf",
        5,
        "C.7",
        "0 pairs",
        "1 pair",
        [9, 11, 12],
        [(1, 3), (4, 2), (5, 8), (15, 6), (7, 13), (11, 9), (12, 10), (14, 16)],
        None,
    ),
    (
        "c7-2017-tie-then-c10.trf",
        6,
        "C.10",
        "1",
        "0",
        [23, 24, 25],
        [(2, 7), (9, 1), (4, 3), (10, 5), (6, 13), (14, 11), (8, 21), (12, 17), (16, 15)]
        + [(19, 26), (20, 27), (22, 18), (24, 23), (25, 28), (30, 29)],
        None,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_the_2017_criterion_that_decides(case):
    name, rnd, criterion, recorded, expected, players, boards, bye = case
    t = read(REGRESSIONS / name)
    assert check_round(t, rnd, EDITIONS["2025"]).status == MATCH  # the v6 pairing, 2025 rules
    report = check_round(t, rnd, EDITIONS["2017"])
    assert report.expected is not None
    assert (report.expected.boards, report.expected.bye) == (boards, bye)
    [d] = report.discrepancies
    assert (d.kind, d.criterion, d.recorded, d.expected) == (QUALITY, criterion, recorded, expected)
    assert d.players == players
    assert "the record is better" not in d.explanation
    if criterion == "C.7":  # the cause in names: the two left in the next bracket had met
        a, b = {"c7-2017-next-bracket-ppb-pairs.trf": (9, 12)}.get(name, (9, 14))
        assert f"({a}, played {b} in round 2)" in d.explanation
        assert f"({b}, played {a} in round 2)" in d.explanation


def _state(tpn: int, score: int, opponents: set[int], eligible: bool = True) -> PlayerState:
    return PlayerState(tpn, tpn, score, [], opponents=opponents, bye_eligible=eligible)


def test_best_next_bracket_pairs_most_then_lowest_psd():
    """C.7 on a next bracket of two downfloaters (3 and 2.5 points; half points as units)
    and three players of 2 points: two pairs (C.7a), then the lowest PSD (A.8, a floater's
    SD is its score minus 1 point): 1-2 with a pair of the 2-point players gives
    [1.0, 0.5, 0.0]; 1-3, 2-4 gives [1.0, 1.0, 0.5]; leaving 2 unpaired, [1.5, ...]."""
    st = {1: _state(1, 6, set()), 2: _state(2, 5, set())}
    st |= {k: _state(k, 4, set()) for k in (3, 4, 5)}
    pairs, left = best_next_bracket([1, 2], [3, 4, 5], st, 2, set(), last=False)
    assert len(pairs) == 2 and (1, 2) in pairs and len(left) == 1 and left[0] in (3, 4, 5)
    # With 1-2 forbidden (C.1), the lowest PSD floats a 2-point player: 1-x, 2-y.
    st[1].opponents, st[2].opponents = {2}, {1}
    pairs, left = best_next_bracket([1, 2], [3, 4, 5], st, 2, set(), last=False)
    assert len(pairs) == 2 and {p[0] for p in pairs} == {1, 2} and left[0] in (3, 4, 5)


def test_best_next_bracket_last_leaves_the_bye_to_an_eligible_player():
    """When the next bracket is the last, only its legal pairings count (C.2): of 1, 2, 3
    (equal scores, all compatible) the one left out must be eligible for the PAB."""
    st = {1: _state(1, 4, set()), 2: _state(2, 4, set(), eligible=False), 3: _state(3, 4, set())}
    for ineligible in (1, 2, 3):
        for p in st.values():
            p.bye_eligible = p.tpn != ineligible
        pairs, left = best_next_bracket([1], [2, 3], st, 2, set(), last=True)
        assert len(pairs) == 1 and left != [ineligible]


def test_a_rematch_leaves_the_next_bracket_without_a_pair():
    st = {1: _state(1, 6, {2}), 2: _state(2, 4, {1})}
    assert best_next_bracket([1], [2], st, 2, set(), last=False) == ([], [1, 2])


BBP6 = os.environ.get("TRFAUDIT_BBP")


@pytest.mark.skipif(not BBP6, reason="TRFAUDIT_BBP (bbpPairings v6 executable) not set")
def test_conform_2017_of_the_2025_engine_has_no_unexplained_round(tmp_path):
    """The 2025 reference engine's pairings under the 2017 rules: every differing round is
    worse by a 2017 criterion or later in the generation order, none ``unexplained``."""
    engine = f"{BBP6} --dutch {{in}} -p {{out}}"
    out = tmp_path / "o"
    result = CliRunner().invoke(
        app, ["conform", "--engine", engine, "--rules", "2017", "--count", "60", "-o", str(out)]
    )
    assert result.exit_code in (0, 1), result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["discrepancies"] > 0  # the editions differ: the test sees some rounds
    assert UNEXPLAINED not in summary["by_kind"], result.output
    assert set(summary["by_kind"]) <= {QUALITY, ORDER}
