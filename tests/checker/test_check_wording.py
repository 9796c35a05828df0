"""Each quality criterion's sentence and values, in its edition's words, on hand-made positions.

Every position is a bracket written out by hand: players with a score (in half points:
``4`` is 2.0), a colour preference (1.7) and float history (1.4), and two candidates, the
record's and the engine's.  The expected values are counted by hand from the rule's text
(dutch-rules.md §2, §7, §10), not taken from the code: e.g. C14 counts the *resident
downfloaters* who downfloated in the previous round, 2017's C.6 the PSD of A.8 (a pair's
score difference; a downfloater's score minus the bracket's lowest score less one point).

C1-C3 (and 2017 C.1-C.3, 2012 B.1/B.2) are absolute: their sentences are the legality
check's (tests/checker/test_check_legality.py, test_check_tamper.py).  C4 (2017 C.4, 2012
C.13), completion, cannot be failed by a recorded round that is complete and legal, which is
the only kind compared on quality: it has no sentence.
"""

from __future__ import annotations

import pytest

from trfaudit.engine.dutch.criteria import Context
from trfaudit.engine.dutch.editions import EDITION_2012, EDITION_2017, EDITION_2025
from trfaudit.engine.dutch.players import DOWN, UP, PlayerState
from trfaudit.engine.dutch.texts.wording import Bracket, Candidate, measure, sentence, what

NAMES = {
    1: "Adams, Ann",
    2: "Brown, Ben",
    3: "Clark, Cy",
    4: "Dunn, Di",
    5: "Evans, Ed",
    6: "Fox, Flo",
}


def ps(
    tpn: int,
    score: int,
    *,
    pref: str | None = None,
    strong: bool = False,
    imbalance: int = 0,
    repeated: str | None = None,
    colours: str = "",
    floats: dict[int, str | None] | None = None,
    played: int = 4,
    topscorer: bool = False,
) -> PlayerState:
    return PlayerState(
        tpn=tpn,
        rank=tpn - 1,
        score=score,
        games=[],
        played=played,
        imbalance=imbalance,
        preference=pref,
        repeated=repeated,
        strong=strong,
        colours=list(colours),
        floats=dict(floats or {}),
        topscorer=topscorer,
    )


def bracket(
    players: list[PlayerState],
    mdps: list[int],
    residents: list[int],
    next_group: list[int] = (),
    *,
    rounds_played: int = 4,
    **ctx,
) -> Bracket:
    context = Context(
        bye_score=ctx.pop("bye_score", 0),
        odd=False,
        single_downfloater_is_pab=ctx.pop("single", False),
        played_rank={},
        rounds_played=rounds_played,
        point=2,
        **ctx,
    )
    return Bracket(
        score=players[-1].score,
        mdps=mdps,
        residents=residents,
        next_group=list(next_group),
        context=context,
        states={p.tpn: p for p in players},
        show=lambda v: f"{v / 2:.1f}",
        round=rounds_played + 1,
        initial="w",
    )


def crit(edition, key):
    return next((c for c in edition.criteria() if c.key == key), None)


def check(
    edition, key, br, rec: Candidate, eng: Candidate, rec_value: str, eng_value: str, expected: str
) -> None:
    r = measure(key, crit(edition, key), edition, br, rec)
    e = measure(key, crit(edition, key), edition, br, eng)
    assert (r.value, e.value) == (rec_value, eng_value)
    assert (
        sentence(edition, key, r, e, NAMES)
        == f"{edition.label(key)} ({what(edition, key)}): " + expected
    )


# -- a homogeneous bracket of four 2.0 players (rounds 1-4 played) ---------------------------
FOUR = [ps(1, 4), ps(2, 4), ps(3, 4), ps(4, 4)]


def test_c6_counts_downfloaters_2025_and_pairs_2017_2012():
    br = bracket(FOUR, [], [1, 2, 3, 4])
    rec = Candidate([(1, 3)], [2, 4])  # 2 and 4 left for the next bracket
    eng = Candidate([(1, 3), (2, 4)], [])
    check(
        EDITION_2025,
        "C6",
        br,
        rec,
        eng,
        "2",
        "0",
        "the record has 2 (Brown, Ben (2); Dunn, Di (4)); the engine's pairing has none",
    )
    assert EDITION_2025.label("C6") == "C6" and "downfloaters" in what(EDITION_2025, "C6")
    check(
        EDITION_2017,
        "C6",
        br,
        rec,
        eng,
        "1 pair",
        "2 pairs",
        "the record has 1 pair; the engine's pairing has 2 pairs",
    )
    assert EDITION_2017.label("C6") == "C.5"
    check(
        EDITION_2012,
        "C6",
        br,
        rec,
        eng,
        "1 pair",
        "2 pairs",
        "the record has 1 pair; the engine's pairing has 2 pairs",
    )
    assert EDITION_2012.label("C6") == "C.14"


