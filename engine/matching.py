"""Maximum-weight matching on integer weights of any size.

rustworkx (compiled) takes weights up to 127 bits; wider weights go to networkx, whose
blossom algorithm works on Python integers exactly.  Either way the result is a maximum-weight
matching; the engine never relies on how ties are broken between equal-weight matchings.
"""

from __future__ import annotations

import rustworkx as rx

# rustworkx computes in 128-bit integers; its blossom algorithm doubles edge weights, so a
# weight must stay below 2**126.
RUSTWORKX_BITS = 126

stats = {"rustworkx": 0, "networkx": 0, "cardinality": 0}


def max_weight_matching(weights: dict[tuple[int, int], int], bits: int) -> dict[int, int]:
    """Partner of every matched vertex; ``weights`` maps edges (vertex ids) to weights > 0.

    ``bits`` bounds the weights; the largest weight actually present decides the solver."""
    if weights:
        bits = min(bits, max(weights.values()).bit_length())
    ids = sorted({v for e in weights for v in e})
    index = {v: i for i, v in enumerate(ids)}
    if bits <= RUSTWORKX_BITS:
        stats["rustworkx"] += 1
        g = rx.PyGraph(multigraph=False)
        g.add_nodes_from(ids)
        g.add_edges_from([(index[a], index[b], w) for (a, b), w in weights.items()])
        pairs = rx.max_weight_matching(g, max_cardinality=False, weight_fn=int)
    else:
        import networkx as nx

        stats["networkx"] += 1
        g = nx.Graph()
        g.add_nodes_from(range(len(ids)))
        g.add_weighted_edges_from((index[a], index[b], w) for (a, b), w in weights.items())
        pairs = nx.max_weight_matching(g, maxcardinality=False)
    mate: dict[int, int] = {}
    for a, b in pairs:
        mate[ids[a]] = ids[b]
        mate[ids[b]] = ids[a]
    return mate


def max_cardinality(vertices: list[int], edges: list[tuple[int, int]]) -> int:
    """Size of a maximum matching of the graph (vertex ids, edges)."""
    stats["cardinality"] += 1
    index = {v: i for i, v in enumerate(vertices)}
    g = rx.PyGraph(multigraph=False)
    g.add_nodes_from(vertices)
    g.add_edges_from_no_data([(index[a], index[b]) for a, b in edges])
    return len(rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda _: 1))
