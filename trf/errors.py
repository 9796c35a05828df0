"""Errors and diagnostics of the TRF package.

``TrfError`` is the only exception that :func:`trf.reader.parse` and :func:`trf.reader.read`
let escape.  ``Problem`` is a diagnostic that does not stop reading: the reader's warnings and
the findings of :mod:`trf.validate`.
"""

from __future__ import annotations

from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"
NOTE = "note"  # what the reader concluded on its own (an inferred point system)

# -- Problem codes (``Problem.code``): what kind of finding it is, for programs -------------------
#: The reader: a record or field of the file's text (the default).
FORMAT = "format"
#: The total number of rounds (XXR/062) is below the rounds recorded.
TOTAL_ROUNDS = "total-rounds"
# Findings about one round's pairing (``Problem.round`` is set; :mod:`trf.rounds` finds them):
#: A player is paired with themself.
SELF_PAIRED = "self-paired"
#: A player's opponent is not a 001 player.
UNKNOWN_OPPONENT = "unknown-opponent"
#: Several players name the same opponent.
PAIRED_TWICE = "paired-twice"
#: The opponent's entry does not name the player back.
NOT_RECIPROCAL = "not-reciprocal"
#: Both sides of a game have the same colour.
SAME_COLOUR = "same-colour"
#: Only one side of a game has a colour (a warning).
ONE_COLOUR = "one-colour"
#: A game (or forfeit) without an opponent (only in a Tournament built in code).
NO_OPPONENT = "no-opponent"
#: More than one pairing-allocated bye in a round (a warning for the validator).
SEVERAL_PABS = "several-pabs"
#: The results of the two sides do not match (1-0, =-=, +--, --).
RESULTS = "results"
#: Rated (1 = 0) and unrated (W D L) result codes mixed in one game (a warning).
MIXED_RESULTS = "mixed-results"
#: A game without a result yet (a warning).
PENDING = "pending"
# Findings about the whole file:
#: A player's points (001) do not match the results under the point system.
POINTS = "points"
#: The starting numbers (001) are not 1..N: one is missing (C.04.2: pairing numbers 1..N).
STARTING_NUMBERS = "starting-numbers"
#: A 240/XXZ, XXP/260, XXA/250 line names a player who is not in the file.
UNKNOWN_PLAYER = "unknown-player"
#: A prohibition (260) for an empty range of rounds (a warning).
EMPTY_RANGE = "empty-range"
#: A 240 bye that the 001 line does not record (a warning).
BYE_MISMATCH = "bye-mismatch"
#: No point system stated, and the players' points give one other than 1-1/2-0 (a note).
POINT_SYSTEM = "point-system"
#: A 250 line's match points, which only a team event has (a warning on individual files).
TEAM_ACCELERATION = "team-acceleration"
#: Rounds left blank read as half-point byes, as the players' points need (a note).
BLANK_HALF_BYE = "blank-half-bye"
#: TRF-16 013 team lines in a file whose 092 calls the event individual (a note).
TEAM_CLASSIFICATION = "team-classification"


def _location(file: str | None, line: int, column: int) -> str:
    """``file:line:column``; just ``file`` when the problem has no position (line 0)."""
    if line <= 0:
        return file or "<input>"
    return f"{file or '<input>'}:{line}:{column}"


class TrfError(Exception):
    """Malformed input: where it is (1-based line and column), what is wrong, what was expected.

    ``str(err)`` is ``file:line:column: message (expected ...)``; the parenthesis is left out
    when there is no expectation to state, and ``line:column`` when the problem concerns the
    whole file (line 0, e.g. a file that cannot be opened).
    """

    def __init__(
        self,
        file: str | None,
        line: int,
        column: int,
        message: str,
        expected: str | None = None,
    ) -> None:
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.expected = expected
        super().__init__(str(self))

    def __str__(self) -> str:
        text = f"{_location(self.file, self.line, self.column)}: {self.message}"
        if self.expected:
            text += f" (expected {self.expected})"
        return text

    def __reduce__(self) -> tuple[type[TrfError], tuple[str | None, int, int, str, str | None]]:
        # keep it picklable (pytest-xdist, multiprocessing)
        return (TrfError, (self.file, self.line, self.column, self.message, self.expected))


@dataclass(frozen=True)
class Problem:
    """One finding about a file: an ``error`` makes the file invalid, a ``warning`` does not.

    ``str()`` gives ``file:line:column: message (expected ...)`` for an error and
    ``file:line:column: warning: message (expected ...)`` for a warning.  ``code`` says what
    kind of finding it is (one of the codes above), ``round`` the round it concerns (None:
    not one round's pairing), so that a program need not read the message.
    """

    file: str | None
    line: int
    column: int
    message: str
    expected: str | None = None
    severity: str = ERROR
    code: str = FORMAT
    round: int | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def __str__(self) -> str:
        text = _location(self.file, self.line, self.column) + ": "
        if self.severity != ERROR:
            text += f"{self.severity}: "
        text += self.message
        if self.expected:
            text += f" (expected {self.expected})"
        return text