def test_c7_downfloater_scores_2025_and_psd_2017_2012():
    # MDP 1 (3.0) moved down to residents 2, 3, 4 (2.0).  The record pairs 2-3 and floats
    # 1 and 4: downfloater scores [3.0, 2.0]; the engine pairs 1-2 and floats 3, 4: [2.0, 2.0].
    players = [ps(1, 6), ps(2, 4), ps(3, 4), ps(4, 4)]
    br = bracket(players, [1], [2, 3, 4])
    rec = Candidate([(2, 3)], [1, 4])
    eng = Candidate([(1, 2)], [3, 4])
    check(
        EDITION_2025,
        "C7",
        br,
        rec,
        eng,
        "[3.0, 2.0]",
        "[2.0, 2.0]",
        "the record has [3.0, 2.0] (Adams, Ann (1); Dunn, Di (4)); the engine's pairing "
        "has [2.0, 2.0] (Clark, Cy (3); Dunn, Di (4))",
    )
    # 2017 A.8: lowest score 2.0, so a downfloater's SD is its score - 1.0.  Record: the
    # pair 2-3 SD 0, downfloaters 1 (3.0 - 1.0 = 2.0) and 4 (1.0): [2.0, 1.0, 0.0].
    # Engine: the pair 1-2 SD 1.0, downfloaters 3 and 4 (1.0 each): [1.0, 1.0, 1.0].
    check(
        EDITION_2017,
        "C7",
        br,
        rec,
        eng,
        "[2.0, 1.0, 0.0]",
        "[1.0, 1.0, 1.0]",
        "the record has [2.0, 1.0, 0.0] (Adams, Ann (1); Dunn, Di (4)); the engine's "
        "pairing has [1.0, 1.0, 1.0] (Clark, Cy (3); Dunn, Di (4))",
    )
    assert EDITION_2017.label("C7") == "C.6"
    check(
        EDITION_2012,
        "C7",
        br,
        rec,
        eng,
        "[2.0, 1.0, 0.0]",
        "[1.0, 1.0, 1.0]",
        "the record has [2.0, 1.0, 0.0] (Adams, Ann (1); Dunn, Di (4)); the engine's "
        "pairing has [1.0, 1.0, 1.0] (Clark, Cy (3); Dunn, Di (4))",
    )
    assert EDITION_2012.label("C7") == "B.3"


def test_c8_the_next_bracket():
    # Bracket 2.0: 1, 2, 3; next scoregroup 1.0: 4, 5, 6.  The record floats 1 and its next
    # bracket pairs 1-4 only (5 and 6 float on: [1.0, 1.0]); the engine floats 3 and pairs
    # 3-4 and 5-6 there (2 pairs, no downfloater).
    players = [ps(1, 4), ps(2, 4), ps(3, 4), ps(4, 2), ps(5, 2), ps(6, 2)]
    br = bracket(players, [], [1, 2, 3], [4, 5, 6])
    rec = Candidate([(2, 3)], [1], [(1, 4)], [5, 6])
    eng = Candidate([(1, 2)], [3], [(3, 4), (5, 6)], [])
    check(
        EDITION_2025,
        "C8a",
        br,
        rec,
        eng,
        "1 pair",
        "2 pairs",
        "the record has 1 pair; the engine's pairing has 2 pairs",
    )
    check(
        EDITION_2025,
        "C8b",
        br,
        rec,
        eng,
        "[1.0, 1.0]",
        "none",
        "the record has [1.0, 1.0] (Evans, Ed (5); Fox, Flo (6)); the engine's pairing has none",
    )
    assert EDITION_2025.label("C8a") == EDITION_2025.label("C8b") == "C8"
    check(
        EDITION_2017,
        "C8a",
        br,
        rec,
        eng,
        "1 pair",
        "2 pairs",
        "the record has 1 pair; the engine's pairing has 2 pairs",
    )
    # 2017 C.7: the next bracket's PSD (A.8 with its lowest score 1.0: a downfloater's SD
    # is its score - 0.0).  Record: 1-4 SD 1.0, 5 and 6 SD 1.0 each; engine: 3-4 SD 1.0,
    # 5-6 SD 0.
    check(
        EDITION_2017,
        "C8b",
        br,
        rec,
        eng,
        "[1.0, 1.0, 1.0]",
        "[1.0, 0.0]",
        "the record has [1.0, 1.0, 1.0] (Evans, Ed (5); Fox, Flo (6)); the engine's "
        "pairing has [1.0, 0.0]",
    )
    assert EDITION_2017.label("C8a") == "C.7" and EDITION_2012.label("C8a") == "C.12"
    check(
        EDITION_2012,
        "C8a",
        br,
        rec,
        eng,
        "1 pair",
        "2 pairs",
        "the record has 1 pair; the engine's pairing has 2 pairs",
    )


