"""One bracket's matchings: its pairs' criteria values, their weights, the best candidate.

A bracket is opened (:meth:`BracketMatching._open_bracket`: values, layout, weights and the
bit fields of the generation-order questions), asked questions (:meth:`_solve`: a best
matching that leaves a complete round, C4), and closed into its record.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..matching import RUSTWORKX_BITS, LocalGraph, max_weight_matching
from .completion import CompletionTests
from .criteria import Value
from .state import BracketState, LookaheadNeeded, _Bracket
from .trace import BracketRecord
from .weights import PairGroup, WeightLayout, bit_width, count


class BracketMatching(CompletionTests):
    """The matchings of one bracket (its state: ``self.bk``)."""

    def _solve(self, extra: dict[tuple[int, int], int] | None = None) -> dict[int, int]:
        """A best matching of the bracket and its next scoregroup that leaves a complete
        round-pairing (C4); the whole field is matched when the local one would not."""
        mate = self.bk.graph.solve(extra, self.bk.bits)
        self.bk.whole = not self.bk.lower
        if self.bk.lower and self.edition.completion_every_bracket and not self._completable(mate):
            if not self.bk.look:
                raise LookaheadNeeded  # _solve_whole knows no C8
            mate = self._solve_whole(extra)
            self.bk.whole = self.bk.solved_whole = True
        mate.update(self.final)
        self.bk.mate = mate
        return mate

    def _solve_whole(self, extra: dict[tuple[int, int], int] | None) -> dict[int, int]:
        lay = self.bk.crit_layout
        f1 = lay.offset[(0, 0)] + self.bk.shift
        c9 = lay.offset.get((self.c9, 0)) if self.c9 is not None else None
        if c9 is not None:
            c9 += self.bk.shift
        weights = {}
        for e, w in self.bk.graph.weights.items():
            weights[e] = w + (count(self.vals[e][0]) << f1) + (extra.get(e, 0) if extra else 0)
        nc, c9s = self.noncand, self.c9_setup
        for a, b in self._all_edges(sorted(self.alive)):
            if a in self.bk.lower or b in self.bk.lower:
                if (a, b) in self.dropped:
                    continue
                w = (1 + nc[a] + nc[b]) << f1
                if c9 is not None and (c9s[a] or c9s[b]):
                    w += (c9s[a] + c9s[b]) << c9
                weights[(a, b)] = w
        return max_weight_matching(weights, lay.bits + self.bk.shift)

    def _drop_edges(self, edges: list[tuple[int, int]]) -> None:
        """:meth:`_drop_edge` for pairs already in order (higher player first)."""
        self.dropped.update(edges)
        self.bk.graph.remove_edges(edges)

    def _finalize(self, a: int, b: int) -> None:
        self.final[a] = b
        self.final[b] = a
        for v in (a, b):
            self.alive.discard(v)
            self.bk.graph.remove_vertex(v)

    def _crit_weight(self, e: tuple[int, int]) -> int:
        """The criteria part of pair ``e``'s weight (0: not a pair of the bracket)."""
        vs = self.bk.local_vals.get(e)
        return 0 if vs is None else self.bk.crit_packed[id(vs)]

    def _has(self, a: int, b: int) -> bool:
        return ((a, b) if a < b else (b, a)) in self.bk.graph.edge

    def _bonus(
        self, bonus: dict[tuple[int, int], int], v: int, targets: Iterable[int], amount: int
    ) -> None:
        for t in targets:
            if t in self.final:
                continue
            e = (v, t) if v < t else (t, v)
            if e in self.bk.graph.edge:
                bonus[e] = bonus.get(e, 0) + amount

    def _bracket_values(
        self, V: list[int], bset: set[int], mdp_count: int
    ) -> tuple[dict[tuple[int, int], list[Value]], list[PairGroup]]:
        """Criteria values of the legal pairs of the bracket and its next scoregroup, and
        the pairs' groups by value list.

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
        local: dict[tuple[int, int], list[Value]] = {}
        groups: list[PairGroup] = []
        kept: dict[int, PairGroup] = {}  # the MDP pairs' groups, by id of their list
        for li in range(mdp_count):
            for hi in range(li):
                e = (V[hi], V[li])
                if e in vals and e not in dropped and self.ok(*e):
                    vs = local[e] = vals[e]
                    g = kept.get(id(vs))
                    if g is None:
                        g = kept[id(vs)] = (vs, set(), set())
                        groups.append(g)
                    g[1].add(e[0])
                    g[2].add(e[1])
        # One row of groups per (lower player's signature, inside), by the higher player's
        # signature (an int: equal signatures, equal ints).
        rows: dict[tuple[int, bool], dict[int, PairGroup]] = {}
        for li in range(mdp_count, len(V)):
            l = V[li]
            inside = l in bset
            met_l, pref_l = met[l], pref[l]
            row = rows.setdefault((sig[l], inside), {})
            for hi in range(li):
                h = V[hi]
                if h in met_l or (pref_l is not None and pref[h] == pref_l):
                    continue
                e = (h, l)
                if dropped and e in dropped:
                    continue
                g = row.get(sig[h])
                if g is None:
                    a, b = order[h], order[l]
                    if inside:
                        vs = [c.value(ctx, a, b, "B") for c in crit]
                    else:
                        vs = blank[:]
                        for ci, c in in_next:
                            vs[ci] = c.value(ctx, a, b, "N")
                    g = row[sig[h]] = (vs, set(), set())
                    groups.append(g)
                g[1].add(h)
                g[2].add(l)
                local[e] = g[0]
        vals.update(local)
        return local, groups

    def _layout_bracket(self, groups: list[PairGroup]) -> None:
        """Bit positions of the criteria for this bracket's pairs (once per bracket)."""
        extra_max = {0: 3} if self.bk.lower and self.edition.completion_every_bracket else {}
        if self.bk.lower and self.c9 is not None and any(self.c9_setup):
            extra_max[self.c9] = 2 * max(self.c9_setup)
        # Without the next group, the look-ahead criteria are judged afterwards
        # (_lookahead_reached): their part in this bracket's pairs must not steer it.
        skip = (
            frozenset()
            if self.bk.look
            else frozenset(ci for ci, c in enumerate(self.criteria) if c.lookahead)
        )
        lay = WeightLayout(self.criteria, groups, len(self.alive), extra_max, skip)
        self.bk.crit_layout = lay
        f1 = lay.offset.get((0, 0), 0)
        # Completion (the top field) is checked on the whole field when there are players
        # below the next group, so the local weights end below it.
        self.bk.crit_bits = f1 + 1 if self.bk.lower and (0, 0) in lay.offset else lay.bits
        # Value lists are shared between pairs: pack each once.
        packed: dict[int, int] = {}
        for vs, _, _ in groups:
            w = lay.pack(vs)
            if self.bk.lower:  # completion is checked on the whole field instead
                w -= count(vs[0]) << f1
            packed[id(vs)] = w
        self.bk.crit_packed = packed

    def _pack(self, low: int, hint: int) -> None:
        """Weights of the live pairs of the bracket: the criteria above ``low`` bits for
        the questions of the generation order, and (``hint`` > 0) a hint below them."""
        residents = [r for r in self.bk.residents if r in self.alive]
        at = low + hint
        self.bk.shift = at
        self.bk.bits = self.bk.crit_bits + at  # weights and questions stay below 2**bits
        # Opened just now: the bracket's pairs are all live (_bracket_values).
        shifted = {k: w << at for k, w in self.bk.crit_packed.items()}
        local = {e: shifted[id(vs)] for e, vs in self.bk.local_vals.items()}
        if hint:
            # Pairs close to S1[i]-S2[i] weigh a little more, so that the first matchings
            # tend to be the ones the generation order wants and fewer decisions need a
            # matching of their own.
            half = len(residents) // 2
            for li, l in enumerate(residents):
                for hi in range(max(0, li - half - 2), min(li, li - half + 3)):
                    d = li - hi - half
                    e = (residents[hi], l)
                    if e in local:
                        local[e] += 9 - d * d
        self.bk.graph = LocalGraph(local, sorted(self.bk.V))

    def _open_bracket(
        self, current: list[int], mdp_count: int, nxt: list[int], look: bool
    ) -> _Bracket:
        """Values, layout and weights of the bracket's pairs; the bit fields below the
        criteria that the questions of the generation order use.  Without ``look`` the next
        scoregroup joins the players below (completion is still checked on them)."""
        residents = current[mdp_count:]
        V = current + nxt if look else list(current)
        self.bk = BracketState(V=V, look=look)
        vset = set(V)
        self.bk.lower = frozenset(v for v in self.alive if v not in vset)
        self.bk.completable_cache = {}
        self.bk.solved_whole = False  # a matching of this bracket needed the whole field
        self.bk.lower_base = None
        bset = set(current)
        self.bk.local_vals, groups = self._bracket_values(V, bset, mdp_count)
        self.bk.residents = residents
        self._layout_bracket(groups)
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
        room = RUSTWORKX_BITS - 1 - self.bk.crit_bits
        hint = bit_width(9 * len(residents)) if room >= need + bit_width(9 * len(residents)) else 0
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
