"""Editions of the FIDE (Dutch) System as data: criteria order, labels, floats, PAB rules.

One engine pairs every edition; an :class:`Edition` only says what differs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from trfaudit.trf.model import EntryKind

from .criteria import criteria_2012, criteria_2017, criteria_2025
from .history import Game, Points
from .players import DOWN, game_float


def eligible_2025(games: list[Game], pts: Points) -> bool:
    """C.04.1 2025/26 Art. 4 [C2]: no PAB for a player who already had one (whatever it was
    worth) or who already scored a win's points in one round without playing (forfeit
    win, full-point bye)."""
    return not any(g.kind is EntryKind.PAB or (not g.played and g.points >= pts.win)
                   for g in games)


def eligible_2017(games: list[Game], pts: Points) -> bool:
    """C.04.1.d (2017) [C.2]: no PAB for a player who already had one, or who already scored
    a (forfeit) win because the opponent did not appear.  A requested full-point bye does not
    block it (the reference engine agrees: corpus/dutch2017)."""
    return not any(g.kind in (EntryKind.PAB, EntryKind.FORFEIT_WIN) for g in games)


def float_2017(inp, rec, raw: dict[int, int], back: int) -> str | None:
    """A.4.b (2017): a game between different scores floats both players (as in 2025), and a
    player who does not play a round, for whatever reason, gets a downfloat."""
    g = rec.games[inp.round - back - 1]
    if not g.played:
        return DOWN
    return game_float(inp, rec, raw, back)


def eligible_2012(games: list[Game], pts: Points) -> bool:
    """2012 B.1.b: "a player who received a point or half a point without playing, through a
    bye or because the opponent did not appear in time, ... shall not receive a bye" (seed
    003): every earlier PAB, and every unplayed round that scored, blocks it."""
    return not any(g.kind is EntryKind.PAB or (not g.played and g.points > 0) for g in games)


def float_2012(inp, rec, raw: dict[int, int], back: int) -> str | None:
    """2012 A.4 and B.1.b: a game between different scores floats both players; a round
    scored without playing is a downfloat; a forfeit loss or an absence is none (the seed's
    note to B.1.b: the opponent who lost by forfeit "is not considered moved down")."""
    g = rec.games[inp.round - back - 1]
    if not g.played:
        return DOWN if g.points > 0 else None
    return game_float(inp, rec, raw, back)


@dataclass(frozen=True)
class Edition:
    name: str
    title: str
    labels: dict[str, str]  # criterion key -> label in this edition's text
    bye_eligible: Callable[[list[Game], Points], bool]
    float_of: Callable
    c9_fewest_unplayed: bool = True  # C9 direction (see engine.criteria.PabUnplayed)
    colour_rule_labels: dict[str, str] = field(default_factory=dict)
    criteria: Callable[[], list] = criteria_2025  # the quality criteria, in priority order
    # 2025 [C4]/[C5]: every bracket leaves a completable rest and the PAB goes to the lowest
    # score possible.  2017 (A.9, C.4): neither; a bracket whose downfloaters do not let the
    # round be completed is paired again as the penultimate bracket (PPB) and everybody
    # below it is collapsed into the last bracket (CLB).
    completion_every_bracket: bool = True
    # 2012 A.3: a heterogeneous bracket in which at least half the players are MDPs is
    # paired as a homogeneous one.
    homogeneous_from_half_mdps: bool = False

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

_2017_LABELS = {"C1": "C.1", "C2": "C.2", "C3": "C.3", "C4": "C.4", "F1": "C.4", "C5": "C.2",
                "C6": "C.5", "C7": "C.6", "C8": "C.7", "C8a": "C.7", "C8b": "C.7"}
_2017_LABELS.update({f"C{i}": f"C.{i - 2}" for i in range(10, 22)})
_2017_LABELS.update({"4.2": "D.1", "4.3": "D.2", "4.4": "D.3", "1.9.1": "A.9"})

EDITION_2017 = Edition(
    name="2017",
    title="FIDE (Dutch) System, C.04.3 2017 edition (in force 2017-07-01 to 2026-01-31)",
    labels=_2017_LABELS,
    bye_eligible=eligible_2017,
    float_of=float_2017,
    colour_rule_labels={f"5.2.{i}": f"E.{i}" for i in range(1, 6)},
    criteria=criteria_2017,
    completion_every_bracket=False,
)

_2012_LABELS = {"C1": "B.1a", "C2": "B.1b", "C3": "B.2", "C4": "C.13", "F1": "C.13",
                "C5": "B.1b", "C6": "C.14", "C7": "B.3", "C8": "C.12", "C8a": "C.12",
                "C8b": "C.12", "C10": "B.2", "C11": "B.2", "A7d": "A.7.d", "C12": "B.4",
                "C13": "B.4", "C14": "B.5", "C15": "B.5", "C16": "B.6", "C17": "B.6",
                "4.2": "D.1", "4.3": "D.2", "4.4": "D.3", "1.9.1": "A.9"}

EDITION_2012 = Edition(
    name="2012",
    title="FIDE (Dutch) System, C.04.3.1 2012 edition (in force until 2017-06-30)",
    labels=_2012_LABELS,
    bye_eligible=eligible_2012,
    float_of=float_2012,
    colour_rule_labels={f"5.2.{i}": f"E.{i}" for i in range(1, 6)},
    criteria=criteria_2012,
    completion_every_bracket=False,
    homogeneous_from_half_mdps=True,
)

EDITIONS = {"2025": EDITION_2025, "2026": EDITION_2025, "2017": EDITION_2017,
            "2012": EDITION_2012}
