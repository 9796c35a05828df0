"""A player who floats down through brackets in a row where he has played everyone gets one
float sentence for the run, not one per bracket repeating the growing list of his opponents.

Round 46 of a peer's 80-player, 51-round event (2025 rules): player 1, alone with 33.5
points, floats down from his own bracket (Art. 1.4) and then from each bracket from 32.5 to
24.0 points, where every other player has already played him (C1); he is paired at last in
the 23.5-point bracket.  The rounds of those games are read here from the file itself.
"""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.engine import EDITIONS
from trfaudit.engine.dutch.why import reasons
from trfaudit.engine.dutch.why.trace import pair, pairing_input
from trfaudit.trf.reader import read

LONG = (
    Path(__file__).resolve().parents[2]
    / "corpus/peers/lexisvar-caissify_pairings/tests/fixtures/misc_edge_case_2.trf"
)
# The brackets player 1 leaves in round 46 because everyone there has played him (checked by
# hand against the engine's per-bracket sentences before they were joined).
RUN = ["32.5", "31.5", "31.0", "29.5", "29.0", "28.5", "28.0", "27.5", "27.0", "26.5", "26.0",
       "25.0", "24.5", "24.0"]  # fmt: skip


def test_a_run_of_brackets_where_nobody_may_play_him_is_one_sentence() -> None:
    t = read(LONG)
    tr = pair(t, pairing_input(t, 46), EDITIONS["2025"])
    way, why = reasons.floats(tr, 1, reasons.Budget(10))
    assert way == "down"
    assert [r.rule for r in why] == ["1.4", "C1"]
    assert why[0].text.startswith("1 floats down from the 33.5-point bracket: he is its only")
    run = why[1].text
    scores = re.search(r"^1 floats down from each of the brackets of (.+?) points: ", run)
    assert scores is not None, run
    assert re.split(r", | and ", scores.group(1)) == RUN
    # Every player of those brackets is named once, with the round he played 1 in.
    named = re.findall(r"(\d+) \(round (\d+)\)", run)  # C1: each met him once
    met = {e.opponent: e.round for e in t.players[1].entries if e.played and e.opponent is not None}
    assert len(named) == len({x for x, _ in named}) == 25
    for x, rounds in named:
        assert rounds == str(met[int(x)]), (x, rounds)
    brackets = [br for br in tr.brackets if tr.show(br.score) in RUN]
    players = {x for br in brackets for x in br.mdps + br.residents if x != 1}
    assert {int(x) for x, _ in named} == players
    assert run.endswith("already played him (C1).")


def test_the_explain_command_says_it_once() -> None:
    res = CliRunner().invoke(
        app, ["explain", str(LONG), "--round", "46", "--player", "1", "--rules", "2025"]
    )
    assert res.exit_code == 0, res.output
    floats = [line for line in res.output.splitlines() if line.lstrip().startswith("[float")]
    assert len(floats) == 2, floats
    assert "floats down from each of the brackets of 32.5, 31.5, " in floats[1]
