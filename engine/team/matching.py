"""Perfect matchings of teams, on rustworkx: the [C3] test (C.04.6 2026 Art. 2.2.1) and
the minimum-cost pairings of a bracket (Art. 3.6.4)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import rustworkx as rx

Edge = tuple[int, int]


def min_cost_perfect(nodes: list[int], edges: Iterable[tuple[int, int, int]]) -> int | None:
    """The least total cost of a perfect matching of ``nodes`` on ``edges`` (a, b, cost >= 0),
    or None when there is none."""
    if len(nodes) % 2:
        return None
    if not nodes:
        return 0
    edges = list(edges)
    if not edges:
        return None
    index = {v: i for i, v in enumerate(nodes)}
    big = sum(c for _, _, c in edges) + 1
    g = rx.PyGraph()
    g.add_nodes_from(nodes)
    g.add_edges_from([(index[a], index[b], big - c) for a, b, c in edges])
    pairs = rx.max_weight_matching(g, max_cardinality=True, weight_fn=int)
    if 2 * len(pairs) != len(nodes):
        return None
    return sum(big - int(g.get_edge_data(i, j)) for i, j in pairs)


def has_perfect(nodes: list[int], legal: Callable[[int, int], bool]) -> bool:
    """[C3]: can ``nodes`` all be paired with legal pairs?"""
    edges = [(a, b, 0) for i, a in enumerate(nodes) for b in nodes[i + 1 :] if legal(a, b)]
    return min_cost_perfect(nodes, edges) is not None