def test_c9_unplayed_games_of_the_pab_receiver():
    # The last bracket (0.0, four rounds played): 3 played every game, 4 only two.  The
    # record leaves 4 unpaired (the PAB: 2 unplayed games), the engine 3 (none unplayed).
    players = [ps(1, 0, played=4), ps(2, 0, played=4), ps(3, 0, played=4), ps(4, 0, played=2)]
    br = bracket(players, [], [1, 2, 3, 4], bye_score=0, single=True)
    rec = Candidate([(1, 3)], [4])
    eng = Candidate([(1, 2)], [3])
    check(
        EDITION_2025,
        "C9",
        br,
        rec,
        eng,
        "2",
        "0",
        "the record has 2 (Dunn, Di (4, 2 unplayed)); the engine's pairing has 0 "
        "(Clark, Cy (3, 0 unplayed))",
    )
    assert EDITION_2025.label("C9") == "C9"


# -- colours: the player who does not get his preference is named (Art. 5 gives colours) -----
def test_c10_topscorers_colour_difference():
    # Final round: 1 (CD +3, absolute for black) and 2 (CD +2, absolute for black), both
    # topscorers.  5.2.2: the wider CD wins, 1 gets black, 2 ends with CD +3.
    players = [
        ps(1, 8, pref="b", imbalance=3, topscorer=True),
        ps(2, 8, pref="b", imbalance=2, topscorer=True),
        ps(3, 8, pref="w", imbalance=2),
        ps(4, 8, pref="b", strong=True, imbalance=1),
    ]
    br = bracket(players, [], [1, 2, 3, 4])
    rec = Candidate([(1, 2), (3, 4)], [])
    eng = Candidate([(1, 3), (2, 4)], [])
    for ed, label in ((EDITION_2025, "C10"), (EDITION_2017, "C.8"), (EDITION_2012, "B.2")):
        assert ed.label("C10") == label
        check(
            ed,
            "C10",
            br,
            rec,
            eng,
            "1",
            "0",
            "the record has 1 (Brown, Ben (2, prefers black)); the engine's pairing has none",
        )


def test_c11_topscorers_same_colour_three_times():
    # Final round, six games played: 1 (b b w b w w) and 2 (b b b w w w), both CD 0 and
    # white in the last two games (absolute for black), topscorers.  5.2.3: in the latest
    # game with different colours (three back) 1 had black, so 1 gets white - a third
    # white in a row.
    players = [
        ps(1, 8, pref="b", repeated="w", colours="bbwbww", topscorer=True),
        ps(2, 8, pref="b", repeated="w", colours="bbbwww", topscorer=True),
        ps(3, 8, pref="w", colours="wb"),
        ps(4, 8, pref="w", colours="wb"),
    ]
    br = bracket(players, [], [1, 2, 3, 4])
    rec = Candidate([(1, 2), (3, 4)], [])
    eng = Candidate([(1, 3), (2, 4)], [])
    for ed, label in ((EDITION_2025, "C11"), (EDITION_2017, "C.9"), (EDITION_2012, "B.2")):
        assert ed.label("C11") == label
        check(
            ed,
            "C11",
            br,
            rec,
            eng,
            "1",
            "0",
            "the record has 1 (Adams, Ann (1, prefers black)); the engine's pairing has none",
        )


