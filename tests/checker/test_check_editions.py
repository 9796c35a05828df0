"""Checking under several editions (issue 9): ``--rules all`` side by side, and a file whose
dates cannot give the edition (every candidate is checked; warnings in every format)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.checker.reports.json import schema

runner = CliRunner()
REAL = Path(__file__).resolve().parents[2] / "corpus" / "real"
# Budapest Spring Festival 2026 (no header: judged by the current edition); its round 8 is
# paired as the 2017 rules pair it, not as the 2025 rules do.
BUDAPEST = REAL / "gbtami-swisspairing__budapest_spring_festival_2026_group_a_2200_r09.trf"


def check(*args):
    return runner.invoke(app, ["check", *map(str, args)])


def flat(text: str) -> str:
    return " ".join(text.split())


def verdict(path, rules):
    doc = json.loads(check(path, "-r", "8", "--rules", rules, "-f", "json").stdout)
    return doc["files"][0]["rounds"][0]["status"]


def test_rules_all_side_by_side():
    # Each edition alone: the verdicts the side-by-side view must repeat.
    alone = {rules: verdict(BUDAPEST, rules) for rules in ("2025", "2017", "2012")}
    assert alone == {"2025": "differs", "2017": "match", "2012": "match"}
    result = check(BUDAPEST, "-r", "8", "--rules", "all", "-f", "json")
    assert result.exit_code == 1  # the edition in force (2025) decides the status
    doc = json.loads(result.stdout)
    jsonschema.validate(doc, schema())
    f = doc["files"][0]
    assert f["rules"] == "2025" and f["editions"] == ["2025", "2017", "2012"]
    assert f["edition_known"] is True
    r = f["rounds"][0]
    assert {k: v["status"] for k, v in r["editions"].items()} == alone
    text = flat(check(BUDAPEST, "-r", "8", "--rules", "all").stdout)
    assert "round 8 matches the 2017 and 2012 rules, not the 2025 rules in force" in text


def test_findings_name_their_editions():
    # Before the input diagnosis (which may read round 8 another way): the 2025 finding is
    # marked as holding under the 2025 rules only.
    from trfaudit.checker.audit import safe_check
    from trfaudit.checker.by_edition import check_round_editions
    from trfaudit.engine import EDITIONS
    from trfaudit.trf.reader import read

    t = read(BUDAPEST)
    editions = [EDITIONS[n] for n in ("2025", "2017", "2012")]
    r = check_round_editions(t, 8, editions, [None] * 3, True, safe_check)
    assert r.status == "differs" and r.discrepancies
    assert all(d.editions == ["2025"] for d in r.discrepancies)
    assert r.editions is not None and r.editions["2017"].status == "match"
    html = check(BUDAPEST, "-r", "8", "--rules", "all", "-f", "html").stdout
    assert "round 8 matches the 2017 and 2012 rules, not the 2025 rules in force" in html


def test_rules_all_when_every_edition_agrees():
    result = check(BUDAPEST, "-r", "2", "--rules", "all")
    assert result.exit_code == 0
    assert "every round has the same verdict under every edition" in flat(result.stdout)


def test_unknown_edition(tmp_path):
    # 01/02/2026 is 1 February 2026 (2025 rules) or 2 January 2026 (2017 rules), and the
    # file has no other date: the edition is unknown.  Round 8 matches under the 2017 rules,
    # so it is not reported; the verdict map keeps the 2025 verdict.
    path = tmp_path / "ambiguous.trf"
    path.write_bytes(b"042 01/02/2026\n" + BUDAPEST.read_bytes())
    result = check(path, "-r", "8", "-f", "json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    jsonschema.validate(doc, schema())
    f = doc["files"][0]
    assert f["edition_known"] is False and f["editions"] == ["2025", "2017"]
    assert any(
        "the edition is unknown" in w and "'01/02/2026' is ambiguous" in w for w in f["warnings"]
    )
    r = f["rounds"][0]
    assert r["status"] == "match" and r["discrepancies"] == []
    assert {k: v["status"] for k, v in r["editions"].items()} == {
        "2025": "differs",
        "2017": "match",
    }
    text = flat(check(path, "-r", "8").stdout)
    assert "the edition is unknown" in text and "rules 2025? (edition unknown" in text
    assert "round 8 matches the 2017 rules, not the 2025 rules" in text
    assert "in force" not in text.split("round 8 matches")[1][:60]
    html = check(path, "-r", "8", "-f", "html").stdout
    assert "the edition is unknown" in html


def test_the_end_date_settles_it(tmp_path):
    # The same file with 052 13/02/2026: DD/MM/YYYY, so 1 February 2026, the 2025 rules.
    path = tmp_path / "settled.trf"
    path.write_bytes(b"042 01/02/2026\n052 13/02/2026\n" + BUDAPEST.read_bytes())
    doc = json.loads(check(path, "-r", "8", "-f", "json").stdout)
    f = doc["files"][0]
    assert f["rules"] == "2025" and f["edition_known"] is True and f["editions"] == ["2025"]
    assert "read as DD/MM/YYYY" in f["rules_reason"]
    assert f["rounds"][0]["status"] == "differs" and "editions" not in f["rounds"][0]


# 80 players, 15 rounds; its 042 '25/08/28' leaves the edition unknown (2025 or 2017).  Round 9
# differs under both, each edition finding its own fault (the reference engine, bbpPairings v6
# and v5, differs there too): the report's findings are the 2025 rules', so the editions' line
# says what the 2017 rules found.
EDGE3 = (
    Path(__file__).resolve().parents[2]
    / "corpus/peers/lexisvar-caissify_pairings/tests/fixtures/misc_edge_case_3.trf"
)


def test_a_round_that_differs_under_every_edition_names_each_edition_s_finding():
    result = check(EDGE3, "-r", "9")
    assert result.exit_code == 1
    text = flat(result.stdout)
    assert "editions checked: 2025, 2017 (the edition is unknown)" in text
    assert (
        "round 9 differs under every edition checked (2025: quality C9; 2017: quality C.14)" in text
    )
    assert "quality C9 [only under the 2025 rules]" in text


def test_the_editions_line_is_left_out_when_every_edition_finds_the_same():
    from trfaudit.checker.by_edition import verdict_sentence
    from trfaudit.engine.findings import EditionVerdict

    same = {n: EditionVerdict("differs", ["quality C5"]) for n in ("2025", "2017")}
    assert verdict_sentence(4, same, "2025") is None
    other = {
        "2025": EditionVerdict("differs", ["quality C5"]),
        "2017": EditionVerdict("differs", []),
    }
    assert verdict_sentence(4, other, None) == (
        "round 4 differs under every edition checked (2025: quality C5; 2017: no finding)"
    )
