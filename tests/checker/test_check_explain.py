"""Issue 10/12: findings a committee can quote, explained from one pairing of the round.

Every tampered round the suite makes (rematch, a second PAB, swapped colours, exchanged
opponents, a moved bye) must open its report with one sentence naming the boards and the
players (by name) that differ and the rule with both values in its terms; the first
diverging bracket must be the first in pairing order; a round is paired exactly once.
"""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.checker.findings import BatchReport, FileReport
from trfaudit.checker.reports.text import render_text
from trfaudit.engine import pair_round, round_input
from trfaudit.engine.dutch import pairer as dutch
from trfaudit.engine.dutch.audit.round import check_round, initial_colour
from trfaudit.engine.dutch.trace import trace_of
from trfaudit.engine.findings import COLOUR, ILLEGAL, ORDER, QUALITY
from trfaudit.trf.model import EntryKind
from trfaudit.trf.reader import read

from .tamper import (
    EDITION,
    tamper_exchange,
    tamper_move_bye,
    tamper_pab_to_previous,
    tamper_rematch,
    tamper_swap_colours,
)

FILES = ["t000004", "t000036", "t000114", "t000212", "t000232"]
KINDS = {
    "rematch": tamper_rematch,
    "second PAB": tamper_pab_to_previous,
    "colour": tamper_swap_colours,
    "exchange": tamper_exchange,
    "moved bye": tamper_move_bye,
}
PER_FILE = 3


@pytest.fixture(scope="module")
def tournaments(corpus_dir):
    return {name: read(corpus_dir / "dutch2025" / f"{name}.trf") for name in FILES}


def _cases(tournaments, tamper):
    for name, t in tournaments.items():
        for k, case in enumerate(tamper(t)):
            if k == PER_FILE:
                break
            yield name, case


def _check(t):
    return check_round(t, t.recorded_rounds(), EDITION, initial_colour(t, EDITION)[0])


def _named(t, tpn: int) -> str:
    return f"{t.players[tpn].name.strip()} ({tpn})"


def _partners(t, rnd: int) -> dict[int, int | None]:
    """Each player's recorded opponent in round ``rnd`` (games and forfeits; None: the PAB)."""
    out: dict[int, int | None] = {}
    for tpn, p in t.players.items():
        e = p.entry(rnd)
        if e is None:
            continue
        if e.kind is EntryKind.PAB:
            out[tpn] = None
        elif e.kind in (EntryKind.PLAYED, EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS):
            out[tpn] = e.opponent
    return out


@pytest.mark.parametrize("kind", list(KINDS))
def test_first_line_names_boards_players_rule_and_values(tournaments, kind):
    seen = 0
    for name, case in _cases(tournaments, KINDS[kind]):
        t = case.tournament
        rnd = t.recorded_rounds()
        report = _check(t)
        d = report.discrepancies[0]
        first = d.summary
        assert first.startswith(f"Round {rnd}: "), (name, case.what, first)
        # the players the alteration touched, by name and TPN
        for tpn in case.players:
            assert _named(t, tpn) in first, (name, case.what, first)
        # the board (or the PAB) they are on, by its number in board order
        assert re.search(r"board \d+ ", first) or "pairing-allocated bye" in first, first
        # the rule, and both values in its terms
        assert d.criterion and d.criterion in first, (name, case.what, first)
        if d.kind == QUALITY:
            if d.criterion == "C5":
                assert f"with {d.recorded}" in first and f"with {d.expected}" in first
            else:
                assert f"the record has {d.recorded}" in first or (
                    "the record has none" in first and d.recorded in ("0", "none")
                )
                assert f"the engine's pairing has {d.expected}" in first or (
                    "the engine's pairing has none" in first and d.expected in ("0", "none")
                )
        elif d.kind == ORDER:
            assert f"Art. {d.criterion}" in first
        elif d.kind == ILLEGAL and d.criterion == "C1":
            assert "already played each other in round" in first
        elif d.kind == COLOUR:
            w, b = (int(x) for x in d.expected.split("-"))
            assert f"the rules give {_named(t, w)} white" in first
        # the text report's round line is that sentence
        text = render_text(BatchReport([FileReport(file="x.trf", rules="2025", rounds=[report])]))
        lines = text.splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith(f"Round {rnd}:"))
        shown = " ".join(lines[start : start + 8])
        assert " ".join(first.split()) in " ".join(shown.split()), (first, shown)
        seen += 1
    assert seen >= 5, kind


def test_a_differing_round_is_paired_once(monkeypatch, tournaments):
    calls = []
    real = dutch.DutchPairer.pair

    def counted(self):
        calls.append(self.inp.round)
        return real(self)

    monkeypatch.setattr(dutch.DutchPairer, "pair", counted)
    kinds = set()
    for name, case in _cases(tournaments, tamper_exchange):
        calls.clear()
        report = _check(case.tournament)
        kinds.add(report.discrepancies[0].kind)
        assert len(calls) == 1, (name, case.what, calls)
    assert {QUALITY, ORDER} <= kinds


def _inside(members, partner):
    ms = set(members)
    pairs = {frozenset((p, partner[p])) for p in members if partner.get(p) in ms}
    floaters = {p for p in members if partner.get(p) not in ms}
    return pairs, floaters


