"""Colour allocation for a pair (C.04.3 2026 Art. 5; 2017 E.1-E.5).

Each function returns the colour of ``a`` and the rule that decided it, so the checker can
name the article.
"""

from __future__ import annotations

from .players import PlayerState, other


def _compatible(x: str | None, y: str | None) -> bool:
    return x != y or x is None or y is None


def _last_difference(a: PlayerState, b: PlayerState) -> tuple[str | None, str | None]:
    """Colours of a and b in the latest round (of played games, aligned from the end) where
    they differ (C.04.2 3.4: unplayed rounds are read as if they came first)."""
    ca, cb = a.colours[::-1], b.colours[::-1]
    for x, y in zip(ca, cb):
        if x != y:
            return x, y
    return None, None


def higher_ranked(a: PlayerState, b: PlayerState) -> bool:
    """True when ``a`` ranks above ``b`` (1.2: score, then pairing number)."""
    return (a.score, -a.rank) > (b.score, -b.rank)


def allocate(a: PlayerState, b: PlayerState, initial: str) -> tuple[str, str]:
    """Colour for ``a`` against ``b`` and the deciding rule (5.2.1 .. 5.2.5)."""
    pa, pb = a.preference, b.preference
    if _compatible(pa, pb):
        if pa is not None:
            return pa, "5.2.1"
        if pb is not None:
            return other(pb), "5.2.1"  # type: ignore[return-value]
    else:
        if a.absolute and (a.imbalance > b.imbalance or not b.absolute):
            return pa, "5.2.2"  # type: ignore[return-value]
        if b.absolute and (b.imbalance > a.imbalance or not a.absolute):
            return other(pb), "5.2.2"  # type: ignore[return-value]
        if a.strong and not b.strong:
            return pa, "5.2.2"  # type: ignore[return-value]
        if b.strong and not a.strong:
            return other(pb), "5.2.2"  # type: ignore[return-value]
        xa, xb = _last_difference(a, b)
        if xa is not None and xb is not None:
            return xb, "5.2.3"
    top, low = (a, b) if higher_ranked(a, b) else (b, a)
    if top.preference is not None:
        colour = top.preference if top is a else other(top.preference)
        return colour, "5.2.4"  # type: ignore[return-value]
    # 5.2.5: the higher-ranked player gets the initial colour if odd-numbered.
    top_colour = initial if top.rank % 2 == 0 else other(initial)
    return (top_colour if top is a else other(top_colour)), "5.2.5"  # type: ignore[return-value]
