"""Rounds that are not legal round-pairings, forfeits and C1, pending games, engine failures.

The small tournaments are written by hand; each test says what the rules make of them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import trfaudit.engine.dutch.audit.round as compare
from trfaudit.checker.audit import safe_check
from trfaudit.engine import EDITIONS, NoPairing
from trfaudit.engine.dutch.audit.round import check_round
from trfaudit.engine.findings import ILLEGAL, UNEXPLAINED
from trfaudit.trf.model import EntryKind
from trfaudit.trf.reader import parse, read
from trfaudit.trf.writer import write

from .tamper import refresh_points, tamper_rematch

E2025 = EDITIONS["2025"]
VALUE = {
    "1": Fraction(1),
    "=": Fraction(1, 2),
    "0": Fraction(0),
    "+": Fraction(1),
    "-": Fraction(0),
    "U": Fraction(1),
    "H": Fraction(1, 2),
    "Z": Fraction(0),
}


def event(make_player, make_trf, rounds: dict[int, list[str]], total=3):
    """A tournament from ``rounds[tpn]`` = 8-column blocks (``"   3 w 1"``, ``"0000 - U"``)."""
    lines = ["012 Hand-made"]
    for tpn, blocks in rounds.items():
        points = sum(VALUE[b[-1]] for b in blocks)
        lines.append(make_player(tpn, blocks, points=f"{float(points):.1f}", rating=2400 - tpn))
    lines += [f"XXR {total}", "XXC white1"]
    return parse(make_trf(*lines), "<hand-made>")


# Round 1: 1-3 is a forfeit (1 wins), 4-2 is played (4 wins).
ROUND1 = {1: ["   3 w +"], 2: ["   4 b 0"], 3: ["   1 b -"], 4: ["   2 w 1"]}


def with_round2(blocks: dict[int, str]) -> dict[int, list[str]]:
    return {tpn: ROUND1[tpn] + [blocks[tpn]] for tpn in ROUND1}


def kinds(report):
    return [(d.kind, d.criterion, d.players) for d in report.discrepancies]


def test_a_forfeit_does_not_block_a_later_pairing(make_player, make_trf):
    # C1 counts played games only (C.04.2 3.5): 1-3 again is legal, 2-4 again is not.
    t = event(
        make_player,
        make_trf,
        with_round2({1: "   3 w =", 3: "   1 b =", 2: "   4 w =", 4: "   2 b ="}),
    )
    report = check_round(t, 2, E2025)
    assert kinds(report) == [(ILLEGAL, "C1", [2, 4])]
    assert "already played each other in round 1" in report.discrepancies[0].explanation


@pytest.mark.parametrize(
    "blocks, expected",
    [
        (
            {1: "   3 w =", 3: "   1 b =", 2: "   3 w =", 4: "   2 b ="},
            [
                "3 is paired twice: with 1 and 2",
                "4 is paired with 2, but 2's entry names opponent 3",
            ],
        ),
        (
            {1: "   9 w =", 3: "   1 b =", 2: "   4 w =", 4: "   2 b ="},
            [
                "1 is paired with 9, who is not a registered player",
                "3 is paired with 1, but 1's entry names opponent 9",
            ],
        ),
        (
            {1: "   3 w =", 3: "0000 - H", 2: "   4 w =", 4: "   2 b ="},
            ["1 is paired with 3, but 3 has a half-point bye in round 2: 3 is not in the pairing"],
        ),
        (
            {1: "   3 w =", 3: "   1 b =", 2: "0000 - U", 4: "0000 - U"},
            [
                "players 2, 4 all get the pairing-allocated bye: at most one player may be left "
                "unpaired"
            ],
        ),
    ],
)
def test_not_a_round_pairing(make_player, make_trf, blocks, expected):
    t = event(make_player, make_trf, with_round2(blocks))
    report = check_round(t, 2, E2025)
    structure = [d for d in report.discrepancies if d.criterion == "1.9.1"]
    assert sorted(
        d.explanation.removeprefix("1.9.1: not a round-pairing: ") for d in structure
    ) == sorted(expected)
    assert all(d.kind == ILLEGAL for d in report.discrepancies)


@pytest.mark.parametrize(
    "blocks, players, text, where",
    [
        # Both sides of 1-3 with white: TRF-16 001 columns 97, 107, ... hold each side's colour.
        (
            {1: "   3 w =", 3: "   1 w =", 2: "   4 w =", 4: "   2 b ="},
            [1, 3],
            "1 and 3 are both recorded with white",
            "line 2, column 107: 'w'; line 4, column 107: 'w'",
        ),
        # Both sides of 2-4 won (columns 99, 109, ...: each side's result).
        (
            {1: "   3 w =", 3: "   1 b =", 2: "   4 w 1", 4: "   2 b 1"},
            [2, 4],
            "2 and 4 are both recorded as winning their game",
            "line 3, column 109: '1'; line 5, column 109: '1'",
        ),
        # A draw on one side, a win on the other.
        (
            {1: "   3 w =", 3: "   1 b 1", 2: "   4 w =", 4: "   2 b ="},
            [1, 3],
            "1 is recorded with '=' and 3 with '1' for their game: the results exclude each other",
            "line 2, column 109: '='; line 4, column 109: '1'",
        ),
    ],
)
def test_a_self_contradicting_round_is_a_file_fault(
    make_player, make_trf, blocks, players, text, where
):
    """The file contradicts itself (TRF-16 records each side of a game on its own line): class
    ``input``, cause ``contradiction``, with the line and column of both sides; not a 1.9.1
    pairing fault.  (2-4 played in round 1: C1 stays a pairing finding where it is one.)"""
    t = event(make_player, make_trf, with_round2(blocks))
    report = check_round(t, 2, E2025)
    assert not [d for d in report.discrepancies if d.criterion == "1.9.1"]
    [d] = [d for d in report.discrepancies if d.kind == "input"]
    assert (d.kind, d.finding_class, d.cause, d.criterion) == (
        "input",
        "input",
        "contradiction",
        None,
    )
    assert d.players == players
    assert d.explanation.startswith(f"the file contradicts itself in round 2: {text}")
    assert d.evidence == where


def test_a_broken_round_is_a_discrepancy_not_an_invalid_file(make_player, make_trf, tmp_path):
    from typer.testing import CliRunner

    from trfaudit.checker.cli import app

    rounds = with_round2({1: "   3 w =", 3: "   1 b =", 2: "   3 w =", 4: "   2 b ="})
    path = tmp_path / "twice.trf"
    path.write_text(write(event(make_player, make_trf, rounds)))
    result = CliRunner().invoke(app, ["check", str(path), "--format", "json"])
    assert result.exit_code == 1, result.output
    assert '"criterion": "1.9.1"' in result.stdout


def test_no_pairing_for_a_legal_round_is_an_engine_defect(monkeypatch, corpus_dir):
    t = read(corpus_dir / "dutch2025" / "t000212.trf")

    def refuse(inp, edition, states, family):
        raise NoPairing("no round-pairing satisfies C1-C3")

    monkeypatch.setattr(compare, "pair_checked", refuse)
    report = check_round(t, 3, E2025)
    [d] = report.discrepancies
    assert (d.kind, d.criterion, d.expected) == (UNEXPLAINED, None, "no pairing")
    assert "engine defect" in d.explanation
    assert report.expected is None
    # An illegal recorded round is just illegal.
    case = next(tamper_rematch(t))
    report = check_round(case.tournament, 3, E2025)
    assert {d.kind for d in report.discrepancies} == {ILLEGAL}


def test_a_crash_is_reported_as_a_defect_not_raised(monkeypatch, corpus_dir):
    t = read(corpus_dir / "dutch2025" / "t000212.trf")

    def crash(inp, edition, states, family):
        raise RuntimeError("boom")

    monkeypatch.setattr(compare, "pair_checked", crash)
    [d] = safe_check(t, 2, E2025).discrepancies
    assert d.kind == UNEXPLAINED and "RuntimeError: boom" in d.explanation


def test_a_failing_explanation_is_reported(monkeypatch, corpus_dir):
    from .tamper import tamper_exchange

    t = read(corpus_dir / "dutch2025" / "t000212.trf")
    case = next(tamper_exchange(t))

    def broken(*args):
        raise KeyError(99)

    monkeypatch.setattr(compare, "_explain", broken)
    [d] = check_round(case.tournament, 3, E2025).discrepancies
    assert d.kind == UNEXPLAINED and "explaining why failed (KeyError: 99)" in d.explanation


def test_games_without_results_count_as_paired(corpus_dir, tmp_path):
    """A mid-round export (results not in yet): the round is still checked."""
    from typer.testing import CliRunner

    from trfaudit.checker.cli import app

    t = read(corpus_dir / "dutch2025" / "t000212.trf")
    last = t.recorded_rounds()
    for p in t.players.values():
        e = p.entries[last - 1]
        if e.kind is EntryKind.PLAYED:
            e.kind, e.result = EntryKind.NOT_PAIRED, " "
    refresh_points(t)
    path = tmp_path / "pending.trf"
    path.write_text(write(t))
    assert read(path).players[1].entries[last - 1].pending
    result = CliRunner().invoke(app, ["check", str(path), "--round", str(last)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())  # the report wraps at 100 columns
    assert f"round {last}: results pending" in text and "its pairing is checked as paired" in text
    assert "1 round checked, 1 match" in text


def test_a_failing_explanation_is_an_engine_defect(monkeypatch, corpus_dir):
    from .tamper import tamper_exchange

    t = read(corpus_dir / "dutch2025" / "t000212.trf")
    case = next(tamper_exchange(t))

    def broken(*args):
        raise KeyError(7)

    monkeypatch.setattr(compare, "_explain", broken)
    [d] = check_round(case.tournament, 3, E2025).discrepancies
    assert d.kind == UNEXPLAINED and "explaining why failed (KeyError: 7)" in d.explanation
