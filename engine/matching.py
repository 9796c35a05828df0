"""Maximum-weight matching on integer weights of any size.

rustworkx (compiled) takes weights up to 127 bits; wider weights go to networkx, whose
blossom algorithm works on Python integers exactly.  Either way the result is a maximum-weight
matching; the engine never relies on how ties are broken between equal-weight matchings.
"""

from __future__ import annotations

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
        import rustworkx as rx

        stats["rustworkx"] += 1
        g = rx.PyGraph(multigraph=True)  # edges are unique: no look-up per insertion
        g.add_nodes_from(ids)
        g.add_edges_from([(index[a], index[b], w) for (a, b), w in weights.items()])
        pairs = rx.max_weight_matching(g, max_cardinality=False, weight_fn=int)
    else:
        import networkx as nx  # type: ignore[import-untyped]

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


def max_cardinality_matching(vertices: list[int], edges: list[tuple[int, int]]) -> dict[int, int]:
    """Partner of every matched vertex in a maximum matching of the graph."""
    import rustworkx as rx

    stats["cardinality"] += 1
    index = {v: i for i, v in enumerate(vertices)}
    g = rx.PyGraph(multigraph=True)  # edges are unique: no look-up per insertion
    g.add_nodes_from(vertices)
    g.add_edges_from_no_data([(index[a], index[b]) for a, b in edges])
    mate: dict[int, int] = {}
    for a, b in rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda _: 1):
        mate[vertices[a]] = vertices[b]
        mate[vertices[b]] = vertices[a]
    return mate


class LocalGraph:
    """A weighted graph kept between matchings: only the edges a question changes are
    updated, so asking many questions of one bracket stays cheap.  The weights live in the
    rustworkx graph only (:attr:`weights` reads them back)."""

    def __init__(
        self, weights: dict[tuple[int, int], int], vertices: list[int] | None = None
    ) -> None:
        """``vertices``: every vertex of the edges, in order, when the caller knows them."""
        import rustworkx as rx

        self.g = rx.PyGraph(multigraph=True)  # edges are unique: no look-up per insertion
        if vertices is None:
            vertices = sorted({v for e in weights for v in e})
        # A new graph numbers its nodes and edges 0, 1, ... in the order they are added.
        self.g.add_nodes_from(vertices)
        self.node = {v: i for i, v in enumerate(vertices)}
        keys = list(weights)
        if vertices and vertices[-1] - vertices[0] + 1 == len(vertices):
            first = vertices[0]  # consecutive vertices: a node is its vertex less the first
            self.g.add_edges_from([(a - first, b - first, w) for (a, b), w in weights.items()])
        else:
            node = self.node
            self.g.add_edges_from([(node[a], node[b], w) for (a, b), w in weights.items()])
        self.edge = dict(zip(keys, range(len(keys))))
        # The edge behind each edge index (None once it is gone; rustworkx keeps an index
        # until its edge goes).
        self.key: list[tuple[int, int] | None] = list(keys)

    @property
    def weights(self) -> dict[tuple[int, int], int]:
        """The weight of every edge (a new dict)."""
        key = self.key
        items = self.g.edge_index_map().items()
        return {e: w for i, (_, _, w) in items if (e := key[i]) is not None}

    def vertices(self) -> list[int]:
        """The graph's vertices, in order."""
        return sorted(self.node)

    def weight(self, e: tuple[int, int]) -> int:
        """The weight of edge ``e`` (in the graph)."""
        w: int = self.g.get_edge_data_by_index(self.edge[e])
        return w

    def without(self, edges: list[tuple[int, int]]) -> LocalGraph:
        """A copy of the graph without these edges (those not in it: none)."""
        new = LocalGraph.__new__(LocalGraph)
        new.g = self.g.copy()  # node and edge indices are kept
        new.node = dict(self.node)
        new.edge = dict(self.edge)
        new.key = list(self.key)
        new.remove_edges(edges)
        return new

    def remove_edges(self, edges: list[tuple[int, int]]) -> None:
        """Remove these edges (those not in the graph: none)."""
        edge, key, node = self.edge, self.key, self.node
        gone = []
        for e in edges:
            i = edge.pop(e, None)
            if i is not None:
                gone.append((node[e[0]], node[e[1]]))
                key[i] = None
        self.g.remove_edges_from(gone)

    def shift(self, delta: dict[tuple[int, int], int]) -> None:
        """Add ``delta`` to some edges' weights for good (edges not in the graph: none)."""
        g = self.g
        for e, w in delta.items():
            i = self.edge.get(e)
            if i is not None:
                g.update_edge_by_index(i, g.get_edge_data_by_index(i) + w)

    def remove_vertex(self, v: int) -> None:
        i = self.node.pop(v, None)
        if i is None:
            return
        edge, key = self.edge, self.key
        for k in self.g.incident_edges(i):
            e = key[k]
            if e is not None:  # always: an edge of the graph has its key
                del edge[e]
                key[k] = None
        self.g.remove_node(i)

    def solve(self, extra: dict[tuple[int, int], int] | None, bits: int) -> dict[int, int]:
        """Maximum-weight matching with ``extra`` added to some edges; every weight, extra
        included, is below 2**bits."""
        if not self.edge:
            return {}
        if bits > RUSTWORKX_BITS:
            weights = self.weights
            for e, w in (extra or {}).items():
                if e in weights:
                    weights[e] += w
            return max_weight_matching(weights, bits)
        g = self.g
        changed: list[tuple[int, int]] = []  # edge index, weight before
        for e, w in (extra or {}).items():
            i = self.edge.get(e)
            if i is not None:
                before = g.get_edge_data_by_index(i)
                g.update_edge_by_index(i, before + w)
                changed.append((i, before))
        stats["rustworkx"] += 1
        import rustworkx as rx

        try:
            pairs = rx.max_weight_matching(g, max_cardinality=False, weight_fn=int)
        finally:
            for i, before in changed:
                g.update_edge_by_index(i, before)
        mate: dict[int, int] = {}
        for a, b in pairs:
            va, vb = g[a], g[b]
            mate[va] = vb
            mate[vb] = va
        return mate
