"""The registry of the editions of the FIDE (Dutch) System: everything that is edition-specific.

One engine pairs every edition; an :class:`Edition` says what differs: its name and title, the
tournament-type codes (192/092) that name it and the dates it is in force, the label and
article of each criterion in its own text (written out, so that ``grep '"C.10"'`` finds the
2017 label), the labels of the colour rules, the PAB-eligibility and float rules, the
round-pairing article and the criteria in priority order.  The CLI choices, the rules choice
(:mod:`trfaudit.engine.edition_choice`), the generator and the reports read it from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from types import MappingProxyType
from typing import Callable, Mapping

from trfaudit.trf.model import EntryKind

from ..history import Game, PlayerRecord, Points, RoundInput
from .criteria import Criterion, criteria_2012, criteria_2017, criteria_2025
from .players import DOWN, game_float


def eligible_2025(games: list[Game], pts: Points) -> bool:
    """C.04.1 2025/26 Art. 4 [C2]: no PAB for a player who already had one (whatever it was
    worth) or who already scored a win's points in one round without playing (forfeit
    win, full-point bye)."""
    return not any(g.kind is EntryKind.PAB or (not g.played and g.points >= pts.win) for g in games)


def eligible_2017(games: list[Game], pts: Points) -> bool:
    """C.04.1.d (2017) [C.2]: no PAB for a player who already had one, or who already scored
    a (forfeit) win because the opponent did not appear.  A requested full-point bye does not
    block it (the reference engine agrees: corpus/dutch2017)."""
    return not any(g.kind in (EntryKind.PAB, EntryKind.FORFEIT_WIN) for g in games)


def float_2017(inp: RoundInput, rec: PlayerRecord, raw: dict[int, int], back: int) -> str | None:
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


def float_2012(inp: RoundInput, rec: PlayerRecord, raw: dict[int, int], back: int) -> str | None:
    """2012 A.4 and B.1.b: a game between different scores floats both players; a round
    scored without playing is a downfloat; a forfeit loss or an absence is none (the seed's
    note to B.1.b: the opponent who lost by forfeit "is not considered moved down")."""
    g = rec.games[inp.round - back - 1]
    if not g.played:
        return DOWN if g.points > 0 else None
    return game_float(inp, rec, raw, back)


@dataclass(frozen=True)
class Rule:
    """One rule as an edition's text numbers it: its ``label`` (what a report cites:
    ``C12``, ``C.10``, ``B.4``), its ``article`` in that text (``2.4.7``; the label itself
    in the lettered editions) and what it asks, in one line."""

    label: str
    article: str
    text: str


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
    float_of: Callable[[RoundInput, PlayerRecord, dict[int, int], int], str | None]
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

    def describe(self, key: str) -> str:
        """What rule ``key`` asks, in one line (``key`` itself when unknown)."""
        rule = self.rules.get(key) or self.colour_rules.get(key)
        return rule.text if rule is not None else key

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
_C1 = "two players meet at most once (played games; prohibited pairs likewise)"
_C2 = "the PAB only to a player who may receive it"
_C3 = "no two non-topscorers with the same absolute colour preference meet"
_C4 = "the players not yet paired can still be paired completely"
_C5 = "the score of the player who gets the pairing-allocated bye, minimised"
_C6 = "the number of downfloaters, minimised"
_C7 = "the scores of the downfloaters, highest first, minimised"
_C8 = (
    "the downfloaters must let the next bracket pair as many players as possible: the pairs "
    "made in the next bracket"
)
_C8B = (
    "the downfloaters must let the next bracket pair as well as possible: the scores of the "
    "next bracket's downfloaters"
)
_C9 = "the unplayed games of the player who gets the pairing-allocated bye, minimised"
_C10 = (
    "topscorers or their opponents who get a colour difference higher than +2 or lower than "
    "-2, minimised"
)
_C11 = "topscorers or their opponents who get the same colour three times in a row, minimised"
_C12 = "players who do not get their colour preference, minimised"
_C13 = "players who do not get their strong colour preference, minimised"
_C14 = "resident downfloaters who got a downfloat in the previous round, minimised"
_C15 = "MDP opponents who got an upfloat in the previous round, minimised"
_C16 = "resident downfloaters who got a downfloat two rounds before, minimised"
_C17 = "MDP opponents who got an upfloat two rounds before, minimised"
_C18 = "the scores of the downfloaters who got a downfloat in the previous round, minimised"
_C19 = (
    "the score differences of the MDP opponents who got an upfloat in the previous round, minimised"
)
_C20 = "the scores of the downfloaters who got a downfloat two rounds before, minimised"
_C21 = "the score differences of the MDP opponents who got an upfloat two rounds before, minimised"
_PPB = "in the PPB: downfloaters that let the round be completed"
_MERGE = "the lowest brackets are merged until the round is paired"
_D1 = "the transposition of S2 comes first"
_D2 = "the exchange between S1 and S2 comes first"
_D3 = "the MDPs paired (and their opponents) come first"
_ROUND = "every player to be paired is paired once, except at most one (the PAB)"

_E1 = "both colour preferences are granted"
_E2 = "the stronger colour preference is granted"
_E3 = "colours alternate from the latest round in which the two had different colours"
_E4 = "the higher-ranked player's colour preference is granted"
_E5 = "the higher-ranked player gets the initial colour if odd-numbered, else the other one"

EDITION_2025 = Edition(
    name="2025",
    title="FIDE (Dutch) System, C.04.3 2025/2026 edition",
    type_codes=("FIDE_DUTCH_2025", "FIDE_DUTCH_2026"),  # 2026: not in ETT26, but written
    in_force_from=date(2026, 2, 1),
    in_force_until=None,
    rules=_frozen(
        {
            "C1": Rule("C1", "2.1.1", _C1),
            "C2": Rule("C2", "2.1.2", _C2),
            "C3": Rule("C3", "2.1.3", _C3),
            "C4": Rule("C4", "2.2", _C4),
            "F1": Rule("C4", "2.2", _C4),
            "C5": Rule("C5", "2.3", _C5),
            "C6": Rule("C6", "2.4.1", _C6),
            "C7": Rule("C7", "2.4.2", _C7),
            "C8": Rule("C8", "2.4.3", _C8),
            "C8a": Rule("C8", "2.4.3", _C8),
            "C8b": Rule("C8", "2.4.3", _C8B),
            "C9": Rule("C9", "2.4.4", _C9),
            "C10": Rule("C10", "2.4.5", _C10),
            "C11": Rule("C11", "2.4.6", _C11),
            "C12": Rule("C12", "2.4.7", _C12),
            "C13": Rule("C13", "2.4.8", _C13),
            "C14": Rule("C14", "2.4.9", _C14),
            "C15": Rule("C15", "2.4.10", _C15),
            "C16": Rule("C16", "2.4.11", _C16),
            "C17": Rule("C17", "2.4.12", _C17),
            "C18": Rule("C18", "2.4.13", _C18),
            "C19": Rule("C19", "2.4.14", _C19),
            "C20": Rule("C20", "2.4.15", _C20),
            "C21": Rule("C21", "2.4.16", _C21),
            "4.2": Rule("4.2", "4.2", _D1),
            "4.3": Rule("4.3", "4.3", _D2),
            "4.4": Rule("4.4", "4.4", _D3),
            "1.9.1": Rule("1.9.1", "1.9.1", _ROUND),
        }
    ),
    colour_rules=_frozen(
        {
            "5.2.1": Rule("5.2.1", "5.2.1", _E1),
            "5.2.2": Rule("5.2.2", "5.2.2", _E2),
            "5.2.3": Rule("5.2.3", "5.2.3", _E3),
            "5.2.4": Rule("5.2.4", "5.2.4", _E4),
            "5.2.5": Rule("5.2.5", "5.2.5", _E5),
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
    "4.2": Rule("D.1", "D.1", _D1),
    "4.3": Rule("D.2", "D.2", _D2),
    "4.4": Rule("D.3", "D.3", _D3),
    "1.9.1": Rule("A.9", "A.9", _ROUND),
}

#: The 2017 colour rules E.1-E.5 are the 2025 rules 5.2.1-5.2.5 (the digest, §4 item 9).
_E_RULES = _frozen(
    {
        "5.2.1": Rule("E.1", "E.1", _E1),
        "5.2.2": Rule("E.2", "E.2", _E2),
        "5.2.3": Rule("E.3", "E.3", _E3),
        "5.2.4": Rule("E.4", "E.4", _E4),
        "5.2.5": Rule("E.5", "E.5", _E5),
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
            "C1": Rule("C.1", "C.1", _C1),
            "C2": Rule("C.2", "C.2", _C2),
            "C3": Rule("C.3", "C.3", _C3),
            "C4": Rule("C.4", "C.4", _PPB),
            "F1": Rule("C.4", "C.4", _PPB),
            "C5": Rule("C.2", "C.2", _C5),
            "C6": Rule("C.5", "C.5", "the number of pairs, maximised"),
            "C7": Rule(
                "C.6",
                "C.6",
                "the PSD, the score differences of the pairs and of the downfloaters (A.8), highest "
                "first, minimised",
            ),
            "C8": Rule("C.7", "C.7", _C8 + " (not in the PPB or CLB)"),
            "C8a": Rule(
                "C.7",
                "C.7",
                "the downfloaters must let the next bracket make as many pairs as possible: the pairs "
                "made in the next bracket",
            ),
            "C8b": Rule(
                "C.7",
                "C.7",
                "the downfloaters must let the next bracket make the lowest PSD: the next bracket's "
                "PSD",
            ),
            "C10": Rule("C.8", "C.8", _C10),
            "C11": Rule("C.9", "C.9", _C11),
            "C12": Rule("C.10", "C.10", _C12),
            "C13": Rule("C.11", "C.11", _C13),
            "C14": Rule(
                "C.12",
                "C.12",
                "players who receive the same downfloat as in the previous round, minimised",
            ),
            "C15": Rule(
                "C.13",
                "C.13",
                "players who receive the same upfloat as in the previous round, minimised",
            ),
            "C16": Rule(
                "C.14",
                "C.14",
                "players who receive the same downfloat as two rounds before, minimised",
            ),
            "C17": Rule(
                "C.15",
                "C.15",
                "players who receive the same upfloat as two rounds before, minimised",
            ),
            "C18": Rule(
                "C.16",
                "C.16",
                "the score differences of the players who receive the same downfloat as in the "
                "previous round, minimised",
            ),
            "C19": Rule(
                "C.17",
                "C.17",
                "the score differences of the players who receive the same upfloat as in the previous "
                "round, minimised",
            ),
            "C20": Rule(
                "C.18",
                "C.18",
                "the score differences of the players who receive the same downfloat as two rounds "
                "before, minimised",
            ),
            "C21": Rule(
                "C.19",
                "C.19",
                "the score differences of the players who receive the same upfloat as two rounds "
                "before, minimised",
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
            "C1": Rule("B.1a", "B.1a", _C1),
            "C2": Rule("B.1b", "B.1b", _C2),
            "C3": Rule("B.2", "B.2", _C3),
            "C4": Rule("C.13", "C.13", _MERGE),
            "F1": Rule("C.13", "C.13", _MERGE),
            "C5": Rule("B.1b", "B.1b", _C5),
            "C6": Rule("C.14", "C.14", "the number of pairs P, maximised"),
            "C7": Rule(
                "B.3",
                "B.3",
                "the score differences of the pairs and of the players moved down, highest first, as "
                "small as possible",
            ),
            "C8": Rule("C.12", "C.12", _C8 + " (backtracking)"),
            "C8a": Rule(
                "C.12",
                "C.12",
                "backtracking: the players moved down must let the next bracket make as many pairs as "
                "possible: the pairs made in the next bracket",
            ),
            "C8b": Rule("C.12", "C.12", "score differences in the next bracket (backtracking)"),
            "C10": Rule("B.2", "B.2", _C10),
            "C11": Rule("B.2", "B.2", _C11),
            "A7d": Rule(
                "A.7.d",
                "A.7.d",
                "players with a strong preference, treated as absolute in odd rounds, who do not get "
                "it, minimised",
            ),
            "C12": Rule(
                "B.4",
                "B.4",
                "players who do not get their colour preference, X: as many preferences granted as "
                "possible",
            ),
            "C13": Rule(
                "B.4",
                "B.4",
                "players who do not get their strong colour preference, Z, even rounds",
            ),
            "C14": Rule(
                "B.5",
                "B.5",
                "players who get the same downfloat as in the previous round, to be avoided",
            ),
            "C15": Rule(
                "B.5",
                "B.5",
                "players who get the same upfloat as in the previous round, to be avoided",
            ),
            "C16": Rule(
                "B.6",
                "B.6",
                "players who get the same downfloat as two rounds before, to be avoided",
            ),
            "C17": Rule(
                "B.6", "B.6", "players who get the same upfloat as two rounds before, to be avoided"
            ),
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
