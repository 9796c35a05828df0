"""A tampering generator: alter the last recorded round of a corpus tournament.

Each ``tamper_*`` function takes a tournament (it is not changed) and yields
:class:`Tampered` cases: a copy with the last round altered, what was done, and the players
involved.  The copies stay consistent files (every game reciprocal, Points equal to the
results), so that ``trfaudit validate`` accepts them and only the pairing is wrong.  The
functions only pick alterations of the kind they promise (a legal exchange really is legal,
and so on), using the engine's view of the players (colour preferences, PAB eligibility).
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass, field
from typing import Iterator

from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch.players import PlayerState, build_states
from trfaudit.trf.model import EntryKind, RoundEntry, Tournament

EDITION = EDITIONS["2025"]


@dataclass
class Tampered:
    tournament: Tournament
    what: str
    players: list[int]
    info: dict = field(default_factory=dict)


def _clone(t: Tournament) -> Tournament:
    return copy.deepcopy(t)


def _entry(t: Tournament, tpn: int, rnd: int) -> RoundEntry:
    return t.players[tpn].entries[rnd - 1]


def _set(
    t: Tournament,
    tpn: int,
    rnd: int,
    kind: EntryKind,
    opponent: int | None,
    colour: str | None,
    result: str,
) -> None:
    old = _entry(t, tpn, rnd)
    t.players[tpn].entries[rnd - 1] = RoundEntry(
        rnd, kind, opponent, colour, result, old.line, old.column
    )


def set_game(t: Tournament, rnd: int, white: int, black: int, white_result: str = "=") -> None:
    """``white`` - ``black`` played in round ``rnd`` (``1``, ``=`` or ``0`` for white)."""
    other = {"1": "0", "0": "1", "=": "="}[white_result]
    _set(t, white, rnd, EntryKind.PLAYED, black, "w", white_result)
    _set(t, black, rnd, EntryKind.PLAYED, white, "b", other)


def set_pab(t: Tournament, rnd: int, tpn: int) -> None:
    _set(t, tpn, rnd, EntryKind.PAB, None, None, "U")


def refresh_points(t: Tournament) -> None:
    """Points = the results (what ``validate`` checks)."""
    last = t.recorded_rounds()
    for tpn, p in t.players.items():
        p.points = t.score(tpn, last)


def played_boards(t: Tournament, rnd: int) -> list[tuple[int, int]]:
    """(white, black) of the games played over the board in round ``rnd``."""
    out = []
    for tpn, p in t.players.items():
        e = p.entry(rnd)
        if e is not None and e.kind is EntryKind.PLAYED and e.colour == "w":
            out.append((tpn, e.opponent))
    return sorted(out)


def pab_of(t: Tournament, rnd: int) -> int | None:
    return next(
        (
            tpn
            for tpn, p in t.players.items()
            if (e := p.entry(rnd)) is not None and e.kind is EntryKind.PAB
        ),
        None,
    )


def states_for(t: Tournament, rnd: int) -> dict[int, PlayerState]:
    return build_states(round_input(t, rnd), EDITION)


def met(t: Tournament, a: int, b: int, before: int) -> bool:
    """``a`` played ``b`` over the board in a round before ``before``."""
    return any(
        e.kind is EntryKind.PLAYED and e.opponent == b for e in t.players[a].entries[: before - 1]
    )


def c3_clash(sa: PlayerState, sb: PlayerState) -> bool:
    return (
        sa.absolute
        and sb.absolute
        and sa.preference == sb.preference
        and not (sa.topscorer or sb.topscorer)
    )


def legal_pair(t: Tournament, states, a: int, b: int, rnd: int) -> bool:
    return not met(t, a, b, rnd) and not c3_clash(states[a], states[b])


# -- the alterations -------------------------------------------------------------------------
def tamper_rematch(t: Tournament) -> Iterator[Tampered]:
    """Two boards A-B, C-D re-paired so that one new pair already played (C1)."""
    rnd = t.recorded_rounds()
    boards = played_boards(t, rnd)
    for (a, b), (c, d) in itertools.combinations(boards, 2):
        for new in (((a, c), (b, d)), ((a, d), (c, b))):
            rematches = [p for p in new if met(t, p[0], p[1], rnd)]
            if not rematches:
                continue
            x = _clone(t)
            for w, bl in new:
                set_game(x, rnd, w, bl)
            refresh_points(x)
            yield Tampered(
                x,
                f"round {rnd}: {a}-{b}, {c}-{d} -> "
                f"{new[0][0]}-{new[0][1]}, {new[1][0]}-{new[1][1]}",
                sorted(rematches[0]),
                {"rematch": sorted(rematches[0])},
            )
            break


def tamper_pab_to_previous(t: Tournament) -> Iterator[Tampered]:
    """The PAB moved from X to Y, who already had one; X plays Y's opponent (legally)."""
    rnd = t.recorded_rounds()
    x = pab_of(t, rnd)
    if x is None:
        return
    states = states_for(t, rnd)
    for w, b in played_boards(t, rnd):
        for y, z in ((w, b), (b, w)):
            had_pab = any(e.kind is EntryKind.PAB for e in t.players[y].entries[: rnd - 1])
            if not had_pab or not legal_pair(t, states, x, z, rnd):
                continue
            c = _clone(t)
            set_pab(c, rnd, y)
            set_game(c, rnd, x, z)
            refresh_points(c)
            yield Tampered(c, f"round {rnd}: PAB {x} -> {y}; {x}-{z}", [y], {"bye": y})


