"""Generator settings of the draft conformance checklist: unusual results, byes per round, and a
tie-break list with the standings it gives.

* ``half_zero``, ``zero_half``, ``zero_zero``: games that end 1/2-0, 0-1/2 or 0-0 (white's
  points first).  The value is an :class:`Amount`: a count per tournament (``3``) or a rate per
  played game (``0.02`` or ``2%``).
* ``half_byes_per_round``, ``zero_byes_per_round``: requested half-point byes (``H``) and
  announced absences (``Z``) in every round, a count (``2``) or a percentage of the players
  (``10%``), on top of the per-player settings; drawn among the players not absent already.
* ``tiebreaks``: a tie-break list (TRF-2026 codes, ``BH/C1,BH,SB``), written as ``202`` and
  ``212`` (``PTS`` first); the rank column is then the standings it gives (C.07), so that
  ``trfaudit check`` verifies them.
* ``ratings``: ``LOW-HIGH``, the rating range (as ``rating_low``/``rating_high``).

Each is drawn only when set, so files made without them keep their bytes.
"""

from __future__ import annotations

from dataclasses import dataclass

from trfaudit.trf.model import EntryKind, Tournament
from trfaudit.trf.tiebreak_codes import TieBreakCode

from .dice import Dice

#: The unusual results: setting -> (white's result, black's result) in TRF letters.
UNUSUAL = {"half_zero": ("=", "0"), "zero_half": ("0", "="), "zero_zero": ("0", "0")}


@dataclass(frozen=True)
class Amount:
    """A count (``count``) or a rate (``rate``: per game, or a share of the players); zero
    when neither is set."""

    count: int = 0
    rate: float = 0.0

    @classmethod
    def parse(cls, text: str) -> Amount:
        text = text.strip()
        if text.endswith("%"):
            value = float(text[:-1])
            if not 0 <= value <= 100:
                raise ValueError("a percentage must lie between 0 and 100")
            return cls(rate=value / 100)
        if text.isdigit():
            return cls(count=int(text))
        value = float(text)
        if not 0 <= value <= 1:
            raise ValueError("a rate must lie between 0 and 1 (or give a count, or N%)")
        return cls(rate=value)

    def __bool__(self) -> bool:
        return bool(self.count or self.rate)

    def __str__(self) -> str:
        if self.count or not self.rate:
            return str(self.count)
        return f"{self.rate:g}"

    def of(self, total: int) -> int:
        """How many of ``total`` (a count, at most ``total``; a share, rounded)."""
        return min(total, self.count) if self.count else round(self.rate * total)


def unusual_games(dice: Dice, settings: dict[str, Amount], rounds: int) -> dict[str, list[int]]:
    """For each count setting, the rounds of its games (one round per game, drawn uniformly;
    the board is drawn when the round is played)."""
    return {
        name: sorted(dice.between(1, rounds) for _ in range(amount.count))
        for name, amount in settings.items()
        if amount.count
    }


def unusual_result(
    dice: Dice, settings: dict[str, Amount], counted: dict[str, list[int]], rnd: int, board: int
) -> tuple[str, str] | None:
    """The unusual result of board ``board`` (0-based, played games) of round ``rnd``, if it
    gets one: a rate draws per game; a count's games were placed by :func:`place_counted`."""
    for name, amount in settings.items():
        if amount.rate and dice.chance(amount.rate):
            return UNUSUAL[name]
        if board in counted.get(f"{name}@{rnd}", []):
            return UNUSUAL[name]
    return None


def place_counted(
    dice: Dice, planned: dict[str, list[int]], rnd: int, boards: list[int]
) -> dict[str, list[int]]:
    """The boards of round ``rnd`` that the counted unusual results go to (key ``name@rnd``)."""
    out: dict[str, list[int]] = {}
    for name, rounds in planned.items():
        n = min(rounds.count(rnd), len(boards))
        if n:
            pool = list(boards)
            picked = []
            for _ in range(n):
                picked.append(pool.pop(dice.between(0, len(pool) - 1)))
            out[f"{name}@{rnd}"] = picked
    return out


def round_byes(
    dice: Dice, players: list[int], absent: dict[int, EntryKind], half: Amount, zero: Amount
) -> dict[int, EntryKind]:
    """Extra byes of one round: ``half`` H and ``zero`` Z among ``players`` not in ``absent``."""
    extra: dict[int, EntryKind] = {}
    for amount, kind in ((half, EntryKind.HALF_BYE), (zero, EntryKind.ZERO_BYE)):
        if not amount:
            continue
        free = [p for p in players if p not in absent and p not in extra]
        for _ in range(amount.of(len(players)) if free else 0):
            if len(free) <= 2:  # keep two players to pair
                break
            extra[free.pop(dice.between(0, len(free) - 1))] = kind
    return extra


def standings_ranks(t: Tournament, codes: list[TieBreakCode]) -> dict[int, int]:
    """The rank of each player by points and ``codes`` (C.07, the 2026 text: the generated
    files have no start date, and checker.ranks takes 2026 then)."""
    from trfaudit.engine.tiebreaks.ranking import compute
    from trfaudit.engine.tiebreaks.texts import RULES_2026

    st = compute(t, codes, RULES_2026, points_first=True)
    return {row.tpn: row.rank for row in st.rows}
