"""Maximum-weight matching on integer weights of any size.

rustworkx (compiled) takes weights up to 127 bits; wider weights go to networkx, whose
blossom algorithm works on Python integers exactly.  Either way the result is a maximum-weight
matching; the engine never relies on how ties are broken between equal-weight matchings.
"""

from __future__ import annotations

import rustworkx as rx

RUSTWORKX_BITS = 125  # leave room for the blossom algorithm's doubled dual values

stats = {"rustworkx": 0, "networkx": 0}


def max_weight_matching(n: int, weights: dict[tuple[int, int], int], bits: int) -> dict[int, int]:
    """Partner of every matched vertex, for vertices 0..n-1 and edges ``weights`` (> 0)."""
    if bits <= RUSTWORKX_BITS:
        stats["rustworkx"] += 1
        g = rx.PyGraph(multigraph=False)
        g.add_nodes_from(range(n))
        g.add_edges_from([(a, b, w) for (a, b), w in weights.items()])
        pairs = rx.max_weight_matching(g, max_cardinality=False, weight_fn=int)
    else:
        import networkx as nx

        stats["networkx"] += 1
        g = nx.Graph()
        g.add_nodes_from(range(n))
        g.add_weighted_edges_from((a, b, w) for (a, b), w in weights.items())
        pairs = nx.max_weight_matching(g, maxcardinality=False)
    mate: dict[int, int] = {}
    for a, b in pairs:
        mate[a] = b
        mate[b] = a
    return mate
