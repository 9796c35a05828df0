"""Tie-breaks from ratings (C.07 Art. 10) with the FIDE rating tables (B.02 8.1).

Only games played over the board count; with predetermined pairings the 2024 text counts
forfeits as regular games (15.2), the 2026 text does not.  Participants without a rating make
these tie-breaks unusable unless the event's rules say how they count (Art. 10).
"""

from __future__ import annotations

from fractions import Fraction

from .base import TieBreak, Unavailable, Value, half_up, half_up_cents
from .event import Event, Kind, Rnd, num

#: B.02 8.1 a: dp for p = 0.50 .. 1.00 (in hundredths); dp(p) = -dp(1 - p) below 0.50.
_DP = [
    0,
    7,
    14,
    21,
    29,
    36,
    43,
    50,
    57,
    65,
    72,
    80,
    87,
    95,
    102,
    110,
    117,
    125,
    133,
    141,
    149,
    158,
    166,
    175,
    184,
    193,
    202,
    211,
    220,
    230,
    240,
    251,
    262,
    273,
    284,
    296,
    309,
    322,
    336,
    351,
    366,
    383,
    401,
    422,
    444,
    470,
    501,
    538,
    589,
    677,
    800,
]
#: B.02 8.1 b: the upper end of each rating-difference band, PD = 0.50, 0.51, ... 0.99; 1.00
#: above 735 (the full table: no 400-point cut for performance ratings).
_PD_BANDS = [
    3,
    10,
    17,
    25,
    32,
    39,
    46,
    53,
    61,
    68,
    76,
    83,
    91,
    98,
    106,
    113,
    121,
    129,
    137,
    145,
    153,
    162,
    170,
    179,
    188,
    197,
    206,
    215,
    225,
    235,
    245,
    256,
    267,
    278,
    290,
    302,
    315,
    328,
    344,
    357,
    374,
    391,
    411,
    432,
    456,
    484,
    517,
    559,
    619,
    735,
]


def dp(p: Fraction) -> int:
    """B.02 8.1 a, for p rounded to hundredths (C.07 10.2)."""
    cents = int(p * 100)
    return _DP[cents - 50] if cents >= 50 else -_DP[50 - cents]


def pd(diff: int) -> Fraction:
    """B.02 8.1 b: expected score for a rating difference own - opponent."""
    if diff < 0:
        return 1 - pd(-diff)
    for i, top in enumerate(_PD_BANDS):
        if diff <= top:
            return Fraction(50 + i, 100)
    return Fraction(1)


def rated_games(ev: Event, tpn: int) -> list[Rnd]:
    """The rounds Art. 10 counts: games over the board (and, for predetermined pairings under
    the 2024 text, forfeits: 15.2)."""
    forfeits = ev.predetermined and not ev.rules.forfeits_unrated_in_rr
    return [
        g
        for g in ev.games[tpn]
        if g.opponent is not None and (g.kind is Kind.OTB or (forfeits and g.forfeit))
    ]


def _result(g: Rnd) -> Fraction:
    if g.result is not None:
        return g.result
    return Fraction(1) if g.kind is Kind.FW else Fraction(0)


class RatingTieBreak(TieBreak):
    uses_rating = True

    def ratings(self, ev: Event, tpn: int) -> list[tuple[Rnd, int]]:
        out = []
        for g in rated_games(ev, tpn):
            r = ev.rating(g.opponent) if g.opponent is not None else None
            if r is None:
                raise Unavailable(f"{self.code.text}: opponent {g.opponent} is unrated")
            out.append((g, r))
        return out


class AverageRatingOfOpponents(RatingTieBreak):
    """C.07 10.1 ARO: the mean rating of the opponents met over the board, rounded half up;
    ``/Cn`` / ``/Mn`` cut the lowest (and highest) ratings (14.3/14.4).  After cutting every
    game the value is undefined (tiebreaks.md 2.2: no definite rule; ranked last)."""

    names = ("ARO",)
    article = "C.07 10.1"
    variants = "CM"

    def value(self, ev: Event, tpn: int) -> Value:
        ratings = sorted(r for _, r in self.ratings(ev, tpn))
        low, high = self.code.count("C") + self.code.count("M"), self.code.count("M")
        kept = ratings[low : len(ratings) - high] if len(ratings) > low + high else []
        if not kept:
            return Value(None, f"no rating left ({len(ratings)} game(s))")
        value = half_up(Fraction(sum(kept), len(kept)))
        return Value(value, f"({' + '.join(map(str, kept))}) / {len(kept)} = {value}")


