"""The commands on Dubov files: ``check`` (exit code, the criterion, the JSON schema),
``pair``, ``explain`` (G1/G2, ARO and the rules in the Dubov text's numbering)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.checker.reports.json import schema

from .hand import five, six
from .test_tampered import CLEAN

runner = CliRunner()
EXPLAIN_SCHEMA = Path(__file__).resolve().parents[2] / "checker/reports/schema/explain.schema.json"


def test_check_names_the_dubov_criterion(tmp_path: Path) -> None:
    swapped = ["0003 b 1", "0005 w =", "0001 w 0", "0006 w 1", "0002 b =", "0004 b 0"]
    path = tmp_path / "swapped.trf"
    path.write_text(six(swapped))
    result = runner.invoke(app, ["check", str(path), "--format", "json"])
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    jsonschema.validate(doc, schema())
    report = doc["files"][0] if "files" in doc else doc
    assert report["rules"] == "dubov"
    found = [d for r in report["rounds"] for d in r["discrepancies"]]
    assert [(d["kind"], d["criterion"]) for d in found] == [("illegal", "C1")]


def test_check_clean_and_rules_dubov(tmp_path: Path) -> None:
    path = tmp_path / "clean.trf"
    path.write_text(six(CLEAN).replace("192 FIDE_DUBOV\n", ""))
    assert runner.invoke(app, ["check", str(path), "--rules", "dubov"]).exit_code == 0
    # without the code or --rules the file is read as a Dutch one: round 2 differs there
    assert runner.invoke(app, ["check", str(path)]).exit_code == 1


def test_pair_and_explain(tmp_path: Path) -> None:
    path = tmp_path / "five.trf"
    path.write_text(five())
    result = runner.invoke(app, ["pair", str(path)])
    assert result.exit_code == 0
    assert result.stdout.split() == ["3", "2", "1", "5", "4", "3", "0"]
    result = runner.invoke(app, ["explain", str(path), "--player", "4", "--format", "json"])
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    jsonschema.validate(doc, json.loads(EXPLAIN_SCHEMA.read_text()))
    text = " ".join(r["text"] for r in doc["players"][0]["reasons"])
    assert "Art. 3.2.4" in text and "G1" in text and "ARO 2300" in text
    assert "Art. 5.2.3" in text
    rules = [r["rule"] for r in doc["players"][0]["reasons"]]
    assert rules[0] == "3.2.2"  # 4 is an upfloater of the 1.0 bracket


def test_inconsistent_file_is_refused_with_its_line(tmp_path: Path) -> None:
    lines = six(CLEAN).splitlines()
    lines[3] = lines[3][:80] + " 3.0" + lines[3][84:]  # player 1 has 2.0 points
    text = "\n".join(lines) + "\n"
    path = tmp_path / "bad.trf"
    path.write_text(text)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    flat = " ".join(result.output.split())
    assert "inconsistent file" in flat and "bad.trf:4:81: player 1: points 3.0" in flat


def test_html_report_of_a_differing_round(tmp_path: Path) -> None:
    # the report's player tables come from the Dubov explainer
    wrong = ["0002 b 0", "0001 w 1", "0005 b 0", "0000 - U", "0003 w 1"]
    path, out = tmp_path / "pab.trf", tmp_path / "pab.html"
    path.write_text(five(wrong))
    result = runner.invoke(app, ["check", str(path), "--format", "html", "-o", str(out)])
    assert result.exit_code == 1
    html = out.read_text()
    assert "Art. 3.1.3 (the PAB goes to the lowest score)" in html
    assert "Art. 3.1: Player 3 (3) gets the pairing-allocated bye" in html


def test_generate_system_dubov_then_check(tmp_path: Path) -> None:
    out = tmp_path / "g.trf"
    args = ["generate", "--system", "dubov", "--players", "11", "--rounds", "5", "--seed", "3"]
    assert runner.invoke(app, [*args, "-o", str(out)]).exit_code == 0
    assert "192 FIDE_DUBOV" in out.read_text()
    result = runner.invoke(app, ["check", str(out)])
    assert result.exit_code == 0
    assert "5 rounds checked, 5 match" in " ".join(result.output.split())
