"""Per-player facts the Dutch rules look at when a round is paired (C.04.3 Art. 1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal, cast

from trfaudit.trf.model import EntryKind

from ..history import Game, PlayerRecord, Points, RoundInput

if TYPE_CHECKING:
    from .editions import Edition

#: A colour as the TRF writes it (white, black).
Colour = Literal["w", "b"]
#: A float (Art. 1.4): down to a lower score, or up to a higher one.
Float = Literal["down", "up"]
WHITE: Final = "w"
BLACK: Final = "b"
DOWN: Final = "down"
UP: Final = "up"


def other(colour: Colour | None) -> Colour | None:
    """The other colour (anything else: None)."""
    if colour == WHITE:
        return BLACK
    return WHITE if colour == BLACK else None


@dataclass
class PlayerState:
    tpn: int
    rank: int  # effective pairing number, 0-based (5.2.5 parity, 1.2 tie-break)
    score: int  # pairing score (with acceleration) in units
    games: list[Game]
    played: int = 0  # games actually played
    imbalance: int = 0  # |whites - blacks| over played games (1.6)
    preference: Colour | None = None  # 1.7
    repeated: Colour | None = None  # colour of the last two played games, when equal
    strong: bool = False
    colours: list[Colour] = field(default_factory=list)  # played-game colours, oldest first
    floats: dict[int, Float | None] = field(default_factory=dict)  # rounds back -> DOWN/UP/None
    bye_eligible: bool = True
    topscorer: bool = False
    opponents: set[int] = field(default_factory=set)

    @property
    def absolute(self) -> bool:
        """1.7.1: |CD| > 1 or the same colour in the two latest played games."""
        return self.imbalance > 1 or self.repeated is not None

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    def describe_preference(self) -> str:
        if self.preference is None:
            return "-"
        letter = self.preference.upper()
        if self.absolute:
            return letter + "!"
        if self.strong:
            return letter
        return letter.lower()


def colour_data(p: PlayerState) -> None:
    """Colour difference and preference from the played games (1.6, 1.7)."""
    # A played game's colour is w or b (trf.rounds).
    colours = cast(list[Colour], [g.colour for g in p.games if g.played and g.colour is not None])
    p.colours.extend(colours)
    whites = colours.count(WHITE)
    blacks = len(colours) - whites
    last: Colour | None = colours[-1] if colours else None
    run = 0  # the latest colours alike
    for colour in reversed(colours):
        if colour != last:
            break
        run += 1
    p.played = whites + blacks
    lower: Colour = BLACK if whites > blacks else WHITE
    p.imbalance = abs(whites - blacks)
    if p.imbalance > 1:
        p.preference = lower
    elif run > 1:
        p.preference = other(last)
    elif p.imbalance > 0:
        p.preference = lower
    elif run:
        p.preference = other(last)
    p.repeated = last if run > 1 else None
    # Conflict |CD| > 1 against the last two colours: CD decides (dutch-rules §1.7, unconfirmed).
    p.strong = not p.absolute and p.imbalance > 0


def score_back(
    rec_games: list[Game], score_now: int, back: int, rnd: int, acceleration: dict[int, int]
) -> int:
    """Pairing score before round ``rnd - back`` (with that round's acceleration)."""
    target = rnd - back
    s = score_now - sum(g.points for g in rec_games if g.round >= target)
    return s + acceleration.get(target, 0)


def build_states(inp: RoundInput, edition: Edition) -> dict[int, PlayerState]:
    """States for every player to be paired in ``inp.round``."""
    raw = {tpn: rec.score_before(inp.round) for tpn, rec in inp.players.items()}
    ranks = _ranks(inp)
    return {tpn: _state(inp, edition, tpn, ranks[tpn], raw) for tpn in inp.to_pair}


def restate(
    inp: RoundInput,
    edition: Edition,
    base: RoundInput,
    base_states: dict[int, PlayerState],
    tpn: int,
) -> dict[int, PlayerState]:
    """:func:`build_states` of ``inp``, which differs from ``base`` (whose states are
    ``base_states``) in player ``tpn``'s record alone (engine.history.reread_input).  His
    state is built anew, and so are those of his opponents of the last two rounds: their
    floats compare their score with his then (1.4.2).  Every other state reads only its own
    record and its pairing number, which moves only when he joins or leaves the players to
    pair, or his having taken part changes: then every state is built anew.  A state that
    comes out as in ``base_states`` is that state object: a family's re-pairings tell who
    changed by identity (DutchPairer._trail)."""
    if (
        inp.to_pair != base.to_pair
        or inp.round != base.round
        or _took_part(inp.players[tpn]) != _took_part(base.players[tpn])
    ):
        built = build_states(inp, edition)
        return {x: _kept(state, base_states.get(x)) for x, state in built.items()}
    rnd = inp.round
    anew = {tpn} if tpn in base_states else set()
    for rec in (inp.players[tpn], base.players[tpn]):
        for g in rec.games:
            if rnd - 2 <= g.round < rnd and g.opponent in base_states:
                anew.add(g.opponent)
    raw = _RawScores(inp)
    states = dict(base_states)
    for x in anew:
        states[x] = _kept(_state(inp, edition, x, base_states[x].rank, raw), base_states[x])
    return states


def _kept(state: PlayerState, before: PlayerState | None) -> PlayerState:
    return before if before is not None and before == state else state


class _RawScores(dict[int, int]):
    """Each player's points before the round (no acceleration), worked out when read."""

    def __init__(self, inp: RoundInput) -> None:
        super().__init__()
        self.inp = inp

    def __missing__(self, tpn: int) -> int:
        score = self[tpn] = self.inp.players[tpn].score_before(self.inp.round)
        return score


def _took_part(rec: PlayerRecord) -> bool:
    return any(g.participated for g in rec.games)


def _ranks(inp: RoundInput) -> dict[int, int]:
    """Effective pairing numbers: players who take part now or took part before (bbp #30)."""
    to_pair = set(inp.to_pair)
    rank = 0
    ranks: dict[int, int] = {}
    for tpn in inp.rank_order:
        if tpn in to_pair or _took_part(inp.players[tpn]):
            ranks[tpn] = rank
            rank += 1
    return ranks


def _state(
    inp: RoundInput, edition: Edition, tpn: int, rank: int, raw: dict[int, int]
) -> PlayerState:
    """The state of player ``tpn`` (pairing number ``rank``; ``raw``: points before the
    round)."""
    rnd = inp.round
    pts = inp.points
    played_rounds = rnd - 1
    rec = inp.players[tpn]
    score = raw[tpn] + rec.acceleration.get(rnd, 0)
    st = PlayerState(tpn=tpn, rank=rank, score=score, games=rec.games)
    colour_data(st)
    st.opponents = {g.opponent for g in rec.games if g.played and g.opponent}
    st.bye_eligible = edition.bye_eligible(rec.games, pts)
    # 1.8: topscorers exist only when pairing the final round.
    if rnd >= inp.total_rounds:
        st.topscorer = 2 * score > played_rounds * max(pts.win, pts.draw)
    for back in (1, 2):
        if played_rounds >= back:
            st.floats[back] = edition.float_of(inp, rec, raw, back)
    return st


def pairing_key(inp: RoundInput, states: dict[int, PlayerState]) -> tuple[object, ...]:
    """Everything of round ``inp`` the Dutch pairer reads (:class:`~.state.RoundState` and
    the round loop): the players' states but their games, which only
    :func:`build_states` reads, and the round's own facts.  Two inputs with one key are
    paired alike; the readings of a file (engine.dutch.readings) that differ in nothing
    else are re-paired once."""
    players = tuple(
        (
            p.tpn,
            p.rank,
            p.score,
            p.played,
            p.imbalance,
            p.preference,
            p.repeated,
            p.strong,
            tuple(p.colours),
            tuple(sorted(p.floats.items())),
            p.bye_eligible,
            p.topscorer,
            frozenset(p.opponents),
            inp.players[p.tpn].acceleration.get(inp.round, 0),  # the boards' order (3.6)
        )
        for p in states.values()
    )
    return (
        inp.round,
        inp.total_rounds,
        inp.points,
        inp.initial_colour,
        frozenset(inp.forbidden),
        players,
    )


def game_float(inp: RoundInput, rec: PlayerRecord, raw: dict[int, int], back: int) -> Float | None:
    """The float a player got ``back`` rounds ago (2025/26 Art. 1.4).

    An unplayed round (forfeits included) is a downfloat when it scored more than a loss
    (1.4.3) and no float otherwise (1.4.4); a game compares the scores before it (1.4.2).
    """
    rnd = inp.round
    target = rnd - back
    g = rec.games[target - 1]
    if not g.played:  # 1.4.3/1.4.4: a forfeit or bye floats only when it scored > a loss
        return DOWN if g.points > inp.points.loss else None
    if g.opponent is None or g.opponent not in inp.players:
        return None
    mine = score_back(rec.games, raw[rec.tpn], back, rnd, rec.acceleration)
    opp_rec = inp.players[g.opponent]
    theirs = score_back(opp_rec.games, raw[g.opponent], back, rnd, opp_rec.acceleration)
    return DOWN if mine > theirs else UP if mine < theirs else None


# -- each edition's PAB eligibility (C2) and float rule (the editions name them) ----------
def eligible_2025(games: list[Game], pts: Points) -> bool:
    """C.04.1 2025/26 Art. 4 [C2]: no PAB for a player who already had one (whatever it was
    worth) or who already scored a win's points in one round without playing (forfeit
    win, full-point bye)."""
    return not any(g.kind is EntryKind.PAB or (not g.played and g.points >= pts.win) for g in games)


def eligible_2017(games: list[Game], pts: Points) -> bool:
    """C.04.1.d (2017) [C.2]: no PAB for a player who already had one, or who already scored
    a (forfeit) win because the opponent did not appear.  A requested full-point bye does not
    block it (the reference engine agrees: corpus/dutch2017)."""
    return not any(g.kind in (EntryKind.PAB, EntryKind.FORFEIT_WIN) for g in games)


def float_2017(inp: RoundInput, rec: PlayerRecord, raw: dict[int, int], back: int) -> Float | None:
    """A.4.b (2017): a game between different scores floats both players (as in 2025), and a
    player who does not play a round, for whatever reason, gets a downfloat."""
    g = rec.games[inp.round - back - 1]
    if not g.played:
        return DOWN
    return game_float(inp, rec, raw, back)


def eligible_2012(games: list[Game], pts: Points) -> bool:
    """2012 B.1.b: "a player who received a point or half a point without playing, through a
    bye or because the opponent did not appear in time, ... shall not receive a bye" (seed
    003): every earlier PAB, and every unplayed round that scored, blocks it."""
    return not any(g.kind is EntryKind.PAB or (not g.played and g.points > 0) for g in games)


def float_2012(inp: RoundInput, rec: PlayerRecord, raw: dict[int, int], back: int) -> Float | None:
    """2012 A.4 and B.1.b: a game between different scores floats both players; a round
    scored without playing is a downfloat; a forfeit loss or an absence is none (the seed's
    note to B.1.b: the opponent who lost by forfeit "is not considered moved down")."""
    g = rec.games[inp.round - back - 1]
    if not g.played:
        return DOWN if g.points > 0 else None
    return game_float(inp, rec, raw, back)
