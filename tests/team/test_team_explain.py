"""``explain`` on a Swiss Team event (C.04.6 2026): per team, in the system's own terms, and
for a player of a team; the CLI exits 0."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

import trfaudit
from trfaudit.checker.reports.explain_text import render_text

ROOT = Path(__file__).resolve().parents[2]
TEAM = ROOT / "corpus" / "team" / "gacrux-fide_team_mp_gp-11t5b-s103.trf"
TYPE_B = ROOT / "corpus" / "team" / "gacrux-fide_team_typeb_mp_gp-12t6b-s102.trf"


def _schema() -> dict:
    path = ROOT / "checker" / "reports" / "schema" / "explain.schema.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_round_2_team_4_by_hand():
    """Checked by hand in the file: after round 1 Teams 1 and 4 both won 3-2 (2 MP each);
    Team 1 had White (player 1 White on board 1 of WBWBW), Team 4 Black (player 16 Black on
    board 1).  FIDE_TEAM_MP_GP names no preference type: no preferences (Art. 1.7).  Equal
    scores: Team 1 is the first-team by its smaller TPN (Art. 4.2.3); the colour differences
    +1 and -1 differ, so White goes to the lower, Team 4 (Art. 4.3.5) - as recorded."""
    t = trfaudit.read(TEAM)
    e = trfaudit.explain(t, 2, team=4)
    (p,) = e.players
    assert (p.name, p.opponent, p.colour, p.bye) == ("Team 4", 1, "w", None)
    colour = [r for r in p.reasons if r.about == "colour"]
    assert [r.rule for r in colour] == ["4.3.5"]
    assert (
        "Team 1 (1) is the first-team (equal scores, the smaller TPN, Art. 4.2.3)" in colour[0].text
    )
    assert "colour differences are 1 and -1: White goes to the lower" in colour[0].text
    assert e.rules == "team-2026" and e.finding is None  # the round matches its record


def test_every_team_as_recorded():
    """The file was paired by another engine (gacrux) and check finds every round as
    recorded: each team's opponent, colour and PAB in the explanation are the record's."""
    from trfaudit.engine.team.audit import _recorded
    from trfaudit.engine.team.file import read_team_file

    t = trfaudit.read(TEAM)
    tf = read_team_file(t)
    for rnd in range(1, t.recorded_rounds() + 1):
        pairs, bye, colours = _recorded(tf, rnd)
        e = trfaudit.explain(t, rnd)
        assert e.finding is None and e.bye == bye
        paired = [p for p in e.players if p.opponent is not None]
        assert sorted({tuple(sorted((p.tpn, p.opponent))) for p in paired}) == pairs
        assert all(p.colour == colours[p.tpn] for p in paired)


def test_pab_team_names_the_deciding_article():
    """Round 6 of the 11-team event: Team 3's players are all 'U' (the PAB).  Team 11 has
    as many MP (5) but a half-point bye in round 4 (240 H 4): fewer matches played, so
    Art. 3.4.3 decides, not the TPN."""
    t = trfaudit.read(TEAM)
    e = trfaudit.explain(t, 6, team=3)
    (p,) = e.players
    assert p.bye == "PAB"
    last = [r for r in p.reasons if r.about == "bye"][-1]
    assert last.rule == "3.4.3" and "Team 11 (11)" in last.text
    assert all("not measured" not in r.text for r in p.reasons)


def test_a_player_of_a_team():
    t = trfaudit.read(TYPE_B)
    e = trfaudit.explain(t, 3, player=7)
    assert e.player is not None and len(e.players) == 1
    assert "teams are paired, not players" in e.notes[0]
    doc = e.to_json()
    jsonschema.validate(doc, _schema())


@pytest.mark.parametrize("args", [["--team", "4", "--round", "2"], ["--player", "12"], []])
def test_cli_exits_0(args):
    cmd = [sys.executable, "-m", "trfaudit.checker.cli", "explain", str(TEAM), *args]
    out = subprocess.run(cmd, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr and "[colour 4.3." in out.stdout


def test_next_round_text():
    t = trfaudit.read(TEAM)
    text = render_text(trfaudit.explain(t, 7))
    assert "Round 7 (the engine's next round), rules team-2026" in text
