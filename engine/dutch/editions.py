"""The registry of the editions of the FIDE (Dutch) System: everything that is edition-specific.

One engine pairs every edition; an :class:`Edition` says what differs: its name and title, the
tournament-type codes (192/092) that name it and the dates it is in force, the label and
article of each criterion in its own text (written out, so that ``grep '"C.10"'`` finds the
2017 label), the labels of the colour rules, the PAB-eligibility and float rules, the
round-pairing article and the criteria in priority order.  The CLI choices, the rules choice
(:mod:`trfaudit.engine.edition_choice`), the generator and the reports read it from here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from types import MappingProxyType

from ..history import Game, PlayerRecord, Points, RoundInput
from .criteria import Criterion, criteria_2012, criteria_2017, criteria_2025
from .players import (
    Float,
    eligible_2012,
    eligible_2017,
    eligible_2025,
    float_2012,
    float_2017,
    game_float,
)


@dataclass(frozen=True)
class Rule:
    """One rule as an edition's text numbers it: its ``label`` (what a report cites:
    ``C12``, ``C.10``, ``B.4``) and its ``article`` in that text (``2.4.7``; the label itself
    in the lettered editions).  What it asks, in words, is the checker's
    (:mod:`trfaudit.engine.dutch.texts.rule_texts`)."""

    label: str
    article: str


def _frozen(rules: dict[str, Rule]) -> Mapping[str, Rule]:
    return MappingProxyType(rules)


@dataclass(frozen=True)
class Edition:
    """What is specific to one edition of the FIDE (Dutch) System.

    ``rules`` holds, by the engine's key (``C1``..``C21``, ``C8a``/``C8b`` for the two
    halves of C8, ``F1`` for completion, ``A7d``, the generation-order steps ``4.2``,
    ``4.3``, ``4.4`` and the round-pairing ``1.9.1``), how this edition labels the rule;
    ``colour_rules`` the same for the colour rules ``5.2.1``..``5.2.5``.
    """

    name: str
    title: str
    type_codes: tuple[str, ...]  # 192/092 codes naming it (without the _BAKU suffix)
    in_force_from: date | None  # None: from the beginning (of what is implemented)
    in_force_until: date | None  # None: still in force
    rules: Mapping[str, Rule]
    colour_rules: Mapping[str, Rule]
    round_pairing_article: str  # what a round-pairing is (1.9.1 / A.9)
    pab_article: str  # who may get the pairing-allocated bye
    float_article: str  # what counts as a float
    bye_eligible: Callable[[list[Game], Points], bool]
    float_of: Callable[[RoundInput, PlayerRecord, dict[int, int], int], Float | None]
    criteria: Callable[[], list[Criterion]]  # the quality criteria, in priority order
    c9_fewest_unplayed: bool = True  # C9 direction (see engine.dutch.criteria.PabUnplayed)
    # 2025 [C4]/[C5]: every bracket leaves a completable rest and the PAB goes to the lowest
    # score possible.  2017 (A.9, C.4): neither; a bracket whose downfloaters do not let the
    # round be completed is paired again as the penultimate bracket (PPB) and everybody
    # below it is collapsed into the last bracket (CLB).
    completion_every_bracket: bool = True
    # 2012 A.3: a heterogeneous bracket in which at least half the players are MDPs is
    # paired as a homogeneous one.
    homogeneous_from_half_mdps: bool = False
    # What of the edition's text the engine does not model (empty: all of it).  A quality or
    # order finding under such an edition is the engine's reading, not a certainty: the
    # checker classes it as ``interpretation`` and says why.
    model_gaps: str = ""

    def label(self, key: str) -> str:
        """The label of rule ``key`` in this edition's text (``key`` itself when unknown)."""
        rule = self.rules.get(key) or self.colour_rules.get(key)
        return rule.label if rule is not None else key

    @property
    def labels(self) -> dict[str, str]:
        """Every rule key with its label."""
        return {k: r.label for k, r in {**self.rules, **self.colour_rules}.items()}

    def in_force_on(self, day: date) -> bool:
        return (self.in_force_from is None or day >= self.in_force_from) and (
            self.in_force_until is None or day <= self.in_force_until
        )


# -- what each rule asks or counts (the 2025/26 wording; the editions reuse it where it is the
# same).  The checker's sentences quote it (checker.wording): "C16 (<this text>): ...".


