"""``validate`` on a Swiss Team file (C.04.6): the checks of an individual event that a team
event's records do not mean are not made.  A team's PAB gives each of its players a ``U``
(TRF-2026 ``320``), and ``240``/``250`` name teams (TRF-2026 4.4), not players."""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.trf import errors
from trfaudit.trf.reader import parse, read
from trfaudit.trf.validate import validate

from ..conftest import player_line, trf_text

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
TEAM_FILES = sorted((CORPUS / "team").glob("*.trf")) + [
    CORPUS / "real" / "sharly-chess__example_trf26.trf"
]
INDIVIDUAL = {
    errors.SEVERAL_PABS,
    errors.BYE_MISMATCH,
    errors.UNKNOWN_PLAYER,
    errors.TEAM_ACCELERATION,
}


@pytest.mark.parametrize("path", TEAM_FILES, ids=[p.name for p in TEAM_FILES])
def test_no_individual_event_warnings_on_a_team_file(path):
    found = [p for p in validate(read(path)) if p.code in INDIVIDUAL]
    assert found == []


def test_the_team_pab_is_five_players_with_u():
    """Read by hand: round 6 of the 11-team file gives team 3's PAB (320) to its players
    11-15, each with ``0000 - U``; an individual reading would call that 5 PABs."""
    t = read(CORPUS / "team" / "gacrux-fide_team_mp_gp-11t5b-s103.trf")
    pabs = sorted(tpn for tpn, p in t.players.items() if p.entries[5].kind.value == "pab")
    assert pabs == [11, 12, 13, 14, 15]


def test_an_individual_file_still_gets_them():
    text = trf_text(
        "012 Two byes",
        player_line(1, ("   2 w 1",), points="1.0"),
        player_line(2, ("   1 b 0",), points="0.0"),
        player_line(3, ("0000 - U",), points="1.0"),
        player_line(4, ("0000 - U",), points="1.0"),
        "240 H   2    9",
        "250 1.0  1.0   1   1    1    4",
    )
    codes = [p.code for p in validate(parse(text, "x.trf"))]
    assert errors.SEVERAL_PABS in codes and errors.UNKNOWN_PLAYER in codes
    assert errors.TEAM_ACCELERATION in codes
