"""The 2012 edition (C.04.3.1, the seeds' wording) where it differs from 2017.

The seed's worked example (corpus/seed-example, rounds 2 and 3; tests/engine/test_corpus.py
runs it under every edition) is the acceptance test;
the other expectations below are read from the seed documents' articles (quoted in each
comment), not taken from the engine.
"""

from __future__ import annotations

from pathlib import Path

from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch.editions import eligible_2012, float_2012
from trfaudit.engine.dutch.players import DOWN
from trfaudit.engine.history import Game
from trfaudit.trf.model import EntryKind
from trfaudit.trf.reader import read

from .builder import tournament

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
E2012 = EDITIONS["2012"]


def test_any_scored_unplayed_round_blocks_the_bye():
    # B.1.b: a point or half a point without playing (a bye, or the opponent not appearing)
    # makes the player a downfloater and he "shall not receive a bye"; a forfeit loss or an
    # absence scores nothing and blocks nothing.
    t = read(CORPUS / "seed-example" / "round2-input.trf")
    pts = round_input(t, 2).points
    for kind, points, eligible in [
        (EntryKind.PAB, pts.pab, False),
        (EntryKind.FORFEIT_WIN, pts.forfeit_win, False),
        (EntryKind.FULL_BYE, pts.full_bye, False),
        (EntryKind.HALF_BYE, pts.half_bye, False),
        (EntryKind.FORFEIT_LOSS, pts.forfeit_loss, True),
        (EntryKind.ZERO_BYE, pts.zero_bye, True),
    ]:
        game = Game(1, kind, None, None, points, False, True)
        assert eligible_2012([game], pts) is eligible, kind


def test_floats_2012():
    # A.4 with B.1.b: a forfeit winner and a half-point bye are moved down; the forfeit
    # loser and the absent player are not (the seed's note to B.1.b).
    t = tournament({1: ["2 w -"], 2: ["1 b +"], 3: ["0000 - Z"], 4: ["0000 - H"]}, 5)
    inp = round_input(t, 2)
    raw = {tpn: rec.score_before(2) for tpn, rec in inp.players.items()}
    got = {tpn: float_2012(inp, inp.players[tpn], raw, 1) for tpn in (1, 2, 3, 4)}
    assert got == {1: None, 2: DOWN, 3: None, 4: DOWN}
