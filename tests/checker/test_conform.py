"""``trfaudit conform``: a fake pairing program (tests/checker/fake_engine.py) that crashes,
hangs, writes garbage and swaps two boards, and the reference engines when they are built."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from trfaudit.checker.cli import app
from trfaudit.checker.conform.engine_cmd import parse_pairing
from typer.testing import CliRunner

runner = CliRunner()
FAKE = Path(__file__).with_name("fake_engine.py")
#: A bbpPairings v6 binary (a witness: the tests that run it skip without it; CONTRIBUTING.md).
_BBP = os.environ.get("TRFAUDIT_BBP")
BBP6 = Path(_BBP) if _BBP else None
SMALL = ["--set", "players=9", "--set", "rounds=6", "--set", "draw_rate=0.3"]


def conform(*args: str):
    return runner.invoke(app, ["conform", *args])


def fake(mode: str) -> str:
    return f"{sys.executable} {FAKE} {mode} {{in}} {{out}}"


@pytest.fixture(autouse=True)
def _pythonpath(monkeypatch):
    """The fake program imports the trfaudit under test."""
    import trfaudit

    link = str(Path(trfaudit.__file__).resolve().parent.parent)
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [link, os.environ.get("PYTHONPATH")]))
    )


def test_a_program_that_pairs_like_trfaudit_matches_every_round(tmp_path):
    result = conform("--engine", fake("good"), "--count", "2", *SMALL, "-o", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "o" / "summary.json").read_text())
    assert summary["tournaments"] == 2
    assert summary["rounds"] == summary["matching_rounds"] == 12
    assert summary["discrepancies"] == 0 and summary["engine_failures"]["total"] == 0


def test_crash_timeout_garbage_and_a_swap_are_counted_per_round(tmp_path):
    out = tmp_path / "o"
    result = conform(
        "--engine", fake("mixed"), "--count", "1", *SMALL, "--timeout", "15", "-o", str(out)
    )
    assert result.exit_code == 1, result.output
    summary = json.loads((out / "summary.json").read_text())
    fails = summary["engine_failures"]
    assert fails["by_failure"] == {"crash": 1, "timeout": 1, "unreadable": 1}
    assert [(f["round"], f["failure"]) for f in fails["rounds"]] == [
        (2, "crash"),
        (3, "timeout"),
        (4, "unreadable"),
    ]
    assert "exit 3" in fails["rounds"][0]["detail"]
    assert "line 1" in fails["rounds"][2]["detail"]
    # round 5: the swap is found and classed; rounds 1 and 6 match
    assert summary["discrepancies"] == 1
    (swapped,) = summary["discrepant_rounds"]
    assert swapped["round"] == 5
    assert summary["by_class"] == {"pairing": len(swapped["findings"])}
    assert summary["matching_rounds"] == 2
    stem = out / swapped["files"]
    for suffix in (".trf", ".engine.txt", ".trfaudit.txt", ".json"):
        assert Path(str(stem) + suffix).exists()
    ours = parse_pairing(Path(str(stem) + ".trfaudit.txt").read_text())
    theirs = parse_pairing(Path(str(stem) + ".engine.txt").read_text())
    assert set(ours.boards) != set(theirs.boards) and ours.bye == theirs.bye
    assert "2 round" not in result.output and "round 5" in result.output


def test_resume_runs_only_the_tournaments_not_done(tmp_path):
    out = str(tmp_path / "o")
    assert conform("--engine", fake("good"), "--count", "1", *SMALL, "-o", out).exit_code == 0
    again = conform("--engine", fake("good"), "--count", "2", *SMALL, "-o", out)
    assert again.exit_code == 2 and "--resume" in again.output
    resumed = conform("--engine", fake("good"), "--count", "2", *SMALL, "-o", out, "--resume")
    assert resumed.exit_code == 0
    lines = (tmp_path / "o" / "results.jsonl").read_text().splitlines()
    assert [json.loads(x)["seed"] for x in lines] == [1, 2]


@pytest.mark.parametrize(
    "args",
    [
        ["--count", "1"],
        ["--engine", "prog {in}", "--count", "1"],
        ["--engine", "prog {in} {out}", "--rules", "2012"],
        ["--engine", "prog {in} {out}", "--set", "nonsense=1"],
    ],
)
def test_misuse_is_exit_2(tmp_path, args):
    result = conform(*args, "-o", str(tmp_path / "o"))
    assert result.exit_code == 2, result.output


def test_pairing_lists_are_read_strictly():
    assert parse_pairing("2\n1 2\n3 0\n").bye == 3
    for bad in ("", "x\n", "2\n1 2\n", "1\n1 2 3\n", "2\n1 0\n2 0\n"):
        with pytest.raises(ValueError):
            parse_pairing(bad)


@pytest.mark.skipif(BBP6 is None, reason="set TRFAUDIT_BBP to a bbpPairings v6 binary")
def test_bbp_v6_agrees_with_trfaudit_under_2025(tmp_path):
    engine = f"{BBP6} --dutch {{in}} -p {{out}}"
    result = conform("--engine", engine, "--count", "5", "--mix", "-o", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output


@pytest.mark.skipif(BBP6 is None, reason="set TRFAUDIT_BBP to a bbpPairings v6 binary")
def test_reverse_checks_the_files_bbp_v6_generates(tmp_path):
    gen = f"{BBP6} --dutch -g {{config}} -o {{out}} -s {{seed}}"
    result = conform("--reverse", gen, "--count", "3", "-o", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "o" / "summary.json").read_text())
    assert summary["rounds"] > 0 and summary["discrepancies"] == 0
