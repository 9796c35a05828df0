"""Team events (C.07 Arts 11-13): the event seen through match points and through game
points, and the tie-breaks that combine the two.

Any tie-break of Arts 6-10 applies to either score (``BH:MP``, ``SB:GP``; the primary score
by default, 11); the extended Sonneborn-Berger (13.1) and SSSC (13.4) combine them.  Board
tie-breaks (BC, TBR, BBE, 12) and EDE (13.3) need board results, which this model does not
hold.  TRF team records (310-330) are not read into it yet: it is built from match results.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from trfaudit.trf.tiebreak_codes import TieBreakCode, parse_code

from .base import TieBreak, Unavailable, Value, half_up_cents
from .buchholz import Buchholz, ForeBuchholz
from .catalogue import make
from .cut import contribution_sb, cut_low, elements
from .event import Event, Kind, Rnd, num
from .texts import TieBreakRules


@dataclass(frozen=True)
class Match:
    """One team's round: the kind (a match, a forfeited match, PAB, HPB, ZPB), the opponent,
    the colour of board 1, and the match and game points it earned."""

    round: int
    kind: Kind
    opponent: int | None
    colour: str | None
    mp: Fraction
    gp: Fraction


class TeamEvent:
    """Two views of one team event: ``mp`` (a win 2, a draw 1 by default) and ``gp`` (a win
    = the number of boards, a draw half of it); 16.3 and 16.4 work in each ("for teams,
    points means MP and GP, each capped with its own D")."""

    def __init__(
        self,
        matches: dict[int, list[Match]],
        rules: TieBreakRules,
        boards: int,
        *,
        primary: str = "MP",
        mp_points: tuple[Fraction, Fraction] = (Fraction(2), Fraction(1)),
    ) -> None:
        self.boards = boards
        self.primary = primary
        self.rounds = len(next(iter(matches.values())))

        def view(which: str) -> dict[int, list[Rnd]]:
            return {
                team: [
                    Rnd(m.round, m.kind, m.opponent, m.colour, m.mp if which == "MP" else m.gp)
                    for m in ms
                ]
                for team, ms in matches.items()
            }

        self.mp = Event(None, rules, games=view("MP"), points=mp_points)
        self.gp = Event(
            None, rules, games=view("GP"), points=(Fraction(boards), Fraction(boards, 2))
        )

    def event(self, score: str | None) -> Event:
        return self.mp if (score or self.primary) == "MP" else self.gp

    def secondary(self) -> str:
        return "GP" if self.primary == "MP" else "MP"

    def value(self, code: TieBreakCode, team: int) -> Value:
        """``code`` for ``team``: an individual tie-break on the score ``:MP``/``:GP`` names
        (the primary by default), or ESB / SSSC."""
        if code.name in ("EMMSB", "EMGSB", "EGMSB", "EGGSB"):
            return ExtendedSonnebornBerger(code).team_value(self, team)
        if code.name == "SSSC":
            return ScoreStrength(code).team_value(self, team)
        plain = parse_code(code.text.replace(f":{code.score}", "")) if code.score else code
        return make(plain).value(self.event(code.score), team)


class ExtendedSonnebornBerger(TieBreak):
    """C.07 13.1 ESB (EMMSB, EMGSB, EGMSB, EGGSB): the sum over rounds of the opponent's
    score in the first-named score (MP or GP; the dummy's in unplayed rounds, 16.4) times the
    team's own score in the second-named one.  ``/Cn`` cuts by the opponent's first-named
    score (14.3, 16.5)."""

    names = ("EMMSB", "EMGSB", "EGMSB", "EGGSB")
    article = "C.07 13.1"
    variants = "CP"

    def value(self, ev: Event, tpn: int) -> Value:
        raise Unavailable(f"{self.code.text}: a team tie-break (needs a TeamEvent)")

    def team_value(self, te: TeamEvent, team: int) -> Value:
        opp, own = te.event(self.code.name[1] + "P"), te.event(self.code.name[2] + "P")
        kept = [
            replace(e, points=own.games[team][e.round - 1].points)
            for e in elements(opp, team, self.code.has("P"))
        ]
        cut = cut_low(kept, self.code.count("C"), contribution_sb, sb=True)
        total = sum((contribution_sb(e) for e in kept), Fraction(0))
        how = " + ".join(f"{e.describe()} x {num(e.points)}" for e in kept)
        return Value(
            total,
            how
            + (f"; cut {', '.join(f'R{e.round}' for e in cut)}" if cut else "")
            + f" = {num(total)}",
        )


class ScoreStrength(TieBreak):
    """C.07 13.4 SSSC: the secondary score plus the Buchholz of the primary score (``/F``:
    Fore Buchholz) divided by N = the highest achievable primary score / the highest
    secondary score of one match, rounded down, or ``/Kx``.  The text gives no rounding:
    2 decimals, half up, as Gacrux (tiebreaks.md 2.5)."""

    names = ("SSSC",)
    article = "C.07 13.4"
    variants = "FPK"

    def value(self, ev: Event, tpn: int) -> Value:
        raise Unavailable(f"{self.code.text}: a team tie-break (needs a TeamEvent)")

    def team_value(self, te: TeamEvent, team: int) -> Value:
        primary, secondary = te.event(te.primary), te.event(te.secondary())
        factor = next((v.number for v in self.code.variants if v.letter == "K"), None)
        if factor is None:
            factor = Fraction((primary.win * te.rounds) // secondary.win)
        forfeits = "/P" if self.code.has("P") else ""
        bh: Buchholz = (
            ForeBuchholz(parse_code("FB" + forfeits))
            if self.code.has("F")
            else Buchholz(parse_code("BH" + forfeits))
        )
        strength = Fraction(bh.value(primary, team).number or 0)
        value = half_up_cents(secondary.score[team] + strength / factor)
        return Value(
            value, f"{num(secondary.score[team])} + {num(strength)} / {num(factor)} = {num(value)}"
        )


class ExtendedDirectEncounter(TieBreak):
    """C.07 13.3 EDE: Direct Encounter (Art. 6) on the primary score; if that separates
    nobody, on the secondary score.  A subset left level by the secondary score stays on it,
    as the TEC exercises and Gacrux do; 13.3.3 read literally restarts at the primary score
    (tiebreaks.md 7, item 9: UNCONFIRMED).  ``/P`` counts forfeited matches."""

    names = ("EDE",)
    article = "C.07 13.3"
    variants = "P"

    def value(self, ev: Event, tpn: int) -> Value:
        raise Unavailable(f"{self.code.text}: a team tie-break (needs a TeamEvent)")

    def team_order(self, te: TeamEvent, group: list[int]) -> list[list[int]]:
        from .direct import DirectEncounter

        de = DirectEncounter(parse_code("DE/P" if self.code.has("P") else "DE"))
        parts = de.order(te.event(te.primary), group, {})
        if len(parts) > 1:
            return [
                p
                for part in parts
                for p in (self.team_order(te, part) if len(part) > 1 else [part])
            ]
        return de.order(te.event(te.secondary()), group, {})
