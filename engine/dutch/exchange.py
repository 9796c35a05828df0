"""Art. 4.3 (2017 D.2): the remainder's exchange between S1 and S2."""

from __future__ import annotations

from .bracket import BracketMatcher
from .completion import CompletionTests
from .state import RoundState, _Bracket
from .weights import bit_width


class Exchanges:
    """4.3: fewest players exchanged, smallest BSN sum, highest out, lowest in (each
    decision asked of the bracket's ``matcher``)."""

    def __init__(
        self, rs: RoundState, matcher: BracketMatcher, completion: CompletionTests
    ) -> None:
        self.rs = rs
        self.matcher = matcher
        self.completion = completion

    def exchange(
        self, st: _Bracket, mate: dict[int, int]
    ) -> tuple[list[int], list[int], dict[int, int]]:
        """4.3: the remainder's exchange - fewest players exchanged, smallest BSN sum, then
        the highest BSN out of S1 and the lowest into it, each checked with one matching.
        Returns the remainder, its S1' (the higher players of its pairs, now fixed by
        dropping every other pair) and the last matching."""
        R = [r for r in st.residents if r not in self.rs.final]
        pos = {r: i for i, r in enumerate(R)}
        rem_set = set(R)
        s1 = sum(1 for r in R if mate.get(r) in rem_set and mate[r] > r)
        kept = self.without_exchange(R, s1, mate)
        if kept is not None:
            return R, R[:s1], kept
        Q = st.hint
        # The exchange fields stay in the graph's weights while 4.3 is decided; the
        # questions add one bit below them.
        exch = self._weights(st, R, s1)
        if exch:
            self.rs.bk.graph.shift(exch)
            mate = self.matcher.solve()
        bset, edge = st.bset, self.rs.bk.graph.edge

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
                mate = self.matcher.solve({e: -(1 << Q) for e in after if e in edge})
            if not higher(r):
                remaining -= 1
                self.matcher.drop_edges(after)
        remaining = count
        for r in R[s1:]:  # into S1: the lowest BSNs
            if remaining <= 1:
                break
            if not higher(r):
                mate = self.matcher.solve(
                    {(r, o): 1 << Q for o in R[pos[r] + 1 :] if (r, o) in edge}
                )
            if higher(r):
                remaining -= 1
                self.matcher.drop_edges([(o, r) for o in R[: pos[r]]] + [(r, o) for o in st.nxt])
        # Fix S1' (the higher players of the pairs) and drop the exchange fields.
        up = [higher(a) for a in R]
        self.matcher.drop_edges(
            [
                (a, b)
                for i, a in enumerate(R)
                for j, b in enumerate(R[i + 1 :], i + 1)
                if not up[i] or up[j]
            ]
        )
        self.rs.bk.graph.shift({e: -w for e, w in exch.items()})
        return R, [r for r in R if higher(r)], mate

    def without_exchange(
        self, R: list[int], s1: int, mate: dict[int, int]
    ) -> dict[int, int] | None:
        """4.3 starts from no exchange: when the original S1 (the first ``s1`` of the
        remainder) can be the higher players of a best candidate, it is S1'.  Tested with
        one matching without the pairs inside S1 or inside S2 (``mate`` is a best
        candidate's): as good on every criterion, as many pairs inside the remainder, and a
        complete round (C4).  When it is, those pairs are dropped for good and its matching
        is returned; else None (the exchange is decided with the exchange fields)."""
        if self.rs.bk.solved_whole or not s1:
            return None
        rset = set(R)
        final, crit = self.rs.final, self.matcher.crit_weight

        def worth(m: dict[int, int]) -> int:  # the criteria of the pairs still open
            return sum(crit((v, p)) for v, p in m.items() if v < p and v not in final)

        # Without the pairs of the remainder not S1 -> S2: both players in S1, or in S2.
        trial, inside = self.rs.bk.graph.without_inside([R[:s1], R[s1:]])
        got = trial.solve(None, self.rs.bk.bits)
        if worth(got) != worth(mate) or sum(1 for r in R[:s1] if got.get(r, -1) in rset) != s1:
            return None
        if (
            self.rs.bk.lower
            and self.rs.edition.completion_every_bracket
            and not self.completion.completable(got)
        ):
            return None
        # Drop the pairs inside S1 or S2: the trial graph goes on.
        self.rs.dropped.update(inside)
        self.rs.bk.graph = trial
        got.update(self.rs.final)
        self.rs.bk.mate = got
        return got

    def _weights(self, st: _Bracket, R: list[int], s1: int) -> dict[tuple[int, int], int]:
        """4.3's fields: a pair whose higher player is in S1 (the first ``s1`` of ``R``)
        counts one (fewest exchanges), and higher players weigh more the smaller their BSN
        (smallest BSN sum of S1')."""
        x_sum = st.hint + st.q_width
        x_exch = x_sum + bit_width(len(st.residents) ** 2 + 1)
        edge = self.rs.bk.graph.edge
        exch: dict[tuple[int, int], int] = {}
        for ia, a in enumerate(R):
            for b in R[ia + 1 :]:
                if (a, b) in edge:
                    exch[(a, b)] = ((1 if ia < s1 else 0) << x_exch) + ((len(R) - ia) << x_sum)
        return exch
