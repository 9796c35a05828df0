"""Game results: the expected score of a rating difference, and drawing a result from it.

Two curves give the expected score ``E`` of the higher-rated side of a rating difference ``D``:

``fide``
    the normal curve that the FIDE Rating Regulations' table converting a rating difference
    into a scoring probability is drawn from: ``E = Phi(D / (200 * sqrt 2))``, rounded to
    hundredths like the table.  The table's 400-point rule is a rule for rating calculation
    and is not applied: a 600-point favourite wins more often than a 400-point one.
``logistic``
    the Elo logistic curve ``E = 1 / (1 + 10 ** (-D / 400))``.

A game between a player expected to score ``E`` and the opponent is drawn with probability
``min(draw_rate, 2 * min(E, 1 - E))``; the rest is split between a win and a loss so that the
expected score stays ``E`` exactly.  Evenly matched players draw at ``draw_rate``; the larger
the rating gap, the fewer the draws.
"""

from __future__ import annotations

import math
from functools import lru_cache

from .dice import Dice

_SIGMA = 200 * math.sqrt(2)


@lru_cache(maxsize=8192)
def fide_expected(difference: int) -> float:
    """Expected score for a rating advantage of ``difference`` points (FIDE's curve)."""
    p = 0.5 * (1 + math.erf(abs(difference) / (_SIGMA * math.sqrt(2))))
    p = round(p, 2)
    return p if difference >= 0 else round(1 - p, 2)


def logistic_expected(difference: int) -> float:
    return 1 / (1 + 10 ** (-difference / 400))


def expected_score(difference: int, curve: str = "fide") -> float:
    if curve == "fide":
        return fide_expected(int(difference))
    if curve == "logistic":
        return logistic_expected(difference)
    raise ValueError(f"unknown curve {curve!r}")


def outcome_probabilities(expected: float, draw_rate: float) -> tuple[float, float, float]:
    """(win, draw, loss) probabilities with mean score ``expected`` (see the module text)."""
    draw = min(draw_rate, 2 * min(expected, 1 - expected))
    win = max(0.0, expected - draw / 2)
    loss = max(0.0, 1 - win - draw)
    return win, draw, loss


def draw_result(
    dice: Dice, white_strength: int, black_strength: int, draw_rate: float, curve: str = "fide"
) -> str:
    """White's result of one game: ``'1'``, ``'='`` or ``'0'``."""
    e = expected_score(white_strength - black_strength, curve)
    win, draw, _ = outcome_probabilities(e, draw_rate)
    u = dice.uniform()
    if u < win:
        return "1"
    if u < win + draw:
        return "="
    return "0"
