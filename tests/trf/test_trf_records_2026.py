"""TRF-2026 records other programs write (issue 19, item 3): ``299`` abnormal points (read,
written back, applied to scores), a missing starting number (an error), ``162`` with the
``A`` and ``X`` symbols.  The files are other projects' test cases (``corpus/peers``,
``SOURCES.tsv``); the expected pairings are theirs (Sharly-Chess's bbpPairings fork)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.engine import EDITIONS, pair_round, round_input
from trfaudit.trf.errors import STARTING_NUMBERS
from trfaudit.trf.jsonform import from_json, to_json
from trfaudit.trf.reader import parse, read
from trfaudit.trf.validate import validate
from trfaudit.trf.writer import convert

PEERS = Path(__file__).resolve().parents[2] / "corpus" / "peers"
SHARLY = PEERS / "Sharly-Chess-bbpPairings" / "test" / "tests"
runner = CliRunner()


def _expected(path: Path) -> tuple[set[frozenset[int]], int | None]:
    lines = path.read_text().split()
    pairs = list(zip(lines[1::2], lines[2::2]))
    boards = {frozenset((int(a), int(b))) for a, b in pairs if b != "0"}
    bye = next((int(a) for a, b in pairs if b == "0"), None)
    return boards, bye


@pytest.mark.parametrize(
    "name, tpn, points, score",
    [
        # +2.0 to player 4 in round 1: 0 game points + 2 = 2.0, the 001 Points
        ("indiv_299_bonus", 4, Fraction(2), Fraction(2)),
        # -0.5 to player 2 in round 1: a draw (0.5) - 0.5 = 0.0
        ("indiv_299_penalty", 2, Fraction(-1, 2), Fraction(0)),
    ],
)
def test_299_is_read_and_applied(name, tpn, points, score):
    t = read(SHARLY / f"{name}.input")
    (a,) = t.abnormal_points
    assert (a.kind, a.points, a.round, a.players) == (" ", points, 1, (tpn,))
    assert t.score(tpn, 1) == score == t.players[tpn].points
    assert not [p for p in validate(t) if p.code == "points"]  # the Points fit with it
    # the bonus/penalty moves the player to another score group: the PAB goes elsewhere
    result = pair_round(round_input(t, 2), EDITIONS["2025"])
    boards, bye = _expected(SHARLY / f"{name}.output.expected")
    assert {frozenset((b.white, b.black)) for b in result.boards} == boards
    assert result.bye == bye


def test_299_is_written_back_and_survives_json():
    path = SHARLY / "indiv_299_bonus.input"
    t = read(path)
    text = convert(t, "trf26").text
    assert "299           2.0    1    4" in text.splitlines()
    again = from_json(to_json(t))
    assert again.abnormal_points == t.abnormal_points
    assert again.score(4, 1) == 2
    dropped = convert(t, "trf16").warnings
    assert any("299" in w.message for w in dropped)  # TRF-16 cannot state it: said, not silent


def test_299_revalues_a_result_type_and_rejects_nonsense():
    base = (
        (SHARLY / "indiv_299_bonus.input")
        .read_text()
        .replace("299           2.0    1    4", "299 L         0.5    1    2    4")
    )
    t = parse(base, "revalued.trf")
    (a,) = t.abnormal_points
    assert (a.kind, a.points, a.players) == ("L", Fraction(1, 2), (2, 4))
    assert t.score(2, 1) == Fraction(1, 2) and t.score(4, 1) == Fraction(1, 2)
    # a record off the columns is kept verbatim, not applied, and said
    for bad, said in (("299 Q", "299 type 'Q'"), ("299 L         x.5", "299 points 'x.5'")):
        off = parse(
            base.replace("299 L         0.5", bad + ("" if "x" in bad else "         0.5")),
            "off.trf",
        )
        assert off.abnormal_points == [] and any(said in w.message for w in off.warnings)
        assert "299 " in convert(off, "trf26").text


def test_a_missing_starting_number_is_an_error():
    path = PEERS / "Moritz72-py4swiss/tests/data/missing_starting_number.trf"
    problems = [p for p in validate(read(path)) if p.code == STARTING_NUMBERS]
    assert len(problems) == 1 and problems[0].is_error
    assert (problems[0].line, problems[0].column) == (7, 5)  # the 001 line of player 8
    assert "starting number 7 missing" in problems[0].message
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2 and "starting number 7 missing" in result.output
    assert runner.invoke(app, ["check", str(path)]).exit_code == 2


def test_162_a_and_x_are_read_and_kept():
    path = PEERS / "lexisvar-caissify_pairings/tests/fixtures/misc_edge_case_3.trf"
    t = read(path)
    assert t.unknown_result_points == Fraction(1, 2)
    assert t.scoring.zero_bye == t.scoring.forfeit_loss == 0  # A 0.0
    assert not [w for w in t.warnings if "162" in w.message]
    assert "162  X 0.5" in convert(t, "trf26").text
    # the 162 line states the default values: the verdict is that of the file without it
    plain = parse(
        "".join(line for line in path.read_text().splitlines(True) if not line.startswith("162")),
        "no162.trf",
    )
    assert plain.scoring == t.scoring
