"""The Baku Acceleration Method (FIDE C.04.5.1) as virtual points: the one place the rule lives.

The engine applies it when a file's type code asks for it (``192 ..._BAKU``) and states no
acceleration of its own; the checker uses it to test whether a file's rounds were paired with
(or without) it; the generator writes it as ``XXA``/``250`` lines.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction


def baku_virtual_points(
    ranking: Sequence[int], total_rounds: int, win: Fraction, draw: Fraction
) -> dict[int, dict[int, Fraction]]:
    """Virtual points by TPN and round (C.04.5.1).

    Group A is the first 2 * ceil(N/4) players of ``ranking`` (half the players rounded up to
    an even number); the accelerated rounds are the first ceil(R/2) rounds; in the first
    ceil(half) of them group A gets 1 virtual point, in the rest 0.5.
    C.04.5.1 gives "1 point" and "0.5 point" only: under another point system we read them as
    a win's and a draw's value (the text is silent; no corpus file decides it).

    >>> baku_virtual_points([1, 2, 3, 4, 5], 5, Fraction(1), Fraction(1, 2))[1]
    {1: Fraction(1, 1), 2: Fraction(1, 1), 3: Fraction(1, 2)}
    """
    if not ranking or total_rounds < 1:
        return {}
    group_a = min(2 * math.ceil(len(ranking) / 4), len(ranking))
    accelerated = math.ceil(total_rounds / 2)
    full = math.ceil(accelerated / 2)
    values = {r: (win if r <= full else draw) for r in range(1, accelerated + 1)}
    return {tpn: dict(values) for tpn in ranking[:group_a]}
