"""Cut-n and Median-n (C.07 14.3, 14.4) with the exception for voluntary unplayed rounds
(16.5), over the per-round elements of BH, FB and SB.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .event import Event, Kind, num


@dataclass(frozen=True)
class Element:
    """One round's addend: the opponent's adjusted score, or the dummy's score (16.4), and the
    own points of that round (SB multiplies them)."""

    round: int
    score: Fraction  # opponent's AS or the dummy's score
    points: Fraction
    vur: bool
    opponent: int | None
    dummy: str = ""  # how the dummy's score was made, empty for a real opponent
    kind: Kind = Kind.OTB

    def describe(self) -> str:
        if self.dummy:
            return f"R{self.round} dummy {num(self.score)} ({self.kind.value}: {self.dummy})"
        return f"R{self.round} {self.opponent}:{num(self.score)}"


def elements(ev: Event, tpn: int, forfeits: bool = False) -> list[Element]:
    """BH/SB elements of ``tpn``: a game (or a forfeit with ``/P``) adds the opponent's
    adjusted score; any other round adds a dummy (16.4).  With predetermined pairings
    (15.2) forfeits are games and a free round adds nothing."""
    out: list[Element] = []
    for g in ev.games[tpn]:
        if ev.counts_as_game(g, forfeits) and g.opponent is not None:
            out.append(
                Element(g.round, ev.adjusted[g.opponent], g.points, False, g.opponent, kind=g.kind)
            )
        elif ev.predetermined:
            continue
        else:
            score, how = ev.dummy(tpn, g)
            out.append(Element(g.round, score, g.points, g.vur, g.opponent, how, g.kind))
    return out


def contribution_bh(e: Element) -> Fraction:
    return e.score


def contribution_sb(e: Element) -> Fraction:
    return e.score * e.points


def cut_low(
    kept: list[Element], n: int, contribution: Callable[[Element], Fraction], sb: bool
) -> list[Element]:
    """Remove the ``n`` least significant elements from ``kept`` (in place); return them.

    14.3: the least significant value (LSV) is the lowest opponent (or dummy) score; for SB,
    among the elements with that score, the lowest contribution (14.3, [TEC] Ex. 13).
    16.5: when VURs remain, the VUR with the lowest contribution is cut if its contribution
    is not below the LSV's; otherwise the LSV is cut ("the higher of the two").
    """
    removed: list[Element] = []
    for _ in range(n):
        if not kept:
            break
        if sb:
            lsv = min(kept, key=lambda e: (e.score, contribution(e), e.round))
        else:
            lsv = min(kept, key=lambda e: (e.score, e.round))
        vurs = [e for e in kept if e.vur]
        choice = lsv
        if vurs:
            v = min(vurs, key=lambda e: (contribution(e), e.round))
            if contribution(v) >= contribution(lsv):
                choice = v
        kept.remove(choice)
        removed.append(choice)
    return removed


def cut_high(kept: list[Element], n: int) -> list[Element]:
    """Median-n's high cut (14.4): the n highest opponent scores; 16.5 has no high exception."""
    removed: list[Element] = []
    for _ in range(n):
        if not kept:
            break
        top = max(kept, key=lambda e: (e.score, -e.round))
        kept.remove(top)
        removed.append(top)
    return removed
