"""Tie-breaks from the participant's own results and data (C.07 Art. 7, Type B)."""

from __future__ import annotations

from fractions import Fraction

from .base import TieBreak, Value
from .event import Event, Kind, Rnd, num


class Wins(TieBreak):
    """C.07 7.1 WIN: the number of rounds in which the participant obtained at least a
    win's points, whether or not a game was played (wins, forfeit wins, PAB, FPB)."""

    names = ("WIN",)
    article = "C.07 7.1"

    def value(self, ev: Event, tpn: int) -> Value:
        rounds = [g.round for g in ev.games[tpn] if g.points >= ev.win]
        return Value(len(rounds), "rounds " + (", ".join(map(str, rounds)) or "none"))


class GamesWon(TieBreak):
    """C.07 7.2 WON: games won over the board (a forfeit win never counts)."""

    names = ("WON",)
    article = "C.07 7.2"

    def value(self, ev: Event, tpn: int) -> Value:
        rounds = [g.round for g in ev.games[tpn] if g.kind is Kind.OTB and g.result == 1]
        return Value(len(rounds), "rounds " + (", ".join(map(str, rounds)) or "none"))


class BlackGames(TieBreak):
    """C.07 7.3 BPG: games played over the board with Black."""

    names = ("BPG",)
    article = "C.07 7.3"

    def value(self, ev: Event, tpn: int) -> Value:
        rounds = [g.round for g in ev.games[tpn] if g.kind is Kind.OTB and g.colour == "b"]
        return Value(len(rounds), "rounds " + (", ".join(map(str, rounds)) or "none"))


class BlackWins(TieBreak):
    """C.07 7.4 BWG: games won over the board with Black."""

    names = ("BWG",)
    article = "C.07 7.4"

    def value(self, ev: Event, tpn: int) -> Value:
        rounds = [
            g.round
            for g in ev.games[tpn]
            if g.kind is Kind.OTB and g.colour == "b" and g.result == 1
        ]
        return Value(len(rounds), "rounds " + (", ".join(map(str, rounds)) or "none"))


class ProgressiveScore(TieBreak):
    """C.07 7.5 PS: the sum of the scores after each round; ``/Cn`` drops the scores after
    rounds 1..n (14.3: the least significant values)."""

    names = ("PS",)
    article = "C.07 7.5"
    variants = "C"

    def value(self, ev: Event, tpn: int) -> Value:
        running, steps = Fraction(0), []
        for g in ev.games[tpn]:
            running += g.points
            steps.append(running)
        kept = steps[self.code.count("C") :]
        total = sum(kept, Fraction(0))
        return Value(total, " + ".join(num(s) for s in kept) + f" = {num(total)}")


class RoundsElectedToPlay(TieBreak):
    """C.07 7.6 REP (GE before 2026): the rounds minus the requested byes (HPB, ZPB) and the
    forfeit losses.  With predetermined pairings a forfeit loss is a regular game under the
    2024 text (15.2) and an unplayed round for Type B under the 2026 text."""

    names = ("REP", "GE")
    article = "C.07 7.6"

    def value(self, ev: Event, tpn: int) -> Value:
        def unplayed(g: Rnd) -> bool:
            if g.kind is Kind.FL and ev.predetermined:
                return ev.rules.forfeit_losses_unplayed_type_b_rr
            return g.vur

        missed = [g.round for g in ev.games[tpn] if unplayed(g)]
        value = ev.rounds - len(missed)
        return Value(
            value,
            f"{ev.rounds} rounds - {len(missed)} not elected "
            f"({', '.join(map(str, missed)) or 'none'})",
        )


class Standard(TieBreak):
    """C.07 2026 7.7 STD: per round 1 if the own points exceed the scheduled opponent's, 1/2
    if equal; in an unpaired round 1 above a draw's points, 1/2 at a draw's.  (Gacrux
    compares every round with a draw; the text's reading gives 1/2 for a double forfeit.)"""

    names = ("STD",)
    article = "C.07 7.7"

    def value(self, ev: Event, tpn: int) -> Value:
        total = Fraction(0)
        for g in ev.games[tpn]:
            other = ev.draw
            if g.opponent is not None and g.opponent in ev.games:
                other = ev.games[g.opponent][g.round - 1].points
            total += 1 if g.points > other else Fraction(1, 2) if g.points == other else 0
        return Value(total, f"{num(total)}")


class PairingNumber(TieBreak):
    """C.07 2026 7.8 TPN: the final pairing number, lower first; ``/R`` reverses."""

    names = ("TPN",)
    article = "C.07 7.8"
    variants = "R"
    uses_tpn = True

    @property
    def higher_is_better(self) -> bool:  # type: ignore[override]
        return self.code.has("R")

    def value(self, ev: Event, tpn: int) -> Value:
        return Value(tpn, f"pairing number {tpn}")


class Points(TieBreak):
    """The score itself (``PTS`` of TRF-2026 212; C.07 1: participants are ranked by score
    first, then by the tie-breaks)."""

    names = ("PTS",)
    article = "C.07 1"

    def value(self, ev: Event, tpn: int) -> Value:
        return Value(ev.score[tpn], f"{num(ev.score[tpn])} points")
