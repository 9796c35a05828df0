"""One small hand-made position per pairing criterion (C.04.3 2025/2026 Arts. 1-5).

Every expected pairing below was derived by hand from the rules text (the article numbers
are those of the 2026 text, digested in dutch-rules.md §1-§6): the docstring of each test
gives the argument, step by step, *before* the engine was run.  In each position the
criterion under test is the one that decides: the docstring also says what the pairing
would be without it.

Notation in the docstrings: ``a-b`` is a pair, ``(w, b)`` a board (white, black); colour
histories are written oldest first, ``W,B,-`` (``-``: a round without a game); preferences
(1.7) as "absolute w", "strong b", "mild w"; scores in points.  A history token ``"1-3 1"``
means 1 (White) beat 3; see :func:`history`.
"""

from __future__ import annotations

import pytest

from trfaudit.engine import pair_round, round_input

from .builder import tournament

_BLACK = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def history(n: int, rounds: list[list[str]]) -> dict[int, list[str]]:
    """Per-player blocks for players 1..n from whole rounds.

    A round is a list of tokens: ``"1-3 1"`` (1 has White against 3; the result is White's:
    ``1 = 0 + -``) or ``"5 U"`` / ``"5 F"`` / ``"5 H"`` / ``"5 Z"`` (PAB, full-point bye,
    half-point bye, zero-point bye).  A player missing from a round is absent (``Z``).
    """
    h: dict[int, list[str]] = {i: [] for i in range(1, n + 1)}
    for rnd in rounds:
        seen = set()
        for tok in rnd:
            pair, res = tok.split()
            if "-" in pair:
                w, b = (int(x) for x in pair.split("-"))
                h[w].append(f"{b} w {res}")
                h[b].append(f"{w} b {_BLACK[res]}")
                seen.update((w, b))
            else:
                p = int(pair)
                h[p].append(f"0000 - {res}")
                seen.add(p)
        for p in h:
            if p not in seen:
                h[p].append("0000 - Z")
    return h


def pairing(rounds: list[list[str]], n: int, total: int, absent: tuple[int, ...] = ()):
    """Pair round ``len(rounds) + 1`` of an ``n``-player event of ``total`` rounds;
    ``absent`` announce an absence (``0000 - Z``) for that round.  Returns the boards as
    ``(white, black)`` in board order, and the PAB receiver (or None)."""
    h = history(n, rounds)
    for p in absent:
        h[p].append("0000 - Z")
    t = tournament(h, total)
    p = pair_round(round_input(t, len(rounds) + 1))
    return [(b.white, b.black) for b in p.boards], p.bye


# -- C1: no rematch ---------------------------------------------------------------------------


def test_c1_rematch_forbidden_even_when_colours_fit():
    """C1 (2.1.1): two players meet at most once.

    R1: 1-3 and 4-2, both drawn: one scoregroup {1,2,3,4} at 0.5.  Preferences (1.7):
    1 and 4 had White -> strong b; 2 and 3 had Black -> strong w.  3.2: S1 = {1,2}, S2 = {3,4}.
    The first candidate 1-3, 2-4 would grant every colour (it would be perfect, 3.4), but
    1-3 is a rematch.  Next transposition (4.2): 1-4, 2-3, two C12 failures.  Then the
    first exchange (4.3: one player, BSN difference 3-2 = 1): S1 = {1,3}, S2 = {2,4}:
    1-2, 3-4, every preference granted: perfect.  5.2.1: (2,1), (3,4).  Board order: both
    pairs at 0.5, higher player 1 before 3.
    """
    assert pairing([["1-3 =", "4-2 ="]], 4, 5) == ([(2, 1), (3, 4)], None)


# -- C2: PAB eligibility (C.04.1 Art. 4) --------------------------------------------------------

C2_ROUNDS = [["1 H", "2 H", None, "4-5 =", "7-8 1"], ["1-4 =", "5-2 =", "7-3 1"]]


@pytest.mark.parametrize(
    "unplayed", ["3 U", "3-6 +", "3 F"], ids=["earlier-pab", "forfeit-win", "full-point-bye"]
)
def test_c2_pab_eligibility(unplayed):
    """C2 (2.1.2) with C.04.1 2025 Art. 4: no PAB for a player who already had one, or who
    already scored a win's points in one round without playing (forfeit win, full-point
    bye; the latter did not block in 2017).

    R1: 1 and 2 half-point byes, 3's unplayed point (PAB, forfeit win against 6, or
    full-point bye), 4-5 drawn, 7-8 1-0.  R2: 1-4, 5-2 drawn, 7-3 1-0 (1 v 1: no float).
    R3: 4-8 absent.  To pair: 1, 2, 3, all at 1 point, each with one played game and one
    unplayed round (so C9, 2.4.4, cannot tell them apart), each downfloated in R1 (1.4.3)
    and none in R2 (C14/C16 tie).  1 (W) strong b, 2 (B) strong w, 3 (B) strong w.
    S1 = {1}, S2 = {2,3}: the first candidate 1-2 grants both colours and leaves 3 for the
    PAB; without C2 it would be the pairing.  3 is not eligible, so the next transposition
    1-3 (colours granted too) with the PAB to 2.  (3,1).
    """
    rounds = [[unplayed if t is None else t for t in C2_ROUNDS[0]], C2_ROUNDS[1]]
    assert pairing(rounds, 8, 5, absent=(4, 5, 6, 7, 8)) == ([(3, 1)], 2)


def test_c2_half_point_bye_is_no_block():
    """C2: a half-point bye is not a win's points: the player stays eligible.

    The C2 position with 3's R1 a half-point bye and R2 7-3 drawn (so 3 has 1 point again;
    3 upfloated in R2, which no criterion of a PAB choice looks at).  The first candidate
    1-2 (colours granted) leaves 3 for the PAB, and 3 may take it: (2,1), PAB 3.
    """
    rounds = [["1 H", "2 H", "3 H", "4-5 =", "7-8 1"], ["1-4 =", "5-2 =", "7-3 ="]]
    assert pairing(rounds, 8, 5, absent=(4, 5, 6, 7, 8)) == ([(2, 1)], 3)


