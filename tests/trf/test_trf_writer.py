"""The writer: canonical forms, conversions between dialects, and the warnings about losses."""

from __future__ import annotations

import warnings
from fractions import Fraction

import pytest

from trfaudit.trf import EntryKind, Player, RoundEntry, Scoring, Tournament, parse, read
from trfaudit.trf.writer import TrfConversionWarning, convert, write


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def warned(result) -> list[str]:
    return [w.message for w in result.warnings]


@pytest.fixture
def trf26_text(make_player, make_trf):
    return make_trf(
        "012 Canonical 26",
        "022 Utrecht",
        "112 Deputy One",
        "112 Deputy Two",
        "142 5",
        "152 B",
        "162  W 3.0    D 1.0    P 1.0",
        "192 FIDE_DUTCH_2025",
        "### a comment",
        make_player(1, ["   2 b 1", "   3 w =", "0000 - H"], points="4.0", rank=1),
        make_player(2, ["   1 w 0", "0000 - U"], points="1.0", rank=3),
        make_player(3, ["0000 - H", "   1 b ="], points="2.0", rank=2),
        "",
        "240 H 003    1",
        "250       1.0 001 002    1    2",
        "260 001 005    1    3",
        "BEL    1 m    Jansen, Jan",
    )


@pytest.fixture
def trfx_text(make_player, make_trf):
    return make_trf(
        "012 Canonical x",
        make_player(1, ["   2 b 1", "   3 w ="], points="1.5", rank=1),
        make_player(2, ["   1 w 0", "0000 - U", "0000 - Z"], points="1.0", rank=2),
        make_player(3, ["0000 - Z", "   1 b ="], points="0.5", rank=3),
        "XXR 5",
        "XXC rank black1",
        "XXS W=2 PAB=1.5",
        "XXA    1  1.0  1.0",
        "XXP 1 3",
        "XXZ 2",
    )


def test_trf26_canonical_round_trip(trf26_text):
    t = parse(trf26_text)
    assert t.absent_next == {1: EntryKind.HALF_BYE}
    result = convert(t, "trf26")
    assert result.text == trf26_text
    assert result.warnings == []


def test_trfx_canonical_round_trip(trfx_text):
    t = parse(trfx_text)
    assert t.scoring.win == 2 and t.scoring.pab == Fraction(3, 2)
    result = convert(t, "trfx")
    assert result.text == trfx_text
    assert result.warnings == []


def test_trf26_to_trfx(trf26_text):
    result = convert(parse(trf26_text), "trfx")
    out = lines_of(result.text)
    assert "XXR 5" in out
    assert "XXC black1" in out
    assert [x for x in out if x.startswith("BB")] == ["BBW  3.0", "BBD  1.0", "BBU  1.0"]
    assert "XXA    1  1.0  1.0" in out and "XXA    2  1.0  1.0" in out
    assert "XXP 1 3" in out
    # the in-column announcement stays; the 240 becomes no XXZ (it is a half-point bye)
    player1 = next(x for x in out if x.startswith("001    1"))
    assert player1.endswith("0000 - H") and not any(x.startswith("XXZ") for x in out)
    assert not any(
        x[:3] in ("142", "152", "162", "192", "240", "250", "260", "###", "BEL") for x in out
    )
    messages = warned(result)
    assert any("192 'FIDE_DUTCH_2025' dropped" in m for m in messages)
    assert "1 ### comment line(s) dropped: TRF(x) has no such record" in messages
    assert "1 NRS (national rating) line(s) dropped: TRF(x) has no such record" in messages
    assert not any(m.startswith("header 112") for m in messages)


def test_trfx_to_trf26(trfx_text):
    result = convert(parse(trfx_text), "trf26")
    out = lines_of(result.text)
    assert out[4:] == [
        "142 5",
        "152 B",
        "XXC rank",
        "162  W 2.0    P 1.5",
        "250       1.0 001 002    1    1",
        "260 001 005    1    3",
        "240 Z 003    2",
    ]
    assert out[2].endswith("0000 - Z")  # in-column form kept
    assert any("XXC rank" in m for m in warned(result))


def test_xxa_to_250_runs(make_player, make_trf):
    text = make_trf(make_player(12, ["0000 - U"]), "XXA   12  1.0  1.0  0.0  0.5")
    out = lines_of(convert(parse(text), "trf26").text)
    assert out[1:] == ["250       1.0 001 002   12   12", "250       0.5 004 004   12   12"]


def test_250_merges_consecutive_players(make_player, make_trf):
    text = make_trf(
        *(make_player(i) for i in (1, 2, 3, 5, 6)),
        "XXA    1  1.0",
        "XXA    2  1.0",
        "XXA    3  1.0",
        "XXA    5  1.0",
        "XXA    6  0.5",
    )
    out = lines_of(convert(parse(text), "trf26").text)
    # 3 and 5 are adjacent in the file (there is no player 4), so they share a range
    assert out[5:] == ["250       1.0 001 001    1    5", "250       0.5 001 001    6    6"]


