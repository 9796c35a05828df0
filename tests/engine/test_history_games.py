"""A player's games are read once and kept for the next rounds and the file's other readings
(engine.history._RoundReader.games): the round inputs must be those read afresh, whatever
was read before - an entry replaced in place (trf.blank_byes), entries added round by round
(conform's harness), another player object or scoring with the same entries."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

from trfaudit.engine import history
from trfaudit.engine.history import RoundInput, round_input
from trfaudit.trf.model import EntryKind, RoundEntry, Tournament
from trfaudit.trf.reader import read

FILE = Path(__file__).resolve().parents[2] / "corpus" / "dutch2025" / "t000007.trf"


def _fresh(t: Tournament, rnd: int) -> RoundInput:
    history._PLAYER_GAMES.clear()
    return round_input(t, rnd)


def _games(inp: RoundInput) -> dict[int, list[history.Game]]:
    return {tpn: rec.games for tpn, rec in inp.players.items()}


def test_every_round_s_input_is_the_one_read_afresh() -> None:
    t = read(FILE)
    rounds = t.recorded_rounds()
    assert rounds >= 4
    expected = [_games(_fresh(t, rnd)) for rnd in range(1, rounds + 2)]
    history._PLAYER_GAMES.clear()
    for order in (range(1, rounds + 2), range(rounds + 1, 0, -1)):
        for rnd in order:
            assert _games(round_input(t, rnd)) == expected[rnd - 1]


def test_an_entry_replaced_or_added_is_read_anew() -> None:
    t = read(FILE)
    rounds = t.recorded_rounds()
    tpn = next(iter(t.players))
    round_input(t, rounds + 1)  # every entry read and kept
    p = t.players[tpn]
    old = p.entries[1]
    # In place, as trf.blank_byes does: a round-2 entry becomes a half-point bye.
    p.entries[1] = RoundEntry(2, EntryKind.HALF_BYE, None, None, "H", old.line, old.column)
    got = round_input(t, rounds + 1)
    assert got.players[tpn].games[1].kind is EntryKind.HALF_BYE
    assert _games(got) == _games(_fresh(t, rounds + 1))
    # Added, as conform's harness does after pairing a round.
    round_input(t, rounds + 1)
    p.entries.append(RoundEntry(rounds + 1, EntryKind.ZERO_BYE, None, None, "Z"))
    got = round_input(t, rounds + 2)
    assert got.players[tpn].games[rounds].kind is EntryKind.ZERO_BYE
    assert _games(got) == _games(_fresh(t, rounds + 2))


def test_another_scoring_reads_the_same_entries_anew() -> None:
    t = read(FILE)
    rnd = t.recorded_rounds() + 1
    before = round_input(t, rnd)
    other = dataclasses.replace(t, scoring=dataclasses.replace(t.scoring, win=2, draw=1))
    got = round_input(other, rnd)
    assert _games(got) == _games(_fresh(other, rnd))
    assert _games(got) != _games(before)  # the wins are worth 2 points there
    copied = copy.deepcopy(t)  # new player objects, equal entries
    assert _games(round_input(copied, rnd)) == _games(_fresh(t, rnd))