EDITION_2025 = Edition(
    name="2025",
    title="FIDE (Dutch) System, C.04.3 2025/2026 edition",
    type_codes=("FIDE_DUTCH_2025", "FIDE_DUTCH_2026"),  # 2026: not in ETT26, but written
    in_force_from=date(2026, 2, 1),
    in_force_until=None,
    rules=_frozen(
        {
            "C1": Rule("C1", "2.1.1"),
            "C2": Rule("C2", "2.1.2"),
            "C3": Rule("C3", "2.1.3"),
            "C4": Rule("C4", "2.2"),
            "F1": Rule("C4", "2.2"),
            "C5": Rule("C5", "2.3"),
            "C6": Rule("C6", "2.4.1"),
            "C7": Rule("C7", "2.4.2"),
            "C8": Rule("C8", "2.4.3"),
            "C8a": Rule("C8", "2.4.3"),
            "C8b": Rule("C8", "2.4.3"),
            "C9": Rule("C9", "2.4.4"),
            "C10": Rule("C10", "2.4.5"),
            "C11": Rule("C11", "2.4.6"),
            "C12": Rule("C12", "2.4.7"),
            "C13": Rule("C13", "2.4.8"),
            "C14": Rule("C14", "2.4.9"),
            "C15": Rule("C15", "2.4.10"),
            "C16": Rule("C16", "2.4.11"),
            "C17": Rule("C17", "2.4.12"),
            "C18": Rule("C18", "2.4.13"),
            "C19": Rule("C19", "2.4.14"),
            "C20": Rule("C20", "2.4.15"),
            "C21": Rule("C21", "2.4.16"),
            "4.2": Rule("4.2", "4.2"),
            "4.3": Rule("4.3", "4.3"),
            "4.4": Rule("4.4", "4.4"),
            "1.9.1": Rule("1.9.1", "1.9.1"),
        }
    ),
    colour_rules=_frozen(
        {
            "5.2.1": Rule("5.2.1", "5.2.1"),
            "5.2.2": Rule("5.2.2", "5.2.2"),
            "5.2.3": Rule("5.2.3", "5.2.3"),
            "5.2.4": Rule("5.2.4", "5.2.4"),
            "5.2.5": Rule("5.2.5", "5.2.5"),
        }
    ),
    round_pairing_article="1.9.1",
    pab_article="C.04.1 2025/26 Art. 4",
    float_article="1.4",
    bye_eligible=eligible_2025,
    float_of=game_float,
    criteria=criteria_2025,
)

#: The generation-order steps and the round-pairing, as 2017 and 2012 number them (section D,
#: A.9).
_LETTERED_STEPS = {
    "4.2": Rule("D.1", "D.1"),
    "4.3": Rule("D.2", "D.2"),
    "4.4": Rule("D.3", "D.3"),
    "1.9.1": Rule("A.9", "A.9"),
}

#: The 2017 colour rules E.1-E.5 are the 2025 rules 5.2.1-5.2.5 (the digest, §4 item 9).
_E_RULES = _frozen(
    {
        "5.2.1": Rule("E.1", "E.1"),
        "5.2.2": Rule("E.2", "E.2"),
        "5.2.3": Rule("E.3", "E.3"),
        "5.2.4": Rule("E.4", "E.4"),
        "5.2.5": Rule("E.5", "E.5"),
    }
)