def test_c2_half_point_bye_does_not_block_the_lowest_score():
    """C2 and C5: a half-point bye is not a win's points: no block.

    R1: 1-4 1-0, 5-2 0-1, 3 half-point bye.  R2: 4, 5 absent.  To pair: 1, 2 (1 point),
    3 (0.5).  C5 (2.3): the PAB goes to the lowest score an eligible player has: 3, who is
    eligible.  Then 1-2: 1 (W) strong b, 2 (B) strong w: (2,1).  Were 3 blocked, the PAB would go
    to 1 or 2 instead.
    """
    rounds = [["1-4 1", "5-2 0", "3 H"]]
    assert pairing(rounds, 5, 5, absent=(4, 5)) == ([(2, 1)], 3)


# -- C3: absolute colour preferences; topscorers in the final round -----------------------------

C3_ROUNDS = [["1-3 1", "2-4 1", "5-6 ="], ["1-5 1", "2-6 1", "4-3 ="]]


def test_c3_same_absolute_preference_cannot_meet():
    """C3 (2.1.3): two non-topscorers with the same absolute colour preference do not meet.

    After R2 (C3_ROUNDS): 1, 2 = 2 points, both WW -> absolute b; 3 (B,B) absolute w,
    4 (B,W) mild b, 5 (W,B) mild w, 6 (B,B) absolute w; all others 0.5.  Met: 1-3, 1-5, 2-4,
    2-6, 3-4, 5-6.  R3 of 5 is not the final round: no topscorers (1.8).
    Bracket {1,2}: 1-2 breaks C3, both float.  Bracket {1,2 | 3,4,5,6}: 1 can only meet
    4 or 6, 2 only 3 or 5; 3-6 breaks C3.  The complete pairings: 1-4/2-3 leaves 5-6 (met),
    1-4/2-5 leaves 3-6 (C3), 1-6/2-5 leaves 3-4 (met): only 1-6, 2-3, 4-5 remains.
    Colours 5.2.1: (6,1), (3,2), (5,4).
    """
    assert pairing(C3_ROUNDS, 6, 5) == ([(6, 1), (3, 2), (5, 4)], None)


def test_c3_topscorers_may_meet_in_the_final_round():
    """C3 exempts a pair with a topscorer; topscorers exist in the final round only (1.8).

    The same history, but R3 is the last round: topscorers have more than 50 % of the
    2 points possible, i.e. 1 and 2.  Bracket {1,2}: 1-2 is now legal, and C6 pairs it if the
    rest can be completed (C4): {3,4,5,6} with 3-4, 5-6 met and 3-6 barred by C3 (both
    non-topscorers, absolute w) leaves 3-5, 4-6.  Colours 1-2: both absolute b with equal
    CD +2 (5.2.2 cannot separate), identical histories (5.2.3 cannot), 5.2.4: the higher
    ranked 1 gets his Black: (2,1).  3-5: 3's absolute w beats 5's mild w (5.2.2): (3,5).
    4-6: 6 absolute w, 4 mild b: (6,4).  Boards: (2,1) first (2 points); then 3 before 4.
    """
    assert pairing(C3_ROUNDS, 6, 3) == ([(2, 1), (3, 5), (6, 4)], None)


# -- C4: completion ------------------------------------------------------------------------------


def test_c4_bracket_must_leave_a_completable_rest():
    """C4 (2.2): the pairing of a bracket must leave a complete round-pairing possible.

    R1: 1-3 1-0, 2-4 1-0, 5-6 draw.  R2: 4-1 1-0, 3-2 1-0, 5 and 6 absent.  Scores: 1-4 =
    1 point, 5, 6 = 0.5 (they met).  Met in {1..4}: 1-3, 1-4, 2-3, 2-4: only 1-2 and 3-4
    are left, and pairing both (2 pairs, C6 would like it) leaves 5-6, a rematch.  So the
    top bracket pairs one of them and floats the other two.  Either way C6-C13 tie (1-2:
    both mild w, 3-4: both mild b, one C12 failure each; the next bracket pairs twice).
    C14 (2.4.9): 1 and 2 downfloated in R2 (1 point against 0), 3 and 4 upfloated: floating
    3, 4 costs nothing, floating 1, 2 two failures.  So 1-2, floaters 3 and 4.  1-2: the
    same history W,B -> 5.2.4: 1 (higher) gets his w: (1,2).  Bracket {3,4 | 5,6}: S1-S2 is
    3-5, 4-6.  (C12 ties with 3-6/4-5: one failure each; nothing below separates them, so the
    first transposition.)  3 mild b vs 5 strong b (5 played W once): (3,5); 4 mild b,
    6 strong w: (6,4).  Boards: 1-2 (1 point, sum 2) first, then 3, 4 (sum 1.5).
    """
    rounds = [["1-3 1", "2-4 1", "5-6 ="], ["4-1 1", "3-2 1"]]
    assert pairing(rounds, 6, 5) == ([(1, 2), (3, 5), (6, 4)], None)


# -- C5: lowest PAB score -----------------------------------------------------------------------


def test_c5_lowest_pab_score_breaks_the_top_pair():
    """C5 (2.3): the PAB goes to the lowest score any complete round-pairing allows.

    R1: 1-5 1-0, 2-3 1-0, 4 PAB.  R2: 5-2 0-1, 3-4 1-0, 1 PAB.  Scores: 1, 2 = 2; 3, 4 = 1;
    5 = 0.  1 and 4 had the PAB (C2).  Met: 1-5, 2-3, 2-5, 3-4.  Without C5 the top bracket
    pairs 1-2 (C6), and {3,4,5} then gives 4-5 with the PAB to 3 (1 point; 3-4 met, 4 not
    eligible).  A 0-point PAB is possible: 5 out, and {1,2,3,4} pairs as 1-3, 2-4 (1-2/3-4
    has a rematch, 1-4/2-3 too).  So 1 and 2 float, 1-3, 2-4, PAB to 5.
    Colours: 1 (W,-) strong b vs 3 (B,W) mild b: 5.2.2, (3,1).  2 (W,B) mild w vs 4 (-,B)
    strong w: (4,2).  Boards: 1 before 2 (same score, same sum).
    """
    rounds = [["1-5 1", "2-3 1", "4 U"], ["5-2 0", "3-4 1", "1 U"]]
    assert pairing(rounds, 5, 5) == ([(3, 1), (4, 2)], 5)


# -- C6: number of downfloaters ------------------------------------------------------------------


