"""The edition of the Dubov System the engine implements, and the labels of its rules.

C.04.4.1 (2026) numbers its pairing criteria [C1]..[C10] (Art. 2.1-2.3) and its colour rules
5.2.1..5.2.5; the engine's keys are those labels, so a report cites them as the text does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from types import MappingProxyType


@dataclass(frozen=True)
class DubovRule:
    """A rule as C.04.4.1 (2026) labels it: ``label`` (``C7``), ``article`` (``2.3.3``) and
    what it asks, in the text's words (paraphrased)."""

    label: str
    article: str
    text: str


RULES: Mapping[str, DubovRule] = MappingProxyType(
    {
        "C1": DubovRule("C1", "2.1.1", "two players shall not play each other more than once"),
        "C2": DubovRule(
            "C2",
            "2.1.2",
            "no pairing-allocated bye for a player who already had one or who already "
            "scored a win's points in one round without playing",
        ),
        "C3": DubovRule(
            "C3", "2.1.3", "two players with the same absolute colour preference shall not meet"
        ),
        "C4": DubovRule("C4", "2.2.1", "the remaining players must still allow a complete pairing"),
        "C5": DubovRule("C5", "2.3.1", "minimise the number of upfloaters"),
        "C6": DubovRule(
            "C6",
            "2.3.2",
            "minimise the score differences (in descending order) of the pairs involving "
            "upfloaters",
        ),
        "C7": DubovRule(
            "C7", "2.3.3", "minimise the number of players who do not get their colour preference"
        ),
        "C8": DubovRule(
            "C8", "2.3.4", "unless it is the last round, minimise the maximum upfloaters upfloated"
        ),
        "C9": DubovRule(
            "C9",
            "2.3.5",
            "unless it is the last round, minimise the times a maximum upfloater is upfloated",
        ),
        "C10": DubovRule(
            "C10",
            "2.3.6",
            "unless it is the last round, minimise the upfloaters who upfloated in the "
            "previous round",
        ),
        "3.1": DubovRule(
            "3.1",
            "3.1",
            "the PAB goes to the eligible player who allows a complete pairing, with the "
            "lowest score, the most games played and the largest TPN",
        ),
        "3.2.2": DubovRule(
            "3.2.2", "3.2.2", "the first set of upfloaters (order of Art. 4.2) that pairs best"
        ),
        "3.2.4": DubovRule(
            "3.2.4", "3.2.4", "G1/G2 re-composition: the first set of shifters (Art. 4.3)"
        ),
        "3.2.5": DubovRule(
            "3.2.5",
            "3.2.5",
            "S1 (G1 by ascending ARO, then TPN) is paired with T2, the first legal "
            "transposition of G2 (Art. 4.4)",
        ),
    }
)

COLOUR_RULES: Mapping[str, DubovRule] = MappingProxyType(
    {
        "5.2.1": DubovRule(
            "5.2.1",
            "5.2.1",
            "both have yet to play: the higher ranked player gets the initial colour if their "
            "TPN is odd, else the other colour",
        ),
        "5.2.2": DubovRule("5.2.2", "5.2.2", "grant both colour preferences"),
        "5.2.3": DubovRule("5.2.3", "5.2.3", "grant the stronger colour preference"),
        "5.2.4": DubovRule(
            "5.2.4",
            "5.2.4",
            "alternate the colours to the most recent time one had White and the other Black",
        ),
        "5.2.5": DubovRule(
            "5.2.5", "5.2.5", "grant the colour preference of the higher ranked player"
        ),
    }
)


@dataclass(frozen=True)
class DubovEdition:
    """An edition of C.04.4.1 as the registry lists it (``--rules dubov``)."""

    name: str
    title: str
    type_codes: tuple[str, ...]
    in_force_from: date | None
    in_force_until: date | None
    rules: Mapping[str, DubovRule] = field(default_factory=lambda: RULES)
    colour_rules: Mapping[str, DubovRule] = field(default_factory=lambda: COLOUR_RULES)
    #: Nothing of the 2026 text is left unmodelled (doubtful readings: docs/dubov.md).
    model_gaps: str = ""


DUBOV_2026 = DubovEdition(
    "dubov",
    "FIDE Dubov System (C.04.4.1, 2026)",
    ("FIDE_DUBOV", "FIDE_DUBOV_2026"),
    date(2026, 2, 1),
    None,
)

EDITIONS: Mapping[str, DubovEdition] = MappingProxyType(
    {"dubov": DUBOV_2026, "dubov-2026": DUBOV_2026}
)
