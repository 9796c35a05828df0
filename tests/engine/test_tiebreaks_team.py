"""tiebreaks.md 6.7 ([TEC] team Swiss, 14 teams x 4 boards x 7 rounds, Exercises 35-41 and
49), value for value: Buchholz on match and on game points, the four extended
Sonneborn-Bergers and SSSC, 2024 rules; and the 2026 changes of team 1 (derived in the
digest).  Match points 2-1-0; the PAB and the HPB are worth 1 MP and 2 GP; ``+F``/``-F`` is
the forfeited match between 1 and 6 in round 6 (4-0)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trfaudit.engine.tiebreaks import RULES_2024, RULES_2026
from trfaudit.engine.tiebreaks.event import Kind
from trfaudit.engine.tiebreaks.team import Match, TeamEvent
from trfaudit.trf.tiebreak_codes import parse_code

CROSSTABLE = """
 1 Antelopes 10 17.5  8w2.5 4b1.5 7w3 2b2.5 5w1.5 +F 3b2.5
 2 Bonobos   10 17    9b3 3w4 5b0 1w1.5 13w3 4b2.5 10b3
 3 Cougars   10 16    10w2.5 2b0 9w3 6b2.5 4w3 5b3.5 1w1.5
 4 Deer      10 17    11b3 1w2.5 13b3 5w3.5 3b1 2w1.5 9b2.5
 5 Elephants 10 18    12w4 6b3 2w4 4b0.5 1b2.5 3w0.5 13b3.5
 6 Falcons    7 12.5  13b2 5w1 8b3 3w1.5 11b2.5 -F 12w2.5
 7 Giraffes   6 11.5  14w2 8b2 1b1 10w2.5 9b2 13w2 ZPB
 8 Hippopotami 7 15   1b1.5 7w2 6w1 12b3.5 10b2 9w2 11w3
 9 Iguanas     6 14.5 2w1 12b4 3b1 14w3 7w2 8b2 4w1.5