def test_c6_pairs_before_colours():
    """C6 (2.4.1): minimise the downfloaters, before any colour criterion.

    R1: 1-3, 2-4 drawn; R2: 4-1, 3-2 drawn; 5 and 6 absent twice (0 points, no games).
    Bracket {1,2,3,4} at 1 point: only 1-2 and 3-4 are not rematches.  1 and 2 both have
    W,B (mild w), 3 and 4 both B,W (mild b): each pair costs one C12 failure, and floating
    the four (or two of them) to 5, 6 would cost fewer.  C6 ranks above C12: 1-2, 3-4.
    (C7 agrees here, as it always does with C6 inside one bracket: a matching can always be
    enlarged to a maximum one that still pairs everybody it paired.)
    1-2: same history, 5.2.4: (1,2).  3-4: 5.2.4, 3 gets his b: (4,3).  5-6: no
    preferences, 5.2.5: 5 is odd-numbered -> initial colour (White): (5,6).
    """
    rounds = [["1-3 =", "2-4 ="], ["4-1 =", "3-2 ="]]
    assert pairing(rounds, 6, 5) == ([(1, 2), (4, 3), (5, 6)], None)


# -- C7: scores of the downfloaters -----------------------------------------------------------


def test_c7_float_the_lower_score_even_at_a_colour_cost():
    """C7 (2.4.2): minimise the downfloaters' scores.

    R1: 1-3 1-0, 2-4 draw, 5, 6 absent.  R2: 4-1 0-1, 5-2 draw, 3-6 1-0.  Scores: 1 = 2;
    2, 3 = 1; 4, 5 = 0.5; 6 = 0.  Met: 1-3, 1-4, 2-4, 2-5, 3-6.
    Bracket {1} floats.  Bracket {1 | 2,3}: one player floats.  1-2 (3 floats, 1 point) or
    2-3 (1 floats, 2 points); 1-3 is a rematch.  1 (W,B) and 2 (W,B) are both mild w: 1-2
    costs a C12 failure that 2-3 (3 is B,W, mild b) does not; but C7 ranks above C12: 1-2.
    (Both rests are completable.)  1-2: same histories, 5.2.4: (1,2).
    Bracket {3 | 4,5}: 3-4 or 3-5 (one C12 failure either way: 3 mild b, 4 (B,W) mild b, 5
    (-,W) strong b; C13 none since 3 is mild); C14-C21 tie (4 and 5 both upfloated in R2,
    3 did not downfloat): the first transposition 3-4, 5 floats.  (4,3) by 5.2.4.
    Bracket {5 | 6}: 5 strong b, 6 (-,B) strong w: (6,5).
    """
    rounds = [["1-3 1", "2-4 ="], ["4-1 0", "5-2 =", "3-6 1"]]
    assert pairing(rounds, 6, 5) == ([(1, 2), (4, 3), (6, 5)], None)


# -- C8: the next bracket -----------------------------------------------------------------------


def test_c8_downfloater_chosen_for_the_next_bracket():
    """C8 (2.4.3): choose the downfloaters so the next bracket meets C1-C7 best.

    R1: 3-4 1-0, 1-6 1-0, 7-2 0-1, 5-8 1-0.  R2: 5-3 0-1, 8-1 0-1, 2-6 1-0, 4-7 1-0.
    Scores: 1, 2, 3 = 2; 4, 5 = 1; 6, 7, 8 = 0.  3 has met 4 and 5.
    Bracket {1,2,3}: one pair, one floater at 2 points whatever happens (C6, C7 tie).  The
    first candidate 1-2 (1 mild w, 2 mild b: perfect colours) floats 3, and {3 | 4,5} could
    only pair 4-5 and float 3 again (a 2-point downfloater there, C7).  Floating 1 or 2
    pairs the MDP in the next bracket and floats a 1-point player: C8 prefers it.  Between
    1-3 (both mild w) and 2-3 (2 mild b, 3 mild w), C12: 2-3, (3,2).
    Bracket {1 | 4,5}: 1-4 or 1-5 tie on C6-C21 (no floats on 4, 5 in R1/R2); first
    transposition 1-4: (1,4).
    Bracket {5 | 6,7,8}: 5 (W,W) absolute b; 6 (B,B) absolute w; 7 (W,B) mild w; 8 (B,W)
    mild b.  5-6/7-8 and 5-7/6-8 both grant every colour, but 6 upfloated in R2 (0 against
    2's 1 point): C15 (2.4.10) counts 6 as an MDP opponent with an upfloat in the previous
    round.  So 5-7, 6-8: (7,5), (6,8).  Boards: (3,2) (sum 4) before (1,4) (sum 3).
    """
    rounds = [["3-4 1", "1-6 1", "7-2 0", "5-8 1"], ["5-3 0", "8-1 0", "2-6 1", "4-7 1"]]
    assert pairing(rounds, 8, 5) == ([(3, 2), (1, 4), (7, 5), (6, 8)], None)


# -- C9: unplayed games of the PAB assignee ------------------------------------------------------


def test_c9_pab_to_the_player_with_fewer_unplayed_games():
    """C9 (2.4.4): minimise the unplayed games of the PAB assignee.

    R1: 1-6 0-1, 7-2 1-0, 3-8 0-1, 9-4 1-0; 5 absent (zero-point bye: unplayed, and in
    2025 no float, 1.4.3).  R2: 6-9 absent.  To pair: 1..5, all 0 points, none met.
    1, 3 (W) strong b; 2, 4 (B) strong w; 5 no preference.  S1 = {1,2}, S2 = {3,4,5}.
    1-3, 2-4 (PAB 5) fails C12 twice; 1-3, 2-5 (PAB 4) once; 1-4, 2-3 (PAB 5) grants every
    colour, and would be taken without C9, but 5 has one unplayed game and the others none.
    1-4, 2-5 (PAB 3): perfect.  Colours: (4,1), (2,5) (5 has no preference, 5.2.1).
    """
    rounds = [["1-6 0", "7-2 1", "3-8 0", "9-4 1"]]
    assert pairing(rounds, 9, 5, absent=(6, 7, 8, 9)) == ([(4, 1), (2, 5)], 3)


# -- C12, C13: colour preferences ------------------------------------------------------------


