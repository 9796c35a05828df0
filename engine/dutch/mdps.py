"""Art. 4.4 (2017 D.3): which MDPs are paired, and with whom (4.2 on S2)."""

from __future__ import annotations

from .bracket import BracketMatcher
from .state import RoundState, _Bracket
from .weights import bit_width


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
        them, the bonus that keeps them paired, and the last matching.

        One question asks for several MDPs at once (:meth:`_ask`): each undecided MDP of the
        score from the asked one on gets a bit of its own, the earlier MDP's above the
        later one's, so the answer pairs each of them exactly when the MDPs chosen before
        it leave a best candidate that does - the answers of one question per MDP."""
        order, rset, X_MDP = self.rs.order, st.rset, st.hint + st.q_width
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
            # The MDPs the last question answered: its matching pairs each of them exactly
            # when a best candidate keeping the choices made does (valid while every choice
            # since was read from it).
            answered: set[int] = set()
            for j, v in enumerate(group):
                if can == 0:
                    break
                if left <= can:
                    if v in answered and mate.get(v) not in rset:
                        answered = set()  # a choice the answer did not make
                    selected.append(v)
                    left -= 1
                    can -= 1
                    self.matcher.bonus(mdp_bonus, v, rset, 1 << X_MDP)
                    continue
                left -= 1
                if mate.get(v) not in rset and v not in answered:
                    asked = group[j : j + st.q_width]
                    mate = self._ask(st, asked, mdp_bonus)
                    answered = set(asked)
                if mate.get(v) in rset:
                    selected.append(v)
                    can -= 1
                    self.matcher.bonus(mdp_bonus, v, rset, 1 << X_MDP)
        return selected, mdp_bonus, mate

    def _ask(
        self, st: _Bracket, asked: list[int], mdp_bonus: dict[tuple[int, int], int]
    ) -> dict[int, int]:
        """A best candidate that keeps the MDPs chosen (``mdp_bonus``) and pairs the
        ``asked`` MDPs with residents lexicographically most: the first one if it can be,
        then the second, ...  Their fields (one bit each, the first highest) sum to less
        than one bit of the chosen MDPs' field (``q_width`` bits above them), so the chosen
        stay first."""
        q = dict(mdp_bonus)
        top = len(asked) - 1
        for i, v in enumerate(asked):
            self.matcher.bonus(q, v, st.rset, 1 << (st.hint + top - i))
        return self.matcher.solve(q)

    def pair(
        self,
        st: _Bracket,
        selected: list[int],
        mdp_bonus: dict[tuple[int, int], int],
        mate: dict[int, int],
    ) -> tuple[list[tuple[int, int]], dict[int, int]]:
        """4.4 with 4.2 on S2: each chosen MDP in turn gets the earliest resident that keeps
        the best candidate.  Returns the MDP pairs (fixed) and the last matching.

        One question settles as many chosen MDPs as the bits below the criteria hold
        (:meth:`_opponents`); an MDP whose matching already gives him his first candidate
        needs none."""
        pairs: list[tuple[int, int]] = []
        final, has = self.rs.final, self.matcher.has
        i = 0
        while i < len(selected):
            v = selected[i]
            cands = [r for r in st.residents if r not in final and has(v, r)]
            group = [v]
            if cands and mate.get(v) != cands[0]:
                live = sum(1 for r in st.residents if r not in final)
                group = selected[i : i + self._room(st, selected, live)]
                mate = self._opponents(st, group, cands, live, mdp_bonus)
            for x in group:
                partner = mate[x]
                pairs.append((x, partner))
                self.matcher.finalize(x, partner)
                for e in [e for e in mdp_bonus if x in e or partner in e]:
                    del mdp_bonus[e]
            i += len(group)
        return pairs, mate

    @staticmethod
    def _room(st: _Bracket, selected: list[int], live: int) -> int:
        """How many chosen MDPs one question asks: a field per MDP wide enough for a rank
        among the ``live`` residents still unpaired, with the field of the chosen MDPs above
        them, all below the criteria (``st.low`` bits above the hint)."""
        return max(1, (st.low - bit_width(len(selected) + 1)) // bit_width(live + 1))

    def _opponents(
        self,
        st: _Bracket,
        group: list[int],
        cands: list[int],
        live: int,
        mdp_bonus: dict[tuple[int, int], int],
    ) -> dict[int, int]:
        """A best candidate that keeps the chosen MDPs paired (``mdp_bonus``) and gives the
        ``group`` of them, in order, the earliest residents they can get: the first MDP's
        earliest, then the second one's, ...  Each MDP's candidates are ranked in a field of
        its own (the earliest worth most), the first MDP's field highest; a matching pairs
        each MDP once, so a field's sum is one rank and the fields do not overlap.  One MDP
        alone is ranked as ever, its field below the chosen MDPs' (``q_width`` bits)."""
        final, has = self.rs.final, self.matcher.has
        width = bit_width((len(cands) if len(group) == 1 else live) + 1)
        span = width * len(group)
        if len(group) == 1 and span <= st.q_width:
            q = dict(mdp_bonus)
        else:  # the chosen MDPs' field moves up, above the group's fields
            at = st.hint + span
            q = {e: (w >> (st.hint + st.q_width)) << at for e, w in mdp_bonus.items()}
        for j, x in enumerate(group):
            xc = cands if j == 0 else [r for r in st.residents if r not in final and has(x, r)]
            field = st.hint + width * (len(group) - 1 - j)
            for rank, r in enumerate(reversed(xc)):
                e = (x, r) if x < r else (r, x)
                q[e] = q.get(e, 0) + ((rank + 1) << field)
        return self.matcher.solve(q)
