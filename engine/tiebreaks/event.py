"""The event as the tie-break regulations see it (C.07 Arts 15 and 16).

Every round of every participant becomes a :class:`Rnd` of one :class:`Kind`; an
:class:`Event` holds the final (or after-round-N) scores, the adjusted scores of 16.3, the
dummy opponents of 16.4 and the Fore Buchholz variant of the event (8.3).  Tie-breaks read
only this module's objects.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, replace
from fractions import Fraction

from trfaudit.trf.model import DRAW_RESULTS, WIN_RESULTS, EntryKind, Tournament

from .texts import TieBreakRules


class Kind(enum.Enum):
    """What a round was for a participant (tiebreaks.md 2.0)."""

    OTB = "game"  # played over the board (TRF 1 = 0, and W D L)
    FW = "forfeit win"  # 16.2.2
    FL = "forfeit loss"  # 16.2.4 (both sides of a double forfeit)
    PAB = "PAB"  # 16.2.1
    FPB = "FPB"  # 16.2.1
    HPB = "HPB"  # requested bye, 16.2.3 / 16.2.5
    ZPB = "ZPB"  # requested bye (also every round after a withdrawal, and unpaired rounds)


_KINDS = {
    EntryKind.PLAYED: Kind.OTB,
    EntryKind.FORFEIT_WIN: Kind.FW,
    EntryKind.FORFEIT_LOSS: Kind.FL,
    EntryKind.PAB: Kind.PAB,
    EntryKind.FULL_BYE: Kind.FPB,
    EntryKind.HALF_BYE: Kind.HPB,
    EntryKind.ZERO_BYE: Kind.ZPB,
    EntryKind.NOT_PAIRED: Kind.ZPB,
}


@dataclass(frozen=True)
class Rnd:
    """One participant's round: kind, scheduled opponent, colour, points awarded, and for a
    game its result on the 1-1/2-0 scale (rating formulas use it whatever the point system)."""

    round: int
    kind: Kind
    opponent: int | None
    colour: str | None
    points: Fraction
    result: Fraction | None = None

    @property
    def vur(self) -> bool:
        """C.07 16.1: a voluntary unplayed round is a requested bye or a forfeit loss."""
        return self.kind in (Kind.FL, Kind.HPB, Kind.ZPB)

    @property
    def requested_bye(self) -> bool:
        return self.kind in (Kind.HPB, Kind.ZPB)

    @property
    def forfeit(self) -> bool:
        return self.kind in (Kind.FW, Kind.FL) and self.opponent is not None


def _rounds_of(t: Tournament, tpn: int, last: int) -> list[Rnd]:
    out: list[Rnd] = []
    player = t.players[tpn]
    for r in range(1, last + 1):
        entry = player.entry(r)
        if entry is None:
            out.append(Rnd(r, Kind.ZPB, None, None, Fraction(0)))
            continue
        kind = _KINDS[entry.kind]
        if entry.kind is EntryKind.NOT_PAIRED:
            # not paired (late entry, withdrawal) counts as a ZPB; a pending game scores 0
            out.append(Rnd(r, Kind.ZPB, None, None, Fraction(0)))
            continue
        result = None
        if kind is Kind.OTB:
            ch = entry.result.upper()
            result = (
                Fraction(1)
                if ch in WIN_RESULTS
                else Fraction(1, 2)
                if ch in DRAW_RESULTS
                else Fraction(0)
            )
        opponent = entry.opponent if kind in (Kind.OTB, Kind.FW, Kind.FL) else None
        out.append(Rnd(r, kind, opponent, entry.colour, t.scoring.points(entry), result))
    return out


_RR_TEXT = re.compile(
    r"round[\s_-]*robin|berger|all[\s-]*play|rundenturnier|scheveningen|"
    r"schiller",
    re.IGNORECASE,
)


def is_predetermined(t: Tournament, last: int) -> bool:
    """C.07 15.2: pairings fixed in advance (round robins and similar): from the 192 code
    (ETT26 ``*ROUNDROBIN*``, Scheveningen, Schiller), the 092 text, or a field in which every
    pair of participants was scheduled to meet (a Swiss pairs no such field)."""
    code = (t.type_code or "").upper()
    if "ROUNDROBIN" in code or "SCHEVENINGEN" in code or "SCHILLER" in code:
        return True
    if code:
        return False
    if t.tournament_type and _RR_TEXT.search(t.tournament_type):
        return True
    players = list(t.players)
    if len(players) < 3 or last == 0:
        return False
    met: dict[int, set[int]] = {p: set() for p in players}
    for p in players:
        for e in t.players[p].entries[:last]:
            if e.opponent is not None:
                met[p].add(e.opponent)
    return all(len(met[p]) == len(players) - 1 for p in players)


class Event:
    """The participants' rounds 1..``rounds`` and what Art. 16 derives from them.

    ``final_round`` is the event's last round (142/XXR, else the last recorded): Fore
    Buchholz changes that round only (8.3).  ``fore=True`` builds the Fore variant: every
    game paired for the final round is scored a draw (forfeits included); byes stay.
    """

    def __init__(
        self,
        t: Tournament | None,
        rules: TieBreakRules,
        rounds: int | None = None,
        *,
        predetermined: bool | None = None,
        unrated_rating: int | None = None,
        fore: bool = False,
        _base: "Event | None" = None,
        games: dict[int, list[Rnd]] | None = None,
        points: tuple[Fraction, Fraction] | None = None,
    ) -> None:
        """From a tournament ``t``; or, with ``t`` None, from ready-made ``games`` and the
        ``points`` (win, draw) they are scored in (a team event's match or game points)."""
        self.t = t
        self.rules = rules
        self.unrated_rating = unrated_rating
        self.fore = fore
        if t is None:
            assert games is not None and points is not None
            self.rounds = len(next(iter(games.values()))) if rounds is None else rounds
            self.final_round = self.rounds
            self.win, self.draw = points
            self.predetermined = bool(predetermined)
        else:
            self.rounds = t.recorded_rounds() if rounds is None else rounds
            self.final_round = max(t.total_rounds or 0, t.recorded_rounds())
            self.win, self.draw = t.scoring.win, t.scoring.draw
            self.predetermined = (
                is_predetermined(t, self.rounds) if predetermined is None else predetermined
            )
        self.games: dict[int, list[Rnd]]
        if _base is not None:
            self.games = {tpn: [self._fore_round(g) for g in rs] for tpn, rs in _base.games.items()}
        elif t is None:
            self.games = dict(games or {})
        else:
            self.games = {tpn: _rounds_of(t, tpn, self.rounds) for tpn in t.players}
        self.score = {
            tpn: sum((g.points for g in rs), Fraction(0)) for tpn, rs in self.games.items()
        }
        self.category = {tpn: self._categories(rs) for tpn, rs in self.games.items()}
        self.adjusted = {tpn: self._adjusted(tpn) for tpn in self.games}
        self._fore: Event | None = None
        # values already computed on this event, by (code, participant): AOB, APRO and APPO
        # read their opponents' values
        self.memo: dict[tuple[str, int], object] = {}

    # -- Fore Buchholz (8.3) -------------------------------------------------------------------
    def _fore_round(self, g: Rnd) -> Rnd:
        if g.round != self.final_round or g.opponent is None:
            return g  # pre-announced byes stay as they are
        return replace(g, kind=Kind.OTB, points=self.draw, result=Fraction(1, 2))

    def fore_event(self) -> "Event":
        """The event with the final round's paired games made draws (C.07 8.3).  When the
        final round is not among the rounds counted, FB equals BH (tiebreaks.md 2.3)."""
        if self.fore or self.final_round > self.rounds:
            return self
        if self._fore is None:
            self._fore = Event(
                self.t,
                self.rules,
                self.rounds,
                predetermined=self.predetermined,
                unrated_rating=self.unrated_rating,
                fore=True,
                _base=self,
                games=self.games,
                points=(self.win, self.draw),
            )
        return self._fore

    # -- Art. 16 -------------------------------------------------------------------------------
    def _categories(self, rs: list[Rnd]) -> list[str | None]:
        """C.07 16.2 category of each unplayed round (None for a game)."""
        out: list[str | None] = []
        for i, g in enumerate(rs):
            if g.kind is Kind.OTB:
                out.append(None)
            elif g.kind in (Kind.PAB, Kind.FPB):
                out.append("16.2.1")
            elif g.kind is Kind.FW:
                out.append("16.2.2")
            elif g.kind is Kind.FL:
                out.append("16.2.4")
            elif any(not later.vur for later in rs[i + 1 :]):
                out.append("16.2.3")
            else:
                out.append("16.2.5")
        return out

    def _adjusted(self, tpn: int) -> Fraction:
        """C.07 16.3: the score as an opponent sees it: every 16.2.5 round counts as a draw.
        With predetermined pairings Art. 16 does not apply (15.2)."""
        if self.predetermined:
            return self.score[tpn]
        total = Fraction(0)
        for g, cat in zip(self.games[tpn], self.category[tpn]):
            total += self.draw if cat == "16.2.5" else g.points
        return total

    def dummy(self, tpn: int, g: Rnd) -> tuple[Fraction, str]:
        """C.07 16.4: the dummy opponent's score for an own unplayed round, and how it is made
        up.  2024: the participant's own final score; 2026: not above the scheduled opponent's
        adjusted score (forfeits) or D x R (other unplayed rounds)."""
        own = self.score[tpn]
        what = "Fore-adjusted own score" if self.fore else "own score"
        if not self.rules.dummy_caps:
            return own, f"{what} {num(own)}"
        if g.forfeit and g.opponent is not None:
            cap = self.adjusted[g.opponent]
            why = f"opponent {g.opponent}'s adjusted score {num(cap)}"
        else:
            cap = self.draw * self.rounds
            why = f"D x R = {num(cap)}"
        if own <= cap:
            return own, f"{what} {num(own)} (cap {why})"
        return cap, f"capped at {why} (own {num(own)})"

    # -- helpers -------------------------------------------------------------------------------
    def rating(self, tpn: int) -> int | None:
        """The rating used by Art. 10; an unrated participant has the rating the event's rules
        give them (``unrated_rating``), else None."""
        r = self.t.players[tpn].rating if self.t is not None else 0
        return r if r else self.unrated_rating

    def any_unrated(self) -> bool:
        return self.t is not None and any(not p.rating for p in self.t.players.values())

    def counts_as_game(self, g: Rnd, forfeits: bool = False) -> bool:
        """A round whose opponent counts as met: a game, or a forfeit when forfeits count
        (``/P``, or predetermined pairings under 15.2)."""
        if g.kind is Kind.OTB:
            return True
        return g.forfeit and (forfeits or self.predetermined)


def num(x: Fraction | int | None) -> str:
    """A value as reports show it: ``3``, ``2.5``, ``12.25``, ``1/3``."""
    if x is None:
        return "-"
    if isinstance(x, int):
        return str(x)
    if x.denominator == 1:
        return str(x.numerator)
    for places in (1, 2, 3, 4):
        scaled = x * 10**places
        if scaled.denominator == 1:
            return f"{float(x):.{places}f}"
    return f"{x.numerator}/{x.denominator}"
