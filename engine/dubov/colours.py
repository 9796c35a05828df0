"""Colour allocation of the Dubov System (C.04.4.1 2026 Art. 5.2), for one pair.

The rules apply in order; the first that decides gives the colours.  "Higher ranked" is the
player with more points or, on equal points, the smaller TPN (Art. 5.2.1).
"""

from __future__ import annotations

from .players import Colour, DubovPlayer, flip


def higher_ranked(a: DubovPlayer, b: DubovPlayer) -> bool:
    """Art. 5.2.1: more points (acceleration included), then the smaller TPN."""
    return (a.score, -a.rank) > (b.score, -b.rank)


def last_difference(a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """Art. 5.2.4: ``a``'s colour the most recent time one had White and the other Black,
    going back game by game over the games each actually played (unplayed rounds are
    skipped, as for the colour difference)."""
    for x, y in zip(reversed(a.colours), reversed(b.colours)):
        if x != y:
            return x
    return None


def allocate(a: DubovPlayer, b: DubovPlayer, initial: Colour) -> tuple[Colour, str]:
    """``a``'s colour and the key of the rule that decided (``5.2.1`` .. ``5.2.5``)."""
    hi, lo = (a, b) if higher_ranked(a, b) else (b, a)
    if not a.colours and not b.colours:
        colour = initial if hi.rank % 2 == 1 else flip(initial)
        return (colour if hi is a else flip(colour)), "5.2.1"
    if a.side != b.side:
        return a.side, "5.2.2"
    if a.strength != b.strength:
        return (a.side if a.strength > b.strength else flip(b.side)), "5.2.3"
    last = last_difference(a, b)
    if last is not None:
        return flip(last), "5.2.4"
    return (hi.side if hi is a else flip(hi.side)), "5.2.5"
