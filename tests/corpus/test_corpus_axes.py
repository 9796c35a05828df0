"""Generator axes for conformance corpora: RTG-style keys, forbidden pairs, late entries in a
round range, ``--mix`` (settings drawn per tournament), and batches in several processes."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.corpus.config import ConfigError, GeneratorConfig, parse_config
from trfaudit.corpus.generator import generate, render
from trfaudit.corpus.replay import replay
from trfaudit.trf.model import EntryKind
from trfaudit.trf.reader import parse

runner = CliRunner()


def test_rtg_style_keys_of_the_axes():
    cfg = parse_config(
        "PlayersNumber=40\nRoundsNumber=7\n"
        "ForbiddenPairsNumber=3\nInitialColour=black1\nUnratedRate=10\n"
        "LateEntryRate=20\nLateEntryRounds=3-4\nLateEntryBye=mixed\nZeroPointByeRate=50\n"
        "Acceleration=Baku\nHalfPointByeRate=8\nPointsForPAB=0.5\n"
    ).check()
    assert (cfg.forbidden_pairs, cfg.initial_colour, cfg.baku) == (3, "b", True)
    assert cfg.unrated_rate == pytest.approx(0.1) and cfg.late_rate == pytest.approx(0.05)
    assert (cfg.late_first, cfg.late_last, cfg.late_bye) == (3, 4, "mixed")
    assert cfg.zero_bye_rate == pytest.approx(0.02) and cfg.half_bye_rate == pytest.approx(1 / 8)
    assert cfg.pab == Fraction(1, 2)
    s310 = parse_config("players=10\nrounds=5\nScoringSystem=3-1-0\nInitialColour=white1\n")
    assert (s310.win, s310.draw, s310.initial_colour) == (3, 1, "w")


@pytest.mark.parametrize(
    "text, message",
    [
        ("late_rounds=2-5", "C.04.2"),  # pairing numbers are fixed after round 4
        ("late_rounds=1-3", "within 2-4"),
        ("ForbiddenPairsNumber=50", "forbidden_pairs"),  # 10 players have 45 pairs
        ("InitialColour=green", "white1, black1"),
    ],
)
def test_bad_axis_values(text, message):
    with pytest.raises(ConfigError, match=message):
        parse_config(f"players=10\nrounds=5\n{text}\n").check()


def test_forbidden_pairs_never_meet_and_are_written_as_xxp_or_260():
    cfg = GeneratorConfig(players=12, rounds=7, forbidden_pairs=4)
    g = generate(cfg, 11)
    pairs = [group for group, first, last in g.tournament.forbidden_pairs]
    assert len(set(pairs)) == 4 and all(len(p) == 2 for p in pairs)
    assert all((first, last) == (1, 7) for _, first, last in g.tournament.forbidden_pairs)
    for p in g.tournament.players.values():
        for e in p.entries:
            assert e.opponent is None or frozenset((p.tpn, e.opponent)) not in pairs
    trf26, trfx = render(g, "trf26"), render(g, "trf16")
    lines26 = [line for line in trf26.splitlines() if line.startswith("260")]
    linesx = [line for line in trfx.splitlines() if line.startswith("XXP")]
    for group in pairs:
        a, b = sorted(group)
        assert f"260 001 007 {a:>4} {b:>4}" in lines26
        assert f"XXP {a} {b}" in linesx
    assert len(lines26) == len(linesx) == 4
    assert replay(parse(trf26)) == [] and replay(parse(trfx)) == []


def test_late_entries_after_round_2_with_mixed_byes():
    cfg = GeneratorConfig(players=30, rounds=6, late_rate=0.3, late_first=3, late_bye="mixed")
    g = generate(cfg, 4)
    late = [(tpn, plan.join) for tpn, plan in enumerate(g.plans, 1) if plan.join > 1]
    assert late and all(3 <= join <= 4 for _, join in late)
    letters = set()
    for tpn, join in late:
        entries = g.tournament.players[tpn].entries
        missed = [e.kind for e in entries[: join - 1]]
        assert set(missed) <= {EntryKind.HALF_BYE, EntryKind.ZERO_BYE}
        letters.update(missed)
        assert (
            entries[join - 1].kind not in (EntryKind.HALF_BYE, EntryKind.ZERO_BYE)
            or g.plans[tpn - 1].half_bye == join
            or join in g.plans[tpn - 1].zero_byes
        )
    assert letters == {EntryKind.HALF_BYE, EntryKind.ZERO_BYE}  # mixed: both occur here
    assert replay(g.tournament) == []


@pytest.mark.parametrize("dialect", ["trf26", "trf16"])
def test_mixed_folder_checks_clean_and_each_file_regenerates(tmp_path, dialect):
    out = tmp_path / "mix"
    result = runner.invoke(
        app,
        [
            "generate",
            "--set",
            "players=10-40",
            "--set",
            "rounds=5-9",
            "--mix",
            "--count",
            "12",
            "--seed",
            "50",
            "--to",
            dialect,
            "-o",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert set(manifest["mix"]) == {
        "black1",
        "unrated",
        "forbid",
        "late",
        "withdraw",
        "byes",
        "forfeits",
        "s310",
        "pab",
        "baku",
    }
    seen = set()
    for entry in manifest["tournaments"]:
        seen.update(entry["axes"])
        cfg = entry["config"]
        assert 10 <= cfg["players"] <= 40 and 3 <= cfg["rounds"] <= 9
        assert (cfg["initial_colour"] == "b") == ("black1" in entry["axes"])
        assert (cfg["forbidden_pairs"] > 0) == ("forbid" in entry["axes"])
    assert len(seen) >= 6  # twelve draws cover most axes
    # the recorded settings and seed give the same file without --mix
    entry = manifest["tournaments"][5]
    again = tmp_path / "again.trf"
    args = ["generate", "--seed", str(entry["seed"]), "--to", dialect, "-o", str(again)]
    for key, value in entry["settings"]:
        args += ["--set", f"{key}={value}"]
    assert runner.invoke(app, args).exit_code == 0
    assert again.read_bytes() == (out / entry["file"]).read_bytes()
    # every recorded round is the engine's pairing: check reports all rounds matching
    check = runner.invoke(app, ["check", str(out), "-f", "jsonl", "-o", str(tmp_path / "c.jsonl")])
    assert check.exit_code == 0, check.output
    played = sum(e["rounds_played"] for e in manifest["tournaments"])
    assert (
        f"12 files (0 resumed from the output), {played} rounds checked: {played} match"
        in check.stderr
    )


def test_batch_in_two_processes_gives_the_same_files(tmp_path):
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}"
        result = runner.invoke(
            app,
            [
                "generate",
                "--set",
                "players=8-16",
                "--set",
                "rounds=4",
                "--mix",
                "--count",
                "6",
                "-j",
                jobs,
                "-o",
                str(out),
            ],
        )
        assert result.exit_code == 0, result.output
        outputs.append({p.name: p.read_bytes() for p in out.iterdir()})
    assert outputs[0] == outputs[1]


def test_mix_needs_count(tmp_path):
    result = runner.invoke(
        app, ["generate", "-n", "10", "-r", "3", "--mix", "-o", str(tmp_path / "x.trf")]
    )
    assert result.exit_code == 2 and "need --count" in result.stderr
