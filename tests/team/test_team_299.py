"""TRF-2026 ``299`` abnormal points in a Swiss Team event (TRF-2026 4.5): the ids are team
numbers, ``MMMM`` the match points, ``GGGG`` the game points.  The cases are the Sharly-Chess
bbpPairings fork's (``corpus/peers``, SOURCES.tsv); each expectation is that project's and
was checked by hand against the scores below (362: TW 2, TD 1, TL 0; no 320 line, so the PAB
is worth a drawn match's 1 MP, C.04.6 Art. 1.4)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from trfaudit.checker.audit import pair
from trfaudit.engine.output import as_list
from trfaudit.engine.team.history import build_history
from trfaudit.trf.reader import read
from trfaudit.trf.team import team_records

CASES = Path(__file__).resolve().parents[2] / "corpus" / "peers" / "Sharly-Chess-bbpPairings"
CASES = CASES / "test" / "tests"


def _mp(name: str) -> dict[int, Fraction]:
    t = read(CASES / f"team_299_{name}.input")
    history = build_history(t, team_records(t))
    return {tpn: history.score(tpn, 1, "MP") for tpn in history.rounds}


@pytest.mark.parametrize(
    ("name", "scores"),
    [
        # "299 -   1.0": every team forfeit loss is worth 1 MP (2 and 4 lost by forfeit).
        ("all", {1: 2, 2: 1, 3: 2, 4: 1, 5: 1}),
        # The same record: 4 lost by forfeit, 2 over the board (0 MP).
        ("forfeit", {1: 2, 2: 0, 3: 2, 4: 1, 5: 1}),
        # "299 -   1.0 ... 4": team 4's forfeit loss only.
        ("target", {1: 2, 2: 0, 3: 2, 4: 1, 5: 1}),
        # A blank type: a bonus of 3 MP to team 4 in round 1.
        ("blank", {1: 2, 2: 0, 3: 2, 4: 3, 5: 1}),
    ],
)
def test_299_counts_in_the_team_scores(name, scores):
    assert _mp(name) == {tpn: Fraction(v) for tpn, v in scores.items()}


@pytest.mark.parametrize("name", ["all", "forfeit", "target"])
def test_the_round_after_is_the_forks_pairing(name):
    t = read(CASES / f"team_299_{name}.input")
    out = as_list(pair(t).pairing)
    assert out == (CASES / f"team_299_{name}.output.expected").read_text()


def test_the_bonus_moves_the_pab():
    """Art. 3.4 (the PAB to a team of the lowest score): with team 4's bonus, team 2 is the one
    team with 0 MP and gets the PAB, as the fork's expected output has it (without the bonus
    it would be team 4).  The fork pairs 4-5 and 3-1 besides, trfaudit 4-1 and 5-3: the two
    part on the upfloater for team 4 (3 MP), a question of Art. 3.5, not of the 299 record."""
    t = read(CASES / "team_299_blank.input")
    out = as_list(pair(t).pairing)
    assert out.splitlines()[-1] == "2 0"
    assert (CASES / "team_299_blank.output.expected").read_text().splitlines()[-1] == "2 0"
