"""Random round-robins paired by the Berger tables (``trfaudit generate --system berger``),
written as TRF-2026 with their ``192`` code, so that ``check`` and other checkers can read
them.

Players are drawn ratings, seated on the table in starting-number order; each game's result
follows the FIDE expected-score curve with a set draw rate, and a game may be forfeited.
Whoever meets the dummy (an odd field) has the bye, written ``0000 - U``.  The same seed
gives the same bytes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from .draw import Draw
from .editions import read_code
from .numbering import starting
from .pairer import pair_draw
from .tables import table_size


class GenerateError(ValueError):
    """Settings that give no round-robin (a message for the command line)."""


@dataclass(frozen=True)
class BergerGenConfig:
    """``rounds``: how many rounds to play (None: every round of the code's cycles)."""

    players: int = 8
    code: str = "BERGER_ROUNDROBIN"
    seed: int = 1
    rounds: int | None = None
    draw_rate: float = 0.3
    forfeit_rate: float = 0.0


def _expected(diff: float) -> float:
    return 1 / (1 + 10 ** (-diff / 400))


def draw_of(cfg: BergerGenConfig) -> Draw:
    """The schedule ``cfg`` plays: its code's edition and cycles, starting numbers."""
    reading = read_code(cfg.code)
    if reading is None:
        raise GenerateError(f"--code {cfg.code}: not a round-robin code of the Berger tables")
    if cfg.players < 2:
        raise GenerateError("--players: a round-robin needs two players or more")
    players = list(range(1, cfg.players + 1))
    size = table_size(cfg.players)
    cycles = reading.cycles or 1
    if cfg.rounds is not None and cfg.rounds > (size - 1) * cycles:
        raise GenerateError(
            f"--rounds {cfg.rounds}: {cfg.code} for {cfg.players} players has "
            f"{(size - 1) * cycles} rounds"
        )
    return Draw(tuple(players), size, cycles, reading.edition, starting(players))


def generate(cfg: BergerGenConfig) -> str:
    """The TRF-2026 text of one random round-robin."""
    draw = draw_of(cfg)
    rng = random.Random(cfg.seed)
    rating = {p: int(2400 - 400 * (p - 1) / max(cfg.players - 1, 1) + rng.uniform(-60, 60))
              for p in draw.players}  # fmt: skip
    rounds = cfg.rounds if cfg.rounds is not None else draw.rounds
    blocks: dict[int, list[str]] = {p: [] for p in draw.players}
    points = {p: Fraction(0) for p in draw.players}
    value = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1),
             "-": Fraction(0), "U": Fraction(1)}  # fmt: skip
    for rnd in range(1, rounds + 1):
        result = pair_draw(draw, rnd)
        for b in result.boards:
            if rng.random() < cfg.forfeit_rate:
                rw, rb = ("+", "-") if rng.random() < 0.5 else ("-", "+")
            else:
                x = rng.random()
                e = _expected(rating[b.white] - rating[b.black])
                win = e - cfg.draw_rate / 2
                rw, rb = (
                    ("1", "0") if x < win else ("=", "=") if x < win + cfg.draw_rate else ("0", "1")
                )
            blocks[b.white].append(f"  {b.black:4d} w {rw}")
            blocks[b.black].append(f"  {b.white:4d} b {rb}")
            points[b.white] += value[rw]
            points[b.black] += value[rb]
        if result.bye is not None:
            blocks[result.bye].append("  0000 - U")
            points[result.bye] += value["U"]
    lines = [
        f"012 Generated round-robin {cfg.seed}",
        "042 2026/03/01",
        f"062 {cfg.players}",
        f"142 {draw.rounds}",
        f"192 {cfg.code}",
    ]
    for p in draw.players:
        name = f"Player {p}"
        row = f"001 {p:4d} m    {name:<33} {rating[p]:4d} FID {p:>11} 2000/01/01 {float(points[p]):4.1f} {p:4d}"
        lines.append(row + "".join(blocks[p]))
    return "\n".join(lines) + "\n"
