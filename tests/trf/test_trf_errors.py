"""Malformed input: TrfError with file, line, column and expectation, never another exception."""

from __future__ import annotations

import pytest

from trfaudit.trf import TrfError, parse, read
from trfaudit.trf.errors import Problem


def good_lines(make_player):
    return [
        "012 Test",
        make_player(1, ["   2 w 1"], points="1.0"),
        make_player(2, ["   1 b 0"], points="0.0"),
    ]


def replace_block(line: str, block: str) -> str:
    return line[:91] + block


@pytest.mark.parametrize(
    "mutate, line, column, fragment",
    [
        (lambda ls: ls + [ls[1]], 4, 5, "duplicate player number 1 (first defined at line 2)"),
        (
            lambda ls: [ls[0], "001   x1" + ls[1][8:], ls[2]],
            2,
            5,
            "player number 'x1' is not a number",
        ),
        (lambda ls: [ls[0], "001     " + ls[1][8:], ls[2]], 2, 5, "player number is missing"),
        (lambda ls: [ls[0], "001    0" + ls[1][8:], ls[2]], 2, 5, "out of range"),
        (lambda ls: [ls[0], ls[1][:48] + "2x00" + ls[1][52:], ls[2]], 2, 49, "rating '2x00'"),
        (lambda ls: [ls[0], ls[1][:80] + "1.x " + ls[1][84:], ls[2]], 2, 81, "points '1.x'"),
        (lambda ls: [ls[0], ls[1][:85] + "  a1" + ls[1][89:], ls[2]], 2, 86, "rank 'a1'"),
        (lambda ls: [ls[0], replace_block(ls[1], "  ab w 1"), ls[2]], 2, 92, "opponent 'ab'"),
        (
            lambda ls: [ls[0], replace_block(ls[1], "   2 w 5"), ls[2]],
            2,
            99,
            "unknown result code '5'",
        ),
        (lambda ls: [ls[0], replace_block(ls[1], "   2 x 1"), ls[2]], 2, 97, "unknown colour 'x'"),
        (
            lambda ls: [ls[0], replace_block(ls[1], "   2 - 1"), ls[2]],
            2,
            97,
            "played game without a colour",
        ),
        (
            lambda ls: [ls[0], replace_block(ls[1], "   2 w U"), ls[2]],
            2,
            99,
            "is a bye but has opponent 2",
        ),
        (lambda ls: [ls[0], replace_block(ls[1], "0000 - 1"), ls[2]], 2, 99, "needs an opponent"),
        (lambda ls: [ls[0], replace_block(ls[1], "     2 w 1"), ls[2]], 2, 101, "misaligned"),
        (lambda ls: [ls[0], replace_block(ls[1], "  2 w 1"), ls[2]], 2, 96, "misaligned"),
        (lambda ls: [ls[0], replace_block(ls[1], "   2"), ls[2]], 2, 97, "truncated line"),
        (lambda ls: [ls[0], ls[1][:89] + "x" + ls[1][90:], ls[2]], 2, 90, "columns 90-91"),
        (lambda ls: [ls[0], "0011" + ls[1][4:], ls[2]], 2, 4, "after the record code"),
        (lambda ls: [ls[0], "001 12345" + ls[1][9:], ls[2]], 2, 9, "does not fit columns 5-8"),
    ],
)
def test_malformed_player_lines(make_player, mutate, line, column, fragment):
    lines = mutate(good_lines(make_player))
    with pytest.raises(TrfError) as err:
        parse("\n".join(lines) + "\n", "in.trf")
    exc = err.value
    assert fragment in exc.message
    assert (exc.file, exc.line, exc.column) == ("in.trf", line, column)
    assert str(exc).startswith(f"in.trf:{line}:{column}: ")


@pytest.mark.parametrize(
    "data, fragment",
    [
        (b"", "empty file"),
        (b"  \n\n \r\n", "empty file"),
        (b"012 x\n\x00\x01\x02binary", "binary data"),
        (b"012 x\n001    1 \x07 bell", "control character U+0007"),
        (b"012 only headers\n092 Swiss\n", "no player records"),
        (b"001    1 \x81 undefined in cp1252 and not UTF-8", "neither UTF-8 nor cp1252"),
        (bytes(range(256)) * 4, "binary data"),
    ],
)
def test_unusable_files(data, fragment):
    with pytest.raises(TrfError) as err:
        parse(data, "f.trf")
    assert fragment in err.value.message
    assert err.value.file == "f.trf"


def test_wrong_input_type():
    with pytest.raises(TrfError):
        parse(12345)  # type: ignore[arg-type]


def test_missing_file(tmp_path):
    with pytest.raises(TrfError) as err:
        read(tmp_path / "nope.trf")
    assert err.value.line == 0
    assert str(err.value) == f"{tmp_path / 'nope.trf'}: cannot read file: No such file or directory"


def test_directory_instead_of_file(tmp_path):
    with pytest.raises(TrfError):
        read(tmp_path)


def test_error_string_format():
    err = TrfError("a.trf", 3, 92, "opponent 'x' is not a number", "a player number or 0000")
    assert str(err) == "a.trf:3:92: opponent 'x' is not a number (expected a player number or 0000)"
    assert str(TrfError(None, 1, 1, "empty file")) == "<input>:1:1: empty file"


def test_error_is_picklable():
    import pickle

    err = pickle.loads(pickle.dumps(TrfError("a", 1, 2, "m", "e")))
    assert (err.file, err.line, err.column, err.message, err.expected) == ("a", 1, 2, "m", "e")


def test_problem_string_format():
    assert str(Problem("a.trf", 2, 81, "points 2.0 do not match", "1.5")) == (
        "a.trf:2:81: points 2.0 do not match (expected 1.5)"
    )
    assert str(Problem("a.trf", 5, 1, "unknown record", severity="warning")) == (
        "a.trf:5:1: warning: unknown record"
    )
