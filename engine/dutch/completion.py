"""The PAB pre-pass and the completion tests (C.04.3 2026 Arts. 2.2-2.3 [C4], [C5]).

Before any bracket is paired, the pre-pass finds the lowest score the PAB assignee can have
(C5) and checks that the round can be paired at all (C1-C3; 1.9.3).  While brackets are
paired, a candidate stands only if everybody left can still be paired, with the PAB to a
candidate (C4): the cheap one-swap test first, a maximum matching when it cannot tell.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..matching import max_cardinality_matching, max_weight_matching
from ..result import NoPairing
from .state import RoundState
from .weights import bit_width


class CompletionTests:
    """Completion of the round: the PAB pre-pass (C5) and the tests of C4, on the round's
    state ``rs``."""

    # A sparse subgraph reads every player's later partners (:meth:`later`, n*n/2 pair
    # tests) once the rounds played are this share of the field: then most players after
    # one may be his past opponents, and finding his first partners by testing each costs
    # more.  Before, a few tests each find them (a big open's early rounds).
    later_after_share = 0.5

    def __init__(self, rs: RoundState) -> None:
        self.rs = rs
        self._later: list[list[int]] | None = None

    def sparse_edges(self, vertices: list[int], k: int = 12) -> list[tuple[int, int]]:
        """Up to ``k`` compatible partners of each vertex among the next ones in order: a
        subgraph; a complete matching of it is one of the whole graph."""
        edges = []
        many_met = self.rs.rounds_played >= self.later_after_share * self.rs.n
        if (self._later is not None or many_met) and all(
            a < b for a, b in zip(vertices, vertices[1:])
        ):
            # Ascending: the next partners are the first of each player's later ones here.
            later, inside = self.later(), set(vertices)
            for a in vertices:
                found = 0
                for b in later[a]:
                    if b in inside:
                        edges.append((a, b))
                        found += 1
                        if found == k:
                            break
            return edges
        met, guard = self.rs.compat.met, self.rs.compat.guard  # C1, C3 as in Compatibility.allows
        n = len(vertices)
        for x, a in enumerate(vertices):
            found = 0
            met_a, guard_a = met[a], guard[a]
            for y in range(x + 1, n):
                b = vertices[y]
                if b not in met_a and (guard_a is None or guard[b] != guard_a):
                    edges.append((a, b))
                    found += 1
                    if found == k:
                        break
        return edges

    def all_edges(self, vertices: list[int]) -> list[tuple[int, int]]:
        """The legal pairs (C1, C3) of ``vertices``, in their order (each pair once, in the
        order of its players' places in ``vertices``)."""
        if all(a < b for a, b in zip(vertices, vertices[1:])):
            # Ascending: each player's legal partners after him, found once per round.
            later, inside = self.later(), set(vertices)
            return [(a, b) for a in vertices for b in later[a] if b in inside]
        ok = self.rs.ok
        return [(a, b) for x, a in enumerate(vertices) for b in vertices[x + 1 :] if ok(a, b)]

    def edges_touching(self, vertices: list[int], part: frozenset[int]) -> list[tuple[int, int]]:
        """The legal pairs (C1, C3) of ``vertices`` (ascending) with a player in ``part``,
        in :meth:`all_edges`' order: a player of ``part`` with anyone after him, any other
        with the players of ``part`` after him."""
        later, inside = self.later(), set(vertices)
        in_part = part & inside
        edges: list[tuple[int, int]] = []
        for a in vertices:
            targets = inside if a in part else in_part
            edges += [(a, b) for b in later[a] if b in targets]
        return edges

    def later(self) -> list[list[int]]:
        """Each player's legal partners (C1, C3) at later places, ascending: the round's
        legal pairs do not change while it is paired."""
        if self._later is None:
            self._later = self.rs.compat.partners_after()
        return self._later

    def pab_prepass(self) -> tuple[int, bool, dict[int, int]]:  # noqa: C901 - C5 by the cheap test, then by a weighted matching, then C9's ranks (2.3, 2.4.4)
        """C5: the lowest score the PAB assignee can have (eligible PAB first, then the
        lowest score left unpaired), with a completeness check of the whole round (C1-C3).

        A sparse subgraph is tried first; its answer is kept when it is provably the whole
        graph's (a complete matching exists, and the PAB score found is the lowest score of
        any eligible player)."""
        order, n = self.rs.order, self.rs.n
        everyone = list(range(n))
        if n % 2 == 0:
            if not self.complete(everyone, None):
                raise NoPairing("no round-pairing satisfies C1-C3 (1.9.3: the arbiter decides)")
            return 0, False, {}
        eligible = [p.score for p in order if p.bye_eligible]
        if not eligible:
            raise NoPairing("no player can receive the pairing-allocated bye (C2)")
        if not self.rs.edition.completion_every_bracket:  # 2017: no C5, any eligible player
            if not self.complete(everyone, lambda v: order[v].bye_eligible):
                raise NoPairing("no round-pairing satisfies C.1-C.3 (A.9)")
            return order[0].score, False, {}
        scores = sorted({p.score for p in order})
        level = {s: k for k, s in enumerate(scores)}
        low, top = min(eligible), order[0].score
        # Below the PAB fields, one bit per pair of two top-scorers: a matching that keeps
        # the top scoregroup among itself shows C9 in force in the first bracket (2.4.4).
        tb = bit_width(n)
        sb = bit_width(len(scores) * n) + tb

        def solve(edges: list[tuple[int, int]]) -> tuple[dict[int, int], list[int]]:
            weights = {}
            for i, j in edges:
                a, b = order[i], order[j]
                pab = 1 + (not a.bye_eligible) + (not b.bye_eligible)
                both_top = a.score >= top and b.score >= top
                weights[(i, j)] = (pab << sb) + ((level[a.score] + level[b.score]) << tb) + both_top
            mate = max_weight_matching(weights) if weights else {}
            unmatched = [v for v in range(n) if v not in mate]
            return mate, unmatched

        def top_kept(mate: dict[int, int]) -> bool:
            return all(
                order[mate[v]].score >= top for v in range(n) if order[v].score >= top and v in mate
            )

        if low < top and self.pab_among(low):
            # The lowest score possible; nobody at the top score is the PAB assignee, so
            # which partners the top bracket's players get does not matter here.
            bye_score, single = low, False
        else:
            mate, unmatched = solve(self.sparse_edges(everyone))
            dense = not (
                len(unmatched) == 1
                and order[unmatched[0]].bye_eligible
                and order[unmatched[0]].score == low
            )
            # The sparse answer is the PAB score's proof, but not the top pairs' maximum.
            if dense or (low >= top and not top_kept(mate)):
                mate, unmatched = solve(self.all_edges(everyone))
            if len(unmatched) > 1:
                raise NoPairing("no round-pairing satisfies C1-C3 (1.9.3: the arbiter decides)")
            bye = order[unmatched[0]]
            if not bye.bye_eligible:
                raise NoPairing("no player can receive the pairing-allocated bye (C2)")
            bye_score = bye.score
            single = bye_score >= top and top_kept(mate)
        counts = sorted(p.played for p in order if p.score == bye_score)
        ranks: dict[int, int] = {}
        if self.rs.edition.c9_fewest_unplayed:
            # Paired players weigh more the fewer games they played, so the PAB goes to one
            # with the most games played (fewest unplayed).
            for k, c in enumerate(sorted(counts, reverse=True)):
                ranks[c] = k
        else:
            for k, c in enumerate(counts):
                ranks[c] = k
        return bye_score, single, ranks

    def with_stand_in(
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
        Tried greedily on the sparse subgraph (``k`` next partners each) first, then by a
        maximum matching of it, then, with ``dense``, of every pair."""
        odd = len(players) % 2 == 1
        verts = players + ([-1] if odd else [])
        stand_in = [(-1, v) for v in players if spare(v)] if odd else []
        for sparse in (True, False) if dense else (True,):
            edges = self.sparse_edges(players, k) if sparse else self.all_edges(players)
            if keep is not None:
                edges = [e for e in edges if keep(e)]
            if sparse:
                got = self.greedy(players, edges, spare, keep)
                if got is not None:
                    return got
            mate = max_cardinality_matching(verts, edges + stand_in)
            if len(mate) == len(verts):
                return mate
        return None

    def greedy(
        self,
        players: list[int],
        edges: list[tuple[int, int]],
        spare: Callable[[int], bool],
        keep: Callable[[tuple[int, int]], bool] | None,
    ) -> dict[int, int] | None:
        """:meth:`with_stand_in`'s matching found greedily, when that is enough: each player
        in order with his first free partner of ``edges``; two players left over (or one
        the stand-in may not take) are then placed by one swap with a pair (C1, C3 and
        ``keep`` on the whole field).  None: not found this way (a maximum matching decides)."""
        ok = self.rs.ok

        def fits(a: int, b: int) -> bool:
            e = (a, b) if a < b else (b, a)
            return ok(*e) and (keep is None or keep(e))

        mate: dict[int, int] = {}
        for a, b in edges:
            if a not in mate and b not in mate:
                mate[a] = b
                mate[b] = a
        left = [v for v in players if v not in mate]
        if len(left) % 2:  # the stand-in's player: one the stand-in may take
            u = next((v for v in left if spare(v)), None)
            if u is None:
                u = left[0]
                x = next((x for x in players if x in mate and spare(mate[x]) and fits(u, x)), None)
                if x is None:
                    return None
                y = mate[x]
                mate[u], mate[x] = x, u
                del mate[y]
                left = [v for v in left if v != u] + [y]
                u = y
            left.remove(u)
            mate[u], mate[-1] = -1, u
        while left:
            u, v = left.pop(), left.pop()
            if fits(u, v):
                mate[u], mate[v] = v, u
                continue
            for x in players:
                y = mate.get(x, -1)
                if y < 0 or y < x:
                    continue
                if fits(u, x) and fits(v, y) or fits(u, y) and fits(v, x):
                    a, b = (x, y) if fits(u, x) and fits(v, y) else (y, x)
                    mate[u], mate[a], mate[v], mate[b] = a, u, b, v
                    break
            else:
                return None
        return mate

    def pab_among(self, score: int) -> bool:
        """Does the field pair with the PAB to an eligible player of ``score``?  (Sparse
        subgraph only: a quick answer; no means not shown.)"""
        order = self.rs.order
        return (
            self.with_stand_in(
                list(range(self.rs.n)),
                lambda v: order[v].bye_eligible and order[v].score == score,
                dense=False,
            )
            is not None
        )

    def complete(self, rest: list[int], candidates: Callable[[int], bool] | None) -> bool:
        """Can ``rest`` be paired completely (C1, C3), leaving at most one player, who must
        be in ``candidates``, for the PAB?  Tried on a sparse subgraph first.  In a family,
        asked once for the same players (by their C1 and C3 facts) and candidates."""
        spare = candidates or (lambda v: True)
        family = self.rs.family
        if family is None:
            return self.with_stand_in(rest, spare) is not None
        ck = self.rs.compat_key
        key = (frozenset(map(ck.__getitem__, rest)), frozenset(ck[v] for v in rest if spare(v)))
        known = family.completes.get(key)
        if known is None:
            known = self.with_stand_in(rest, spare) is not None
            family.keep_complete(key, known)
        return known

    def completable(self, mate: dict[int, int]) -> bool:
        """Can everybody the local matching leaves unpaired still be paired (one PAB to an
        eligible player of the PAB score at most)?"""
        rest_v = frozenset(v for v in self.rs.bk.V if v not in mate and v not in self.rs.final)
        cached = self.rs.bk.completable_cache.get(rest_v)
        if cached is not None:
            return cached
        ok = self.complete_around(rest_v)
        if not ok:
            rest = sorted(rest_v | self.rs.bk.lower)
            ok = self.complete(rest, lambda v: not self.rs.noncand[v])
        self.rs.bk.completable_cache[rest_v] = ok
        return ok

    def complete_around(self, left: frozenset[int]) -> bool:
        """A sufficient test for :meth:`completable`: :meth:`one_swap` around a maximum
        matching of the players below (one per set of players, :meth:`near_perfect_of`).
        False: not shown (the full test decides)."""
        if self.rs.bk.lower_base is None:
            self.rs.bk.lower_base = self.near_perfect_of(self.rs.bk.lower)
        return self.one_swap(self.rs.bk.lower_base, self.rs.bk.lower, left)

    def one_swap(self, base: dict[int, int], players: frozenset[int], left: frozenset[int]) -> bool:
        """Do ``players`` and the at most one player ``left`` pair completely (the PAB, if
        any, to a candidate), shown from ``base`` - a matching of ``players`` pairing all
        of them, or all but one, ``spare`` - by adding one pair or swapping one?"""
        nc, ok = self.rs.noncand, self.rs.ok
        if -2 in base or len(left) > 1:
            return False
        spare = base.get(-1)  # the player of the ones below left over, when they are odd
        if not left:
            return spare is None or not nc[spare]
        (u,) = left
        if spare is None:  # u or a partner's partner takes the PAB
            return not nc[u] or any(ok(u, x) and not nc[base[x]] for x in players)
        return ok(u, spare) or any(x != spare and ok(u, x) and ok(base[x], spare) for x in players)

    def near_perfect_of(self, players: frozenset[int]) -> dict[int, int]:
        """:meth:`_near_perfect` of a set of players, kept for the round.  The players below
        one bracket are those below the previous one less a scoregroup: the previous
        matching, less the pairs that group broke, is completed on the players it left
        alone when that suffices."""
        got = self.rs.near_cache.get(players)
        if got is not None:
            return got
        # In a family: the matching another member found for the same players (by their C1
        # and C3 facts), in this state's places.  Any such matching serves: the tests built
        # on it are sufficient ones, a full test deciding when they fail (one_swap).
        family, ck = self.rs.family, self.rs.compat_key
        key = frozenset(map(ck.__getitem__, players)) if family is not None else frozenset()
        if family is not None:
            shared = family.near.get(key)
            if shared is not None:
                got = _renamed(shared, {ck[v]: v for v in players})
                self.rs.near_cache[players] = got
                return got
        last = self.rs.last_near
        if last is not None and players <= last[0] and -2 not in last[1]:
            mate = {v: m for v, m in last[1].items() if v in players and m in players}
            alone = sorted(players.difference(mate))
            patch = self._near_perfect(alone) if alone else {}
            got = {**mate, **patch} if -2 not in patch else None
        if got is None:
            got = self._near_perfect(sorted(players))
        self.rs.near_cache[players] = got
        self.rs.last_near = (players, got)
        if family is not None:
            family.keep_near(key, _renamed(got, ck))
        return got

    def _near_perfect(self, players: list[int]) -> dict[int, int]:
        """A matching of ``players`` (C1, C3) that pairs all of them, or all but one, who is
        paired with the stand-in -1; ``{-2: -2}`` when there is none."""
        return self.with_stand_in(players, lambda v: True) or {-2: -2}


def _renamed(mate: dict[int, int], name: Mapping[int, int] | list[int]) -> dict[int, int]:
    """``mate`` with its players renamed by ``name`` (the stand-in -1 and the no-matching
    mark -2 as they are)."""
    return {name[v] if v >= 0 else v: name[m] if m >= 0 else m for v, m in mate.items()}