@pytest.mark.parametrize("kind", ["exchange", "moved bye", "rematch"])
def test_the_first_diverging_bracket_is_the_first_in_pairing_order(tournaments, kind):
    seen = 0
    for name, case in _cases(tournaments, KINDS[kind]):
        t = case.tournament
        rnd = t.recorded_rounds()
        report = _check(t)
        inp = round_input(t, rnd)
        result = pair_round(inp, EDITION)
        recorded = _partners(t, rnd)
        engine: dict[int, int | None] = {result.bye: None} if result.bye else {}
        for b in result.boards:
            engine[b.white], engine[b.black] = b.black, b.white
        first = None
        for br in trace_of(result).brackets:  # the engine's pairing order (1.9.2: from the top)
            members = br.mdps + br.residents
            if _inside(members, recorded) != _inside(members, engine):
                first = br
                break
        assert first is not None and report.bracket is not None, (name, case.what)
        shown = {p.tpn for p in report.bracket.players}
        assert shown == set(first.mdps + first.residents), (name, case.what)
        assert report.bracket.score == inp.points.show(first.score)
        # "floats" / "downfloat" only for a player paired outside his score group
        states = trace_of(result).states
        for row in report.bracket.players:
            for text, partner in ((row.recorded, recorded), (row.expected, engine)):
                opp = partner.get(row.tpn)
                moved = opp is not None and states[opp].score != states[row.tpn].score
                assert ("float" in text) == moved, (name, case.what, row)
        for cand in (report.bracket.recorded, report.bracket.expected):
            for item in cand:
                m = re.match(r"(\d+) floats \(vs (\d+)\)", item)
                if m:
                    a, b = int(m.group(1)), int(m.group(2))
                    assert states[a].score != states[b].score, (name, case.what, item)
        seen += 1
    assert seen >= 5


GRAZ = "gbtami-swisspairing__international_chessopen_graz_2026_a_r09.trf"


@pytest.mark.parametrize(
    "rnd, first",
    [
        (1, "Round 1: 131 boards differ, the first: recorded board 5 Chasin, Nico (6) - "),
        (4, "Round 4: 37 boards differ, the first: recorded board 6 Shengelia, David (10) - "),
    ],
)
def test_a_275_player_round_fits_in_60_lines_and_names_everybody(corpus_dir, rnd, first):
    """Graz 2026 (275 players; the two rounds that differ from the engine's, both on the
    generation order).  Without --full the report shows the first boards and the bracket's
    players whose pairing differs, capped."""
    path = corpus_dir / "real" / GRAZ
    result = CliRunner().invoke(app, ["check", str(path), "--rules", "2025", "--round", str(rnd)])
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert len(lines) <= 60, len(lines)
    assert lines[2].startswith(first)
    assert "more (--full shows everything)" in result.stdout
    t = read(path)
    text = " ".join(result.stdout.split())
    # Every TPN shown as "(n)" follows the player's name or surname.
    for m in re.finditer(r"(\S+) \((\d+)\)", text):
        word, tpn = m.group(1), int(m.group(2))
        assert word.strip(",") in t.players[tpn].name, (word, tpn)
    # Every row of the bracket table starts with TPN and name.
    for line in lines:
        m = re.match(r"\s*(\d+)\s{3}(\S.*?)\s{2,}\d{4}\s", line)
        if m:
            assert t.players[int(m.group(1))].name.startswith(m.group(2).strip()), line
    if rnd == 1:
        return
    full = CliRunner().invoke(
        app, ["check", str(path), "--rules", "2025", "--round", "4", "--full"]
    )
    assert len(full.stdout.splitlines()) > 100
    assert "engine's round:" in full.stdout and "engine's round:" not in result.stdout


@pytest.mark.parametrize(
    "edition, labels",
    [
        ("2025", ("C1", "C2", "C3")),
        ("2017", ("C.1", "C.2", "C.3")),
        ("2012", ("B.1a", "B.1b", "B.2")),
    ],
)
def test_absolute_criteria_in_each_editions_labels(tournaments, corpus_dir, edition, labels):
    """C1-C3 (2017 C.1-C.3, 2012 B.1a/B.1b/B.2): the legality sentences, labelled as each
    edition labels them, with the round of the first meeting read from the file."""
    from trfaudit.engine import EDITIONS

    from .tamper import tamper_c3, truncate

    ed = EDITIONS[edition]
    c1, c2, c3 = labels
    t = tournaments["t000212"]
    case = next(tamper_rematch(t))
    x = case.tournament
    rnd = x.recorded_rounds()
    a, b = case.info["rematch"]
    met = [
        e.round
        for e in x.players[a].entries[: rnd - 1]
        if e.kind is EntryKind.PLAYED and e.opponent == b
    ]
    found = [d for d in check_round(x, rnd, ed).discrepancies if d.criterion == c1]
    assert any(
        d.explanation == f"{c1}: {a} and {b} already played each other in round {met[0]}"
        for d in found
    ), found
    for _name, t in tournaments.items():
        case = next(tamper_pab_to_previous(t), None)
        if case is not None:
            break
    assert case is not None
    x = case.tournament
    [y] = case.players
    d = next(d for d in check_round(x, x.recorded_rounds(), ed).discrepancies if d.criterion == c2)
    assert d.explanation.startswith(f"{c2}: {y} gets the pairing-allocated bye but ")
    assert "had the pairing-allocated bye in round" in d.explanation
    t = read(corpus_dir / "dutch2025" / "t000004.trf")
    rounds = t.recorded_rounds()
    case = next(c for r in range(2, rounds) for c in tamper_c3(truncate(t, r, total=rounds)))
    x = case.tournament
    p, q = case.players
    d = next(d for d in check_round(x, x.recorded_rounds(), ed).discrepancies if d.criterion == c3)
    assert d.explanation.startswith(f"{c3}: {p} and {q} both have an absolute preference for")
    assert d.explanation.endswith("and neither is a topscorer")