def test_c12_colour_preference():
    # 1 (mild white: w b) meets 2 (strong white: CD -1): 5.2.2 grants the stronger, 2 gets
    # white, 1 does not get his preference.  The engine pairs 1-3 (3 prefers black) and
    # 2-4 (4 prefers black): everybody gets his colour.
    players = [
        ps(1, 4, pref="w", colours="wb"),
        ps(2, 4, pref="w", strong=True, imbalance=1, colours="bwb"),
        ps(3, 4, pref="b", colours="bw"),
        ps(4, 4, pref="b", colours="bw"),
    ]
    br = bracket(players, [], [1, 2, 3, 4])
    rec = Candidate([(1, 2), (3, 4)], [])
    eng = Candidate([(1, 3), (2, 4)], [])
    # 3-4 in the record: both mild black; 5.2.3 finds no round with different colours
    # (b w / b w), 5.2.4 gives 3 (higher ranked) black: 4 does not get his.
    expected = (
        "the record has 2 (Adams, Ann (1, prefers white); Dunn, Di (4, prefers "
        "black)); the engine's pairing has none"
    )
    for ed, label in ((EDITION_2025, "C12"), (EDITION_2017, "C.10"), (EDITION_2012, "B.4")):
        assert ed.label("C12") == label
        check(ed, "C12", br, rec, eng, "2", "0", expected)
    # A record that gave 1 white against 2 (and 4 white against 3): the players who did not
    # get their preference are the ones the record's own colours leave without it.
    rec_coloured = Candidate([(1, 2), (3, 4)], [], colours={1: "w", 2: "b", 3: "b", 4: "w"})
    check(
        EDITION_2025,
        "C12",
        br,
        rec_coloured,
        eng,
        "2",
        "0",
        "the record has 2 (Brown, Ben (2, prefers white); Dunn, Di (4, prefers black)); "
        "the engine's pairing has none",
    )


def test_c13_strong_colour_preference():
    # 1 and 2 both strong white (CD -1); 5.2.3: in their last game 1 had black, 2 white,
    # so colours alternate: 1 white, 2 black - 2 loses a strong preference.
    players = [
        ps(1, 4, pref="w", strong=True, imbalance=1, colours="wbb"),
        ps(2, 4, pref="w", strong=True, imbalance=1, colours="bbw"),
        ps(3, 4, pref="b", colours="bw"),
        ps(4, 4, pref="b", colours="bw"),
    ]
    br = bracket(players, [], [1, 2, 3, 4])
    rec = Candidate([(1, 2), (3, 4)], [])
    eng = Candidate([(1, 3), (2, 4)], [])
    expected = "the record has 1 (Brown, Ben (2, prefers white)); the engine's pairing has none"
    for ed, label in ((EDITION_2025, "C13"), (EDITION_2017, "C.11")):
        assert ed.label("C13") == label
        check(ed, "C13", br, rec, eng, "1", "0", expected)
    # 2012: Z (A.8) counts in even rounds only (round 5 here is odd: A.7.d instead).
    br_even = bracket(players, [], [1, 2, 3, 4], rounds_played=5)
    assert EDITION_2012.label("C13") == "B.4"
    check(EDITION_2012, "C13", br_even, rec, eng, "1", "0", expected)
    check(
        EDITION_2012,
        "C13",
        br,
        rec,
        eng,
        "0",
        "0",
        "the record has none; the engine's pairing has none",
    )
    # A.7.d: in odd rounds the strong preference is treated as absolute.
    assert EDITION_2012.label("A7d") == "A.7.d"
    check(EDITION_2012, "A7d", br, rec, eng, "1", "0", expected)


# -- floats ----------------------------------------------------------------------------------
def _floaters_position(back: int):
    """Residents 1-4 (2.0); 1 and 2 got a downfloat ``back`` rounds ago.  The record floats
    1 and 3, the engine 3 and 4."""
    f = {back: DOWN}
    players = [ps(1, 4, floats=f), ps(2, 4, floats=f), ps(3, 4), ps(4, 4)]
    br = bracket(players, [], [1, 2, 3, 4])
    return br, Candidate([(2, 4)], [1, 3]), Candidate([(1, 2)], [3, 4])


@pytest.mark.parametrize(
    "key, back, labels", [("C14", 1, ("C14", "C.12", "B.5")), ("C16", 2, ("C16", "C.14", "B.6"))]
)
def test_c14_c16_repeated_downfloats(key, back, labels):
    br, rec, eng = _floaters_position(back)
    when = 5 - back
    for ed, label in zip((EDITION_2025, EDITION_2017, EDITION_2012), labels):
        assert ed.label(key) == label
        check(
            ed,
            key,
            br,
            rec,
            eng,
            "1",
            "0",
            f"the record has 1 (Adams, Ann (1, downfloated in round {when})); the engine's "
            "pairing has none",
        )


def _upfloat_position(back: int):
    """MDP 1 (3.0) and residents 2, 3, 4 (2.0); 2 got an upfloat ``back`` rounds ago.  The
    record pairs 1-2 (2 upfloats again), the engine 1-3."""
    players = [ps(1, 6), ps(2, 4, floats={back: UP}), ps(3, 4), ps(4, 4)]
    br = bracket(players, [1], [2, 3, 4])
    return br, Candidate([(1, 2), (3, 4)], []), Candidate([(1, 3), (2, 4)], [])


