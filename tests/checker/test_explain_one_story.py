"""``explain`` and ``check`` tell one story: a recorded round that differs shows, per player,
what the record gave him beside what the rules give, and an ``input`` finding (the file is
at fault) is named as such."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

from trfaudit.checker.cli import app
from trfaudit.trf.reader import read
from trfaudit.trf.writer import write
from typer.testing import CliRunner

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
