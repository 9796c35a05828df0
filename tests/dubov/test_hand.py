"""Rounds paired by hand from the text of C.04.4.1 (2026); the reasoning is in each test."""

from __future__ import annotations

from trfaudit.engine.dubov.pairer import pair_round
from trfaudit.engine.dubov.players import Strength, aro, max_upfloats, preference
from trfaudit.engine.history import round_input
from trfaudit.trf.reader import parse

from .hand import five, six_after_round_1, six_before_round_1


def boards(text: str, rnd: int) -> list[tuple[int, int, str]]:
    result = pair_round(round_input(parse(text), rnd))
    return [(b.white, b.black, b.rule) for b in result.boards]


def test_round_1_halves_by_tpn() -> None:
    # Art. 3.2.3: nobody has played, G1 = 1, 2, 3 and G2 = 4, 5, 6; S1 and T2 in TPN order.
    # Art. 5.2.1: the higher ranked player of each pair gets the initial colour (White) when
    # their TPN is odd: 1 and 3 White, 2 Black.
    assert boards(six_before_round_1(), 1) == [
        (1, 4, "5.2.1"),
        (5, 2, "5.2.1"),
        (3, 6, "5.2.1"),
    ]


def test_round_2_upfloaters_and_shift() -> None:
    # 1.0 bracket: 1 and 3 (both strong Black, 1.6.2) meet: no White seeker, so one player
    # moves to G1 (Art. 3.2.4.2): the first of G2 in middle-out order (4.3.3) is 1.  Colours:
    # same strength, same history -> 5.2.5: 1 (higher ranked) gets Black.
    # 0.5 bracket: 2 and 5 met in round 1 ([C1]): two upfloaters from the 0 group, 4 and 6
    # ([C5]); G1 = White seekers 2, 4, 6; G2 = 5.  Equalising moves one player of G1, in
    # middle-out order of ascending ARO (2: 2000, 6: 2200, 4: 2400): 6.  S1 = 2, 4; T2 by TPN:
    # 2-5 is [C1]-illegal, so 2-6 and 4-5.  2-6: both strong White, last colours equal ->
    # 5.2.5, 2 is higher ranked: White.  4-5: 5.2.2.
    assert boards(six_after_round_1(), 2) == [
        (3, 1, "5.2.5"),
        (2, 6, "5.2.5"),
        (4, 5, "5.2.2"),
    ]


def test_preferences_art_1_6() -> None:
    assert preference(()) == ("b", Strength.MILD)  # 1.6.4
    assert preference(("w",)) == ("b", Strength.STRONG)  # 1.6.2
    assert preference(("w", "b")) == ("w", Strength.MILD)  # 1.6.3
    assert preference(("b", "w", "w")) == ("b", Strength.ABSOLUTE)  # 1.6.1: two in a row
    assert preference(("w", "b", "w", "w", "b", "w")) == ("b", Strength.ABSOLUTE)  # +2


def test_aro_and_max_t() -> None:
    assert aro([1500, 1600]) == 1550
    assert aro([1500, 1501]) == 1501  # 1500.5 rounds up (1.7.1)
    assert aro([]) == 0  # 1.7.3
    assert [max_upfloats(r) for r in (4, 5, 9, 10, 11)] == [2, 3, 3, 4, 4]  # 1.8.2


def test_round_2_pab_then_upfloaters_for_completion() -> None:
    # Art. 3.1: 3 alone has the lowest score (0) and may have the PAB.  1.0 bracket: 1-5
    # would leave 2-4, who met ([C4]), so both residents take upfloaters 2 and 4 ([C5] 2).
    # G1 = {2} (White seeker); equalising moves the middle of G2 by TPN (1, 4, 5): 4.
    # S1 by ARO: 2 (2100), 4 (2300); T2 by TPN: 1, 5.  2-1: 5.2.2; 5-4: 5.2.3 (4 strong
    # for Black, 5 mild).  py4swiss pairs the same (CPPDubovSystem stops on this file).
    assert boards(five(), 2) == [(2, 1, "5.2.2"), (5, 4, "5.2.3")]
    assert pair_round(round_input(parse(five()), 2)).bye == 3
