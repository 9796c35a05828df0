"""The C.04.6 (2026) pairer against the text: the articles' own examples and small cases
worked by hand, and the bracket pairing against a literal enumeration of Art. 3.6."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

from trfaudit.engine.team.colours import ColourTeam, Preference, allocate, preference
from trfaudit.engine.team.pairer import Contender, TeamInput, _Round, pair_teams, team_trace
from trfaudit.engine.team.rules import TeamRules, parse_code

F = Fraction


def team(
    tpn: int, score: float = 0, seq: str = "", kind: str = "A", last: bool = False, **kw: object
) -> Contender:
    c = Contender(tpn, F(score), F(score), F(0), seq, preference(seq, kind, last), len(seq),
                  False, False, frozenset())  # fmt: skip
    return Contender(**{**c.__dict__, **kw})  # type: ignore[arg-type]


def rin(teams: list[Contender], rnd: int = 1, total: int = 9, code: str = "FIDE_TEAM") -> TeamInput:
    return TeamInput(rnd, total, tuple(teams), parse_code(code), "w")


def test_192_codes() -> None:
    assert parse_code("FIDE_TEAM") == TeamRules("A", "MP", True, False, "FIDE_TEAM")
    assert parse_code("FIDE_TEAM_TYPEB_MP").secondary_used is False
    assert parse_code("FIDE_TEAM_GP_MP").colours == "none"
    assert parse_code("FIDE_TEAM_GP_MP").primary == "GP"


def test_art_3_5_4_example_set_order() -> None:
    """2, 6, 8 have 3 points, 1, 3, 5 have 2.5; two upfloaters of 3 and one of 2.5."""
    teams = [team(t, 3) for t in (2, 6, 8)] + [team(t, 2.5) for t in (1, 3, 5)]
    r = _Round(rin(teams))
    sets = list(r.sets(teams, (F(3), F(3), F(5, 2))))
    assert sets == [[2, 6, 1], [2, 6, 3], [2, 6, 5], [2, 8, 1], [2, 8, 3], [2, 8, 5],
                    [6, 8, 1], [6, 8, 3], [6, 8, 5]]  # fmt: skip
    assert r.profiles(teams, 3)[0] == (F(3), F(3), F(3))  # [C5]: the highest scores first


def test_round_1_is_first_half_against_second_half() -> None:
    """Art. 3.6.2: with all scores 0 the first identifier is 1-3 2-4 (top members 1, 2);
    Art. 4.3.1: team 1 (odd) gets the initial colour, team 2 (even) the other."""
    p = pair_teams(rin([team(t) for t in (1, 2, 3, 4)]))
    assert [(b.white, b.black, b.rule) for b in p.boards] == [(1, 3, "4.3.1"), (4, 2, "4.3.1")]


def test_pab_lowest_score_then_most_played_then_largest_tpn() -> None:
    teams = [team(1, 2, "w"), team(2, 2, "b"), team(3, 0, "w"), team(4, 0, "b"), team(5, 0, "")]
    assert pair_teams(rin(teams, rnd=2)).bye == 4  # 3.4.3 before 3.4.4: 5 played none
    barred = [team(1, 2, "w"), team(2, 2, "b"), team(3, 0, "w"), team(4, 0, "b", pab_barred=True)]
    assert pair_teams(rin(barred + [team(5, 0, "w")], rnd=2)).bye == 5  # [C2]


def test_no_downfloaters_the_top_group_takes_an_upfloater() -> None:
    """Three teams on 4 and three on 2: the top group takes the highest-TPN-first set of one
    upfloater (3.5.4: {4}), and the bracket's first identifier pairs it."""
    teams = [team(t, 4, "wb") for t in (1, 2, 3)] + [team(t, 2, "bw") for t in (4, 5, 6)]
    p = pair_teams(rin(teams, rnd=3))
    assert team_trace(p).brackets[0].upfloaters == [4]
    assert team_trace(p).brackets[0].pairs == [(1, 3), (2, 4)]
    assert team_trace(p).brackets[1].pairs == [(5, 6)]


def test_colour_preferences_type_a_and_b() -> None:
    assert preference("wbb", "A", False) == Preference("w", "simple")  # CD -1, last two BB
    assert preference("wwbb", "A", False) == Preference("w", "simple")  # CD 0, last two BB
    assert preference("wwb", "A", False) is None  # CD +1: no type A preference
    assert preference("wwb", "B", False) == Preference("b", "mild")
    assert preference("bww", "B", True) == Preference("b", "strong")  # CD +1, WW
    assert preference("wb", "B", False) == Preference("w", "mild")  # CD 0, last Black
    assert preference("wb", "B", True) is None  # CD 0 in the last round
    assert preference("bwbw", "B", True) is None
    assert preference("", "B", False) is None and preference("bb", "none", False) is None


