"""The edition a tournament is judged by (issue 6): --rules, the type code, the start date."""

from __future__ import annotations

import pytest

from trfaudit.checker.rules import choose_edition, parse_date
from trfaudit.trf.model import Tournament


def tournament(type_code=None, tournament_type=None, start_date=""):
    return Tournament(type_code=type_code, tournament_type=tournament_type,
                      start_date=start_date)


@pytest.mark.parametrize("t, edition, reason", [
    (tournament(type_code="FIDE_DUTCH_2025"), "2025", "192 FIDE_DUTCH_2025"),
    (tournament(type_code="FIDE_DUTCH_2025_BAKU", start_date="2020/01/01"), "2025",
     "192 FIDE_DUTCH_2025_BAKU"),
    (tournament(type_code="FIDE_DUTCH_2017"), "2017", "192 FIDE_DUTCH_2017"),
    (tournament(tournament_type="FIDE_DUTCH_2025", start_date="2024/05/01"), "2025",
     "092 FIDE_DUTCH_2025"),
    (tournament(type_code="FIDE_DUTCH", start_date="2019/03/04"), "2017",
     "192 FIDE_DUTCH names no edition; start date 2019-03-04"),
    (tournament(tournament_type="Swiss System", start_date="2016/08/20"), "2012",
     "start date 2016-08-20 (042): before 2017-07-01"),
    (tournament(start_date="2017-07-01"), "2017", "start date 2017-07-01"),
    (tournament(start_date="31.01.2026"), "2017", "start date 2026-01-31"),
    (tournament(start_date="2026/02/01"), "2025", "start date 2026-02-01"),
    (tournament(start_date="26/03/15"), "2025", "start date 2026-03-15"),
    (tournament(start_date="next spring"), "2025", "unreadable"),
    (tournament(), "2025", "no type code (192/092) and no start date (042)"),
])
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


@pytest.mark.parametrize("text, iso", [("2025/09/01", "2025-09-01"), ("2025.9.1", "2025-09-01"),
                                       ("01/09/2025", "2025-09-01"), ("25/09/01", "2025-09-01"),
                                       ("2025/13/01", None), ("", None)])
def test_parse_date(text, iso):
    got = parse_date(text)
    assert (got.isoformat() if got else None) == iso