10 Jackals     5 13   3b1.5 11w1.5 12b2.5 7b1.5 8w2 14b3 2w1
11 Koalas      4 11.5 4w1 10b2.5 14w2 13b1.5 6w1.5 12w2 8b1
12 Lynxes      2 7.5  5b0 9w0 10w1.5 8w0.5 PAB 11b2 6b1.5
13 Moose       6 11.5 6w2 14b2.5 4w1 11w2.5 2b1 7b2 5w0.5
14 Narwhals    4 11.5 7b2 13w1.5 11b2 9b1 HPB 10w1 PAB
"""

TABLE = """
| # | BH:MP | BH:MP/C1 | BH:GP | BH:GP/C1 | EMMSB | EGMSB | EMGSB | EGGSB | SSSC |
| 1 | 64 | 57 | 114 | 100.5 | 88 | 158 | 158.5 | 283 | 38.83 |
| 2 | 57 | 52 | 107.5 | 96 | 74 | 144 | 131 | 249.75 | 36 |
| 3 | 58 | 53 | 109.5 | 97 | 76 | 150 | 128 | 247.5 | 35.33 |
| 4 | 56 | 52 | 106 | 94.5 | 72 | 146 | 130 | 253.5 | 35.67 |
| 5 | 55 | 53 | 99 | 91.5 | 70 | 132 | 125 | 236 | 36.33 |
| 6 | 46 | 39 | 92 | 79.5 | 32 | 79.5 | 73 | 157.5 | 27.83 |
| 7 | 44 | 38 | 94.5 | 83 | 33 | 78.5 | 68.5 | 155 | 26.17 |
| 8 | 41 | 39 | 90 | 82.5 | 30 | 79 | 77 | 181.5 | 28.67 |
| 9 | 50 | 48 | 97.5 | 90 | 26 | 66.5 | 83 | 180 | 31.17 |
| 10 | 44 | 42 | 92 | 84.5 | 19 | 53 | 72.5 | 161.75 | 27.67 |
| 11 | 41 | 39 | 88 | 80.5 | 16 | 45 | 61 | 138.5 | 25.17 |
| 12 | 41 | 39 | 92 | 84.5 | 6 | 19 | 33.5 | 83.75 | 21.17 |
| 13 | 52 | 48 | 101 | 89.5 | 30 | 72 | 73 | 152.5 | 28.83 |
| 14 | 36 | 32 | 87 | 75.5 | 19 | 48 | 58 | 140.75 | 23.5 |
"""


def team_event(rules) -> TeamEvent:
    matches: dict[int, list[Match]] = {}
    byes = {"PAB": (Kind.PAB, 1, 2), "HPB": (Kind.HPB, 1, 2), "ZPB": (Kind.ZPB, 0, 0)}
    for line in CROSSTABLE.strip().splitlines():
        parts = line.split()
        team, tokens = int(parts[0]), parts[4:]
        row = []
        for r, tok in enumerate(tokens, start=1):
            if tok in byes:
                kind, mp, gp = byes[tok]
                row.append(Match(r, kind, None, None, Fraction(mp), Fraction(gp)))
            elif tok in ("+F", "-F"):
                win = tok == "+F"
                row.append(
                    Match(
                        r,
                        Kind.FW if win else Kind.FL,
                        6 if team == 1 else 1,
                        None,
                        Fraction(2 if win else 0),
                        Fraction(4 if win else 0),
                    )
                )
            else:
                colour = "w" if "w" in tok else "b"
                opp, gp = tok.split(colour)
                gp_ = Fraction(gp)
                mp = 2 if gp_ > 2 else 1 if gp_ == 2 else 0
                row.append(Match(r, Kind.OTB, int(opp), colour, Fraction(mp), gp_))
        matches[team] = row
    return TeamEvent(matches, rules, boards=4)


def test_totals_match_the_crosstable():
    te = team_event(RULES_2024)
    for line in CROSSTABLE.strip().splitlines():
        parts = line.split()
        assert te.mp.score[int(parts[0])] == Fraction(parts[2])
        assert te.gp.score[int(parts[0])] == Fraction(parts[3])
    assert (te.mp.adjusted[7], te.gp.adjusted[7]) == (7, Fraction(27, 2))  # 16.2.5 ZPB


def test_team_values_2024():
    te = team_event(RULES_2024)
    lines = TABLE.strip().splitlines()
    head = [c.strip() for c in lines[0].strip("|").split("|")][1:]
    for line in lines[1:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        team = int(cells[0])
        for code, want in zip(head, cells[1:]):
            have = te.value(parse_code(code), team).number
            assert Fraction(have) == Fraction(want), f"team {team} {code}: {have} != {want}"


@pytest.mark.parametrize("team,value", [(1, 74), (2, 64), (3, 66), (4, 64), (5, 66)])
def test_emmsb_cut_one_of_the_ten_point_teams(team, value):
    assert team_event(RULES_2024).value(parse_code("EMMSB/C1"), team).number == value


def test_2026_changes_team_one_only():
    """The forfeit win's dummy is capped by Falcons' 7 MP and 12.5 GP: BH:MP 61, BH:GP 109,
    EMMSB 82, EGGSB 263; no other team changes."""
    old, new = team_event(RULES_2024), team_event(RULES_2026)
    codes = [parse_code(c) for c in ("BH:MP", "BH:GP", "EMMSB", "EGGSB")]
    assert [new.value(c, 1).number for c in codes] == [61, 109, 82, 263]
    for team in range(2, 15):
        assert all(new.value(c, team).number == old.value(c, team).number for c in codes)


def test_extended_direct_encounter():
    """tiebreaks.md 6.7, [TEC] Exercises 42-45: {11, 14} drew 2-2 and stay tied; 6 beat 8;
    {7, 9, 13}: 9 and 13 never met, nothing resolved; the 10-point group met in full, all on
    4 MP, then GP 4 8.5, {1, 2, 3} 8.0, 5 7.5, and inside {1, 2, 3} on GP 2 5.5, 1 5.0, 3 1.5:
    the [TEC] answer 4, 2, 1, 3, 5 (the literal restart at MP would give 4, 1, 2, 3, 5)."""
    from trfaudit.engine.tiebreaks.team import ExtendedDirectEncounter

    te = team_event(RULES_2024)
    ede = ExtendedDirectEncounter(parse_code("EDE"))
    assert ede.team_order(te, [11, 14]) == [[11, 14]]
    assert ede.team_order(te, [6, 8]) == [[6], [8]]
    assert ede.team_order(te, [7, 9, 13]) == [[7, 9, 13]]
    assert ede.team_order(te, [1, 2, 3, 4, 5]) == [[4], [2], [1], [3], [5]]
