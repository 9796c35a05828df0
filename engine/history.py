"""The pairing engine's view of a tournament: what happened before the round to be paired.

The engine never reads TRF itself; :func:`round_input` turns a :class:`trf.model.Tournament`
into a :class:`RoundInput` for one round.  Points are held as integers in *units* (the
smallest fraction of a point the tournament uses, normally a tenth) so that every score
comparison is exact.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import compress, count
from operator import is_not

from trfaudit.trf.model import EntryKind, Player, RoundEntry, Scoring, Tournament
from trfaudit.trf.rounds import PAIRED_KINDS, takes_part

from .acceleration import baku_virtual_points


@dataclass(frozen=True)
class Points:
    """The point values of one tournament, in units (``unit`` units = 1 point)."""

    unit: int
    win: int
    draw: int
    loss: int
    zero_bye: int
    forfeit_loss: int
    forfeit_win: int
    full_bye: int
    half_bye: int
    pab: int

    def show(self, value: int) -> str:
        """A score in units, written as a number of points (``2.5``)."""
        text = str(Fraction(value, self.unit))
        if "/" in text:
            return f"{value / self.unit:g}"
        return f"{text}.0" if self.unit > 1 else text


@dataclass(frozen=True)
class Game:
    """One player's record for one earlier round.

    ``played``: a game that counts (C1, colours).  ``participated``: the player was paired in
    that round (a game, a forfeit, or the pairing-allocated bye).
    """

    round: int
    kind: EntryKind
    opponent: int | None
    colour: str | None  # 'w' / 'b' for played games (and forfeits, as scheduled)
    points: int
    played: bool
    participated: bool


@dataclass
class PlayerRecord:
    tpn: int
    games: list[Game]
    acceleration: dict[int, int] = field(default_factory=dict)  # round -> units

    def score_before(self, rnd: int) -> int:
        """Points scored in rounds 1..rnd-1 (no acceleration)."""
        return sum(g.points for g in self.games if g.round < rnd)


@dataclass
class RoundInput:
    """Everything the engine needs to pair round ``round``."""

    round: int
    total_rounds: int
    points: Points
    players: dict[int, PlayerRecord]  # every registered player, by TPN
    to_pair: list[int]  # TPNs of the players to be paired this round
    rank_order: list[int]  # TPNs in initial-ranking order (normally ascending TPN)
    initial_colour: str | None  # 'w' / 'b' (5.1); None: not known
    forbidden: set[frozenset[int]] = field(default_factory=set)  # organiser-forbidden pairs
    ratings: dict[int, int] = field(default_factory=dict)  # by TPN; 0 = unrated (Dubov ARO)


def _units(values: list[Fraction]) -> int:
    unit = 1
    for v in values:
        unit = math.lcm(unit, Fraction(v).denominator)
    return unit


_PLAYED = {EntryKind.PLAYED}
_PARTICIPATED = PAIRED_KINDS  # a game, a forfeit or the PAB (trf.rounds)


def infer_initial_colour(t: Tournament, rank_order: list[int]) -> str | None:
    """The colour the top player got in the first round with colours (flipped per rank).

    A file that does not state the initial colour (XXC / 152) is read as the reference
    engines read it: the highest-ranked player who took part in the earliest round with a
    colour had the initial colour if odd-ranked among participants, else the other one.
    """
    first = None
    for p in t.players.values():
        # The entries are in round order: a player's first game with a colour is enough.
        for e in p.entries:
            if e.colour in ("w", "b") and e.kind in _PARTICIPATED and e.opponent:
                first = e.round if first is None else min(first, e.round)
                break
    if first is None:
        return None
    position = 0
    for tpn in rank_order:
        p = t.players[tpn]
        took_part = any(e.kind in _PARTICIPATED for e in p.entries[:first])
        if not took_part:
            continue
        entry = p.entries[first - 1] if len(p.entries) >= first else None
        if (
            entry is not None
            and entry.colour in ("w", "b")
            and entry.kind in _PARTICIPATED
            and entry.opponent
        ):
            own = entry.colour
            return own if position % 2 == 0 else ("b" if own == "w" else "w")
        position += 1
    return None


def baku_acceleration(t: Tournament, pts: Points) -> dict[int, dict[int, int]]:
    """Virtual points of the Baku Acceleration Method (:mod:`engine.acceleration`), in units,
    by TPN and round, for a file whose type code (``192 ..._BAKU``) asks for it and which
    states no acceleration of its own (``250``/``XXA`` override the code: TRF-2026 4.4).
    N counts every player in the file (the initial ranking list); the method is the same in
    every edition that has one (2016 on)."""
    code = (t.type_code or "").strip().upper()
    if not code.endswith("_BAKU") or t.accelerations or not t.total_rounds:
        return {}
    ranked = list(t.players) if t.pair_by_rank else sorted(t.players)
    virtual = baku_virtual_points(
        ranked, t.total_rounds, Fraction(pts.win, pts.unit), Fraction(pts.draw, pts.unit)
    )
    return {
        tpn: {r: int(v * pts.unit) for r, v in rounds.items()} for tpn, rounds in virtual.items()
    }


# Games by what they hold (immutable, so shared by every round input that has them: a long
# event's round inputs repeat the earlier rounds' games); kept to a bound.
_GAMES: dict[tuple[int, EntryKind, int | None, str | None, int], Game] = {}
_GAMES_KEPT = 1 << 20

# Each player's entries read so far and their games, by the player, the scoring and its
# unit (_RoundReader.games); the entry holds the player and the scoring, so that their ids
# stay theirs.  A round's players, a few times over for a file's readings.
_PLAYER_GAMES: dict[tuple[int, int, int], tuple[Player, Scoring, list[RoundEntry], list[Game]]] = {}
_PLAYER_GAMES_KEPT = 1 << 14


class _RoundReader:
    """What :func:`round_input` reads of ``t`` for round ``rnd``: the point values in units,
    then player by player their games and whether they are paired in the round."""

    def __init__(self, t: Tournament, rnd: int) -> None:
        self.t, self.rnd = t, rnd
        s = t.scoring
        values = [
            s.win,
            s.draw,
            s.loss,
            s.zero_bye,
            s.forfeit_loss,
            s.forfeit_win,
            s.full_bye,
            s.half_bye,
            s.pab,
        ]
        for acc in t.accelerations.values():
            values.extend(acc.values())
        values.extend(a.points for a in t.abnormal_points if a.points is not None)  # 299
        self.unit = unit = _units(values)
        u = self.u
        self.pts = Points(
            unit,
            u(s.win),
            u(s.draw),
            u(s.loss),
            u(s.zero_bye),
            u(s.forfeit_loss),
            u(s.forfeit_win),
            u(s.full_bye),
            u(s.half_bye),
            u(s.pab),
        )
        self.baku = baku_acceleration(t, self.pts)
        # An entry's points depend on its kind, result and colour only: worked out once each.
        self.scored: dict[tuple[EntryKind, str, str | None], int] = {}
        self.recorded = t.recorded_rounds()

    def u(self, x: Fraction) -> int:
        return int(Fraction(x) * self.unit)

    def points(self, e: RoundEntry, tpn: int) -> int:
        t = self.t
        if t.abnormal_points:  # 299: the value depends on the player and the round too
            return self.u(t.entry_points(tpn, e))
        key = (e.kind, e.result, e.colour)
        got = self.scored.get(key)
        if got is None:
            got = self.scored[key] = self.u(t.scoring.points(e))
        return got

    def game(self, e: RoundEntry, tpn: int) -> Game:
        """The game of entry ``e`` of player ``tpn`` (one object per content, _GAMES)."""
        key = (e.round, e.kind, e.opponent, e.colour, self.points(e, tpn))
        game = _GAMES.get(key)
        if game is None:
            game = _GAMES[key] = Game(
                round=e.round,
                kind=e.kind,
                opponent=e.opponent,
                colour=e.colour if e.colour in ("w", "b") else None,
                points=key[4],
                played=e.kind in _PLAYED,
                participated=e.kind in _PARTICIPATED,
            )
        return game

    def games(self, tpn: int, p: Player) -> list[Game]:
        """The games of the player's entries before the round.  A player's games are kept
        (_PLAYER_GAMES) for the next round's reading, and for the other readings of a file,
        which keep his entries (objects) and the scoring: each entry is read once, however
        many rounds and readings read it; an entry replaced or an entry added is read
        when met.  (With ``299`` points the value depends on the tournament: read anew.)"""
        entries = p.entries[: self.rnd - 1]
        if self.t.abnormal_points:
            return [self.game(e, tpn) for e in entries]
        scoring = self.t.scoring
        key = (id(p), id(scoring), self.unit)
        kept = _PLAYER_GAMES.get(key)
        if kept is None or kept[0] is not p or kept[1] is not scoring:
            if len(_PLAYER_GAMES) >= _PLAYER_GAMES_KEPT:
                del _PLAYER_GAMES[next(iter(_PLAYER_GAMES))]  # the oldest
            kept = _PLAYER_GAMES[key] = (p, scoring, [], [])
        _, _, read, games = kept
        # How many entries are the ones read before (the same objects, in order).
        same = next(compress(count(), map(is_not, entries, read)), min(len(entries), len(read)))
        if same < len(entries):
            del read[same:], games[same:]
            read.extend(entries[same:])
            games.extend(self.game(e, tpn) for e in entries[same:])
        return games[: len(entries)]

    def record(self, tpn: int, p: Player) -> PlayerRecord:
        """The player's games before the round (an absence for each missing block) and
        acceleration."""
        rnd, pts = self.rnd, self.pts
        games = self.games(tpn, p)
        for r in range(len(games) + 1, rnd):  # missing blocks: absent in that round
            games.append(Game(r, EntryKind.ZERO_BYE, None, None, pts.zero_bye, False, False))
        u = self.u
        extra = self.baku.get(tpn) or {
            r: u(v) for r, v in self.t.accelerations.get(tpn, {}).items()
        }
        return PlayerRecord(tpn, games, extra)

    def plays(self, tpn: int, p: Player) -> bool:
        """Does the player take part in the round?"""
        rnd, recorded = self.rnd, self.recorded
        if rnd <= recorded:
            # The recorded round: a game without a result yet (pending) was paired all the same.
            return takes_part(p.entry(rnd))
        announced = self.t.absent_next.get(tpn) if rnd == recorded + 1 else None
        entry = p.entries[rnd - 1] if len(p.entries) >= rnd else None
        if entry is not None and entry.kind not in (EntryKind.NOT_PAIRED,):
            return entry.kind in _PARTICIPATED
        return announced is None


def round_input(t: Tournament, rnd: int) -> RoundInput:
    """The input for pairing round ``rnd`` from rounds 1..rnd-1 of ``t``.

    Players whose round-``rnd`` entry (or next-round announcement) says they do not play
    (half/full/zero-point bye, absence) are not paired.
    """
    reader = _RoundReader(t, rnd)
    if len(_GAMES) > _GAMES_KEPT:
        _GAMES.clear()
    players: dict[int, PlayerRecord] = {}
    to_pair: list[int] = []
    for tpn, p in t.players.items():
        players[tpn] = reader.record(tpn, p)
        if reader.plays(tpn, p):
            to_pair.append(tpn)
    rank_order = list(t.players) if t.pair_by_rank else sorted(t.players)
    colour = t.initial_colour or infer_initial_colour(t, rank_order)
    forbidden = set()
    for group, first, last in t.forbidden_pairs:
        if first <= rnd <= last:
            members = sorted(group)
            for i, a in enumerate(members):
                for b in members[i + 1 :]:
                    forbidden.add(frozenset((a, b)))
    total = t.total_rounds or max(reader.recorded, rnd)
    return RoundInput(
        rnd,
        total,
        reader.pts,
        players,
        to_pair,
        rank_order,
        colour.lower() if colour else None,
        forbidden,
        {tpn: p.rating for tpn, p in t.players.items()},
    )


def reread_input(inp: RoundInput, t: Tournament, tpn: int) -> RoundInput:
    """:func:`round_input` of round ``inp.round`` for ``t``, a tournament that differs from
    the one ``inp`` was read from in the entries of player ``tpn`` alone (another reading of
    one of his byes): his record and whether he plays are read anew, and the initial colour
    when the file leaves it to be inferred (his entry may be the one that decides it)."""
    reader = _RoundReader(t, inp.round)
    p = t.players[tpn]
    players = dict(inp.players)
    players[tpn] = reader.record(tpn, p)
    to_pair = inp.to_pair
    if (tpn in to_pair) != reader.plays(tpn, p):
        paired = set(to_pair) ^ {tpn}
        to_pair = [x for x in t.players if x in paired]  # file order, as round_input has it
    colour = t.initial_colour or infer_initial_colour(t, inp.rank_order)
    return dataclasses.replace(
        inp,
        players=players,
        to_pair=list(to_pair),
        initial_colour=colour.lower() if colour else None,
    )


def players_to_pair(t: Tournament, rnd: int) -> RoundInput:
    """:func:`round_input` for round ``rnd``; ``ValueError`` when nobody is to be paired (every
    player absent or holding a bye: an empty pairing is no answer)."""
    inp = round_input(t, rnd)
    if not inp.to_pair:
        raise ValueError(
            f"round {rnd}: no player to pair: all {len(inp.players)} players are "
            f"absent or hold a bye in round {rnd}"
        )
    return inp
