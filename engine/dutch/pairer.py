"""Pairing one round under the FIDE (Dutch) System (C.04.3 2026 Arts. 1-5).

Brackets are paired from the top (1.9.2).  For each bracket the best candidate is found as
a maximum-weight matching over every player still unpaired: the weight of a pair packs the
criteria (completion C4/C5 first, then C6 .. C21) as bit fields in their order of priority,
so that a heavier matching is a better round-pairing.  Among equally good candidates the
one generated first (Art. 4) is then fixed greedily: the MDPs paired (4.4), their opponents
(the S2 transposition), the remainder's exchange (4.3: fewest players, smallest BSN sum,
highest BSN out, lowest BSN in) and its transposition (4.2), each decision checked with one
more matching in which a tie-break field at the bottom asks for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Iterable

from ..absolute import Compatibility, compatible
from .colours import allocate
from .criteria import Context, Criterion, Value
from .editions import EDITION_2025, Edition
from ..history import RoundInput
from ..matching import RUSTWORKX_BITS, LocalGraph, max_cardinality_matching, max_weight_matching
from .players import PlayerState, build_states


class NoPairing(Exception):
    """No round-pairing satisfies the absolute criteria (1.9.3: the arbiter decides)."""


class _LookaheadNeeded(Exception):
    """A bracket paired without its next scoregroup met a matching whose completion (C4)
    only a matching of the whole field, C8 included, can settle: pair it with the group."""


@dataclass
class Board:
    white: int
    black: int
    rule: str  # colour rule that decided (5.2.x)


@dataclass
class BracketRecord:
    score: int
    residents: list[int]
    mdps: list[int]
    pairs: list[tuple[int, int]]
    downfloaters: list[int]
    next_group: list[int] = field(default_factory=list)  # residents of the next bracket
    c9_applies: bool = False  # 2.4.4 was in force in this bracket
    # The criteria's context as this bracket was paired (a copy: the checker measures the
    # recorded candidate with the same criterion objects and this context).
    context: Context | None = None


@dataclass
class RoundPairing:
    round: int
    boards: list[Board]
    bye: int | None
    brackets: list[BracketRecord] = field(default_factory=list)
    bye_score: int | None = None
    # The engine's view of the players and the criteria in force (the checker's trace).
    states: dict[int, PlayerState] = field(default_factory=dict)
    criteria: list[Criterion] = field(default_factory=list)


def _count(v: Value) -> int:
    """A scalar criterion's value (None: 0)."""
    assert not isinstance(v, dict)
    return v or 0


Field = tuple[int, int]  # a criterion's index and, for a vector criterion, a score slot


def _width(bound: int) -> int:
    return max(1, int(bound).bit_length())


def _extent(
    vals: dict[tuple[int, int], list[Value]],
) -> tuple[
    dict[Field, int],
    dict[Field, set[int]],
    dict[Field, set[int]],
    dict[Field, set[int]],
    set[Field],
]:
    """Per criterion field (criterion, score slot): its largest value, the vertices its
    pairs touch, their first and second players, and whether it holds negated failure
    counts."""
    maxima: dict[Field, int] = {}
    touched: dict[Field, set[int]] = {}
    # The first (second) players of a field's pairs cover its pairs: a matching holds no
    # more of them than either set has members (one MDP: one pair, whatever the bracket's
    # size).
    firsts: dict[Field, set[int]] = {}
    seconds: dict[Field, set[int]] = {}
    signed: set[Field] = set()
    # Pairs share their value lists (DutchPairer._bracket_values): read each list once,
    # with the first and second players of all its pairs.
    groups: dict[int, tuple[list[Value], set[int], set[int]]] = {}
    for (a, b), vs in vals.items():
        g = groups.get(id(vs))
        if g is None:
            g = groups[id(vs)] = (vs, set(), set())
        g[1].add(a)
        g[2].add(b)
    for vs, hs, ls in groups.values():
        for ci, v in enumerate(vs):
            if not v:
                continue
            items = v.items() if isinstance(v, dict) else ((0, v),)
            for slot, c in items:
                k = (ci, slot)
                if c < 0:
                    signed.add(k)
                    c = -c
                if c > maxima.get(k, 0):
                    maxima[k] = c
                touched.setdefault(k, set()).update(hs, ls)
                firsts.setdefault(k, set()).update(hs)
                seconds.setdefault(k, set()).update(ls)
    return maxima, touched, firsts, seconds, signed


class _Layout:
    """Bit positions of the criteria fields (and the tie-break fields below them)."""

    def __init__(
        self,
        criteria: list[Criterion],
        vals: dict[tuple[int, int], list[Value]],
        n_vertices: int,
        extra_max: dict[int, int] | None = None,
        skip: frozenset[int] = frozenset(),
    ) -> None:
        self.criteria = criteria
        maxima, touched, firsts, seconds, signed = _extent(vals)
        for k in [k for k in maxima if k[0] in skip]:  # criteria left out of the weights
            del maxima[k]
        # Fields that pairs with lower players also use (completion, C9): the whole field.
        everyone = set(range(n_vertices))
        for ci, m in (extra_max or {}).items():
            k = (ci, 0)
            maxima[k] = max(maxima.get(k, 0), m)
            touched[k] = everyone
            firsts.pop(k, None)
        # A vector criterion whose slots add up to a count criterion ranked above it (C7 to
        # C6, C8's scores to its pairs) does not need its lowest slot: it follows.
        for ci, c in enumerate(criteria):
            if c.sums_to and any(x.key == c.sums_to for x in criteria):
                slots = [k for k in maxima if k[0] == ci]
                if len(slots) > 0:
                    del maxima[min(slots)]
        offset = 0
        self.offset: dict[tuple[int, int], int] = {}
        for k in sorted(maxima, key=lambda k: (-k[0], k[1])):  # lowest priority first
            self.offset[k] = offset
            pairs = len(touched[k]) // 2
            if k in firsts:
                pairs = min(pairs, len(firsts[k]), len(seconds[k]))
            offset += _width(maxima[k] * pairs) + (k in signed)
        self.bits = offset + 1

    def pack(self, vs: list[Value]) -> int:
        w = 0
        off = self.offset
        for ci, v in enumerate(vs):
            if not v:
                continue
            if isinstance(v, dict):
                for slot, c in v.items():
                    at = off.get((ci, slot))
                    if at is not None:
                        w += c << at
            else:
                at = off.get((ci, 0))
                if at is not None:
                    w += v << at
        return w


def _signature(p: PlayerState) -> tuple[object, ...]:
    """What the criteria read of a player (engine.dutch.criteria.Criterion): two players with
    the same signature are worth the same in every pair."""
    return (
        p.score,
        p.bye_eligible,
        p.played,
        p.preference,
        p.imbalance,
        p.repeated,
        p.strong,
        p.topscorer,
        p.floats.get(1),
        p.floats.get(2),
    )


