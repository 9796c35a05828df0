"""The edition a tournament is judged by (issue 6): --rules, the type code, the start date."""

from __future__ import annotations

import pytest

from trfaudit.engine.edition_choice import choose_edition
from trfaudit.trf.model import Tournament


def tournament(type_code=None, tournament_type=None, start_date="", end_date="", round_dates=""):
    return Tournament(
        type_code=type_code,
        tournament_type=tournament_type,
        start_date=start_date,
        end_date=end_date,
        round_dates=round_dates,
    )


@pytest.mark.parametrize(
    "t, edition, reason",
    [
        (tournament(type_code="FIDE_DUTCH_2025"), "2025", "192 FIDE_DUTCH_2025"),
        (
            tournament(type_code="FIDE_DUTCH_2025_BAKU", start_date="2020/01/01"),
            "2025",
            "192 FIDE_DUTCH_2025_BAKU",
        ),
        (tournament(type_code="FIDE_DUTCH_2017"), "2017", "192 FIDE_DUTCH_2017"),
        (
            tournament(tournament_type="FIDE_DUTCH_2025", start_date="2024/05/01"),
            "2025",
            "092 FIDE_DUTCH_2025",
        ),
        (
            tournament(type_code="FIDE_DUTCH", start_date="2019/03/04"),
            "2017",
            "192 FIDE_DUTCH names no edition; start date 2019-03-04",
        ),
        (
            tournament(tournament_type="Swiss System", start_date="2016/08/20"),
            "2012",
            "start date 2016-08-20 (042 '2016/08/20'): before 2017-07-01",
        ),
        (tournament(start_date="2017-07-01"), "2017", "start date 2017-07-01"),
        (tournament(start_date="31.01.2026"), "2017", "start date 2026-01-31"),
        (tournament(start_date="2026/02/01"), "2025", "start date 2026-02-01"),
        # 042 26/03/15: YY/MM/DD 2026-03-15 (2025) or DD/MM/YY 2015-03-26 (2012): unknown.
        (tournament(start_date="26/03/15"), "2025", "(2015-03-26 (2012), 2026-03-15 (2025))"),
        (tournament(start_date="next spring"), "2025", "unreadable"),
        (tournament(), "2025", "no type code (192/092) and no date (042/052/132)"),
        # The real writers' forms (issue 9).
        (
            tournament(start_date="28. 07. 2005"),
            "2012",
            "start date 2005-07-28 (042 '28. 07. 2005')",
        ),
        (
            tournament(start_date="May 29, 2020"),
            "2017",
            "start date 2020-05-29 (042 'May 29, 2020')",
        ),
        (tournament(start_date="21/03/2026"), "2025", "start date 2026-03-21"),
        # No 042: the end date, else the first round date.
        (tournament(end_date="Jun 26, 2016"), "2012", "start date 2016-06-26 (052 'Jun 26, 2016')"),
        (
            tournament(round_dates=" " * 87 + "17/07/02  17/07/03"),
            "2017",
            "start date 2017-07-02 (132 round 1 '17/07/02' read as YY/MM/DD (the TRF order))",
        ),
        # 03/04/2021: 3 April or 4 March, both in the 2017 edition.
        (tournament(start_date="03/04/2021"), "2017", "every reading falls in the 2017 edition"),
        # 01/02/2026: 1 February (2025 rules) or 2 January (2017 rules); the end date 13/02/2026
        # shows DD/MM/YYYY.
        (
            tournament(start_date="01/02/2026", end_date="13/02/2026"),
            "2025",
            "start date 2026-02-01 (042 '01/02/2026' read as DD/MM/YYYY",
        ),
    ],
)
def test_auto(t, edition, reason):
    choice = choose_edition(t)
    assert choice.edition == edition
    assert reason in choice.reason


def test_explicit_rules_win():
    choice = choose_edition(tournament(type_code="FIDE_DUTCH_2025"), "2017")
    assert (choice.edition, choice.reason) == ("2017", "--rules 2017")


def test_other_systems_are_not_judged_by_the_dutch_rules():
    choice = choose_edition(tournament(type_code="FIDE_BURSTEIN"))
    assert choice.edition is None
    assert "not the FIDE (Dutch) System" in choice.reason


@pytest.mark.parametrize(
    "t, reason",
    [
        # 01/02/2026 is 1 February (2025 rules) or 2 January 2026 (2017 rules): nothing decides.
        (
            tournament(start_date="01/02/2026"),
            "'01/02/2026' is ambiguous (2026-01-02 (2017), 2026-02-01 (2025))",
        ),
        (tournament(start_date="next spring"), "date unreadable (042 'next spring')"),
    ],
)
def test_unknown_edition(t, reason):
    choice = choose_edition(t)
    assert reason in choice.reason and "the edition is unknown" in choice.reason
    assert choice.edition == choice.candidates[0] == "2025"
    assert set(choice.candidates) >= {"2025", "2017"}


def test_a_two_digit_year_across_a_change_of_rules_is_edition_unknown():
    """``042 13.10.24``: 2013-10-24 (C.04.3 2012 edition, in force until 2017-06-30) or
    2024-10-13 (the 2017 edition, until 2026-01-31): the edition is unknown and both are
    candidates, checked side by side."""
    choice = choose_edition(tournament(start_date="13.10.24"))
    assert choice.candidates == ("2017", "2012")
    assert "ambiguous (2013-10-24 (2012), 2024-10-13 (2017))" in choice.reason
    assert "the edition is unknown" in choice.reason
    # Both readings in one edition: 042 20.06.21 is 2020-06-21 or 2021-06-20, both 2017.
    both = choose_edition(tournament(start_date="20.06.21"))
    assert both.edition == "2017" and both.candidates == ()
    assert "every reading falls in the 2017 edition" in both.reason
