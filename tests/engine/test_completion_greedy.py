"""The completion tests' greedy matching (engine.dutch.completion, ``CompletionTests.greedy``):
a matching it gives is one of the players (C1, C3, the pairs kept), pairing all of them or
all but one the stand-in may take; and ``with_stand_in`` answers as a maximum matching does.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch.completion import CompletionTests
from trfaudit.engine.dutch.state import RoundState
from trfaudit.engine.matching import max_cardinality_matching
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def _state(name: str, rnd: int) -> RoundState:
    t = read(CORPUS / "dutch2025" / name)
    return RoundState(round_input(t, rnd), EDITIONS["2025"])


@pytest.mark.parametrize("seed", range(40))
def test_greedy_matchings_are_matchings_and_the_answer_is_the_maximum_matchings(
    seed: int,
) -> None:
    """Random sets of players of a late round (many rematches), random spares and kept
    pairs: every matching greedy gives is valid, and with_stand_in finds one exactly when a
    maximum matching of every legal pair does."""
    rng = random.Random(seed)
    rs = _state("t000244.trf", 12)
    tests = CompletionTests(rs)
    players = sorted(rng.sample(range(rs.n), rng.randint(2, 40)))
    spares = {v for v in players if rng.random() < 0.5}
    cut = {(a, b) for a in players for b in players if a < b and rng.random() < 0.2}

    def keep(e: tuple[int, int]) -> bool:
        return e not in cut

    def spare(v: int) -> bool:
        return v in spares

    edges = [e for e in tests.sparse_edges(players) if keep(e)]
    got = tests.greedy(players, edges, spare, keep)
    if got is not None:
        odd = len(players) % 2 == 1
        assert set(got) == set(players) | ({-1} if odd else set())
        for a, b in got.items():
            assert got[b] == a
            if -1 in (a, b):
                assert spare(max(a, b))
            else:
                assert rs.ok(a, b) and keep((min(a, b), max(a, b)))
    odd = len(players) % 2 == 1
    verts = players + ([-1] if odd else [])
    legal = [
        (a, b)
        for i, a in enumerate(players)
        for b in players[i + 1 :]
        if rs.ok(a, b) and keep((a, b))
    ]
    stand = [(-1, v) for v in players if spare(v)] if odd else []
    exists = len(max_cardinality_matching(verts, legal + stand)) == len(verts)
    assert (tests.with_stand_in(players, spare, keep) is not None) == exists


@pytest.mark.parametrize(
    ("folder", "name", "rnd"),
    [
        ("dutch2025", "t000244.trf", 12),
        ("peers", "lexisvar-caissify_pairings/tests/fixtures/misc_edge_case_2.trf", 45),
    ],
)
def test_each_player_s_later_partners_are_those_the_round_allows(folder, name, rnd) -> None:
    """CompletionTests.later: for every player, exactly the players after him that C1 and
    C3 allow him to meet (Compatibility.allows), ascending, with some absolute colour
    preferences and a forbidden pair besides."""
    t = read(CORPUS / folder / name)
    inp = round_input(t, rnd)
    tpns = sorted(inp.to_pair)
    inp.forbidden = {frozenset((tpns[0], tpns[-1])), frozenset((tpns[1], tpns[2]))}
    rs = RoundState(inp, EDITIONS["2025"])
    assert any(g is not None for g in rs.compat.guard)  # C3 has something to forbid
    later = CompletionTests(rs).later()
    assert later == [[b for b in range(a + 1, rs.n) if rs.ok(a, b)] for a in range(rs.n)]


@pytest.mark.parametrize("seed", range(12))
def test_sparse_edges_are_each_player_s_first_legal_partners_after_him(seed: int) -> None:
    """CompletionTests.sparse_edges: for each player, the first ``k`` players after him in
    the list given whom C1 and C3 allow him to meet, in that order - for an ascending list
    (read from the round's later partners, or scanned before ``later_after_share`` of the
    field has been played) as for any other."""
    rng = random.Random(seed)
    rs = _state("t000244.trf", 12)
    tests = CompletionTests(rs)
    tests.later_after_share = 0  # read from the later partners
    scanned = CompletionTests(rs)
    scanned.later_after_share = float("inf")
    players = sorted(rng.sample(range(rs.n), rng.randint(2, rs.n)))
    k = rng.choice((1, 3, 12))

    def expected(order: list[int]) -> list[tuple[int, int]]:
        edges = []
        for x, a in enumerate(order):
            edges += [(a, b) for b in order[x + 1 :] if rs.ok(a, b)][:k]
        return edges

    assert tests.sparse_edges(players, k) == expected(players)
    assert tests._later is not None
    assert scanned.sparse_edges(players, k) == expected(players)
    assert scanned._later is None  # the scan, not the round's later partners
    shuffled = rng.sample(players, len(players))
    assert tests.sparse_edges(shuffled, k) == expected(shuffled)


@pytest.mark.parametrize("seed", range(12))
def test_edges_touching_a_part_are_the_legal_pairs_with_one_of_its_players(seed: int) -> None:
    """CompletionTests.edges_touching (the whole field's matching, BracketMatcher.
    _solve_whole: the pairs with a player below the bracket): exactly the legal pairs of
    the players given with at least one player of the part, in all_edges' order."""
    rng = random.Random(seed)
    rs = _state("t000244.trf", 12)
    tests = CompletionTests(rs)
    players = sorted(rng.sample(range(rs.n), rng.randint(2, rs.n)))
    part = frozenset(v for v in range(rs.n) if rng.random() < 0.6)  # some not in players
    expected = [(a, b) for a, b in tests.all_edges(players) if a in part or b in part]
    assert tests.edges_touching(players, part) == expected
