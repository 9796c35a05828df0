"""The Dutch rules on small hand-made positions.

Each expected pairing below was worked out from the rules text (C.04.3 2026), not taken
from the engine: the comment of each test gives the argument.
"""

from __future__ import annotations

import pytest

from trfaudit.engine import NoPairing, pair_round, round_input
from trfaudit.engine.dutch.colours import allocate
from trfaudit.engine.dutch.players import PlayerState

from .builder import tournament


def boards(t, rnd):
    p = pair_round(round_input(t, rnd))
    return [(b.white, b.black) for b in p.boards], p.bye


def test_round_one_top_half_against_bottom_half():
    # 3.2/3.3: S1 = 1-3, S2 = 4-6, pairs S1[i]-S2[i]; 5.2.5: odd TPN of the higher player
    # gets the initial colour (white1), even TPN the other one.
    t = tournament({i: [] for i in range(1, 7)}, 5)
    assert boards(t, 1) == ([(1, 4), (5, 2), (3, 6)], None)


def test_round_one_initial_colour_black():
    t = tournament({i: [] for i in range(1, 5)}, 5, initial="black1")
    assert boards(t, 1) == ([(3, 1), (2, 4)], None)


def test_odd_field_bye_to_lowest_ranked():
    # C5 + 3.3: the last S2 player is left over and gets the PAB.
    t = tournament({i: [] for i in range(1, 6)}, 5)
    assert boards(t, 1) == ([(1, 3), (4, 2)], 5)


def test_no_rematch_and_colour_alternation():
    # Round 1: 1-3 (1 white), 4-2 (4 white).  Round 2: scoregroup {1,4} (1 point) must not
    # be a rematch: 1-4 is new.  1 (had white) prefers black, 4 (had white) prefers black:
    # both mild, 5.2.3 cannot separate them (same history), 5.2.4 gives the higher-ranked
    # player 1 his preference: 4-1.  Zero group {2,3}: 2 had black, 3 had black -> 5.2.4:
    # higher-ranked 2 gets white.
    t = tournament({1: ["3 w 1"], 2: ["4 b 0"], 3: ["1 b 0"], 4: ["2 w 1"]}, 3)
    assert boards(t, 2) == ([(4, 1), (2, 3)], None)


def test_pab_not_twice():
    # Round 1: 1-3 and 4-2 won by white, 5 had the PAB.  Round 2: bracket {1, 4, 5}
    # (1 point): 1 and 4 both had white and prefer black, 5 has no preference, so C12
    # pairs 1-5 and 4 floats.  Bracket {4 (MDP), 2, 3}: 4 already met 2, so 4-3, and 2 is
    # left for the PAB (C5: 0 points is the lowest possible; 5 would be ineligible, C2).
    t = tournament({1: ["3 w 1"], 2: ["4 b 0"], 3: ["1 b 0"], 4: ["2 w 1"], 5: ["0000 - U"]}, 3)
    pairing, bye = boards(t, 2)
    assert bye == 2
    assert sorted(tuple(sorted(p)) for p in pairing) == [(1, 5), (3, 4)]


def test_colour_preferences_decide_exchange():
    # C12: round 1 was 1-4, 5-2, 3-6, all drawn: one bracket of 0.5 points.  1, 5, 3 want
    # black; 4, 2, 6 want white.  With S1 = 1,2,3 no transposition grants every preference
    # without a rematch (2 would need 5).  The first exchange, 3<->4 (4.3: one player,
    # BSN difference 1), gives S1 = 1,2,4, S2 = 3,5,6, and its first transposition that
    # grants all preferences is 1-6, 2-3, 4-5.
    h = {1: ["4 w ="], 4: ["1 b ="], 5: ["2 w ="], 2: ["5 b ="], 3: ["6 w ="], 6: ["3 b ="]}
    t = tournament(h, 5)
    assert boards(t, 2) == ([(6, 1), (2, 3), (4, 5)], None)


def test_forfeit_does_not_block_a_rematch():
    # C1 counts played games only: 1 and 2 had a forfeit in round 1 and may meet again.
    t = tournament({1: ["2 w +"], 2: ["1 b -"]}, 3)
    assert boards(t, 2)[0] in ([(2, 1)], [(1, 2)])


def test_no_legal_pairing():
    t = tournament({1: ["2 w 1"], 2: ["1 b 0"]}, 3)
    with pytest.raises(NoPairing):
        pair_round(round_input(t, 2))


def test_absent_players_are_not_paired():
    # 0000 - Z in the round being paired: player 4 announced an absence.
    t = tournament({1: ["3 w 1"], 2: ["4 b 0"], 3: ["1 b 0"], 4: ["2 w 1", "0000 - Z"]}, 3)
    pairing, bye = boards(t, 2)
    assert 4 not in {x for pair in pairing for x in pair} and bye != 4


def _state(tpn, rank, score, colours):
    from trfaudit.engine.dutch.players import colour_data

    class G:
        def __init__(self, c):
            self.played, self.colour = True, c

    p = PlayerState(tpn=tpn, rank=rank, score=score, games=[G(c) for c in colours])
    colour_data(p)
    return p


@pytest.mark.parametrize(
    "a_colours, b_colours, expected",
    [
        (["w"], ["b"], ("b", "5.2.1")),  # both preferences granted
        (["w", "w"], ["b", "w"], ("b", "5.2.2")),  # absolute beats mild
        (["b", "w", "w"], ["w"], ("b", "5.2.2")),  # strong (CD +1) beats mild
        (["b", "w", "w", "b"], ["w", "b", "w", "b"], ("b", "5.2.3")),  # alternate (3rd last)
        (["w"], ["w"], ("b", "5.2.4")),  # same history: higher-ranked a gets his
        ([], [], ("w", "5.2.5")),  # no history: odd TPN higher player -> initial
    ],
)
def test_colour_allocation(a_colours, b_colours, expected):
    a = _state(1, 0, 10, a_colours)
    b = _state(2, 1, 10, b_colours)
    assert allocate(a, b, "w") == expected


def test_pending_games_count_as_paired():
    # A mid-round export: round 2 is paired (1-4, 3-2) but has no results yet.  Re-pairing
    # round 2 must pair everybody, not leave the pending players out.
    t = tournament(
        {
            1: ["3 w 1", "4 w Z"],
            2: ["4 b 0", "3 w Z"],
            3: ["1 b 0", "2 b Z"],
            4: ["2 w 1", "1 b Z"],
        },
        3,
    )
    pairing, bye = boards(t, 2)
    assert bye is None and sorted(x for p in pairing for x in p) == [1, 2, 3, 4]
