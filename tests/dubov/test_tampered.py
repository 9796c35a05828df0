"""Tampered rounds: the recorded round 2 of the hand-made tournaments (tests/dubov/hand.py)
changed by one step, and the Dubov criterion ``check`` must name for it."""

from __future__ import annotations

from trfaudit.engine.dubov.audit import audit_round
from trfaudit.engine.findings import Kind, Status
from trfaudit.trf.model import Tournament
from trfaudit.trf.reader import parse as read_text
from trfaudit.trf.validate import validate

from .hand import five, six


def parse(text: str) -> Tournament:
    """The tampered file, which must still be a consistent file (only the pairing is wrong)."""
    t = read_text(text)
    assert not [p for p in validate(t) if p.is_error]
    return t


# The text's round 2 of the six-player event (test_hand.test_round_2_upfloaters_and_shift):
# 3-1 (1 won), 2-6 (drawn), 4-5 (4 won).
CLEAN = ["0003 b 1", "0006 w =", "0001 w 0", "0005 w 1", "0004 b 0", "0002 b ="]


def test_clean_round_matches() -> None:
    assert audit_round(parse(six(CLEAN)), 2).status == Status.MATCH
    assert audit_round(parse(six(CLEAN)), 1).status == Status.MATCH


def test_two_opponents_swapped_is_c1() -> None:
    # 2-6 and 4-5 become 2-5 and 4-6: 2 and 5 met in round 1.
    swapped = ["0003 b 1", "0005 w =", "0001 w 0", "0006 w 1", "0002 b =", "0004 b 0"]
    report = audit_round(parse(six(swapped)), 2)
    assert report.status == Status.DIFFERS
    d = report.discrepancies[0]
    assert (d.kind, d.criterion, sorted(d.players)) == (Kind.ILLEGAL, "C1", [2, 5])
    assert "[C1]" in d.explanation and "round 1" in d.explanation


def test_opponents_swapped_within_g1_is_the_recomposition() -> None:
    # 2-6 and 4-5 become 2-4 and 6-5: legal, and as good on [C5]-[C10] (one player without
    # his preference either way), but 2 and 4 both stay in G1 after Art. 3.2.4.
    swapped = ["0003 b 1", "0004 w =", "0001 w 0", "0002 b =", "0006 b 0", "0005 w 1"]
    report = audit_round(parse(six(swapped)), 2)
    d = report.discrepancies[0]
    assert (d.kind, d.criterion) == (Kind.ORDER, "3.2.4")
    assert {2, 4} <= set(d.players)


def test_colour_reversed_is_5_2_5() -> None:
    # 3-1 recorded as 1-3: 1 and 3 both strong Black with the same history: 5.2.5 gives the
    # higher ranked 1 his preference, Black.
    reversed_ = ["0003 w 1", "0006 w =", "0001 b 0", "0005 w 1", "0004 b 0", "0002 b ="]
    report = audit_round(parse(six(reversed_)), 2)
    d = report.discrepancies[0]
    assert (d.kind, d.criterion, d.players) == (Kind.COLOUR, "5.2.5", [3, 1])


def test_wrong_pab_is_art_3_1_3() -> None:
    # The text gives the PAB to 3 (score 0); the record gives it to 4 (0.5) and pairs 5-3.
    wrong = ["0002 b 0", "0001 w 1", "0005 b 0", "0000 - U", "0003 w 1"]
    report = audit_round(parse(five(wrong)), 2)
    d = report.discrepancies[0]
    assert (d.kind, d.criterion, d.players) == (Kind.QUALITY, "3.1.3", [4, 3])
    assert "0.5" in d.explanation and "0.0" in d.explanation


def test_pab_to_a_player_who_had_one_is_c2() -> None:
    # 5 had the PAB in round 1: [C2] bars a second one.
    wrong = ["0003 w 1", "0004 b 0", "0001 b 0", "0002 w 1", "0000 - U"]
    report = audit_round(parse(five(wrong)), 2)
    d = report.discrepancies[0]
    assert (d.kind, d.criterion) == (Kind.ILLEGAL, "C1")  # 1-3 met in round 1, found first
    wrong = ["0002 b 1", "0001 w 0", "0004 b 0", "0003 w 1", "0000 - U"]
    report = audit_round(parse(five(wrong)), 2)
    d = report.discrepancies[0]
    assert (d.kind, d.criterion, d.players) == (Kind.ILLEGAL, "C2", [5, 3])
