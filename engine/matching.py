"""Maximum-weight matching on integer weights of any size.

rustworkx (compiled) takes weights up to 127 bits; wider weights go to the engine's own
blossom algorithm (engine.blossom), which works on Python integers exactly and gives the
duals that prove its matching best: a bracket's later questions, whose extra weights sit
below the criteria, are answered from them by a narrow matching (LocalGraph).  Either way
the result is a maximum-weight matching; the engine never relies on how ties are broken
between equal-weight matchings.
Also the perfect matchings of a set of vertices (:func:`has_perfect`, :func:`min_cost_perfect`:
the Swiss Team system's [C3] test, C.04.6 2026 Art. 2.2.1, and its bracket costs, Art. 3.6.4).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from itertools import compress, repeat
from math import gcd
from operator import itemgetter, ne, not_

# rustworkx computes in 128-bit integers; its blossom algorithm doubles edge weights, so a
# weight must stay below 2**126.
RUSTWORKX_BITS = 126

# The counts of matchings run; the others count answers given without a matching of their
# own: "wide_repeated" from the cache of wide answers, "by_duals" the questions of a wide
# bracket answered from its first matching's duals (LocalGraph._by_duals; each with a
# rustworkx matching, counted there), "duals_missed" those its duals could not answer as
# they no longer proved the graph best (a question whose extra weights reach the weights'
# unit is a wide matching, counted in neither).
RUN = ("rustworkx", "wide", "cardinality")
stats = {
    "rustworkx": 0,
    "wide": 0,
    "cardinality": 0,
    "wide_repeated": 0,
    "by_duals": 0,
    "duals_missed": 0,
}

# The answers to the latest wide problems, by the problem as given (edges in their order,
# weights): the same problem gets the same answer without a second run.  Re-pairing a round
# under another reading of the file (engine.dutch.readings) meets the same brackets again
# and again.
_WIDE_ANSWERS: dict[
    tuple[bool, tuple[tuple[tuple[int, int], int], ...]],
    tuple[list[tuple[int, int]], Duals | None],
] = {}
_WIDE_KEPT = 128


@dataclass(frozen=True)
class Duals:
    """Dual values that prove a maximum-weight matching best (engine.blossom.
    max_weight_matching_duals), four times the weights' scale: each vertex's (by vertex;
    none: 0), and each blossom's of positive dual (its vertices, an odd set).  An edge's
    reduced cost is its ends' duals plus twice those of the blossoms holding both ends, less
    four times its weight."""

    vertex: dict[int, int]
    blossoms: tuple[tuple[frozenset[int], int], ...]


def _wide_matching(
    edges: list[tuple[int, int, int]], n: int, max_cardinality: bool
) -> list[tuple[int, int]]:
    """A maximum-weight matching of vertices ``0 .. n-1`` on weights of any size
    (engine.blossom); with ``max_cardinality``, the heaviest of the largest: every edge
    then weighs more than all the weights together, so that a matching with one edge
    more always weighs more."""
    return _wide_solve(edges, n, max_cardinality)[0]


def _wide_solve(
    edges: list[tuple[int, int, int]], n: int, max_cardinality: bool
) -> tuple[list[tuple[int, int]], Duals | None]:
    """:func:`_wide_matching` and, without ``max_cardinality``, the duals that prove it
    best (vertices ``0 .. n-1``)."""
    key = (max_cardinality, tuple(((a, b), w) for a, b, w in edges))
    known = _WIDE_ANSWERS.get(key)
    if known is not None:
        stats["wide_repeated"] += 1
        return known
    from .blossom import max_weight_matching_duals

    stats["wide"] += 1
    if max_cardinality:
        extra = 1 + sum(w for _, _, w in edges if w > 0)
        edges = [(a, b, w + extra) for a, b, w in edges]
    pairs, vertex, blossoms = max_weight_matching_duals(n, edges)
    duals = None
    if not max_cardinality:  # (the weights were changed above: no proof of the problem's)
        duals = Duals(
            dict(enumerate(vertex)), tuple((frozenset(members), z) for members, z in blossoms)
        )
    known = (pairs, duals)
    if len(_WIDE_ANSWERS) >= _WIDE_KEPT:
        del _WIDE_ANSWERS[next(iter(_WIDE_ANSWERS))]  # the oldest
    _WIDE_ANSWERS[key] = known
    return known


def _index_matching(
    edges: list[tuple[int, int, int]], n: int, max_cardinality: bool
) -> Collection[tuple[int, int]]:
    """A maximum-weight matching of vertices ``0 .. n-1`` (with ``max_cardinality``, the
    heaviest of the largest): rustworkx when the heaviest edge fits its integers, else
    engine.blossom."""
    if max((w for _, _, w in edges), default=0).bit_length() > RUSTWORKX_BITS:
        return _wide_matching(edges, n, max_cardinality)
    import rustworkx as rx

    stats["rustworkx"] += 1
    g = rx.PyGraph(multigraph=True)  # edges are unique: no look-up per insertion
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    pairs: Collection[tuple[int, int]] = rx.max_weight_matching(
        g, max_cardinality=max_cardinality, weight_fn=int
    )
    return pairs


def max_weight_matching(weights: dict[tuple[int, int], int]) -> dict[int, int]:
    """Partner of every matched vertex; ``weights`` maps edges (vertex ids) to weights > 0.
    The largest weight decides the solver (rustworkx, else engine.blossom)."""
    return max_weight_matching_duals(weights)[0]


def max_weight_matching_duals(
    weights: dict[tuple[int, int], int],
) -> tuple[dict[int, int], Duals | None]:
    """:func:`max_weight_matching`, and for weights too wide for rustworkx the duals that
    prove it best (:class:`Duals`, by the vertices of ``weights``), else None."""
    ids = sorted({v for e in weights for v in e})
    index = {v: i for i, v in enumerate(ids)}
    edges = [(index[a], index[b], w) for (a, b), w in weights.items()]
    duals: Duals | None = None
    pairs: Collection[tuple[int, int]]
    if max((w for _, _, w in edges), default=0).bit_length() > RUSTWORKX_BITS:
        pairs, duals = _wide_solve(edges, len(ids), False)
    else:
        pairs = _index_matching(edges, len(ids), False)
    mate: dict[int, int] = {}
    for a, b in pairs:
        mate[ids[a]] = ids[b]
        mate[ids[b]] = ids[a]
    if duals is None:
        return mate, None
    named = Duals(
        {ids[i]: y for i, y in duals.vertex.items()},
        tuple((frozenset(ids[i] for i in members), z) for members, z in duals.blossoms),
    )
    return mate, named


def max_weight_complete(
    weights: dict[tuple[int, int], int], vertices: list[int], spare: list[int]
) -> dict[int, int] | None:
    """The heaviest matching among those that pair every one of ``vertices`` (an even
    number), or every one but one of ``spare`` (an odd number); None when there is none.

    ``weights`` maps edges (vertex ids >= 0) to weights >= 0.  With an odd number, a
    stand-in vertex (-1) takes the one left over; every complete matching then has the same
    number of edges, so one unit more on every edge keeps their order and makes the
    weights positive, and a maximum-cardinality matching of greatest weight is the answer
    whenever a complete one exists."""
    ids = list(vertices)
    odd = len(ids) % 2 == 1
    if odd:
        ids.append(-1)
    index = {v: i for i, v in enumerate(ids)}
    edges = [(index[a], index[b], w + 1) for (a, b), w in weights.items()]
    if odd:
        edges.extend((index[-1], index[v], 1) for v in spare)
    pairs = _index_matching(edges, len(ids), True)
    if 2 * len(pairs) != len(ids):
        return None
    mate: dict[int, int] = {}
    for a, b in pairs:
        va, vb = ids[a], ids[b]
        if va >= 0 and vb >= 0:
            mate[va] = vb
            mate[vb] = va
    return mate


def max_cardinality_matching(vertices: list[int], edges: list[tuple[int, int]]) -> dict[int, int]:
    """Partner of every matched vertex in a maximum matching of the graph."""
    import rustworkx as rx

    stats["cardinality"] += 1
    at = dict(zip(vertices, range(len(vertices)))).__getitem__
    g = rx.PyGraph(multigraph=True)  # edges are unique: no look-up per insertion
    g.add_nodes_from(vertices)
    # The edges' ends as node indices, mapped at C level.
    g.add_edges_from_no_data(
        list(zip(map(at, map(itemgetter(0), edges)), map(at, map(itemgetter(1), edges))))
    )
    mate: dict[int, int] = {}
    # Every edge weighs default_weight (1): no Python call per edge.
    for a, b in rx.max_weight_matching(g, max_cardinality=True, default_weight=1):
        mate[vertices[a]] = vertices[b]
        mate[vertices[b]] = vertices[a]
    return mate


class LocalGraph:
    """A weighted graph kept between matchings: only the edges a question changes are
    updated, so asking many questions of one bracket stays cheap.  The weights live in the
    rustworkx graph only (:attr:`weights` reads them back).  Edges go in and out in bulk
    through C-level iteration (``map``, ``zip``, ``compress``): a bracket has up to a few
    hundred thousand of them.

    Weights too wide for rustworkx: the duals of the graph's first matching (:attr:`duals`)
    answer the questions asked of it after (its vertices and edges fewer, extra weights in
    the bits below), and of its copies with fewer edges, whenever they still prove it best
    (:meth:`_by_duals`)."""

    # The duals of the graph's latest wide matching without extra weights (:class:`Duals`);
    # None: no such proof kept.
    duals: Duals | None = None
    # False: every question of a wide graph is a wide matching (the route before; tests).
    by_duals = True

    def __init__(
        self, weights: dict[tuple[int, int], int], vertices: list[int] | None = None
    ) -> None:
        """``vertices``: every vertex of the edges, in order, when the caller knows them."""
        if vertices is None:
            vertices = sorted({v for e in weights for v in e})
        self._build(list(weights), list(weights.values()), vertices)

    @classmethod
    def from_lists(
        cls, edges: list[tuple[int, int]], weights: list[int], vertices: list[int]
    ) -> LocalGraph:
        """The graph of these edges (each once) and their weights on ``vertices`` (every
        vertex of the edges, in order)."""
        graph = cls.__new__(cls)
        graph._build(edges, weights, vertices)
        return graph

    def _build(self, keys: list[tuple[int, int]], ws: list[int], vertices: list[int]) -> None:
        import rustworkx as rx

        self.g = rx.PyGraph(multigraph=True)  # edges are unique: no look-up per insertion
        # A new graph numbers its nodes and edges 0, 1, ... in the order they are added.
        self.g.add_nodes_from(vertices)
        self.node = dict(zip(vertices, range(len(vertices))))
        at = self.node.__getitem__
        ends = map(at, map(itemgetter(0), keys)), map(at, map(itemgetter(1), keys))
        self.g.add_edges_from(list(zip(*ends, ws)))
        self.edge = dict(zip(keys, range(len(keys))))
        # The edge behind each edge index; rustworkx keeps an index until its edge goes
        # and gives none out again (no edge is added later), so a gone edge's entry stays.
        self.key = keys
        # Nodes of removed vertices still in the rustworkx graph: removing a node costs
        # the product of degrees there, so they go in bulk before the next matching.
        self.gone: list[int] = []

    def _live(self) -> tuple[list[tuple[int, int]], list[int]]:
        """The edges and their weights, in the order of their indices."""
        return list(self.edge), list(map(self.g.get_edge_data_by_index, self.edge.values()))

    def _flush(self) -> None:
        """Take the removed vertices out of the rustworkx graph: node by node when few,
        else by building it anew (cheaper once they are a quarter of the nodes)."""
        if not self.gone:
            return
        if 4 * len(self.gone) > len(self.node) + len(self.gone):
            keys, ws = self._live()
            self._build(keys, ws, self.vertices())
        else:
            self.g.remove_nodes_from(self.gone)
            self.gone = []

    @property
    def weights(self) -> dict[tuple[int, int], int]:
        """The weight of every edge (a new dict)."""
        return dict(zip(*self._live()))

    def vertices(self) -> list[int]:
        """The graph's vertices, in order."""
        return sorted(self.node)

    def weight(self, e: tuple[int, int]) -> int:
        """The weight of edge ``e`` (in the graph)."""
        w: int = self.g.get_edge_data_by_index(self.edge[e])
        return w

    def kept(self, keep: Callable[[list[tuple[int, int]]], list[bool]]) -> LocalGraph:
        """A new graph of the same vertices with the edges ``keep`` marks True (it is given
        the edges in the order of their indices)."""
        keys, ws = self._live()
        mask = keep(keys)
        graph = LocalGraph.from_lists(
            list(compress(keys, mask)), list(compress(ws, mask)), self.vertices()
        )
        graph.duals = self.duals  # fewer edges: still a proof wherever _by_duals finds it one
        return graph

    def without_inside(self, parts: list[list[int]]) -> tuple[LocalGraph, list[tuple[int, int]]]:
        """A new graph of the same vertices without the edges inside any one of ``parts``
        (disjoint sets of vertices), and those edges.  (rustworkx removes an edge in time
        of its ends' degrees: building anew is cheaper when many go.)"""
        keys, ws = self._live()
        # Each vertex of a part is marked with its part, every other vertex with a mark of
        # its own: an edge is inside a part when its ends' marks are equal.
        mark = list(range(-1, -2 - max(self.node, default=0), -1))
        for k, part in enumerate(parts):
            for v in part:
                mark[v] = k
        at = mark.__getitem__
        keep = list(map(ne, map(at, map(itemgetter(0), keys)), map(at, map(itemgetter(1), keys))))
        graph = LocalGraph.from_lists(
            list(compress(keys, keep)), list(compress(ws, keep)), self.vertices()
        )
        graph.duals = self.duals  # as in kept(): a proof wherever _by_duals finds it one
        return graph, list(compress(keys, map(not_, keep)))

    def remove_edges(self, edges: list[tuple[int, int]]) -> None:
        """Remove these edges (those not in the graph: none)."""
        edge, node = self.edge, self.node
        gone = []
        for e in edges:
            if edge.pop(e, None) is not None:
                gone.append((node[e[0]], node[e[1]]))
        self.g.remove_edges_from(gone)

    def shift(self, delta: dict[tuple[int, int], int]) -> None:
        """Add ``delta`` to some edges' weights for good (edges not in the graph: none)."""
        self.duals = None
        g = self.g
        for e, w in delta.items():
            i = self.edge.get(e)
            if i is not None:
                g.update_edge_by_index(i, g.get_edge_data_by_index(i) + w)

    def remove_vertex(self, v: int) -> None:
        i = self.node.pop(v, None)
        if i is None:
            return
        # Its edges leave the index now (some went with a removed neighbour already); the
        # node leaves the rustworkx graph before the next matching (_flush).
        edges = map(self.key.__getitem__, self.g.incident_edges(i))
        deque(map(self.edge.pop, edges, repeat(None)), maxlen=0)  # consumed at C level
        self.gone.append(i)

    def solve(self, extra: dict[tuple[int, int], int] | None, bits: int) -> dict[int, int]:
        """Maximum-weight matching with ``extra`` added to some edges; every weight, extra
        included, is below 2**bits."""
        if not self.edge:
            return {}
        if bits > RUSTWORKX_BITS:
            weights = self.weights
            if self.duals is not None and self.by_duals:
                answer = self._by_duals(weights, extra or {})
                if answer is not None:
                    return answer
            if not extra:
                proved, self.duals = max_weight_matching_duals(weights)
                return proved
            for e, w in extra.items():
                if e in weights:
                    weights[e] += w
            return max_weight_matching(weights)
        self._flush()
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

    def _by_duals(
        self, weights: dict[tuple[int, int], int], extra: dict[tuple[int, int], int]
    ) -> dict[int, int] | None:
        """A maximum-weight matching of ``weights`` plus ``extra`` found from :attr:`duals`
        with a narrow matching, or None when they do not settle it.

        The duals are checked against the graph as it stands: every blossom of positive
        dual still odd, no edge of negative reduced cost.  A matching of reduced-cost-0
        edges that covers every vertex of positive dual and holds as many edges in each such
        blossom as it can is then a maximum-weight one, and every maximum-weight one is
        such a matching (complementary slackness).  Two matchings' weights differ by a
        multiple of the weights' greatest common divisor, so when ``extra`` adds up to less
        than that in magnitude, a best matching with extra is a best one without it that has
        the most extra: the heaviest matching of those edges, each weighing one unit more
        than all the extra per end of positive dual and per such blossom holding both ends,
        when it meets those conditions (else the duals prove nothing here any more)."""
        proof = self.duals
        assert proof is not None
        spread = sum(abs(x) for e, x in extra.items() if e in weights)
        if spread >= gcd(*weights.values()):
            return None
        live = self.node
        holding: dict[int, list[int]] = {}  # the blossoms of positive dual holding a vertex
        sizes, z = [], []
        for i, (members, dual) in enumerate(proof.blossoms):
            inside = [v for v in members if v in live]
            if len(inside) % 2 == 0:  # one of it paired outside it: no longer an odd set
                self._unproved()
                return None
            sizes.append(len(inside))
            z.append(dual)
            for v in inside:
                holding.setdefault(v, []).append(i)
        y = proof.vertex.get
        tight: list[tuple[tuple[int, int], list[int]]] = []
        for e, w in weights.items():
            slack = y(e[0], 0) + y(e[1], 0) - 4 * w
            both: list[int] = []
            if holding and e[0] in holding and e[1] in holding:
                both = [i for i in holding[e[0]] if i in holding[e[1]]]
                slack += 2 * sum(z[i] for i in both)
            if slack < 0:
                self._unproved()
                return None
            if slack == 0:
                tight.append((e, both))
        positive = {v for v in live if y(v, 0) > 0}
        unit = spread + 1
        question: dict[tuple[int, int], int] = {}
        for e, both in tight:
            w = unit * ((e[0] in positive) + (e[1] in positive) + len(both)) + extra.get(e, 0)
            if w > 0:
                question[e] = w
        mate = max_weight_matching(question) if question else {}
        held = [0] * len(sizes)
        for e, both in tight:
            if both and mate.get(e[0]) == e[1]:
                for i in both:
                    held[i] += 1
        if not positive.issubset(mate) or any(2 * h + 1 != n for h, n in zip(held, sizes)):
            self._unproved()
            return None
        stats["by_duals"] += 1
        return mate

    def _unproved(self) -> None:
        """The duals no longer prove this graph's matchings best: dropped."""
        self.duals = None
        stats["duals_missed"] += 1


# -- perfect matchings of a set (the Swiss Team system's [C3] test and bracket costs) --


def min_cost_perfect(nodes: list[int], edges: Iterable[tuple[int, int, int]]) -> int | None:
    """The least total cost of a perfect matching of ``nodes`` on ``edges`` (a, b, cost >= 0),
    or None when there is none."""
    import rustworkx as rx

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
