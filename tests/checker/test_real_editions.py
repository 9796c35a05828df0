"""Every real file of corpus/real is judged by the edition its dates (or type code) give, with
the reason stated (issue 9).  The expected values were read by hand from each file's 042/192
lines (SOURCES.tsv says where each file comes from)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.engine.edition_choice import choose_edition
from trfaudit.engine.systems import recognise
from trfaudit.trf.reader import read
from trfaudit.trf.system import pairing_system

REAL = Path(__file__).resolve().parents[2] / "corpus" / "real"

NO_DATE = "no type code (192/092) and no date (042/052/132): the current edition"
EDITIONS = {
    # 042 24/09/2010: day 24, so DD/MM/YYYY; before 2017-07-01.
    "competichess__testTrfFile.txt": (
        "2012",
        "start date 2010-09-24 (042 '24/09/2010'): before 2017-07-01",
    ),
    # lichess writes "Oct 13, 2024"; the 2017 edition was in force until 2026-01-31.
    "openswisspairings__lichess_swiss_2024.10.13_hId1KZmF_rapid.trf": (
        "2017",
        "start date 2024-10-13 (042 'Oct 13, 2024'): in force from 2017-07-01",
    ),
    "ottomilvang-tiebreakserver__held_swiss_9.trf": (
        "2017",
        "start date 2024-08-01 (042 '2024-08-01'): in force from 2017-07-01",
    ),
    "sharly-chess__2020_06.trf": (
        "2017",
        "start date 2020-05-29 (042 'May 29, 2020'): in force from 2017-07-01",
    ),
    # Swiss-Manager's German "28. 07. 2005": the 2012 text (C.04.3.1) was in force.
    "sharly-chess__example_trf16.trf": (
        "2012",
        "start date 2005-07-28 (042 '28. 07. 2005'): before 2017-07-01",
    ),
    # Tornello writes DD/MM/YYYY; 21 March 2026 is after 2026-02-01.
    "tornello__input_bbp_Primavera_2.trf": (
        "2025",
        "start date 2026-03-21 (042 '21/03/2026'): in force from 2026-02-01",
    ),
    # The Irish exports: 042 25.02.2011 (DD.MM.YYYY, day 25) and 2011/07/02 (YYYY/MM/DD).
    "sanichi-icu_tournament__bunratty_major_2011.tab": (
        "2012",
        "start date 2011-02-25 (042 '25.02.2011'): before 2017-07-01",
    ),
    "sanichi-icu_tournament__irish_junior_champs_2011.tab": (
        "2012",
        "start date 2011-07-02 (042 '2011/07/02'): before 2017-07-01",
    ),
    # The type code wins over the date 2025/09/13 (issue 6); FIDE_DUTCH_2026 is the 2026 text.
    "sharly-chess__trf-import-test.trf": ("2025", "192 FIDE_DUTCH_2026_BAKU"),
    # No header at all (Chess-Results conversions, a generated bbp test): the current edition.
    "bbppairings__issue_7.input": ("2025", NO_DATE),
    "gbtami-swisspairing__aeroflot_open_2026_r09.trf": ("2025", NO_DATE),
    "gbtami-swisspairing__budapest_spring_festival_2026_group_a_2200_r09.trf": ("2025", NO_DATE),
    "gbtami-swisspairing__international_chessopen_graz_2026_a_r09.trf": ("2025", NO_DATE),
}
TEAM = "sharly-chess__example_trf26.trf"


def test_every_real_file_is_pinned():
    files = {p.name for p in REAL.iterdir() if p.name != "SOURCES.tsv"}
    assert files == set(EDITIONS) | {TEAM}


@pytest.mark.parametrize("name", sorted(EDITIONS))
def test_edition_and_reason(name):
    t = read(REAL / name)
    system = recognise(t)
    assert system is not None and system.name == "FIDE_DUTCH"
    choice = choose_edition(t)
    assert (choice.edition, choice.reason) == EDITIONS[name]
    assert choice.candidates == ()  # every real file's edition is known


def test_the_team_event_is_no_dutch_event():
    t = read(REAL / TEAM)
    system = pairing_system(t)
    found = recognise(t)  # the Swiss Team system's (issue 23), not the Dutch one
    assert system.team and found is not None and found.team and system.code == "FIDE_TEAM_BAKU"
