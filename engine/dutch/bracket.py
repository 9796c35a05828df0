"""One bracket's matchings: its pairs' criteria values, their weights, the best candidate.

A bracket is opened (:meth:`BracketMatcher.open_bracket`: values, layout, weights and the
bit fields of the generation-order questions), asked questions (:meth:`solve`: a best
matching that leaves a complete round, C4), and closed into its record.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from itertools import repeat
from operator import not_

from ..matching import RUSTWORKX_BITS, LocalGraph, max_weight_complete, max_weight_matching
from .completion import CompletionTests
from .criteria import Context, Criterion, Value
from .family import Opening
from .players import PlayerState
from .state import BracketState, LookaheadNeeded, RoundState, _Bracket
from .trace import BracketRecord
from .weights import PairGroup, WeightLayout, bit_width, count

_CONTEXT_FIELDS = tuple(f.name for f in fields(Context))


def _content(vs: list[Value], vector: list[int]) -> tuple[object, ...]:
    """A value list as a key: the vector criteria's (at ``vector``) slots in order."""
    if not vector:
        return tuple(vs)
    key: list[object] = list(vs)
    for ci in vector:
        v = vs[ci]
        if isinstance(v, dict):
            key[ci] = tuple(sorted(v.items()))
    return tuple(key)


class _Valuation:
    """A bracket's pairs as :meth:`BracketMatcher._bracket_values` values them: its
    vertices (the bracket and its next group, the MDPs first), each pair's value list
    (``local``), the groups of pairs by list, and per lower player's signature and whether
    he is in the bracket, the groups by the higher player's signature (``rows``; signatures
    as ints: equal signatures, equal ints)."""

    def __init__(
        self,
        matcher: BracketMatcher,
        known: dict[tuple[int, int, bool], list[Value]],
        V: list[int],
        bset: set[int],
        mdp_count: int,
    ) -> None:
        rs = matcher.rs
        self.matcher, self.known = matcher, known
        self.V, self.bset, self.mdp_count = V, bset, mdp_count  # the bracket and next group
        self.dropped_with: dict[int, set[int]] = {}  # the pairs dropped, by lower player
        for x, y in rs.dropped:
            self.dropped_with.setdefault(y, set()).add(x)
        self.order, self.sig, self.interned = rs.order, rs.sig, rs.interned
        self.in_next = [
            (ci, c) for ci, c in enumerate(rs.criteria) if c.key in ("F1", "C8a", "C8b", "C9")
        ]
        self.vector = [ci for ci, c in enumerate(rs.criteria) if c.vector]
        self.local: dict[tuple[int, int], list[Value]] = {}
        self.groups: list[PairGroup] = []
        self.rows: dict[tuple[int, bool], dict[int, PairGroup]] = {}
        self._kept: dict[int, PairGroup] = {}  # the groups by id of their list

    def group_of(self, vs: list[Value]) -> PairGroup:
        g = self._kept.get(id(vs))
        if g is None:
            g = self._kept[id(vs)] = (vs, set(), set())
            self.groups.append(g)
        return g

    def group(self, s: int, h: int, l: int, inside: bool) -> PairGroup:
        """The group of the pairs of signature ``s`` above (``h``: one such player) and
        ``l`` below: their value list, equal lists being one list for the round and one
        group (the weights' layout reads a group's players only as the union of such
        groups')."""
        key = (s, self.sig[l], inside)
        found = self.known.get(key)
        if found is None:
            vs = self.matcher._pair_values(self.order[h], self.order[l], inside, self.in_next)
            found = self.known[key] = self.interned.setdefault(_content(vs, self.vector), vs)
        return self.group_of(found)


