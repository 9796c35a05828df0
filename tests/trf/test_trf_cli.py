"""The validate and convert commands, through typer's CliRunner."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.trf import parse

runner = CliRunner()


@pytest.fixture
def seed2(corpus_dir):
    return corpus_dir / "seed-example" / "round2-input.trf"


@pytest.fixture
def bad_points(tmp_path, make_player, make_trf):
    path = tmp_path / "bad.trf"
    path.write_text(
        make_trf(
            make_player(1, ["   2 w 1"], points="0.5"), make_player(2, ["   1 b 0"], points="0.0")
        )
    )
    return path


def test_validate_ok(seed2):
    result = runner.invoke(app, ["validate", str(seed2)])
    assert result.exit_code == 0
    assert result.stdout == f"{seed2}: ok (14 players, 1 round recorded)\n"


def test_validate_reports_position_and_expectation(bad_points):
    result = runner.invoke(app, ["validate", str(bad_points)])
    assert result.exit_code == 2
    assert result.stdout == (
        f"{bad_points}:1:81: player 1: points 0.5 do not match the results "
        "(expected 1.0 under the point system)\n"
    )


def test_validate_several_files(seed2, bad_points):
    result = runner.invoke(app, ["validate", "-q", str(seed2), str(bad_points)])
    assert result.exit_code == 2
    assert "ok" not in result.stdout and f"{bad_points}:1:81:" in result.stdout


def test_validate_warnings_and_strict(tmp_path, make_player, make_trf):
    path = tmp_path / "w.trf"
    path.write_text(make_trf(make_player(1), "QQQ1 odd line"))
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0
    assert f"{path}:2:1: warning: unknown record type 'QQQ'; kept verbatim" in result.stdout
    assert runner.invoke(app, ["validate", "--strict", str(path)]).exit_code == 2


@pytest.mark.parametrize(
    "content, fragment",
    [
        (b"", ":1:1: empty file (expected a TRF file with 001 player lines)"),
        (b"\x00\x01\x02\x03", ":1:1: binary data (NUL byte)"),
        (b"001    1      A\n001    1      B\n", ":2:5: duplicate player number 1"),
        (
            lambda mp: (mp(1, ["   2 w 7"]) + "\n").encode(),
            ":1:99: round 1: unknown result code '7'",
        ),
        (b"001   1x      A\n", ":1:5: player number '1x' is not a number"),
        (
            lambda mp: (mp(1, ["   9 w 1"], points="1.0") + "\n").encode(),
            ":1:92: round 1: opponent 9 does not exist",
        ),
    ],
)
def test_malformed_input_exits_2_with_a_located_message(tmp_path, make_player, content, fragment):
    path = tmp_path / "in.trf"
    path.write_bytes(content(make_player) if callable(content) else content)
    for args in (["validate", str(path)], ["convert", str(path), "--to", "trf26"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert f"{path}{fragment}" in result.output
        assert isinstance(result.exception, SystemExit)  # no traceback


def test_missing_file(tmp_path):
    missing = tmp_path / "missing.trf"
    for args in (["validate", str(missing)], ["convert", str(missing), "--to", "json"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert f"{missing}: cannot read file: No such file or directory" in result.output


def test_directory_argument(tmp_path):
    result = runner.invoke(app, ["validate", str(tmp_path)])
    assert result.exit_code == 2 and "is a directory" in result.stdout


@pytest.mark.parametrize("target", ["trf16", "trfx", "trf26"])
def test_convert_to_stdout(seed2, target):
    from trfaudit.trf.writer import convert

    result = runner.invoke(app, ["convert", str(seed2), "--to", target])
    assert result.exit_code == 0
    assert result.stdout == convert(parse(seed2.read_bytes(), str(seed2)), target).text
    if target == "trf16":
        assert "warning: total rounds (3) dropped" in result.stderr
    else:
        assert result.stderr == ""


def test_convert_to_json_and_back(seed2, tmp_path):
    out = tmp_path / "seed.json"
    result = runner.invoke(app, ["convert", str(seed2), "--to", "json", "-o", str(out)])
    assert result.exit_code == 0 and result.stdout == ""
    assert json.loads(out.read_text())["absent_next"] == {"12": "zero_bye"}
    back = runner.invoke(app, ["convert", str(out), "--to", "trfx"])
    assert back.exit_code == 0
    assert back.stdout == seed2.read_text()


def test_convert_writes_output_file(seed2, tmp_path):
    out = tmp_path / "out.trf"
    result = runner.invoke(app, ["convert", str(seed2), "--to", "trfx", "--output", str(out)])
    assert result.exit_code == 0
    assert out.read_bytes() == seed2.read_bytes()


def test_convert_refuses_invalid_input(bad_points):
    result = runner.invoke(app, ["convert", str(bad_points), "--to", "trf26"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "not converted: 1 error(s)" in result.stderr


def test_convert_reads_stdin(seed2):
    result = runner.invoke(app, ["convert", "-", "--to", "trfx"], input=seed2.read_bytes())
    assert result.exit_code == 0 and result.stdout == seed2.read_text()


@pytest.mark.parametrize(
    "args", [["convert"], ["convert", "x.trf", "--to", "pdf"], ["frobnicate"], ["validate"]]
)
def test_usage_errors_exit_2(args):
    assert runner.invoke(app, args).exit_code == 2


def test_the_commands_are_listed_in_help_order():
    """The commands are registered by name in checker/cli/__init__.py (no discovery)."""
    names = [c.name for c in app.registered_commands]
    assert names == [
        "validate",
        "convert",
        "check",
        "generate",
        "conform",
        "pair",
        "explain",
        "standings",
        "serve",
    ]
