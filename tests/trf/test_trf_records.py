"""Each record type: how the grammar classifies it and what the model takes from it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trfaudit.trf import EntryKind, TrfError, parse
from trfaudit.trf.model import ALL_ROUNDS, RecordKind


@pytest.fixture
def base(make_player):
    """Two players who drew round 1; records under test are appended to these lines."""
    return [
        make_player(1, ["   2 w ="], points="0.5"),
        make_player(2, ["   1 b ="], points="0.5"),
    ]


def parse_with(base, *lines):
    return parse("\n".join(base + list(lines)) + "\n")


@pytest.mark.parametrize(
    "line, kind",
    [
        ("012 Open", RecordKind.HEADER),
        (
            "132                                                                                    24/01/01",
            RecordKind.HEADER,
        ),
        ("202 BH:C1,BH,SB", RecordKind.HEADER),
        ("013 Team A                          1    2", RecordKind.TEAM),
        ("142 9", RecordKind.TOTAL_ROUNDS),
        ("152 W", RecordKind.INITIAL_COLOUR),
        ("162  W 3.0    D 1.0", RecordKind.POINT_SYSTEM),
        ("192 FIDE_DUTCH_2025", RecordKind.TYPE_CODE),
        ("### a comment", RecordKind.COMMENT),
        ("240 H 002    1", RecordKind.BYE),
        ("250       1.0 001 001    1    2", RecordKind.ACCELERATION),
        ("260 001 009    1    2", RecordKind.FORBIDDEN),
        ("299 W     1.0   0.5  001    1", RecordKind.ABNORMAL_POINTS),
        ("300 001 001 002    1    2", RecordKind.LINEUP),
        ("310   1 Team A", RecordKind.TEAM_RECORD),
        ("320  2.0  0.0 001", RecordKind.TEAM_PAB),
        ("330 +- 001 001 002", RecordKind.TEAM_FORFEIT),
        ("801 crosstable", RecordKind.CROSSTABLE),
        ("802 crosstable", RecordKind.CROSSTABLE),
        ("BEL    1 m    Jansen, Jan", RecordKind.NRS),
        ("XXR 9", RecordKind.XX_ROUNDS),
        ("XXC white1", RecordKind.XX_COLOURS),
        ("XXA    1  1.0", RecordKind.XX_ACCELERATION),
        ("XXP 1 2", RecordKind.XX_FORBIDDEN),
        ("XXS W=3", RecordKind.XX_SCORING),
        ("XXZ 2", RecordKind.XX_ABSENT),
        ("BBW  3.0", RecordKind.BB_SCORING),
        ("BBU  0.5", RecordKind.BB_SCORING),
        ("DAT    1 EMAIL x@y", RecordKind.TORNELO),
        ("   ", RecordKind.BLANK),
        ("XXQ whatever", RecordKind.UNKNOWN),
        ("PAB 001 0005", RecordKind.UNKNOWN),  # superseded TRF25 draft code
        ("999 future record", RecordKind.UNKNOWN),
        ("ab", RecordKind.UNKNOWN),
    ],
)
def test_record_classification(base, line, kind):
    t = parse_with(base, line)
    record = t.records[-1]
    assert record.kind is kind
    assert record.raw == line
    assert record.line == 3


def test_unknown_records_warn_and_are_kept(base):
    t = parse_with(base, "ZZZ1 strange", "ACC 001 0001")
    unknown = [r for r in t.records if r.kind is RecordKind.UNKNOWN]
    assert [r.raw for r in unknown] == ["ZZZ1 strange", "ACC 001 0001"]
    messages = [w.message for w in t.warnings]
    assert "unknown record type 'ZZZ'; kept verbatim" in messages
    assert all(w.severity == "warning" for w in t.warnings)


def test_trf16_headers(base):
    t = parse_with(
        base,
        "012 Spring Open",
        "022 Utrecht",
        "032 NED",
        "042 2024/04/01",
        "052 2024/04/07",
        "062 2",
        "072 2",
        "082 0",
        "092 Individual: Swiss-System",
        "102 IA Arbiter (123)",
        "112 Deputy One",
        "112 Deputy Two",
        "122 90'+30\"",
        "132 " + " " * 87 + "24/04/01",
    )
    assert (t.name, t.city, t.federation) == ("Spring Open", "Utrecht", "NED")
    assert (t.start_date, t.end_date) == ("2024/04/01", "2024/04/07")
    assert (t.players_count, t.rated_players_count, t.teams_count) == ("2", "2", "0")
    assert t.tournament_type == "Individual: Swiss-System"
    assert t.chief_arbiter == "IA Arbiter (123)"
    assert t.deputy_arbiters == ["Deputy One", "Deputy Two"]
    assert t.time_control == "90'+30\""
    assert t.round_dates.strip() == "24/04/01"


def test_repeated_header_keeps_first(base):
    t = parse_with(base, "012 First", "012 Second")
    assert t.name == "First"
    assert any("repeated" in w.message for w in t.warnings)


def test_team_record(base):
    t = parse_with(base, "013 Team A                          1    2")
    assert t.teams[0].name == "Team A"
    assert t.teams[0].members == [1, 2]


@pytest.mark.parametrize("line", ["XXR 7", "142 7"])
def test_total_rounds(base, line):
    assert parse_with(base, line).total_rounds == 7


@pytest.mark.parametrize(
    "lines, colour, by_rank",
    [
        (["XXC white1"], "w", False),
        (["XXC black1"], "b", False),
        (["XXC rank black1"], "b", True),
        (["XXC rank"], None, True),
        (["152 B"], "b", False),
        (["152 W"], "w", False),
        ([], None, False),
    ],
)
def test_initial_colour_and_rank(base, lines, colour, by_rank):
    t = parse_with(base, *lines)
    assert t.initial_colour == colour
    assert t.pair_by_rank is by_rank


def test_type_code(base):
    t = parse_with(base, "192 FIDE_DUTCH_2025_BAKU")
    assert t.type_code == "FIDE_DUTCH_2025_BAKU"
    assert parse_with(base).type_code is None


def test_xxa_acceleration(base):
    t = parse_with(base, "XXA    1  1.0  1.0  0.0  0.5")
    assert t.accelerations == {1: {1: 1, 2: 1, 4: Fraction(1, 2)}}
    assert t.acceleration(1, 4) == Fraction(1, 2)
    assert t.acceleration(1, 3) == 0
    assert t.acceleration(2, 1) == 0


def test_250_acceleration_covers_a_range_of_players(base):
    t = parse_with(base, "250       1.0 001 002    1    2", "250       0.5 003 003    2    2")
    assert t.accelerations == {1: {1: 1, 2: 1}, 2: {1: 1, 2: 1, 3: Fraction(1, 2)}}


def test_xxp_and_260_prohibitions(base):
    t = parse_with(base, "XXR 9", "XXP 1 2", "260 003 005    1    2")
    assert t.forbidden_pairs == [(frozenset({1, 2}), 1, 9), (frozenset({1, 2}), 3, 5)]
    assert t.forbidden(1, 2, 4) and t.forbidden(2, 1, 9)
    assert not t.forbidden(1, 3, 4)


def test_xxp_without_total_rounds_holds_in_all_rounds(base):
    assert parse_with(base, "XXP 1 2").forbidden_pairs == [(frozenset({1, 2}), 1, ALL_ROUNDS)]


def test_bb_lines(base):
    t = parse_with(base, "BBW  3.0", "BBD  1.0")
    s = t.scoring
    assert (s.win, s.draw, s.loss) == (3, 1, 0)
    assert s.pab == 3  # BBU defaults to BBW
    assert s.forfeit_win == 3 and s.full_bye == 3 and s.half_bye == 1


def test_bb_all_codes(base):
    t = parse_with(base, "BBW 2.0", "BBD 1.0", "BBL 0.5", "BBZ 0.25", "BBF -1.0", "BBU 1.5")
    s = t.scoring
    assert (s.win, s.draw, s.loss, s.zero_bye, s.forfeit_loss, s.pab) == (
        2,
        1,
        Fraction(1, 2),
        Fraction(1, 4),
        -1,
        Fraction(3, 2),
    )


@pytest.mark.parametrize(
    "line, expected",
    [
        ("162  W 3.0    D 1.0", {"win": 3, "draw": 1, "pab": 3, "half_bye": 1}),
        ("162  P 0.5", {"win": 1, "pab": Fraction(1, 2)}),
        (
            "162  W 2.0    D 1.0    L 0.0    A 0.5    P 1.0",
            {"win": 2, "zero_bye": Fraction(1, 2), "forfeit_loss": Fraction(1, 2), "pab": 1},
        ),
        ("162 W 3.0 D 1.0", {"win": 3, "draw": 1}),  # columns 5/13 variant
    ],
)
def test_162_point_system(base, line, expected):
    s = parse_with(base, line).scoring
    for name, value in expected.items():
        assert getattr(s, name) == value, name


def test_xxs_later_values_win(base):
    t = parse_with(base, "XXS FPB=0", "XXS W=3 D=1")
    assert t.scoring.full_bye == 3  # W= after FPB=0 resets it
    t = parse_with(base, "XXS W=3 D=1", "XXS FPB=0")
    assert t.scoring.full_bye == 0


def test_xxs_uses_javafo_literal_defaults(base):
    # In JaVaFo, W= covers WW BW FW FPB but not PAB, whose default stays 1
    s = parse_with(base, "XXS W=3 D=1").scoring
    assert (s.win, s.draw, s.pab, s.forfeit_win) == (3, 1, 1, 3)
    assert parse_with(base, "XXS W=3 D=1 PAB=3").scoring.pab == 3


def test_xxs_colour_dependent_values(base):
    s = parse_with(base, "XXS WW=1 BW=1.5 WD=0.5 BD=0.75").scoring
    assert s.win_white == 1 and s.win_black == Fraction(3, 2)
    assert s.draw_white == Fraction(1, 2) and s.draw_black == Fraction(3, 4)
    assert s.has_colour_values()


def test_xxs_unknown_code_warns(base):
    t = parse_with(base, "XXS QQ=3 W=2")
    assert t.scoring.win == 2
    assert any("XXS code 'QQ'" in w.message for w in t.warnings)


def test_xxz_240_and_in_column_announcements(make_player, base):
    lines = [
        make_player(1, ["   2 w =", "0000 - H"], points="1.0"),
        make_player(2, ["   1 b ="], points="0.5"),
        make_player(3, ["0000 - U"], points="1.0"),
        make_player(4, ["0000 - Z"], points="0.0"),
        make_player(5, ["0000 - Z"], points="0.0"),
    ]
    t = parse("\n".join(lines + ["XXZ 2", "240 F 002    3", "240 Z 001    4"]) + "\n")
    assert t.recorded_rounds() == 1
    assert t.absent_next == {1: EntryKind.HALF_BYE, 3: EntryKind.FULL_BYE, 2: EntryKind.ZERO_BYE}
    assert t.players[1].announced[0].kind is EntryKind.HALF_BYE
    assert len(t.players[1].entries) == 1
    assert (EntryKind.ZERO_BYE, 1, [4], 8) in t.bye_lines  # a past-round 240


def test_240_beyond_next_round_warns(base):
    t = parse_with(base, "240 H 005    1")
    assert t.absent_next == {}
    assert any("beyond the round to be paired" in w.message for w in t.warnings)


def test_conflicting_announcements_keep_the_first(make_player):
    text = (
        "\n".join(
            [
                make_player(1, ["   2 w =", "0000 - H"]),
                make_player(2, ["   1 b ="]),
                "XXZ 1",
            ]
        )
        + "\n"
    )
    t = parse(text)
    assert t.absent_next == {1: EntryKind.HALF_BYE}
    assert any("conflicts" in w.message for w in t.warnings)


@pytest.mark.parametrize(
    "line",
    [
        "### ruler 123456789",
        "299 W     1.0   0.5  001    1",
        "310   1 Team A",
        "801 x",
        "BEL    1 m    Jansen, Jan",
        "DAT    1 EMAIL x@y",
        "172 BEL FIDE",
    ],
)
def test_verbatim_records_leave_the_model_alone(base, line):
    t = parse_with(base, line)
    plain = parse_with(base)
    assert t.scoring == plain.scoring and t.players.keys() == plain.players.keys()
    assert t.records[-1].raw == line
    assert not t.warnings


def test_nrs_links_to_player(base):
    assert parse_with(base, "BEL    2 m    Jansen, Jan").records[-1].tpn == 2


@pytest.mark.parametrize(
    "line, fragment",
    [
        ("152 X", "152 initial colour"),
        ("162 W three", "162 point system"),
        ("240 Q 002    1", "240 bye type"),
        ("240 H 0x2    1", "240 round"),
        ("250       abc 001 002    1    2", "250 points"),
        ("260 001 00x    1    2", "260 last round"),
        ("XXA    1  1.0  x.5", "XXA round 2"),
        ("XXP 1 two", "XXP"),
        ("XXZ 1 b", "XXZ"),
        ("XXS W=three", "XXS"),
        ("BBW", "BBW value"),
        ("XXR nine", "total rounds"),
        ("013 Team A                          1    x", "team member"),
    ],
)
def test_malformed_extension_records(base, line, fragment):
    with pytest.raises(TrfError) as err:
        parse_with(base, line)
    assert err.value.line == 3
    assert fragment in err.value.message
