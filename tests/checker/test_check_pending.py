"""A round in progress (issue 19, item 5): pairings entered, results not yet.  Bilkent-Swiss
exported round 2 of its event before the games were played (``corpus/real3``, SOURCES.tsv);
the round is checked like any other, with a note that its results are pending."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.checker.cli import app
from trfaudit.trf.reader import read

BILKENT = (
    Path(__file__).resolve().parents[2] / "corpus" / "real3" / "umut-er-Bilkent-Swiss__outr.trf"
)
runner = CliRunner()


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_pending_round_is_checked_and_its_colour_slip_named():
    # 6's line has "21 w" and 21's line "6 w": both recorded with white, the file
    # contradicting itself (class input); the pairs and the PAB are still judged.
    report = check_tournament(read(BILKENT), Options(rules="2025"))
    assert [r.status for r in report.rounds] == ["match", "differs"]
    [d] = report.rounds[1].discrepancies
    assert (d.kind, d.finding_class, d.cause, d.players) == (
        "input",
        "input",
        "contradiction",
        [6, 21],
    )
    assert d.expected == "6-21"
    assert "the other pairs and the PAB are those the rules give" in d.explanation
    assert any("round 2: results pending (10 games without a result)" in w for w in report.warnings)


def test_with_the_colour_written_right_the_pending_round_matches(tmp_path):
    lines = BILKENT.read_text(encoding="utf-8").split("\n")
    assert lines[22].startswith("001   21") and lines[22].endswith("6 w")
    lines[22] = lines[22][:-1] + "b"
    fixed = tmp_path / "fixed.trf"
    fixed.write_text("\n".join(lines), encoding="utf-8")
    result = runner.invoke(app, ["check", str(fixed)])
    assert result.exit_code == 0, result.output
    assert "rounds 1-2: match" in flat(result.output)
    assert "round 2: results pending" in flat(result.output)
    # validate warns about the games without results, and does not fail
    result = runner.invoke(app, ["validate", str(fixed)])
    assert result.exit_code == 0 and "has no result yet (pending)" in flat(result.output)