def test_c12_transposition_grants_mild_preferences():
    """C12 (2.4.7): minimise the players who do not get their colour preference.

    R1: 1-5, 3-6, 7-2, 8-4; R2: 6-1, 5-3, 2-8, 4-7; 1-4 won every game.  Bracket
    {1,2,3,4} (2 points, nobody met): 1, 3 (W,B) mild w; 2, 4 (B,W) mild b.  The first
    candidate 1-3, 2-4 fails two (mild) preferences; the next transposition 1-4, 2-3 grants
    all.  All preferences are mild, so C13 cannot see the difference: C12 decides.
    (1,4), (3,2).  Bracket {5,6,7,8} (0): 5, 6 (B,W) mild b; 7, 8 (W,B) mild w; 5-7, 6-8 is
    the first candidate and grants all: (7,5), (8,6).
    """
    rounds = [["1-5 1", "3-6 1", "7-2 0", "8-4 0"], ["6-1 0", "5-3 0", "2-8 1", "4-7 1"]]
    assert pairing(rounds, 8, 5) == ([(1, 4), (3, 2), (7, 5), (8, 6)], None)


def test_c13_strong_preference_before_mild_one():
    """C13 (2.4.8): minimise the players who do not get a strong colour preference.

    R1: 1 and 3 full-point byes, 2-5 1-0, 6-4 0-1, 7-8 draw.  R2: 1-5 1-0, 3-6 1-0,
    7-2 0-1, 4-8 1-0.  Bracket {1,2,3,4} at 2 points, nobody has met: 1, 3 (one game, W)
    strong b; 2 (W,B) mild w; 4 (B,W) mild b.  S1 = {1,2}, S2 = {3,4}.
    1-3, 2-4: one C12 failure (1 or 3), and it is a strong preference (C13).
    1-4, 2-3: one C12 failure too (4's mild b: the strong 1 gets Black, 5.2.2), no C13
    failure.  C12 ties, C13 decides: (4,1), (2,3).
    Below: 7, 8 (0.5) met, both float; 5 (B,B) absolute w, 6 (W,B) mild w, 7 (W,W)
    absolute b, 8 (B,B) absolute w.  8 can meet only 6 (5-8: C3), so 7-5, 8-6: (5,7), (8,6).
    """
    rounds = [["1 F", "3 F", "2-5 1", "6-4 0", "7-8 ="], ["1-5 1", "3-6 1", "7-2 0", "4-8 1"]]
    assert pairing(rounds, 8, 5) == ([(4, 1), (2, 3), (5, 7), (8, 6)], None)


# -- C14 and the float definitions (1.4) ----------------------------------------------------


@pytest.mark.parametrize(
    "unplayed", ["5 U", "5 F", "5-6 +"], ids=["pab", "full-bye", "forfeit-win"]
)
def test_c14_repeated_downfloat_and_what_floats(unplayed):
    """C14 (2.4.9): minimise the resident downfloaters who downfloated in the previous
    round.  1.4.3 (2025): a round scored above a loss without playing is a downfloat: the
    PAB, a full-point bye, a forfeit win.

    R1: 1-3 1-0, 4-2 0-1, and 5's unplayed point (6, when present, lost by forfeit and is
    absent in R2).  Bracket {1,2,5} (1 point): 1 (W) strong b, 2 (B) strong w, 5 no
    game.  The first candidate 1-2 (perfect colours) floats 5, who downfloated in R1: one
    C14 failure.  1-5 (next transposition) floats 2, who had no float (0 v 0): perfect.
    C5: the PAB goes to a 0-point player anyway.  (5,1) by 5.2.1.  Bracket {2 | 3,4}: 2 met
    4, so 2-3 and the PAB to 4.  2 and 3 both strong w with the same history (B): 5.2.4,
    the higher-ranked 2 gets White: (2,3).
    """
    rounds = [["1-3 1", "4-2 0", unplayed]]
    n = 6 if "-" in unplayed.split()[0] else 5
    absent = (6,) if n == 6 else ()
    assert pairing(rounds, n, 5, absent=absent) == ([(5, 1), (2, 3)], 4)


@pytest.mark.parametrize("unplayed", ["3 U", "3-5 +"], ids=["zero-point-bye", "forfeit-loss"])
def test_no_float_for_a_round_without_points(unplayed):
    """1.4.3/1.4.4 (2025): a forfeit loss or a zero-point bye (absence) is no float, so C14
    has nothing against floating that player.

    R1: 1-6 1-0, 7-2 1-0, 5-8 1-0, 3-4 1-0 (all 0 v 0: no floats).  R2: 7-1 1-0, 2-4 1-0,
    8-6 draw, and 5 absent (3 gets the PAB) or 5 loses by forfeit to 3.  Scores: 3, 7 = 2;
    1, 2, 5 = 1; 6, 8 = 0.5 (met); 4 = 0.  No float for 1 or 2 in R1, R2 (equal scores).
    Colours: 1 (W,B) mild w, 2 (B,W) mild b, 5 (W) strong b, 6 (B,B) and 4 (B,B) absolute
    w, 8 (B,W) mild b; 7 (W,W) absolute b, 3 (W) strong b.
    {3,7}: (3,7) (7's absolute b beats 3's strong b, 5.2.2).  {1,2,5}: 1-2 floats 5, 1-5
    floats 2 (2-5 floats 1, who then finds no partner: 1-6 met and 6-4 is C3, against C4).
    Both are perfect on C6-C13 and the next bracket pairs once either way (5-6 or 2-6, then
    8-4).  Were 5's round a downfloat, C14 would choose 1-5; it is none, so the first
    candidate 1-2: (1,2).  {5 | 6,8}: 5-8 met: (6,5).  {8 | 4}: (4,8).
    """
    rounds = [["1-6 1", "7-2 1", "5-8 1", "3-4 1"], ["7-1 1", "2-4 1", "8-6 =", unplayed]]
    assert pairing(rounds, 8, 5) == ([(3, 7), (1, 2), (6, 5), (4, 8)], None)


