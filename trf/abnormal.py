"""TRF-2026 record ``299``: points that do not follow from the point system (``162``/``362``).

Layout (TRF-2026 4.5; ``shared/reference/trf-formats.md`` §4.5), columns 1-based::

    299 T  MMMM  GGGG  RRR IIII IIII ...
        5  8-11  14-17 20-22 24-27, 29-32, ...

* ``T`` (column 5): a result type ``W D L F H Z + -`` whose value is revalued, or blank for a
  bonus or a penalty (points added to, or taken from, the player's score);
* ``MMMM``: match points (team events), ``GGGG``: game points, i.e. an individual's points,
  both ``[-]11.5``;
* ``RRR``: the round (``000`` or blank: every round);
* ``IIII``: the players (none: every player).

A bonus or penalty counts in the score from its round on (after that round is played), so it
moves the player into another score group for the next round's pairing (Sharly-Chess's
``indiv_299_*`` cases; the score bbpPairings' fork pairs by).  A revaluation gives every
result of its type, in its round(s), for its players, the stated points instead of the point
system's.  A bonus "in every round" (round ``000``) is read as one bonus before round 1: the
text does not say otherwise (UNCONFIRMED).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .model import EntryKind, RoundEntry

#: Result types a ``299`` record may revalue, and what each matches in a round entry.
TYPES = frozenset("WDLFHZ+-")
_WIN, _DRAW, _LOSS = frozenset("1W"), frozenset("=D"), frozenset("0L")


@dataclass(frozen=True)
class AbnormalPoints:
    """One ``299`` record.  ``kind`` is the type character, ``" "`` for a bonus/penalty;
    ``points`` the individual (game) points, None when only match points are given (a team
    event's record, which the individual model does not apply); ``round`` None for every
    round; ``players`` empty for every player."""

    kind: str
    points: Fraction | None
    match_points: Fraction | None = None
    round: int | None = None
    players: tuple[int, ...] = field(default_factory=tuple)
    line: int = 0

    @property
    def bonus(self) -> bool:
        """A bonus or a penalty (blank type): points added to the score."""
        return self.kind == " "

    def concerns(self, tpn: int, rnd: int) -> bool:
        return (self.round is None or self.round == rnd) and (
            not self.players or tpn in self.players
        )

    def revalues(self, entry: RoundEntry) -> bool:
        """True when this record gives ``entry``'s result type its value."""
        k, result = entry.kind, entry.result.upper()
        return {
            "W": k is EntryKind.PLAYED and result in _WIN,
            "D": k is EntryKind.PLAYED and result in _DRAW,
            "L": k is EntryKind.PLAYED and result in _LOSS,
            "F": k is EntryKind.FULL_BYE,
            "H": k is EntryKind.HALF_BYE,
            "Z": k is EntryKind.ZERO_BYE,
            "+": k is EntryKind.FORFEIT_WIN,
            "-": k is EntryKind.FORFEIT_LOSS,
        }.get(self.kind, False)


def entry_value(
    records: list[AbnormalPoints], tpn: int, entry: RoundEntry, usual: Fraction
) -> Fraction:
    """What ``entry`` of player ``tpn`` scores: ``usual`` (the point system's value), replaced
    by the last revaluation that concerns it, plus the bonuses and penalties of its round."""
    value = usual
    for a in records:
        if a.points is None or a.bonus or not a.concerns(tpn, entry.round):
            continue
        if a.revalues(entry):
            value = a.points
    return value + bonus(records, tpn, entry.round)


def bonus(records: list[AbnormalPoints], tpn: int, rnd: int) -> Fraction:
    """The bonuses and penalties player ``tpn`` gets in round ``rnd`` (round-``000`` ones in
    round 1)."""
    total = Fraction(0)
    for a in records:
        concerned = not a.players or tpn in a.players
        if a.bonus and a.points is not None and (a.round or 1) == rnd and concerned:
            total += a.points
    return total


def adjusted_players(records: list[AbnormalPoints]) -> set[int] | None:
    """The players whose points a ``299`` record changes; None when one concerns everyone."""
    out: set[int] = set()
    for a in records:
        if a.points is None:
            continue
        if not a.players:
            return None
        out.update(a.players)
    return out
