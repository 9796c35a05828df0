"""The Baku Acceleration Method (FIDE C.04.5.1) as virtual points: the one place the rule lives.

The engine applies it when a file's type code asks for it (``192 ..._BAKU``) and states no
acceleration of its own; the checker uses it to test whether a file's rounds were paired with
(or without) it; the generator writes it as ``XXA``/``250`` lines.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trfaudit.trf.model import Tournament


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


def assume_total_rounds(t: Tournament, rounds: int | None = None) -> str | None:
    """A ``192 ..._BAKU`` file that states no number of rounds (``XXR``/``142``): C.04.5.1's
    accelerated rounds are the first half of the rounds, which the file does not give.  The
    check then assumes ``rounds`` (``--rounds``), else the rounds the file records, and sets
    ``t.total_rounds`` to it; returns the sentence that states the assumption (None when the
    file needs none)."""
    code = (t.type_code or "").strip().upper()
    if t.total_rounds or t.accelerations or not code.endswith("_BAKU"):
        return None
    recorded = t.recorded_rounds()
    assumed = rounds if rounds else recorded
    if assumed < 1:
        return None
    t.total_rounds = assumed
    accelerated = math.ceil(assumed / 2)
    source = "--rounds" if rounds else "the rounds the file records"
    return (
        f"192 {code}: the file states no number of rounds (XXR/142), so the rounds the Baku "
        f"acceleration covers (the first half, C.04.5.1) cannot be known; checked assuming "
        f"{assumed} rounds ({source}), i.e. rounds 1-{accelerated} accelerated"
        + ("" if rounds else " (--rounds R checks another number)")
    )
