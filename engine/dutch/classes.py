"""Large brackets by classes of players: the first best candidate of Art. 4 found by counting
on classes, without a matching of the players (C.04.3 2026 Arts. 2.4, 4.2-4.4).

The criteria read only a player's signature (engine.dutch.criteria.Criterion), so the players
of a bracket that share a signature and a C3 guard are interchangeable to every criterion:
they form a *class*, and a bracket of a thousand players has a handful.  What a pair of
players is worth is what their classes' pair is worth, and the best value a bracket can
reach is bounded by a transportation problem on classes (:func:`best_flow`), C1 (who met
whom) and the pairs dropped left out - a relaxation: it allows more, so it bounds from above.

The route (:class:`ClassBracket`) follows the generation order of Art. 4 as the matching
route does - the MDP's opponent (4.4 with 4.2 on the residents), no exchange (4.3), the
transposition of S2 (4.2) - but decides each choice on classes: a choice is kept when the
bound with it taken still reaches the bracket's bound, and given up when it does not (a
proof: no candidate with it is as good).  When the candidate so built reaches the bound with
legal pairs and passes the look-ahead's and completion's tests (C8, C4: Lookahead.reached),
it is a best candidate, every choice kept was possible and every one given up impossible: it
is the first best candidate, the one the matching route finds.  Otherwise (a bound no
candidate reaches, C1 closing every class a choice needs, an exchange needed) the bracket is
left to the matching route; the route says how often (``stats``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..absolute import c3_allows
from .criteria import Position, Value
from .lookahead import Lookahead
from .state import RoundState
from .trace import BracketRecord
from .weights import PairGroup, WeightLayout

# How often the route paired a bracket, and why it left one to the matching route.
stats: dict[str, int] = {"taken": 0}


class _Declined(Exception):
    """The class route leaves the bracket to the matching route; the reason is counted."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


# (left class, right class) -> weight of one such pair.
Arcs = dict[tuple[int, int], int]


class _Network:
    """A flow network with costs, as parallel lists of edges (edge ``e``'s reverse is
    ``e ^ 1``), and successive shortest paths on it."""

    def __init__(self, size: int) -> None:
        self.head: list[int] = []
        self.res: list[int] = []
        self.cost: list[int] = []
        self.out: list[list[int]] = [[] for _ in range(size)]

    def edge(self, a: int, b: int, c: int, w: int) -> int:
        """An edge from ``a`` to ``b`` of capacity ``c`` and cost ``w``; its index."""
        for x, y, room, cost in ((a, b, c, w), (b, a, 0, -w)):
            self.out[x].append(len(self.head))
            self.head.append(y)
            self.res.append(room)
            self.cost.append(cost)
        return len(self.head) - 2

    def shortest(self, src: int, snk: int) -> tuple[int, list[int]] | None:
        """The cheapest path with room from ``src`` to ``snk`` (Bellman-Ford by rounds: the
        residual network of successive shortest paths has no negative cycle): its cost and
        its edges, or None."""
        head, res, cost = self.head, self.res, self.cost
        dist: list[int | None] = [None] * len(self.out)
        back = [-1] * len(self.out)
        dist[src] = 0
        frontier = [src]
        while frontier:
            reached: dict[int, None] = {}
            for a in frontier:
                da = dist[a]
                assert da is not None
                for e in self.out[a]:
                    if res[e]:
                        b, d = head[e], da + cost[e]
                        db = dist[b]
                        if db is None or d < db:
                            dist[b] = d
                            back[b] = e
                            reached[b] = None
            frontier = list(reached)
        d_snk = dist[snk]
        if d_snk is None:
            return None
        path, v = [], snk
        while v != src:
            path.append(back[v])
            v = head[back[v] ^ 1]
        return d_snk, path

    def cheapest(self, src: int, snk: int, need: int) -> int | None:
        """The least cost of ``need`` units from ``src`` to ``snk``, or None."""
        placed = total = 0
        while placed < need:
            got = self.shortest(src, snk)
            if got is None:
                return None
            d, path = got
            push = min(need - placed, *(self.res[e] for e in path))
            for e in path:
                self.res[e] -= push
                self.res[e ^ 1] += push
            placed += push
            total += push * d
        return total


