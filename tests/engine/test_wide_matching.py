"""Weights wider than rustworkx's go to networkx (engine.matching); the answer to a wide
problem met again is the one networkx gave it.  Both are maximum-weight matchings: checked
against every matching of small graphs."""

from __future__ import annotations

import random
from itertools import combinations

from trfaudit.engine import matching
from trfaudit.engine.matching import max_weight_complete, max_weight_matching


def matchings(vertices: list[int], edges: set[tuple[int, int]]):
    """Every matching of the graph (as lists of edges)."""
    if not vertices:
        yield []
        return
    v, rest = vertices[0], vertices[1:]
    yield from matchings(rest, edges)  # v unmatched
    for u in rest:
        if (v, u) in edges:
            for m in matchings([x for x in rest if x != u], edges):
                yield [(v, u), *m]


def weight(mate: dict[int, int], weights: dict[tuple[int, int], int]) -> int:
    return sum(weights[(a, b)] for a, b in mate.items() if a < b)


def random_weights(
    rng: random.Random, n: int, bits: int, shifts: list[int], density: float
) -> dict[tuple[int, int], int]:
    """Edges of ``range(n)`` kept with probability ``density``, each weighing up to
    ``2**bits`` shifted right by one of ``shifts``: weights of very different widths."""
    return {
        e: rng.randint(1, 2**bits) >> rng.choice(shifts)
        for e in combinations(range(n), 2)
        if rng.random() < density
    }


def test_wide_weights_best_and_remembered():
    rng = random.Random(7)
    for _ in range(40):
        n = rng.randint(2, 8)
        weights = random_weights(rng, n, 300, [0, 0, 150], 0.7)
        if not weights:
            continue
        best = max(sum(weights[e] for e in m) for m in matchings(list(range(n)), set(weights)))
        first = max_weight_matching(weights)
        assert weight(first, weights) == best
        wide = max(weights.values()).bit_length() > matching.RUSTWORKX_BITS
        runs, repeats = matching.stats["networkx"], matching.stats["networkx_repeated"]
        assert max_weight_matching(dict(weights)) == first
        assert matching.stats["networkx"] == runs  # the second time: no run
        assert matching.stats["networkx_repeated"] == repeats + wide


def test_wide_complete_matching():
    rng = random.Random(3)
    for _ in range(30):
        n = rng.choice([4, 6])
        weights = {e: rng.randint(0, 2**200) for e in combinations(range(n), 2)}
        mate = max_weight_complete(weights, list(range(n)), [])
        assert mate is not None and len(mate) == n
        perfect = [m for m in matchings(list(range(n)), set(weights)) if 2 * len(m) == n]
        assert weight(mate, weights) == max(sum(weights[e] for e in m) for m in perfect)
        assert max_weight_complete(dict(weights), list(range(n)), []) == mate


def test_wide_weights_on_larger_graphs_as_networkx_alone():
    """Past brute force: the weight of the matching on networkx's graph with plain
    adjacency (matching._plain_graph) is that of networkx's own graph, on graphs of the
    size of a collapsed last bracket."""
    import networkx as nx

    rng = random.Random(11)
    for _ in range(12):
        n = rng.randint(20, 45)
        weights = random_weights(rng, n, 260, [0, 100, 200], 0.3)
        weights[(0, 1)] = 2**300  # wide whatever the draw
        g = nx.Graph()
        g.add_weighted_edges_from((a, b, w) for (a, b), w in weights.items())
        alone = sum(g[a][b]["weight"] for a, b in nx.max_weight_matching(g))
        assert weight(max_weight_matching(weights), weights) == alone
