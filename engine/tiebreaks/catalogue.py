"""Every individual tie-break of C.07 by its MTB26 name, and :func:`make` from a code."""

from __future__ import annotations

from trfaudit.trf.tiebreak_codes import TEAM_NAMES as TEAM_CODES
from trfaudit.trf.tiebreak_codes import TieBreakCode

from .base import TieBreak, Unavailable
from .buchholz import AverageOfOpponentsBuchholz, Buchholz, ForeBuchholz, Koya, SonnebornBerger
from .direct import DirectEncounter
from .own import (
    BlackGames,
    BlackWins,
    GamesWon,
    PairingNumber,
    Points,
    ProgressiveScore,
    RoundsElectedToPlay,
    Standard,
    Wins,
)
from .rating import (
    AveragePerfectPerformanceOfOpponents,
    AveragePerformanceOfOpponents,
    AverageRatingOfOpponents,
    PerfectPerformance,
    PerformanceRating,
    Rating,
)

CLASSES: tuple[type[TieBreak], ...] = (
    Points,
    DirectEncounter,
    Wins,
    GamesWon,
    BlackGames,
    BlackWins,
    ProgressiveScore,
    RoundsElectedToPlay,
    Standard,
    PairingNumber,
    Buchholz,
    AverageOfOpponentsBuchholz,
    ForeBuchholz,
    SonnebornBerger,
    Koya,
    AverageRatingOfOpponents,
    PerformanceRating,
    PerfectPerformance,
    AveragePerformanceOfOpponents,
    AveragePerfectPerformanceOfOpponents,
    Rating,
)
BY_NAME: dict[str, type[TieBreak]] = {n: c for c in CLASSES for n in c.names}

#: Codes C.07 defines for team events only (Arts 11-13): not computed for individual files.
TEAM_NAMES = TEAM_CODES


def make(code: TieBreakCode) -> TieBreak:
    """The tie-break of ``code``; raises :class:`Unavailable` for codes that cannot be
    computed (team codes, ``OTHER_*``, modifiers a tie-break does not take)."""
    if code.other:
        raise Unavailable(
            f"{code.text}: organiser-defined (C.07 4.1); its definition is not in the file"
        )
    if code.name in TEAM_NAMES:
        raise Unavailable(f"{code.text}: a team tie-break (C.07 Arts 12-13)")
    cls = BY_NAME.get(code.name)
    if cls is None:
        raise Unavailable(f"{code.text}: unknown tie-break")
    return cls(code)
