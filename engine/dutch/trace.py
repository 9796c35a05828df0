"""What the Dutch pairer records of a round (its ``RoundPairing.trace``): the checker's
explainer reads it (``checker/explain.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .criteria import Context, Criterion

if TYPE_CHECKING:
    from ..result import RoundPairing
    from .players import PlayerState


@dataclass
class BracketRecord:
    """One bracket as it was paired (TPNs): its score, residents and MDPs, the pairs made,
    the downfloaters, the next scoregroup and the criteria context in force."""

    score: int
    residents: list[int]
    mdps: list[int]
    pairs: list[tuple[int, int]]
    downfloaters: list[int]
    next_group: list[int] = field(default_factory=list)  # residents of the next bracket
    c9_applies: bool = False  # 2.4.4 was in force in this bracket
    # The criteria's context as this bracket was paired (a copy: the checker measures the
    # recorded candidate with the same criterion objects and this context).
    context: Context | None = None


@dataclass(frozen=True)
class DutchTrace:
    """The round as the Dutch pairer saw it: the brackets in pairing order (1.9.2), the
    players' states (Art. 1) and the criteria in force."""

    brackets: list[BracketRecord] = field(default_factory=list)
    states: dict[int, PlayerState] = field(default_factory=dict)
    criteria: list[Criterion] = field(default_factory=list)


def trace_of(p: RoundPairing) -> DutchTrace:
    """The Dutch trace of ``p`` (an empty one when ``p`` carries none)."""
    return p.trace if isinstance(p.trace, DutchTrace) else DutchTrace()
