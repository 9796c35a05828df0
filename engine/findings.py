"""The report model of ``trfaudit check``: what was found, independent of how it is shown.

The text, JSON and HTML reports all render these dataclasses; the JSON report is
:func:`dataclasses.asdict`-like and documented by ``checker/reports/schema/report.schema.json``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    """What a discrepancy is (a ``str``: JSON and text show the value)."""

    ILLEGAL = "illegal"  # breaks an absolute criterion (C1-C3) or is no round-pairing (1.9.1)
    QUALITY = "quality"  # legal, but worse on a criterion (C4-C21)
    ORDER = "order"  # as good, but generated later (Art. 4)
    COLOUR = "colour"  # same pairs, other colours (Art. 5.2)
    UNEXPLAINED = "unexplained"  # the recorded round looks better: an engine defect
    INPUT = "input"  # the file cannot be what the round was paired from (issue 9)
    STANDINGS = "standings"  # a recorded rank the tie-breaks (C.07) do not give (issue 14)


class FindingClass(StrEnum):
    """The FIDE Technical Commission's three classes of a checker's discrepancies."""

    INPUT = "input"  # the file is at fault
    PAIRING = "pairing"  # the program that paired the round
    INTERPRETATION = "interpretation"  # editions or readings of the rules disagree


class Cause(StrEnum):
    """Why a file cannot be what a round was paired from (the ``cause`` of an ``input``
    finding)."""

    STARTING_RANK = "starting-rank"  # pairing numbers are not the initial ranking (C.04.2)
    INITIAL_COLOUR = "initial-colour"  # 152/XXC contradicts round 1 (5.1)
    ACCELERATION = "acceleration"  # stated (or omitted) acceleration (C.04.5/C.04.7)
    ABSENCE = "absence"  # a bye or absence written another way (F/U/H/Z, blank opponent)
    FORBIDDEN_PAIR = "forbidden-pair"  # XXP/260 not honoured when the round was paired
    MANUAL_CHANGE = "manual-change"  # a declared TRF-2026 MPA line (checker.declared)
    DRAW_NUMBERS = "draw-numbers"  # a round-robin's table numbers are not the starting numbers
    #: The file contradicts itself: both sides of a game with one colour, or results that
    #: exclude each other (both won); TRF-16 001 records each side of a game.
    CONTRADICTION = "contradiction"


class Status(StrEnum):
    MATCH = "match"
    DIFFERS = "differs"


ILLEGAL, QUALITY, ORDER, COLOUR = Kind.ILLEGAL, Kind.QUALITY, Kind.ORDER, Kind.COLOUR
UNEXPLAINED, INPUT = Kind.UNEXPLAINED, Kind.INPUT
STANDINGS = Kind.STANDINGS
KINDS = tuple(Kind)
MATCH, DIFFERS = Status.MATCH, Status.DIFFERS


def number_ranges(numbers: Iterable[int]) -> str:
    """Sorted numbers as ranges: ``1-3, 5``."""
    out: list[str] = []
    start: int | None = None
    prev = 0
    for n in sorted(numbers):
        if start is None:
            start = prev = n
        elif n == prev + 1:
            prev = n
        else:
            out.append(f"{start}-{prev}" if prev != start else f"{start}")
            start = prev = n
    if start is not None:
        out.append(f"{start}-{prev}" if prev != start else f"{start}")
    return ", ".join(out)


def class_of(kind: str) -> FindingClass:
    """The class a kind belongs to when nothing more is known: an ``input`` finding blames the
    file, an ``unexplained`` one the interpretation (ours or the program's), the rest the
    program that paired the round."""
    if kind == Kind.INPUT:
        return FindingClass.INPUT
    if kind == Kind.UNEXPLAINED:
        return FindingClass.INTERPRETATION
    return FindingClass.PAIRING


@dataclass
class Alternative:
    """A reading of the file under which the engine pairs the round as recorded: a
    hypothesis beside the finding, never in its place (issue 19).  ``cause`` is a
    :class:`Cause`; ``explanation`` says the reading as a clause ("13's round-7 entry 'U'
    (PAB) was meant as 'F' (full bye)"); ``evidence`` what it reproduces ("with 13's round-7
    entry read as 'F' (full bye), round 7 matches")."""

    cause: str
    explanation: str
    evidence: str
    players: list[int] = field(default_factory=list)


#: The key under which pairing findings with an input alternative are counted apart.
WITH_ALTERNATIVE = "with an input alternative"


@dataclass
class Discrepancy:
    """One way the recorded round differs from the rules.

    ``criterion`` is labelled as the edition labels it (``C1``, ``5.2.3``, ``4.2``, ...);
    ``recorded`` / ``expected`` are printable values (a pair, a count, a score list).
    """

    kind: Kind
    criterion: str | None
    players: list[int]
    recorded: str | None
    expected: str | None
    explanation: str
    # The one sentence a committee can quote: the round, the boards and players (with names)
    # that differ, the rule and both values in its terms.  Same text in every format.
    summary: str = ""
    #: For kind ``input``: what in the file is at fault (:class:`Cause`).
    cause: Cause | None = None
    #: What reproduces the record (a re-ranking, another initial colour, another reading).
    evidence: str | None = None
    #: The TEC class (:class:`FindingClass`); JSON field ``class``.  Derived from the kind
    #: when not given.
    finding_class: str = ""
    #: When the round was checked under several editions (``--rules all``, or an unknown
    #: edition): the editions under which this finding holds; None when only one was checked.
    editions: list[str] | None = None
    #: Readings of the file that would reproduce the record (:class:`Alternative`): the
    #: finding states the record as written; these say what else the file might mean.
    alternatives: list[Alternative] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.kind = Kind(self.kind)
        self.cause = None if self.cause is None else Cause(self.cause)
        self.finding_class = FindingClass(self.finding_class or class_of(self.kind))


@dataclass
class PlayerRow:
    """One player of a bracket, as the committee needs to see them."""

    tpn: int
    score: str  # pairing score, e.g. "2.5"
    preference: str  # W!/B! absolute, W/B strong, w/b mild, - none (1.7)
    floats: str  # float history of the two previous rounds, e.g. "R3 down, R4 -"
    role: str  # "MDP" (moved down into the bracket) or "resident"
    recorded: str  # what the file gives the player this round: "w vs Maier (7)", "PAB"
    expected: str  # what the engine gives them
    name: str = ""
    rating: int | None = None
    colours: str = ""  # colours of the last rounds, oldest first ("-": no game)
    differs: bool = False  # the record pairs the player otherwise than the engine


@dataclass
class BracketView:
    """The bracket where the recorded and the engine's pairings first diverge."""

    score: str
    players: list[PlayerRow]
    recorded: list[str]  # the recorded candidate for these players: "3-7", "PAB 12", "9 v"
    expected: list[str]  # the engine's candidate
    residents: int = 0  # the bracket's size: residents and MDPs
    mdps: list[int] = field(default_factory=list)


@dataclass
class Pairing:
    """A round-pairing in printable form: boards as (white, black) TPNs and the PAB."""

    boards: list[tuple[int, int]]
    bye: int | None


@dataclass
class Side:
    """One board of one pairing: its number in board order (C.04.2 3.6) and the players;
    ``black`` is None for the pairing-allocated bye (``white`` holds its receiver)."""

    board: int | None
    white: int
    black: int | None


@dataclass
class BoardDiff:
    """A line of the table of differing boards: a recorded board and an engine's board that
    the other pairing does not have (either may be None)."""

    recorded: Side | None
    expected: Side | None


@dataclass
class PlayerInfo:
    """A player a round's report mentions."""

    tpn: int
    name: str
    rating: int | None
    score: str  # pairing score before the round
    colours: str  # colours of the last rounds, oldest first ("-": no game)
    federation: str = ""


@dataclass
class EditionVerdict:
    """A round's verdict under one edition: ``match``/``differs`` and its findings in short
    (``quality C5``), labelled as that edition labels them."""

    status: str
    findings: list[str] = field(default_factory=list)


@dataclass
class RoundReport:
    round: int
    status: str  # MATCH or DIFFERS
    discrepancies: list[Discrepancy] = field(default_factory=list)
    recorded: Pairing | None = None  # kept for differing rounds only
    expected: Pairing | None = None  # None also when the engine found no pairing
    bracket: BracketView | None = None
    differing: list[BoardDiff] = field(default_factory=list)  # in board order
    players: list[PlayerInfo] = field(default_factory=list)  # those the findings mention
    #: The verdict under every edition checked, by edition name (``--rules all``, or an
    #: unknown edition); None when only one edition was checked.
    editions: dict[str, EditionVerdict] | None = None


def short(name: str) -> str:
    """The surname (``Chasin`` of ``Chasin, Nico``); a long name without a comma, its first
    word (the full name is in the table's Name column)."""
    name = name.strip()
    if "," in name:
        return name.split(",")[0].strip() or name
    return name if len(name) <= 14 else name.split()[0]
