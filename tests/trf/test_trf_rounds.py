"""The one reader of the recorded round (trf/rounds.py) and the structured problems that the
validator builds from it (Problem.code, Problem.round).

The small tournaments are written by hand; the expected pairs and faults are read off the
blocks (``"   3 w 1"``: opponent 3, white, a win).
"""

from __future__ import annotations

import pytest

from trfaudit.trf import errors, parse
from trfaudit.trf.rounds import read_round, takes_part
from trfaudit.trf.validate import validate


def tournament(make_player, make_trf, blocks: dict[int, list[str]], *extra: str):
    lines = ["012 Hand-made", "XXR 3", *extra]
    lines += [make_player(tpn, b, points="0.0") for tpn, b in blocks.items()]
    return parse(make_trf(*lines), "r.trf")


def test_a_round_with_a_game_a_forfeit_a_colourless_forfeit_a_bye_and_absences(
    make_player, make_trf
):
    t = tournament(
        make_player,
        make_trf,
        {
            1: ["   2 w 1"],
            2: ["   1 b 0"],  # a game: 1 white
            3: ["   4 b +"],
            4: ["   3 w -"],  # a forfeit, scheduled 4 white
            5: ["   6 - +"],
            6: ["   5 - -"],  # a forfeit without colours
            7: ["0000 - U"],  # the PAB
            8: ["0000 - H"],
            9: ["0000 - Z"],  # not paired
        },
    )
    rec = read_round(t, 1)
    assert rec.participants == [1, 2, 3, 4, 5, 6, 7]
    assert sorted(rec.boards) == [(1, 2), (4, 3)]
    assert rec.colourless == [(5, 6)]
    assert rec.byes == [7] and rec.bye == 7
    assert rec.faults == [] and rec.is_round_pairing
    assert rec.pairs == {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}
    assert not takes_part(t.players[8].entry(1)) and not takes_part(t.players[9].entry(1))


@pytest.mark.parametrize(
    "blocks, code, players",
    [
        ({1: ["   1 w 1"], 2: ["0000 - U"]}, errors.SELF_PAIRED, (1,)),
        ({1: ["   7 w 1"], 2: ["0000 - U"]}, errors.UNKNOWN_OPPONENT, (1, 7)),
        ({1: ["   3 w 1"], 2: ["   3 w 1"], 3: ["   1 b 0"]}, errors.PAIRED_TWICE, (3, 1, 2)),
        ({1: ["   2 w 1"], 2: ["0000 - H"]}, errors.NOT_RECIPROCAL, (1, 2)),
        ({1: ["   2 w 1"], 2: ["   1 w 0"]}, errors.SAME_COLOUR, (1, 2)),
        ({1: ["0000 - U"], 2: ["0000 - U"]}, errors.SEVERAL_PABS, (1, 2)),
    ],
)
def test_faults(make_player, make_trf, blocks, code, players):
    rec = read_round(tournament(make_player, make_trf, blocks), 1)
    assert [(f.code, f.players) for f in rec.faults] == [(code, players)]
    assert not rec.is_round_pairing


def test_one_colour_is_a_fault_that_keeps_the_pairing(make_player, make_trf):
    t = tournament(make_player, make_trf, {1: ["   2 w +"], 2: ["   1 - -"]})
    rec = read_round(t, 1)
    assert [f.code for f in rec.faults] == [errors.ONE_COLOUR]
    assert rec.boards == [(1, 2)] and rec.is_round_pairing


def test_every_reader_of_the_round_agrees(corpus_dir):
    """The validator, the engine's history, the checker and the generator's replay read the
    same round: the same participants, boards and PAB."""
    from trfaudit.corpus.replay import recorded_pairing
    from trfaudit.engine.history import round_input
    from trfaudit.engine.recorded import recorded_round
    from trfaudit.trf.reader import read

    t = read(corpus_dir / "dutch2025" / "t000212.trf")
    for rnd in range(1, t.recorded_rounds() + 1):
        rec = read_round(t, rnd)
        assert sorted(round_input(t, rnd).to_pair) == sorted(rec.participants)
        checker = recorded_round(t, rnd)
        assert (checker.boards, checker.byes, checker.problems) == (rec.boards, rec.byes, [])
        assert recorded_pairing(t, rnd) == (set(rec.boards), rec.bye)
        # every player in the round is on exactly one board or has the bye
        seated = [p for b in rec.boards + rec.colourless for p in b] + rec.byes
        assert sorted(seated) == sorted(rec.participants)


# -- structured problems ---------------------------------------------------------------------


def test_validator_problems_carry_code_and_round(make_player, make_trf):
    t = tournament(
        make_player,
        make_trf,
        {
            1: ["   2 w 1", "   3 w 1"],
            2: ["   1 b 0", "   3 b 0"],
            3: ["0000 - U", "   1 b 0"],
        },
    )
    # Round 2: 1 and 2 both name 3 (3 names 1 back): 2 is the extra claim.  The 001 points
    # (0.0) do not match the results: a finding about the whole file.
    found = {(p.code, p.round, p.severity) for p in validate(t)}
    assert (errors.PAIRED_TWICE, 2, errors.ERROR) in found
    assert (errors.POINTS, None, errors.ERROR) in found
    twice = next(p for p in validate(t) if p.code == errors.PAIRED_TWICE)
    assert "player 3 appears twice in the round" in twice.message


def test_warnings_carry_codes(make_player, make_trf):
    t = tournament(make_player, make_trf, {1: ["0000 - U"], 2: ["0000 - U"]})
    problems = validate(t)
    assert [(p.code, p.round) for p in problems if not p.is_error] == [(errors.SEVERAL_PABS, 1)]


def test_reader_problems_default_to_the_format_code():
    problem = errors.Problem("a.trf", 5, 1, "unknown record", severity="warning")
    assert (problem.code, problem.round) == (errors.FORMAT, None)
    assert str(problem) == "a.trf:5:1: warning: unknown record"


def test_the_checker_tells_round_problems_apart_by_round_not_text(make_player, make_trf):
    """A round that is not a round-pairing is reported with that round (exit 1); a file
    whose points do not add up is inconsistent as a whole (exit 2)."""
    from trfaudit.checker.audit import Options, prepare_tournament

    broken_round = tournament(
        make_player,
        make_trf,
        {
            1: ["   2 w 1"],
            2: ["   1 b 0"],
            3: ["   2 w 1"],
            4: ["0000 - Z"],
        },
    )
    # Points as the results say, so that only the round is wrong (1: 1.0, 3: 1.0).
    broken_round.players[1].points = broken_round.players[3].points = 1
    prepared = prepare_tournament(broken_round, Options())
    assert prepared.report.error is None
    assert any("appears twice" in w for w in prepared.report.warnings)

    wrong_points = tournament(make_player, make_trf, {1: ["   2 w 1"], 2: ["   1 b 0"]})
    prepared = prepare_tournament(wrong_points, Options())
    assert prepared.report.error is not None and "do not match" in prepared.report.error


def test_structural_means_a_round_is_set_whatever_the_message():
    from trfaudit.engine.dutch.file import _round_fault as _structural

    assert _structural(errors.Problem("f", 3, 1, "1 and 2 clash", code=errors.SAME_COLOUR, round=2))
    assert not _structural(errors.Problem("f", 3, 1, "round 2 is what the text says"))