def test_162_columns(make_player, make_trf):
    text = make_trf(make_player(1), "XXS W=3 D=1 L=0.5 ZPB=0.5 FL=0.5 PAB=1")
    line = lines_of(convert(parse(text), "trf26").text)[-1]
    assert line == "162  W 3.0    D 1.0    L 0.5    A 0.5    P 1.0"
    for k, symbol in enumerate("WDLAP"):  # symbol at column 6 + 9k, value at 7-10 + 9k
        assert line[5 + 9 * k] == symbol


def test_per_colour_points_are_kept_as_xxs(make_player, make_trf):
    t = parse(make_trf(make_player(1), "XXS WW=1 BW=1.5"))
    result = convert(t, "trf26")
    assert lines_of(result.text)[-1] == "XXS BW=1.5"  # WW=1 is JaVaFo's default
    assert any("kept as an XXS line" in m for m in warned(result))
    assert parse(result.text).scoring == t.scoring
    bx = convert(t, "trfx")  # the source stated it with XXS: written back the same way
    assert lines_of(bx.text)[-1] == "XXS BW=1.5" and bx.warnings == []
    t.records = [r for r in t.records if r.kind.value != "xx_scoring"]
    bx = convert(t, "trfx")  # no source style: BB? lines for bbp, plus XXS for what they lack
    assert any("BB? lines" in m for m in warned(bx))
    assert parse(bx.text).scoring == t.scoring


@pytest.mark.parametrize("dialect", ["trfx", "trf26"])
@pytest.mark.parametrize(
    "scoring",
    [
        Scoring(win=3, draw=1, forfeit_win=1),
        Scoring(win=3, full_bye=1, half_bye=0),
        Scoring(draw=1, pab=0, zero_bye=Fraction(1, 2), win_black=2),
    ],
)
def test_mixed_point_lines_restore_the_system(dialect, scoring):
    t = Tournament(scoring=scoring)
    t.players[1] = Player(1)
    problems = []
    text = write(t, dialect, warnings=problems)
    assert parse(text).scoring == scoring
    assert problems  # the extra XXS line is reported


def test_zero_bye_apart_from_forfeit_loss(make_player, make_trf):
    t = parse(make_trf(make_player(1), "BBZ  0.5"))
    result = convert(t, "trf26")
    assert parse(result.text).scoring == t.scoring
    assert any("162 line cannot state" in m for m in warned(result))


def test_round_limited_prohibition_in_trfx(make_player, make_trf):
    t = parse(
        make_trf(
            make_player(1, ["0000 - U"]),
            make_player(2),
            "142 9",
            "260 002 004    1    2",
            "260 005 009    1    2",
        )
    )
    result = convert(t, "trfx")
    assert lines_of(result.text).count("XXP 1 2") == 1  # only the range covering round 2
    assert len([m for m in warned(result) if "prohibition" in m]) == 2


def test_trf16_drops_and_reports(trfx_text):
    result = convert(parse(trfx_text), "trf16")
    out = lines_of(result.text)
    assert not any(x[:3] in ("XXR", "XXC", "XXS", "XXA", "XXP", "XXZ") for x in out)
    assert out[2].endswith("0000 - U")  # the round-3 announcement is gone
    messages = warned(result)
    for fragment in (
        "total rounds (5) dropped",
        "initial colour (b) dropped",
        "XXC rank) dropped",
        "point system W=2 PAB=1.5 dropped",
        "acceleration of 1 player(s) dropped",
        "prohibition 1 3 (rounds 1-5) dropped",
        "player 2: round 3 announcement '0000 - Z' dropped",
    ):
        assert any(fragment in m for m in messages), fragment


def test_trf16_takes_an_announced_bye_out_of_points(make_player, make_trf):
    text = make_trf(
        make_player(1, ["   2 w 1", "0000 - H"], points="1.5"),
        make_player(2, ["   1 b 0", "0000 - F"], points="0.0"),
        # Somebody without a round-2 entry: a round in which every player holds a bye is
        # a played round, not an announcement (trf.model.last_recorded_round).
        make_player(3, ["0000 - U"], points="1.0"),
    )
    result = convert(parse(text), "trf16")
    t16 = parse(result.text)
    assert t16.players[1].points == 1  # JaVaFo style: the H was counted
    assert t16.players[2].points == 0  # bbp style: it was not
    assert any("points reduced to 1.0" in m for m in warned(result))


