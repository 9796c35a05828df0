"""What C.04.4.1 (2026) reads of each player before a round: Art. 1.6-1.8 and [C2].

Every figure comes from the rounds before the one to be paired (:class:`RoundInput`);
scores include virtual points of an acceleration (C.04.7), since the text pairs by score.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal

from trfaudit.trf.model import EntryKind

from ..history import RoundInput

Colour = Literal["w", "b"]


class Strength(enum.IntEnum):
    """The strength of a colour preference (Art. 1.6.1-1.6.3)."""

    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


def flip(c: Colour) -> Colour:
    return "b" if c == "w" else "w"


@dataclass(frozen=True)
class DubovPlayer:
    """One player to be paired, as the Dubov text sees them.

    ``rank`` is the 1-based place in the initial order (the TPN unless the file pairs by
    rank); ``score`` counts acceleration, ``raw_score`` does not (board order only);
    ``colours`` the colours of the games actually played, oldest first.
    """

    tpn: int
    rank: int
    rating: int
    score: int
    raw_score: int
    colours: tuple[Colour, ...]
    opponents: frozenset[int]
    side: Colour
    strength: Strength
    aro: int
    upfloats: int
    upfloated_last: bool
    bye_eligible: bool

    @property
    def played(self) -> int:
        """Games played over the board (Art. 3.1.4)."""
        return len(self.colours)

    @property
    def absolute(self) -> bool:
        return self.strength is Strength.ABSOLUTE

    @property
    def white_seeker(self) -> bool:
        """Art. 3.2.3: a player whose colour preference is for White."""
        return self.side == "w"


def preference(colours: tuple[Colour, ...]) -> tuple[Colour, Strength]:
    """The colour preference of a player who played ``colours`` (Art. 1.6).

    1.6.1 absolute: colour difference beyond +-1, or the same colour in the two latest games
    played; 1.6.2 strong: difference +-1; 1.6.3 mild: difference 0, alternating with the last
    game; 1.6.4 nobody played yet: mild for Black.

    >>> preference(("w", "w"))
    ('b', <Strength.ABSOLUTE: 3>)
    >>> preference(())
    ('b', <Strength.MILD: 1>)
    """
    if not colours:
        return "b", Strength.MILD
    diff = colours.count("w") - colours.count("b")
    double = len(colours) >= 2 and colours[-1] == colours[-2]
    if diff > 1:
        return "b", Strength.ABSOLUTE
    if diff < -1:
        return "w", Strength.ABSOLUTE
    if double:
        # Art. 1.6.1 names both causes; with |difference| <= 1 only the last two games speak.
        return flip(colours[-1]), Strength.ABSOLUTE
    if diff == 1:
        return "b", Strength.STRONG
    if diff == -1:
        return "w", Strength.STRONG
    return flip(colours[-1]), Strength.MILD


def aro(opponent_ratings: list[int]) -> int:
    """Art. 1.7.1: the mean rating of the opponents met over the board, rounded to the
    nearest integer (0.5 upwards); Art. 1.7.3: 0 before the first game.  An unrated
    opponent counts with the rating the file gives (0 when blank; Art. 1.1.2 asks the
    arbiter to assign one).

    >>> aro([2000, 2001])
    2001
    >>> aro([])
    0
    """
    if not opponent_ratings:
        return 0
    total, n = sum(opponent_ratings), len(opponent_ratings)
    return (2 * total + n) // (2 * n)


def max_upfloats(total_rounds: int) -> int:
    """Art. 1.8.2: MaxT = 2 + floor(Rnds / 5).

    >>> max_upfloats(9), max_upfloats(10)
    (3, 4)
    """
    return 2 + total_rounds // 5


def read_players(inp: RoundInput) -> dict[int, DubovPlayer]:
    """Every player to be paired in ``inp.round``, by TPN."""
    rnd = inp.round
    rank = {tpn: i + 1 for i, tpn in enumerate(inp.rank_order)}
    for tpn in inp.players:
        rank.setdefault(tpn, len(rank) + 1)

    def score_at(tpn: int, r: int) -> int:
        """Score before round ``r``, with the virtual points of round ``r``."""
        rec = inp.players[tpn]
        return rec.score_before(r) + rec.acceleration.get(r, 0)

    out: dict[int, DubovPlayer] = {}
    for tpn in inp.to_pair:
        rec = inp.players[tpn]
        games = [g for g in rec.games if g.round < rnd]
        played = [g for g in games if g.played and g.opponent is not None]
        colours: tuple[Colour, ...] = tuple("w" if g.colour == "w" else "b" for g in played)
        side, strength = preference(colours)
        upfloats = 0
        last = False
        for g in games:
            up = False
            if g.played and g.opponent is not None and g.opponent in inp.players:
                up = score_at(g.opponent, g.round) > score_at(tpn, g.round)
            upfloats += up
            if g.round == rnd - 1:
                last = up
        win = inp.points.win
        eligible = not any(
            g.kind is EntryKind.PAB or (not g.played and g.points >= win and g.points > 0)
            for g in games
        )
        out[tpn] = DubovPlayer(
            tpn=tpn,
            rank=rank[tpn],
            rating=inp.ratings.get(tpn, 0),
            score=score_at(tpn, rnd),
            raw_score=rec.score_before(rnd),
            colours=colours,
            opponents=frozenset(g.opponent for g in played if g.opponent is not None),
            side=side,
            strength=strength,
            aro=aro([inp.ratings.get(g.opponent, 0) for g in played if g.opponent is not None]),
            upfloats=upfloats,
            upfloated_last=last,
            bye_eligible=eligible,
        )
    return out