def tamper_swap_colours(t: Tournament) -> Iterator[Tampered]:
    """The colours of one board swapped (results kept with the players)."""
    rnd = t.recorded_rounds()
    states = states_for(t, rnd)
    for w, b in played_boards(t, rnd):
        if c3_clash(states[w], states[b]):
            continue
        c = _clone(t)
        ew, eb = _entry(c, w, rnd), _entry(c, b, rnd)
        _set(c, w, rnd, EntryKind.PLAYED, b, "b", ew.result)
        _set(c, b, rnd, EntryKind.PLAYED, w, "w", eb.result)
        yield Tampered(c, f"round {rnd}: {w}-{b} -> {b}-{w}", [w, b], {"board": (b, w)})


def tamper_exchange(t: Tournament) -> Iterator[Tampered]:
    """Opponents exchanged between two boards A-B, C-D of one score group (A and C, the
    players with white, have the same score), keeping the round legal: either ``keep``
    (A-D, C-B: everybody keeps their colour) or ``cross`` (A-C, D-B)."""
    rnd = t.recorded_rounds()
    states = states_for(t, rnd)
    boards = played_boards(t, rnd)
    for (a, b), (c, d) in itertools.combinations(boards, 2):
        if states[a].score != states[c].score:
            continue
        for variant, new in (("keep", ((a, d), (c, b))), ("cross", ((a, c), (d, b)))):
            if not all(legal_pair(t, states, w, bl, rnd) for w, bl in new):
                continue
            x = _clone(t)
            for w, bl in new:
                set_game(x, rnd, w, bl)
            refresh_points(x)
            yield Tampered(
                x,
                f"round {rnd}: {a}-{b}, {c}-{d} -> {new[0][0]}-{new[0][1]}, "
                f"{new[1][0]}-{new[1][1]}",
                sorted((a, b, c, d)),
                {"variant": variant},
            )


def tamper_c3(t: Tournament) -> Iterator[Tampered]:
    """Two non-topscorers with the same absolute colour preference paired together (C3):
    A-B, C-D -> A-C, D-B where A and C both must have the same colour."""
    rnd = t.recorded_rounds()
    states = states_for(t, rnd)
    for (a, b), (c, d) in itertools.combinations(played_boards(t, rnd), 2):
        for x1, x2, y1, y2 in ((a, c, d, b), (b, d, a, c)):
            if not c3_clash(states[x1], states[x2]) or met(t, x1, x2, rnd):
                continue
            if not legal_pair(t, states, y1, y2, rnd):
                continue
            x = _clone(t)
            set_game(x, rnd, x1, x2)
            set_game(x, rnd, y1, y2)
            refresh_points(x)
            yield Tampered(
                x, f"round {rnd}: {a}-{b}, {c}-{d} -> {x1}-{x2}, {y1}-{y2}", sorted((x1, x2))
            )


def truncate(t: Tournament, rounds: int, *, total: int | None = None) -> Tournament:
    """The tournament after its first ``rounds`` rounds (``total``: the rounds scheduled,
    so that the last kept round need not be the final one)."""
    x = _clone(t)
    for p in x.players.values():
        p.entries = p.entries[:rounds]
        p.announced = []
    x.absent_next = {}
    x.total_rounds = total
    refresh_points(x)
    return x


def tamper_move_bye(t: Tournament) -> Iterator[Tampered]:
    """The PAB moved from X to another player Y; X plays Y's opponent (a legal pair)."""
    rnd = t.recorded_rounds()
    x = pab_of(t, rnd)
    if x is None:
        return
    states = states_for(t, rnd)
    for w, b in played_boards(t, rnd):
        for y, z in ((w, b), (b, w)):
            if not legal_pair(t, states, x, z, rnd):
                continue
            c = _clone(t)
            set_pab(c, rnd, y)
            set_game(c, rnd, x, z)
            refresh_points(c)
            yield Tampered(
                c,
                f"round {rnd}: PAB {x} -> {y}; {x}-{z}",
                [y],
                {
                    "bye": y,
                    "old_bye": x,
                    "eligible": states[y].bye_eligible,
                    "higher": states[y].score > states[x].score,
                },
            )
