"""The look-ahead judged afterwards: a bracket paired without its next scoregroup stands
when it reaches C8's bound (C.04.3 2026 Art. 2.4.3 [C8]; 2017 C.7)."""

from __future__ import annotations

from .completion import CompletionTests
from .state import RoundState


class Lookahead:
    """C8 (2017 C.7) judged after a local pairing of the bracket."""

    def __init__(self, rs: RoundState, completion: CompletionTests) -> None:
        self.rs = rs
        self.completion = completion

    def local(self, current: list[int], mdp_count: int, nxt: list[int]) -> bool:
        """May the bracket be paired first without its next scoregroup in the matchings
        (:meth:`reached` then decides whether that pairing stands)?

        2025: unless C9 (2.4.4) reads pairs into or inside the next group.  2017/2012: in a
        bracket that is not the PPB (C.4 is not in force there)."""
        if not nxt:
            return False
        ctx, order = self.rs.ctx, self.rs.order
        if not self.rs.edition.completion_every_bracket:
            return not ctx.completion and ctx.lookahead
        if ctx.single_downfloater_is_pab or any(self.rs.c9_setup):
            return False
        # The next bracket's C9 would read this matching (DutchPairer._c9_in_force).
        return not (ctx.odd and nxt[-1] < self.rs.n - 1 and order[nxt[0]].score <= ctx.bye_score)

    def reached(self, floaters: list[int], nxt: list[int]) -> bool:
        """Does the bracket's pairing, found without C8 (2.4.3), reach C8's bound?

        C8 counts the pairs of the next bracket - the group ``N`` plus the downfloaters
        ``D`` - and then their scores (the higher player's).  Candidates compared on C8 have
        the same number of downfloaters and the same scores (C6, C7 rank above it), so one
        bound serves them all: every player of ``D`` paired with a player of ``N`` (a pair
        per downfloater at its score, the most there can be), the rest of ``N`` paired
        among itself: ``(|N| + |D|) // 2`` pairs.  When the rest of the field can be
        completed around such a next bracket (C4), the pairing found is at that bound, so
        it is best on C8 as well and, being the first of the candidates best on every other
        criterion, the first of the best (Art. 4); otherwise the bracket is paired again
        with ``N`` in the matchings.  A sufficient test: one maximum matching of ``N`` and
        ``D`` (no pair inside ``D``), with a stand-in partner for the player left over,
        then completion of that player and everybody below (:meth:`CompletionTests.complete`).

        2017/2012 C.7 looks at the next bracket alone (no completion: that is the PPB's,
        A.9); when the next bracket is the last, C.7 also counts the PAB-ineligible players
        paired (engine.dutch.criteria.NextPairs2017), so the one left over must be eligible.  Its
        second part counts the scores of the players paired here or there (2017 C.7b,
        engine.dutch.criteria.NextBracketScores): at the bound, all of the bracket's, whichever
        players float - again one bound for every candidate with as many pairs (C.5)."""
        dropped, nc = self.rs.dropped, self.rs.noncand
        alone = not self.rs.edition.completion_every_bracket
        group = list(floaters) + list(nxt)
        fset, nset = set(floaters), set(nxt)
        below = sorted(v for v in self.rs.alive if v not in fset and v not in nset)
        # Whoever is left over is a player of N; PAB-eligible when nothing is below to
        # pair him (2025), or when N is the last bracket (2017 C.7).
        free = not self.rs.ctx.next_is_last if alone else bool(below)
        mate = self.completion.with_stand_in(
            group,
            lambda v: v in nset and (free or not nc[v]),
            keep=lambda e: not (e[0] in fset and e[1] in fset) and e not in dropped,
            k=24,
        )
        if mate is None:
            return False
        if alone:
            return True
        left = frozenset([mate[-1]] if -1 in mate else [])
        below_set = frozenset(below)
        if self.completion.one_swap(self.completion.near_perfect_of(below_set), below_set, left):
            return True
        rest = below + sorted(left)
        return not rest or self.completion.complete(rest, lambda v: not nc[v])
