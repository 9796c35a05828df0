"""Input causes (issue 9): a corpus tournament altered in exactly one way must be reported as
an ``input`` finding with that cause, and with no ``quality``/``order``/``colour`` noise.

The corpus rounds are exact by construction (a FIDE-endorsed engine paired them), so every
difference after the alteration is the alteration's.  Each expected value is derived from
the alteration itself (which player moved, which colour was stated, which bye was re-coded),
never read from the checker's output.
"""

from __future__ import annotations

import copy
import dataclasses
from fractions import Fraction

import pytest

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.engine.dutch.readings.inputs import baku_acceleration
from trfaudit.engine.dutch.readings.starting_rank import (
    follows_final_standings,
    prescribed_order,
    round1_out_of_order,
)
from trfaudit.engine.findings import INPUT, Cause, FindingClass
from trfaudit.trf.model import EntryKind, RoundEntry, Tournament
from trfaudit.trf.reader import read


def renumber(t: Tournament, new: dict[int, int]) -> Tournament:
    """``t`` with every pairing number ``old`` replaced by ``new[old]`` (players, opponents,
    acceleration, forbidden pairs): the same tournament, numbered otherwise."""
    t = copy.deepcopy(t)
    players = {}
    for old, p in t.players.items():
        p.tpn = new[old]
        p.entries = [
            dataclasses.replace(e, opponent=new[e.opponent] if e.opponent else None)
            for e in p.entries
        ]
        players[new[old]] = p
    t.players = dict(sorted(players.items()))
    t.accelerations = {new[k]: v for k, v in t.accelerations.items()}
    t.forbidden_pairs = [(frozenset(new[x] for x in g), a, b) for g, a, b in t.forbidden_pairs]
    return t


def findings(report):
    return [(r.round, d) for r in report.rounds for d in r.discrepancies]


def assert_only_input(report, cause: Cause) -> list:
    """Every finding of ``report`` is an input finding of ``cause``; returns them."""
    found = findings(report)
    assert found, "the alteration must make a round differ"
    for rnd, d in found:
        assert (d.kind, d.cause, d.finding_class) == (INPUT, cause.value, FindingClass.INPUT), (
            rnd,
            d,
        )
    return found


def assert_alternative(report, cause: Cause) -> list:
    """Every finding of ``report`` states the record as written (not ``input``) and lists a
    reading of ``cause`` as an alternative (issue 19); returns (round, finding, reading)."""
    found = findings(report)
    assert found, "the alteration must make a round differ"
    out = []
    for rnd, d in found:
        assert d.kind != INPUT and d.finding_class != FindingClass.INPUT, (rnd, d)
        readings = [a for a in d.alternatives if a.cause == cause.value]
        assert readings, (rnd, d)
        out.append((rnd, d, readings[0]))
    # the round's sentence says it: "..., unless <the reading>"
    first = {rnd: d for rnd, d in reversed(found)}
    assert all("; unless " in d.summary for d in first.values())
    return out


# -- starting rank ---------------------------------------------------------------------------


def test_a_player_moved_to_the_end_is_put_back_by_the_smallest_re_ranking(corpus_dir):
    t = read(corpus_dir / "dutch2025" / "t000036.trf")
    n = len(t.players)
    assert check_tournament(t, Options(rules="2025")).status == "match"
    # Player 3 is renumbered last; everyone below moves up one.
    new = {old: (n if old == 3 else old - (old > 3)) for old in t.players}
    moved = renumber(t, new)
    for p in moved.players.values():
        p.rating = 0  # no rating to re-rank by: only the re-ranking search can explain it
    report = check_tournament(moved, Options(rules="2025"))
    found = assert_only_input(report, Cause.STARTING_RANK)
    first = dict(found)[1]
    # Put back between the players who were #2 and #4, now #2 and #3.
    assert f"#{n} ranked between #2 and #3" in first.evidence
    assert first.players == [n]


def test_numbering_by_final_standings_is_the_file_not_the_pairing(corpus_dir):
    t = read(corpus_dir / "dutch2025" / "t000184.trf")
    last = t.recorded_rounds()
    by_standing = sorted(t.players, key=lambda tpn: (-t.score(tpn, last), tpn))
    new = {old: i + 1 for i, old in enumerate(by_standing)}
    assert new != {x: x for x in t.players}
    moved = renumber(t, new)
    assert follows_final_standings(moved) and not follows_final_standings(t)
    report = check_tournament(moved, Options(rules="2025"))
    assert_only_input(report, Cause.STARTING_RANK)


