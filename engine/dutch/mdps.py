"""Art. 4.4 (2017 D.3): which MDPs are paired, and with whom (4.2 on S2)."""

from __future__ import annotations

from .bracket import BracketMatcher
from .state import RoundState, _Bracket


class MdpChoice:
    """4.4: the MDPs paired, earliest first, and their opponents (each decision asked of
    the bracket's ``matcher``)."""

    def __init__(self, rs: RoundState, matcher: BracketMatcher) -> None:
        self.rs = rs
        self.matcher = matcher

    def choose(
        self, st: _Bracket, mate: dict[int, int]
    ) -> tuple[list[int], dict[tuple[int, int], int], dict[int, int]]:
        """4.4: the MDPs to pair, earliest first (smallest BSNs), score by score.  Returns
        them, the bonus that keeps them paired, and the last matching."""
        order, rset, Q, X_MDP = self.rs.order, st.rset, st.hint, st.hint + st.q_width
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
                    self.matcher.bonus(mdp_bonus, v, rset, 1 << X_MDP)
                    continue
                left -= 1
                if mate.get(v) not in rset:
                    q = dict(mdp_bonus)
                    self.matcher.bonus(q, v, rset, 1 << Q)
                    mate = self.matcher.solve(q)
                if mate.get(v) in rset:
                    selected.append(v)
                    can -= 1
                    self.matcher.bonus(mdp_bonus, v, rset, 1 << X_MDP)
        return selected, mdp_bonus, mate

    def pair(
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
            cands = [r for r in st.residents if r not in self.rs.final and self.matcher.has(v, r)]
            if cands and mate.get(v) != cands[0]:
                q = dict(mdp_bonus)
                for rank, r in enumerate(reversed(cands)):
                    e = (v, r) if v < r else (r, v)
                    q[e] = q.get(e, 0) + ((rank + 1) << st.hint)
                mate = self.matcher.solve(q)
            partner = mate[v]
            pairs.append((v, partner))
            self.matcher.finalize(v, partner)
            for e in [e for e in mdp_bonus if v in e or partner in e]:
                del mdp_bonus[e]
        return pairs, mate
