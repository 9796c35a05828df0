"""Colour rule 5.2.x (E.x in 2017/2012): one implementation decides and explains.

Players are built by hand; each case says which rule the text of Art. 5.2 makes decide.
"""

from __future__ import annotations

from trfaudit.engine.dutch.colours import allocate, decide
from trfaudit.engine.dutch.editions import EDITION_2017, EDITION_2025
from trfaudit.engine.dutch.players import PlayerState


def player(
    tpn: int,
    rank: int,
    colours: list[str],
    preference: str | None,
    *,
    strong: bool = False,
    imbalance: int = 0,
    score: int = 2,
) -> PlayerState:
    return PlayerState(
        tpn=tpn,
        rank=rank,
        score=score,
        games=[],
        colours=colours,
        preference=preference,
        strong=strong,
        imbalance=imbalance,
    )


def test_both_preferences_granted_labelled_per_edition():
    a, b = player(4, 3, ["b"], "w"), player(7, 6, ["w"], "b")
    d = decide(a, b, "w", EDITION_2025)
    assert (d.white, d.black, d.rule, d.label) == (4, 7, "5.2.1", "5.2.1")
    assert d.reason == "5.2.1: both preferences are granted: 4 prefers white, 7 black"
    d = decide(b, a, "w", EDITION_2017)  # the same pair, seen from the other player
    assert (d.white, d.black, d.label) == (4, 7, "E.1")
    assert d.reason.startswith("E.1: ")


def test_the_higher_ranked_preference_names_the_edition_rules():
    # Both have had black once (strong preference for white, 1.7.2), the same history:
    # 5.2.2 and 5.2.3 cannot separate them; the higher-ranked (rank 0) gets white (5.2.4).
    a = player(1, 0, ["b"], "w", strong=True, imbalance=1)
    b = player(2, 1, ["b"], "w", strong=True, imbalance=1)
    assert allocate(b, a, "w") == ("b", "5.2.4")
    d = decide(b, a, "w", EDITION_2017)
    assert (d.white, d.black, d.rule, d.label) == (1, 2, "5.2.4", "E.4")
    assert d.reason == (
        "E.4: E.1-E.3 cannot separate them; the higher-ranked player 1 gets "
        "their preference (white)"
    )


def test_alternation_says_where_the_histories_differ():
    # Both mild for black (colours balanced, last game white, no colour twice running),
    # neither stronger.  Aligned from the end their histories first differ three games back:
    # 3 had white, 5 black; the colours alternate from there: 3 black, 5 white (5.2.3).
    a = player(3, 2, ["b", "w", "b", "w"], "b")
    b = player(5, 4, ["w", "b", "b", "w"], "b")
    d = decide(a, b, "w")
    assert (d.white, d.black, d.rule) == (5, 3, "5.2.3")
    assert "played game 3 from the end 5 had black, 3 white" in d.reason
