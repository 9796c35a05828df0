"""Errors and diagnostics of the TRF package.

``TrfError`` is the only exception that :func:`trf.reader.parse` and :func:`trf.reader.read`
let escape.  ``Problem`` is a diagnostic that does not stop reading: the reader's warnings and
the findings of :mod:`trf.validate`.
"""

from __future__ import annotations

from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"


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

    def __reduce__(self):  # keep it picklable (pytest-xdist, multiprocessing)
        return (TrfError, (self.file, self.line, self.column, self.message, self.expected))


@dataclass(frozen=True)
class Problem:
    """One finding about a file: an ``error`` makes the file invalid, a ``warning`` does not.

    ``str()`` gives ``file:line:column: message (expected ...)`` for an error and
    ``file:line:column: warning: message (expected ...)`` for a warning.
    """

    file: str | None
    line: int
    column: int
    message: str
    expected: str | None = None
    severity: str = ERROR

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

    @classmethod
    def from_error(cls, err: TrfError) -> "Problem":
        return cls(err.file, err.line, err.column, err.message, err.expected, ERROR)