def best_flow(
    supply: list[int],
    cap: list[int],
    arcs: Arcs,
    unfilled: list[int],
    floats: list[int | None],
    limit: dict[tuple[int, int], int] | None = None,
) -> tuple[int, dict[tuple[int, int], int]] | None:
    """The most a transportation on classes is worth: every unit of left class ``i``
    (``supply[i]`` of them) goes to a right class ``j`` over an arc (worth ``arcs[i, j]``,
    at most ``cap[j]`` units into ``j``) or floats (worth ``floats[i]``; None: it may not);
    each unit of right capacity left unused is worth ``unfilled[j]``; ``limit`` caps the
    units of some arcs.  Returns the value and the units on each arc, or None when the
    supply cannot all be placed.  Successive shortest paths on the small network of
    classes (the weights maximised as negative costs); integral, as every transportation
    problem is."""
    n_left, n_right = len(supply), len(cap)
    src, flo, snk = 0, 1 + n_left + n_right, 2 + n_left + n_right
    net = _Network(snk + 1)
    big = sum(supply) + 1
    for i, s in enumerate(supply):
        if s:
            net.edge(src, 1 + i, s, 0)
    arc_edge: dict[tuple[int, int], int] = {}
    for (i, j), w in arcs.items():
        room = big if limit is None else limit.get((i, j), big)
        if supply[i] and cap[j] and room > 0:
            # A unit into j no longer counts as unused capacity: its worth moves to the arc.
            arc_edge[(i, j)] = net.edge(1 + i, 1 + n_left + j, room, unfilled[j] - w)
    for i, f in enumerate(floats):
        if f is not None and supply[i]:
            net.edge(1 + i, flo, big, -f)
    net.edge(flo, snk, big, 0)
    for j, c in enumerate(cap):
        if c:
            net.edge(1 + n_left + j, snk, c, 0)
    total = net.cheapest(src, snk, sum(supply))
    if total is None:
        return None
    units = {k: net.res[e ^ 1] for k, e in arc_edge.items() if net.res[e ^ 1]}
    return sum(u * c for u, c in zip(unfilled, cap, strict=True)) - total, units


@dataclass
class BracketClasses:
    """A bracket's classes (the MDP alone, the residents by signature and C3 guard) and what
    their pairs are worth: ``pair[i, j]`` a pair of a player of class ``i`` (the higher)
    and one of ``j``, ``down[i]`` a downfloater of ``i`` paired in the next group (None: he
    may not float), packed as the matching route's weights are (engine.dutch.weights)."""

    cls: dict[int, int]
    members: list[int]
    pair: dict[tuple[int, int], int]
    down: list[int | None]
    never: int  # worth of what no candidate may do: below any candidate's weight

    def either(self, i: int, j: int) -> int | None:
        """A pair of classes ``i`` and ``j``, whichever is the higher (the bound's view)."""
        got = [w for w in (self.pair.get((i, j)), self.pair.get((j, i))) if w is not None]
        return max(got) if got else None

    def bound(self, count: list[int]) -> int | None:
        """The most any pairing of ``count`` players per class can be worth (C1 and the
        dropped pairs left out), or None when none pairs them: every pair counted from both
        ends (a fractional matching, :func:`best_flow`), halved.  Two facts of every pairing
        tighten it: an odd number of players leaves one over, of some class (each class
        tried); a class's pairs among itself are counted twice from it, an even number -
        where the flow has an odd one, both sides of it are bounded (at most one fewer, at
        least one more) and the better bound kept."""
        n = len(count)
        arcs: Arcs = {}
        for i in range(n):
            for j in range(n):
                w = self.either(i, j)
                if w is not None and count[i] and count[j] and (i != j or count[i] > 1):
                    arcs[(i, j)] = w
        unfilled = [self.never if w is None else w for w in self.down]
        got = _BoundSearch(self.down, arcs, unfilled).branch(count, {}, 6)
        return None if got is None else got // 2