class BracketMatcher:
    """The matchings of one bracket (its state: ``rs.bk``), each a best candidate that
    leaves a complete round (C4, asked of ``completion``)."""

    # Question bits added to a bracket whose criteria alone are too wide for rustworkx.
    wide_question_bits = 48
    # Questions after one that needed the whole field go to it directly (solve).
    whole_after_whole = True
    # Classes of players (one signature and C3 guard) per player up to which a bracket's
    # pairs are found class by class (_bracket_values); above it, pair by pair.
    class_share = 0.5

    def __init__(self, rs: RoundState, completion: CompletionTests) -> None:
        self.rs = rs
        self.completion = completion
        self._c9_setup_top: int | None = None

    def solve(self, extra: dict[tuple[int, int], int] | None = None) -> dict[int, int]:
        """A best matching of the bracket and its next scoregroup that leaves a complete
        round-pairing (C4); the whole field is matched when the local one would not.

        Once a question of the bracket needed the whole field, the next ones go to it
        directly where that answers as the local matching would (``BracketState.
        whole_first``): the whole field's weights put completion (C4, C5) above the same
        criteria and questions, so its best matchings are the local best ones that leave a
        complete round whenever there are such - exactly the local answers that stand."""
        bk = self.rs.bk
        if bk.solved_whole and bk.whole_first and self.whole_after_whole:
            mate = self._solve_whole(extra)
            mate.update(self.rs.final)
            bk.mate = mate
            return mate
        mate = self.rs.bk.graph.solve(extra, self.rs.bk.bits)
        self.rs.bk.whole = not self.rs.bk.lower
        if (
            self.rs.bk.lower
            and self.rs.edition.completion_every_bracket
            and not self.completion.completable(mate)
        ):
            if not self.rs.bk.look:
                raise LookaheadNeeded  # _solve_whole knows no C8
            mate = self._solve_whole(extra)
            self.rs.bk.whole = self.rs.bk.solved_whole = True
        mate.update(self.rs.final)
        self.rs.bk.mate = mate
        return mate

    def _solve_whole(self, extra: dict[tuple[int, int], int] | None) -> dict[int, int]:
        """A best matching of the whole field: completion (C4, C5: everybody paired, the
        PAB to a candidate) above the bracket's criteria and questions.

        When the field can be paired completely, its completion field is the same for
        every complete matching and less for every other: the best complete matching
        (:func:`max_weight_complete`, without that field) is the answer, and its weights
        are narrower.  Otherwise completion counts in the weights."""
        lay, shift = self.rs.bk.crit_layout, self.rs.bk.shift
        c9 = lay.scale.get((self.rs.c9, 0)) if self.rs.c9 is not None else None
        if c9 is not None:
            c9 <<= shift
        weights = self.rs.bk.graph.weights
        for e, w in (extra or {}).items():
            if e in weights:
                weights[e] += w
        bracket_pairs = list(weights)
        nc, c9s, dropped = self.rs.noncand, self.rs.c9_setup, self.rs.dropped
        alive = sorted(self.rs.alive)
        lower_pairs = self.completion.edges_touching(alive, self.rs.bk.lower)
        if dropped:
            lower_pairs = [e for e in lower_pairs if e not in dropped]
        if c9 is None:
            weights.update(dict.fromkeys(lower_pairs, 0))
        else:
            for a, b in lower_pairs:
                weights[(a, b)] = (c9s[a] + c9s[b]) * c9 if c9s[a] or c9s[b] else 0
        mate = max_weight_complete(weights, alive, [v for v in alive if not nc[v]])
        if mate is not None:
            return mate
        f1 = lay.scale[(0, 0)] << shift
        for e in bracket_pairs:
            weights[e] += count(self.rs.vals[e][0]) * f1
        for a, b in lower_pairs:
            weights[(a, b)] += (1 + nc[a] + nc[b]) * f1
        return max_weight_matching(weights)

    def drop_edges(self, edges: list[tuple[int, int]]) -> None:
        """Drop pairs for the rest of the bracket (higher player first in each)."""
        self.rs.dropped.update(edges)
        self.rs.bk.graph.remove_edges(edges)

    def finalize(self, a: int, b: int) -> None:
        self.rs.final[a] = b
        self.rs.final[b] = a
        left = self.rs.bk.failures_left
        if left:
            vs = self.rs.bk.local_vals.get((a, b) if a < b else (b, a))
            if vs is not None:
                for ci in left:
                    left[ci] += count(vs[ci])  # a failure is -1
        for v in (a, b):
            self.rs.alive.discard(v)
            self.rs.bk.graph.remove_vertex(v)

    def failure_budget(self, mate: dict[int, int]) -> None:
        """The failures a best candidate has on each criterion that counts them (Art. 2.4:
        a pair fails or not), read from ``mate``, a best candidate: every best candidate
        has as many (each criterion's total is a field of the weight of its own), so once
        the pairs fixed in this bracket have that many, no other failing pair is in any
        best candidate (:meth:`prune_failures`).  Scalar criteria in the weights only."""
        if self.rs.bk.solved_whole:
            return  # a matching of the whole field: left to the general route
        lay, vals = self.rs.bk.crit_layout, self.rs.bk.local_vals
        cis = [
            ci
            for ci, c in enumerate(self.rs.criteria)
            if c.counts_failures and not c.vector and (ci, 0) in lay.scale
        ]
        left = dict.fromkeys(cis, 0)
        for v, p in mate.items():
            vs = vals.get((v, p)) if v < p else None
            if vs is not None:
                for ci in cis:
                    left[ci] -= count(vs[ci])
        self.rs.bk.failures_left = left
        self.prune_failures()

    def prune_failures(self) -> None:
        """Drop from the graph the pairs failing a criterion whose failures are all in
        pairs fixed already (:meth:`failure_budget`): no best candidate has them."""
        left = self.rs.bk.failures_left
        spent = [ci for ci, n in left.items() if n == 0]
        if not spent:
            return
        for ci in spent:
            del left[ci]
        bad = {id(vs) for vs in self.rs.bk.value_lists if any(vs[ci] for ci in spent)}
        if not bad:
            return
        vals = self.rs.bk.local_vals

        def keep(edges: list[tuple[int, int]]) -> list[bool]:
            return list(map(not_, map(bad.__contains__, map(id, map(vals.__getitem__, edges)))))

        self.rs.bk.graph = self.rs.bk.graph.kept(keep)

    def crit_weight(self, e: tuple[int, int]) -> int:
        """The criteria part of pair ``e``'s weight (0: not a pair of the bracket)."""
        vs = self.rs.bk.local_vals.get(e)
        return 0 if vs is None else self.rs.bk.crit_packed[id(vs)]

    def near_best(self) -> dict[int, int]:
        """A matching of the bracket's live pairs that is heavy on the top bits of their
        criteria weights (rustworkx, whatever their width): a lower bound of the best
        candidate's worth, not the best candidate itself."""
        crit = {e: max(0, self.crit_weight(e)) for e in self.rs.bk.graph.edge}
        drop = max(0, max(crit.values(), default=0).bit_length() - (RUSTWORKX_BITS - 1))
        return max_weight_matching({e: w >> drop for e, w in crit.items() if w >> drop})

    def has(self, a: int, b: int) -> bool:
        return ((a, b) if a < b else (b, a)) in self.rs.bk.graph.edge

    def bonus(
        self, bonus: dict[tuple[int, int], int], v: int, targets: Iterable[int], amount: int
    ) -> None:
        for t in targets:
            if t in self.rs.final:
                continue
            e = (v, t) if v < t else (t, v)
            if e in self.rs.bk.graph.edge:
                bonus[e] = bonus.get(e, 0) + amount

    def _bracket_values(
        self,
        V: list[int],
        bset: set[int],
        mdp_count: int,
        known: dict[tuple[int, int, bool], list[Value]],
    ) -> tuple[dict[tuple[int, int], list[Value]], list[PairGroup]]:
        """Criteria values of the legal pairs of the bracket and its next scoregroup, and
        the pairs' groups by value list.

        The pairs whose lower player is a resident here or in the next group are valued
        anew; pairs of two MDPs keep what they were worth in the bracket they came from.  A
        pair whose lower player is in the next group only counts for completion, C8 and C9;
        the other criteria are about this bracket's pairs (their value is 0).  Criteria
        read only a player's :func:`_signature`, so pairs of equal signatures share one
        value list (computed once per bracket), and equal lists are one list and one group
        (the layout reads a group's players only as the union of the groups of one value).
        ``known``: the value lists worked out already in this criteria context, by the two
        signatures and whether the lower player is in the bracket (a family's, .family;
        else empty), filled as they are worked out."""
        rs = self.rs
        dropped, vals, sig, pref = rs.dropped, rs.vals, rs.sig, rs.compat.guard
        val = _Valuation(self, known, V, bset, mdp_count)
        for li in range(mdp_count):
            for hi in range(li):
                e = (V[hi], V[li])
                if e in vals and e not in dropped and rs.ok(*e):
                    vs = val.local[e] = vals[e]
                    kg = val.group_of(vs)
                    kg[1].add(e[0])
                    kg[2].add(e[1])
        if len({(sig[v], pref[v]) for v in V}) <= self.class_share * len(V):
            self._pairs_by_class(val)
        else:
            self._pairs_one_by_one(val)
        vals.update(val.local)
        rs.values_log.append(val.local)
        return val.local, val.groups

    def _pairs_by_class(self, val: _Valuation) -> None:
        """:meth:`_bracket_values` where classes (one signature and C3 guard) are few: the
        players before the lower one are held in them, so that a class's pairs with him
        are found by set difference (C1, dropped pairs)."""
        met, pref, sig = self.rs.compat.met, self.rs.compat.guard, self.rs.sig
        V, bset, mdp_count, dropped_with = val.V, val.bset, val.mdp_count, val.dropped_with
        classes: dict[tuple[int, str | None], set[int]] = {}
        for v in V[:mdp_count]:
            classes.setdefault((sig[v], pref[v]), set()).add(v)
        for l in V[mdp_count:]:
            inside = l in bset
            met_l, pref_l, bad = met[l], pref[l], dropped_with.get(l)
            row = val.rows.setdefault((sig[l], inside), {})
            partners: dict[int, list[Value]] = {}
            for (s, guard), members in classes.items():
                if pref_l is not None and guard == pref_l:
                    continue  # C3
                hs = members - met_l
                if bad:
                    hs -= bad
                if not hs:
                    continue
                g = row.get(s)
                if g is None:
                    g = row[s] = val.group(s, min(hs), l, inside)
                g[1].update(hs)
                g[2].add(l)
                partners.update(dict.fromkeys(hs, g[0]))
            hs_in_order = sorted(partners)  # the pairs in the order of the players
            val.local.update(
                zip(zip(hs_in_order, repeat(l)), map(partners.__getitem__, hs_in_order))
            )
            classes.setdefault((sig[l], pref[l]), set()).add(l)

    def _pairs_one_by_one(self, val: _Valuation) -> None:
        """:meth:`_bracket_values` where players mostly have signatures of their own (long
        events): pair by pair, the players before the lower one that he may meet (C1,
        dropped pairs, C3) in order."""
        met, pref, sig = self.rs.compat.met, self.rs.compat.guard, self.rs.sig
        V, bset, mdp_count, dropped_with = val.V, val.bset, val.mdp_count, val.dropped_with
        local = val.local
        before = set(V[:mdp_count])
        for l in V[mdp_count:]:
            inside = l in bset
            pref_l, bad = pref[l], dropped_with.get(l)
            row = val.rows.setdefault((sig[l], inside), {})
            hs = before - met[l]
            if bad:
                hs -= bad
            for h in sorted(hs):
                if pref_l is not None and pref[h] == pref_l:
                    continue  # C3
                s = sig[h]
                g = row.get(s)
                if g is None:
                    g = row[s] = val.group(s, h, l, inside)
                g[1].add(h)
                g[2].add(l)
                local[(h, l)] = g[0]
            before.add(l)

    def _pair_values(
        self, a: PlayerState, b: PlayerState, inside: bool, in_next: list[tuple[int, Criterion]]
    ) -> list[Value]:
        """The criteria values of the pair of ``a`` and ``b`` (``b`` in the bracket, else in
        the next scoregroup: only ``in_next`` counts there)."""
        ctx, crit = self.rs.ctx, self.rs.criteria
        if inside:
            return [c.value(ctx, a, b, "B") for c in crit]
        vs: list[Value] = [None] * len(crit)
        for ci, c in in_next:
            vs[ci] = c.value(ctx, a, b, "N")
        return vs

    def _open(self, V: list[int], bset: set[int], mdp_count: int, fit: int) -> None:
        """The bracket's pairs' values and their weights' layout (:meth:`_bracket_values`,
        :meth:`_layout_bracket`), or a family's opening of the same bracket (.family)."""
        family, bk = self.rs.family, self.rs.bk
        key, opening = None, None
        known: dict[tuple[int, int, bool], list[Value]] = {}
        if family is not None:
            context = self.context_key()
            key = self._opening_key(V, len(bset), mdp_count, fit, context)
            opening = family.opening(key)
            known = family.values.setdefault(context, {})
        if opening is None:
            bk.local_vals, groups = self._bracket_values(V, bset, mdp_count, known)
            self._layout_bracket(groups, fit)
            if family is not None:
                family.keep(
                    key,
                    Opening(
                        bk.local_vals,
                        bk.value_lists,
                        bk.crit_layout,
                        bk.crit_bits,
                        bk.crit_packed,
                    ),
                )
            return
        bk.local_vals = opening.local
        self.rs.vals.update(opening.local)
        self.rs.values_log.append(opening.local)
        bk.crit_layout, bk.crit_bits = opening.layout, opening.crit_bits
        bk.value_lists = opening.value_lists
        bk.crit_packed = opening.crit_packed

    def _opening_key(
        self, V: list[int], n_current: int, mdp_count: int, fit: int, context: tuple[object, ...]
    ) -> tuple[object, ...]:
        """Everything :meth:`_bracket_values` and :meth:`_layout_bracket` read, in a
        family's terms: the bracket's vertices and their players (signature, C3 guard,
        number and opponents: RoundState.player_key), the criteria ``context``, the pairs
        dropped among them, the MDPs' pairs' value lists (the family's: one per content),
        and what the layout reads of the rest of the round."""
        rs = self.rs
        key = rs.player_key
        vset = set(V)
        return (
            tuple(V),
            tuple(map(key.__getitem__, V)),
            n_current,
            mdp_count,
            fit,
            rs.bk.look,
            bool(rs.bk.lower),
            len(rs.alive),
            self._c9_top(),
            context,
            tuple(sorted(e for e in rs.dropped if e[0] in vset and e[1] in vset)),
            tuple(id(rs.vals.get((V[hi], V[li]))) for li in range(mdp_count) for hi in range(li)),
        )

    def context_key(self) -> tuple[object, ...]:
        """The criteria context (every field, a dict as its items)."""
        ctx = self.rs.ctx
        return tuple(
            tuple(sorted(v.items())) if isinstance(v, dict) else v
            for v in map(ctx.__dict__.__getitem__, _CONTEXT_FIELDS)
        )

    def _c9_top(self) -> int:
        """What the layout reads of the players below (C9's setup, :meth:`_layout_bracket`:
        set once for the round, before its first bracket)."""
        if self._c9_setup_top is None:
            rs = self.rs
            self._c9_setup_top = max(rs.c9_setup, default=0) if rs.c9 is not None else 0
        return self._c9_setup_top

    def _layout_bracket(self, groups: list[PairGroup], fit: int) -> None:
        """Units of the criteria for this bracket's pairs (once per bracket); the fields
        that fields above them determine are looked for only when the local weights would
        not fit in ``fit`` bits otherwise."""
        extra_max = {0: 3} if self.rs.bk.lower and self.rs.edition.completion_every_bracket else {}
        if self.rs.bk.lower and self.rs.c9 is not None and any(self.rs.c9_setup):
            extra_max[self.rs.c9] = 2 * max(self.rs.c9_setup)
        # Without the next group, the look-ahead criteria are judged afterwards
        # (Lookahead.reached): their part in this bracket's pairs must not steer it.
        skip = (
            frozenset()
            if self.rs.bk.look
            else frozenset(ci for ci, c in enumerate(self.rs.criteria) if c.lookahead)
        )
        # Completion (the top field) is checked on the whole field when there are players
        # below the next group, so the local weights end below it.
        local = bool(self.rs.bk.lower)
        lay = WeightLayout(
            self.rs.criteria, groups, len(self.rs.alive), extra_max, skip, fit, local
        )
        self.rs.bk.crit_layout = lay
        self.rs.bk.crit_bits = lay.local_bits if local else lay.bits
        # Value lists are shared between pairs: pack each once (completion is checked on
        # the whole field when there are players below).
        self.rs.bk.value_lists = [vs for vs, _, _ in groups]
        ws = lay.packed(without_top=local)
        self.rs.bk.crit_packed = {id(vs): w for (vs, _, _), w in zip(groups, ws)}

    def _pack(self, low: int, hint: int) -> None:
        """Weights of the live pairs of the bracket: the criteria above ``low`` bits for
        the questions of the generation order, and (``hint`` > 0) a hint below them."""
        residents = [r for r in self.rs.bk.residents if r in self.rs.alive]
        at = low + hint
        self.rs.bk.shift = at
        self.rs.bk.bits = self.rs.bk.crit_bits + at  # weights and questions stay below 2**bits
        # Opened just now: the bracket's pairs are all live (_bracket_values).
        shifted = {k: w << at for k, w in self.rs.bk.crit_packed.items()}
        values = self.rs.bk.local_vals
        ws = list(map(shifted.__getitem__, map(id, values.values())))
        self.rs.bk.graph = LocalGraph.from_lists(list(values), ws, sorted(self.rs.bk.V))
        if hint:
            # Pairs close to S1[i]-S2[i] weigh a little more, so that the first matchings
            # tend to be the ones the generation order wants and fewer decisions need a
            # matching of their own.
            half = len(residents) // 2
            near: dict[tuple[int, int], int] = {}
            for li, l in enumerate(residents):
                for hi in range(max(0, li - half - 2), min(li, li - half + 3)):
                    d = li - hi - half
                    near[(residents[hi], l)] = 9 - d * d
            self.rs.bk.graph.shift(near)
            self.rs.bk.hint = near

    def open_bracket(
        self, current: list[int], mdp_count: int, nxt: list[int], look: bool
    ) -> _Bracket:
        """Values, layout and weights of the bracket's pairs; the bit fields below the
        criteria that the questions of the generation order use.  Without ``look`` the next
        scoregroup joins the players below (completion is still checked on them)."""
        residents = current[mdp_count:]
        V = current + nxt if look else list(current)
        # Only pairs of two players still unpaired are ever asked about again.
        alive = self.rs.alive
        self.rs.dropped = {e for e in self.rs.dropped if e[0] in alive and e[1] in alive}
        self.rs.bk = BracketState(V=V, look=look)
        vset = set(V)
        self.rs.bk.lower = frozenset(v for v in self.rs.alive if v not in vset)
        self.rs.bk.completable_cache = {}
        self.rs.bk.solved_whole = False  # a matching of this bracket needed the whole field
        self.rs.bk.lower_base = None
        # The whole field answers as a local matching would unless C9 (2.4.4) reads pairs
        # below the bracket (their C9 fields, or the last matching in _c9_in_force).
        ctx, order, rs = self.rs.ctx, self.rs.order, self.rs
        self.rs.bk.whole_first = not (
            ctx.odd and nxt and ctx.bye_score >= order[nxt[0]].score
        ) and (rs.c9 is None or not any(rs.c9_setup))
        bset = set(current)
        self.rs.bk.residents = residents
        # One layout serves the whole bracket: below the criteria, ``low`` bits for the
        # questions of each stage (4.4 MDP choice, 4.3 exchange, 4.2 transposition), and a
        # hint at the bottom when the weights leave room.
        width = bit_width(len(residents) + 1)
        q_width = bit_width(len(V) + 3)
        need = max(
            bit_width(mdp_count + 1) + q_width,
            width + bit_width(len(residents) ** 2 + 1) + q_width,
            width,
        )
        self._open(V, bset, mdp_count, RUSTWORKX_BITS - 1 - need - bit_width(9 * len(residents)))
        room = RUSTWORKX_BITS - 1 - self.rs.bk.crit_bits
        hint = bit_width(9 * len(residents)) if room >= need + bit_width(9 * len(residents)) else 0
        # Past rustworkx's bits (the criteria alone are too wide) the weights are Python
        # integers: more question bits cost little there and let one matching ask more.
        low = max(need, room - hint) if room >= need else need + self.wide_question_bits
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

    def close_bracket(
        self, st: _Bracket, pairs: list[tuple[int, int]]
    ) -> tuple[BracketRecord, list[int]]:
        """The bracket's record (TPNs) and its downfloaters (vertices)."""
        return self.rs.record(st.members, len(st.mdps), st.nxt, pairs)
