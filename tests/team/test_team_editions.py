"""Which C.04.6 text a team event was paired under: FIDE's Swiss Team rules took effect on
2024-08-01 (the 2024 edition; the 2026 edition from 2026-02-01), so an event that started
before has no FIDE Swiss Team edition; and a ``092`` naming a league or a round robin is no
Swiss at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.engine.team.file import edition
from trfaudit.trf.reader import parse

TEAM = Path(__file__).resolve().parents[2] / "corpus" / "team"
FILE = TEAM / "gacrux-fide_team_mp_gp-11t5b-s103.trf"  # 042 2026/03/01, 192 FIDE_TEAM_MP_GP


def _with(*changes: tuple[str, str]):
    text = FILE.read_text()
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    return parse(text, "team.trf")


def test_the_2026_file_is_checked():
    assert edition(_with(), "auto")[0] == "2026"


def test_a_2010_team_event_had_no_fide_swiss_team_edition():
    t = _with(("042 2026/03/01", "042 2010/05/14"))
    name, why = edition(t, "auto")
    assert name is None
    assert why.startswith("start 2010-05-14: no FIDE Swiss Team edition applied then")
    assert "2024-08-01" in why and "2024 edition was in force" not in why
    report = check_tournament(t, Options())
    assert report.error is not None and "no FIDE Swiss Team edition" in report.error
    assert edition(t, "team-2026")[0] == "2026"  # forced: checked against the 2026 text


def test_between_the_editions_the_2024_one_was_in_force():
    name, why = edition(_with(("042 2026/03/01", "042 2025/03/16")), "auto")
    assert name is None and "the C.04.6 2024 edition was in force" in why


@pytest.mark.parametrize("kind", ["Team League", "Round Robin", "Mannschafts-Liga", "Berger"])
def test_a_league_is_no_swiss(kind):
    t = _with(("042 2026/03/01", f"042 2026/03/01\n092 {kind}"))
    name, why = edition(t, "auto")
    assert name is None
    assert why.startswith(f"092 {kind!r} names a league or round robin, not a Swiss system")


def test_a_team_swiss_is_a_swiss():
    t = _with(("042 2026/03/01", "042 2026/03/01\n092 Team Swiss System"))
    assert edition(t, "auto")[0] == "2026"


def test_an_ambiguous_date_across_editions_is_unknown():
    """042 26/03/15: 2026-03-15 (C.04.6 2026) or 2015-03-26 (before any edition)."""
    name, why = edition(_with(("042 2026/03/01", "042 26/03/15")), "auto")
    assert name is None
    assert why.startswith("the start date reads 2015-03-26, 2026-03-15: the edition is unknown")