class PerformanceRating(RatingTieBreak):
    """C.07 10.2 TPR: ARO + dp(p), p = points over the board / games, p rounded half up to
    hundredths (1.5/4 = 0.375 -> 0.38)."""

    names = ("TPR",)
    article = "C.07 10.2"

    def value(self, ev: Event, tpn: int) -> Value:
        games = self.ratings(ev, tpn)
        if not games:
            return Value(None, "no game over the board")
        aro = half_up(Fraction(sum(r for _, r in games), len(games)))
        points = sum((_result(g) for g, _ in games), Fraction(0))
        p = half_up_cents(points / len(games))
        value = aro + dp(p)
        return Value(
            value, f"ARO {aro} + dp({num(points)}/{len(games)} = {num(p)}) {dp(p):+d} = {value}"
        )


class PerfectPerformance(RatingTieBreak):
    """C.07 10.3 PTP: the lowest integer rating whose expected score (full B.02 8.1 b table)
    against the opponents met over the board reaches the points scored over the board; with
    no points, the lowest opponent rating - 800."""

    names = ("PTP",)
    article = "C.07 10.3"

    def value(self, ev: Event, tpn: int) -> Value:
        games = self.ratings(ev, tpn)
        if not games:
            return Value(None, "no game over the board")
        ratings = [r for _, r in games]
        points = sum((_result(g) for g, _ in games), Fraction(0))
        if points == 0:
            value = min(ratings) - 800
            return Value(value, f"no points: lowest opponent {min(ratings)} - 800 = {value}")
        lo, hi = min(ratings) - 800, max(ratings) + 800  # expected 0 .. len(games)
        while lo < hi:  # the expected score grows with the rating
            mid = (lo + hi) // 2
            if sum((pd(mid - r) for r in ratings), Fraction(0)) >= points:
                hi = mid
            else:
                lo = mid + 1
        return Value(
            lo,
            f"lowest rating expecting {num(points)} against {', '.join(map(str, ratings))} = {lo}",
        )


class _OpponentsMean(RatingTieBreak):
    inner: type[RatingTieBreak]

    def value(self, ev: Event, tpn: int) -> Value:
        from trfaudit.trf.tiebreak_codes import parse_code

        inner = self.inner(parse_code(self.inner.names[0]))
        games = self.ratings(ev, tpn)
        if not games:
            return Value(None, "no game over the board")
        vals = {
            g.opponent: inner.cached(ev, g.opponent).number
            for g, _ in games
            if g.opponent is not None
        }
        known = [Fraction(v) for v in vals.values() if v is not None]
        if not known:
            return Value(None, "no opponent value")
        value = half_up(sum(known, Fraction(0)) / len(known))
        parts = " + ".join(f"{o}:{num(v)}" for o, v in vals.items())
        return Value(value, f"({parts}) / {len(known)} = {value}")


class AveragePerformanceOfOpponents(_OpponentsMean):
    """C.07 10.4 APRO: the mean TPR of the opponents met over the board, rounded half up."""

    names = ("APRO",)
    article = "C.07 10.4"
    inner = PerformanceRating


class AveragePerfectPerformanceOfOpponents(_OpponentsMean):
    """C.07 10.5 APPO: the mean PTP of the opponents met over the board, rounded half up."""

    names = ("APPO",)
    article = "C.07 10.5"
    inner = PerfectPerformance


class Rating(RatingTieBreak):
    """C.07 2026 10.6 RTNG: the participant's rating, higher first; ``/R`` reverses."""

    names = ("RTNG",)
    article = "C.07 10.6"
    variants = "R"

    @property
    def higher_is_better(self) -> bool:  # type: ignore[override]
        return not self.code.has("R")

    def value(self, ev: Event, tpn: int) -> Value:
        r = ev.rating(tpn)
        if r is None:
            raise Unavailable(f"{self.code.text}: participant {tpn} is unrated")
        return Value(r, f"rating {r}")
