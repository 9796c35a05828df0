"""corpus/regressions/: rounds the engine once paired differently from the reference engine
(bbpPairings v6, 2025 rules).  The expected boards are the reference engine's output on each
file (run for issue 19), in its board order; ``x 0`` there is the PAB, here ``bye``.

- C.04.3 2025 Art. 2.4.4 [C9] (minimise the unplayed games of the PAB assignee) is in force in
  every bracket that downfloats exactly one player, who then gets the PAB: a bracket below the
  PAB score whose MDPs are the only PAB candidates, and the first bracket.
- A round in which every player holds a bye (``Z``/``H``/``F``) is a played round, not the
  next round's announcements (the reference engine's reading of the file).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.engine import EDITIONS, pair_round, round_input
from trfaudit.engine.dutch.pairer import DutchPairer
from trfaudit.engine.dutch.trace import trace_of
from trfaudit.trf.reader import parse, read

from .test_corpus import disagreements

REGRESSIONS = Path(__file__).resolve().parents[2] / "corpus" / "regressions"

Boards = list[tuple[int, int]]

# file, round, the reference engine's boards (white, black) in board order, its PAB
REFERENCE: list[tuple[str, int, Boards, int | None]] = [
    (
        "t800133.trf",
        7,
        [(4, 16), (2, 5), (6, 8), (9, 3), (1, 11), (14, 10), (19, 7), (17, 12), (18, 15)]
        + [(22, 20), (21, 23)],
        13,
    ),
    ("ainalrami-top-score-group-tiebreak.trf", 4, [(3, 5), (1, 2)], 4),
    ("ainalrami-trailing-round-complete.trf", 6, [(4, 1), (2, 3)], None),
    ("ainalrami-c6-vs-completion-6.trf", 7, [(1, 2), (3, 5), (6, 4)], None),
    ("ainalrami-c6-vs-completion-8.trf", 7, [(1, 2), (3, 4), (7, 5), (6, 8)], None),
]


@pytest.mark.parametrize(
    "name, rnd, boards, bye", REFERENCE, ids=[f"{r[0]}-r{r[1]}" for r in REFERENCE]
)
def test_pairs_as_the_reference_engine(name: str, rnd: int, boards: Boards, bye: int | None):
    t = read(REGRESSIONS / name)
    if name.startswith("ainalrami-"):  # these cases are the file's next round
        assert t.next_round() == rnd
    got = pair_round(round_input(t, rnd), EDITIONS["2025"])
    assert [(b.white, b.black) for b in got.boards] == boards
    assert got.bye == bye


# The 2017 edition has no C9 (C.04.3 2017: no criterion on the PAB assignee's unplayed
# games): the reference engine's 2017 build (bbpPairings v5.0.1) on the same files.
REFERENCE_2017: list[tuple[str, int, Boards, int | None]] = [
    (
        "t800133.trf",
        7,
        [(4, 16), (2, 5), (6, 8), (9, 3), (1, 11), (14, 10), (19, 7), (18, 13), (15, 12)]
        + [(22, 20), (21, 23)],
        17,
    ),
    ("ainalrami-top-score-group-tiebreak.trf", 4, [(3, 4), (1, 2)], 5),
    ("ainalrami-trailing-round-complete.trf", 6, [(4, 1), (2, 3)], None),
]


@pytest.mark.parametrize(
    "name, rnd, boards, bye", REFERENCE_2017, ids=[f"{r[0]}-r{r[1]}" for r in REFERENCE_2017]
)
def test_2017_pairs_as_the_reference_engine(name: str, rnd: int, boards: Boards, bye: int | None):
    got = pair_round(round_input(read(REGRESSIONS / name), rnd), EDITIONS["2017"])
    assert [(b.white, b.black) for b in got.boards] == boards
    assert got.bye == bye


@pytest.mark.parametrize("name", ["t800133.trf", "t800451.trf"])
def test_every_round_of_the_reference_tournament(name: str):
    # Both are the reference engine's own tournaments: every round is its pairing.
    assert not disagreements(REGRESSIONS / name)


def _bracket_of(name: str, rnd: int, score_points: float):
    t = read(REGRESSIONS / name)
    got = pair_round(round_input(t, rnd), EDITIONS["2025"])
    unit = round_input(t, rnd).points.unit
    (rec,) = [b for b in trace_of(got).brackets if b.score == round(score_points * unit)]
    return rec


def test_c9_in_force_below_the_pab_score():
    # t800133 round 7: the PAB score is 2.5; the 2.0 bracket gets MDPs 13 and 18 (2.5), its
    # residents all had a PAB, so its one downfloater is the PAB assignee (2.4.4).  18 lost
    # round 5 by forfeit: 13, with no unplayed game, is the one to float and get the PAB.
    rec = _bracket_of("t800133.trf", 7, 2.0)
    assert sorted(rec.mdps) == [13, 18] and rec.downfloaters == [13]
    assert rec.c9_applies


def test_c9_in_force_in_the_first_bracket():
    # The PAB score is the top score (2.0): 1 (1.5) cannot take it (no legal rest), 2 and 3
    # had a PAB.  The top bracket {3, 4, 5} downfloats the PAB assignee: 4 (all games
    # played) over 5 (sat out round 1).
    rec = _bracket_of("ainalrami-top-score-group-tiebreak.trf", 4, 2.0)
    assert rec.c9_applies and rec.downfloaters == [4]


def test_prepass_keeps_the_top_scoregroup_among_itself():
    # The pre-pass (C5) decides C9's force in the first bracket: of the matchings with the
    # lowest PAB score it takes one that pairs the top scoregroup among itself when any does.
    t = read(REGRESSIONS / "ainalrami-top-score-group-tiebreak.trf")
    p = DutchPairer(round_input(t, 4), EDITIONS["2025"])
    bye_score, single, ranks = p.completion.pab_prepass()
    assert single and bye_score == p.rs.order[0].score
    # Ranks: more games played, lower rank (paired players weigh by rank: C9 keeps out the
    # one with the fewest unplayed games).
    assert ranks == {3: 0, 2: 1, 1: 2}


def _two_byes(make_player, make_trf, *extra: str) -> str:
    return make_trf(
        make_player(1, ["   2 w 1", "0000 - H"], points="1.5"),
        make_player(2, ["   1 b 0", "0000 - Z"], points="0.0"),
        *extra,
    )


def test_a_round_of_byes_only_is_played(make_player, make_trf):
    t = parse(_two_byes(make_player, make_trf))
    assert t.recorded_rounds() == 2 and t.next_round() == 3
    assert not t.absent_next and all(not p.announced for p in t.players.values())


def test_a_round_with_someone_not_entered_is_announcements(make_player, make_trf):
    t = parse(_two_byes(make_player, make_trf, make_player(3, ["0000 - U"], points="1.0")))
    assert t.recorded_rounds() == 1 and t.next_round() == 2
    assert set(t.absent_next) == {1, 2}


runner = CliRunner()


def test_pair_never_writes_an_empty_pairing():
    path = REGRESSIONS / "ainalrami-trailing-round-complete.trf"
    got = runner.invoke(app, ["pair", str(path)])
    assert got.exit_code == 0 and got.stdout.split() == ["2", "4", "1", "2", "3"]
    # Round 5, where every player holds a bye, has nobody to pair: refused, not empty.
    got = runner.invoke(app, ["pair", str(path), "--round", "5"])
    assert got.exit_code == 2 and got.stdout == ""
    assert "round 5: no player to pair" in got.stderr