def test_colour_allocation_articles() -> None:
    def ct(tpn: int, seq: str, score: int = 0, kind: str = "A") -> ColourTeam:
        return ColourTeam(tpn, F(score), F(0), seq, preference(seq, kind, False))

    assert allocate(ct(1, "wb"), ct(2, "bb"), "A", "w", True) == (2, 1, "4.3.2")
    assert allocate(ct(1, "bb"), ct(2, "ww"), "A", "w", True) == (1, 2, "4.3.3")
    assert allocate(ct(1, "b"), ct(2, "wb"), "A", "w", True) == (1, 2, "4.3.5")  # CD -1 < 0
    # the last round 1 had Black and 2 White: they alternate
    assert allocate(ct(1, "wb"), ct(2, "bw"), "A", "w", True) == (1, 2, "4.3.6")
    assert allocate(ct(1, "", 1), ct(2, "w"), "A", "w", True)[2] == "4.3.5"
    # 4.3.4, type B: a strong preference beats a mild one for the same colour
    assert allocate(ct(1, "w", 0, "B"), ct(2, "bww", 0, "B"), "B", "w", True) == (1, 2, "4.3.4")


def _identifier(pairs: list[tuple[int, int]]) -> list[int]:
    """Art. 3.6.2: the top members ascending, then their bottom members."""
    ordered = sorted((min(p), max(p)) for p in pairs)
    return [a for a, _ in ordered] + [b for _, b in ordered]


def test_art_3_6_2_example_identifier() -> None:
    assert _identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == [4, 6, 9, 11, 8, 16, 10, 24]


def _matchings(nodes: list[int]) -> list[list[tuple[int, int]]]:
    if not nodes:
        return [[]]
    first, rest = nodes[0], nodes[1:]
    out = []
    for i, other in enumerate(rest):
        for m in _matchings(rest[:i] + rest[i + 1 :]):
            out.append([(first, other)] + m)
    return out


def test_bracket_pairing_is_the_literal_first_identifier() -> None:
    """Art. 3.6.4 by enumeration: of the legal pairings with the least ([C8], [C9], [C10]),
    the one with the first identifier — on random brackets of up to 10 teams."""
    rng = random.Random(7)
    checked = 0
    for _ in range(120):
        n = rng.choice([4, 6, 8, 10])
        kind = rng.choice(["A", "B"])
        teams = []
        for tpn in rng.sample(range(1, 30), n):
            seq = "".join(rng.choice("wb") for _ in range(rng.randint(1, 4)))
            score = rng.choice([3, 3, 3, 2])
            teams.append(team(tpn, score, seq, kind, floated=rng.random() < 0.3))
        tpns = [c.tpn for c in teams]
        met = {frozenset(p) for p in combinations(tpns, 2) if rng.random() < 0.25}
        teams = [
            Contender(
                **{
                    **c.__dict__,
                    "opponents": frozenset(o for o in tpns if frozenset((o, c.tpn)) in met),
                }
            )
            for c in teams
        ]
        inp = rin(teams, rnd=3, code="FIDE_TEAM_TYPEB_MP_GP" if kind == "B" else "FIDE_TEAM")
        r = _Round(inp)
        top = F(3)
        legal = [m for m in _matchings(sorted(tpns)) if all(r.legal(a, b) for a, b in m)]
        if not legal:
            continue

        def key(m: list[tuple[int, int]], r: _Round = r, top: Fraction = top) -> tuple[object, ...]:
            q = r.colour_quality(top, m)
            return (q["C8"], q["C9"], q["C10"], _identifier(m))

        best = min(legal, key=key)
        assert sorted(r.pair_bracket(top, tpns)) == sorted(best)
        checked += 1
    assert checked > 80


def test_a_record_that_pairs_a_team_twice_is_no_round_pairing() -> None:
    from trfaudit.engine.team.evaluate import difference

    inp = rin([team(t) for t in (1, 2, 3, 4)])
    engine = pair_teams(inp)
    d = difference(inp, engine, [(1, 2), (2, 3)], 4)
    assert d is not None and (d.kind, d.criterion, d.teams) == ("illegal", "3.3.1", [2])


def test_a_rematch_is_c1_and_a_barred_pab_is_c2() -> None:
    from trfaudit.engine.team.evaluate import difference

    teams = [team(1, 2, "w", opponents=frozenset({2})), team(2, 0, "b", opponents=frozenset({1})),
             team(3, 2, "w", pab_barred=True), team(4, 0, "b"), team(5, 1, "")]  # fmt: skip
    inp = rin(teams, rnd=2)
    engine = pair_teams(inp)
    d = difference(inp, engine, [(1, 2), (4, 5)], None)
    assert d is not None and (d.kind, d.criterion, d.teams) == ("illegal", "3.3.1", [3])
    d = difference(inp, engine, [(1, 2), (3, 4)], 5)
    assert d is not None and (d.kind, d.criterion) == ("illegal", "C1")
    d = difference(inp, engine, [(1, 4), (2, 5)], 3)
    assert d is not None and (d.kind, d.criterion) == ("illegal", "C2")
