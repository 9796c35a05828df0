"""The pairing of one round by the Dubov System (C.04.4.1 2026 Art. 3 and 4).

1. Art. 3.1: the pairing-allocated bye first.
2. Art. 3.2, bracket by bracket from the top score down: the residents are the remaining
   players of the highest score; 3.2.1-3.2.2 choose the upfloaters (the first set in the
   order of Art. 4.2 among those that pair best under [C1]-[C10]); 3.2.3 split the bracket
   into G1 (White seekers) and G2; 3.2.4 re-compose them (Art. 4.3); 3.2.5 pair S1 (G1 by
   ascending ARO, then TPN) with T2, the first legal transposition of G2 (Art. 4.4).
3. Art. 5: colours; C.04.2: board order.

"Pairs best" is decided by one maximum-weight matching whose weight packs the criteria in
priority order (completion [C4] first, then [C5]..[C10]); "the first set" is found greedily,
candidate by candidate, keeping the best weight (the first set in a lexicographic order is
the one a greedy choice builds when each step keeps a best completion possible).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..history import RoundInput
from ..matching import max_cardinality_matching, max_weight_matching
from ..result import Board, NoPairing, RoundPairing
from .colours import allocate, higher_ranked
from .editions import DUBOV_2026, DubovEdition
from .players import Colour, DubovPlayer, max_upfloats, read_players

Edge = tuple[int, int]


@dataclass
class BracketTrace:
    """What Art. 3.2 decided in one bracket (TPNs throughout)."""

    score: int
    residents: list[int]
    upfloaters: list[int]
    #: Art. 3.2.3: True when every player of the bracket has yet to play (G1 = first half).
    by_tpn: bool
    g1: list[int]  # initial G1 (White seekers)
    g2: list[int]
    to_g2: list[int]  # Art. 3.2.4 shifts from G1 to G2
    to_g1: list[int]  # and from G2 to G1
    s1: list[int]  # final G1 sorted (Art. 3.2.5)
    t2: list[int]  # the chosen transposition of final G2
    #: Best values of the criteria in this bracket: C5 upfloaters, C7 players without their
    #: preference, C8 maximum upfloaters, C10 upfloaters who upfloated last round.
    values: dict[str, int] = field(default_factory=dict)


@dataclass
class DubovTrace:
    """What the pairer saw and decided: the players, the PAB and every bracket."""

    players: dict[int, DubovPlayer]
    bye: int | None
    bye_candidates: list[int]  # Art. 3.1 order (eligible players, best first)
    brackets: list[BracketTrace]
    max_t: int
    last_round: bool


def _pack(fields: Sequence[tuple[int, int]]) -> int:
    w = 0
    for value, width in fields:
        w = (w << width) | value
    return w


def legal(a: DubovPlayer, b: DubovPlayer, forbidden: set[frozenset[int]]) -> bool:
    """[C1] (no second game; forfeits do not count as games) and [C3] (not both the same
    absolute preference); a pair the organiser forbade is treated like [C1]."""
    if b.tpn in a.opponents or frozenset((a.tpn, b.tpn)) in forbidden:
        return False
    return not (a.absolute and b.absolute and a.side == b.side)


def middle_out(n: int) -> list[int]:
    """Art. 4.3.3: sequence numbers from the (remaining) middle of a list outwards; of two
    middle players, the one higher in the list first.

    >>> middle_out(4), middle_out(5)
    ([1, 2, 0, 3], [2, 1, 3, 0, 4])
    """
    mid = (n - 1) / 2
    return sorted(range(n), key=lambda i: (abs(i - mid), i))


class DubovPairer:
    """Pairs one round (:meth:`pair`)."""

    def __init__(self, inp: RoundInput, edition: DubovEdition = DUBOV_2026) -> None:
        self.inp = inp
        self.edition = edition
        self.players = read_players(inp)
        self.max_t = max_upfloats(inp.total_rounds)
        self.last_round = inp.round >= inp.total_rounds
        self.forbidden = inp.forbidden
        initial = inp.initial_colour or "w"
        self.initial: Colour = "b" if initial == "b" else "w"

    def ok(self, a: int, b: int) -> bool:
        return legal(self.players[a], self.players[b], self.forbidden)

    # -- Art. 3.1 ---------------------------------------------------------------------------

    def completable(self, tpns: list[int]) -> bool:
        """[C4]: can ``tpns`` all be paired legally?"""
        if len(tpns) % 2:
            return False
        if not tpns:
            return True
        edges = [(a, b) for i, a in enumerate(tpns) for b in tpns[i + 1 :] if self.ok(a, b)]
        return len(max_cardinality_matching(tpns, edges)) == len(tpns)

    def bye_order(self) -> list[int]:
        """Art. 3.1.1, 3.1.3-3.1.5: the eligible players, lowest score, most games played,
        largest TPN first."""
        ps = [p for p in self.players.values() if p.bye_eligible]
        ps.sort(key=lambda p: (p.score, -p.played, -p.rank))
        return [p.tpn for p in ps]

    def choose_bye(self) -> tuple[int | None, list[int]]:
        """Art. 3.1: the first eligible player (3.1.3-3.1.5 order) whose absence leaves a
        complete pairing of the others (3.1.2)."""
        if len(self.players) % 2 == 0:
            return None, []
        order = self.bye_order()
        everyone = list(self.players)
        for tpn in order:
            if self.completable([t for t in everyone if t != tpn]):
                return tpn, order
        raise NoPairing("no player may receive the pairing-allocated bye ([C2], [C4])")

    # -- Art. 3.2.1-3.2.2: residents and upfloaters ------------------------------------------

    def adjacency(self, tpns: list[int]) -> dict[int, set[int]]:
        """The legal opponents ([C1], [C3]) of every player to be paired, worked out once."""
        ps = self.players
        adj: dict[int, set[int]] = {t: set() for t in tpns}
        for i, a in enumerate(tpns):
            pa = ps[a]
            for c in tpns[i + 1 :]:
                if legal(pa, ps[c], self.forbidden):
                    adj[a].add(c)
                    adj[c].add(a)
        return adj

    def bracket_weights(self, residents: list[int], lower: list[int]) -> dict[Edge, int]:
        """The weight of every legal pair among the remaining players: [C4] (completion),
        then [C5]..[C10] on the pairs that involve a resident (keys: smaller TPN first)."""
        ps, adj = self.players, self.adj
        top = ps[residents[0]].score
        res, low = set(residents), set(lower)
        n = len(residents) + len(lower)
        diffs = sorted({top - ps[t].score for t in lower})
        nr = len(residents)
        b = max(nr, 1).bit_length()
        cost6 = {d: 1 << (b * i) for i, d in enumerate(diffs)}
        top6 = 1 << (b * len(diffs))
        max_up = max((ps[t].upfloats for t in lower), default=0) + 1
        check = not self.last_round
        w_card = (n // 2 + 1).bit_length()
        w_res = (nr + 1).bit_length()
        widths = (w_card, w_res, b * len(diffs) + b + 1, w_card, w_res,
                  (max_up * (nr + 1)).bit_length(), w_res)  # fmt: skip
        off = [sum(widths[i + 1 :]) for i in range(len(widths))]
        card = 1 << off[0]
        out: dict[Edge, int] = {}
        for a in residents:
            pa = ps[a]
            for c in adj[a]:
                key = (a, c) if a < c else (c, a)
                if c in res:
                    if key not in out:
                        out[key] = card | (1 << off[1]) | (int(pa.side != ps[c].side) << off[3])
                    continue
                if c not in low:
                    continue
                up = ps[c]
                w = card | ((top6 - cost6[top - up.score]) << off[2])
                w |= int(pa.side != up.side) << off[3]
                if check:
                    maxed = up.upfloats >= self.max_t
                    w |= int(not maxed) << off[4]
                    if maxed:
                        w |= (max_up - up.upfloats) << off[5]
                    w |= int(not up.upfloated_last) << off[6]
                out[key] = w
        out.update(
            dict.fromkeys([(a, c) for a in lower for c in adj[a] if c in low and a < c], card)
        )
        return out

    def best(self, weights: dict[Edge, int]) -> tuple[int, dict[int, int]]:
        mate = max_weight_matching(weights) if weights else {}
        total = sum(weights[(a, c)] for a, c in mate.items() if a < c)
        return total, mate

    def choose_upfloaters(
        self, residents: list[int], lower: list[int]
    ) -> tuple[list[int], dict[int, int]]:
        """Art. 3.2.1-3.2.2 and 4.2: the upfloaters, and a best matching with them.

        Candidates are taken in the order of Art. 4.2 (descending score, then ascending TPN);
        each is kept when some best pairing (same weight) still has every kept candidate
        meet a resident and every rejected one not."""
        weights = self.bracket_weights(residents, lower)
        optimum, mate = self.best(weights)
        if len(mate) < len(residents) + len(lower):
            raise NoPairing("the remaining players cannot all be paired ([C4])")
        res, low = set(residents), set(lower)
        k = sum(1 for t in lower if mate.get(t) in res)
        if k == 0:
            return [], mate
        ps, adj = self.players, self.adj
        order = sorted(lower, key=lambda t: (-ps[t].score, ps[t].rank))  # Art. 4.2.2
        chosen: list[int] = []
        base = dict(weights)
        for cand in order:
            if len(chosen) == k:
                break
            if mate.get(cand) in res:
                chosen.append(cand)
                # from now on cand meets a resident
                for c in adj[cand] & low:
                    base.pop((cand, c) if cand < c else (c, cand), None)
                continue
            trial = dict(base)
            for c in adj[cand] & low:
                trial.pop((cand, c) if cand < c else (c, cand), None)
            value, m = self.best(trial)
            if value == optimum:
                chosen.append(cand)
                mate, base = m, trial
            else:  # cand does not upfloat
                for c in adj[cand] & res:
                    base.pop((cand, c) if cand < c else (c, cand), None)
        # a best matching keeping every kept candidate in and every other one out has
        # exactly k upfloaters ([C5]): the kept ones
        return chosen, mate

    # -- Art. 3.2.3-3.2.5: G1, G2 and the transposition --------------------------------------

    def pair_bracket(self, residents: list[int], ups: list[int]) -> tuple[list[Edge], BracketTrace]:
        ps = self.players
        bracket = residents + ups
        upset = set(ups)
        base: dict[Edge, int] = {}
        for i, a in enumerate(bracket):
            for c in bracket[i + 1 :]:
                if a in upset and c in upset:
                    continue  # an upfloater meets a resident (Art. 1.3.2)
                if c in self.adj[a]:
                    base[(a, c) if a < c else (c, a)] = 1
        by_tpn = all(not ps[t].colours for t in bracket)
        ranked = sorted(bracket, key=lambda t: ps[t].rank)
        # Art. 3.2.3: White seekers, or the first half by TPN when nobody has played yet
        half = ranked[: len(bracket) // 2]
        g1 = half if by_tpn else [t for t in ranked if ps[t].white_seeker]
        g2 = [t for t in ranked if t not in g1]
        trace = BracketTrace(
            ps[residents[0]].score,
            list(residents),
            list(ups),
            by_tpn,
            list(g1),
            list(g2),
            [],
            [],
            [],
            [],
        )
        n = len(bracket)
        w_card = (n // 2 + 1).bit_length()

        def c7(e: Edge) -> int:
            return int(ps[e[0]].side != ps[e[1]].side)

        def weigh(cross: Callable[[Edge], int]) -> dict[Edge, int]:
            return {e: _pack([(1, w_card), (c7(e), w_card), (cross(e), w_card)]) for e in base}

        def key_for(group_is_g1: bool) -> Callable[[int], tuple[int, int]]:
            if group_is_g1 and not by_tpn:
                return lambda t: (ps[t].aro, ps[t].rank)  # Art. 4.3.2 White seekers
            return lambda t: (0, ps[t].rank)  # Art. 4.3.2 Black seekers

        # 3.2.4.1: unavoidable pairs inside the smaller subgroup (G1 when equal)
        G1, G2 = set(g1), set(g2)
        small_is_g1 = len(G1) <= len(G2)
        small = G1 if small_is_g1 else G2
        wts = weigh(lambda e: int((e[0] in G1) != (e[1] in G1)))
        optimum, mate = self.best(wts)
        inner = sum(1 for (a, c) in base if mate.get(a) == c and a in small and c in small)
        moved = self._shift(wts, optimum, small, inner, key_for(small_is_g1))
        if small_is_g1:
            G1 -= set(moved)
            G2 |= set(moved)
            trace.to_g2 = list(moved)
        else:
            G2 -= set(moved)
            G1 |= set(moved)
            trace.to_g1 = list(moved)
        # 3.2.4.2: equalise the subgroups, shifting from the larger one
        if len(G1) != len(G2):
            large_is_g1 = len(G1) > len(G2)
            large, little = (G1, G2) if large_is_g1 else (G2, G1)
            need = (len(large) - len(little)) // 2
            wts2 = {e: _pack([(1, w_card), (c7(e), w_card)]) for e in base}
            best7, _ = self.best(wts2)
            moved2 = self._equalise(wts2, best7, large, little, need, key_for(large_is_g1))
            large -= set(moved2)
            little |= set(moved2)
            (trace.to_g2 if large_is_g1 else trace.to_g1).extend(moved2)
        s1 = sorted(G1, key=lambda t: (ps[t].aro, ps[t].rank))
        t2_pool = sorted(G2, key=lambda t: ps[t].rank)
        pairs = self._transpose(base, s1, t2_pool, c7, w_card)
        trace.s1 = s1
        trace.t2 = [c for _, c in pairs]
        trace.values["C5"] = len(ups)
        trace.values["C7"] = sum(1 for e in pairs if not c7(e))
        trace.values["C8"] = sum(1 for t in ups if ps[t].upfloats >= self.max_t)
        trace.values["C10"] = sum(1 for t in ups if ps[t].upfloated_last)
        return pairs, trace

    def _shift(
        self,
        wts: dict[Edge, int],
        optimum: int,
        small: set[int],
        count: int,
        key: Callable[[int], tuple[int, int]],
    ) -> list[int]:
        """Art. 3.2.4.1 with 4.3: the first ``count`` players of ``small`` (middle-out order)
        such that each is paired, in a best pairing, with a player of ``small`` who stays."""

        def allowed(trial: set[int]) -> Callable[[Edge], bool]:
            def keeps(e: Edge) -> bool:  # each moved player meets one who stays
                return not (
                    (e[0] in trial and (e[1] not in small or e[1] in trial))
                    or (e[1] in trial and (e[0] not in small or e[0] in trial))
                )

            return keeps

        return self._first_keeping_best(wts, optimum, small, count, key, allowed)

    def _equalise(
        self,
        wts: dict[Edge, int],
        optimum: int,
        large: set[int],
        little: set[int],
        count: int,
        key: Callable[[int], tuple[int, int]],
    ) -> list[int]:
        """Art. 3.2.4.2 with 4.3: the first ``count`` players of ``large`` (middle-out
        order) whose move to ``little`` leaves a best pairing across the two subgroups."""

        def allowed(trial: set[int]) -> Callable[[Edge], bool]:
            side_a = little | trial  # each must meet a player of large - trial
            side_b = large - trial

            def keeps(e: Edge) -> bool:
                return (
                    not (e[0] in side_a or e[1] in side_a)
                    or (e[0] in side_a and e[1] in side_b)
                    or (e[1] in side_a and e[0] in side_b)
                )

            return keeps

        return self._first_keeping_best(wts, optimum, large, count, key, allowed)

    def _first_keeping_best(
        self,
        wts: dict[Edge, int],
        optimum: int,
        group: set[int],
        count: int,
        key: Callable[[int], tuple[int, int]],
        allowed: Callable[[set[int]], Callable[[Edge], bool]],
    ) -> list[int]:
        """Art. 4.3: the first ``count`` players of ``group`` in middle-out order (by ``key``)
        that can be moved with those chosen before them and still leave a best pairing: the
        matching on the pairs ``allowed(moved)`` keeps reaches ``optimum``."""
        if count == 0:
            return []
        order = sorted(group, key=key)
        seq = [order[i] for i in middle_out(len(order))]
        chosen: list[int] = []
        for cand in seq:
            keeps = allowed(set(chosen) | {cand})
            value, _ = self.best({e: v for e, v in wts.items() if keeps(e)})
            if value == optimum:
                chosen.append(cand)
                if len(chosen) == count:
                    break
        return chosen

    def _transpose(
        self,
        base: dict[Edge, int],
        s1: list[int],
        pool: list[int],
        c7: Callable[[Edge], int],
        w_card: int,
    ) -> list[Edge]:
        """Art. 3.2.5 with 4.4: S1[i] meets T2[i], T2 the first transposition of G2 (by
        ascending TPN) that yields a legal pairing.

        After Art. 3.2.4 every legal pairing of S1 with G2 has the best [C7] value (the
        shifts took one player of each unavoidable same-subgroup pair), so legality alone
        decides: S1 is taken in order and each gets the first G2 player (by TPN) that still
        leaves a perfect matching of the rest, kept by augmenting paths.  The result's [C7]
        is checked against the best weighted pairing all the same."""
        s1set = set(s1)
        nbr: dict[int, set[int]] = {t: set() for t in s1 + pool}
        for a, c in base:
            if (a in s1set) != (c in s1set):
                nbr[a].add(c)
                nbr[c].add(a)
        left_edges = [(a, c) for a in s1 for c in nbr[a]]
        mate = max_cardinality_matching(s1 + pool, left_edges)
        if len(mate) < len(s1) + len(pool):
            raise NoPairing("no legal transposition pairs the bracket (Art. 3.2.5)")
        fixed: set[int] = set()
        pairs: list[Edge] = []
        for s in s1:
            for t in pool:
                if t in fixed or t not in nbr[s]:
                    continue
                if mate[s] == t or self._rematch(mate, nbr, fixed, s, t):
                    pairs.append((s, t))
                    fixed |= {s, t}
                    break
            else:
                raise NoPairing(f"no legal transposition pairs player {s} (Art. 3.2.5)")
        cross = {e: _pack([(1, w_card), (c7(e), w_card)]) for e in base
                 if (e[0] in s1set) != (e[1] in s1set)}  # fmt: skip
        optimum, _ = self.best(cross)
        got = sum(cross[(a, c) if a < c else (c, a)] for a, c in pairs)
        if got != optimum:  # not reached when Art. 3.2.4 did its work; kept as a guard
            raise NoPairing("the transposition does not reach the best [C7] (Art. 3.2.4-3.2.5)")
        return pairs

    @staticmethod
    def _rematch(
        mate: dict[int, int], nbr: dict[int, set[int]], fixed: set[int], s: int, t: int
    ) -> bool:
        """Make ``s``-``t`` part of the perfect matching ``mate`` (of a bipartite graph whose
        left side holds ``s``), keeping ``fixed`` players' partners; False when impossible."""
        t_old, s_old = mate[s], mate[t]
        # s_old (left) must reach t_old (right) by an alternating path avoiding s, t, fixed
        banned = fixed | {s, t}
        parent: dict[int, int] = {}  # right vertex -> the left vertex it was reached from
        frontier = [s_old]
        seen_left = {s_old}
        found = False
        while frontier and not found:
            nxt = []
            for u in frontier:
                for r in nbr[u]:
                    if r in banned or r in parent:
                        continue
                    parent[r] = u
                    if r == t_old:
                        found = True
                        break
                    w = mate[r]
                    if w not in banned and w not in seen_left:
                        seen_left.add(w)
                        nxt.append(w)
                if found:
                    break
            frontier = nxt
        if not found:
            return False
        r = t_old
        while True:
            u = parent[r]
            prev = mate[u] if u != s_old else None
            mate[u], mate[r] = r, u
            if prev is None:
                break
            r = prev
        mate[s], mate[t] = t, s
        return True

    # -- the round --------------------------------------------------------------------------

    def pair(self) -> RoundPairing:
        ps = self.players
        bye, bye_order = self.choose_bye()
        self.adj = self.adjacency([t for t in ps if t != bye])
        remaining = sorted((t for t in ps if t != bye), key=lambda t: (-ps[t].score, ps[t].rank))
        pairs: list[Edge] = []
        rules: dict[Edge, str] = {}
        brackets: list[BracketTrace] = []
        while remaining:
            top = ps[remaining[0]].score
            residents = [t for t in remaining if ps[t].score == top]
            lower = [t for t in remaining if ps[t].score != top]
            ups, _ = self.choose_upfloaters(residents, lower)
            got, trace = self.pair_bracket(residents, ups)
            brackets.append(trace)
            pairs.extend(got)
            done = {t for e in got for t in e}
            remaining = [t for t in remaining if t not in done]
        boards: list[Board] = []
        for a, c in pairs:
            colour, rule = allocate(ps[a], ps[c], self.initial)
            w, b = (a, c) if colour == "w" else (c, a)
            boards.append(Board(w, b, rule))
            rules[(w, b)] = rule
        boards.sort(key=lambda bd: self.board_key(ps[bd.white], ps[bd.black]))
        bye_score = ps[bye].score if bye is not None else None
        trace_all = DubovTrace(dict(ps), bye, bye_order, brackets, self.max_t, self.last_round)
        return RoundPairing(self.inp.round, boards, bye, bye_score, trace_all)

    @staticmethod
    def board_key(x: DubovPlayer, y: DubovPlayer) -> tuple[int, int, int]:
        """C.04.2 (board order): the higher player's score, the lower player's score, then
        the higher player's rank (scores without acceleration)."""
        hi, lo = (x, y) if (x.raw_score, -x.rank) > (y.raw_score, -y.rank) else (y, x)
        return (-hi.raw_score, -lo.raw_score, hi.rank)


def pair_round(inp: RoundInput, edition: DubovEdition = DUBOV_2026) -> RoundPairing:
    """Pair round ``inp.round`` by the Dubov System; raises :class:`NoPairing` when none."""
    return DubovPairer(inp, edition).pair()


__all__ = ["DubovPairer", "DubovTrace", "BracketTrace", "higher_ranked", "pair_round"]
