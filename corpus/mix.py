"""``generate --mix``: each tournament draws its own settings, for a conformance corpus.

A conformance run needs tournaments that exercise the rules' corners in many combinations,
as the axes corpus does.  With ``--mix``, tournament *s* takes the base settings (the
sizes, rating range, rules …) and then switches each axis of :data:`AXES` on with the axis's
probability, drawing its values from the axis's range.  The draws come from their own
:class:`~corpus.dice.Dice` (seeded from *s*), so the tournament's own draws are those of a
plain run with the drawn settings: ``generate`` with the recorded settings and seed *s*
gives the same file.  Each manifest entry records the drawn settings and the axes that are on.

The size is drawn from the base ranges (``players=10-200``, ``rounds=5-11``); the rounds are
then capped at max(3, players // 2), so that small tournaments can still be paired to the end
(a Swiss of 10 players has no pairing for 9 rounds once colours and forbidden pairs bite).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .config import GeneratorConfig
from .dice import Dice

#: Mix draws come from Dice(MIX_SEED + s): a stream of its own for each tournament seed s.
MIX_SEED = 1 << 40


def _uniform(dice: Dice, low: float, high: float) -> float:
    return round(low + (high - low) * dice.uniform(), 3)


@dataclass(frozen=True)
class Axis:
    """One axis: its name (as in the axes corpus), how often it is on, what it sets."""

    name: str
    probability: float
    draw: Callable[[Dice, GeneratorConfig], dict[str, object]]
    description: str


def _forbid(dice: Dice, cfg: GeneratorConfig) -> dict[str, object]:
    return {"forbidden_pairs": dice.between(1, max(1, cfg.players // 10))}


def _late(dice: Dice, cfg: GeneratorConfig) -> dict[str, object]:
    return {
        "late_rate": _uniform(dice, 0.02, 0.1),
        "late_first": dice.between(2, 3),
        "late_bye": dice.pick(("Z", "H", "mixed")),
    }


def _byes(dice: Dice, cfg: GeneratorConfig) -> dict[str, object]:
    return {"half_bye_rate": _uniform(dice, 0.05, 0.3), "zero_bye_rate": _uniform(dice, 0, 0.02)}


def _s310(dice: Dice, cfg: GeneratorConfig) -> dict[str, object]:
    return {"win": Fraction(3), "draw": Fraction(1), "baku": False}


def _pab(dice: Dice, cfg: GeneratorConfig) -> dict[str, object]:
    return {"pab": cfg.draw}  # a PAB worth a draw (0.5, or 1 under 3-1-0)


#: The axes, in the order they are drawn (the order is part of the seed's meaning).
AXES: tuple[Axis, ...] = (
    Axis(
        "black1", 0.5, lambda d, c: {"initial_colour": "b"}, "initial colour black1 (else white1)"
    ),
    Axis(
        "unrated",
        0.3,
        lambda d, c: {"unrated_rate": _uniform(d, 0.02, 0.2)},
        "2-20 % unrated players",
    ),
    Axis("forbid", 0.3, _forbid, "1..players/10 forbidden pairs (XXP / 260)"),
    Axis("late", 0.3, _late, "2-10 % late entrants, joining in round 2-4 or 3-4, Z/H/mixed"),
    Axis(
        "withdraw",
        0.3,
        lambda d, c: {"withdraw_rate": _uniform(d, 0.02, 0.1)},
        "2-10 % withdrawals",
    ),
    Axis("byes", 0.5, _byes, "5-30 % request a half-point bye; 0-2 % absences per round"),
    Axis(
        "forfeits",
        0.3,
        lambda d, c: {"forfeit_rate": _uniform(d, 0.01, 0.05), "double_forfeit_share": 0.2},
        "1-5 % of games forfeited, a fifth of them double",
    ),
    Axis("s310", 0.2, _s310, "3-1-0 scoring"),
    Axis("pab", 0.2, _pab, "the PAB worth a draw"),
    Axis(
        "baku",
        0.2,
        lambda d, c: {"baku": c.win == 1 and c.draw == Fraction(1, 2)},
        "Baku acceleration (standard scoring only)",
    ),
)


def mixed(base: GeneratorConfig, seed: int) -> tuple[GeneratorConfig, list[str]]:
    """The settings of tournament ``seed`` under ``--mix``, and the names of its axes."""
    dice = Dice(MIX_SEED + seed)
    players = dice.between(base.players, max(base.players, base.players_max))
    rounds = dice.between(base.rounds, max(base.rounds, base.rounds_max))
    cfg = base.replace(
        players=players,
        rounds=min(rounds, max(3, players // 2)),
        players_max=0,
        rounds_max=0,
        initial_colour="w",
        draw_rate=_uniform(dice, 0.1, 0.5),
    )
    axes = []
    for axis in AXES:
        if dice.chance(axis.probability):
            changes = axis.draw(dice, cfg)
            if changes.get("baku") is False and axis.name == "baku":
                continue
            cfg = cfg.replace(**changes)
            axes.append(axis.name)
    return cfg.check(), axes


def describe() -> dict[str, object]:
    """The mix as recorded in manifest.json."""
    return {a.name: {"probability": a.probability, "sets": a.description} for a in AXES}
