"""Reading the dates real writers put in 042/052/132 (issue 9)."""

from __future__ import annotations

from datetime import date

import pytest

from trfaudit.trf.dates import DMY, MDY, NAMED, YMD, date_readings, tournament_dates
from trfaudit.trf.model import Tournament


@pytest.mark.parametrize(
    "text, readings",
    [
        ("2024/10/13", {YMD: date(2024, 10, 13)}),  # TRF-16
        ("2024-10-13", {YMD: date(2024, 10, 13)}),
        ("2024.10.13", {YMD: date(2024, 10, 13)}),
        ("2025.9.1", {YMD: date(2025, 9, 1)}),
        ("28.07.2005", {DMY: date(2005, 7, 28)}),
        ("28. 07. 2005", {DMY: date(2005, 7, 28)}),  # Swiss-Manager (German locale)
        ("21/03/2026", {DMY: date(2026, 3, 21)}),  # Tornello
        ("03/04/2021", {DMY: date(2021, 4, 3), MDY: date(2021, 3, 4)}),
        ("12/31/2019", {MDY: date(2019, 12, 31)}),
        ("Jun 26, 2020", {NAMED: date(2020, 6, 26)}),  # lichess
        ("May 29, 2020", {NAMED: date(2020, 5, 29)}),
        ("26 June 2020", {NAMED: date(2020, 6, 26)}),
        ("26th of June 2020", {NAMED: date(2020, 6, 26)}),
        ("26-Jul-05", {NAMED: date(2005, 7, 26)}),
        ("Friday, May 29, 2020", {NAMED: date(2020, 5, 29)}),
        ("Sat 26 Jun 2020 10:00", {NAMED: date(2020, 6, 26)}),
        ("May 29, 2020 6:00 PM", {NAMED: date(2020, 5, 29)}),
        ("2020-05-29T18:00:00Z", {YMD: date(2020, 5, 29)}),
        ("2020-05-29 18:00", {YMD: date(2020, 5, 29)}),
        ("20200529", {NAMED: date(2020, 5, 29)}),
        # Two-digit years: YY/MM/DD (TRF-16's 132), or DD/MM/YY, or MM/DD/YY.
        ("24/01/01", {YMD: date(2024, 1, 1), DMY: date(2001, 1, 24)}),
        ("05/07/28", {YMD: date(2005, 7, 28), DMY: date(2028, 7, 5), MDY: date(2028, 5, 7)}),
        ("98/07/28", {YMD: date(1998, 7, 28)}),
        # Not dates.
        ("2025/13/01", {}),
        ("next spring", {}),
        ("", {}),
        ("May 2020", {}),
        ("32.01.2020", {}),
    ],
)
def test_readings(text, readings):
    assert date_readings(text).dates == readings


def t(start="", end="", rounds=()):
    text = (" " * 87 + "  ".join(rounds)) if rounds else ""
    return Tournament(start_date=start, end_date=end, round_dates=text)


def test_a_day_above_12_elsewhere_decides():
    # 03/04/2021 alone is 3 April or 4 March; the end date 13/04/2021 is DD/MM/YYYY only.
    got = tournament_dates(t("03/04/2021", "13/04/2021"))
    assert list(got.starts) == [date(2021, 4, 3)]
    assert "read as DD/MM/YYYY" in got.starts[date(2021, 4, 3)]


def test_dates_in_order_decide():
    # 01/02/2026 .. 02/03/2026: DD/MM reads 1 Feb .. 2 Mar, MM/DD reads 2 Jan .. 3 Feb; the
    # round dates 28/02/2026 only read DD/MM.
    got = tournament_dates(t("01/02/2026", "02/03/2026", ["28/02/2026"]))
    assert list(got.starts) == [date(2026, 2, 1)]
    # 05/03/2021 .. 04/05/2021: DD/MM reads 5 March .. 4 May; MM/DD reads 3 May .. 5 April,
    # the end before the start.
    got = tournament_dates(t("05/03/2021", "04/05/2021"))
    assert list(got.starts) == [date(2021, 3, 5)]
    # Two-digit years: 16/07/02 .. 16/07/09 are YY/MM/DD (2016) or DD/MM/YY (2002, 2009):
    # both in order, and YY/MM/DD is the TRF order.
    got = tournament_dates(t("", "", ["16/07/02", "16/07/09"]))
    assert got.start == date(2016, 7, 2) and "YY/MM/DD (the TRF order)" in got.starts[got.start]


def test_ambiguity_that_stays_is_reported():
    got = tournament_dates(t("01/02/2026"))
    assert set(got.starts) == {date(2026, 2, 1), date(2026, 1, 2)}
    assert got.start is None


def test_dates_out_of_order_leave_the_start_alone():
    # An end date before the start under every reading: the start is read on its own.
    assert tournament_dates(t("Jun 26, 2020", "Jan 2, 2020")).start == date(2020, 6, 26)
    got = tournament_dates(t("03/04/2021", "Jan 2, 2020"))
    assert set(got.starts) == {date(2021, 4, 3), date(2021, 3, 4)}


def test_fallback_to_052_then_132():
    assert tournament_dates(t("", "Jun 26, 2016")).source.where == "052"
    got = tournament_dates(t("no idea", "", ["16/06/26", "16/06/27"]))
    assert got.source.where == "132 round 1" and got.start == date(2016, 6, 26)
    assert [f.where for f in got.unread] == ["042"]


def test_no_dates():
    got = tournament_dates(t())
    assert got.starts == {} and got.source is None and got.unread == []


def test_a_two_digit_year_in_042_keeps_both_readings():
    """TRF-16 prescribes YYYY/MM/DD for 042 and YY/MM/DD for 132 only: ``042 13.10.24`` is 13
    October 2024 (DD.MM.YY) or 24 October 2013 (YY.MM.DD), and nothing else in the file
    decides (MM.DD.YY has no month 13)."""
    got = tournament_dates(t("13.10.24"))
    assert set(got.starts) == {date(2024, 10, 13), date(2013, 10, 24)}
    assert got.start is None
