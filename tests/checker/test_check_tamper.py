"""The tampering generator against the checker: each alteration of a corpus tournament's last
round must be reported with the kind and the criterion the rules give.

The corpus rounds are ground truth (a FIDE-endorsed engine paired them), so before the
alteration the round matches, and after it the only discrepancies are the ones the
alteration made.
"""

from __future__ import annotations

import re

import pytest

from trfaudit.engine import round_input
from trfaudit.engine.dutch.audit.round import check_round, initial_colour
from trfaudit.engine.dutch.colours import allocate
from trfaudit.engine.findings import COLOUR, ILLEGAL, ORDER, QUALITY
from trfaudit.trf.reader import read

from .tamper import (
    EDITION,
    states_for,
    tamper_c3,
    tamper_exchange,
    tamper_move_bye,
    tamper_pab_to_previous,
    tamper_rematch,
    tamper_swap_colours,
    truncate,
)

# Small tournaments (6-15 players) in which every alteration below has instances.
FILES = ["t000004", "t000036", "t000114", "t000184", "t000192", "t000206", "t000212", "t000232"]
PER_FILE = 6  # alterations of each kind checked per file
QUALITY_LABEL = re.compile(r"C([4-9]|1[0-9]|2[01])$")


@pytest.fixture(scope="module")
def tournaments(corpus_dir):
    return {name: read(corpus_dir / "dutch2025" / f"{name}.trf") for name in FILES}


def cases(tournaments, tamper, *, prefix=None, limit=PER_FILE):
    for name, t in tournaments.items():
        if prefix is not None:
            t = prefix(t)
        for k, case in enumerate(tamper(t)):
            if k == limit:
                break
            yield name, case


def last_round(case):
    """The report on the altered round (with the initial colour the checker would take)."""
    t = case.tournament
    return check_round(t, t.recorded_rounds(), EDITION, initial_colour(t, EDITION)[0])


def test_untouched_last_rounds_match(tournaments):
    for name, t in tournaments.items():
        report = check_round(t, t.recorded_rounds(), EDITION)
        assert report.status == "match", (name, report.discrepancies)


def test_rematch_is_illegal_c1(tournaments):
    seen = 0
    for name, case in cases(tournaments, tamper_rematch):
        report = last_round(case)
        assert report.status == "differs"
        assert all(d.kind == ILLEGAL for d in report.discrepancies), (name, case.what)
        c1 = [d for d in report.discrepancies if d.criterion == "C1"]
        assert any(d.players == case.info["rematch"] for d in c1), (name, case.what, c1)
        assert report.bracket is not None
        seen += 1
    assert seen >= 20


def test_pab_to_a_player_who_had_one_is_illegal_c2(tournaments):
    seen = 0
    for _name, case in cases(tournaments, tamper_pab_to_previous):
        report = last_round(case)
        [d] = report.discrepancies
        assert (d.kind, d.criterion, d.players) == (ILLEGAL, "C2", case.players), case.what
        assert "had the pairing-allocated bye in round" in d.explanation
        seen += 1
    assert seen >= 5


def test_swapped_colours_name_the_deciding_rule(tournaments):
    rules = set()
    for name, case in cases(tournaments, tamper_swap_colours):
        report = last_round(case)
        [d] = report.discrepancies
        black, white = case.info["board"]  # as now recorded: the original black has white
        t = case.tournament
        inp = round_input(t, t.recorded_rounds())
        states = states_for(t, t.recorded_rounds())
        colour, rule = allocate(states[white], states[black], inp.initial_colour or "w")
        assert colour == "w"
        assert (d.kind, d.criterion) == (COLOUR, rule), (name, case.what)
        assert (d.recorded, d.expected) == (f"{black}-{white}", f"{white}-{black}")
        assert d.players == [white, black]
        assert d.explanation.startswith(rule + ":")
        rules.add(rule)
    assert rules == {"5.2.1", "5.2.2", "5.2.3", "5.2.4"}


