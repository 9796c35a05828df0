"""``trfaudit pair --rules``: the edition used, and why (stderr and JSON)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from trfaudit.checker.cli import app

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
runner = CliRunner()


def pair(*args):
    return runner.invoke(app, ["pair", *map(str, args)])


def _with_header(tmp_path: Path, header: str) -> Path:
    """The seed example after round 2 with a header line added (a start date, a type)."""
    text = (CORPUS / "seed-example" / "round3-input.trf").read_text()
    path = tmp_path / "t.trf"
    path.write_text(header + "\n" + text)
    return path


def test_rules_2017_reproduces_a_recorded_round():
    # corpus/dutch2017/t000001 round 3, as the reference engine paired it under 2017 rules.
    got = pair(
        CORPUS / "dutch2017" / "t000001.trf", "--round", "3", "--rules", "2017", "-f", "json"
    )
    assert got.exit_code == 0, got.output
    doc = json.loads(got.stdout)
    assert doc["rules"] == "2017" and doc["rules_reason"] == "--rules 2017"
    assert "rules 2017" in got.stderr


def test_auto_takes_the_type_code(tmp_path):
    got = pair(CORPUS / "dutch2025" / "t000001.trf", "--round", "2", "-f", "json")
    assert got.exit_code == 0
    doc = json.loads(got.stdout)
    assert doc["rules"] == "2025" and "092 FIDE_DUTCH_2025" in doc["rules_reason"]


def test_auto_takes_the_start_date(tmp_path):
    got = pair(_with_header(tmp_path, "042 2019/03/01"), "-f", "json")
    assert got.exit_code == 0, got.output
    doc = json.loads(got.stdout)
    assert doc["rules"] == "2017" and "2019-03-01" in doc["rules_reason"]
    assert "rules 2017" in got.stderr and "042" in got.stderr


def test_auto_without_code_or_date_is_2025():
    got = pair(CORPUS / "seed-example" / "round3-input.trf", "-f", "json")
    assert got.exit_code == 0
    assert json.loads(got.stdout)["rules"] == "2025"


def test_auto_takes_2012_before_july_2017(tmp_path):
    # The seed example dated 2015: the 2012 edition, which reproduces the seed's round 3.
    got = pair(_with_header(tmp_path, "042 2015/03/01"), "-f", "json")
    assert got.exit_code == 0, got.output
    doc = json.loads(got.stdout)
    assert doc["rules"] == "2012" and "before 2017-07-01" in doc["rules_reason"]
    lines = (CORPUS / "seed-example" / "round3-expected.txt").read_text().split()
    expected = {(int(a), int(b)) for a, b in zip(lines[1::2], lines[2::2])}
    got_pairs = {(b["white"], b["black"]) for b in doc["boards"]}
    if doc["bye"] is not None:
        got_pairs.add((doc["bye"], 0))
    assert got_pairs == expected


def test_an_inconsistent_history_is_not_paired(tmp_path):
    # An opponent that does not exist: the file is refused with the validator's message
    # (file:line:column, what was expected) and exit 2, never paired.
    text = (CORPUS / "seed-example" / "round3-input.trf").read_text()
    path = tmp_path / "bad.trf"
    lines = text.split("\n")
    lines[1] = lines[1][:91] + "  99" + lines[1][95:]
    path.write_text("\n".join(lines))
    got = pair(path)
    assert got.exit_code == 2
    assert f"{path}:2:92:" in got.stderr and "not paired" in got.stderr
    assert got.stdout == ""
