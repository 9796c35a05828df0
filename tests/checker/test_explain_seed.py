"""The seeds' worked example (rounds 2 and 3 of the 14-player tournament, explained board by
board), reproduced by ``trfaudit explain`` in the 2025 rules' terms.

Each test quotes the passage of the worked example (translated) it reproduces.  Where the
example uses the 2012/2017 letters (B.4, E.2, D.2), the 2025 articles are C12, 5.2.2, 4.3.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import trfaudit
from trfaudit.checker.reports.explain_html import render_explanation_html
from trfaudit.engine.explanation import Explanation, PlayerWhy, Reason

SEED = Path(__file__).resolve().parents[2] / "corpus" / "seed-example"
SCHEMA = (
    Path(__file__).resolve().parents[2] / "checker" / "reports" / "schema" / "explain.schema.json"
)


@pytest.fixture(scope="module")
def round2() -> Explanation:
    return trfaudit.explain(trfaudit.read(SEED / "round2-input.trf"), 2)


@pytest.fixture(scope="module")
def round3() -> Explanation:
    return trfaudit.explain(trfaudit.read(SEED / "round3-input.trf"), 3)


def one(rnd: int, tpn: int) -> PlayerWhy:
    t = trfaudit.read(SEED / f"round{rnd}-input.trf")
    return trfaudit.explain(t, rnd, player=tpn).players[0]


def player(e: Explanation, tpn: int) -> PlayerWhy:
    return next(p for p in e.players if p.tpn == tpn)


def reasons(p: PlayerWhy, about: str) -> list[Reason]:
    return [r for r in p.reasons if r.about == about]


def test_round2_player4_floats_down_because_he_met_11(round2: Explanation) -> None:
    """ "We know that player 4 already played player 11 in the first round, so he has no
    compatible opponent in the scoregroup and we have no other choice than to float player
    4 down to the next scoregroup [C.1]." (0.5-point group [4w, 11b])."""
    p4 = player(round2, 4)
    assert p4.float == "down" and p4.mdp
    (why,) = reasons(p4, "float")
    assert why.rule == "C1"
    assert "0.5-point bracket" in why.text and "11 already played him (C1, round 1)" in why.text
    p11 = player(round2, 11)
    assert p11.float == "down"
    assert reasons(p11, "float")[0].rule == "C1"


def test_round2_player14_gets_the_pab(round2: Explanation) -> None:
    """ "player 14 remains without a pair and, as the Rules direct, gets the bye" - in the
    0-point bracket 4-9, 11-8, 10-13 are paired and 14, the lowest-ranked, is left over."""
    p14 = player(round2, 14)
    assert p14.bye == "PAB" and p14.opponent is None and p14.colour is None
    rules = [r.rule for r in reasons(p14, "bye")]
    assert rules[0] == "C5" and "4.2" in rules  # lowest score, then the last one left over
    assert round2.bye == 14
    # 12 told the organiser he cannot play round 2 (C.04.2 D.6): not paired.
    assert player(round2, 12).bye == "Z" and player(round2, 12).opponent is None


def test_round2_board_1_5_colours_by_5_2_4(round2: Explanation) -> None:
    """ "The last point [E.4] is exactly the one that applies to the pair 1-5: the players
    have the same colour preferences and identical colour histories. So we give black to
    player 1, who 'prefers' it and is the higher-ranked." (2025: Art. 5.2.4)."""
    for tpn, colour in ((1, "b"), (5, "w")):
        p = player(round2, tpn)
        assert p.colour == colour
        (c,) = reasons(p, "colour")
        assert c.rule == "5.2.4"
        assert "5: W, a strong preference for black" in c.text
        assert "1: W, a strong preference for black" in c.text
    for a, b in ((2, 7), (6, 3), (4, 9), (8, 11), (10, 13)):  # "In all other pairs ... both"
        assert reasons(player(round2, a), "colour")[0].rule == "5.2.1"
        assert (a, b) in round2.boards


def test_round2_player2_plays_7_not_6_by_c12(round2: Explanation) -> None:
    """ "Here three pairs violate the colour preference, which is certainly too many! ...
    we try again with the first transposition ("576"): 1-5, 2-7, 3-6 ... this pairing is
    flawless and we accept it." (2025: C12, players who do not get their preference)."""
    p2 = player(round2, 2)
    assert p2.opponent == 7 and p2.colour == "w"
    rules = [r.rule for r in reasons(p2, "opponent")]
    assert rules[:2] == ["4.2", "4.2"]  # S1 #2 of the 1-point bracket; a transposition
    (not6,) = [r for r in reasons(p2, "opponent") if r.text.startswith("Not 6")]
    assert not6.rule == "C12"
    assert "3 against 1" in not6.text  # 2-6 leaves 3 without their preference, 2-7 leaves 1
    assert "(2-6, 3-7 where the engine pairs 2-7, 3-6)" in not6.text