@dataclass(frozen=True)
class _Bracket:
    """One bracket being paired (vertices are places in the sorted order): its members
    (MDPs first), the next scoregroup, and the bit fields of the generation-order questions:
    ``hint`` bits at the bottom, then ``low`` bits for the questions (``q_width`` for one
    question, ``width`` per S1 player in 4.2)."""

    members: list[int]
    bset: set[int]
    mdps: list[int]
    residents: list[int]
    rset: set[int]
    nxt: list[int]
    low: int
    hint: int
    q_width: int
    width: int


class DutchPairer:
    """Pairs one round; see the module docstring."""

    def __init__(self, inp: RoundInput, edition: Edition = EDITION_2025):
        self.inp = inp
        self.edition = edition
        self.states = build_states(inp, edition)
        self.order: list[PlayerState] = sorted(
            self.states.values(), key=lambda p: (-p.score, p.rank)
        )
        self.n = len(self.order)
        self.rounds_played = inp.round - 1
        self.criteria = [c for c in edition.criteria() if c.rounds_needed <= self.rounds_played]
        self.c9 = next((i for i, c in enumerate(self.criteria) if c.key == "C9"), None)

    # -- absolute criteria ---------------------------------------------------------------
    def compatible(self, a: PlayerState, b: PlayerState) -> bool:
        """C1 and C3 (:mod:`engine.absolute`)."""
        return compatible(a, b, self.inp.forbidden)

    # -- the round -------------------------------------------------------------------------
    def pair(self) -> RoundPairing:
        """Pair the round bracket by bracket from the top (1.9.2)."""
        order, n = self.order, self.n
        self._legal_pairs()
        ctx = self._round_context()
        self.vals: dict[tuple[int, int], list[Value]] = {}
        self.dropped: set[tuple[int, int]] = set()
        self.alive = set(range(n))
        self.final: dict[int, int] = {}
        self.look = True
        # Maximum matchings of the players below a bracket, by set (_near_perfect_of).
        self.near_cache: dict[frozenset[int], dict[int, int]] = {}
        self.last_near: tuple[frozenset[int], dict[int, int]] | None = None
        brackets: list[BracketRecord] = []
        # The route through the brackets is the edition's: 2025 pairs each bracket with a
        # completable rest (C4); 2017 and 2012 have the PPB/CLB route (A.9, C.4).
        route = self._route_2025 if self.edition.completion_every_bracket else self._route_2017
        current = self._group(0)
        pos = len(current)
        mdp_count = 0
        while len(current) > 1 or pos < n:
            nxt = self._group(pos)
            pos += len(nxt)
            rec, floaters, nxt, pos = route(current, mdp_count, nxt, pos)
            brackets.append(rec)
            ctx.single_downfloater_is_pab = self._c9_in_force(floaters, nxt, pos)
            current = floaters + nxt
            mdp_count = len(floaters)
        left = sorted(self.alive)
        if len(left) > 1:
            raise NoPairing("players left unpaired: " + ", ".join(str(order[v].tpn) for v in left))
        bye = order[left[0]].tpn if left else None
        return self._result(bye, brackets, ctx.bye_score if ctx.odd else None)

    def _legal_pairs(self) -> None:
        """C1 and C3 by place in the sorted order (:class:`engine.absolute.Compatibility`);
        the players' signatures."""
        order = self.order
        self.compat = Compatibility(order, self.inp.forbidden)
        self.ok = self.compat.allows
        self.sig = [_signature(p) for p in order]

    def _round_context(self) -> Context:
        """The round's criteria context after the PAB pre-pass (C5), and what a pair with a
        player below the bracket and its next scoregroup is worth: completion only (and C9
        when the top bracket downfloats the PAB, 2.4.4)."""
        order = self.order
        bye_score, single, ranks = self._pab_prepass()
        ctx = Context(
            bye_score=bye_score,
            odd=self.n % 2 == 1,
            single_downfloater_is_pab=single,
            played_rank=ranks,
            rounds_played=self.rounds_played,
        )
        self.ctx = ctx
        self.noncand = [int(not ctx.bye_candidate(p)) for p in order]
        self.c9_setup = [0] * self.n
        if single and self.c9 is not None:
            c9 = self.criteria[self.c9]
            self.c9_setup = [
                _count(c9.value(ctx, p, p, "L")) // 2 if p.score == bye_score else 0 for p in order
            ]
        return ctx

    def _c9_in_force(self, floaters: list[int], nxt: list[int], pos: int) -> bool:
        """C9 is in force in the next bracket when its score is the PAB score and nothing in
        it has to float below that score; in the last bracket always (2.4.4)."""
        ctx, order = self.ctx, self.order
        if ctx.odd and pos >= self.n:
            return True  # the last bracket leaves exactly one player, the PAB assignee
        if not (ctx.odd and nxt and ctx.bye_score == order[nxt[0]].score):
            return False
        if self.whole:
            return all(order[self.mate.get(v, v)].score >= ctx.bye_score for v in floaters + nxt)
        # Partners below the next group are not in a local matching.
        return sum(1 for v in floaters + nxt if v not in self.mate) <= 1

    def _route_2025(
        self, current: list[int], mdp_count: int, nxt: list[int], pos: int
    ) -> tuple[BracketRecord, list[int], list[int], int]:
        """2025: every bracket is paired once, with its next scoregroup in view (C4, C8)."""
        rec, floaters = self._pair_bracket(current, mdp_count, nxt)
        return rec, floaters, nxt, pos

    def _group(self, start: int) -> list[int]:
        if start >= self.n:
            return []
        s = self.order[start].score
        end = start
        while end < self.n and self.order[end].score == s:
            end += 1
        return list(range(start, end))

    def _sparse_edges(self, vertices: list[int], k: int = 12) -> list[tuple[int, int]]:
        """Up to ``k`` compatible partners of each vertex among the next ones in order: a
        subgraph; a complete matching of it is one of the whole graph."""
        edges = []
        ok = self.ok
        for x, a in enumerate(vertices):
            found = 0
            for b in vertices[x + 1 :]:
                if ok(a, b):
                    edges.append((a, b))
                    found += 1
                    if found == k:
                        break
        return edges

    def _all_edges(self, vertices: list[int]) -> list[tuple[int, int]]:
        ok = self.ok
        return [(a, b) for x, a in enumerate(vertices) for b in vertices[x + 1 :] if ok(a, b)]

    def _pab_prepass(self) -> tuple[int, bool, dict[int, int]]:
        """C5: the lowest score the PAB assignee can have (eligible PAB first, then the
        lowest score left unpaired), with a completeness check of the whole round (C1-C3).

        A sparse subgraph is tried first; its answer is kept when it is provably the whole
        graph's (a complete matching exists, and the PAB score found is the lowest score of
        any eligible player)."""
        order, n = self.order, self.n
        everyone = list(range(n))
        if n % 2 == 0:
            if not self._complete(everyone, None):
                raise NoPairing("no round-pairing satisfies C1-C3 (1.9.3: the arbiter decides)")
            return 0, False, {}
        eligible = [p.score for p in order if p.bye_eligible]
        if not eligible:
            raise NoPairing("no player can receive the pairing-allocated bye (C2)")
        if not self.edition.completion_every_bracket:  # 2017: no C5, any eligible player
            if not self._complete(everyone, lambda v: order[v].bye_eligible):
                raise NoPairing("no round-pairing satisfies C.1-C.3 (A.9)")
            return order[0].score, False, {}
        scores = sorted({p.score for p in order})
        level = {s: k for k, s in enumerate(scores)}
        sb = _width(len(scores) * n)

        def solve(edges: list[tuple[int, int]]) -> tuple[dict[int, int], list[int]]:
            weights = {}
            for i, j in edges:
                a, b = order[i], order[j]
                top = 1 + (not a.bye_eligible) + (not b.bye_eligible)
                weights[(i, j)] = (top << sb) + level[a.score] + level[b.score]
            mate = max_weight_matching(weights, _width(3 * n) + sb + 2) if weights else {}
            unmatched = [v for v in range(n) if v not in mate]
            return mate, unmatched

        low, top = min(eligible), order[0].score
        if low < top and self._pab_among(low):
            # The lowest score possible; nobody at the top score is the PAB assignee, so
            # which partners the top bracket's players get does not matter here.
            bye_score, single = low, False
        else:
            mate, unmatched = solve(self._sparse_edges(everyone))
            if not (
                len(unmatched) == 1
                and order[unmatched[0]].bye_eligible
                and order[unmatched[0]].score == low
            ):
                mate, unmatched = solve(self._all_edges(everyone))
            if len(unmatched) > 1:
                raise NoPairing("no round-pairing satisfies C1-C3 (1.9.3: the arbiter decides)")
            bye = order[unmatched[0]]
            if not bye.bye_eligible:
                raise NoPairing("no player can receive the pairing-allocated bye (C2)")
            bye_score = bye.score
            single = bye_score >= top and all(
                order[mate[v]].score >= top for v in range(n) if order[v].score >= top and v in mate
            )
        counts = sorted(p.played for p in order if p.score == bye_score)
        ranks: dict[int, int] = {}
        if self.edition.c9_fewest_unplayed:
            # Paired players weigh more the fewer games they played, so the PAB goes to one
            # with the most games played (fewest unplayed).
            for k, c in enumerate(sorted(counts, reverse=True)):
                ranks[c] = k
        else:
            for k, c in enumerate(counts):
                ranks[c] = k
        return bye_score, single, ranks

    def _with_stand_in(
        self,
        players: list[int],
        spare: Callable[[int], bool],
        keep: Callable[[tuple[int, int]], bool] | None = None,
        k: int = 12,
        dense: bool = True,
    ) -> dict[int, int] | None:
        """A matching of ``players`` (C1, C3, and ``keep`` when given) that pairs all of
        them, or, when they are odd, all but one, whom the stand-in -1 takes (a player
        ``spare`` accepts: the PAB, or whoever is left over); None when there is none.
        Tried on the sparse subgraph (``k`` next partners each) first, then, with ``dense``,
        on every pair."""
        odd = len(players) % 2 == 1
        verts = players + ([-1] if odd else [])
        stand_in = [(-1, v) for v in players if spare(v)] if odd else []
        for sparse in (True, False) if dense else (True,):
            edges = self._sparse_edges(players, k) if sparse else self._all_edges(players)
            if keep is not None:
                edges = [e for e in edges if keep(e)]
            mate = max_cardinality_matching(verts, edges + stand_in)
            if len(mate) == len(verts):
                return mate
        return None

    def _pab_among(self, score: int) -> bool:
        """Does the field pair with the PAB to an eligible player of ``score``?  (Sparse
        subgraph only: a quick answer; no means not shown.)"""
        order = self.order
        return (
            self._with_stand_in(
                list(range(self.n)),
                lambda v: order[v].bye_eligible and order[v].score == score,
                dense=False,
            )
            is not None
        )

    def _complete(self, rest: list[int], candidates: Callable[[int], bool] | None) -> bool:
        """Can ``rest`` be paired completely (C1, C3), leaving at most one player, who must
        be in ``candidates``, for the PAB?  Tried on a sparse subgraph first."""
        return self._with_stand_in(rest, candidates or (lambda v: True)) is not None

    # -- matchings -------------------------------------------------------------------------
    def _solve(self, extra: dict[tuple[int, int], int] | None = None) -> dict[int, int]:
        """A best matching of the bracket and its next scoregroup that leaves a complete
        round-pairing (C4); the whole field is matched when the local one would not."""
        mate = self.graph.solve(extra, self.bits)
        self.whole = not self.lower
        if self.lower and self.edition.completion_every_bracket and not self._completable(mate):
            if not self.look:
                raise _LookaheadNeeded  # _solve_whole knows no C8
            mate = self._solve_whole(extra)
            self.whole = self.solved_whole = True
        mate.update(self.final)
        self.mate = mate
        return mate

    def _completable(self, mate: dict[int, int]) -> bool:
        """Can everybody the local matching leaves unpaired still be paired (one PAB to an
        eligible player of the PAB score at most)?"""
        rest_v = frozenset(v for v in self.V if v not in mate and v not in self.final)
        cached = self.completable_cache.get(rest_v)
        if cached is not None:
            return cached
        ok = self._complete_around(rest_v)
        if not ok:
            rest = sorted(rest_v | self.lower)
            ok = self._complete(rest, lambda v: not self.noncand[v])
        self.completable_cache[rest_v] = ok
        return ok

    def _complete_around(self, left: frozenset[int]) -> bool:
        """A sufficient test for :meth:`_completable`: :meth:`_one_swap` around a maximum
        matching of the players below (one per set of players, :meth:`_near_perfect_of`).
        False: not shown (the full test decides)."""
        if self.lower_base is None:
            self.lower_base = self._near_perfect_of(self.lower)
        return self._one_swap(self.lower_base, self.lower, left)

    def _one_swap(
        self, base: dict[int, int], players: frozenset[int], left: frozenset[int]
    ) -> bool:
        """Do ``players`` and the at most one player ``left`` pair completely (the PAB, if
        any, to a candidate), shown from ``base`` - a matching of ``players`` pairing all
        of them, or all but one, ``spare`` - by adding one pair or swapping one?"""
        nc, ok = self.noncand, self.ok
        if -2 in base or len(left) > 1:
            return False
        spare = base.get(-1)  # the player of the ones below left over, when they are odd
        if not left:
            return spare is None or not nc[spare]
        (u,) = left
        if spare is None:  # u or a partner's partner takes the PAB
            return not nc[u] or any(ok(u, x) and not nc[base[x]] for x in players)
        return ok(u, spare) or any(x != spare and ok(u, x) and ok(base[x], spare) for x in players)

    def _near_perfect_of(self, players: frozenset[int]) -> dict[int, int]:
        """:meth:`_near_perfect` of a set of players, kept for the round.  The players below
        one bracket are those below the previous one less a scoregroup: the previous
        matching, less the pairs that group broke, is completed on the players it left
        alone when that suffices."""
        got = self.near_cache.get(players)
        if got is not None:
            return got
        last = self.last_near
        if last is not None and players <= last[0] and -2 not in last[1]:
            mate = {v: m for v, m in last[1].items() if v in players and m in players}
            alone = sorted(players.difference(mate))
            patch = self._near_perfect(alone) if alone else {}
            got = {**mate, **patch} if -2 not in patch else None
        if got is None:
            got = self._near_perfect(sorted(players))
        self.near_cache[players] = got
        self.last_near = (players, got)
        return got

    def _near_perfect(self, players: list[int]) -> dict[int, int]:
        """A matching of ``players`` (C1, C3) that pairs all of them, or all but one, who is
        paired with the stand-in -1; ``{-2: -2}`` when there is none."""
        return self._with_stand_in(players, lambda v: True) or {-2: -2}

    def _solve_whole(self, extra: dict[tuple[int, int], int] | None) -> dict[int, int]:
        lay = self.crit_layout
        f1 = lay.offset[(0, 0)] + self.shift
        c9 = lay.offset.get((self.c9, 0)) if self.c9 is not None else None
        if c9 is not None:
            c9 += self.shift
        weights = {}
        for e, w in self.graph.weights.items():
            weights[e] = w + (_count(self.vals[e][0]) << f1) + (extra.get(e, 0) if extra else 0)
        nc, c9s = self.noncand, self.c9_setup
        for a, b in self._all_edges(sorted(self.alive)):
            if a in self.lower or b in self.lower:
                if (a, b) in self.dropped:
                    continue
                w = (1 + nc[a] + nc[b]) << f1
                if c9 is not None and (c9s[a] or c9s[b]):
                    w += (c9s[a] + c9s[b]) << c9
                weights[(a, b)] = w
        return max_weight_matching(weights, lay.bits + self.shift)

    def _drop_edges(self, edges: list[tuple[int, int]]) -> None:
        """:meth:`_drop_edge` for pairs already in order (higher player first)."""
        self.dropped.update(edges)
        self.graph.remove_edges(edges)

    def _finalize(self, a: int, b: int) -> None:
        self.final[a] = b
        self.final[b] = a
        for v in (a, b):
            self.alive.discard(v)
            self.graph.remove_vertex(v)

    def _has(self, a: int, b: int) -> bool:
        return ((a, b) if a < b else (b, a)) in self.graph.edge

    def _bonus(
        self, bonus: dict[tuple[int, int], int], v: int, targets: Iterable[int], amount: int
    ) -> None:
        for t in targets:
            if t in self.final:
                continue
            e = (v, t) if v < t else (t, v)
            if e in self.graph.edge:
                bonus[e] = bonus.get(e, 0) + amount

    def _layout_bracket(self) -> None:
        """Bit positions of the criteria for this bracket's pairs (once per bracket)."""
        extra_max = {0: 3} if self.lower and self.edition.completion_every_bracket else {}
        if self.lower and self.c9 is not None and any(self.c9_setup):
            extra_max[self.c9] = 2 * max(self.c9_setup)
        # Without the next group, the look-ahead criteria are judged afterwards
        # (_lookahead_reached): their part in this bracket's pairs must not steer it.
        skip = (
            frozenset()
            if self.look
            else frozenset(ci for ci, c in enumerate(self.criteria) if c.lookahead)
        )
        lay = _Layout(self.criteria, self.local_vals, len(self.alive), extra_max, skip)
        self.crit_layout = lay
        f1 = lay.offset.get((0, 0), 0)
        # Completion (the top field) is checked on the whole field when there are players
        # below the next group, so the local weights end below it.
        self.crit_bits = f1 + 1 if self.lower and (0, 0) in lay.offset else lay.bits
        self.crit_w = {}
        packed: dict[int, int] = {}  # value lists are shared between pairs: pack each once
        for e, vs in self.local_vals.items():
            w = packed.get(id(vs))
            if w is None:
                w = lay.pack(vs)
                if self.lower:  # completion is checked on the whole field instead
                    w -= _count(vs[0]) << f1
                packed[id(vs)] = w
            self.crit_w[e] = w

    def _pack(self, low: int, hint: int) -> None:
        """Weights of the live pairs of the bracket: the criteria above ``low`` bits for
        the questions of the generation order, and (``hint`` > 0) a hint below them."""
        residents = [r for r in self.residents if r in self.alive]
        at = low + hint
        self.shift = at
        self.bits = self.crit_bits + at  # weights and questions stay below 2**bits
        local = {
            e: w << at
            for e, w in self.crit_w.items()
            if e not in self.dropped and e[0] in self.alive and e[1] in self.alive
        }
        if hint:
            # Pairs close to S1[i]-S2[i] weigh a little more, so that the first matchings
            # tend to be the ones the generation order wants and fewer decisions need a
            # matching of their own.
            half = len(residents) // 2
            for li, l in enumerate(residents):
                for hi in range(max(0, li - half - 2), li):
                    d = li - hi - half
                    e = (residents[hi], l)
                    if d * d < 9 and e in local:
                        local[e] += 9 - d * d
        self.graph = LocalGraph(local)

    def _route_2017(
        self, current: list[int], mdp_count: int, nxt: list[int], pos: int
    ) -> tuple[BracketRecord, list[int], list[int], int]:
        """2017 A.9: pair the bracket with C.7's look at the next one; when its downfloaters
        and everybody below cannot complete the round, pair it again as the penultimate
        bracket (PPB, C.4) with everybody below collapsed into the last bracket (CLB)."""
        ctx, order = self.ctx, self.order
        if self.edition.homogeneous_from_half_mdps and 2 * mdp_count >= len(current):
            mdp_count = 0  # 2012 A.3
        ctx.low_score = order[current[-1]].score  # A.8: the bracket's lowest-ranked player
        ctx.point = self.inp.points.unit
        ctx.completion = not nxt  # the last bracket: C.4 and the PAB
        ctx.lookahead = bool(nxt)
        ctx.next_is_last = bool(nxt) and pos >= self.n
        saved = (dict(self.final), set(self.alive), set(self.dropped))
        rec, floaters = self._pair_bracket(current, mdp_count, nxt)
        if not nxt or self._complete(sorted(self.alive), lambda v: not self.noncand[v]):
            return rec, floaters, nxt, pos
        self.final, self.alive, self.dropped = saved
        nxt = nxt + list(range(pos, self.n))
        ctx.lookahead, ctx.completion = False, True
        rec, floaters = self._pair_bracket(current, mdp_count, nxt)
        return rec, floaters, nxt, self.n

    # -- one bracket: the perfect transposition (no matching) ------------------------------
    def _perfect_bracket(
        self, current: list[int], mdp_count: int, nxt: list[int]
    ) -> list[tuple[int, int]] | None:
        """The pairs of the bracket's first perfect candidate when it can be found without a
        matching, else None (the matching route decides).

        Where: an even bracket of one score (no MDPs; 2012 A.3's "homogeneous" brackets of
        mixed scores are left out).  For two players of equal score every criterion that
        does not count failures adds one term per player (engine.dutch.criteria.Criterion), so all
        complete pairings of the bracket tie there; one whose pairs are legal (C1, C3) and
        fail no failure-counting criterion is at its best on every criterion of the bracket.
        It pairs everybody, so it is also best on C6 (2017 C.5); the look-ahead criteria
        (C8, 2017 C.7) rank below C6 and see the same next bracket for every complete
        pairing (nobody floats down).  Above C6 stands completion (C4 with C2/C5; 2017
        C.4): in the last bracket the pairing is the round's; in 2025 the rest of the field
        must still pair completely with the PAB to a candidate (:meth:`_complete`, as
        :meth:`_completable`), otherwise the matching route decides; in 2017 completion is
        only in force in the PPB (left to the matching route) and the route re-pairs the
        bracket as the PPB when the rest cannot complete (A.9, C.4), as it would after a
        matching.  Such a candidate being among the best, the first generated one is the
        answer (Art. 4, 3.8): transpositions of the original S2 come before any exchange
        (4.2, 4.3; 2017 D.1, D.2), so it is the first perfect transposition in Art. 4.2's
        lexicographic order (:meth:`_first_perfect_transposition`).  Not taken when the next
        bracket's C9 (2.4.4) would depend on how the rest pairs (:meth:`_c9_in_force`)."""
        order, n = self.order, self.n
        if mdp_count or not current or len(current) % 2:
            return None
        if order[current[0]].score != order[current[-1]].score:
            return None
        ctx = self.ctx
        if ctx.odd and nxt and nxt[-1] < n - 1 and order[nxt[0]].score == ctx.bye_score:
            return None  # the next bracket's C9 would read the rest's matching
        rest = sorted(self.alive.difference(current))
        if rest and not self.edition.completion_every_bracket and (not nxt or ctx.completion):
            return None  # 2017/2012: the PPB (or a state the route never makes)
        pairs = self._first_perfect_transposition(current)
        if (
            pairs is not None
            and rest
            and self.edition.completion_every_bracket
            and not self._complete(rest, lambda v: not self.noncand[v])
        ):
            return None
        return pairs

    def _perfect_pair(self, a: int, b: int, memo: dict[tuple[object, object], bool]) -> bool:
        """Is ``a``-``b`` (``a`` ranked higher, same score) legal (C1, C3, not dropped) and
        failing no failure-counting criterion?  Criteria read only signatures."""
        if not self.ok(a, b) or (a, b) in self.dropped:
            return False
        key = (self.sig[a], self.sig[b])
        got = memo.get(key)
        if got is None:
            pa, pb, ctx = self.order[a], self.order[b], self.ctx
            got = not any(c.value(ctx, pa, pb, "B") for c in self.criteria if c.counts_failures)
            memo[key] = got
        return got

    def _first_perfect_transposition(
        self, bracket: list[int], budget: int | None = None
    ) -> list[tuple[int, int]] | None:
        """Art. 4.2 (2017 D.1): the first transposition of S2, in lexicographic order of the
        S2 sequence, whose pairs S1[i]-S2[i] are all perfect (:meth:`_perfect_pair`).  A
        depth-first search: S1[0] takes the earliest free S2 player it pairs perfectly
        with, then S1[1], ...; on a dead end the latest choice moves on to its next S2
        player - which visits the transpositions in exactly their order.  None when none
        is perfect or after ``budget`` choices (default 4 per S1 player, plus 64)."""
        half = len(bracket) // 2
        s1, s2 = bracket[:half], bracket[half:]
        memo: dict[tuple[object, object], bool] = {}
        used = [False] * half
        choice = [-1] * half  # index into s2 of S1[i]'s partner, -1: none yet
        left = 4 * half + 64 if budget is None else budget
        i = 0
        while 0 <= i < half:
            k = choice[i]
            if k >= 0:
                used[k] = False
            k += 1
            a = s1[i]
            while k < half and (used[k] or not self._perfect_pair(a, s2[k], memo)):
                k += 1
            if k == half:  # dead end: the previous S1 player moves on
                choice[i] = -1
                i -= 1
                continue
            left -= 1
            if left < 0:
                return None
            choice[i] = k
            used[k] = True
            i += 1
        if i < 0:
            return None
        return [(s1[x], s2[choice[x]]) for x in range(half)]

    # -- one bracket: the look-ahead judged afterwards ------------------------------------
    def _lookahead_local(self, current: list[int], mdp_count: int, nxt: list[int]) -> bool:
        """May the bracket be paired first without its next scoregroup in the matchings
        (:meth:`_lookahead_reached` then decides whether that pairing stands)?

        2025: unless C9 (2.4.4) reads pairs into or inside the next group.  2017/2012: in a
        bracket that is not the PPB (C.4 is not in force there)."""
        if not nxt:
            return False
        ctx, order = self.ctx, self.order
        if not self.edition.completion_every_bracket:
            return not ctx.completion and ctx.lookahead
        if ctx.single_downfloater_is_pab or any(self.c9_setup):
            return False
        # The next bracket's C9 would read this matching (_c9_in_force).
        return not (ctx.odd and nxt[-1] < self.n - 1 and order[nxt[0]].score == ctx.bye_score)

    def _lookahead_reached(self, floaters: list[int], nxt: list[int]) -> bool:
        """Does the bracket's pairing, found without C8 (2.4.3), reach C8's bound?

        C8 counts the pairs of the next bracket - the group ``N`` plus the downfloaters
        ``D`` - and then their scores (the higher player's).  Candidates compared on C8 have
        the same number of downfloaters and the same scores (C6, C7 rank above it), so one
        bound serves them all: every player of ``D`` paired with a player of ``N`` (a pair
        per downfloater at its score, the most there can be), the rest of ``N`` paired
        among itself: ``(|N| + |D|) // 2`` pairs.  When the rest of the field can be
        completed around such a next bracket (C4), the pairing found is at that bound, so
        it is best on C8 as well and, being the first of the candidates best on every other
        criterion, the first of the best (Art. 4); otherwise the bracket is paired again
        with ``N`` in the matchings.  A sufficient test: one maximum matching of ``N`` and
        ``D`` (no pair inside ``D``), with a stand-in partner for the player left over,
        then completion of that player and everybody below (:meth:`_complete`).

        2017/2012 C.7 looks at the next bracket alone (no completion: that is the PPB's,
        A.9); when the next bracket is the last, C.7 also counts the PAB-ineligible players
        paired (engine.dutch.criteria.NextPairs2017), so the one left over must be eligible.  Its
        second part counts the scores of the players paired here or there (2017 C.7b,
        engine.dutch.criteria.NextBracketScores): at the bound, all of the bracket's, whichever
        players float - again one bound for every candidate with as many pairs (C.5)."""
        dropped, nc = self.dropped, self.noncand
        alone = not self.edition.completion_every_bracket
        group = list(floaters) + list(nxt)
        fset, nset = set(floaters), set(nxt)
        below = sorted(v for v in self.alive if v not in fset and v not in nset)
        # Whoever is left over is a player of N; PAB-eligible when nothing is below to
        # pair him (2025), or when N is the last bracket (2017 C.7).
        free = not self.ctx.next_is_last if alone else bool(below)
        mate = self._with_stand_in(
            group,
            lambda v: v in nset and (free or not nc[v]),
            keep=lambda e: not (e[0] in fset and e[1] in fset) and e not in dropped,
            k=24,
        )
        if mate is None:
            return False
        if alone:
            return True
        left = frozenset([mate[-1]] if -1 in mate else [])
        below_set = frozenset(below)
        if self._one_swap(self._near_perfect_of(below_set), below_set, left):
            return True
        rest = below + sorted(left)
        return not rest or self._complete(rest, lambda v: not nc[v])

    def _pair_perfect(
        self, current: list[int], nxt: list[int], pairs: list[tuple[int, int]]
    ) -> tuple[BracketRecord, list[int]]:
        """Fix the pairs of :meth:`_perfect_bracket`: nobody floats down."""
        order = self.order
        for a, b in pairs:
            self.final[a] = b
            self.final[b] = a
            self.alive.discard(a)
            self.alive.discard(b)
        self.V = current + nxt
        self.lower: frozenset[int] = frozenset()
        self.residents = current
        self.whole = True
        self.mate = dict(self.final)
        rec = BracketRecord(
            score=order[current[0]].score,
            residents=[order[v].tpn for v in current],
            mdps=[],
            pairs=[(order[a].tpn, order[b].tpn) for a, b in pairs],
            downfloaters=[],
            next_group=[order[v].tpn for v in nxt],
            c9_applies=self.ctx.single_downfloater_is_pab,
            context=replace(self.ctx),
        )
        return rec, []

    # -- one bracket -------------------------------------------------------------------------
    def _bracket_values(
        self, V: list[int], bset: set[int], mdp_count: int
    ) -> dict[tuple[int, int], list[Value]]:
        """Criteria values of the legal pairs of the bracket and its next scoregroup.

        The pairs whose lower player is a resident here or in the next group are valued
        anew; pairs of two MDPs keep what they were worth in the bracket they came from.  A
        pair whose lower player is in the next group only counts for completion, C8 and C9;
        the other criteria are about this bracket's pairs (their value is 0).  Criteria
        read only a player's :func:`_signature`, so pairs of equal signatures share one
        value list (computed once per bracket)."""
        order, ctx, crit = self.order, self.ctx, self.criteria
        in_next = [(ci, c) for ci, c in enumerate(crit) if c.key in ("F1", "C8a", "C8b", "C9")]
        blank: list[Value] = [None] * len(crit)
        met, pref = self.compat.met, self.compat.guard  # C1, C3 as in Compatibility.allows
        dropped, vals, sig = self.dropped, self.vals, self.sig
        memo: dict[tuple[object, object, bool], list[Value]] = {}
        local: dict[tuple[int, int], list[Value]] = {}
        for li in range(mdp_count):
            for hi in range(li):
                e = (V[hi], V[li])
                if e in vals and e not in dropped and self.ok(*e):
                    local[e] = vals[e]
        for li in range(mdp_count, len(V)):
            l = V[li]
            inside = l in bset
            met_l, pref_l, sig_l = met[l], pref[l], sig[l]
            for hi in range(li):
                h = V[hi]
                if h in met_l or (pref_l is not None and pref[h] == pref_l) or (h, l) in dropped:
                    continue
                key = (sig[h], sig_l, inside)
                vs = memo.get(key)
                if vs is None:
                    a, b = order[h], order[l]
                    if inside:
                        vs = [c.value(ctx, a, b, "B") for c in crit]
                    else:
                        vs = blank[:]
                        for ci, c in in_next:
                            vs[ci] = c.value(ctx, a, b, "N")
                    memo[key] = vs
                vals[(h, l)] = local[(h, l)] = vs
        return local

    def _pair_bracket(
        self, current: list[int], mdp_count: int, nxt: list[int]
    ) -> tuple[BracketRecord, list[int]]:
        """Pair one bracket (its MDPs first in ``current``) with a look at ``nxt``: the best
        candidate (one matching), then the generation order (Art. 4) in three steps."""
        perfect = self._perfect_bracket(current, mdp_count, nxt)
        if perfect is not None:
            return self._pair_perfect(current, nxt, perfect)
        if self._lookahead_local(current, mdp_count, nxt):
            saved = (dict(self.final), set(self.alive), set(self.dropped))
            try:
                rec, floaters = self._pair_candidates(current, mdp_count, nxt, look=False)
                if self._lookahead_reached(floaters, nxt):
                    return rec, floaters
            except _LookaheadNeeded:
                pass
            self.final, self.alive, self.dropped = saved
        return self._pair_candidates(current, mdp_count, nxt, look=True)

    def _pair_candidates(
        self, current: list[int], mdp_count: int, nxt: list[int], look: bool
    ) -> tuple[BracketRecord, list[int]]:
        """The matching route; ``look``: the next scoregroup is in the matchings (C8)."""
        st = self._open_bracket(current, mdp_count, nxt, look)
        mate = self._solve()
        selected, mdp_bonus, mate = self._choose_mdps(st, mate)  # 4.4
        mdp_pairs, mate = self._pair_mdps(st, selected, mdp_bonus, mate)  # 4.4 / 4.2 on S2
        remainder, firsts, mate = self._exchange(st, mate)  # 4.3
        pairs = mdp_pairs + self._transpose(st, remainder, firsts, mate)  # 4.2
        return self._close_bracket(st, pairs)

    def _open_bracket(
        self, current: list[int], mdp_count: int, nxt: list[int], look: bool
    ) -> _Bracket:
        """Values, layout and weights of the bracket's pairs; the bit fields below the
        criteria that the questions of the generation order use.  Without ``look`` the next
        scoregroup joins the players below (completion is still checked on them)."""
        residents = current[mdp_count:]
        V = current + nxt if look else list(current)
        self.V = V
        self.look = look
        vset = set(V)
        self.lower = frozenset(v for v in self.alive if v not in vset)
        self.completable_cache: dict[frozenset[int], bool] = {}
        self.solved_whole = False  # a matching of this bracket needed the whole field
        self.lower_base: dict[int, int] | None = None
        bset = set(current)
        self.local_vals = self._bracket_values(V, bset, mdp_count)
        self.residents = residents
        self._layout_bracket()
        # One layout serves the whole bracket: below the criteria, ``low`` bits for the
        # questions of each stage (4.4 MDP choice, 4.3 exchange, 4.2 transposition), and a
        # hint at the bottom when the weights leave room.
        width = _width(len(residents) + 1)
        q_width = _width(len(V) + 3)
        need = max(
            _width(mdp_count + 1) + q_width,
            width + _width(len(residents) ** 2 + 1) + q_width,
            width,
        )
        room = RUSTWORKX_BITS - 1 - self.crit_bits
        hint = _width(9 * len(residents)) if room >= need + _width(9 * len(residents)) else 0
        low = max(need, room - hint)
        self._pack(low, hint)
        return _Bracket(
            members=current,
            bset=bset,
            mdps=current[:mdp_count],
            residents=residents,
            rset=set(residents),
            nxt=nxt,
            low=low,
            hint=hint,
            q_width=q_width,
            width=width,
        )

    def _choose_mdps(
        self, st: _Bracket, mate: dict[int, int]
    ) -> tuple[list[int], dict[tuple[int, int], int], dict[int, int]]:
        """4.4: the MDPs to pair, earliest first (smallest BSNs), score by score.  Returns
        them, the bonus that keeps them paired, and the last matching."""
        order, rset, Q, X_MDP = self.order, st.rset, st.hint, st.hint + st.q_width
        selected: list[int] = []
        mdp_bonus: dict[tuple[int, int], int] = {}
        mdps = st.mdps
        k = 0
        while k < len(mdps):
            s = order[mdps[k]].score
            group = [v for v in mdps[k:] if order[v].score == s]
            k += len(group)
            can = sum(1 for v in group if mate.get(v) in rset)
            left = len(group)
            for v in group:
                if can == 0:
                    break
                if left <= can:
                    selected.append(v)
                    left -= 1
                    can -= 1
                    self._bonus(mdp_bonus, v, rset, 1 << X_MDP)
                    continue
                left -= 1
                if mate.get(v) not in rset:
                    q = dict(mdp_bonus)
                    self._bonus(q, v, rset, 1 << Q)
                    mate = self._solve(q)
                if mate.get(v) in rset:
                    selected.append(v)
                    can -= 1
                    self._bonus(mdp_bonus, v, rset, 1 << X_MDP)
        return selected, mdp_bonus, mate

    def _pair_mdps(
        self,
        st: _Bracket,
        selected: list[int],
        mdp_bonus: dict[tuple[int, int], int],
        mate: dict[int, int],
    ) -> tuple[list[tuple[int, int]], dict[int, int]]:
        """4.4 with 4.2 on S2: each chosen MDP in turn gets the earliest resident that keeps
        the best candidate.  Returns the MDP pairs (fixed) and the last matching."""
        pairs: list[tuple[int, int]] = []
        for v in selected:
            cands = [r for r in st.residents if r not in self.final and self._has(v, r)]
            if cands and mate.get(v) != cands[0]:
                q = dict(mdp_bonus)
                for rank, r in enumerate(reversed(cands)):
                    e = (v, r) if v < r else (r, v)
                    q[e] = q.get(e, 0) + ((rank + 1) << st.hint)
                mate = self._solve(q)
            partner = mate[v]
            pairs.append((v, partner))
            self._finalize(v, partner)
            for e in [e for e in mdp_bonus if v in e or partner in e]:
                del mdp_bonus[e]
        return pairs, mate

    def _exchange(
        self, st: _Bracket, mate: dict[int, int]
    ) -> tuple[list[int], list[int], dict[int, int]]:
        """4.3: the remainder's exchange - fewest players exchanged, smallest BSN sum, then
        the highest BSN out of S1 and the lowest into it, each checked with one matching.
        Returns the remainder, its S1' (the higher players of its pairs, now fixed by
        dropping every other pair) and the last matching."""
        R = [r for r in st.residents if r not in self.final]
        pos = {r: i for i, r in enumerate(R)}
        rem_set = set(R)
        s1 = sum(1 for r in R if mate.get(r) in rem_set and mate[r] > r)
        kept = self._without_exchange(R, s1, mate)
        if kept is not None:
            return R, R[:s1], kept
        Q = st.hint
        # The exchange fields stay in the graph's weights while 4.3 is decided; the
        # questions add one bit below them.
        exch = self._exchange_weights(st, R, s1)
        if exch:
            self.graph.shift(exch)
            mate = self._solve()
        bset, edge = st.bset, self.graph.edge

        def higher(v: int) -> bool:  # v is the higher player of a pair inside the bracket
            m = mate.get(v)
            return m is not None and m > v and m in bset

        count = sum(1 for r in R[:s1] if not higher(r))
        remaining = count
        for r in reversed(R[:s1]):  # out of S1: the highest BSNs
            if not remaining:
                break
            after = [(r, o) for o in R[pos[r] + 1 :]]
            if higher(r):
                mate = self._solve({e: -(1 << Q) for e in after if e in edge})
            if not higher(r):
                remaining -= 1
                self._drop_edges(after)
        remaining = count
        for r in R[s1:]:  # into S1: the lowest BSNs
            if remaining <= 1:
                break
            if not higher(r):
                mate = self._solve({(r, o): 1 << Q for o in R[pos[r] + 1 :] if (r, o) in edge})
            if higher(r):
                remaining -= 1
                self._drop_edges([(o, r) for o in R[: pos[r]]] + [(r, o) for o in st.nxt])
        # Fix S1' (the higher players of the pairs) and drop the exchange fields.
        up = [higher(a) for a in R]
        self._drop_edges(
            [
                (a, b)
                for i, a in enumerate(R)
                for j, b in enumerate(R[i + 1 :], i + 1)
                if not up[i] or up[j]
            ]
        )
        self.graph.shift({e: -w for e, w in exch.items()})
        return R, [r for r in R if higher(r)], mate

    def _without_exchange(
        self, R: list[int], s1: int, mate: dict[int, int]
    ) -> dict[int, int] | None:
        """4.3 starts from no exchange: when the original S1 (the first ``s1`` of the
        remainder) can be the higher players of a best candidate, it is S1'.  Tested with
        one matching without the pairs inside S1 or inside S2 (``mate`` is a best
        candidate's): as good on every criterion, as many pairs inside the remainder, and a
        complete round (C4).  When it is, those pairs are dropped for good and its matching
        is returned; else None (the exchange is decided with the exchange fields)."""
        if self.solved_whole or not s1:
            return None
        first = set(R[:s1])
        rset = set(R)

        def inside(e: tuple[int, int]) -> bool:  # a pair of the remainder not S1 -> S2
            return e[0] in rset and e[1] in rset and not (e[0] in first and e[1] not in first)

        crit, final = self.crit_w, self.final

        def worth(m: dict[int, int]) -> int:  # the criteria of the pairs still open
            return sum(crit.get((v, p), 0) for v, p in m.items() if v < p and v not in final)

        trial = LocalGraph({e: w for e, w in self.graph.weights.items() if not inside(e)})
        got = trial.solve(None, self.bits)
        if worth(got) != worth(mate) or sum(1 for r in R[:s1] if got.get(r, -1) in rset) != s1:
            return None
        if self.lower and self.edition.completion_every_bracket and not self._completable(got):
            return None
        # Drop the pairs inside S1 or S2: the trial graph goes on (cheaper than removing
        # most of the edges of the bracket's graph one by one).
        self.dropped.update(e for e in self.graph.weights if inside(e))
        self.graph = trial
        got.update(self.final)
        self.mate = got
        return got

    def _exchange_weights(self, st: _Bracket, R: list[int], s1: int) -> dict[tuple[int, int], int]:
        """4.3's fields: a pair whose higher player is in S1 (the first ``s1`` of ``R``)
        counts one (fewest exchanges), and higher players weigh more the smaller their BSN
        (smallest BSN sum of S1')."""
        x_sum = st.hint + st.q_width
        x_exch = x_sum + _width(len(st.residents) ** 2 + 1)
        edge = self.graph.edge
        exch: dict[tuple[int, int], int] = {}
        for ia, a in enumerate(R):
            for b in R[ia + 1 :]:
                if (a, b) in edge:
                    exch[(a, b)] = ((1 if ia < s1 else 0) << x_exch) + ((len(R) - ia) << x_sum)
        return exch

    def _transpose(
        self, st: _Bracket, R: list[int], firsts: list[int], mate: dict[int, int]
    ) -> list[tuple[int, int]]:
        """4.2: each S1 player in turn gets the earliest S2 player that keeps the best
        candidate.  One matching settles several S1 players at once: their choices sit in
        fields of their own, the earlier player's above the later one's, each as wide as
        the group's longest list of candidates needs (the lists shorten as S2 is used up),
        as many as the weights leave room for.  Returns the remainder's pairs (fixed)."""
        pairs: list[tuple[int, int]] = []
        i = 0
        while i < len(firsts):
            a = firsts[i]
            cands = self._candidates(a, R)
            if not cands or mate.get(a) == cands[0]:
                if cands:
                    pairs.append((a, mate[a]))
                    self._finalize(a, mate[a])
                i += 1
                continue
            lists = {a: cands}
            width = _width(len(cands))
            while True:
                group = firsts[i : i + max(1, st.low // width)]
                for x in group:
                    if x not in lists:
                        lists[x] = self._candidates(x, R)
                need = max(_width(len(lists[x])) for x in group)
                if need <= width:
                    break
                width = need
            q: dict[tuple[int, int], int] = {}
            for j, x in enumerate(group):
                at = st.hint + width * (len(group) - 1 - j)
                xc = lists[x]
                for k, b in enumerate(xc):
                    q[(x, b)] = (len(xc) - k) << at
            mate = self._solve(q)
            for x in group:
                if x in mate and x not in self.final:
                    pairs.append((x, mate[x]))
                    self._finalize(x, mate[x])
            i += len(group)
        return pairs

    def _candidates(self, a: int, R: list[int]) -> list[int]:
        """The S2 players ``a`` may still get, in 4.2's order."""
        return [b for b in R if b > a and b not in self.final and self._has(a, b)]

    def _close_bracket(
        self, st: _Bracket, pairs: list[tuple[int, int]]
    ) -> tuple[BracketRecord, list[int]]:
        """The bracket's record (TPNs) and its downfloaters (vertices)."""
        order = self.order
        floaters = [v for v in st.members if v not in self.final]
        rec = BracketRecord(
            score=order[st.residents[0]].score if st.residents else order[st.members[0]].score,
            residents=[order[v].tpn for v in st.residents],
            mdps=[order[v].tpn for v in st.mdps],
            pairs=[(order[a].tpn, order[b].tpn) for a, b in pairs],
            downfloaters=[order[v].tpn for v in floaters],
            next_group=[order[v].tpn for v in st.nxt],
            c9_applies=self.ctx.single_downfloater_is_pab,
            context=replace(self.ctx),
        )
        return rec, floaters

    # -- output --------------------------------------------------------------------------
    def _result(
        self, bye: int | None, brackets: list[BracketRecord], bye_score: int | None
    ) -> RoundPairing:
        order = self.order
        initial = self.inp.initial_colour or "w"
        boards = []
        seen: set[int] = set()
        for a, b in self.final.items():
            if a in seen:
                continue
            seen.update((a, b))
            pa, pb = order[a], order[b]
            colour, rule = allocate(pa, pb, initial)
            w, bl = (pa, pb) if colour == "w" else (pb, pa)
            boards.append(Board(w.tpn, bl.tpn, rule))

        boards.sort(key=lambda b: board_key(self.states[b.white], self.states[b.black], self.inp))
        return RoundPairing(
            self.inp.round, boards, bye, brackets, bye_score, self.states, self.criteria
        )


def raw_score(p: PlayerState, inp: RoundInput) -> int:
    """Score without acceleration (board order, C.04.2 3.6)."""
    return p.score - inp.players[p.tpn].acceleration.get(inp.round, 0)


def board_key(x: PlayerState, y: PlayerState, inp: RoundInput) -> tuple[int, int, int]:
    """Sort key of the board of ``x`` and ``y`` (C.04.2 3.6: the higher player's score, the
    lower player's score, then the higher player's rank)."""
    hi, lo = (x, y) if higher_ranked_raw(x, y, inp) else (y, x)
    return (-raw_score(hi, inp), -raw_score(lo, inp), hi.rank)


def higher_ranked_raw(a: PlayerState, b: PlayerState, inp: RoundInput) -> bool:
    return (raw_score(a, inp), -a.rank) > (raw_score(b, inp), -b.rank)


def pair_round(inp: RoundInput, edition: Edition = EDITION_2025) -> RoundPairing:
    """Pair round ``inp.round``; raises :class:`NoPairing` when the rules allow none."""
    return DutchPairer(inp, edition).pair()
