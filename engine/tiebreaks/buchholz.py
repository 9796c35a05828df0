"""The Buchholz family (C.07 Art. 8) and Sonneborn-Berger (9.1): sums over the opponents'
adjusted scores, dummies for unplayed rounds (16.4), Cut-n/Median-n (14.3/14.4, 16.5)."""

from __future__ import annotations

from fractions import Fraction

from trfaudit.trf.tiebreak_codes import parse_code

from .base import TieBreak, Value, half_up_cents
from .cut import Element, contribution_bh, contribution_sb, cut_high, cut_low, elements
from .event import Event, num


def _explain(
    kept: list[Element], low: list[Element], high: list[Element], total: Fraction, sb: bool
) -> str:
    def part(e: Element) -> str:
        return e.describe() + (f" x {num(e.points)}" if sb else "")

    text = " + ".join(part(e) for e in sorted(kept + low + high, key=lambda e: e.round))
    if low or high:
        text += "; cut " + ", ".join(f"R{e.round}" for e in low + high)
    return f"{text} = {num(total)}"


class Buchholz(TieBreak):
    """C.07 8.1 Buchholz: the sum of the opponents' adjusted scores (16.3), an unplayed round
    counting as a game against a dummy (16.4).  ``/Cn`` cuts the n lowest, ``/Mn`` the n lowest
    and the n highest (14.3/14.4, with 16.5); ``/P`` counts forfeits as games (MTB26)."""

    names = ("BH",)
    article = "C.07 8.1"
    variants = "CMP"

    def event(self, ev: Event) -> Event:
        return ev

    def value(self, ev: Event, tpn: int) -> Value:
        ev = self.event(ev)
        kept = elements(ev, tpn, self.code.has("P"))
        n_low = self.code.count("C") + self.code.count("M")
        low = cut_low(kept, n_low, contribution_bh, sb=False)
        high = cut_high(kept, self.code.count("M"))
        total = sum((e.score for e in kept), Fraction(0))
        return Value(total, _explain(kept, low, high, total, sb=False))


class ForeBuchholz(Buchholz):
    """C.07 8.3 Fore Buchholz: Buchholz after every game paired for the event's final round
    is scored a draw (forfeits included; byes stay), categories and adjusted scores redone."""

    names = ("FB",)
    article = "C.07 8.3"

    def event(self, ev: Event) -> Event:
        return ev.fore_event()


class AverageOfOpponentsBuchholz(TieBreak):
    """C.07 8.2 AOB: the mean of the Buchholz (``/F``: Fore Buchholz) of the opponents met
    over the board; no dummies.  The text gives no rounding: 2 decimals, half up, as the
    TEC exercises and Gacrux (tiebreaks.md 2.1)."""

    names = ("AOB",)
    article = "C.07 8.2"
    variants = "F"

    def value(self, ev: Event, tpn: int) -> Value:
        inner = ForeBuchholz(parse_code("FB")) if self.code.has("F") else Buchholz(parse_code("BH"))
        opps = [
            g.opponent for g in ev.games[tpn] if g.opponent is not None and ev.counts_as_game(g)
        ]
        if not opps:
            return Value(None, "no game over the board")
        vals = {o: inner.cached(ev, o).number for o in opps}
        mean = Fraction(sum(Fraction(v) for v in vals.values() if v is not None), len(opps))
        rounded = half_up_cents(mean)
        parts = " + ".join(f"{o}:{num(v)}" for o, v in vals.items())
        return Value(rounded, f"({parts}) / {len(opps)} = {num(rounded)}")


class SonnebornBerger(TieBreak):
    """C.07 9.1 Sonneborn-Berger: the sum over rounds of the opponent's adjusted score (or
    the dummy's, 16.4) times the own points of that round.  ``/Cn``: 14.3's least significant
    value is the element of the lowest-scoring opponent (lowest contribution among equals),
    with 16.5 ("cut the higher of the two"); ``/P`` counts forfeits as games."""

    names = ("SB",)
    article = "C.07 9.1"
    variants = "CMP"

    def value(self, ev: Event, tpn: int) -> Value:
        kept = elements(ev, tpn, self.code.has("P"))
        n_low = self.code.count("C") + self.code.count("M")
        low = cut_low(kept, n_low, contribution_sb, sb=True)
        high = cut_high(kept, self.code.count("M"))
        total = sum((contribution_sb(e) for e in kept), Fraction(0))
        return Value(total, _explain(kept, low, high, total, sb=True))


class Koya(TieBreak):
    """C.07 9.2 Koya: points scored against the opponents whose final score is at least half
    the maximum possible (a forfeit win counts against a qualifying opponent).  The maximum
    counts the rounds in which a participant could be paired (an odd round robin's free round
    drops out).  ``/L±n`` moves the limit n half-points (tiebreaks.md 2.2)."""

    names = ("KS",)
    article = "C.07 9.2"
    variants = "L"

    def value(self, ev: Event, tpn: int) -> Value:
        limit = self.limit(ev)
        total = Fraction(0)
        parts = []
        for g in ev.games[tpn]:
            if g.opponent is not None and ev.score[g.opponent] >= limit:
                total += g.points
                parts.append(f"R{g.round} {g.opponent}:{num(g.points)}")
        return Value(
            total, f"limit {num(limit)}: " + (" + ".join(parts) or "none") + f" = {num(total)}"
        )

    def limit(self, ev: Event) -> Fraction:
        if ev.predetermined:
            rounds = max(sum(1 for g in rs if g.opponent is not None) for rs in ev.games.values())
        else:
            rounds = ev.rounds
        return ev.win * rounds / 2 + self.code.koya_shift() * Fraction(1, 2)
