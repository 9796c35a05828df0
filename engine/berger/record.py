"""What a file records of one round, player by player: the opponent and colour, or no game."""

from __future__ import annotations

from dataclasses import dataclass

from trfaudit.trf.model import EntryKind, Tournament

#: Entry kinds that are a game with an opponent (played or forfeited: scheduled all the same).
GAME_KINDS = frozenset({EntryKind.PLAYED, EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS})


@dataclass(frozen=True)
class Seat:
    """One player's round: ``opponent`` and ``colour`` (``w``/``b``, None: not written), or
    no game (``opponent`` None) with the entry's ``kind`` (a bye, an absence)."""

    opponent: int | None
    colour: str | None
    kind: EntryKind | None


def seats(t: Tournament, rnd: int) -> dict[int, Seat]:
    """Every player's seat in round ``rnd`` (a game without a result yet counts as paired)."""
    out: dict[int, Seat] = {}
    for tpn, p in t.players.items():
        e = p.entry(rnd)
        if e is not None and e.opponent is not None and (e.kind in GAME_KINDS or e.pending):
            colour = e.colour if e.colour in ("w", "b") else None
            out[tpn] = Seat(e.opponent, colour, e.kind)
        else:
            out[tpn] = Seat(None, None, e.kind if e is not None else None)
    return out


def no_game_text(seat: Seat) -> str:
    """How the record writes a round without a game: ``the PAB (U)``, ``no game``."""
    return (
        {
            EntryKind.PAB: "a pairing-allocated bye (U)",
            EntryKind.FULL_BYE: "a full-point bye (F)",
            EntryKind.HALF_BYE: "a half-point bye (H)",
            EntryKind.ZERO_BYE: "no game (Z/-)",
        }.get(seat.kind, "no game")
        if seat.kind is not None
        else "no game"
    )
