"""Expected-score curves, result drawing and the random draws."""

from __future__ import annotations

import random

import pytest

from trfaudit.corpus.dice import Dice
from trfaudit.corpus.results import (
    draw_result,
    expected_score,
    fide_expected,
    logistic_expected,
    outcome_probabilities,
)


@pytest.mark.parametrize(
    "difference, expected",
    [
        (0, 0.50),
        (3, 0.50),
        (4, 0.51),
        (10, 0.51),
        (11, 0.52),
        (100, 0.64),
        (200, 0.76),
        (400, 0.92),
        (-400, 0.08),
        (735, 1.00),
        (1000, 1.00),
    ],
)
def test_fide_curve_matches_the_rating_table(difference, expected):
    assert fide_expected(difference) == pytest.approx(expected)


def test_curves_are_symmetric_and_increasing():
    for curve in ("fide", "logistic"):
        values = [expected_score(d, curve) for d in range(-800, 801, 25)]
        assert values == sorted(values)
        for d in (0, 50, 333, 700):
            assert expected_score(d, curve) + expected_score(-d, curve) == pytest.approx(1)
    assert logistic_expected(400) == pytest.approx(10 / 11)
    with pytest.raises(ValueError):
        expected_score(0, "normal")


@pytest.mark.parametrize("e", [0.0, 0.08, 0.3, 0.5, 0.77, 1.0])
@pytest.mark.parametrize("draw_rate", [0.0, 0.3, 0.6, 1.0])
def test_outcome_probabilities_keep_the_expected_score(e, draw_rate):
    win, draw, loss = outcome_probabilities(e, draw_rate)
    assert min(win, draw, loss) >= 0
    assert win + draw + loss == pytest.approx(1)
    assert win + draw / 2 == pytest.approx(e)
    assert draw <= draw_rate + 1e-12


def test_draw_rate_between_equals_and_the_favourite_scores_more():
    dice = Dice(5)
    equal = [draw_result(dice, 2000, 2000, 0.4) for _ in range(4000)]
    assert equal.count("=") / len(equal) == pytest.approx(0.4, abs=0.03)
    uneven = [draw_result(dice, 2300, 1900, 0.4) for _ in range(4000)]
    score = (uneven.count("1") + uneven.count("=") / 2) / len(uneven)
    assert score == pytest.approx(fide_expected(400), abs=0.02)
    assert uneven.count("=") < equal.count("=")


def test_dice_use_only_the_stable_random_sequence():
    dice, rng = Dice(42), random.Random(42)
    assert [dice.uniform() for _ in range(5)] == [rng.random() for _ in range(5)]
    dice = Dice(3)
    draws = [dice.between(2, 4) for _ in range(300)]
    assert set(draws) == {2, 3, 4}
    assert all(0 <= Dice(9).below(7) < 7 for _ in range(10))
    with pytest.raises(ValueError):
        dice.below(0)
    assert not Dice(1).chance(0)