def test_c9_in_a_heterogeneous_last_bracket():
    """C9 (2.4.4) in the last bracket, which here has an MDP: the PAB goes to the player
    with fewer unplayed games, above the colour criteria.

    R1: 1-4 1-0, 5-2 1-0, 3 absent.  R2: 5-1 0-1, 2-4 1-0, 6-3 0-1.  R3: 4, 5, 6 absent.
    To pair: 1 (2 points), 2, 3 (1 point).  1 (W,B) mild w, 2 (B,W) mild b, 3 (-,B)
    strong w; 3 has one unplayed game, 2 none.  {1} floats; {1 | 2,3} is the last
    bracket: 1 must be paired (C7), one of 2, 3 gets the PAB (C5: both have 1 point and
    are eligible).  The first candidate 1-2 grants both colours and leaves the PAB to 3;
    1-3 costs 1 his colour (3's strong w wins, 5.2.2) but gives the PAB to 2, who has fewer
    unplayed games: C9 ranks above C12.  (3,1), PAB 2.
    """
    rounds = [["1-4 1", "5-2 1"], ["5-1 0", "2-4 1", "6-3 0"]]
    assert pairing(rounds, 6, 5, absent=(4, 5, 6)) == ([(3, 1)], 2)


# -- C10, C11: final-round topscorers ------------------------------------------------------

C10_ROUNDS = [
    ["1-5 1", "3-6 1", "7-2 0", "8-4 0"],
    ["1-6 1", "3-5 1", "2-8 1", "4-7 1"],
    ["2-1 =", "7-3 =", "5-4 =", "6-8 ="],
    ["1-7 1", "3-8 1", "5-2 0", "4-6 1"],
]


def test_c10_topscorer_colour_difference_beyond_two():
    """C10 (2.4.5): in the final round, minimise the topscorers (or opponents) who would get
    a colour difference above +2 or below -2.

    R5 of 5.  1, 2, 3, 4 have 3.5 of 4 points: topscorers (1.8, > 2); 5-8 have 0.5.  Among
    the topscorers only 1-2 met.  1 and 3: W,W,B,W (CD +2: absolute b, no repeated colour);
    2: B,W,W,B (mild w); 4: B,W,B,W (mild b).  Bracket {1,2,3,4}: S1 = {1,2}, S2 = {3,4}.
    1-3 is legal only because both are topscorers (C3).  5.2.2 cannot separate two
    absolute b with the same CD, 5.2.3 finds no round where they differed, 5.2.4 gives 1
    his Black: 3 gets White and CD +3: a C10 failure (not C11: B,W,W is no triple).  2-4:
    preferences granted.  Next transposition 1-4, 2-3: 1 gets Black (absolute beats mild),
    4 gets White (CD +1), 2-3 grants both: no C10 failure.  Both candidates fail one C12
    preference (3, resp. 4), so without C10 the first one would stay.  (4,1), (2,3).
    Bracket {5,6,7,8}: 5 (B,B,W,W) absolute b, 6 (B,B,W,B) absolute w, 7 (W,B,W,B) mild w,
    8 (W,B,B,B) absolute w; 6-8 met.  5-7, 6-8 is out; 5-8, 6-7 (one failure, 7) is the next
    transposition and as good as any other (5-6, 7-8 also fails 7): (8,5), (6,7).
    """
    assert pairing(C10_ROUNDS, 8, 5) == ([(4, 1), (2, 3), (8, 5), (6, 7)], None)


def test_c11_topscorer_same_colour_three_times():
    """C11 (2.4.6): in the final round, minimise the topscorers (or opponents) who would get
    the same colour three times in a row.

    R5 of 5.  R1: 5-1, 7-3, 6-2, 8-4; R2: 6-1, 8-3, 2-5, 4-7; R3: 1-8, 3-6, 2-7, 5-4
    (1-4 win all); R4: 1-2, 3-5, 4-6, 7-8 drawn.  1-4 have 3.5 (topscorers), 5-8 0.5.
    1 and 3: B,B,W,W (CD 0, absolute b by the repeated W); 2: B,W,W,B mild w; 4: B,W,B,W
    mild b.  S1 = {1,2}, S2 = {3,4}.  1-3 (legal: topscorers): same strength, same CD,
    same history, 5.2.4: 1 gets Black, 3 White for the third time running (C11 failure; CD
    only +1, so no C10 failure).  1-4, 2-3: 4 gets White after B,W (no triple), 2-3 grants
    both.  C12 ties (one failure each): C11 decides.  (4,1), (2,3).
    Bracket {5,6,7,8}: 5 (W,B,W,B) mild w, 6 (W,W,B,B) absolute w, 7 (W,B,B,W) mild b,
    8 (W,W,B,B) absolute w; 7-8 met, 6-8 barred by C3: only 5-8, 6-7: (8,5), (6,7).
    """
    rounds = [
        ["5-1 0", "7-3 0", "6-2 0", "8-4 0"],
        ["6-1 0", "8-3 0", "2-5 1", "4-7 1"],
        ["1-8 1", "3-6 1", "2-7 1", "5-4 0"],
        ["1-2 =", "3-5 =", "4-6 =", "7-8 ="],
    ]
    assert pairing(rounds, 8, 5) == ([(4, 1), (2, 3), (8, 5), (6, 7)], None)


# -- C15-C21: float criteria ---------------------------------------------------------------


def _two_rounds_back(rounds, n, absent=()):
    """Insert a round in which only two extra players (n+1, n+2) play, so that the floats
    of the last given round move two rounds back.  Everyone else is absent in it: a
    zero-point bye, no float (1.4.3), no colour (1.6).  The extra players are absent in the
    round paired.  Returns (rounds, n, absent)."""
    return rounds + [[f"{n + 1}-{n + 2} ="]], n + 2, tuple(absent) + (n + 1, n + 2)


C15_ROUNDS = [["1-4 1", "5-2 1", "3-6 1"], ["5-1 0", "2-3 1", "6-4 0"]]


