"""A point system read from the players' points when the file states none (issue 9)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from trfaudit.trf.errors import NOTE
from trfaudit.trf.reader import parse, read
from trfaudit.trf.scoring import infer_scoring
from trfaudit.trf.validate import validate
from trfaudit.trf.writer import convert

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def as_trf16(name: str):
    t = read(CORPUS / "dutch2025" / name)
    text = convert(t, "trf16").text
    assert "162" not in text and "XXS" not in text and "BB" not in text  # nothing stated
    return t, parse(text, "x.trf")


def notes(t) -> list[str]:
    return [p.message for p in validate(t) if p.severity == NOTE]


def test_three_one_zero():
    # t000098.cfg: PointsForWin 3, PointsForDraw 1 (and the PAB worth a win).
    original, t = as_trf16("t000098.trf")
    assert (t.scoring.win, t.scoring.draw, t.scoring.loss, t.scoring.pab) == (3, 1, 0, 3)
    assert t.scoring == original.scoring
    assert not [p for p in validate(t) if p.is_error]
    assert notes(t) and notes(t)[0].startswith(
        "no point system stated; the players' points give W 3 D 1 L 0"
    )


def test_half_point_pab():
    # t000004.trf states 162 P 0.5 (its .cfg: PointsForPAB 0.5).
    original, t = as_trf16("t000004.trf")
    assert t.scoring.pab == Fraction(1, 2) and t.scoring.win == 1
    assert t.scoring == original.scoring
    assert "PAB 0.5" in notes(t)[0]


def test_the_usual_system_needs_no_note():
    _, t = as_trf16("t000001.trf")
    assert t.scoring.is_default() and notes(t) == []


def test_two_wrong_points_are_no_point_system(make_player, make_trf):
    # A win recorded as 0.5 points could be "W 0.5", but nothing else in the file confirms it.
    t = parse(
        make_trf(
            make_player(1, ["   2 w 1"], points="0.5"), make_player(2, ["   1 b 0"], points="0.0")
        ),
        "x.trf",
    )
    assert infer_scoring(t) is None and t.scoring.is_default()


def test_wrong_points_are_not_explained_away():
    # One player's points changed: no point system fits every player, the validator reports.
    _, t = as_trf16("t000098.trf")
    text = convert(t, "trf16").text.replace(" 13.0", " 12.0", 1)
    t = parse(text, "x.trf")
    assert t.scoring.is_default() and infer_scoring(t) is None
    assert any("points 12.0 do not match" in p.message for p in validate(t) if p.is_error)
