"""Art. 4.2 (2017 D.1): the transpositions of S2, in lexicographic order."""

from __future__ import annotations

from .bracket import BracketMatcher
from .state import RoundState, _Bracket
from .weights import bit_width


class Transpositions:
    """4.2: each S1 player in turn gets the earliest S2 player that keeps the best candidate
    (the questions asked of the bracket's ``matcher``)."""

    # A question ranks an S1 player's first ``shortlist`` candidates only, so that one
    # matching asks more players (each field narrower); one placed beyond them is asked again.
    shortlist = 31

    def __init__(self, rs: RoundState, matcher: BracketMatcher) -> None:
        self.rs = rs
        self.matcher = matcher

    def transpose(
        self, st: _Bracket, R: list[int], firsts: list[int], mate: dict[int, int]
    ) -> list[tuple[int, int]]:
        """4.2: each S1 player in turn gets the earliest S2 player that keeps the best
        candidate.  One matching settles several S1 players at once: their choices sit in
        fields of their own, the earlier player's above the later one's, each as wide as
        the group's longest shortlist of candidates needs (the lists shorten as S2 is used
        up), as many as the weights leave room for.  A player whose partner is beyond his
        shortlist is not settled: the shortlist's pairs are dropped (none keeps the best
        candidate) and he is asked again.  Returns the remainder's pairs (fixed)."""
        pairs: list[tuple[int, int]] = []
        # The hint steers few of these decisions: its bits serve the questions instead.
        if self.rs.bk.hint:
            self.rs.bk.graph.shift({e: -w for e, w in self.rs.bk.hint.items()})
            self.rs.bk.hint = {}
        self.matcher.prune_failures()  # the MDPs' pairs may have spent a criterion's failures
        # S1' pairs only with S2' now (4.3 dropped the other pairs of the remainder): the
        # S2' players in order, those paired already passed over from the front.
        s1 = set(firsts)
        pool = [b for b in R if b not in s1]
        lo = 0
        i = 0
        while i < len(firsts):
            a = firsts[i]
            while lo < len(pool) and pool[lo] in self.rs.final:
                lo += 1
            first = self._first_candidate(a, pool, lo)
            if first is None or mate.get(a) == first or self.swap_to(a, first, mate):
                if first is not None:
                    pairs.append((a, first))
                    self.matcher.finalize(a, first)
                i += 1
                continue
            cands = self._candidates(a, pool[lo:])
            lists, width = self._group_lists(st, pool[lo:], firsts[i:], cands)
            mate = self.matcher.solve(self._group_question(lists, width))
            settled = self._settle(lists, mate, pairs)
            i += settled
            if settled:
                self.matcher.prune_failures()
        return pairs

    def _group_lists(
        self, st: _Bracket, R: list[int], firsts: list[int], cands: list[int]
    ) -> tuple[dict[int, list[int]], int]:
        """The next S1 players asked in one matching (from ``firsts[0]``, whose candidates
        are ``cands``) with their candidates, and the width of a field: as many players as
        the bits below the criteria hold, each field as wide as the longest shortlist."""
        room, short = st.low + st.hint, self.shortlist
        lists = {firsts[0]: cands}
        width = bit_width(min(len(cands), short))
        while True:
            group = firsts[: max(1, room // width)]
            for x in group:
                if x not in lists:
                    lists[x] = self._candidates(x, R)
            need = max(bit_width(min(len(lists[x]), short)) for x in group)
            if need <= width:
                return {x: lists[x] for x in group}, width
            width = need

    def _group_question(
        self, lists: dict[int, list[int]], width: int
    ) -> dict[tuple[int, int], int]:
        """The fields of a group's question (``width`` bits each): the earlier player's above
        the later one's, his earlier shortlisted candidates worth more."""
        short = self.shortlist
        q: dict[tuple[int, int], int] = {}
        for j, (x, cands) in enumerate(reversed(list(lists.items()))):
            xc = cands[:short]
            for k, b in enumerate(xc):
                q[(x, b)] = (len(xc) - k) << (width * j)
        return q

    def _settle(
        self, lists: dict[int, list[int]], mate: dict[int, int], pairs: list[tuple[int, int]]
    ) -> int:
        """Fix the group's players in order as the matching answered them, up to the first
        one placed beyond his shortlist: none of the shortlist keeps the best candidate
        after the players fixed before him, so those pairs go and he is asked again.
        Returns how many players are settled."""
        short = self.shortlist
        settled = 0
        for x, cands in lists.items():
            if x not in self.rs.final:
                if len(cands) > short and mate.get(x) not in cands[:short]:
                    self.matcher.drop_edges([(x, b) for b in cands[:short]])
                    break
                if x in mate:  # else no candidate keeps the best one
                    pairs.append((x, mate[x]))
                    self.matcher.finalize(x, mate[x])
            settled += 1
        return settled

    def swap_to(self, a: int, b: int, mate: dict[int, int]) -> bool:
        """Does swapping partners in ``mate`` (a best candidate that keeps every decision so
        far) give ``a`` the partner ``b`` and keep it a best candidate?  ``a``-``b`` and their
        partners' pair replace ``a``'s and ``b``'s pairs: as heavy on the criteria (the
        graph's weights are the criteria alone during 4.2) and the same players paired, so
        the rest completes as before (C4).  If so, ``mate`` is swapped."""
        if self.rs.bk.solved_whole:
            return False
        ma, mb = mate.get(a), mate.get(b)
        if ma is None or mb is None or mb == a:
            return False
        graph = self.rs.bk.graph
        other = (ma, mb) if ma < mb else (mb, ma)
        if other not in graph.edge:
            return False
        pa, pb = (a, ma) if a < ma else (ma, a), (b, mb) if b < mb else (mb, b)
        if pa not in graph.edge or pb not in graph.edge:
            return False  # a pair of an earlier bracket (fixed): not the graph's to swap
        w = graph.weight
        if w((a, b)) + w(other) != w(pa) + w(pb):
            return False
        mate[a], mate[b], mate[ma], mate[mb] = b, a, mb, ma
        return True

    def _first_candidate(self, a: int, pool: list[int], start: int) -> int | None:
        """The first S2 player ``a`` may still get (:meth:`_candidates`' first)."""
        edge = self.rs.bk.graph.edge
        for j in range(start, len(pool)):
            b = pool[j]
            if b > a and (a, b) in edge:
                return b
        return None

    def _candidates(self, a: int, R: list[int]) -> list[int]:
        """The S2 players ``a`` may still get, in 4.2's order."""
        edge = self.rs.bk.graph.edge  # a finalized player's pairs are gone from it
        return [b for b in R if b > a and (a, b) in edge]
