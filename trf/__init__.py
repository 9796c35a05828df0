"""Reading, writing and checking FIDE Tournament Report Files (TRF-16, TRF(x)/(bx), TRF-2026)."""

from .errors import Problem, TrfError
from .model import EntryKind, Player, RoundEntry, Scoring, Tournament
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
