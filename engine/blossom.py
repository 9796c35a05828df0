"""A maximum-weight matching of a general graph on Python integers of any size.

Edmonds' blossom algorithm in its primal-dual form (Galil, "Efficient algorithms for finding
maximum matching in graphs", 1986): stages grow alternating trees from the exposed vertices
along tight edges, shrink the odd cycles they close into blossoms, and change the dual
variables by the largest amount that keeps them feasible, until a stage finds no augmenting
path.  O(n^3) for n vertices.

The engine sends here the weights too wide for rustworkx's 128-bit integers (engine.matching):
a bracket's criteria packed into one number, hundreds of bits under the 2017 rules' score
slots.  The lists are indexed by vertex and by edge, so that the inner loop (an edge's slack)
is a few list reads; every quantity is an integer (the weights are scaled, so that the dual
changes, halves of slacks, stay whole).

Vertices are 0 .. n-1, blossoms n .. 2n-1.  A blossom's children are the blossoms (or
vertices) of its odd cycle, the one holding its base first; ``links[b][i]`` is the edge from
child i to child i+1 (the last to the first) and ``link_from[b][i]`` its end in child i.
"""

from __future__ import annotations

from collections.abc import Sequence

_FREE, _S, _T = 0, 1, 2  # labels: not in a tree, outer, inner (bit 4: seen, common_base)


