"""What the Dutch pairer records of each bracket: the checker's explainer reads it."""

from __future__ import annotations

from dataclasses import dataclass, field

from .criteria import Context


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
