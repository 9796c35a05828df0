"""Art. 4.2 (2017 D.1): the transpositions of S2, in lexicographic order."""

from __future__ import annotations

from .exchange import Exchanges
from .state import _Bracket
from .weights import bit_width

# A question ranks an S1 player's first SHORTLIST candidates only, so that one matching
# asks more players (each field narrower); a player placed beyond them is asked again.
SHORTLIST = 31


class Transpositions(Exchanges):
    """4.2: each S1 player in turn gets the earliest S2 player that keeps the best candidate."""

    def _transpose(
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
            width = bit_width(min(len(cands), SHORTLIST))
            while True:
                group = firsts[i : i + max(1, st.low // width)]
                for x in group:
                    if x not in lists:
                        lists[x] = self._candidates(x, R)
                need = max(bit_width(min(len(lists[x]), SHORTLIST)) for x in group)
                if need <= width:
                    break
                width = need
            q: dict[tuple[int, int], int] = {}
            for j, x in enumerate(group):
                at = st.hint + width * (len(group) - 1 - j)
                xc = lists[x][:SHORTLIST]
                for k, b in enumerate(xc):
                    q[(x, b)] = (len(xc) - k) << at
            mate = self._solve(q)
            for x in group:
                if x in self.final:
                    i += 1
                    continue
                short = lists[x][:SHORTLIST]
                if len(lists[x]) > SHORTLIST and mate.get(x) not in short:
                    # Beyond the shortlist: no pair of it keeps the best candidate after the
                    # players fixed before x, so those pairs go; x and the players after it
                    # are asked again.
                    self._drop_edges([(x, b) for b in short])
                    break
                if x not in mate:  # no candidate keeps the best one
                    i += 1
                    continue
                pairs.append((x, mate[x]))
                self._finalize(x, mate[x])
                i += 1
        return pairs

    def _candidates(self, a: int, R: list[int]) -> list[int]:
        """The S2 players ``a`` may still get, in 4.2's order."""
        return [b for b in R if b > a and b not in self.final and self._has(a, b)]