def test_c15_mdp_opponent_with_an_upfloat():
    """C15 (2.4.10): minimise the MDP opponents who upfloated in the previous round.

    R1: 1-4 1-0, 5-2 1-0, 3-6 1-0.  R2: 5-1 0-1, 2-3 1-0 (2 had 0, 3 had 1: 2 upfloats,
    3 downfloats), 6-4 0-1.  Scores: 1 = 2; 2, 3, 4, 5 = 1; 6 = 0.  Met: 1-4, 1-5, 2-3,
    2-5, 3-6, 4-6.  Colours: 1 (W,B) mild w, 2 (B,W) mild b, 3 (W,B) mild w, 4 (B,B)
    absolute w, 5 (W,W) absolute b, 6 (B,W) mild b.
    Bracket {1} floats; {1 | 2,3,4,5}: 1 can meet 2 or 3; one resident floats to {6}, and
    only 5 can meet 6.  So 1-2, 3-4 or 1-3, 2-4 (or 1-3, 4-5 with 2 floating: 2-6 is legal).
    1-2, 3-4: one C12 failure (3); 1-3, 2-4: one (1 or 3); 1-3, 4-5: one.  C14: the
    floater 5 or 2 had no downfloat.  C15: 1-2 pairs the MDP with 2, who upfloated in R2:
    one failure; the others none.  The first of those: 1-3 with the remainder {2,4,5},
    S1R = {2}: 2-4, 5 floats.  1-3: same history, 5.2.4 (1,3); 2-4: (4,2); 5-6: 5's
    absolute b: (6,5).
    """
    assert pairing(C15_ROUNDS, 6, 5) == ([(1, 3), (4, 2), (6, 5)], None)


def test_c17_mdp_opponent_with_an_upfloat_two_rounds_before():
    """C17 (2.4.12): as C15, for the upfloat two rounds before: the C15 position with a
    round in between in which those six players do not play.  The same pairing."""
    rounds, n, absent = _two_rounds_back(C15_ROUNDS, 6)
    assert pairing(rounds, n, 6, absent=absent) == ([(1, 3), (4, 2), (6, 5)], None)


def test_c16_resident_downfloater_two_rounds_before():
    """C16 (2.4.11): minimise the resident downfloaters who downfloated two rounds before.

    R1: 1-3 1-0, 4-2 0-1, 5 PAB, 6, 7, 8 full-point byes (all these byes are downfloats,
    1.4.3).  R2: 6-1 0-1, 2-7 1-0, 8-5 0-1 (1 v 1: no floats); 3, 4 absent.  Scores:
    1, 2, 5 = 2; 6, 7, 8 = 1; 3, 4 = 0.  Colours: 1 (W,B) mild w, 2 (B,W) mild b, 5 (-,B)
    strong w, 6 (-,W) strong b, 7 (-,B) strong w, 8 (-,W) strong b, 3 (B) strong w,
    4 (W) strong b.
    Bracket {1,2,5}: 1-2 (perfect colours) floats 5, who downfloated two rounds before (R1,
    the PAB); 1-5 fails a colour (both w); 2-5 grants both and floats 1 (no float in R1
    or R2).  C8 ties (the next bracket pairs twice in each case).  C16: 2-5, (5,2).
    {1 | 6,7,8}: 1 met 6; 1-7 would leave 6-8 (both strong b), 1-8 leaves 6-7: perfect:
    (1,8), (7,6).  {3,4}: (3,4).  Boards: (5,2) (sum 4) before (1,8) (sum 3).
    """
    rounds = [["1-3 1", "4-2 0", "5 U", "6 F", "7 F", "8 F"], ["6-1 0", "2-7 1", "8-5 0"]]
    assert pairing(rounds, 8, 5) == ([(5, 2), (1, 8), (7, 6), (3, 4)], None)


C18_ROUNDS = [["1-2 =", "3-4 1", "5-6 ="], ["5-1 0", "4-2 0"]]


def test_c18_pair_the_mdp_that_downfloated_before():
    """C18 (2.4.13): minimise the score differences of the MDPs who downfloated in the
    previous round (a downfloater's own difference is larger than any pair's).

    R1: 1-2 draw, 3-4 1-0, 5-6 draw.  R2: 5-1 0-1 (0.5 v 0.5), 4-2 0-1 (2 had 0.5, 4 had
    0: 2 downfloats); 3, 6 absent.  Scores: 1, 2 = 1.5; 3 = 1; 5, 6 = 0.5; 4 = 0.  Colours:
    1 (W,B) mild w, 2 (B,B) absolute w, 3 (W) strong b, 4 (B,W) mild b, 5 (W,W) absolute b,
    6 (B) strong w.
    {1,2}: met, both float.  {1,2 | 3}: one MDP pairs with 3, the other floats (C6, C7
    tie); both 1-3 and 2-3 grant the colours; the next bracket pairs once either way (C8);
    C14 does not count MDPs.  C18: 2 downfloated in R2, so pairing 2 leaves no such MDP
    unpaired.  Without it 4.4 would pair the first MDP, 1.  So 2-3, (2,3).
    {1 | 5,6}: 1 met 5: 1-6 (6's strong w beats 1's mild w): (6,1).  {5 | 4}: (4,5).
    """
    assert pairing(C18_ROUNDS, 6, 5) == ([(2, 3), (6, 1), (4, 5)], None)


def test_c20_pair_the_mdp_that_downfloated_two_rounds_before():
    """C20 (2.4.15): as C18, for the downfloat two rounds before.  The same pairing."""
    rounds, n, absent = _two_rounds_back(C18_ROUNDS, 6)
    assert pairing(rounds, n, 6, absent=absent) == ([(2, 3), (6, 1), (4, 5)], None)


def test_44_mdp_set_by_smallest_bsn():
    """4.4: among the valid MDP sets, the one with the smallest differing BSN first.

    The C18 position, but 2's R2 opponent is 6 (0.5 v 0.5: no float), and 3, 4 are absent
    in R2.  Scores: 1, 2 = 1.5; 3 = 1; 5, 6 = 0.5; 4 = 0.  1 (W,B) mild w, 2 (B,B)
    absolute w, 3 (W) strong b, 5 (W,W) absolute b, 6 (B,W) mild b, 4 (B) strong w.
    {1,2 | 3}: 1-3 and 2-3 now tie on every criterion (colours granted, the next bracket pairs
    once: 1-6 or 2-5, no floats anywhere), so the MDP set {1} (BSN 1) comes before {2}:
    1-3, (1,3).  {2 | 5,6}: 2 met 6: (2,5).  {6 | 4}: 4's strong w: (4,6).
    """
    rounds = [["1-2 =", "3-4 1", "5-6 ="], ["5-1 0", "6-2 0"]]
    assert pairing(rounds, 6, 5) == ([(1, 3), (2, 5), (4, 6)], None)


C19_ROUNDS = [["1-2 =", "4-5 =", "6-7 ="], ["5-1 0", "2-6 =", "3-7 ="]]


