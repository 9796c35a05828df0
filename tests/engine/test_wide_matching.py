"""Weights wider than rustworkx's go to the engine's own blossom algorithm (engine.blossom,
through engine.matching); the answer to a wide problem met again is the one given before.
Its matchings are checked against every matching of small graphs, against rustworkx on
weights rustworkx takes, and by their proof of optimality: dual values that the matching's
edges make tight and that no edge violates."""

from __future__ import annotations

import random
from itertools import combinations

import rustworkx as rx

from trfaudit.engine import blossom, matching
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
        runs, repeats = matching.stats["wide"], matching.stats["wide_repeated"]
        assert max_weight_matching(dict(weights)) == first
        assert matching.stats["wide"] == runs  # the second time: no run
        assert matching.stats["wide_repeated"] == repeats + wide


def test_wide_complete_matching():
    """A complete matching (max_weight_complete: the heaviest of the largest) on wide
    weights, odd counts included (a stand-in vertex takes the one left over)."""
    rng = random.Random(3)
    for _ in range(40):
        n = rng.choice([4, 5, 6, 7])
        weights = {e: rng.randint(0, 2**200) for e in combinations(range(n), 2)}
        vertices, spare = list(range(n)), [] if n % 2 == 0 else list(range(n))
        mate = max_weight_complete(weights, vertices, spare)
        assert mate is not None and len(mate) == n - n % 2
        complete = [m for m in matchings(list(range(n)), set(weights)) if 2 * len(m) >= n - 1]
        assert weight(mate, weights) == max(sum(weights[e] for e in m) for m in complete)
        assert max_weight_complete(dict(weights), vertices, spare) == mate


def proven_optimal(n: int, edges: list[tuple[int, int, int]]) -> bool:
    """Run the blossom algorithm and check its proof: every dual value at least zero; every
    edge's reduced cost (its ends' duals, those of the blossoms holding both, less its
    weight, all on the algorithm's scale) at least zero, and zero on the matching's edges;
    exposed vertices at dual zero; every blossom of positive dual holding as many matching
    edges as it can.  Then no matching weighs more (linear-programming duality)."""
    m = blossom._Matcher(n, edges)
    m.run()
    mate = m.mate
    holding: dict[int, list[int]] = {}  # the blossoms holding each vertex, innermost first
    for v in range(n):
        b, chain = m.parent[v], []
        while b != -1:
            chain.append(b)
            b = m.parent[b]
        holding[v] = chain
    if any(d < 0 for d in m.dual[:n]) or any(m.dual[b] < 0 for b in range(n, 2 * n)):
        return False
    for k, (a, b) in enumerate(m.ends):
        shared = set(holding[a]) & set(holding[b])
        reduced = m.dual[a] + m.dual[b] - m.w2[k] + 2 * sum(m.dual[x] for x in shared)
        if reduced < 0 or (mate[a] == k and reduced != 0):
            return False
    if any(mate[v] == -1 and m.dual[v] != 0 for v in range(n)):
        return False
    for b in range(n, 2 * n):
        if m.base[b] == -1 or m.dual[b] == 0:
            continue
        inside = set(m.leaves(b))
        matched = sum(1 for v in inside if mate[v] != -1 and m.other(mate[v], v) in inside)
        if matched != len(inside) - 1:  # (|B| - 1) / 2 edges, each counted at both ends
            return False
    return True


def test_blossom_matchings_prove_their_optimality():
    """Random graphs of up to 60 vertices, sparse to complete, weights narrow (many ties,
    many blossoms) to 300 bits wide."""
    rng = random.Random(11)
    for trial in range(150):
        n = rng.randint(2, 60)
        weights = random_weights(rng, n, rng.choice([3, 40, 300]), [0, 0, 2], rng.random())
        edges = [(a, b, w) if trial % 2 else (b, a, w) for (a, b), w in weights.items()]
        assert proven_optimal(n, edges), (n, edges)


def test_blossom_weighs_as_rustworkx_on_weights_it_takes():
    """The algorithm does not read how wide the weights are: on weights of up to 60 bits
    its matchings weigh what rustworkx's do."""
    rng = random.Random(5)
    for _ in range(150):
        n = rng.randint(10, 50)
        weights = random_weights(rng, n, rng.choice([4, 60]), [0, 1, 3], rng.random())
        if not weights:
            continue
        g = rx.PyGraph()
        g.add_nodes_from(range(n))
        g.add_edges_from([(a, b, w) for (a, b), w in weights.items()])
        theirs = sum(weights[min(e), max(e)] for e in rx.max_weight_matching(g, weight_fn=int))
        ours = blossom.max_weight_matching(n, [(a, b, w) for (a, b), w in weights.items()])
        assert len({v for e in ours for v in e}) == 2 * len(ours)  # a matching
        assert sum(weights[min(e), max(e)] for e in ours) == theirs


