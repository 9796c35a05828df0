"""Real-world quirks the reader must accept (trf-formats.md section 6)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trfaudit.trf import EntryKind, TrfError, parse


def _entries(t, tpn):
    return [(e.kind, e.opponent, e.colour, e.result) for e in t.players[tpn].entries]


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_line_endings_give_the_same_model(two_rounds_text, ending):
    reference = parse(two_rounds_text)
    t = parse(two_rounds_text.replace("\n", ending).encode())
    assert t.line_ending == ending
    assert [r.raw for r in t.records] == [r.raw for r in reference.records]
    for tpn in reference.players:
        assert _entries(t, tpn) == _entries(reference, tpn)
    assert t.total_rounds == 3


def test_mixed_line_endings(two_rounds_text):
    lines = two_rounds_text.splitlines()
    mixed = lines[0] + "\r\n" + lines[1] + "\r" + "\n".join(lines[2:]) + "\n"
    assert len(parse(mixed).players) == 4


@pytest.mark.parametrize("as_bytes", [True, False])
def test_utf8_bom_is_stripped(two_rounds_text, as_bytes):
    data = "\ufeff" + two_rounds_text
    t = parse(data.encode("utf-8") if as_bytes else data)
    assert t.bom is True
    assert t.name == "Small test"  # the 012 code is not hidden behind the BOM
    assert t.records[0].raw.startswith("012")


def test_utf8_counts_characters_not_bytes(make_player, make_trf):
    line = make_player(1, ["   2 w 1"], name="Müller, Anna", rating=2215, points="1.0")
    text = make_trf(line, make_player(2, ["   1 b 0"], points="0.0"))
    t = parse(text.encode("utf-8"))
    assert t.encoding == "utf-8"
    assert t.players[1].name == "Müller, Anna"
    assert t.players[1].rating == 2215
    assert t.players[1].entries[0].opponent == 2


def test_cp1252_fallback(make_player, make_trf):
    line = make_player(1, ["   2 w 1"], name="Müller, Œdipe", rating=2215, points="1.0")
    text = make_trf(line, make_player(2, ["   1 b 0"], points="0.0"))
    t = parse(text.encode("cp1252"))
    assert t.encoding == "cp1252"
    assert t.players[1].name == "Müller, Œdipe"
    assert t.players[1].rating == 2215
    assert t.players[1].entries[0].kind is EntryKind.PLAYED


def test_text_input_records_text_encoding(two_rounds_text):
    assert parse(two_rounds_text).encoding == "text"
    assert parse(two_rounds_text.encode()).encoding == "utf-8"


def test_trailing_spaces_are_ignored(two_rounds_text):
    padded = "\n".join(line + "      " for line in two_rounds_text.splitlines()) + "\n"
    t, reference = parse(padded), parse(two_rounds_text)
    for tpn in reference.players:
        assert _entries(t, tpn) == _entries(reference, tpn)
        assert t.players[tpn].points == reference.players[tpn].points
    assert t.name == "Small test"


def test_short_line_without_rounds_points_or_rank(make_trf, make_player):
    text = make_trf(
        make_player(1, ["   2 w 1"], points="1.0"),
        make_player(2, ["   1 b 0"], points="0.0"),
        "001    3      Late Joiner",
    )
    t = parse(text)
    late = t.players[3]
    assert late.name == "Late Joiner"
    assert late.points is None and late.rank is None and late.rating == 0
    assert [e.kind for e in late.entries] == [EntryKind.NOT_PAIRED]  # padded to round 1


def test_missing_points_and_rank(make_trf, make_player):
    t = parse(make_trf(make_player(1, ["0000 - U"]), make_player(2)))
    assert t.players[1].points is None
    assert t.players[1].rank is None
    assert t.players[1].entries[0].kind is EntryKind.PAB


def test_blank_opponent_fields(make_trf, make_player):
    # blank opponent with '-' (lichess absent), an all-blank block followed by later data, and a
    # block whose opponent field is blank before a bye code
    t = parse(
        make_trf(
            make_player(
                1, ["   2 w 1", "       -", "        ", "     - H", "   2 b 0"], points="1.5"
            ),
            make_player(
                2, ["   1 b 0", "0000 - U", "0000 - Z", "0000 - Z", "   1 w 1"], points="2.0"
            ),
        )
    )
    kinds = [(e.kind, e.opponent, e.result) for e in t.players[1].entries]
    assert kinds == [
        (EntryKind.PLAYED, 2, "1"),
        (EntryKind.ZERO_BYE, None, "-"),
        (EntryKind.ZERO_BYE, None, " "),  # blank in a played round = absent
        (EntryKind.HALF_BYE, None, "H"),
        (EntryKind.PLAYED, 2, "0"),
    ]


@pytest.mark.parametrize("tpn", [1000, 1234, 9999])
def test_four_digit_player_numbers_fill_their_fields(make_trf, make_player, tpn):
    t = parse(
        make_trf(
            make_player(7, [f"{tpn} w 1"], points="1.0"),
            make_player(tpn, ["   7 b 0"], points="0.0"),
        )
    )
    assert tpn in t.players
    assert t.players[7].entries[0].opponent == tpn
    assert t.players[tpn].entries[0].opponent == 7


def test_large_corpus_file_has_four_digit_numbers(corpus_dir):
    from trfaudit.trf import read

    t = read(corpus_dir / "large" / "open1000-2025.trf")
    assert 1000 in t.players and len(t.players) == 1000
    assert any(e.opponent == 1000 for p in t.players.values() for e in p.entries)


def test_five_digit_player_number_is_rejected(make_trf, make_player):
    line = make_player(1, ["   2 w 1"]).replace("   2 w 1", "10000 w 1")
    with pytest.raises(TrfError) as err:
        parse(make_trf(line, make_player(2)))
    assert "misaligned" in err.value.message


@pytest.mark.parametrize("title", ["GM ", " GM", "  g", "WIM"])
def test_title_alignment(make_trf, make_player, title):
    line = make_player(1, sex="m", name="Some One")
    line = line[:10] + title + line[13:]
    t = parse(make_trf(line))
    assert t.players[1].title == title.strip()
    assert t.players[1].name == "Some One"


def test_lichess_style_line(make_trf, make_player):
    # name from column 16, no rank, H without opponent, absent as blank opponent + '-',
    # and a game in progress written as 'opponent colour Z'
    line = make_player(
        3,
        ["       H", "  12 w 1", "       -", "   5 b Z"],
        name=" chessfan99",
        rating=1500,
        points="1.5",
    )
    assert line[15:25] == "chessfan99"
    t = parse(
        make_trf(
            line,
            make_player(12, ["        ", "   3 b 0"], points="0.0"),
            make_player(5, ["        ", "        ", "        ", "   3 w Z"], points="0.0"),
        )
    )
    p = t.players[3]
    assert p.name == "chessfan99"
    assert p.rank is None
    kinds = [e.kind for e in p.entries]
    assert kinds == [EntryKind.HALF_BYE, EntryKind.PLAYED, EntryKind.ZERO_BYE, EntryKind.NOT_PAIRED]
    assert p.entries[3].pending and p.entries[3].opponent == 5
    assert t.recorded_rounds() == 4  # the pending game has opponents


def test_pending_game_with_blank_result(make_trf, make_player):
    t = parse(
        make_trf(make_player(1, ["   2 w 1", "   2 b"]), make_player(2, ["   1 b 0", "   1 w"]))
    )
    entry = t.players[1].entries[1]
    assert entry.kind is EntryKind.NOT_PAIRED and entry.pending
    assert entry.colour == "b" and entry.result == " "


def test_case_of_result_and_colour_letters(make_trf, make_player):
    t = parse(
        make_trf(
            make_player(1, ["   2 W 1", "0000 - h", "0000 - u"]),
            make_player(2, ["   1 b 0", "0000 - z", "0000 - f"]),
        )
    )
    e1, e2 = t.players[1].entries, t.players[2].entries
    assert e1[0].colour == "w"
    assert [e.kind for e in e1[1:]] == [EntryKind.HALF_BYE, EntryKind.PAB]
    assert [e.kind for e in e2[1:]] == [EntryKind.ZERO_BYE, EntryKind.FULL_BYE]
    assert e1[1].result == "h"  # raw character kept
    assert any("upper-case colour" in w.message for w in t.warnings)


def test_legacy_bye_forms(make_trf, make_player):
    t = parse(
        make_trf(
            make_player(1, ["0000 - +"], points="1.0"),
            make_player(2, ["0000 - ="], points="0.5"),
            make_player(3, ["0000 - -"], points="0.0"),
        )
    )
    assert t.players[1].entries[0].kind is EntryKind.PAB
    assert t.players[2].entries[0].kind is EntryKind.HALF_BYE
    assert t.players[3].entries[0].kind is EntryKind.ZERO_BYE
    assert t.recorded_rounds() == 1  # '+' without opponent participates, like a PAB


def test_no_final_newline_and_dos_eof(two_rounds_text):
    reference = parse(two_rounds_text)
    t = parse(two_rounds_text.rstrip("\n").encode() + b"\x1a")
    assert t.players.keys() == reference.players.keys()


def test_empty_lines_are_kept_as_records(two_rounds_text):
    text = two_rounds_text.replace("XXR 3\n", "\nXXR 3\n\n   \n")
    t = parse(text)
    kinds = [r.kind.value for r in t.records]
    assert kinds[:5] == ["header", "blank", "xx_rounds", "blank", "blank"]
    assert [r.line for r in t.records[:5]] == [1, 2, 3, 4, 5]


def test_points_variants(make_trf, make_player):
    t = parse(
        make_trf(
            make_player(1, points="17"),
            make_player(2, points="2,5"),
            make_player(3).ljust(79) + "100.0",
        )
    )
    assert t.players[1].points == 17
    assert t.players[2].points == Fraction(5, 2)
    assert t.players[3].points == 100
    assert any("decimal comma" in w.message for w in t.warnings)