def test_c19_upfloater_meets_the_lower_mdp():
    """C19 (2.4.14): minimise the score differences of the MDP opponents who upfloated in
    the previous round.

    R1: 1-2, 4-5, 6-7 drawn, 3 absent.  R2: 5-1 0-1, 2-6 draw, 3-7 draw (3 had 0, 7 had
    0.5: 3 upfloats).  R3: 5, 6, 7 absent.  To pair: 1 (1.5), 2 (1), 3 (0.5), 4 (0.5).
    {1} floats, {1 | 2}: 1-2 met, both float.  {1,2 | 3,4}: 1 (W,B) mild w, 2 (B,W) mild b,
    3 (W) strong b, 4 (W) strong b.  1-3, 2-4 and 1-4, 2-3 both fail one preference (2's),
    C13 none (2 is mild); C15: 3 is an MDP opponent with an upfloat either way.  C19: 3's
    score difference is 1 against 1 and 0.5 against 2: 1-4, 2-3.  (1,4), (2,3).
    """
    assert pairing(C19_ROUNDS, 7, 5, absent=(5, 6, 7)) == ([(1, 4), (2, 3)], None)


def test_c21_upfloater_two_rounds_before_meets_the_lower_mdp():
    """C21 (2.4.16): as C19, for the upfloat two rounds before.  The same pairing."""
    rounds, n, absent = _two_rounds_back(C19_ROUNDS, 7, absent=(5, 6, 7))
    assert pairing(rounds, n, 6, absent=absent) == ([(1, 4), (2, 3)], None)


# -- Art. 4: the generation order ------------------------------------------------------------


def test_42_transpositions_in_lexicographic_order():
    """4.2: the S2 transpositions are tried in lexicographic order of their BSNs.

    R1: 1-4, 2-6, 3-5, all drawn: one bracket at 0.5.  1, 2, 3 (W) strong b; 4, 5, 6 (B)
    strong w: every S1-S2 pair is colour-perfect, only rematches fail.  S1 = {1,2,3},
    S2 = {4,5,6}: 4-5-6 (1-4 met), 4-6-5 (1-4, 2-6 met), then 5-4-6: 1-5, 2-4, 3-6, perfect.
    (6-5-4, i.e. 1-6, 2-5, 3-4, is perfect too but comes later.)  (5,1), (4,2), (6,3).
    """
    assert pairing([["1-4 =", "2-6 =", "3-5 ="]], 6, 5) == ([(5, 1), (4, 2), (6, 3)], None)


def test_43_exchange_with_the_highest_player_out_first():
    """4.3: exchanges by (1) fewest players, (2) smallest BSN-sum difference, (3) the highest
    differing BSN moved from S1, (4) the lowest moved from S2.

    R1: 1-5 and 6-2 drawn, 3 and 4 half-point byes: all at 0.5.  1, 6 (W) strong b; 5, 2
    (B) strong w; 3, 4 no preference.  Met: 1-5, 2-6.  S1 = {1,2,3}, S2 = {4,5,6}.
    Transpositions: 4-5-6 (2-5 both w), 6-4-5 (1-6 both b) fail one colour each, 6-5-4 two,
    the rest are rematches.  Exchange 3<->4 (difference 1): S1 = {1,2,4}, S2 = {3,5,6}:
    1-3 needs 2-5 (colour) or 2-6 (met); 1-6 fails a colour: no perfect candidate.
    Difference 2: 3<->5 and 2<->4; 3 is the higher BSN moved out, so 3<->5 first:
    S1 = {1,2,5}, S2 = {3,4,6}: 1-3, 2-4, 5-6: perfect.  (2<->4 would have given the
    different perfect pairing 1-2, 3-5, 4-6.)  Colours: 3 has none, 1's b: (3,1); (2,4);
    5 w, 6 b: (5,6).
    """
    rounds = [["1-5 =", "6-2 =", "3 H", "4 H"]]
    assert pairing(rounds, 6, 5) == ([(3, 1), (2, 4), (5, 6)], None)


def test_43_smaller_bsn_sum_difference_before_higher_player_out():
    """4.3 rule 2 before rule 3: exchange 3<->5 (difference 2) before 4<->7 (difference 3),
    although 4 is the higher BSN moved out.

    R1: 2-6, 7-3, 4-5, 1-8; R2: 6-4, 7-1, 2-8, 5-3; all drawn: one bracket at 1 point.
    Preferences: 1 (W,B) mild w, 4 (W,B) mild w, 3 (B,B) absolute w, 8 (B,B) absolute w;
    5 (B,W) mild b, 6 (B,W) mild b, 2 (W,W) absolute b, 7 (W,W) absolute b.  A perfect
    candidate pairs every w with a b, without rematches (2-6, 3-7, 4-5, 1-8, 4-6, 1-7, 2-8,
    3-5): 1 can take 2, 5, 6; 3: 2, 6; 4: 2, 7; 8: 5, 6, 7.
    S1 = {1,2,3,4}: 2 needs 8 from S2 (met): no perfect transposition.  4<->5
    (difference 1): S1 = {1,2,3,5}, 1 and 3 both need 6.  4<->6 (difference 2, higher out
    than 3<->5): 3 needs 5 or 7, both met.  3<->5: S1 = {1,2,4,5}, S2 = {3,6,7,8}: 1-6,
    2-3, 4-7, 5-8, perfect.
    (4<->7 would give the different perfect 1-5, 2-4, 3-6, 7-8.)
    Colours: (1,6), (3,2), (4,7), (8,5).
    """
    rounds = [["2-6 =", "7-3 =", "4-5 =", "1-8 ="], ["6-4 =", "7-1 =", "2-8 =", "5-3 ="]]
    assert pairing(rounds, 8, 5) == ([(1, 6), (3, 2), (4, 7), (8, 5)], None)


