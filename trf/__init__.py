"""Reading, writing and checking FIDE Tournament Report Files (TRF-16, TRF(x)/(bx), TRF-2026)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import Problem, TrfError
from .model import EntryKind, Player, RoundEntry, Scoring, Tournament

if TYPE_CHECKING:
    from .reader import parse, read

__all__ = [
    "EntryKind",
    "Player",
    "Problem",
    "RoundEntry",
    "Scoring",
    "Tournament",
    "TrfError",
    "parse",
    "read",
]


def __getattr__(name: str) -> object:
    # The reader loads on first use (PEP 562): the commands that read no file (--help) and
    # the modules that only need the model do not pay for it.
    if name in ("parse", "read"):
        from . import reader

        value = getattr(reader, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
