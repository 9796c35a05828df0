"""The pairing of a round by the Berger tables (C.05 Annex 1): the table round its slot
gives, under the players' table numbers; whoever meets the dummy has the bye."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from trfaudit.engine.result import Board, RoundPairing

from .draw import Draw, cycles_of_rounds
from .numbering import starting
from .tables import table_size

if TYPE_CHECKING:
    from trfaudit.engine.history import RoundInput
    from trfaudit.trf.model import Tournament

    from .editions import BergerEdition


def pair_draw(draw: Draw, rnd: int, to_pair: Collection[int] | None = None) -> RoundPairing:
    """Round ``rnd`` of ``draw``, boards in the table's board order.  A table game with a
    player outside ``to_pair`` (absent: None means everyone plays) is not a board, and his
    opponent is not paired either: the tables fix every pairing (C.05 Annex 1)."""
    if not 1 <= rnd <= draw.rounds:
        raise ValueError(
            f"round {rnd} is not in the round-robin (rounds 1..{draw.rounds}: "
            f"{draw.cycles} cycle{'s' if draw.cycles != 1 else ''} of {draw.size - 1})"
        )
    playing = set(draw.players if to_pair is None else to_pair)
    boards: list[Board] = []
    bye: int | None = None
    for g in draw.games(rnd):
        w, b = draw.tpn(g.white), draw.tpn(g.black)
        if w is None or b is None:
            real = w if w is not None else b
            if real is not None and real in playing:
                bye = real
            continue
        if w in playing and b in playing:
            boards.append(Board(w, b, g.rule))
    return RoundPairing(rnd, boards, bye, trace=draw)


def pair(inp: RoundInput, edition: BergerEdition) -> RoundPairing:
    """Round ``inp.round`` from the shared engine input: table numbers are the starting
    numbers, the cycles those ``inp.total_rounds`` needs."""
    players = sorted(inp.players)
    rounds = max(inp.total_rounds, inp.round)
    cycles = cycles_of_rounds(len(players), rounds)
    draw = Draw(tuple(players), table_size(len(players)), cycles, edition, starting(players))
    return pair_draw(draw, inp.round, inp.to_pair)


def pair_file(t: Tournament, rnd: int, edition: BergerEdition) -> RoundPairing:
    """Round ``rnd`` of file ``t`` (``pair``): the table round under the file's numbering
    (:mod:`.numbering`), without the players the file says do not play it."""
    from trfaudit.engine.history import round_input

    from .draw import read_draw

    return pair_draw(read_draw(t, edition), rnd, round_input(t, rnd).to_pair)
