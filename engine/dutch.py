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

from dataclasses import dataclass, field

from .colours import allocate, higher_ranked
from .criteria import Context, Criterion, criteria_2025
from .editions import EDITION_2025, Edition
from .history import RoundInput
from .matching import max_weight_matching
from .players import PlayerState, build_states


class NoPairing(Exception):
    """No round-pairing satisfies the absolute criteria (1.9.3: the arbiter decides)."""


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


@dataclass
class RoundPairing:
    round: int
    boards: list[Board]
    bye: int | None
    brackets: list[BracketRecord] = field(default_factory=list)
    bye_score: int | None = None


def _width(bound: int) -> int:
    return max(1, int(bound).bit_length())


class _Layout:
    """Bit positions of the criteria fields (and the tie-break fields below them)."""

    def __init__(self, criteria: list[Criterion], vals: dict, n_vertices: int, low: list[int]):
        self.criteria = criteria
        # Per criterion (and per score slot of vector criteria): largest value, vertices.
        maxima: dict[tuple[int, int], int] = {}
        touched: dict[tuple[int, int], set] = {}
        self.c9 = next((i for i, c in enumerate(criteria) if c.key == "C9"), None)
        lower_max = [0, 0]
        signed: set = set()  # fields holding negated failure counts need a sign bit
        for (a, b), vs in vals.items():
            if type(vs) is tuple:  # a pair involving a lower bracket: (completion, C9)
                if vs[0] > lower_max[0]:
                    lower_max[0] = vs[0]
                if vs[1] > lower_max[1]:
                    lower_max[1] = vs[1]
                continue
            for ci, v in enumerate(vs):
                if not v:
                    continue
                if isinstance(v, dict):
                    for slot, c in v.items():
                        k = (ci, slot)
                        if c < 0:
                            signed.add(k)
                            c = -c
                        if c > maxima.get(k, 0):
                            maxima[k] = c
                        touched.setdefault(k, set()).update((a, b))
                else:
                    k = (ci, 0)
                    if v < 0:
                        signed.add(k)
                        v = -v
                    if v > maxima.get(k, 0):
                        maxima[k] = v
                    touched.setdefault(k, set()).update((a, b))
        everyone = set(range(n_vertices))
        for ci, m in ((0, lower_max[0]), (self.c9, lower_max[1])):
            if m and ci is not None:
                k = (ci, 0)
                maxima[k] = max(maxima.get(k, 0), m)
                touched[k] = everyone
        self.low_offsets = []
        offset = 0
        for w in reversed(low):
            self.low_offsets.insert(0, offset)
            offset += w
        self.offset: dict[tuple[int, int], int] = {}
        for k in sorted(maxima, key=lambda k: (-k[0], k[1])):  # lowest priority first
            self.offset[k] = offset
            offset += _width(maxima[k] * (len(touched[k]) // 2)) + (k in signed)
        self.bits = offset + 1

    def pack(self, vs) -> int:
        off = self.offset
        if type(vs) is tuple:
            w = vs[0] << off[(0, 0)]
            if vs[1]:
                w += vs[1] << off[(self.c9, 0)]
            return w
        w = 0
        for ci, v in enumerate(vs):
            if not v:
                continue
            if isinstance(v, dict):
                for slot, c in v.items():
                    w += c << off[(ci, slot)]
            else:
                w += v << off[(ci, 0)]
        return w


class DutchPairer:
    """Pairs one round; see the module docstring."""

    def __init__(self, inp: RoundInput, edition: Edition = EDITION_2025):
        self.inp = inp
        self.edition = edition
        self.criteria = criteria_2025()
        self.states = build_states(inp, edition)
        self.order: list[PlayerState] = sorted(self.states.values(),
                                               key=lambda p: (-p.score, p.rank))
        self.n = len(self.order)
        self.rounds_played = inp.round - 1
        self.criteria = [c for c in self.criteria if c.rounds_needed <= self.rounds_played]

    # -- absolute criteria ---------------------------------------------------------------
    def compatible(self, a: PlayerState, b: PlayerState) -> bool:
        """C1 (no rematch, organiser-forbidden pairs) and C3 (no two non-topscorers with
        the same absolute colour preference)."""
        if b.tpn in a.opponents or frozenset((a.tpn, b.tpn)) in self.inp.forbidden:
            return False
        if a.absolute and b.absolute and a.preference == b.preference:
            return a.topscorer or b.topscorer
        return True

    # -- the round -------------------------------------------------------------------------
    def pair(self) -> RoundPairing:
        order, n = self.order, self.n
        edges = [(i, j) for i in range(n) for j in range(i + 1, n)
                 if self.compatible(order[i], order[j])]
        self.adj: dict[int, set[int]] = {i: set() for i in range(n)}
        for i, j in edges:
            self.adj[i].add(j)
            self.adj[j].add(i)
        bye_score, single, ranks = self._pab_prepass(edges)
        ctx = Context(bye_score=bye_score, odd=n % 2 == 1, single_downfloater_is_pab=single,
                      played_rank=ranks, rounds_played=self.rounds_played)
        self.ctx = ctx
        # Setup weights: completion only (and C9 when the top bracket downfloats the PAB).
        ncrit = len(self.criteria)
        self.vals: dict[tuple[int, int], list] = {}
        completion = self.criteria[0]
        c9 = next((c for c in self.criteria if c.key == "C9"), None)
        for i, j in edges:
            a, b = order[i], order[j]
            self.vals[(i, j)] = (completion.value(ctx, a, b, "L"),
                                 c9.value(ctx, a, b, "L") if c9 else 0)
        self.alive = set(range(n))
        self.final: dict[int, int] = {}
        brackets: list[BracketRecord] = []

        current = self._group(0)
        pos = len(current)
        mdp_count = 0
        while len(current) > 1 or pos < n:
            nxt = self._group(pos)
            pos += len(nxt)
            rec, floaters = self._pair_bracket(current, mdp_count, nxt)
            brackets.append(rec)
            # C9 is in force in the next bracket when its score is the PAB score and nothing
            # in it needs to float below that score.
            if ctx.odd and nxt and bye_score == order[nxt[0]].score:
                single = all(order[self.mate.get(v, v)].score >= bye_score
                             for v in floaters + nxt)
            else:
                single = False
            ctx.single_downfloater_is_pab = single
            current = floaters + nxt
            mdp_count = len(floaters)
        bye = None
        left = [v for v in self.alive if v not in self.final]
        if len(left) > 1:
            raise NoPairing("players left unpaired: "
                            + ", ".join(str(order[v].tpn) for v in sorted(left)))
        if left:
            bye = order[left[0]].tpn
        return self._result(bye, brackets, bye_score if ctx.odd else None)

    def _group(self, start: int) -> list[int]:
        if start >= self.n:
            return []
        s = self.order[start].score
        end = start
        while end < self.n and self.order[end].score == s:
            end += 1
        return list(range(start, end))

    def _pab_prepass(self, edges):
        """C5: the lowest score the PAB assignee can have, found with one matching of the
        whole field (eligible PAB first, then the lowest score left unpaired)."""
        order, n = self.order, self.n
        scores = sorted({p.score for p in order})
        level = {s: k for k, s in enumerate(scores)}
        sb = _width(len(scores) * n)
        weights = {}
        for i, j in edges:
            a, b = order[i], order[j]
            if n % 2:
                top = 1 + (not a.bye_eligible) + (not b.bye_eligible)
                weights[(i, j)] = (top << sb) + level[a.score] + level[b.score]
            else:
                weights[(i, j)] = 1
        mate = max_weight_matching(n, weights, _width(3 * n) + sb + 2)
        unmatched = [v for v in range(n) if v not in mate]
        if len(unmatched) > n % 2:
            raise NoPairing("no round-pairing satisfies C1-C3 (1.9.3: the arbiter decides)")
        if n % 2 == 0:
            return 0, False, {}
        bye = order[unmatched[0]]
        if not bye.bye_eligible:
            raise NoPairing("no player can receive the pairing-allocated bye (C2)")
        bye_score = bye.score
        top = order[0].score
        single = bye_score >= top and all(
            order[mate[v]].score >= top for v in range(n) if order[v].score >= top and v in mate)
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

    # -- one bracket -------------------------------------------------------------------------
    def _solve(self, extra: dict | None = None) -> dict[int, int]:
        lay = self.layout
        weights = {}
        for e in self.live_edges():
            w = self.base[e]
            if extra and e in extra:
                w += extra[e]
            weights[e] = w
        self.mate = max_weight_matching(self.n, weights, lay.bits)
        self.mate.update(self.final)
        return self.mate

    def live_edges(self):
        return self.base.keys()

    def _set_edge(self, e, vs):
        self.vals[e] = vs

    def _drop_edge(self, a: int, b: int) -> None:
        e = (a, b) if a < b else (b, a)
        self.vals.pop(e, None)
        self.base.pop(e, None)

    def _finalize(self, a: int, b: int) -> None:
        self.final[a] = b
        self.final[b] = a
        for v in (a, b):
            for e in [e for e in self.base if v in e]:
                self.base.pop(e, None)
                self.vals.pop(e, None)

    def _pair_bracket(self, current: list[int], mdp_count: int, nxt: list[int]):
        order, ctx = self.order, self.ctx
        B = current
        bset = set(B)
        nset = set(nxt)
        residents = B[mdp_count:]
        rset = set(residents)
        mdps = B[:mdp_count]
        by_index = B + nxt
        # Recompute the pairs whose lower player is a resident here or in the next group.
        for li in range(mdp_count, len(by_index)):
            l = by_index[li]
            where = "B" if l in bset else "N"
            for hi in range(li):
                h = by_index[hi]
                e = (h, l) if h < l else (l, h)
                if e not in self.vals:
                    continue
                a, b = order[e[0]], order[e[1]]
                self.vals[e] = [c.value(ctx, a, b, where) for c in self.criteria]
        low = [_width(len(B) + 1), _width(len(B) * len(B) + 1), _width(len(B) + 1),
               _width(len(B) + len(nxt) + 3)]
        self.layout = _Layout(self.criteria, self.vals, self.n, low)
        self.base = {e: self.layout.pack(vs) for e, vs in self.vals.items()}
        X_EXCH, X_SUM, X_MDP, Q = self.layout.low_offsets
        mate = self._solve()

        # 4.4: the MDPs to pair, earliest first, and (S2 transposition) their opponents.
        selected: list[int] = []
        mdp_bonus: dict = {}
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
        pairs: list[tuple[int, int]] = []
        for v in selected:
            cands = [r for r in residents if r not in self.final and self._has(v, r)]
            q = dict(mdp_bonus)
            for rank, r in enumerate(reversed(cands)):
                e = (v, r) if v < r else (r, v)
                q[e] = q.get(e, 0) + ((rank + 1) << Q)
            if mate.get(v) != cands[0] if cands else False:
                mate = self._solve(q)
            partner = mate[v]
            pairs.append((v, partner))
            self._finalize(v, partner)
            for e in [e for e in mdp_bonus if v in e or partner in e]:
                del mdp_bonus[e]

        # 4.3/4.2: the remainder.
        R = [r for r in residents if r not in self.final]
        pos = {r: i for i, r in enumerate(R)}
        rem_set = set(R)
        in_pairs = sum(1 for r in R if mate.get(r) in rem_set and mate[r] > r)
        s1 = in_pairs
        exch: dict = {}
        for a in R:
            for b in R:
                if a < b and self._has(a, b):
                    ia = pos[a]
                    exch[(a, b)] = ((1 if ia < s1 else 0) << X_EXCH) + ((len(R) - ia) << X_SUM)
        if exch:
            mate = self._solve(exch)

        def higher(v):  # v is the higher player of a pair inside the bracket
            m = mate.get(v)
            return m is not None and m > v and m in bset

        count = sum(1 for r in R[:s1] if not higher(r))
        remaining = count
        for r in reversed(R[:s1]):
            if not remaining:
                break
            if higher(r):
                q = dict(exch)
                for o in R[pos[r] + 1:]:
                    e = (r, o)
                    if e in self.base:
                        q[e] = q.get(e, 0) - (1 << Q)
                mate = self._solve(q)
            if not higher(r):
                remaining -= 1
                for o in R[pos[r] + 1:]:
                    self._drop_edge(r, o)
                    exch.pop((r, o), None)
        remaining = count
        for r in R[s1:]:
            if remaining <= 1:
                break
            if not higher(r):
                q = dict(exch)
                for o in R[pos[r] + 1:]:
                    e = (r, o)
                    if e in self.base:
                        q[e] = q.get(e, 0) + (1 << Q)
                mate = self._solve(q)
            if higher(r):
                remaining -= 1
                for o in R[: pos[r]]:
                    self._drop_edge(o, r)
                    exch.pop((o, r), None)
                for o in nxt:
                    self._drop_edge(r, o)
        # Fix S1' (the higher players of the pairs) and drop the exchange fields.
        for i, a in enumerate(R):
            for b in R[i + 1:]:
                if not higher(a) or higher(b):
                    self._drop_edge(a, b)
        firsts = [r for r in R if higher(r)]
        for a in firsts:
            cands = [b for b in R if b > a and b not in self.final and self._has(a, b)]
            if not cands:
                continue
            if mate.get(a) != cands[0]:
                q = {}
                for rank, b in enumerate(reversed(cands)):
                    q[(a, b)] = rank << Q
                mate = self._solve(q)
            partner = mate[a]
            pairs.append((a, partner))
            self._finalize(a, partner)
        if pairs and not firsts and not selected:
            pass
        floaters = [v for v in B if v not in self.final]
        rec = BracketRecord(
            score=order[residents[0]].score if residents else order[B[0]].score,
            residents=[order[v].tpn for v in residents],
            mdps=[order[v].tpn for v in mdps],
            pairs=[(order[a].tpn, order[b].tpn) for a, b in pairs],
            downfloaters=[order[v].tpn for v in floaters],
        )
        # The bracket's final matching decides C9 for the next one.
        self.mate = mate
        return rec, floaters

    def _has(self, a: int, b: int) -> bool:
        return ((a, b) if a < b else (b, a)) in self.base

    def _bonus(self, bonus: dict, v: int, targets: set, amount: int) -> None:
        for t in targets:
            if t in self.final:
                continue
            e = (v, t) if v < t else (t, v)
            if e in self.base:
                bonus[e] = bonus.get(e, 0) + amount

    # -- output --------------------------------------------------------------------------
    def _result(self, bye, brackets, bye_score) -> RoundPairing:
        order = self.order
        initial = self.inp.initial_colour or "w"
        boards = []
        seen = set()
        for a, b in self.final.items():
            if a in seen:
                continue
            seen.update((a, b))
            pa, pb = order[a], order[b]
            colour, rule = allocate(pa, pb, initial)
            w, bl = (pa, pb) if colour == "w" else (pb, pa)
            boards.append(Board(w.tpn, bl.tpn, rule))

        def key(board: Board):
            x, y = self.states[board.white], self.states[board.black]
            hi, lo = (x, y) if higher_ranked_raw(x, y, self.inp) else (y, x)
            return (-raw_score(hi, self.inp), -raw_score(lo, self.inp), hi.rank)

        boards.sort(key=key)
        return RoundPairing(self.inp.round, boards, bye, brackets, bye_score)


def raw_score(p: PlayerState, inp: RoundInput) -> int:
    """Score without acceleration (board order, C.04.2 3.6)."""
    return p.score - inp.players[p.tpn].acceleration.get(inp.round, 0)


def higher_ranked_raw(a: PlayerState, b: PlayerState, inp: RoundInput) -> bool:
    return (raw_score(a, inp), -a.rank) > (raw_score(b, inp), -b.rank)


def pair_round(inp: RoundInput, edition: Edition = EDITION_2025) -> RoundPairing:
    """Pair round ``inp.round``; raises :class:`NoPairing` when the rules allow none."""
    return DutchPairer(inp, edition).pair()