@pytest.mark.parametrize(
    "key, back, labels", [("C15", 1, ("C15", "C.13", "B.5")), ("C17", 2, ("C17", "C.15", "B.6"))]
)
def test_c15_c17_repeated_upfloats(key, back, labels):
    br, rec, eng = _upfloat_position(back)
    for ed, label in zip((EDITION_2025, EDITION_2017, EDITION_2012), labels):
        assert ed.label(key) == label
        check(
            ed,
            key,
            br,
            rec,
            eng,
            "1",
            "0",
            f"the record has 1 (Brown, Ben (2, upfloated in round {5 - back})); the "
            "engine's pairing has none",
        )


@pytest.mark.parametrize("key, back", [("C18", 1), ("C20", 2)])
def test_c18_c20_scores_of_repeated_downfloaters(key, back):
    # MDP 1 (3.0, downfloated before) and 2 (2.5, downfloated before) into residents 3, 4
    # (2.0).  The record floats 1 on: [3.0]; the engine floats 2: [2.5] (lower, better).
    f = {back: DOWN}
    players = [ps(1, 6, floats=f), ps(2, 5, floats=f), ps(3, 4), ps(4, 4)]
    br = bracket(players, [1, 2], [3, 4])
    rec = Candidate([(2, 3)], [1, 4])
    eng = Candidate([(1, 3)], [2, 4])
    when = 5 - back
    assert EDITION_2025.label(key) == key
    check(
        EDITION_2025,
        key,
        br,
        rec,
        eng,
        "[3.0]",
        "[2.5]",
        f"the record has [3.0] (Adams, Ann (1, downfloated in round {when})); the engine's "
        f"pairing has [2.5] (Brown, Ben (2, downfloated in round {when}))",
    )
    # 2017 C.16/C.18: score differences (A.8, lowest score 2.0): the record's downfloater 1
    # 3.0 - 1.0 = 2.0, and 2 paired with 3: 2.5 - 2.0 = 0.5; the engine's downfloater 2
    # 2.5 - 1.0 = 1.5, and 1 paired with 3: 1.0.
    label = {"C18": "C.16", "C20": "C.18"}[key]
    assert EDITION_2017.label(key) == label
    check(
        EDITION_2017,
        key,
        br,
        rec,
        eng,
        "[2.0, 0.5]",
        "[1.5, 1.0]",
        f"the record has [2.0, 0.5] (Adams, Ann (1, downfloated in round {when}); Brown, "
        f"Ben (2, downfloated in round {when})); the engine's pairing has [1.5, 1.0] "
        f"(Brown, Ben (2, downfloated in round {when}); Adams, Ann (1, downfloated in "
        f"round {when}))",
    )


@pytest.mark.parametrize("key, back", [("C19", 1), ("C21", 2)])
def test_c19_c21_score_differences_of_repeated_upfloaters(key, back):
    # MDPs 1 (3.0) and 2 (2.5) into residents 3, 4 (2.0); 3 upfloated before.  The record
    # pairs 1-3 (SD 1.0), the engine 2-3 (SD 0.5).
    players = [ps(1, 6), ps(2, 5), ps(3, 4, floats={back: UP}), ps(4, 4)]
    br = bracket(players, [1, 2], [3, 4])
    rec = Candidate([(1, 3), (2, 4)], [])
    eng = Candidate([(2, 3), (1, 4)], [])
    when = 5 - back
    expected = (
        f"the record has [1.0] (Clark, Cy (3, upfloated in round {when})); the "
        f"engine's pairing has [0.5] (Clark, Cy (3, upfloated in round {when}))"
    )
    labels = {"C19": "C.17", "C21": "C.19"}
    for ed, label in ((EDITION_2025, key), (EDITION_2017, labels[key])):
        assert ed.label(key) == label
        check(ed, key, br, rec, eng, "[1.0]", "[0.5]", expected)


def test_every_criterion_of_every_edition_has_its_own_words():
    """Each criterion the engine uses, in each edition, has a sentence of that edition's
    own (2017 speaks of the PSD and of 'the same downfloat', 2012 of P, X and Z)."""
    for ed in (EDITION_2025, EDITION_2017, EDITION_2012):
        for c in ed.criteria():
            if c.key == "F1":
                continue
            assert what(ed, c.key) != c.key, (ed.name, c.key)
    assert "PSD" in what(EDITION_2017, "C7") and "PSD" not in what(EDITION_2025, "C7")
    assert "same downfloat" in what(EDITION_2017, "C14")
    assert "resident downfloaters" in what(EDITION_2025, "C14")
    assert what(EDITION_2012, "C12").startswith("players who do not get their colour preference, X")
