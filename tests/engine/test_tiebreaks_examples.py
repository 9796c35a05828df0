"""Every worked example of the tie-break digest (../shared/reference/tiebreaks.md 6), value for
value.  The tables below are the digest's, copied as printed; each test names its source."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trfaudit.engine.tiebreaks import RULES_2024, RULES_2026, compute
from trfaudit.engine.tiebreaks.catalogue import make
from trfaudit.engine.tiebreaks.event import Event
from trfaudit.trf.tiebreak_codes import parse_code, parse_list

from .tiebreak_data import CR_SB, PL_SWISS, TEC_RR, TEC_SWISS, TEC_SWISS_9, lone, tournament

# tiebreaks.md 6.1, "Expected values, 2024 rules" ([TEC] Exercises 1-33).
TABLE_61_2024 = """
| # | pts | AS | AS-FB | BH | BH/C1 | FB | AOB | SB | SB/C1 | ARO | ARO/C1 | TPR | APRO | PTP | APPO | WIN | WON | BPG | BWG | REP | PS | PS/C1 |
| 1 | 3.5 | 3.5 | 3.5 | 12.5 | 11 | 13.5 | 12.60 | 8 | 7.25 | 1820 | 1900 | 1969 | 1789 | 2029 | 1769 | 2 | 2 | 2 | 1 | 5 | 11 | 10 |
| 2 | 4 | 4 | 4 | 13 | 12 | 13.5 | 13.60 | 9.5 | 8.5 | 1880 | 1988 | 2120 | 1856 | 2216 | 1852 | 3 | 3 | 3 | 1 | 5 | 13 | 12 |
| 3 | 3.5 | 3.5 | 3.5 | 15.5 | 13 | 15 | 13.40 | 10.5 | 9.25 | 1940 | 2000 | 2089 | 1904 | 2112 | 1934 | 2 | 2 | 2 | 1 | 5 | 11 | 10.5 |
| 4 | 3.5 | 3.5 | 3.5 | 15 | 11.5 | 15.5 | 13.38 | 9.75 | 8 | 1888 | 1983 | 2081 | 1772 | 2168 | 1784 | 2 | 2 | 2 | 1 | 4 | 11.5 | 10.5 |
| 5 | 2.5 | 2.5 | 2 | 8.5 | 7.5 | 10 | 13.40 | 4.25 | 3.25 | 1690 | 1738 | 1690 | 1719 | 1689 | 1676 | 2 | 2 | 2 | 0 | 5 | 5 | 5 |
| 6 | 3 | 3 | 2.5 | 12 | 11 | 12 | 13.25 | 6.5 | 5.5 | 1813 | 1900 | 1813 | 1846 | 1810 | 1836 | 3 | 2 | 2 | 1 | 5 | 6 | 6 |
| 7 | 1.5 | 1.5 | 2 | 14.5 | 12.5 | 13.5 | 11.90 | 3.25 | 1.25 | 1760 | 1838 | 1611 | 1869 | 1531 | 1890 | 1 | 1 | 3 | 0 | 5 | 6 | 5 |
| 8 | 2.5 | 2.5 | 3 | 13.5 | 12 | 12.5 | 13.00 | 5.25 | 3.75 | 1730 | 1800 | 1730 | 1915 | 1715 | 1924 | 2 | 2 | 2 | 0 | 5 | 8.5 | 8 |
| 9 | 1.5 | 1.5 | 1.5 | 9 | 7.5 | 9.5 | 12.75 | 2.25 | 2.25 | 1975 | 2200 | 1175 | 1805 | 950 | 1802 | 1 | 0 | 1 | 0 | 3 | 2.5 | 2.5 |
| 10 | 1 | 1 | 1.5 | 13 | 11.5 | 12.5 | 10.90 | 1.5 | 0 | 1880 | 1975 | 1640 | 1717 | 1575 | 1687 | 1 | 1 | 3 | 1 | 5 | 4 | 4 |
| 11 | 2.5 | 2.5 | 2 | 13.5 | 12 | 12.5 | 12.75 | 5.75 | 4.25 | 1863 | 2000 | 1776 | 1840 | 1763 | 1836 | 2 | 1 | 2 | 0 | 5 | 5.5 | 5 |
| 12 | 2 | **3** | 3 | 11.5 | 9.5 | 11.5 | 15.00 | 4 | 4 | 2050 | – | 1250 | 2081 | 1250 | 2168 | 2 | 0 | 0 | 0 | 3 | 7 | 7 |
| 13 | 1.5 | 1.5 | 2 | 14 | 12 | 13.5 | 12.10 | 4.25 | 4.25 | 1930 | 2025 | 1781 | 1879 | 1744 | 1909 | 1 | 1 | 3 | 1 | 5 | 7 | 6 |
| 14 | 2 | 2 | 1.5 | 11 | 9 | 10.5 | 13.17 | 4.5 | 3 | 1800 | 1900 | 1925 | 1775 | 1942 | 1756 | 2 | 2 | 2 | 1 | 3 | 6 | 5 |
| 15 | 2 | 2 | 2.5 | 12 | 11 | 12 | 12.20 | 3.5 | 2.5 | 1860 | 1963 | 1788 | 1776 | 1768 | 1767 | 2 | 2 | 3 | 1 | 5 | 7 | 7 |
| 16 | 3.5 | 3.5 | 3 | 12.5 | 11 | 13.5 | 13.30 | 7.25 | 5.75 | 1820 | 1900 | 1969 | 1805 | 2013 | 1799 | 3 | 3 | 2 | 1 | 5 | 10.5 | 10 |
"""

# tiebreaks.md 6.1, "2026 rules, same data. Only these columns change" (players 2, 9, 15
# unchanged); derived in the digest and agreeing with [SH].
TABLE_61_2026 = """
| # | BH | BH/C1 | FB | AOB | SB | SB/C1 |
| 1 | 12.5 | 11 | 13.5 | 12.40 | 8 | 7.25 |
| 3 | 15.5 | 13 | 15 | 12.90 | 10.5 | 9.25 |
| 4 | **14** | 11.5 | **14.5** | 13.38 | **9.25** | **7.75** |
| 5 | 8.5 | 7.5 | 10 | 13.20 | 4.25 | 3.25 |
| 6 | **11.5** | **10.5** | 12 | 13.25 | **6** | **5** |
| 7 | 14.5 | 12.5 | 13.5 | 11.70 | 3.25 | 1.25 |
| 8 | 13.5 | 12 | 12.5 | 12.90 | 5.25 | 3.75 |
| 10 | 13 | 11.5 | 12.5 | 10.80 | 1.5 | 0 |
| 11 | **12.5** | **11** | **12** | 12.75 | **4.75** | **3.25** |
| 12 | 11.5 | 9.5 | **11** | 14.00 | 4 | 4 |
| 13 | 14 | 12 | 13.5 | 11.90 | 4.25 | 4.25 |
| 14 | 11 | 9 | 10.5 | 13.00 | 4.5 | 3 |
| 16 | 12.5 | 11 | 13.5 | 13.10 | 7.25 | 5.75 |
"""


def table(text: str) -> tuple[list[str], dict[int, dict[str, Fraction | None]]]:
    lines = [ln for ln in text.strip().splitlines()]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    rows: dict[int, dict[str, Fraction | None]] = {}
    for ln in lines[1:]:
        cells = [c.strip().strip("*") for c in ln.strip("|").split("|")]
        rows[int(cells[0])] = {
            h: (None if c == "–" else Fraction(c)) for h, c in zip(head[1:], cells[1:])
        }
    return head[1:], rows


def values(t, codes: list[str], rules) -> dict[str, dict[int, Fraction | None]]:
    st = compute(t, parse_list(",".join(codes)), rules)
    return {
        s.label: {
            tpn: (None if v.number is None else Fraction(v.number)) for tpn, v in s.values.items()
        }
        for s in st.steps
        if s.tiebreak
    }


@pytest.mark.parametrize(
    "rules,text", [(RULES_2024, TABLE_61_2024), (RULES_2026, TABLE_61_2026)], ids=["2024", "2026"]
)
def test_tec_swiss_every_value(rules, text):
    """tiebreaks.md 6.1: [TEC] Exercises 1-33 (2024) and the 2026 recomputation."""
    t = tournament(TEC_SWISS, 5)
    head, expected = table(text)
    codes = [h for h in head if h not in ("pts", "AS", "AS-FB")]
    got = values(t, codes, rules)
    ev = Event(t, rules)
    for tpn, row in expected.items():
        for col, want in row.items():
            if col == "pts":
                have = ev.score[tpn]
            elif col == "AS":
                have = ev.adjusted[tpn]
            elif col == "AS-FB":
                have = ev.fore_event().adjusted[tpn]
            else:
                have = got[col][tpn]
            assert have == want, f"player {tpn} {col}: {have} != {want}"


def test_tec_swiss_2026_unchanged_players():
    """tiebreaks.md 6.1: players 2, 9 and 15 keep their 2024 values under the 2026 rules."""
    t = tournament(TEC_SWISS, 5)
    codes = ["BH", "BH/C1", "FB", "AOB", "SB", "SB/C1"]
    old, new = values(t, codes, RULES_2024), values(t, codes, RULES_2026)
    for tpn in (2, 9, 15):
        assert all(old[c][tpn] == new[c][tpn] for c in codes)


def test_tec_swiss_std_tpn_rtng():
    """tiebreaks.md 6.1: "STD = score. TPN = #. RTNG = Elo." (no 0-0 or double forfeit)."""
    t = tournament(TEC_SWISS, 5)
    got = values(t, ["STD", "TPN", "RTNG"], RULES_2026)
    for tpn, _name, rating, _ in TEC_SWISS:
        assert got["STD"][tpn] == t.players[tpn].points
        assert got["TPN"][tpn] == tpn and got["RTNG"][tpn] == rating


TABLE_62 = """
| # | pts | SB | SB/C1 | KS | TPR | APRO |
| 1 | 3.5 | 9.25 | 9.25 | 2 | 2199 | 2040 |
| 2 | 3.5 | 6.25 | 4.75 | 0.5 | 2209 | 2038 |
| 3 | 3.5 | 6.25 | 4.75 | 0.5 | 2219 | 2036 |
| 4 | 1.5 | 4.25 | 4.25 | 1 | 1931 | 2094 |
| 5 | 1.5 | 3.25 | 3.25 | 0.5 | 2038 | 2140 |
| 6 | 1.5 | 2.25 | 1.5 | 0 | 1803 | 2140 |
"""


def test_tec_round_robin():
    """tiebreaks.md 6.2: [TEC] Exercises 14-16 (SB, SB/C1, KS limit 2.5; the forfeit is a
    regular game, 15.2) and TPR/APRO under the 2026 15.2 rule (forfeit dropped)."""
    t = tournament(TEC_RR, 5, start="2026/03/01")
    assert Event(t, RULES_2026).predetermined
    head, expected = table(TABLE_62)
    got = values(t, ["SB", "SB/C1", "KS", "TPR", "APRO"], RULES_2026)
    for tpn, row in expected.items():
        assert Fraction(t.players[tpn].points) == row["pts"]
        for col in ("SB", "SB/C1", "KS", "TPR", "APRO"):
            assert got[col][tpn] == row[col], f"player {tpn} {col}"


def test_tec_round_robin_direct_encounter():
    """tiebreaks.md 6.2, [TEC] Ex. 26: {1, 2, 3}: Alyx first, Bruno and Charline drew and stay
    tied; {4, 5, 6} counting the forfeit: Helene 1.5, Franck 1, David 1/2."""
    t = tournament(TEC_RR, 5)
    de = make(parse_code("DE"))
    ev = Event(t, RULES_2024)
    assert de.order(ev, [1, 2, 3], {}) == [[1], [2, 3]]
    assert de.order(ev, [4, 5, 6], {}) == [[6], [5], [4]]


def test_tec_nine_rounds_direct_encounter():
    """tiebreaks.md 6.3, [TEC] Ex. 25: 6.0 {1, 2, 4, 6}: Franck, then {Alyx, David}, then Bruno;
    4.5 {7, 8, 16}: nothing resolved (Irina's maximum 1.5 is not below Stephan's 1.5);
    3.0 {9, 12}: they drew, still tied; the 4.0 group: nothing resolved."""
    t = tournament(TEC_SWISS_9, 9)
    ev = Event(t, RULES_2024)
    de = make(parse_code("DE"))
    assert sorted(tpn for tpn in t.players if ev.score[tpn] == 6) == [1, 2, 4, 6]
    assert de.order(ev, [1, 2, 4, 6], {}) == [[6], [1, 4], [2]]
    assert de.order(ev, [7, 8, 16], {}) == [[7, 8, 16]]
    assert de.order(ev, [9, 12], {}) == [[9, 12]]
    fours = sorted(tpn for tpn in t.players if ev.score[tpn] == 4)
    assert fours == [5, 10, 14, 15]
    assert de.order(ev, fours, {}) == [fours]


def test_tec_toy_direct_encounter():
    """tiebreaks.md 4, [TEC] toy: A beat B, C, D; B beat C, D; C and D never met: A 1st, B 2nd
    (s = 2 > max(C), max(D) = 1), C and D stay tied."""
    rows = [
        (1, "A", 0, "+W2 +W3 +W4"),
        (2, "B", 0, "-B1 +W4 +W3"),
        (3, "C", 0, "ZPB -B1 -B2"),
        (4, "D", 0, "ZPB -B2 -B1"),
    ]
    t = tournament(rows, 3)
    de = make(parse_code("DE"))
    assert de.order(Event(t, RULES_2024), [1, 2, 3, 4], {}) == [[1], [2], [3, 4]]


@pytest.mark.parametrize(
    "rules,expected",
    [
        (RULES_2024, {"BH": 57, "BH/C1": 50, "SB": Fraction(149, 4)}),
        (RULES_2026, {"BH": 55, "BH/C1": 50, "SB": Fraction(149, 4)}),
    ],
    ids=["2024", "2026"],
)
def test_am26_laxman(rules, expected):
    """tiebreaks.md 6.4, [AM26] Laxman: 10 rounds, own 7.0, R4 ZPB: 2024 dummy 7.0 (BH 57,
    BH/C1 50 cuts the VUR), 2026 dummy 5.0 = 1/2 x 10 (BH 55, BH/C1 50); SB 37.25."""
    t = lone(["W:5", "W:5", "L:6.5", "ZPB", "W:4.5", "D:6", "W:5", "D:6.5", "W:5.5", "W:6"])
    got = values(t, list(expected), rules)
    assert {c: got[c][1] for c in expected} == expected


def test_am26_ex01_forfeit_win_cap():
    """tiebreaks.md 6.4, [AM26] Ex01: FW in R7 against Leo (4.5, then ZPB in R8 and R9: AS
    5.5): BH 51 under 2024 (dummy 7.0), 49.5 under 2026 (dummy 5.5)."""
    t = lone(
        ["W:5", "W:5.5", "W:5", "D:4.5", "W:6", "D:5.5", "FW:4.5", "W:6.5", "L:6"],
        {7: {8: "ZPB", 9: "ZPB"}},
    )
    assert t.players[1].points == 7
    assert values(t, ["BH"], RULES_2024)["BH"][1] == 51
    assert values(t, ["BH"], RULES_2026)["BH"][1] == Fraction(99, 2)


def test_am26_ex03_forfeit_loss_and_withdrawal():
    """tiebreaks.md 6.4, [AM26] Ex03: own 6.5; R9 FL against a 7.5 player, R10 withdrawal
    (16.2.5): BH 64.5 under 2024 (two dummies of 6.5), 63 under 2026 (6.5 and 5)."""
    own = ["W:3.5", "W:6", "W:6.5", "D:7.5", "W:6.5", "D:8", "D:6.5", "W:7", "FL:7.5", "ZPB"]
    t = lone(own)
    assert t.players[1].points == Fraction(13, 2)
    assert values(t, ["BH"], RULES_2024)["BH"][1] == Fraction(129, 2)
    assert values(t, ["BH"], RULES_2026)["BH"][1] == 63


def test_am26_ex04_excluded_opponent():
    """tiebreaks.md 6.4, [AM26] Ex04: own 9.5; R1 FW against Amit (0, excluded from R2: AS =
    9 x 1/2 = 4.5): BH 74 under 2024, 69 under 2026."""
    own = ["FW:0", "W:5", "W:6", "W:7", "W:8", "W:7", "W:7", "D:8.5", "W:8", "W:8"]
    t = lone(own, {1: {r: "ZPB" for r in range(2, 11)}})
    assert t.players[1].points == Fraction(19, 2)
    assert Event(t, RULES_2026).adjusted[2] == Fraction(9, 2)
    assert values(t, ["BH"], RULES_2024)["BH"][1] == 74
    assert values(t, ["BH"], RULES_2026)["BH"][1] == 69


# tiebreaks.md 6.5 ([PL] slides, 2026 rules): BH of players 1..14.
PL_BH_2026 = [13.5, 14.5, 15, 13.5, 14.5, 14, 13, 11, 13.5, 11, 11.5, 10.5, 9, 10]


def test_pl_swiss_2026():
    """tiebreaks.md 6.5, [PL] 2026 slides: BH of every player (player 4's FW against 7 caps the
    dummy at 2.5: 13.5; 14 under 2024); BH/C1 of 11 is 10 and of 14 is 9.5; player 8's BH is
    11 (the slide's 10.5 misread opponent 9)."""
    t = tournament(PL_SWISS, 5, start="2026/03/07")
    got = values(t, ["BH", "BH/C1"], RULES_2026)
    assert [got["BH"][tpn] for tpn in range(1, 15)] == [Fraction(x) for x in PL_BH_2026]
    assert got["BH/C1"][11] == 10 and got["BH/C1"][14] == Fraction(19, 2)
    assert values(t, ["BH"], RULES_2024)["BH"][4] == 14


@pytest.mark.parametrize(
    "rules,expected",
    [
        (RULES_2024, (Fraction(13, 4), Fraction(11, 4), Fraction(5, 4))),
        (RULES_2026, (Fraction(3), Fraction(5, 2), Fraction(1))),
    ],
    ids=["2024", "2026"],
)
def test_cr_sb_cut_two_vurs(rules, expected):
    """tiebreaks.md 6.6, [CR]: player 2's SB, SB/C1, SB/C2 with an HPB and a forfeit loss
    (16.5: the VUR with the lowest contribution against the LSV, the higher cut)."""
    t = tournament(CR_SB, 4)
    got = values(t, ["SB", "SB/C1", "SB/C2"], rules)
    assert (got["SB"][2], got["SB/C1"][2], got["SB/C2"][2]) == expected


def test_cr_sb_cut_played_variant():
    """tiebreaks.md 6.6: with round 3 a played loss (-B1 / +W2), the 2026 values are 3.00, 2.00
    (the HPB is cut) and 1.50."""
    rows = [(1, "P1", 0, "+W4 +B3 +W2 +B5"), (2, "P2", 0, "+W5 HPB -B1 +W4")] + CR_SB[2:]
    t = tournament(rows, 4)
    got = values(t, ["SB", "SB/C1", "SB/C2"], RULES_2026)
    assert (got["SB"][2], got["SB/C1"][2], got["SB/C2"][2]) == (3, 2, Fraction(3, 2))


def test_cr_records_202_and_212():
    """tiebreaks.md 6.8, [CR]: 1 and 2 beat 3 and 4 in two rounds; ``202 BH`` ranks 1, 1, 3, 3
    and ``212 BH`` (no PTS) ranks 3, 3, 1, 1."""
    rows = [
        (1, "A", 0, "+W3 +B4"),
        (2, "B", 0, "+W4 +B3"),
        (3, "C", 0, "-B1 -W2"),
        (4, "D", 0, "-B2 -W1"),
    ]
    t = tournament(rows, 2, extra="202 BH\n212 BH")
    ranks_202 = compute(t, t.tie_break_codes(), RULES_2024, points_first=True)
    ranks_212 = compute(t, t.standings_codes(), RULES_2024, points_first=False)
    assert [ranks_202.row(p).rank for p in (1, 2, 3, 4)] == [1, 1, 3, 3]
    assert [ranks_212.row(p).rank for p in (1, 2, 3, 4)] == [3, 3, 1, 1]
