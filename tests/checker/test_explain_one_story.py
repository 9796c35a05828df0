"""``explain`` and ``check`` tell one story: a recorded round that differs shows, per player,
what the record gave him beside what the rules give, and an ``input`` finding (the file is
at fault) is named as such."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.trf.reader import read
from trfaudit.trf.writer import write

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def test_each_affected_player_starts_with_record_and_rules():
    """corpus/regressions/c7-2017-tie-then-c10.trf round 6 (hand-checked): the record pairs
    25-24 (24 with black), the 2017 rules 24-23 (24 with white) and 25-28."""
    path = str(ROOT / "corpus" / "regressions" / "c7-2017-tie-then-c10.trf")
    res = runner.invoke(app, ["explain", path, "-r", "6", "--rules", "2017", "-p", "24"])
    assert res.exit_code == 0, res.output
    assert "check (class pairing): Round 6:" in res.stdout
    assert "  recorded: plays 25 with black; the rules: plays 23 with white\n" in res.stdout
    res = runner.invoke(app, ["explain", path, "-r", "6", "--rules", "2017", "-f", "json"])
    doc = json.loads(res.stdout)
    assert doc["finding_class"] == "pairing"
    assert [25, 24] in doc["record"]["pairs"] and [24, 23] in doc["boards"]
    # A player the record pairs as the rules do has no such line.
    res = runner.invoke(app, ["explain", path, "-r", "6", "--rules", "2017", "-p", "1"])
    assert "recorded:" not in res.stdout


def test_an_input_finding_is_told_as_the_files_fault(tmp_path):
    """corpus/dutch2025 t000036 with player 3 renumbered last and no ratings: round 1 was
    paired from another initial ranking (C.04.2), an ``input`` finding in check; explain
    says the same, not a pairing criterion."""
    t = read(ROOT / "corpus" / "dutch2025" / "t000036.trf")
    n = len(t.players)
    new = {old: (n if old == 3 else old - (old > 3)) for old in t.players}
    moved = copy.deepcopy(t)
    players = {}
    for old, p in moved.players.items():
        p.tpn, p.rating = new[old], 0
        p.entries = [
            dataclasses.replace(e, opponent=new[e.opponent] if e.opponent else None)
            for e in p.entries
        ]
        players[new[old]] = p
    moved.players = dict(sorted(players.items()))
    path = tmp_path / "renumbered.trf"
    path.write_text(write(moved, "trfx"))
    check = runner.invoke(app, ["check", str(path), "-r", "1", "-f", "json"])
    assert '"input"' in check.stdout
    res = runner.invoke(app, ["explain", str(path), "-r", "1", "-p", "1"])
    assert res.exit_code == 0, res.output
    assert "check (class input: the file is at fault, not the pairing): Round 1:" in res.stdout
    assert "initial ranking" in res.stdout


SEED3 = str(ROOT / "corpus" / "seed-example" / "round3-input.trf")


def test_a_player_first_reads_one_plain_sentence():
    """Seed example, round 3: "14-1 ([E.2]: player 14's colour preference is stronger than
    player 1's)" - both want white, 14 had black in his only game (strong), 1 has WB."""
    res = runner.invoke(app, ["explain", SEED3, "-p", "1"])
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("Alice Player (1)"))
    assert lines[i + 1] == (
        "  In short: You play 14 with Black: 14 also wanted White and his preference was the "
        "stronger (5.2.2)."
    )


def test_a_whole_round_defines_the_terms_once_and_prints_each_pair_once():
    res = runner.invoke(app, ["explain", SEED3])
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert out.count("terms: S1 and S2") == 1
    # 3-4 is explained under 3 (the first of the pair in the list), not again under 4.
    block4 = out.split("\nDavid Player (4), 1.5 points")[1].split("\n\n")[0]
    assert "(the pair with 3 and its colours: see 3 above)" in block4
    assert "[colour" not in block4 and "[opponent" not in block4
    assert out.count("3 gets white, 4 black") == 1