def test_swapped_colours_in_round_one_are_5_2_5(tournaments):
    seen = 0
    for _name, case in cases(tournaments, tamper_swap_colours, prefix=lambda t: truncate(t, 1)):
        [d] = last_round(case).discrepancies
        black, white = case.info["board"]
        assert (d.kind, d.criterion, d.players) == (COLOUR, "5.2.5", [white, black])
        assert "initial colour" in d.explanation
        seen += 1
    assert seen >= 10


def test_exchanged_opponents_are_quality_or_order(tournaments):
    found = set()
    for name, case in cases(tournaments, tamper_exchange):
        report = last_round(case)
        [d] = report.discrepancies
        assert d.kind in (QUALITY, ORDER), (name, case.what, d)
        if d.kind == QUALITY:
            assert QUALITY_LABEL.match(d.criterion), d
            assert d.recorded and d.expected and d.recorded != d.expected
        else:
            assert d.criterion in ("4.2", "4.3", "4.4"), d
        assert report.bracket is not None
        found.add((case.info["variant"], d.kind, d.criterion))
    kinds = {(v, k) for v, k, _ in found}
    assert ("cross", QUALITY) in kinds and ("keep", ORDER) in kinds, found
    assert {c for _, k, c in found if k == QUALITY} >= {"C7", "C12", "C13"}
    assert {c for _, k, c in found if k == ORDER} >= {"4.2", "4.3"}


def test_moved_bye(tournaments):
    found = set()
    for name, case in cases(tournaments, tamper_move_bye, limit=None):
        report = last_round(case)
        d = report.discrepancies[0]
        y = case.info["bye"]
        if not case.info["eligible"]:
            assert (d.kind, d.criterion) == (ILLEGAL, "C2"), (name, case.what, d)
            assert d.players == [y]
        elif case.info["higher"]:
            assert (d.kind, d.criterion) == (QUALITY, "C5"), (name, case.what, d)
            assert y in d.players
        else:  # the same score: a later criterion decides
            assert d.kind in (QUALITY, ORDER), (name, case.what, d)
        found.add((d.kind, d.criterion))
    assert {(ILLEGAL, "C2"), (QUALITY, "C5"), (QUALITY, "C9")} <= found, found


def test_same_absolute_preference_is_illegal_c3(corpus_dir):
    seen = 0
    for name in ("t000004", "t000028", "t000088", "t000218", "t000269", "t000276"):
        t = read(corpus_dir / "dutch2025" / f"{name}.trf")
        rounds = t.recorded_rounds()
        for rnd in range(2, rounds):  # not the final round: nobody is a topscorer
            for case in tamper_c3(truncate(t, rnd, total=rounds)):
                report = last_round(case)
                c3 = [d for d in report.discrepancies if d.criterion == "C3"]
                assert [d.players for d in c3] == [case.players], (name, case.what)
                assert all(d.kind == ILLEGAL for d in report.discrepancies)
                seen += 1
                break
    assert seen >= 5


def test_exchange_in_t000148_is_not_called_an_engine_defect(corpus_dir):
    """t000148, round 13 (35 players, 3-1-0 scoring): 22-32, 26-34 -> 22-26, 34-32 is legal
    and pairs 22 (W) with 26 (w), so it cannot be better than the corpus round.  C8 must be
    weighed on complete round-pairings: 28 has to take the PAB, so neither candidate pairs
    anybody in the next bracket, and C12 decides."""
    from .tamper import refresh_points, set_game

    t = read(corpus_dir / "dutch2025" / "t000148.trf")
    rnd = t.recorded_rounds()
    set_game(t, rnd, 22, 26)
    set_game(t, rnd, 34, 32)
    refresh_points(t)
    [d] = check_round(t, rnd, EDITION).discrepancies
    assert (d.kind, d.criterion) == (QUALITY, "C12"), d
