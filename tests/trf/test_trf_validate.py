"""Consistency checks (trf.validate)."""

from __future__ import annotations

import pytest

from trfaudit.trf import parse
from trfaudit.trf.validate import errors_only, validate


def check(*lines: str):
    return validate(parse("\n".join(lines) + "\n", "v.trf"))


def messages(problems, severity=None):
    return [p.message for p in problems if severity is None or p.severity == severity]


def test_valid_file_has_no_problems(two_rounds_text):
    assert validate(parse(two_rounds_text)) == []


def test_wrong_points_total(make_player):
    problems = check(
        make_player(1, ["   2 w 1"], points="0.5"),
        make_player(2, ["   1 b 0"], points="0.0"),
    )
    assert [str(p) for p in problems] == [
        "v.trf:1:81: player 1: points 0.5 do not match the results (expected 1.0 under the point "
        "system)"
    ]


def test_points_follow_the_point_system(make_player):
    lines = [make_player(1, ["   2 w 1"], points="3.0"), make_player(2, ["   1 b ="], points="1.0")]
    assert errors_only(check(*lines))  # 1-0 does not match a draw, and 3 points is wrong
    lines = [
        make_player(1, ["   2 w 1"], points="3.0"),
        make_player(2, ["   1 b 0"], points="0.0"),
        "162  W 3.0    D 1.0",
    ]
    assert check(*lines) == []


def test_unknown_opponent(make_player):
    problems = check(make_player(1, ["   7 w 1"], points="1.0"), make_player(2))
    assert str(problems[0]) == (
        "v.trf:1:92: round 1: opponent 7 does not exist (expected the number of a 001 player)"
    )


def test_paired_with_self(make_player):
    problems = check(make_player(1, ["   1 w 1"], points="1.0"))
    assert "paired with themself" in problems[0].message


def test_not_reciprocal(make_player):
    problems = check(
        make_player(1, ["   2 w 1"], points="1.0"),
        make_player(2, ["   3 b 0"], points="0.0"),
        make_player(3, ["   2 w 1"], points="1.0"),
    )
    assert "round 1: player 1 has opponent 2, but 2 has opponent 3" in messages(problems)


def test_twice_in_a_round(make_player):
    problems = check(
        make_player(1, ["   3 w 1"], points="1.0"),
        make_player(2, ["   3 w 1"], points="1.0"),
        make_player(3, ["   1 b 0"], points="0.0"),
    )
    assert any("player 3 appears twice in the round" in m for m in messages(problems))


def test_same_colours(make_player):
    problems = check(
        make_player(1, ["   2 w 1"], points="1.0"), make_player(2, ["   1 w 0"], points="0.0")
    )
    assert messages(problems) == ["round 1: 1 and 2 both have colour 'w'"]
    assert problems[0].column == 97


@pytest.mark.parametrize(
    "a, b, ok",
    [
        ("1", "0", True),
        ("=", "=", True),
        ("0", "1", True),
        ("+", "-", True),
        ("-", "-", True),
        ("W", "L", True),
        ("1", "1", False),
        ("1", "=", False),
        ("+", "+", False),
        ("1", "-", False),
    ],
)
def test_complementary_results(make_player, a, b, ok):
    value = {"1": "1.0", "0": "0.0", "=": "0.5", "+": "1.0", "-": "0.0", "W": "1.0", "L": "0.0"}
    problems = check(
        make_player(1, [f"   2 w {a}"], points=value[a]),
        make_player(2, [f"   1 b {b}"], points=value[b]),
    )
    mismatch = [m for m in messages(problems) if "do not match" in m]
    assert (not mismatch) is ok


def test_mixed_rated_and_unrated_codes_warn(make_player):
    problems = check(
        make_player(1, ["   2 w 1"], points="1.0"), make_player(2, ["   1 b L"], points="0.0")
    )
    assert messages(problems, "error") == []
    assert any("mixes rated and unrated" in m for m in messages(problems, "warning"))


def test_total_rounds_below_recorded(make_player):
    problems = check(
        make_player(1, ["   2 w 1", "   2 b 1"], points="2.0"),
        make_player(2, ["   1 b 0", "   1 w 0"], points="0.0"),
        "XXR 1",
    )
    assert messages(problems) == ["total rounds 1 is less than the 2 rounds recorded"]


def test_next_round_bye_may_be_in_points(make_player):
    # JaVaFo wants an announced H counted in Points, bbp accepts either way
    for points in ("1.0", "1.5"):
        assert (
            check(
                make_player(1, ["   2 w 1", "0000 - H"], points=points),
                make_player(2, ["   1 b 0"], points="0.0"),
            )
            == []
        )
    assert errors_only(
        check(
            make_player(1, ["   2 w 1", "0000 - H"], points="2.0"),
            make_player(2, ["   1 b 0"], points="0.0"),
        )
    )


def test_acceleration_may_be_in_points(make_player):
    for points in ("1.0", "2.0"):
        assert (
            check(
                make_player(1, ["   2 w 1"], points=points),
                make_player(2, ["   1 b 0"], points="0.0"),
                "XXA    1  1.0",
            )
            == []
        )


def test_299_downgrades_points_mismatch_to_warning(make_player):
    problems = check(
        make_player(1, ["   2 w 1"], points="0.5"),
        make_player(2, ["   1 b 0"], points="0.0"),
        "299 -     0.0  -0.5  001    1",
    )
    assert [p.severity for p in problems] == ["warning"]


def test_warnings_for_pending_and_several_pabs(make_player):
    problems = check(
        make_player(1, ["0000 - U", "   2 w  "], points="1.0"),
        make_player(2, ["0000 - U", "   1 b  "], points="1.0"),
    )
    assert messages(problems, "error") == []
    warned = messages(problems, "warning")
    assert "round 1: 2 pairing-allocated byes (players 1, 2)" in warned
    assert sum("pending" in m for m in warned) == 2


def test_240_checks(make_player):
    problems = check(
        make_player(1, ["   2 w 1", "0000 - H"], points="1.5"),
        make_player(2, ["   1 b 0", "0000 - U"], points="1.0"),
        "240 H 002    1",
        "240 F 002    2",
        "240 Z 003    9",
    )
    assert "240 gives player 2 a full_bye in round 2, but the 001 line has pab" in messages(
        problems
    )
    assert "absence announced for unknown player 9" in messages(problems, "error")


def test_reader_warnings_are_included(make_player):
    problems = check(make_player(1), "QQQ1 odd")
    assert "unknown record type 'QQQ'; kept verbatim" in messages(problems, "warning")


def test_unknown_ids_in_extension_records(make_player):
    problems = check(make_player(1), make_player(2), "XXP 1 7", "XXA    8  1.0")
    warned = messages(problems, "warning")
    assert "prohibited pairing names unknown player(s) [7]" in warned
    assert "acceleration for unknown player(s) [8]" in warned


def test_problems_are_sorted_by_position(make_player):
    problems = check(
        make_player(1, ["   5 w 1"], points="9.0"),
        make_player(2, ["   1 b 0"], points="0.0"),
    )
    assert [(p.line, p.column) for p in problems] == sorted((p.line, p.column) for p in problems)
