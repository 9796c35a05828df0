"""``trfaudit check`` through typer's CliRunner: exit codes, batches, formats, the schema."""

from __future__ import annotations

import json
import shutil

import jsonschema
import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.checker.reports.json import schema
from trfaudit.trf.reader import read
from trfaudit.trf.writer import write

from .tamper import tamper_rematch, tamper_swap_colours

runner = CliRunner()

# Small clean corpus tournaments (6-12 players), a few with PABs, forfeits and byes.
CLEAN = ["t000025", "t000036", "t000098", "t000108", "t000114", "t000212", "t000234", "t000055"]


def check(*args):
    return runner.invoke(app, ["check", *map(str, args)])


def flat(text: str) -> str:
    """The report without its line wrapping."""
    return " ".join(text.split())


@pytest.fixture(scope="module")
def tampered(tmp_path_factory, corpus_dir):
    """Two altered copies of t000098 (7 players, 3-1-0 scoring, a PAB every round): the
    colours of board 1-5 of round 5 swapped, and a rematch in round 5."""
    folder = tmp_path_factory.mktemp("tampered")
    t = read(corpus_dir / "dutch2025" / "t000098.trf")
    colour = next(c for c in tamper_swap_colours(t) if c.players == [1, 5])
    rematch = next(tamper_rematch(t))
    (folder / "colour.trf").write_text(write(colour.tournament))
    (folder / "rematch.trf").write_text(write(rematch.tournament))
    return folder


@pytest.fixture(scope="module")
def clean_dir(tmp_path_factory, corpus_dir):
    folder = tmp_path_factory.mktemp("clean")
    for name in CLEAN:
        shutil.copy(corpus_dir / "dutch2025" / f"{name}.trf", folder)
    return folder


def test_readme_example_is_clean(corpus_dir):
    result = check(corpus_dir / "seed-example" / "round3-input.trf")
    assert result.exit_code == 0, result.output
    assert "2 rounds checked, 2 match" in flat(result.stdout)
    assert "rules 2025 (no type code (192/092) and no date (042/052/132)" in result.stderr