def test_wide_weights_on_larger_graphs_as_their_narrow_order():
    """Past brute force, wide weights of a known order: each weight is a small one shifted
    past 200 bits plus a tie-break below, so that the best matching is rustworkx's on the
    small weights with the tie-break packed just below them."""
    rng = random.Random(13)
    for _ in range(30):
        n = rng.randint(20, 45)
        small = random_weights(rng, n, 6, [0], 0.3)
        ties = {e: rng.randint(0, 99) for e in small}
        wide = {e: (w << 250) + ties[e] for e, w in small.items()}
        g = rx.PyGraph()
        g.add_nodes_from(range(n))
        g.add_edges_from([(a, b, w * 10_000 + ties[a, b]) for (a, b), w in small.items()])
        best = rx.max_weight_matching(g, weight_fn=int)
        assert weight(max_weight_matching(wide), wide) == sum(wide[min(e), max(e)] for e in best)


def test_an_inner_blossom_expanded_mid_stage_keeps_what_its_children_reached():
    """When an inner blossom's dual reaches zero within a stage, it is undone and its
    children off the path to its base are inner again where an outer vertex had reached
    one of their vertices (blossom._Matcher.expand); here, without that, the matching found
    weighs 10."""
    weights = {
        (0, 1): 3, (0, 2): 2, (0, 3): 4, (0, 5): 1, (0, 9): 1, (1, 3): 4, (1, 4): 2,
        (1, 8): 2, (2, 7): 4, (3, 6): 3, (3, 8): 1, (5, 7): 4, (7, 8): 1,
    }  # fmt: skip
    best = max(sum(weights[e] for e in m) for m in matchings(list(range(10)), set(weights)))
    assert best == 11
    ours = blossom.max_weight_matching(10, [(a, b, w) for (a, b), w in weights.items()])
    assert sum(weights[e] for e in ours) == best


def test_blossom_weighs_as_rustworkx_on_many_small_graphs():
    """Small graphs with a few distinct weights, where blossoms form, become inner and are
    undone most often."""
    rng = random.Random(1)
    for _ in range(2000):
        n = rng.randint(4, 16)
        weights = random_weights(rng, n, rng.choice([1, 2, 3]), [0], rng.random())
        g = rx.PyGraph()
        g.add_nodes_from(range(n))
        g.add_edges_from([(a, b, w) for (a, b), w in weights.items()])
        theirs = sum(weights[min(e), max(e)] for e in rx.max_weight_matching(g, weight_fn=int))
        ours = blossom.max_weight_matching(n, [(a, b, w) for (a, b), w in weights.items()])
        assert sum(weights[min(e), max(e)] for e in ours) == theirs


def test_duals_given_prove_the_matching():
    """engine.blossom.max_weight_matching_duals gives duals that prove its matching best on
    their own (complementary slackness): no edge of negative reduced cost, the matching's
    edges at zero, the exposed vertices at dual zero, each blossom of positive dual an odd
    set holding as many of the matching's edges as it can.  Some problems end with such
    blossoms, some without."""
    rng = random.Random(17)
    with_blossoms = without = 0
    for _ in range(300):
        n = rng.randint(2, 30)
        weights = random_weights(rng, n, rng.choice([2, 40, 300]), [0, 0, 2], rng.random())
        edges = [(a, b, w) for (a, b), w in weights.items()]
        pairs, dual, blossoms = blossom.max_weight_matching_duals(n, edges)
        assert pairs == blossom.max_weight_matching(n, edges)
        mate = {v: u for a, b in pairs for v, u in ((a, b), (b, a))}
        assert all(y >= 0 for y in dual) and all(z > 0 for _, z in blossoms)
        sets = [set(members) for members, _ in blossoms]
        assert all(len(b) % 2 == 1 for b in sets)
        for a, b, w in edges:
            reduced = dual[a] + dual[b] - 4 * w
            reduced += 2 * sum(z for (members, z), s in zip(blossoms, sets) if a in s and b in s)
            assert reduced >= 0 and (mate.get(a) != b or reduced == 0)
        assert all(dual[v] == 0 for v in range(n) if v not in mate)
        for s in sets:
            assert sum(1 for v in s if mate.get(v) in s) == len(s) - 1
        with_blossoms += bool(blossoms)
        without += not blossoms
    assert with_blossoms > 10 and without > 50
