"""Why this player gets the pairing-allocated bye: who could not take it and why (C2 / 2017
C.2 with the round of each earlier bye), the score rule with the scores, and C9 and the rank
only when they separate him from another candidate.  Checked by hand against the files."""

from __future__ import annotations

import re
from pathlib import Path

from trfaudit import explain
from trfaudit.engine.explanation import PlayerWhy
from trfaudit.trf.model import EntryKind
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def _bye(e, tpn: int) -> list[tuple[str, str]]:
    p: PlayerWhy = next(x for x in e.players if x.tpn == tpn)
    return [(r.rule, r.text) for r in p.reasons if r.about == "bye"]


def test_last_round_bye_above_the_lowest_scores_names_who_could_not():
    """corpus/dutch2017 t000004, round 8 (the last): 5 has 4.5 points; every player with
    fewer had a PAB already (9 in round 1, 8 in 2, 6 in 3, 3 in 4, 2 in 5, 4 in 6, 7 in 7:
    the U entries of the file), and 2017 C.2 bars a second one; only 1 (7 points) is
    above him."""
    e = explain(read(CORPUS / "dutch2017" / "t000004.trf"), 8, player=5, rules="2017")
    assert e.bye == 5
    reasons = _bye(e, 5)
    assert [rule for rule, _ in reasons] == ["A.9", "C.2"]
    first, barred = (text for _, text in reasons)
    assert "4.5 points" in first
    # One cause, said once: "4 (round 6), 7 (round 7), ... and 8 (round 2) had the PAB".
    for tpn, rnd in ((9, 1), (8, 2), (6, 3), (3, 4), (2, 5), (4, 6), (7, 7)):
        assert f"{tpn} (round {rnd})" in barred
    assert barred.count("had the pairing-allocated bye") == 1
    assert barred.index("(round") < barred.index(") had the pairing-allocated bye")
    assert "unplayed" not in first + barred  # 2017 has no C9


def test_rank_decides_only_among_equal_candidates():
    """Seed example, round 2: 8, 9, 10, 13 and 14 have 0 points (12 is absent), each played
    one game, none had a bye: C9 separates nobody and is not cited; 14, the lowest-ranked,
    is left over (Art. 4.2)."""
    e = explain(read(CORPUS / "seed-example" / "round2-input.trf"), 2, player=14)
    reasons = _bye(e, 14)
    rules = [rule for rule, _ in reasons]
    assert rules[0] == "C5" and "C9" not in rules
    [rank] = [text for rule, text in reasons if rule == "4.2"]
    assert "(8, 9, 10, 13 rank above him)" in rank


def test_players_barred_alike_are_named_in_one_clause():
    """The long fixture's round 47 under 2017 rules: every player with fewer points than the
    bye's receiver already had a PAB or won by forfeit (C.2), sixteen and five of them.  One
    clause per cause, each player with the round that barred him, read here from the file
    (his first U, or '+' against an opponent)."""
    f = CORPUS / "peers/lexisvar-caissify_pairings/tests/fixtures/misc_edge_case_2.trf"
    t = read(f)
    e = explain(t, 47, rules="2017")
    assert e.bye is not None
    [barred] = [text for rule, text in _bye(e, e.bye) if rule == "C.2"]
    pab, forfeit = barred.removeprefix("Nobody with fewer points may take it instead: ").split("; ")
    assert pab.endswith(" had the pairing-allocated bye")
    assert forfeit.startswith(tuple("0123456789"))
    assert forfeit.endswith(" won by forfeit (C.2: the PAB only to a player who may receive it).")
    for clause, kind in ((pab, EntryKind.PAB), (forfeit, EntryKind.FORFEIT_WIN)):
        named = re.findall(r"(\d+) \(round (\d+)\)", clause)
        assert len(named) == {EntryKind.PAB: 16, EntryKind.FORFEIT_WIN: 5}[kind]
        for x, rnd in named:
            first = next(
                g.round
                for g in t.players[int(x)].entries
                if g.kind in (EntryKind.PAB, EntryKind.FORFEIT_WIN)
            )
            assert (first, t.players[int(x)].entry(first).kind) == (int(rnd), kind), x