EDITION_2017 = Edition(
    name="2017",
    title="FIDE (Dutch) System, C.04.3 2017 edition (in force 2017-07-01 to 2026-01-31)",
    type_codes=("FIDE_DUTCH_2017",),
    in_force_from=date(2017, 7, 1),
    in_force_until=date(2026, 1, 31),
    rules=_frozen(
        {
            "C1": Rule("C.1", "C.1"),
            "C2": Rule("C.2", "C.2"),
            "C3": Rule("C.3", "C.3"),
            "C4": Rule("C.4", "C.4"),
            "F1": Rule("C.4", "C.4"),
            "C5": Rule("C.2", "C.2"),
            "C6": Rule("C.5", "C.5"),
            "C7": Rule(
                "C.6",
                "C.6",
            ),
            "C8": Rule("C.7", "C.7"),
            "C8a": Rule(
                "C.7",
                "C.7",
            ),
            "C8b": Rule(
                "C.7",
                "C.7",
            ),
            "C10": Rule("C.8", "C.8"),
            "C11": Rule("C.9", "C.9"),
            "C12": Rule("C.10", "C.10"),
            "C13": Rule("C.11", "C.11"),
            "C14": Rule(
                "C.12",
                "C.12",
            ),
            "C15": Rule(
                "C.13",
                "C.13",
            ),
            "C16": Rule(
                "C.14",
                "C.14",
            ),
            "C17": Rule(
                "C.15",
                "C.15",
            ),
            "C18": Rule(
                "C.16",
                "C.16",
            ),
            "C19": Rule(
                "C.17",
                "C.17",
            ),
            "C20": Rule(
                "C.18",
                "C.18",
            ),
            "C21": Rule(
                "C.19",
                "C.19",
            ),
            **_LETTERED_STEPS,
        }
    ),
    colour_rules=_E_RULES,
    round_pairing_article="A.9",
    pab_article="C.04.1.d (2017)",
    float_article="A.4.b",
    bye_eligible=eligible_2017,
    float_of=float_2017,
    criteria=criteria_2017,
    completion_every_bracket=False,
)

EDITION_2012 = Edition(
    name="2012",
    title="FIDE (Dutch) System, C.04.3.1 2012 edition (in force until 2017-06-30)",
    type_codes=(),  # ETT26 has no code for it: only --rules or the start date choose it
    in_force_from=None,
    in_force_until=date(2017, 6, 30),
    rules=_frozen(
        {
            "C1": Rule("B.1a", "B.1a"),
            "C2": Rule("B.1b", "B.1b"),
            "C3": Rule("B.2", "B.2"),
            "C4": Rule("C.13", "C.13"),
            "F1": Rule("C.13", "C.13"),
            "C5": Rule("B.1b", "B.1b"),
            "C6": Rule("C.14", "C.14"),
            "C7": Rule(
                "B.3",
                "B.3",
            ),
            "C8": Rule("C.12", "C.12"),
            "C8a": Rule(
                "C.12",
                "C.12",
            ),
            "C8b": Rule("C.12", "C.12"),
            "C10": Rule("B.2", "B.2"),
            "C11": Rule("B.2", "B.2"),
            "A7d": Rule(
                "A.7.d",
                "A.7.d",
            ),
            "C12": Rule(
                "B.4",
                "B.4",
            ),
            "C13": Rule(
                "B.4",
                "B.4",
            ),
            "C14": Rule(
                "B.5",
                "B.5",
            ),
            "C15": Rule(
                "B.5",
                "B.5",
            ),
            "C16": Rule(
                "B.6",
                "B.6",
            ),
            "C17": Rule("B.6", "B.6"),
            **_LETTERED_STEPS,
        }
    ),
    colour_rules=_E_RULES,
    round_pairing_article="A.9",
    pab_article="B.1b (2012)",
    float_article="A.4",
    bye_eligible=eligible_2012,
    float_of=float_2012,
    criteria=criteria_2012,
    completion_every_bracket=False,
    homogeneous_from_half_mdps=True,
    model_gaps=(
        "A.7.e's variable colour preferences, D.4's exact score-difference measure and "
        "C.12's full backtracking are not modelled (not in trfaudit's sources)"
    ),
)

#: Every edition, newest first.
ALL_EDITIONS: tuple[Edition, ...] = (EDITION_2025, EDITION_2017, EDITION_2012)
#: The editions by name ("2026" names the 2025/26 text too).
EDITIONS: dict[str, Edition] = {
    "2025": EDITION_2025,
    "2026": EDITION_2025,
    "2017": EDITION_2017,
    "2012": EDITION_2012,
}
#: The names a user may choose (``--rules``), newest first.
EDITION_NAMES: tuple[str, ...] = tuple(e.name for e in ALL_EDITIONS)


def edition_named_by(code: str) -> Edition | None:
    """The edition a tournament-type code names (``FIDE_DUTCH_2017_BAKU`` -> 2017), if any."""
    base = code.strip().upper().removesuffix("_BAKU")
    return next((e for e in ALL_EDITIONS if base in e.type_codes), None)


def edition_in_force(day: date) -> Edition:
    """The edition in force on ``day`` (the oldest implemented one before its end)."""
    return next((e for e in ALL_EDITIONS if e.in_force_on(day)), ALL_EDITIONS[-1])
