"""The 2017 edition (C.04.3 Till2026) against its reference corpus, and hand-made positions.

Each tournament in corpus/dutch2017 was paired by a FIDE-endorsed engine under the 2017
rules: re-pairing round r from rounds 1..r-1 with ``EDITIONS["2017"]`` must give the recorded
pairs, colours and bye.  The hand-made positions below were worked out from the 2017 text
(dutch-rules.md §7): the comment of each test gives the argument.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS, pair_round, round_input
from trfaudit.engine.dutch.editions import eligible_2017, eligible_2025, float_2017
from trfaudit.engine.dutch.players import DOWN, game_float
from trfaudit.engine.dutch.trace import trace_of
from trfaudit.engine.history import Game
from trfaudit.trf.model import EntryKind
from trfaudit.trf.reader import read

from .builder import tournament
from .test_corpus import disagreements

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
FILES_2017 = sorted((CORPUS / "dutch2017").glob("*.trf"))
E2017, E2025 = EDITIONS["2017"], EDITIONS["2025"]


@pytest.mark.parametrize("path", FILES_2017, ids=lambda p: p.stem)
def test_dutch2017_corpus(path):
    bad = disagreements(path, "2017")
    assert not bad, f"{path.name}: {len(bad)} disagreeing round(s): " + "; ".join(bad)


def test_corpus_2017_is_complete():
    # The figure: 299 tournaments, 2,298 rounds.
    assert len(FILES_2017) == 299
    assert sum(read(p).recorded_rounds() for p in FILES_2017) == 2298


def _game(kind, points, played=False):
    return Game(
        round=1,
        kind=kind,
        opponent=None,
        colour=None,
        points=points,
        played=played,
        participated=kind is not EntryKind.ZERO_BYE,
    )


def test_pab_eligibility_2017():
    # C.04.1.d (2017): a PAB or a forfeit win blocks the PAB; a requested full-point bye and
    # a half-point bye do not.  2025 (C.04.1 Art. 4): any round scored at a win's value
    # without playing blocks it, the full-point bye included.
    t = read(CORPUS / "seed-example" / "round2-input.trf")
    pts = round_input(t, 2).points
    for kind, points, in_2017, in_2025 in [
        (EntryKind.PAB, pts.pab, False, False),
        (EntryKind.FORFEIT_WIN, pts.forfeit_win, False, False),
        (EntryKind.FULL_BYE, pts.full_bye, True, False),
        (EntryKind.HALF_BYE, pts.half_bye, True, True),
        (EntryKind.ZERO_BYE, pts.zero_bye, True, True),
    ]:
        games = [_game(kind, points)]
        assert eligible_2017(games, pts) is in_2017, kind
        assert eligible_2025(games, pts) is in_2025, kind


def test_every_unplayed_round_is_a_downfloat_in_2017():
    # A.4.b (2017): "a player who, for whatever reason, does not play in a round, also
    # receives a downfloat" -- a forfeit loss or a zero-point bye too.  2025 (1.4.3/1.4.4):
    # only when the round scored more than a loss.
    t = tournament({1: ["2 w -"], 2: ["1 b +"], 3: ["0000 - Z"], 4: ["0000 - H"]}, 5)
    inp = round_input(t, 2)
    raw = {tpn: rec.score_before(2) for tpn, rec in inp.players.items()}
    got17 = {tpn: float_2017(inp, inp.players[tpn], raw, 1) for tpn in (1, 2, 3, 4)}
    got25 = {tpn: game_float(inp, inp.players[tpn], raw, 1) for tpn in (1, 2, 3, 4)}
    assert got17 == {1: DOWN, 2: DOWN, 3: DOWN, 4: DOWN}
    assert got25 == {1: None, 2: DOWN, 3: None, 4: DOWN}


def test_full_point_bye_does_not_block_the_pab():
    # Round 3 of 5: 1 and 2 have 2 points and never met; 3 has 1 point (a requested
    # full-point bye in round 1, absent in round 2); 4 and 5 are absent.
    # 2017: bracket 2.0 pairs 1-2 (C.5); the rest, {3}, completes the round since 3 may
    # have the PAB (C.2: the full-point bye does not block it), so there is no PPB and 3
    # gets the PAB.  Colours: 1 and 2 both played W then B (mild W); E.3 finds no round
    # where they differed, E.4 gives the higher-ranked 1 White.
    # 2025: the full-point bye blocks the PAB [C2], so 3 must play and 1 or 2 gets it.
    h = {
        1: ["4 w 1", "5 b 1"],
        2: ["5 w 1", "4 b 1"],
        3: ["0000 - F", "0000 - Z"],
        4: ["1 b 0", "2 w 0", "0000 - Z"],
        5: ["2 b 0", "1 w 0", "0000 - Z"],
    }
    t = tournament(h, 5)
    got = pair_round(round_input(t, 3), E2017)
    assert ([(b.white, b.black) for b in got.boards], got.bye) == ([(1, 2)], 3)
    got = pair_round(round_input(t, 3), E2025)
    assert got.bye in (1, 2)


def test_no_lowest_pab_criterion_in_2017():
    # dutch-rules.md §8's example, rebuilt: round 3 of 5, 1 and 3 on 2 points, 2 and 5 on
    # 1 (they drew each other in round 1, then took half-point byes), 6 on 0, 4 absent.
    # 2017: bracket 2.0 pairs 1-3 (C.5); the rest {2, 5, 6} completes the round, so no
    # PPB.  2 and 5 cannot meet again and both float; the last bracket pairs one of them
    # with 6, and the PSD ties (pair 1, downfloater 1 - (0 - 1) = 2).  C.10: 5 (strong W)
    # and 6 (mild B) both get their colour, 2 (strong B) and 6 would not, so 5-6, and 2
    # gets the PAB.  1-3: both mild W with the same history, E.4: 1 White.
    # 2025: [C5] a 0-point PAB (6) is possible with 1-5 and 3-2, so 1-3 is not made.
    h = {
        1: ["4 w 1", "6 b 1"],
        2: ["5 w =", "0000 - H"],
        3: ["6 w 1", "4 b 1"],
        4: ["1 b 0", "3 w 0", "0000 - Z"],
        5: ["2 b =", "0000 - H"],
        6: ["3 b 0", "1 w 0"],
    }
    t = tournament(h, 5)
    got = pair_round(round_input(t, 3), E2017)
    assert (sorted((b.white, b.black) for b in got.boards), got.bye) == ([(1, 3), (5, 6)], 2)
    got = pair_round(round_input(t, 3), E2025)
    assert got.bye == 6
    assert {frozenset((b.white, b.black)) for b in got.boards} == {
        frozenset((1, 2)),
        frozenset((3, 5)),
    }


def test_penultimate_bracket_and_collapsed_last_bracket():
    # Round 2 of 5: 1 and 2 won (1 point), 3 and 4 drew each other (0.5), 5 and 6 absent.
    # Bracket 1.0 would pair 1-2 (C.5), but then 3 and 4 (who met) cannot be paired: A.9
    # makes bracket 1.0 the PPB, paired again under C.4: 1 and 2 both float, and the CLB
    # {1, 2 | 3, 4} pairs the MDPs S1 = 1, 2 with S2 = 3, 4.  Both ways give one player
    # his colour preference denied (C.10) and equal PSDs; the first transposition, 1-3 and
    # 2-4, is taken.  Colours: 1 and 3 both strong B with the same history: E.4 gives 1
    # Black; 4 (strong W) against 2 (strong B): E.1.
    h = {
        1: ["5 w 1"],
        2: ["6 w 1"],
        3: ["4 w ="],
        4: ["3 b ="],
        5: ["1 b 0", "0000 - Z"],
        6: ["2 b 0", "0000 - Z"],
    }
    t = tournament(h, 5)
    got = pair_round(round_input(t, 2), E2017)
    assert (sorted((b.white, b.black) for b in got.boards), got.bye) == ([(3, 1), (4, 2)], None)
    assert len(trace_of(got).brackets) == 2 and trace_of(got).brackets[0].pairs == []


def test_c7_sees_the_last_bracket_through_its_legal_pairings():
    # t000175 round 8: bracket 2.5 holds MDP 37 (3.0, mild W) and residents 24 (W!) and 34
    # (B!, had the PAB); the last scoregroup is 27 (eligible) and 33 (had the PAB).  37-34
    # grants both colours (C.10) and floats 24, 37-24 floats 34.  C.7: with 24 floating,
    # the last bracket {24, 27, 33} must give the PAB to an eligible player (C.2/C.4), so
    # its one legal pair is 27-33 and 24 is left over; with 34 floating, 34-33 is paired
    # and 27 takes the PAB.  The PSD of that bracket is [1.5, 0] against [1.0, 0.5]: the
    # second is smaller, so 37-24 is chosen although C.10 would prefer 37-34.
    t = read(CORPUS / "dutch2017" / "t000175.trf")
    got = pair_round(round_input(t, 8), E2017)
    assert got.bye == 27
    assert {(24, 37), (33, 34)} <= {(b.white, b.black) for b in got.boards}
