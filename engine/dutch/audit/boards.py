"""A recorded round's boards in board order (C.04.2 Art. 3.6), as the verdict numbers them:
the same key as the engine's boards (:func:`.round.board_order`), so that "board 6" means one
board in the verdict, the round tables and the downloads."""

from __future__ import annotations

from trfaudit.engine import round_input
from trfaudit.engine.dutch.editions import EDITION_2025, Edition
from trfaudit.engine.dutch.players import build_states
from trfaudit.engine.recorded import recorded_round, with_pending_paired
from trfaudit.trf.model import Tournament

from .round import board_order


def recorded_boards(
    t: Tournament, rnd: int, edition: Edition = EDITION_2025
) -> tuple[list[tuple[int, int]], list[int]]:
    """Round ``rnd``'s recorded boards (white, black; a colourless pair lower TPN first) in
    board order, as :func:`.round.check_round` under ``edition`` orders them, and its PAB
    holders."""
    rec = recorded_round(t, rnd)
    pairs = list(rec.boards) + list(rec.colourless)
    try:
        inp = round_input(with_pending_paired(t, rnd), rnd)
        states = build_states(inp, edition)
    except (ValueError, KeyError):  # a round the engine cannot read: file order
        return pairs, list(rec.byes)
    return board_order(pairs, states, inp), list(rec.byes)