def test_trfx_writes_240_announcements_in_column(make_player, make_trf):
    t = parse(
        make_trf(
            make_player(1, ["   2 w 1"]),
            make_player(2, ["   1 b 0"]),
            make_player(3, ["0000 - U"]),
            "240 H 002    1",
            "240 Z 002    2    3",
        )
    )
    out = lines_of(convert(t, "trfx").text)
    assert out[0].endswith("0000 - H")
    assert out[1].endswith("0000 - Z") and out[2].endswith("0000 - Z")
    assert out[3] == "XXZ 2 3"


def test_past_240_lines(make_player, make_trf):
    t = parse(make_trf(make_player(1, ["0000 - H", "0000 - U"]), "240 H 001    1"))
    assert lines_of(convert(t, "trf26").text)[-1] == "240 H 001    1"
    result = convert(t, "trfx")
    assert "240" not in result.text
    assert "1 240 bye line(s) dropped: they repeat the 001 round data" in warned(result)


def test_unknown_lines_survive_every_dialect(make_player, make_trf):
    t = parse(make_trf(make_player(1), "ZZZ keep me", "DAT    1 EMAIL a@b"))
    for dialect in ("trf16", "trfx", "trf26"):
        out = lines_of(convert(t, dialect).text)
        assert out[-2:] == ["ZZZ keep me", "DAT    1 EMAIL a@b"]


def test_model_edits_are_written(two_rounds_text):
    t = parse(two_rounds_text)
    t.name = "Renamed"
    t.players[1].name = "Changed, Name"
    t.players[1].points = Fraction(5, 2)
    del t.players[4]
    t.players[9] = Player(9, name="New Player", rating=1800)
    out = lines_of(write(t, "trfx", warnings=[]))
    assert out[0] == "012 Renamed"
    assert out[2][14:27] == "Changed, Name" and out[2][80:84] == " 2.5"
    assert [x[4:8] for x in out if x.startswith("001")] == ["   1", "   2", "   3", "   9"]


def test_tournament_built_in_code():
    t = Tournament(
        name="Built",
        total_rounds=3,
        initial_colour="w",
        type_code="FIDE_DUTCH_2025",
        scoring=Scoring(win=3, draw=1),
    )
    t.players[1] = Player(
        1,
        name="A",
        rating=2000,
        points=Fraction(3),
        entries=[RoundEntry(1, EntryKind.PLAYED, 2, "w", "1")],
    )
    t.players[2] = Player(
        2,
        name="B",
        rating=1900,
        points=Fraction(0),
        entries=[RoundEntry(1, EntryKind.PLAYED, 1, "b", "0")],
    )
    text = write(t, "trf26", warnings=[])
    assert lines_of(text)[:5] == [
        "012 Built",
        "142 3",
        "152 W",
        "162  W 3.0    D 1.0",
        "192 FIDE_DUTCH_2025",
    ]
    back = parse(text)
    assert back.scoring == t.scoring and back.total_rounds == 3 and back.score(1, 1) == 3
    x = write(t, "trfx", warnings=[])
    assert lines_of(x)[-4:] == ["XXR 3", "XXC white1", "BBW  3.0", "BBD  1.0"]


def test_overlong_fields_are_cut_with_a_warning():
    t = Tournament()
    t.players[1] = Player(1, name="N" * 40)
    problems = []
    text = write(t, "trf16", warnings=problems)
    assert parse(text).players[1].name == "N" * 33
    assert "player 1: name" in problems[0].message


def test_write_issues_python_warnings_without_a_list(trfx_text):
    with pytest.warns(TrfConversionWarning) as record:
        write(parse(trfx_text), "trf16")
    assert any("total rounds" in str(w.message) for w in record)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        write(parse(trfx_text), "trfx")  # nothing lost, nothing issued


def test_newline_option(two_rounds_text):
    text = write(parse(two_rounds_text), "trfx", newline="\r\n", warnings=[])
    assert text == two_rounds_text.replace("\n", "\r\n")


def test_unknown_dialect(two_rounds_text):
    with pytest.raises(ValueError):
        convert(parse(two_rounds_text), "trf99")


def test_seed_example_in_trf26(corpus_dir, file_regression):
    result = convert(read(corpus_dir / "seed-example" / "round2-input.trf"), "trf26")
    assert result.warnings == []
    file_regression.check(result.text, extension=".trf")


def test_acceleration_ranges_skip_players_not_accelerated():
    """A 250 range covers every id between its ends: a late entry (11) between accelerated
    players must split it, or reading the file back accelerates him too."""
    from fractions import Fraction

    from trfaudit.trf.writer import acceleration_runs

    acc = {tpn: {1: Fraction(1)} for tpn in (1, 2, 3, 10, 12, 13)}
    assert acceleration_runs(acc, range(1, 14)) == [
        (Fraction(1), 1, 1, 1, 3),
        (Fraction(1), 1, 1, 10, 10),
        (Fraction(1), 1, 1, 12, 13),
    ]