def test_round3_player3_plays_4_by_an_exchange() -> None:
    """ "In both pairs the players have already met [B.1] ... the first transposition
    3-11, 4-6 ... includes two pairs that neglect the colour preference ... since X = 0 we
    reject it [B.4] ... The first exchange we try is between players 4 and 6 ... and can
    form the pairs 3-4 and 6-11." (2025: C1, C12, 4.3)."""
    p3 = one(3, 3)
    assert p3.opponent == 4 and p3.colour == "w"
    by_rule = {r.rule: r.text for r in reasons(p3, "opponent")}
    assert "exchange of 4 (S1) with 6 (S2)" in by_rule["4.3"]
    # 4 is named where Art. 3 puts him, then where the exchange moves him: S1-S2 pairs read right
    assert by_rule["4.2"].endswith(
        "plays David Player (4), S1 #2; after the exchange (4.3) 4 is in S2."
    )
    assert by_rule["C1"] == "Not 6: 6 already played 3 (C1, round 2)."
    assert by_rule["C12"].startswith("Not 11: the best round with 3-11 ")
    assert "is worse on C12" in by_rule["C12"]
    assert "2 against 0" in by_rule["C12"]  # 3-11 and 4-6 both miss a preference
    assert "(3-11, 4-6 where the engine pairs 3-4, 6-11)" in by_rule["C12"]
    # and 4's other pair of the first candidate, 4-11, is C1 too:
    six = one(3, 6)
    assert six.opponent == 11
    role = "plays Nancy Player (11), S2 #2; after the exchange (4.3) 6 is in S1."
    assert any(r.text.endswith(role) for r in six.reasons)
    assert any(r.rule == "C1" and "3 already played 6 (C1, round 2)" in r.text for r in six.reasons)


def test_round3_colours_14_by_5_2_2_and_7_10_by_5_2_1(round3: Explanation) -> None:
    """ "the pairs 14-1 ([E.2]: player 14's colour preference is stronger than player 1's)
    and 7-10 ([E.1]) are formed." (2025: 5.2.2, 5.2.1)."""
    p14 = player(round3, 14)
    assert p14.opponent == 1 and p14.colour == "w"
    (c,) = reasons(p14, "colour")
    assert c.rule == "5.2.2"
    assert "14 has a strong preference for white, 1 a mild preference for white" in c.text
    p7 = player(round3, 7)
    assert (p7.opponent, p7.colour) == (10, "w")
    assert reasons(p7, "colour")[0].rule == "5.2.1"
    # "players 7 and 14 have already played each other" - why 1 gets 14, not 10:
    assert any(r.rule == "C6" for r in reasons(p14, "opponent"))


def test_against_names_the_clash_and_the_criterion() -> None:
    t = trfaudit.read(SEED / "round3-input.trf")
    e = trfaudit.explain(t, 3, player=3, against=6)
    assert e.verdict is not None and e.alternative is not None
    assert (e.verdict.kind, e.verdict.criterion) == ("illegal", "C1")
    assert (3, 6) in e.alternative.pairs or (6, 3) in e.alternative.pairs
    e = trfaudit.explain(t, 3, player=3, against=11)
    assert e.verdict is not None and e.alternative is not None
    assert (e.verdict.kind, e.verdict.criterion) == ("quality", "C12")
    assert (e.verdict.engine, e.verdict.alternative) == ("0", "2")
    assert "the alternative has 2" in e.verdict.text
    e = trfaudit.explain(t, 3, player=3, against=4)
    assert e.verdict is not None and e.verdict.kind == "same" and e.alternative is None


def test_json_follows_the_schema(round2: Explanation) -> None:
    schema = json.loads(SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(round2.to_json())
    t = trfaudit.read(SEED / "round3-input.trf")
    doc = trfaudit.explain(t, 3, player=3, against=11).to_json()
    jsonschema.Draft202012Validator(schema).validate(doc)
    assert doc["verdict"]["kind"] == "quality" and doc["alternative"]["bye"] is None
    broken = dict(doc, players=[dict(doc["players"][0], colour="white")])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)


def test_html_fragment_escapes_and_anchors(round2: Explanation) -> None:
    html = render_explanation_html(round2)
    assert '<details class="why-player" id="why-r2-p14">' in html
    assert "<script" not in html
    assert html.count("<details") == 14