def test_prescribed_ranking_is_rating_then_title_then_name():
    t = Tournament()
    from trfaudit.trf.model import Player

    rows = [
        (1, 2000, "", "Zed"),
        (2, 2100, "", "Abe"),
        (3, 2000, "IM", "Zoe"),
        (4, 2000, "", "Ann"),
        (5, 0, "", "Bob"),
    ]
    for tpn, rating, title, name in rows:
        t.players[tpn] = Player(tpn=tpn, name=name, title=title, rating=rating)
    # 2100 first; among the 2000s the IM, then Ann before Zed; the unrated last.
    assert prescribed_order(t) == [2, 3, 4, 1, 5]


def test_round1_in_order_is_not_blamed(corpus_dir):
    t = read(corpus_dir / "dutch2025" / "t000036.trf")
    assert round1_out_of_order(t) == []


# -- initial colour -----------------------------------------------------------------------------


def test_a_contradicting_initial_colour_is_one_file_level_finding(corpus_dir):
    t = read(corpus_dir / "dutch2025" / "t000036.trf")
    rec = check_tournament(t, Options(rules="2025"))
    assert rec.status == "match"
    # What the engine infers from round 1 (the file states nothing), and the other colour.
    from trfaudit.engine import round_input

    inferred = round_input(t, 1).initial_colour
    stated = copy.deepcopy(t)
    stated.initial_colour = "b" if inferred == "w" else "w"
    report = check_tournament(stated, Options(rules="2025"))
    found = assert_only_input(report, Cause.INITIAL_COLOUR)
    assert len(found) == 1 and found[0][0] == 1
    word = {"w": "white", "b": "black"}
    assert found[0][1].expected == word[inferred]


# -- acceleration --------------------------------------------------------------------------------


def test_baku_virtual_points_as_the_axes_corpus_states_them(corpus_dir):
    # t800012: 12 players, 7 rounds; 250 lines give 1.0 to #1-#6 in rounds 1-2, 0.5 in 3-4.
    t = read(corpus_dir / "axes" / "t800012_baku_byes_pab05.trf")
    assert baku_acceleration(t) == t.accelerations
    assert set(t.accelerations) == set(range(1, 7))
    assert t.accelerations[1] == {
        1: Fraction(1),
        2: Fraction(1),
        3: Fraction(1, 2),
        4: Fraction(1, 2),
    }


def test_a_dropped_250_is_the_acceleration(corpus_dir):
    t = read(corpus_dir / "axes" / "t800030_baku_pab05.trf")
    assert check_tournament(t, Options(rules="2025")).status == "match"
    dropped = dataclasses.replace(t, accelerations={})
    report = check_tournament(dropped, Options(rules="2025"))
    # Not stated, but round 1 is not S1 against S2 by the numbers: the file is shown at fault,
    # and the Baku reading reproduces the rounds.
    found = assert_only_input(report, Cause.ACCELERATION)
    assert "Baku" in found[0][1].explanation
    assert "round 1: 1 to #1-#44" in found[0][1].evidence
    assert "round 1 is not S1 against S2 by the pairing numbers" in found[0][1].evidence


