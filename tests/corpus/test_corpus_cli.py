"""``trfaudit generate`` through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.corpus.config import GeneratorConfig
from trfaudit.corpus.generator import generate, render
from trfaudit.engine import EDITIONS
from trfaudit.trf.reader import read
from trfaudit.trf.validate import validate

runner = CliRunner()
CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def run(*args: str):
    return runner.invoke(app, ["generate", *args])


def test_single_tournament_to_stdout():
    result = run("--players", "12", "--rounds", "5", "--seed", "3", "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout == render(generate(GeneratorConfig(players=12, rounds=5), 3), "trf26")


def test_single_tournament_to_a_file(tmp_path):
    out = tmp_path / "t.trf"
    result = run("-n", "10", "-r", "4", "--to", "trf16", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "XXR 4" in text and "XXC " in text
    assert [str(p) for p in validate(read(out))] == []
    again = tmp_path / "again.trf"
    run("-n", "10", "-r", "4", "--to", "trf16", "-o", str(again))
    assert again.read_bytes() == out.read_bytes()


def test_count_writes_a_directory_with_a_manifest(tmp_path):
    out = tmp_path / "batch"
    result = run(
        "-n",
        "9",
        "-r",
        "4",
        "--seed",
        "20",
        "--count",
        "3",
        "--set",
        "scoring=3-1-0",
        "--set",
        "pab=1",
        "-o",
        str(out),
    )
    assert result.exit_code == 0, result.output
    assert "wrote 3 tournaments" in result.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert [e["seed"] for e in manifest["tournaments"]] == [20, 21, 22]
    assert manifest["config"]["win"] == "3" and manifest["config"]["pab"] == "1"
    for entry in manifest["tournaments"]:
        t = read(out / entry["file"])
        assert len(t.players) == entry["players"] == 9
        assert t.scoring.win == 3 and t.scoring.pab == 1


def test_config_file_and_command_line_overrides(tmp_path):
    cfg = tmp_path / "rig.cfg"
    cfg.write_text("PlayersNumber=30\nRoundsNumber=6\nDrawPercentage=40\nForfeitRate=50\n")
    out = tmp_path / "t.trf"
    result = run("--config", str(cfg), "--players", "11", "-o", str(out))
    assert result.exit_code == 0, result.output
    t = read(out)
    assert len(t.players) == 11 and t.total_rounds == 6


def test_real_corpus_cfg(tmp_path):
    out = tmp_path / "t.trf"
    result = run("-c", str(CORPUS / "dutch2025" / "t000001.cfg"), "-o", str(out))
    assert result.exit_code == 0, result.output
    t = read(out)
    assert len(t.players) == 30 and t.total_rounds == 4 and t.recorded_rounds() == 4


def test_baku_flag(tmp_path):
    out = tmp_path / "t.trf"
    assert run("-n", "16", "-r", "5", "--baku", "-o", str(out)).exit_code == 0
    assert "250       1.0" in out.read_text()


def test_stopped_tournament_is_reported(tmp_path):
    result = run("-n", "4", "-r", "4", "-o", str(tmp_path / "t.trf"))
    assert result.exit_code == 0
    assert "stopped after round 3 of 4" in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (("-n", "10", "-o", "x.trf"), "give --rounds or RoundsNumber"),
        (("-r", "3", "-o", "x.trf"), "give --players or PlayersNumber"),
        (("-n", "10", "-r", "3", "--set", "colour=w", "-o", "x.trf"), "unknown key 'colour'"),
        (("-n", "10", "-r", "3", "--set", "draw_rate", "-o", "x.trf"), "expected KEY=VALUE"),
        (("-n", "10", "-r", "3", "--set", "draw_rate=2", "-o", "x.trf"), "draw_rate"),
        (("-n", "10", "-r", "3", "--count", "0", "-o", "x"), "--count 0"),
        (("-n", "10", "-r", "3", "--count", "2", "-o", "-"), "stdout"),
        (("-n", "10", "-r", "3", "--seed", "-1", "-o", "x.trf"), "must not be negative"),
        (("-n", "10", "-r", "3", "-c", "missing.cfg", "-o", "x.trf"), "cannot read"),
        (("-n", "10", "-r", "3", "--set", "scoring=3-1-0", "--baku", "-o", "x.trf"), "Baku"),
    ],
)
def test_usage_errors_exit_2_without_traceback(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.trf").exists()


def test_unknown_config_key_in_a_file(tmp_path):
    cfg = tmp_path / "rig.cfg"
    cfg.write_text("PlayersNumber=10\nRoundsNumber=3\nQuickgameRate=5\n")
    result = run("-c", str(cfg), "-o", str(tmp_path / "t.trf"))
    assert result.exit_code == 2
    assert f"{cfg}:3: unknown key 'QuickgameRate'" in result.stderr


def test_rules_2017_says_it_is_not_implemented_yet(tmp_path):
    result = run("-n", "8", "-r", "3", "--rules", "2017", "-o", str(tmp_path / "t.trf"))
    if "2017" in EDITIONS:
        assert result.exit_code == 0
    else:
        assert result.exit_code == 2
        assert "2017 edition of the Dutch rules is not implemented yet" in result.stderr


def test_count_into_a_file_path_is_refused(tmp_path):
    target = tmp_path / "file"
    target.write_text("")
    result = run("-n", "8", "-r", "3", "--count", "2", "-o", str(target))
    assert result.exit_code == 2 and "not a directory" in result.stderr


def test_bad_choice_is_a_usage_error():
    result = run("-n", "8", "-r", "3", "--to", "json", "-o", "-")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
