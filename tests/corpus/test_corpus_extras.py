"""Generator settings of the conformance checklist (corpus/extras.py): unusual results and byes
per round as counts or rates, a rating range, a tie-break list with the standings checked."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.corpus.config import ConfigError, GeneratorConfig, parse_config
from trfaudit.corpus.extras import Amount
from trfaudit.corpus.generator import generate, render
from trfaudit.trf.model import EntryKind
from trfaudit.trf.reader import read

runner = CliRunner()


def test_amounts_are_counts_or_rates():
    assert Amount.parse("3") == Amount(count=3)
    assert Amount.parse("0.02") == Amount(rate=0.02)
    assert Amount.parse("5%") == Amount(rate=0.05)
    assert Amount(count=3).of(10) == 3 and Amount(rate=0.25).of(10) == 2  # round(2.5) = 2
    for bad in ("-1", "1.5", "150%", "x"):
        with pytest.raises(ValueError):
            Amount.parse(bad)


def test_settings_are_read_and_bad_ones_refused():
    cfg = parse_config("half_zero=2\nzero_zero=1%\nratings=1000-2000\ntiebreaks=BH/C1,BH")
    assert cfg.half_zero == Amount(count=2) and cfg.zero_zero == Amount(rate=0.01)
    assert (cfg.rating_low, cfg.rating_high) == (1000, 2000)
    for bad in ("tiebreaks=NOPE", "ratings=1000", "zero_half=2.5"):
        with pytest.raises(ConfigError):
            parse_config(bad)


def results(t, white: str, black: str) -> int:
    return sum(
        1
        for p in t.players.values()
        for e in p.entries
        if e.kind is EntryKind.PLAYED
        and e.colour == "w"
        and (e.result, t.players[e.opponent].entries[e.round - 1].result) == (white, black)
    )


def test_counted_unusual_results_appear_that_often():
    cfg = GeneratorConfig(
        players=12, rounds=5, half_zero=Amount(count=2), zero_zero=Amount(count=1)
    )
    for seed in range(1, 6):
        t = generate(cfg, seed).tournament
        assert results(t, "=", "0") == 2 and results(t, "0", "0") == 1
        assert results(t, "0", "=") == 0


def test_byes_per_round_as_a_count():
    cfg = GeneratorConfig(players=11, rounds=4, half_byes_per_round=Amount(count=2))
    t = generate(cfg, 3).tournament
    for rnd in range(1, 5):
        halves = [p for p in t.players.values() if p.entries[rnd - 1].kind is EntryKind.HALF_BYE]
        assert len(halves) == 2


def test_byes_per_round_as_a_percentage():
    cfg = GeneratorConfig(players=20, rounds=3, zero_byes_per_round=Amount(rate=0.1))
    t = generate(cfg, 4).tournament
    for rnd in range(1, 4):
        zeros = [p for p in t.players.values() if p.entries[rnd - 1].kind is EntryKind.ZERO_BYE]
        assert len(zeros) == 2


def test_tiebreaks_are_written_and_the_standings_verify(tmp_path):
    cfg = GeneratorConfig(players=14, rounds=5, tiebreaks="BH/C1,BH,SB")
    g = generate(cfg, 2)
    text = render(g, "trf26")
    assert "\n202 BH/C1,BH,SB\n" in text and "\n212 PTS,BH/C1,BH,SB\n" in text
    assert text.startswith("### trfaudit generate 1: tiebreaks=BH/C1,BH,SB\n")
    path = tmp_path / "g.trf"
    path.write_text(text)
    report = json.loads(runner.invoke(app, ["check", "--format", "json", str(path)]).stdout)
    assert report["files"][0]["standings"] == [] and report["files"][0]["standings_notes"] == []
    # the check is real: two players with the same points but different ranks, swapped
    t = read(path)
    a, b = next(
        (p, q)
        for p in t.players.values()
        for q in t.players.values()
        if p.points == q.points and p.rank is not None and q.rank is not None and p.rank < q.rank
    )
    lines = text.splitlines()
    for p, rank in ((a, b.rank), (b, a.rank)):
        i = p.line - 1
        lines[i] = lines[i][:85] + f"{rank:>4}" + lines[i][89:]
    path.write_text("\n".join(lines) + "\n")
    report = json.loads(runner.invoke(app, ["check", "--format", "json", str(path)]).stdout)
    assert report["files"][0]["standings"], "swapped ranks are reported"


def test_settings_go_into_the_manifest(tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(
        app,
        [
            "generate",
            "-n",
            "10",
            "-r",
            "4",
            "--count",
            "2",
            "-o",
            str(out),
            "--set",
            "zero_half=1",
            "--set",
            "ratings=1200-1800",
        ],
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["config"]["zero_half"] == "1"
    assert manifest["config"]["rating_low"] == 1200
    for entry in manifest["tournaments"]:
        t = read(out / entry["file"])
        assert all(1200 <= p.rating <= 1800 for p in t.players.values())
        assert results(t, "0", "=") == 1


def test_files_without_the_settings_have_no_header_line():
    assert not render(generate(GeneratorConfig(players=8, rounds=3), 1)).startswith("###")
