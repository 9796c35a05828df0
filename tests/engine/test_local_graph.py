"""engine.matching.LocalGraph against a plain dict of weights: the bulk operations (build,
remove, copy without edges) keep its edges, weights and vertices, and its matchings are
maximum-weight matchings of what it holds."""

from __future__ import annotations

import random

import pytest

from trfaudit.engine.matching import LocalGraph, max_weight_matching


def _weight(weights: dict[tuple[int, int], int], mate: dict[int, int]) -> int:
    return sum(weights[(a, b)] for a, b in mate.items() if a < b)


def _check(g: LocalGraph, model: dict[tuple[int, int], int], vertices: set[int]) -> None:
    assert g.weights == model
    assert set(g.edge) == set(model)
    assert g.vertices() == sorted(vertices)
    mate = g.solve(None, 100)
    assert all((min(a, b), max(a, b)) in model for a, b in mate.items())
    assert _weight(model, mate) == _weight(model, max_weight_matching(model))


@pytest.mark.parametrize("seed", range(12))
def test_operations_keep_the_model(seed: int) -> None:
    rng = random.Random(seed)
    # Consecutive vertices (the offset numbering) or not (the look-up numbering).
    vertices = set(range(5, 30)) if seed % 2 else set(rng.sample(range(60), 25))
    order = sorted(vertices)
    model = {
        (a, b): rng.randrange(1, 2**90)
        for i, a in enumerate(order)
        for b in order[i + 1 :]
        if rng.random() < 0.5
    }
    g = LocalGraph.from_lists(list(model), list(model.values()), order)
    _check(g, model, vertices)
    g.shift({e: 7 for e in list(model)[:5]})
    for e in list(model)[:5]:
        model[e] += 7
    _check(g, model, vertices)
    gone = [e for e in model if rng.random() < 0.2]
    g.remove_edges(gone)
    for e in gone:
        del model[e]
    _check(g, model, vertices)
    # A few vertices at a time (node by node), then many at once (the graph built anew).
    for batch in ([order[3]], [order[8], order[9]], order[10:16]):
        for v in batch:
            g.remove_vertex(v)
            vertices.discard(v)
            model = {e: w for e, w in model.items() if v not in e}
        _check(g, model, vertices)
    order = [v for v in order if v in vertices]
    left = sorted(vertices)
    parts = [left[:5], left[5:11]]
    inside = {e for e in model if any(e[0] in p and e[1] in p for p in parts)}
    trial, dropped = g.without_inside(parts)
    assert set(dropped) == inside
    _check(trial, {e: w for e, w in model.items() if e not in inside}, vertices)
    _check(g, model, vertices)  # the graph itself is unchanged
    kept = g.kept(lambda edges: [w % 3 != 0 for w in map(model.__getitem__, edges)])
    _check(kept, {e: w for e, w in model.items() if w % 3}, vertices)


def test_a_question_leaves_the_weights_as_they_were() -> None:
    model = {(0, 1): 5, (1, 2): 5, (2, 3): 5, (0, 3): 4}
    g = LocalGraph(model)
    assert g.solve({(0, 3): 10}, 20) == {0: 3, 3: 0, 1: 2, 2: 1}
    assert g.weights == model
