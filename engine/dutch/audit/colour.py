"""The ``colour`` kind: the same pair, other colours.

Which rule of Art. 5.2 (E.x in 2017 and 2012) decides, and why in words, comes from the
engine's one implementation, :func:`engine.dutch.colours.decide`; this module only turns a recorded
board with the other colours into a :class:`Discrepancy`.
"""

from __future__ import annotations

from trfaudit.engine.dutch.colours import decide
from trfaudit.engine.dutch.editions import Edition
from trfaudit.engine.dutch.players import PlayerState
from trfaudit.engine.findings import COLOUR, Discrepancy


def colour_rule(a: PlayerState, b: PlayerState, initial: str) -> tuple[int, int, str]:
    """(white, black, rule) for the pair ``a``-``b`` by Art. 5."""
    d = decide(a, b, initial)
    return d.white, d.black, d.rule


def colour_discrepancies(
    boards: list[tuple[int, int]], states: dict[int, PlayerState], initial: str, edition: Edition
) -> list[Discrepancy]:
    """A ``colour`` discrepancy for each recorded (white, black) board whose colours Art. 5
    gives the other way round."""
    out = []
    for rw, rb in boards:
        if rw not in states or rb not in states:
            continue
        d = decide(states[rw], states[rb], initial, edition)
        if d.white == rw:
            continue
        out.append(
            Discrepancy(
                COLOUR, d.label, [d.white, d.black], f"{rw}-{rb}", f"{d.white}-{d.black}", d.reason
            )
        )
    return out
