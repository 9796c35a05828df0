"""Editions of the FIDE (Dutch) System as data: criteria order, labels, floats, PAB rules.

One engine pairs every edition; an :class:`Edition` only says what differs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from trf.model import EntryKind

from .history import Game, Points
from .players import game_float


def eligible_2025(games: list[Game], pts: Points) -> bool:
    """C.04.1 2025/26 Art. 4 [C2]: no PAB for a player who already had one (whatever it was
    worth) or who already scored a win's points in one round without playing (forfeit
    win, full-point bye)."""
    return not any(g.kind is EntryKind.PAB or (not g.played and g.points >= pts.win)
                   for g in games)


@dataclass(frozen=True)
class Edition:
    name: str
    title: str
    labels: dict[str, str]  # criterion key -> label in this edition's text
    bye_eligible: Callable[[list[Game], Points], bool]
    float_of: Callable
    c9_fewest_unplayed: bool = True  # C9 direction (see engine.criteria.PabUnplayed)
    colour_rule_labels: dict[str, str] = field(default_factory=dict)

    def label(self, key: str) -> str:
        return self.labels.get(key, key)


_2025_LABELS = {f"C{i}": f"C{i}" for i in range(1, 22)}
_2025_LABELS.update({"C8a": "C8", "C8b": "C8", "F1": "C4"})

EDITION_2025 = Edition(
    name="2025",
    title="FIDE (Dutch) System, C.04.3 2025/2026 edition",
    labels=_2025_LABELS,
    bye_eligible=eligible_2025,
    float_of=game_float,
)

EDITIONS = {"2025": EDITION_2025, "2026": EDITION_2025}
