"""A ``192 ..._BAKU`` code in a file that states no number of rounds (``XXR``/``142``): the
Baku acceleration covers the first half of the rounds (C.04.5.1), which the file does not
give.  ``check`` says so and checks with the rounds the file records as a stated assumption,
or with ``--rounds``.  The file is a reference-paired axes file (``corpus/axes``, 192 code
alone, XXR 5) with its XXR line removed."""

from __future__ import annotations

from pathlib import Path

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.engine import EDITIONS
from trfaudit.engine.dutch.audit.round import check_round
from trfaudit.trf.reader import parse

from .tamper import truncate

AXES = Path(__file__).resolve().parents[2] / "corpus" / "axes"
FILE = AXES / "t800111_baku_forbid_black1_byes_pab05.trf"


def _without_rounds(text: str | None = None):
    text = text if text is not None else FILE.read_text()
    assert "XXR 5\n" in text
    return parse(text.replace("XXR 5\n", ""), "baku.trf")


def test_without_the_number_of_rounds_the_acceleration_is_lost():
    # As read, the engine cannot apply the acceleration: the rounds it covered differ.
    t = _without_rounds()
    assert t.total_rounds is None
    assert check_round(t, 1, EDITIONS["2025"]).status == "differs"


def test_the_recorded_rounds_are_the_stated_assumption():
    report = check_tournament(_without_rounds(), Options())
    assert [r.status for r in report.rounds] == ["match"] * 5
    [note] = [w for w in report.warnings if "states no number of rounds" in w]
    assert "cannot be known; checked assuming 5 rounds (the rounds the file records), i.e. " in (
        note
    )
    assert "rounds 1-3 accelerated" in note


def test_rounds_given_for_a_file_in_progress():
    """After 3 of 5 rounds the file records 3: assumed 3, rounds 1-2 are accelerated; with
    --rounds 5 rounds 1-3 are, as the reference engine paired them."""
    t = truncate(_without_rounds(), 3)
    t.total_rounds = None
    report = check_tournament(t, Options(total_rounds=5))
    assert [r.status for r in report.rounds] == ["match"] * 3
    assert any("checked assuming 5 rounds (--rounds)" in w for w in report.warnings)
    t = truncate(_without_rounds(), 3)
    t.total_rounds = None
    report = check_tournament(t, Options())
    assert any("checked assuming 3 rounds" in w for w in report.warnings)


def test_pair_says_it_pairs_without_the_acceleration(tmp_path):
    from typer.testing import CliRunner

    from trfaudit.checker.cli import app

    path = tmp_path / "baku.trf"
    path.write_text(FILE.read_text().replace("XXR 5\n", ""))
    result = CliRunner().invoke(app, ["pair", str(path), "--round", "2"])
    assert result.exit_code == 0
    assert "cannot be known: paired without it" in " ".join(result.output.split())