@dataclass
class _BoundSearch:
    """The branch and bound of :meth:`BracketClasses.bound` on one bracket's classes: the
    worth of their pairs (``arcs``), of their downfloaters (``down``; None: may not float)
    and of an unused place (``unfilled``)."""

    down: list[int | None]
    arcs: Arcs
    unfilled: list[int]

    def flow(
        self, count: list[int], limit: dict[tuple[int, int], int]
    ) -> tuple[int, dict[tuple[int, int], int]] | None:
        return best_flow(count, count, self.arcs, self.unfilled, self.down, limit)

    def branch(
        self,
        count: list[int],
        limit: dict[tuple[int, int], int],
        depth: int,
        floor: int | None = None,
    ) -> int | None:
        """The bound of ``count`` under ``limit`` (branching on the PAB's class and on odd
        loops, :meth:`BracketClasses.bound`), or None when no pairing fits - or, given a ``floor``, when
        none is worth more than it.  A branch is a restriction of the flow it comes from, so
        that flow's value bounds it: a branch whose flow cannot pass the floor is not
        followed (branch and bound; the best value found is the same)."""
        n = len(count)
        if sum(count) % 2:
            # The player left over is of some class c; try the likeliest first.
            tried = []
            for c in range(n):
                fc = self.down[c]
                if count[c] and fc is not None:
                    less = count[:]
                    less[c] -= 1
                    got = self.flow(less, limit)
                    if got is not None:
                        tried.append((got[0] + 2 * fc, c, less, got))
            tried.sort(key=lambda x: -x[0])
            best = floor
            for top, c, less, got in tried:
                if best is not None and top <= best:
                    break  # no later class can pass it either
                fc = self.down[c]
                assert fc is not None
                v = self.even(less, limit, depth, None if best is None else best - 2 * fc, got)
                if v is not None and (best is None or v + 2 * fc > best):
                    best = v + 2 * fc
            return best if best != floor else None
        return self.even(count, limit, depth, floor, None)

    def even(
        self,
        count: list[int],
        limit: dict[tuple[int, int], int],
        depth: int,
        floor: int | None,
        got: tuple[int, dict[tuple[int, int], int]] | None,
    ) -> int | None:
        """:meth:`branch` for an even number of players (``got``: their flow, if known)."""
        n = len(count)
        if got is None:
            got = self.flow(count, limit)
        if got is None:
            return None
        value, units = got
        if floor is not None and value <= floor:
            return None
        odd = next((c for c in range(n) if units.get((c, c), 0) % 2), None)
        if odd is None or depth == 0:
            return value
        u, loop = units[(odd, odd)], (odd, odd)
        best = floor
        fewer = self.branch(count, {**limit, loop: u - 1}, depth - 1, best)
        if fewer is not None:
            best = fewer
        room = limit.get(loop)
        if count[odd] > u and (room is None or room > u):
            # u + 1 of the class's units on its loop first, then the rest freely.
            placed = count[:]
            placed[odd] -= u + 1
            capped = dict(limit)
            if room is not None:
                capped[loop] = room - u - 1
            fixed = (u + 1) * self.arcs[loop]
            rest = self.branch(placed, capped, depth - 1, None if best is None else best - fixed)
            if rest is not None and (best is None or rest + fixed > best):
                best = rest + fixed
        return best if best != floor else None


@dataclass
class Transposition:
    """The transpositions of S2 on classes (Art. 4.2): every S1 player paired with an S2
    player, the higher with the lower (``pair[i, j]``), the S2 players left over float
    (each worth ``unfilled[j]``; :attr:`BracketClasses.never` when nobody may).  ``supply``
    and ``cap`` count the S1 and S2 players still to pair, per class."""

    supply: list[int]
    cap: list[int]
    pair: Arcs
    unfilled: list[int]

    def best(self) -> tuple[int, dict[tuple[int, int], int]] | None:
        return best_flow(self.supply, self.cap, self.pair, self.unfilled, [None] * len(self.supply))

    def first(
        self, s1: list[int], s2: list[int], cls: dict[int, int], legal: Callable[[int, int], bool]
    ) -> tuple[list[tuple[int, int]], list[int]] | None:
        """Art. 4.2 on classes: each S1 player in turn the earliest S2 player that keeps
        the transpositions' bound, a depth-first search in the order of the
        transpositions: a dead end (C1 closing every class the bound leaves open) moves the
        latest choice on.  A pair of classes the best flow uses keeps the bound at once;
        another is tried with one flow more, and a class pair found impossible stays
        impossible below that choice (the bracket shrinks by kept choices, and both bounds
        drop by the same).  The pairs and the S2 players left over, or None (a dead end at
        the top, or past a budget of choices)."""
        start = self.best()
        if start is None:
            return None
        value, units = start
        supply, cap = self.supply, self.cap
        n1, n2 = len(s1), len(s2)
        used = [False] * n2
        lo = 0  # every S2 player before this one is paired
        choice = [-1] * n1
        saved: list[tuple[dict[tuple[int, int], int], int]] = [({}, 0)] * n1
        impossible: dict[tuple[int, int], int] = {}  # class pair -> depth it was found at
        pairs: list[tuple[int, int]] = []
        budget = 4 * n1 + 64
        i = 0
        while 0 <= i < n1:
            a = s1[i]
            ci = cls[a]
            if choice[i] >= 0:  # a dead end below: this choice moves on
                k = choice[i]
                used[k] = False
                lo = min(lo, k)
                supply[ci] += 1
                cap[cls[s2[k]]] += 1
                units, value = saved[i]
                pairs.pop()
            for p in [p for p, d in impossible.items() if d > i]:
                del impossible[p]
            while lo < n2 and used[lo]:
                lo += 1
            for k in range(max(choice[i] + 1, lo), n2):
                b = s2[k]
                j = cls[b]
                if used[k] or (ci, j) in impossible or not legal(a, b):
                    continue
                before = (units, value)
                if units.get((ci, j), 0) > 0:
                    units = dict(units)
                    units[(ci, j)] -= 1
                else:
                    supply[ci] -= 1
                    cap[j] -= 1
                    again = self.best()
                    supply[ci] += 1
                    cap[j] += 1
                    if again is None or again[0] + self.pair[(ci, j)] != value:
                        impossible[(ci, j)] = i
                        continue
                    units = again[1]
                saved[i] = before
                supply[ci] -= 1
                cap[j] -= 1
                value -= self.pair[(ci, j)]
                used[k] = True
                choice[i] = k
                pairs.append((a, b))
                break
            else:
                choice[i] = -1
                i -= 1
                continue
            budget -= 1
            if budget < 0:
                return None
            i += 1
        if i < n1:
            return None
        return pairs, [b for k, b in enumerate(s2) if not used[k]]


