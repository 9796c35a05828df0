"""PIBE lines in ``check``: a round altered by hand and declared by an MPA line (both dialects)
is an ``input`` / ``manual-change`` finding; undeclared it is a pairing finding; a declared
change that does not account for the difference is reported; Import lines are shown; and
``--annotate`` writes a TRF-2026 copy that reads back and validates."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.trf.pibe import pibe_lines
from trfaudit.trf.reader import read
from trfaudit.trf.validate import validate
from trfaudit.trf.writer import write

from .tamper import tamper_exchange

runner = CliRunner()
ROUND = 3  # the last round of t000212


@pytest.fixture(scope="module")
def altered(corpus_dir):
    """t000212 (a clean corpus file) with two boards of round 3 exchanged: the file text, the
    engine's (original) pairs and the recorded pairs of the two boards."""
    t = read(corpus_dir / "dutch2025" / "t000212.trf")
    case = next(tamper_exchange(t))

    def boards(x):
        return {
            (tpn, p.entries[ROUND - 1].opponent)
            for tpn, p in x.players.items()
            if p.entries[ROUND - 1].colour == "w"
        }

    before, after = boards(t), boards(case.tournament)
    return write(case.tournament, "trf26"), sorted(before - after), sorted(after - before)


def show(pairs):
    return " ".join(f"{w}-{b}" for w, b in pairs)


def check(tmp_path, text, *extra):
    path = tmp_path / "f.trf"
    path.write_text(text)
    result = runner.invoke(app, ["check", "--format", "json", str(path), *extra])
    return result, json.loads(result.stdout)["files"][0]


def round_report(report):
    return next(r for r in report["rounds"] if r["round"] == ROUND)


@pytest.mark.parametrize("dialect", ["arrow", "prose"])
def test_a_declared_manual_change_is_an_input_finding(tmp_path, altered, dialect):
    text, engine, record = altered
    if dialect == "arrow":
        line = f"### MPA @ Round {ROUND}: {show(engine)} => {show(record)}"
    else:
        line = f"### MPA @ Round {ROUND}: {show(record)} instead of the engine's {show(engine)}"
    _, report = check(tmp_path, text + line + "\n")
    (finding,) = round_report(report)["discrepancies"]
    assert (finding["class"], finding["kind"], finding["cause"]) == (
        "input",
        "input",
        "manual-change",
    )
    assert line in finding["explanation"]


def test_two_mpa_lines_of_one_round_are_read_together_and_check_exits_0(tmp_path, altered):
    text, engine, record = altered
    assert len(engine) == len(record) == 2  # two boards exchanged: one pair each per line
    lines = [
        f"### MPA @ Round {ROUND}: {show(engine[:1])} => {show(record[:1])}",
        f"### MPA @ Round {ROUND}: {show(engine[1:])} => {show(record[1:])}",
    ]
    result, report = check(tmp_path, text + "".join(x + "\n" for x in lines))
    (finding,) = round_report(report)["discrepancies"]
    assert (finding["class"], finding["cause"]) == ("input", "manual-change")
    assert finding["evidence"] and all(x in finding["explanation"] for x in lines)
    assert result.exit_code == 0  # the round is the arbiter's, and declared
    alone, _ = check(tmp_path, text + lines[0] + "\n")  # half the change declared
    assert alone.exit_code == 1


def test_the_same_change_undeclared_is_a_pairing_finding(tmp_path, altered):
    text, _, _ = altered
    _, report = check(tmp_path, text)
    findings = round_report(report)["discrepancies"]
    assert findings and {f["class"] for f in findings} == {"pairing"}


def test_a_declared_change_that_does_not_account_for_the_round_is_reported(tmp_path, altered):
    text, engine, record = altered
    wrong = [(record[0][1], record[0][0])] + record[1:]  # one board with the colours reversed
    line = f"### MPA @ Round {ROUND}: {show(engine)} => {show(wrong)}"
    _, report = check(tmp_path, text + line + "\n")
    findings = round_report(report)["discrepancies"]
    declared = [f for f in findings if f["cause"] == "manual-change"]
    assert len(declared) == 1 and "does not account" in declared[0]["explanation"]
    assert line in declared[0]["explanation"]
    assert any(f["class"] == "pairing" for f in findings)  # the pairing findings stay


def test_import_lines_are_shown_with_their_round(tmp_path, altered):
    text, _, _ = altered
    _, report = check(tmp_path, text + f"### Import @ Round {ROUND}: from another program\n")
    assert any(w.startswith(f"round {ROUND}: imported") for w in report["warnings"])


def test_annotate_writes_import_lines_that_read_back_and_validate(tmp_path, altered):
    text, engine, record = altered
    out = tmp_path / "annotated.trf"
    result, _ = check(tmp_path, text, "--annotate", str(out))
    assert result.exit_code == 1
    t = read(out)
    assert not [p for p in validate(t) if p.is_error]
    (line,) = pibe_lines(t)
    assert (line.event, line.round, line.dialect) == ("Import", ROUND, "arrow")
    # as an MPA line: the engine's pairs, then the round's
    assert set(engine) <= set(line.engine) and set(record) <= set(line.result)
    assert runner.invoke(app, ["validate", str(out)]).exit_code == 0


def test_annotate_wants_one_file(tmp_path, corpus_dir):
    f = str(corpus_dir / "dutch2025" / "t000114.trf")
    result = runner.invoke(app, ["check", f, f, "--annotate", str(tmp_path / "o.trf")])
    assert result.exit_code == 2
