"""Re-pair the recorded rounds of a tournament with the engine and list the disagreements.

A round agrees when the engine, given rounds 1..r-1 of the file, produces exactly the boards
recorded for round r (the same pairs with the same colours, forfeited games included) and
the same pairing-allocated bye.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trfaudit.engine.dutch.editions import Edition

from dataclasses import dataclass

from trfaudit.trf.model import Tournament
from trfaudit.trf.rounds import read_round


@dataclass
class Disagreement:
    round: int
    message: str

    def __str__(self) -> str:
        return f"round {self.round}: {self.message}"


def recorded_pairing(t: Tournament, rnd: int) -> tuple[set[tuple[int, int]], int | None]:
    """The ``(white, black)`` boards and the PAB recipient recorded for round ``rnd``."""
    rec = read_round(t, rnd)
    return set(rec.boards), rec.bye


def replay(
    t: Tournament, edition: Edition | None = None, rounds: range | None = None
) -> list[Disagreement]:
    """Re-pair each recorded round (or ``rounds``) of ``t``; an empty list means all agree."""
    from trfaudit.engine import NoPairing, pair_round, round_input
    from trfaudit.engine.dutch.editions import EDITIONS

    edition = edition or EDITIONS["2025"]
    out = []
    for rnd in rounds or range(1, t.recorded_rounds() + 1):
        want, want_bye = recorded_pairing(t, rnd)
        try:
            got = pair_round(round_input(t, rnd), edition)
        except NoPairing as exc:
            out.append(Disagreement(rnd, f"the engine finds no pairing ({exc})"))
            continue
        boards = {(b.white, b.black) for b in got.boards}
        if boards != want or got.bye != want_bye:
            parts = []
            if boards - want:
                parts.append(
                    "engine only: " + ", ".join(f"{w}-{b}" for w, b in sorted(boards - want))
                )
            if want - boards:
                parts.append(
                    "file only: " + ", ".join(f"{w}-{b}" for w, b in sorted(want - boards))
                )
            if got.bye != want_bye:
                parts.append(f"bye: engine {got.bye}, file {want_bye}")
            out.append(Disagreement(rnd, "; ".join(parts)))
    return out