class ClassBracket:
    """The class route for a bracket of one score with at most one MDP (module docstring)."""

    # Below this many players the matching route is cheap: the class route is not tried.
    min_players = 64
    # More classes than this: the bracket is left to the matching route.
    max_classes = 24

    def __init__(self, rs: RoundState, lookahead: Lookahead) -> None:
        self.rs = rs
        self.lookahead = lookahead

    def applies(self, current: list[int], mdp_count: int, nxt: list[int]) -> bool:
        """A bracket of at least :attr:`min_players`, its residents of one score and at
        most one MDP, where C9 (2.4.4) reads neither this bracket's pairs nor the next's
        (the look-ahead's own condition, Lookahead.local; in 2017 and 2012 a bracket that
        is not the PPB, A.9) - or the round's last bracket, whose player left over, if
        any, takes the PAB.  Any edition: its criteria are sums over the pairs as 2025's
        are (the same weights as the matching route's)."""
        rs = self.rs
        order = rs.order
        if len(current) < self.min_players:
            return False
        if mdp_count > 1 or (nxt and rs.ctx.single_downfloater_is_pab and rs.c9 is not None):
            return False  # (C9 is a 2025 criterion: the flag means nothing to 2017/2012)
        residents = current[mdp_count:]
        if order[residents[0]].score != order[residents[-1]].score:
            return False
        if not nxt:
            return len(rs.alive) == len(current)
        return self.lookahead.local(current, mdp_count, nxt)

    def pair(
        self, current: list[int], mdp_count: int, nxt: list[int]
    ) -> tuple[BracketRecord, list[int]] | None:
        """The bracket paired by the class route, or None (nothing changed): the matching
        route decides."""
        if not self.applies(current, mdp_count, nxt):
            return None
        rs = self.rs
        saved = rs.saved()
        try:
            pairs, floaters = self._candidate(current, mdp_count, nxt)
            rs.fix(pairs)
            if nxt and not self.lookahead.reached(floaters, nxt):
                raise _Declined("look-ahead")
        except _Declined as no:
            rs.restore(saved)
            stats[no.why] = stats.get(no.why, 0) + 1
            return None
        stats["taken"] += 1
        return rs.closed(current, mdp_count, nxt, pairs)

    # -- classes -----------------------------------------------------------------------------

    def _values(self, h: int, l: int, where: Position, last: bool) -> list[Value]:
        """A pair's criteria values.  Completion (F1: C4 with C2/C5) only in the round's
        last bracket, where it is the pairs' own (the player left over takes the PAB);
        above it the tests of C4 and C8 decide it (Lookahead.reached), as the matching
        route's local weights leave it to them."""
        rs = self.rs
        ph, pl, ctx = rs.order[h], rs.order[l], rs.ctx
        return [
            None if c.key == "F1" and not last else c.value(ctx, ph, pl, where) for c in rs.criteria
        ]

    def classes(self, current: list[int], mdp_count: int, nxt: list[int]) -> BracketClasses:
        """The bracket's classes and their pairs' worth (:class:`BracketClasses`).  In the
        round's last bracket the player left over takes the PAB: only a PAB candidate of
        the round (C2, C5) may, and he adds nothing (every criterion counts pairs)."""
        rs = self.rs
        last = not nxt
        sig, guard = rs.sig, rs.compat.guard
        reps: list[int] = []
        cls: dict[int, int] = {}
        if mdp_count:
            cls[current[0]] = 0
            reps.append(current[0])
        key_of: dict[tuple[int, str | None], int] = {}
        for v in current[mdp_count:]:
            cls[v] = key_of.setdefault((sig[v], guard[v]), len(reps))
            if cls[v] == len(reps):
                reps.append(v)
        if len(reps) > self.max_classes:
            raise _Declined("classes")
        members = [0] * len(reps)
        for v in current:
            members[cls[v]] += 1
        inside: dict[tuple[int, int], list[Value]] = {}
        for i, hi in enumerate(reps):
            for j, lo in enumerate(reps):
                # The MDP is the higher player of each of his pairs.
                if (j > 0 or not mdp_count) and c3_allows(guard[hi], guard[lo]):
                    inside[(i, j)] = self._values(hi, lo, "B", last)
        nreps = {(sig[v], guard[v]): v for v in reversed(nxt)}
        down: dict[int, list[Value]] = {}
        for i, hi in enumerate(reps):
            seen = [
                self._values(hi, n, "N", last)
                for n in nreps.values()
                if c3_allows(guard[hi], guard[n])
            ]
            if seen and any(s != seen[0] for s in seen):
                raise _Declined("opponent")  # a downfloater's worth depends on his opponent
            if seen:
                down[i] = seen[0]
            elif last and not rs.noncand[hi]:
                down[i] = [None] * len(rs.criteria)
        everyone = set(current) | set(nxt)
        groups: list[PairGroup] = [
            (vs, everyone, everyone) for vs in [*inside.values(), *down.values()]
        ]
        f1 = frozenset(ci for ci, c in enumerate(rs.criteria) if c.key == "F1" and not last)
        lay = WeightLayout(rs.criteria, groups, len(rs.order), skip=f1)
        packed = lay.packed()
        worth = dict(zip([*inside, *(("down", i) for i in down)], packed, strict=True))
        return BracketClasses(
            cls=cls,
            members=members,
            pair={k: worth[k] for k in inside},
            down=[worth[("down", i)] if i in down else None for i in range(len(reps))],
            never=-(1 << (lay.bits + 2 * len(everyone).bit_length() + 4)),
        )

    # -- the route ---------------------------------------------------------------------------

    def _candidate(
        self, current: list[int], mdp_count: int, nxt: list[int]
    ) -> tuple[list[tuple[int, int]], list[int]]:
        """The first candidate in Art. 4's order that reaches the bracket's bound: its pairs
        and downfloaters."""
        legal = self.rs.legal
        bc = self.classes(current, mdp_count, nxt)
        cls = bc.cls
        top = bc.bound(bc.members)
        if top is None:
            raise _Declined("bound")
        pairs: list[tuple[int, int]] = []
        left = current[mdp_count:]
        if mdp_count:
            # 4.4 with 4.2 on the residents: the MDP's earliest opponent keeping the bound.
            mdp, count, impossible = current[0], bc.members[:], set()
            count[0] = 0
            for r in left:
                c = cls[r]
                if c in impossible or not legal(mdp, r):
                    continue
                count[c] -= 1
                rest = bc.bound(count)
                count[c] += 1
                if rest is not None and rest + bc.pair[(0, c)] == top:
                    pairs.append((mdp, r))
                    left = [v for v in left if v != r]
                    top = rest
                    break
                impossible.add(c)
            else:
                raise _Declined("mdp")  # the MDP floats, or no opponent keeps the bound
        # 4.3 without an exchange, then 4.2: S1 the first half of the remainder.
        half = len(left) // 2
        s1, s2 = left[:half], left[half:]
        supply, cap = [0] * len(bc.members), [0] * len(bc.members)
        for v in s1:
            supply[cls[v]] += 1
        for v in s2:
            cap[cls[v]] += 1
        spare = len(s2) > len(s1)  # the downfloater: the last of the transposed S2
        unfilled = [bc.never if w is None or not spare else w for w in bc.down]
        arcs = {k: w for k, w in bc.pair.items() if k[0] or not mdp_count}
        tr = Transposition(supply, cap, arcs, unfilled)
        start = tr.best()
        if start is None or start[0] != top:
            raise _Declined("exchange")  # no transposition reaches the bound: an exchange may
        got = tr.first(s1, s2, cls, legal)
        if got is None:
            raise _Declined("legality")  # C1 closes what the classes leave open
        more, floaters = got
        return pairs + more, floaters