def test_43_fewer_players_exchanged_before_smaller_sum_difference():
    """4.3 rule 1 before rule 2: the one-player exchange 2<->7 (difference 5) before the
    two-player exchange 3,4<->5,6 (difference 4).

    R1: 8-2, 7-1, 4-5 drawn, 3 and 6 half-point byes; R2: 7-3, 4-8, 5-1, 2-6 drawn.  All
    at 1 point.  w: 1 (B,B) absolute, 3 (-,B) strong, 6 (-,B) strong, 8 (W,B) mild;
    b: 2 (B,W) mild, 4 (W,W) absolute, 5 (B,W) mild, 7 (W,W) absolute.  Met: 2-8, 1-7, 4-5,
    3-7, 4-8, 1-5, 2-6.  Perfect partners: 1: 2, 4; 3: 2, 4, 5; 6: 4, 5, 7; 8: 5, 7.
    S1 = {1,2,3,4}: 1 needs 2 or 4, both in S1: no perfect transposition.  One-player
    exchanges in order: 4<->5 (1 and 3 both need 4), 4<->6 (2 needs 8: met), 3<->5 (1 finds
    no partner in {3,6,7,8}), 4<->7 (2 needs 6 or 8: met), 3<->6 (1 again), 2<->5 (1 and 3
    both need 2), 4<->8 (2 needs 6), 3<->7 (1 needs 5: met), 2<->6 (4 needs 8: met), 1<->5
    (3 needs 7: met), 3<->8 (1 needs 5 or 7: met), then 2<->7: S1 = {1,3,4,7},
    S2 = {2,5,6,8}: 1-2, 3-5, 4-6, 7-8, perfect.  (The exchange 3,4<->5,6, smaller
    difference but two players, would give the different perfect 1-4, 2-3, 5-8, 6-7.)
    Colours: (1,2), (3,5), (6,4), (8,7).
    """
    rounds = [["8-2 =", "7-1 =", "4-5 =", "3 H", "6 H"], ["7-3 =", "4-8 =", "5-1 =", "2-6 ="]]
    assert pairing(rounds, 8, 5) == ([(1, 2), (3, 5), (6, 4), (8, 7)], None)


# -- Board order (C.04.2) -----------------------------------------------------------------


def test_board_order_by_the_higher_players_score():
    """C.04.2 board order: the score of the pair's higher player first, then the sum of the
    scores, then the higher player's TPN.

    R1: 1-4 0-1, 5-2 0-1, 3-6 1-0.  Bracket {2,3,4} (1 point): 2 (B) strong w, 3 (W)
    strong b, 4 (B) strong w; S1 = {2}, S2 = {3,4}: 2-3 grants both: (2,3), 4 floats (no
    float in R1 for anybody).  {4 | 1,5,6}: 4 met 1; 4-5 (5 had W): (4,5); remainder 1-6:
    (6,1).  Boards: 2-3 and 4-5 have a 1-point higher player (sums 2 and 1), 1-6 has 0
    points: TPN 1's board is last.
    """
    assert pairing([["1-4 0", "5-2 0", "3-6 1"]], 6, 5) == ([(2, 3), (4, 5), (6, 1)], None)


def test_board_order_sum_before_tpn():
    """C.04.2 board order: with equal higher scores the larger sum comes first.  In the C8
    position (see test_c8_...) 2-3 (2 + 2 points) is board 1 and 1-4 (2 + 1 points) board 2,
    although 1 has the smaller TPN; then 5-7 (higher player 1 point), 6-8 (0).
    """
    rounds = [["3-4 1", "1-6 1", "7-2 0", "5-8 1"], ["5-3 0", "8-1 0", "2-6 1", "4-7 1"]]
    boards, _ = pairing(rounds, 8, 5)
    assert boards == [(3, 2), (1, 4), (7, 5), (6, 8)]


# -- Art. 5: colour allocation cases ---------------------------------------------------------


def _player(tpn, rank, score, colours):
    from trfaudit.engine.dutch.players import PlayerState, colour_data

    class Played:
        def __init__(self, c):
            self.played, self.colour = True, c

    p = PlayerState(tpn=tpn, rank=rank, score=score, games=[Played(c) for c in colours])
    colour_data(p)
    return p


@pytest.mark.parametrize(
    "a, b, expected",
    [
        # 5.2.1: b has no preference (no game): a's preference (b, after White) is granted.
        ((1, 0, 10, ["w"]), (2, 1, 10, []), ("b", "5.2.1")),
        # 5.2.2, both absolute for Black (final-round topscorers): the wider CD gets it.
        # a: W,W,W (CD +3) beats b: B,W,W (CD +1, absolute by repetition) ...
        ((1, 0, 10, ["w", "w", "w"]), (2, 1, 10, ["b", "w", "w"]), ("b", "5.2.2")),
        # ... also when a is the lower-ranked player.
        ((2, 1, 10, ["w", "w", "w"]), (1, 0, 10, ["b", "w", "w"]), ("b", "5.2.2")),
        # ... and when the higher-ranked a has the narrower CD, b gets Black, a White.
        ((1, 0, 10, ["b", "w", "w"]), (2, 1, 10, ["w", "w", "w"]), ("w", "5.2.2")),
        # 5.2.2 strong beats mild, also for the lower-ranked player: a (B,W) mild b against
        # b (W) strong b: b gets Black, a White.
        ((1, 0, 10, ["b", "w"]), (2, 1, 10, ["w"]), ("w", "5.2.2")),
        # 5.2.3 with both absolute and equal CD (+2): a W,B,W,W, b B,W,W,W; latest round where they
        # differ is the third from last (a B, b W): a gets White.
        ((1, 0, 10, ["w", "b", "w", "w"]), (2, 1, 10, ["b", "w", "w", "w"]), ("w", "5.2.3")),
        # 5.2.4: the higher-ranked player is the one with the higher score, not the lower TPN.
        ((2, 1, 20, ["w"]), (1, 0, 10, ["w"]), ("b", "5.2.4")),
        ((1, 0, 10, ["w"]), (2, 1, 20, ["w"]), ("w", "5.2.4")),
        # 5.2.5: no history at all; the higher-ranked player has an even TPN: the colour
        # opposite to the initial one (White here), so Black.
        ((2, 1, 10, []), (3, 2, 10, []), ("b", "5.2.5")),
        ((3, 2, 10, []), (2, 1, 10, []), ("w", "5.2.5")),
    ],
)
def test_colour_allocation_more_cases(a, b, expected):
    """Art. 5.2.1-5.2.5 (digest §5): each case's comment gives the rule that decides."""
    from trfaudit.engine.dutch.colours import allocate

    assert allocate(_player(*a), _player(*b), "w") == expected