class _Matcher:
    """One problem's matching, dual values and blossoms as the algorithm leaves them
    (:meth:`run`): after it, the duals prove the matching best (tests/engine)."""

    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]]) -> None:
        self.n = n
        self.ends = [(a, b) for a, b, _ in edges]
        # Four times the weights: with a vertex's dual starting at half the largest, every
        # dual change (a slack, half a slack, a blossom's dual) is whole.
        self.w2 = [4 * w for _, _, w in edges]
        # Each vertex's edges, with the vertex at their other end.
        self.incident: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for k, (a, b, _) in enumerate(edges):
            self.incident[a].append((k, b))
            self.incident[b].append((k, a))
        top_weight = max([0, *self.w2])
        # Vertex duals, and blossom duals (their z), both in one list by blossom id.
        self.dual = [top_weight // 2] * n + [0] * n
        self.mate = [-1] * n  # each vertex's matched edge
        size = 2 * n
        self.top = list(range(n))  # the outermost blossom holding each vertex
        self.parent = [-1] * size
        self.children: list[list[int]] = [[] for _ in range(size)]
        self.links: list[list[int]] = [[] for _ in range(size)]
        self.link_from: list[list[int]] = [[] for _ in range(size)]
        self.base = list(range(n)) + [-1] * n
        self.unused = list(range(size - 1, n - 1, -1))
        # Per stage: labels, and the edge (and its end inside) by which each got its label.
        self.label = [_FREE] * size
        self.label_edge = [-1] * size
        self.label_at = [-1] * size
        # The least-slack edge from an outer vertex: to each free vertex (Galil's delta 2),
        # and from each outer blossom to another (delta 3), with each outer blossom's list
        # of its least-slack edges to each other outer blossom (kept for merging).
        self.best = [-1] * size
        self.best_list: list[list[int] | None] = [None] * size
        self.tight = [False] * len(edges)
        self.queue: list[int] = []
        # The outermost blossoms, and the outermost vertices and blossoms together, as
        # change_duals reads them: they change only when a blossom is made or undone.
        self._tops: list[int] | None = None
        self._outer: list[int] | None = None

    # -- small helpers ------------------------------------------------------------------------

    def other(self, k: int, v: int) -> int:
        a, b = self.ends[k]
        return b if a == v else a

    def slack(self, k: int) -> int:
        a, b = self.ends[k]
        return self.dual[a] + self.dual[b] - self.w2[k]

    def leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            x = stack.pop()
            if x < self.n:
                out.append(x)
            else:
                stack.extend(self.children[x])
        return out

    def child_holding(self, b: int, v: int) -> int:
        """The child of blossom ``b`` that holds vertex ``v``."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        return t

    def step_ends(self, b: int, i: int, j: int) -> tuple[int, int, int]:
        """The edge between the neighbouring children i and j of ``b`` (indices mod their
        count), with its end in child i and its end in child j."""
        c = len(self.children[b])
        i, j = i % c, j % c
        if j == (i + 1) % c:
            k = self.links[b][i]
            x = self.link_from[b][i]
            return k, x, self.other(k, x)
        k = self.links[b][j]
        y = self.link_from[b][j]
        return k, self.other(k, y), y

    # -- labels -------------------------------------------------------------------------------

    def assign(self, w: int, label: int, k: int) -> None:
        """Label vertex ``w``'s outermost blossom, reached by edge ``k`` (-1: a root); an
        inner blossom's base's mate becomes outer."""
        b = self.top[w]
        self.label[w] = self.label[b] = label
        self.label_edge[w] = self.label_edge[b] = k
        self.label_at[w] = self.label_at[b] = w
        self.best[w] = self.best[b] = -1
        if label == _S:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            mk = self.mate[base]
            self.assign(self.other(mk, base), _S, mk)

    def tree_parent(self, b: int) -> int:
        """The outer vertex above outer blossom ``b`` in its tree (-1 at the root): through
        its base's mate's blossom, inner, to the vertex that labelled that one."""
        k = self.label_edge[b]
        if k == -1:
            return -1
        t = self.top[self.other(k, self.label_at[b])]
        return self.other(self.label_edge[t], self.label_at[t])

    def common_base(self, v: int, w: int) -> int:
        """The base of the blossom that edge v-w (two outer vertices) closes, or -1 when
        their trees differ (an augmenting path)."""
        seen: list[int] = []
        found = -1
        while v != -1 or w != -1:
            if v != -1:
                b = self.top[v]
                if self.label[b] & 4:
                    found = self.base[b]
                    break
                self.label[b] |= 4
                seen.append(b)
                v = self.tree_parent(b)
            v, w = w, v
        for b in seen:
            self.label[b] &= 3
        return found

    # -- blossoms -----------------------------------------------------------------------------

    def shrink(self, base: int, v: int, w: int, k: int) -> None:
        """Shrink the cycle that edge ``k`` (v-w) closes through ``base`` into a blossom."""
        self._tops = self._outer = None
        bb, bv, bw = self.top[base], self.top[v], self.top[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        # Each side's blossoms up to the base's, with the edges by which they got their
        # labels: in the cycle, v's side runs from the base's blossom down (each edge from
        # its upper end), w's side up (each edge from its lower end, the one inside).
        down, down_edges, down_inside = self.tree_path(bv, bb, b)
        up, up_edges, up_from = self.tree_path(bw, bb, b)
        down_from = [self.other(ke, x) for ke, x in zip(down_edges, down_inside)]
        self.children[b] = [bb, *reversed(down), *up]
        self.links[b] = [*reversed(down_edges), k, *up_edges]
        self.link_from[b] = [*reversed(down_from), v, *up_from]
        self.label[b] = _S
        self.label_edge[b] = self.label_edge[bb]
        self.label_at[b] = self.label_at[bb]
        self.dual[b] = 0
        for x in self.leaves(b):
            if self.label[self.top[x]] == _T:
                self.queue.append(x)  # inner vertices become outer
            self.top[x] = b
        # The least-slack edges from the new blossom to each other outer blossom.
        best_to: dict[int, int] = {}
        for child in self.children[b]:
            listed = self.best_list[child]
            if listed is None:
                listed = [kk for x in self.leaves(child) for kk, _ in self.incident[x]]
            for kk in listed:
                a, c = self.ends[kk]
                far = self.top[c] if self.top[a] == b else self.top[a]
                if far != b and self.label[far] == _S:
                    known = best_to.get(far)
                    if known is None or self.slack(kk) < self.slack(known):
                        best_to[far] = kk
            self.best_list[child] = None
            self.best[child] = -1
        chosen = list(best_to.values())
        self.best_list[b] = chosen
        self.best[b] = min(chosen, key=self.slack, default=-1)

    def tree_path(self, x: int, bb: int, b: int) -> tuple[list[int], list[int], list[int]]:
        """The outermost blossoms from ``x`` up the alternating tree to ``bb`` (not
        included), each made a child of ``b``, with the edge by which each got its label
        and that edge's end inside it."""
        path: list[int] = []
        edges: list[int] = []
        inside: list[int] = []
        while x != bb:
            self.parent[x] = b
            path.append(x)
            edges.append(self.label_edge[x])
            inside.append(self.label_at[x])
            x = self.top[self.other(edges[-1], inside[-1])]
        return path, edges, inside

    def expand(self, b: int, end_of_stage: bool) -> None:
        """Undo blossom ``b`` (its dual is zero): its children become outermost; an inner
        blossom expanded within a stage passes its label on along the even path of its
        cycle from where it was entered to its base."""
        self._tops = self._outer = None
        for s in self.children[b]:
            self.parent[s] = -1
            if s < self.n:
                self.top[s] = s
            elif end_of_stage and self.dual[s] == 0:
                self.expand(s, True)
            else:
                for x in self.leaves(s):
                    self.top[x] = s
        if not end_of_stage and self.label[b] == _T:
            children = self.children[b]
            entry = self.top[self.label_at[b]]
            j = children.index(entry)
            step = 1 if j % 2 else -1  # the even way round to the base (child 0)
            k, at = self.label_edge[b], self.label_at[b]
            while j % len(children) != 0:
                # Child j: inner, entered by k at ``at``; the next child, its base's mate's,
                # outer; the one after that inner again, entered from it.
                self.label[at] = _FREE
                matched, _, y = self.step_ends(b, j, j + step)
                self.label[y] = _FREE
                self.assign(at, _T, k)
                self.tight[matched] = True
                k, _, at = self.step_ends(b, j + step, j + 2 * step)
                self.tight[k] = True
                j += 2 * step
            # The base child: inner, entered by the last link; its mate outside is outer.
            first = children[0]
            self.label[at] = self.label[first] = _T
            self.label_edge[at] = self.label_edge[first] = k
            self.label_at[at] = self.label_at[first] = at
            self.best[first] = -1
            # The children off that path: free, unless an outer vertex reached one of their
            # vertices by a tight edge, which then labels it inner.
            j += step
            while children[j % len(children)] != entry:
                s = children[j % len(children)]
                j += step
                if self.label[s] == _S:
                    continue  # labelled outer through a neighbour just now
                reached = next((x for x in self.leaves(s) if self.label[x] != _FREE), -1)
                if reached != -1:
                    self.label[reached] = _FREE
                    self.label[self.other(self.mate[self.base[s]], self.base[s])] = _FREE
                    self.assign(reached, _T, self.label_edge[reached])
        self.label[b] = _FREE
        self.label_edge[b] = self.label_at[b] = -1
        self.children[b], self.links[b], self.link_from[b] = [], [], []
        self.base[b] = -1
        self.best_list[b] = None
        self.best[b] = -1
        self.unused.append(b)

    def rebase(self, b: int, v: int) -> None:
        """Make vertex ``v`` the base of blossom ``b``: swap the matched and unmatched edges
        along the even path of its cycle from v's child to the base's, and rotate the cycle
        to start at v's child."""
        t = self.child_holding(b, v)
        if t >= self.n:
            self.rebase(t, v)
        children = self.children[b]
        i = j = children.index(t)
        step = 1 if i % 2 else -1
        while j % len(children) != 0:
            k, x, y = self.step_ends(b, j + step, j + 2 * step)
            s1 = children[(j + step) % len(children)]
            s2 = children[(j + 2 * step) % len(children)]
            if s1 >= self.n:
                self.rebase(s1, x)
            if s2 >= self.n:
                self.rebase(s2, y)
            self.mate[x] = self.mate[y] = k
            j += 2 * step
        self.children[b] = children[i:] + children[:i]
        self.links[b] = self.links[b][i:] + self.links[b][:i]
        self.link_from[b] = self.link_from[b][i:] + self.link_from[b][:i]
        self.base[b] = self.base[t]

    def augment(self, v: int, w: int, k: int) -> None:
        """Match along the path through edge ``k`` between two outer vertices of different
        trees: from each end up to its tree's root."""
        for s, ks in ((v, k), (w, k)):
            while True:
                bs = self.top[s]
                if bs >= self.n:
                    self.rebase(bs, s)
                self.mate[s] = ks
                if self.label_edge[bs] == -1:
                    break  # the root: it was exposed
                t = self.top[self.other(self.label_edge[bs], self.label_at[bs])]
                ks, j = self.label_edge[t], self.label_at[t]
                s = self.other(ks, j)
                if t >= self.n:
                    self.rebase(t, j)
                self.mate[j] = ks

    # -- stages -------------------------------------------------------------------------------

    def scan(self, v: int) -> bool:
        """Look along the edges of outer vertex ``v``; True when it augmented."""
        dual, w2, top, label, tight, ends = (
            self.dual,
            self.w2,
            self.top,
            self.label,
            self.tight,
            self.ends,
        )
        best = self.best
        bv, dv = top[v], dual[v]  # (duals change only between scans)
        for k, w in self.incident[v]:
            bw = top[w]
            if bw == bv:
                continue
            if tight[k]:
                s = 0
            else:
                s = dv + dual[w] - w2[k]
                if s <= 0:
                    tight[k] = True
                    s = 0
            if s == 0:
                if label[bw] == _FREE:
                    self.assign(w, _T, k)
                elif label[bw] == _S:
                    base = self.common_base(v, w)
                    if base != -1:
                        self.shrink(base, v, w, k)
                        bv = top[v]  # v's outermost blossom is the new one
                    else:
                        self.augment(v, w, k)
                        return True
                elif label[w] == _FREE:
                    # Inside an inner blossom, w itself reached: kept for its expansion.
                    label[w] = _T
                    self.label_edge[w], self.label_at[w] = k, w
                continue
            # Not tight: the least slack so far to a free vertex, or to another outer
            # blossom.
            x = bv if label[bw] == _S else w if label[w] == _FREE else -1
            if x != -1:
                known = best[x]
                if known == -1:
                    best[x] = k
                else:
                    c, d = ends[known]
                    if s < dual[c] + dual[d] - w2[known]:
                        best[x] = k
        return False

    def stage(self) -> bool:
        """One stage: True when it augmented the matching, False at the optimum."""
        n = self.n
        size = 2 * n
        self.label = [_FREE] * size
        self.label_edge = [-1] * size
        self.label_at = [-1] * size
        self.best = [-1] * size
        self.best_list = [None] * size
        self.tight = [False] * len(self.w2)
        self.queue = []
        for v in range(n):
            if self.mate[v] == -1 and self.label[self.top[v]] == _FREE:
                self.assign(v, _S, -1)
        while True:
            while self.queue:
                if self.scan(self.queue.pop()):
                    return True
            # No tight edge left to follow: change the duals by the least of the deltas.
            kind, edge, blossom = self.change_duals()
            if kind == 1:
                return False
            if kind == 4:
                self.expand(blossom, False)
                continue
            self.tight[edge] = True
            a, b = self.ends[edge]
            self.queue.append(a if self.label[self.top[a]] == _S else b)

    def change_duals(self) -> tuple[int, int, int]:
        """Change the duals by the least of Galil's four deltas: (which delta it was, the
        edge that became tight for deltas 2 and 3, the inner blossom whose dual reached zero
        for delta 4).  Delta 1, an outer vertex's dual reaching zero, ends the search."""
        n = self.n
        label, best, dual, ends, w2 = self.label, self.best, self.dual, self.ends, self.w2
        labels = [label[t] for t in self.top]  # each vertex's outermost blossom's
        kind, delta, edge, blossom = 1, min(dual[:n]), -1, -1
        for k in [best[v] for v in range(n) if labels[v] == _FREE and best[v] != -1]:
            x, y = ends[k]
            d = dual[x] + dual[y] - w2[k]
            if d < delta:
                kind, delta, edge = 2, d, k
        tops, outer = self._tops, self._outer
        if tops is None or outer is None:
            parent, base = self.parent, self.base
            tops = self._tops = [b for b in range(n, 2 * n) if parent[b] == -1 and base[b] != -1]
            outer = self._outer = [v for v in range(n) if parent[v] == -1] + tops
        for k in [best[b] for b in outer if label[b] == _S and best[b] != -1]:
            x, y = ends[k]
            d = (dual[x] + dual[y] - w2[k]) // 2
            if d < delta:
                kind, delta, edge = 3, d, k
        for b in tops:
            if label[b] == _T and dual[b] < delta:
                kind, delta, blossom = 4, dual[b], b
        if delta:
            dual[:n] = [
                u - delta if lab == _S else u + delta if lab == _T else u
                for u, lab in zip(dual, labels)
            ]
            for b in tops:
                if label[b] == _S:
                    dual[b] += delta
                elif label[b] == _T:
                    dual[b] -= delta
        return kind, edge, blossom

    def run(self) -> None:
        for _ in range(self.n):
            augmented = self.stage()
            # Outer blossoms whose dual came down to zero go at the end of a stage.
            for b in range(self.n, 2 * self.n):
                if (
                    self.parent[b] == -1
                    and self.base[b] != -1
                    and self.label[b] == _S
                    and self.dual[b] == 0
                ):
                    self.expand(b, True)
            if not augmented:
                break


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """A maximum-weight matching of vertices ``0 .. n-1`` joined by ``edges`` (a, b,
    weight), each pair once, weights integers of any size: its edges as (a, b)."""
    return max_weight_matching_duals(n, edges)[0]


def max_weight_matching_duals(
    n: int, edges: Sequence[tuple[int, int, int]]
) -> tuple[list[tuple[int, int]], list[int], list[tuple[list[int], int]]]:
    """:func:`max_weight_matching`, with the dual values that prove it best, four times the
    weights' scale: each vertex's, and each blossom's of positive dual (its vertices, an odd
    set, and its dual).  Every edge's reduced cost - its ends' duals, plus twice those of the
    blossoms holding both ends, less four times its weight - is at least 0, and 0 on the
    matching's edges; a vertex left exposed has dual 0, and a blossom of positive dual holds
    as many of the matching's edges as it can.  A matching is a maximum-weight one exactly
    when it meets those conditions with these duals (complementary slackness)."""
    m = _Matcher(n, edges)
    m.run()
    pairs = [m.ends[k] for v, k in enumerate(m.mate) if k != -1 and v == min(m.ends[k])]
    blossoms = [
        (m.leaves(b), m.dual[b]) for b in range(n, 2 * n) if m.base[b] != -1 and m.dual[b] > 0
    ]
    return pairs, m.dual[:n], blossoms