def test_an_acceleration_the_rounds_were_not_paired_with(corpus_dir):
    t = read(corpus_dir / "dutch2025" / "t000036.trf")
    n = len(t.players)
    stated = copy.deepcopy(t)
    stated.accelerations = {tpn: {1: Fraction(1)} for tpn in range(1, n // 2 + 1)}
    report = check_tournament(stated, Options(rules="2025"))
    found = assert_only_input(report, Cause.ACCELERATION)
    assert [rnd for rnd, _ in found] == [1]
    assert "without the virtual points" in found[0][1].evidence


# -- absences and byes ---------------------------------------------------------------------------


def test_an_f_written_for_a_u(corpus_dir):
    # 2017 rules: a full-point bye does not bar the PAB (C.04.1.d), a PAB does.
    t = read(corpus_dir / "dutch2017" / "t000006.trf")
    assert t.players[29].entries[3].kind is EntryKind.PAB
    assert check_tournament(t, Options(rules="2017")).status == "match"
    altered = copy.deepcopy(t)
    old = altered.players[29].entries[3]
    altered.players[29].entries[3] = RoundEntry(
        4, EntryKind.FULL_BYE, None, None, "F", old.line, old.column
    )
    report = check_tournament(altered, Options(rules="2017"))
    found = assert_alternative(report, Cause.ABSENCE)
    for _, _, reading in found:
        assert "29's round-4 entry read as 'U'" in reading.evidence
        assert reading.players == [29]


def test_the_readings_of_one_file_in_two_processes_report_as_in_one(corpus_dir, tmp_path):
    """``check --jobs 2`` on one file runs its rounds and then its differing rounds'
    searches of bye readings (engine.systems.TaskMap) in two processes: the same report,
    the reading that reproduces round 4 among it."""
    from typer.testing import CliRunner

    from trfaudit.checker.cli import app
    from trfaudit.trf.writer import write

    altered = copy.deepcopy(read(corpus_dir / "dutch2017" / "t000006.trf"))
    old = altered.players[29].entries[3]
    altered.players[29].entries[3] = RoundEntry(
        4, EntryKind.FULL_BYE, None, None, "F", old.line, old.column
    )
    path = tmp_path / "t000006-f.trf"
    path.write_text(write(altered))
    runner = CliRunner()
    args = ["check", str(path), "--rules", "2017", "--format", "json"]
    one, two = (runner.invoke(app, [*args, "--jobs", jobs]) for jobs in ("1", "2"))
    assert one.exit_code == two.exit_code == 1
    assert one.stdout == two.stdout
    assert "29's round-4 entry read as 'U'" in one.stdout


# -- forbidden pairs -------------------------------------------------------------------------------


def test_a_forbidden_pair_that_was_paired(corpus_dir):
    t = read(corpus_dir / "dutch2025" / "t000036.trf")
    entry = t.players[1].entries[2]  # player 1's round-3 game
    assert entry.kind is EntryKind.PLAYED
    altered = copy.deepcopy(t)
    altered.forbidden_pairs = [(frozenset((1, entry.opponent)), 1, 3)]
    report = check_tournament(altered, Options(rules="2025"))
    found = assert_alternative(report, Cause.FORBIDDEN_PAIR)
    assert {rnd for rnd, _, _ in found} == {3}
    assert (
        f"1-{entry.opponent}" in found[0][2].evidence
        or f"{entry.opponent}-1" in found[0][2].evidence
    )


@pytest.mark.parametrize("name", ["t000004", "t000114"])
def test_clean_corpus_files_give_no_input_finding(corpus_dir, name):
    report = check_tournament(read(corpus_dir / "dutch2025" / f"{name}.trf"), Options(rules="2025"))
    assert report.status == "match"


def test_a_finding_that_hinges_on_a_forbidden_pair_says_so(corpus_dir):
    from .tamper import refresh_points, set_game

    t = read(corpus_dir / "dutch2025" / "t000184.trf")
    last = t.recorded_rounds()
    boards = sorted(
        {
            (tpn, e.opponent) if e.colour == "w" else (e.opponent, tpn)
            for tpn, p in t.players.items()
            if (e := p.entries[last - 1]).kind is EntryKind.PLAYED
        }
    )
    (w1, b1), (w2, b2) = boards[0], boards[1]
    altered = copy.deepcopy(t)
    altered.forbidden_pairs = [(frozenset((w1, b1)), last, last)]
    # A second alteration on another board: the round no longer matches without the
    # forbidden pair either, so the pairing is blamed, but the finding hinges on it.
    set_game(altered, last, b2, w2, "=")
    refresh_points(altered)
    report = check_tournament(altered, Options(rules="2025", round=last))
    assert report.error is None
    found = findings(report)
    assert found and all(d.kind != INPUT for _, d in found)
    assert all(
        "hinges on the forbidden pairs " + "-".join(map(str, sorted((w1, b1))))
        in (d.evidence or "")
        for _, d in found
    )


def test_a_finding_in_an_accelerated_round_names_the_virtual_points(corpus_dir):
    from .tamper import refresh_points, set_game

    # t800012: 250 lines give 1.0 to #1-#6 in rounds 1-2.  Swap the colours of a round-2
    # board: a colour finding, in a round paired with the virtual points.
    t = read(corpus_dir / "axes" / "t800012_baku_byes_pab05.trf")
    entry = next(
        e
        for p in t.players.values()
        if (e := p.entries[1]).colour == "w" and e.kind is EntryKind.PLAYED
    )
    white = next(tpn for tpn, p in t.players.items() if p.entries[1] is entry)
    altered = copy.deepcopy(t)
    set_game(altered, 2, entry.opponent, white, {"1": "0", "0": "1", "=": "="}[entry.result])
    refresh_points(altered)
    report = check_tournament(altered, Options(rules="2025", round=2))
    found = findings(report)
    assert found and all(d.kind != INPUT for _, d in found)
    assert all("virtual points (round 2: 1 to #1-#6)" in (d.evidence or "") for _, d in found)