def test_clean_corpus_files_in_two_processes(clean_dir):
    result = check(clean_dir, "--jobs", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["summary"]["files"] == len(CLEAN)
    assert doc["summary"]["rounds_differing"] == 0
    assert all(
        f["status"] == "match" and f["rules_reason"] == "092 FIDE_DUTCH_2025" for f in doc["files"]
    )
    assert f"rules 2025 (092 FIDE_DUTCH_2025): {len(CLEAN)} files" in result.stderr


def test_discrepancies_exit_1_and_jobs_do_not_change_the_report(tampered):
    one = check(tampered, "--format", "json")
    two = check(tampered, "--format", "json", "--jobs", "2")
    assert one.exit_code == two.exit_code == 1
    assert one.stdout == two.stdout
    doc = json.loads(one.stdout)
    kinds = {
        f["file"].rsplit("/", 1)[-1]: [
            (d["kind"], d["criterion"]) for r in f["rounds"] for d in r["discrepancies"]
        ]
        for f in doc["files"]
    }
    assert kinds == {
        "colour.trf": [("colour", "5.2.1")],
        "rematch.trf": [("illegal", "C1"), ("illegal", "C1")],
    }


def test_text_report(tampered):
    result = check(tampered / "colour.trf")
    assert result.exit_code == 1
    text = flat(result.stdout)
    assert "rounds 1-4: match" in text
    # The first line of the round is the quotable summary: the board, the players by name,
    # the rule (t000098 round 5: 1 has a mild preference for white, 5 a strong one for black).
    [first] = [line for line in result.stdout.splitlines() if line.startswith("Round 5:")]
    assert first.startswith(
        "Round 5: board 1 Test0005 Player0005 (5) - Test0001 Player0001 (1) "
        "(the rules give Test0001 Player0001 (1) white)"
    )
    assert "5.2.1: both preferences are granted: 1 prefers white, 5 black" in text
    assert "colour 5.2.1" in text
    assert "Bracket 4 (2 residents, 2 MDPs: Test0001 (1), Test0003 (3))" in text
    assert "5 rounds checked, 4 match, 1 differs (colour 5.2.1)" in text


def test_round_option(tampered):
    result = check(tampered / "colour.trf", "--round", "4")
    assert result.exit_code == 0
    assert "1 round checked, 1 match" in flat(result.stdout)
    result = check(tampered / "colour.trf", "--round", "9")
    assert result.exit_code == 2
    assert "round 9 is not recorded (rounds 1..5 are)" in flat(result.stdout)


def test_a_broken_file_does_not_stop_the_batch(tmp_path, tampered):
    bad = tmp_path / "garbage.trf"
    bad.write_text("001 this is not a player line\n")
    result = check(bad, tampered / "colour.trf", tmp_path / "missing.trf", "--format", "json")
    assert result.exit_code == 2
    doc = json.loads(result.stdout)
    assert [f["status"] for f in doc["files"]] == ["invalid", "differs", "invalid"]
    assert "cannot read file" in doc["files"][2]["error"]
    assert "missing.trf: not checked" in result.stderr


def test_an_inconsistent_file_is_not_checked(tmp_path, corpus_dir):
    text = (corpus_dir / "dutch2025" / "t000025.trf").read_text()
    path = tmp_path / "points.trf"
    path.write_text(text.replace("  1.5    4", "  2.5    4", 1))  # player 1's points
    result = check(path)
    assert result.exit_code == 2
    assert "inconsistent file" in flat(result.stdout)
    assert "points 2.5 do not match the results" in flat(result.stdout)


def test_editions(tmp_path, corpus_dir):
    text = (corpus_dir / "dutch2025" / "t000025.trf").read_text()
    dated = tmp_path / "dated.trf"
    dated.write_text(
        text.replace("\n092 FIDE_DUTCH_2025\n", "\n").replace(
            "012 AutoTest Tournament 25\n", "012 AutoTest Tournament 25\n042 2024/05/01\n"
        )
    )
    result = check(dated)
    # Paired under the 2025 rules, judged by the 2017 ones: the verdict may differ, the
    # edition and its reason are what this test is about.
    assert result.exit_code in (0, 1)
    assert "rules 2017 (start date 2024-05-01 (042 '2024/05/01')" in flat(result.stderr)
    both = tmp_path / "both.trf"  # the type code wins over the date
    both.write_text(
        text.replace("012 AutoTest Tournament 25\n", "012 AutoTest Tournament 25\n042 2024/05/01\n")
    )
    assert check(both).exit_code == 0
    result = check(both, "--rules", "2017")
    assert result.exit_code in (0, 1)
    assert "rules 2017 (--rules 2017)" in flat(result.stderr)
    old = tmp_path / "old.trf"  # before 2017-07-01: the 2012 edition
    old.write_text(dated.read_text().replace("042 2024/05/01", "042 2015/05/01"))
    result = check(old)
    assert result.exit_code in (0, 1)
    assert "rules 2012 (start date 2015-05-01 (042 '2015/05/01'): before 2017-07-01)" in flat(
        result.stderr
    )
    assert check(dated, "--rules", "2025").exit_code == 0


def test_output_file(tmp_path, tampered):
    out = tmp_path / "report.txt"
    result = check(tampered / "colour.trf", "-o", out)
    assert result.exit_code == 1 and result.stdout == ""
    assert "colour 5.2.1" in out.read_text()


def test_json_report_follows_its_schema(tmp_path, tampered, corpus_dir):
    bad = tmp_path / "garbage.trf"
    bad.write_text("001 this is not a player line\n")
    result = check(
        tampered, bad, corpus_dir / "seed-example" / "round3-input.trf", "--format", "json"
    )
    doc = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema())
    jsonschema.Draft202012Validator(schema()).validate(doc)
    assert doc["summary"]["exit_code"] == result.exit_code == 2
    differing = [r for f in doc["files"] for r in f["rounds"] if r["status"] == "differs"]
    assert len(differing) == 2 and all(r["bracket"] for r in differing)
    # The schema does reject what it should.
    broken = json.loads(result.stdout)
    broken["files"][0]["rounds"][-1]["discrepancies"][0]["kind"] = "odd"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema())


def test_json_snapshot_of_two_hand_checked_rounds(tampered, data_regression):
    """Verified by hand against t000098 (3-1-0 scoring, a PAB every round):

    * colour.trf, round 5: 1 (10 points; played w b w b: CD 0, last black, so a mild
      preference for white) meets 5 (played w b w: CD +1, a strong preference for black):
      5.2.1 grants both, 1-5; the file says 5-1.  Bracket 4 = MDPs 1 and 3 (7 points; 3
      gets the PAB: 4, 5, 6, 7 all had one), residents 5 and 7 (4 points).
    * rematch.trf, round 5: 1-4 and 5-2 are rematches of round 1 (C1).  Bracket 8 = MDPs 1
      (10) and 2 (9), who met in round 3, and 4 (8 points), who met 1 in round 1: the
      engine pairs 4-2 and floats 1 (to meet 5); the file pairs 1-4 and floats 2.

    Re-read for issue 10: boards are in board order (C.04.2 3.6: the higher player's score,
    10 before 9 before 4), so 5-1 is board 1; ``differing`` holds board 1 (colours swapped)
    and, for the rematch, boards 1 and 2 of each side; players carry their names, ratings and
    colours of the last four rounds (1: w b w b; 5: w, no game in round 2, b, w); "downfloat"
    / "upfloat" only between different scores (1 with 10 against 5 with 4); 3 and 7 keep their
    pairing (``differs: false``); each ``summary`` names the board and players.
    """
    result = check(tampered, "--format", "json")
    doc = json.loads(result.stdout)
    for f in doc["files"]:
        f["file"] = f["file"].rsplit("/", 1)[-1]
        f["summary"] = f["summary"].rsplit("/", 1)[-1]
    gen = doc.pop("generator")  # the moment of the check: not part of the snapshot
    assert gen["name"] == "trfaudit" and gen["checked_at"].endswith("Z")
    data_regression.check(doc)
