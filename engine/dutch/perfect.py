"""The perfect-bracket shortcut: a bracket whose first transposition fails nothing is
paired without a matching (C.04.3 2026 Art. 4.2; 2017 D.1)."""

from __future__ import annotations

from .completion import CompletionTests
from .state import RoundState
from .trace import BracketRecord


class PerfectBracket:
    """The perfect transposition of a homogeneous bracket, found without a matching."""

    def __init__(self, rs: RoundState, completion: CompletionTests) -> None:
        self.rs = rs
        self.completion = completion

    def pairs(
        self, current: list[int], mdp_count: int, nxt: list[int]
    ) -> list[tuple[int, int]] | None:
        """The pairs of the bracket's first perfect candidate when it can be found without a
        matching, else None (the matching route decides).

        Where: an even bracket of one score (no MDPs; 2012 A.3's "homogeneous" brackets of
        mixed scores are left out), or an odd one whose leftover takes the PAB and every
        leftover is worth the same (:meth:`lone_bracket`).  For two players of equal score every criterion that
        does not count failures adds one term per player (engine.dutch.criteria.Criterion), so all
        complete pairings of the bracket tie there; one whose pairs are legal (C1, C3) and
        fail no failure-counting criterion is at its best on every criterion of the bracket.
        It pairs everybody, so it is also best on C6 (2017 C.5); the look-ahead criteria
        (C8, 2017 C.7) rank below C6 and see the same next bracket for every complete
        pairing (nobody floats down).  Above C6 stands completion (C4 with C2/C5; 2017
        C.4): in the last bracket the pairing is the round's; in 2025 the rest of the field
        must still pair completely with the PAB to a candidate (:meth:`CompletionTests.complete`, as
        :meth:`CompletionTests.completable`), otherwise the matching route decides; in 2017 completion is
        only in force in the PPB (left to the matching route) and the route re-pairs the
        bracket as the PPB when the rest cannot complete (A.9, C.4), as it would after a
        matching.  Such a candidate being among the best, the first generated one is the
        answer (Art. 4, 3.8): transpositions of the original S2 come before any exchange
        (4.2, 4.3; 2017 D.1, D.2), so it is the first perfect transposition in Art. 4.2's
        lexicographic order (:meth:`first_perfect_transposition`).  Not taken when the next
        bracket's C9 (2.4.4) would depend on how the rest pairs (``DutchPairer._c9_in_force``)."""
        order, n = self.rs.order, self.rs.n
        if mdp_count or not current:
            return None
        if len(current) % 2 and not self.lone_bracket(current, nxt):
            return None
        if order[current[0]].score != order[current[-1]].score:
            return None
        ctx = self.rs.ctx
        if ctx.odd and nxt and nxt[-1] < n - 1 and order[nxt[0]].score <= ctx.bye_score:
            return None  # the next bracket's C9 would read the rest's matching
        rest = sorted(self.rs.alive.difference(current))
        if rest and not self.rs.edition.completion_every_bracket and (not nxt or ctx.completion):
            return None  # 2017/2012: the PPB (or a state the route never makes)
        pairs = self.first_perfect_transposition(current)
        if (
            pairs is not None
            and rest
            and self.rs.edition.completion_every_bracket
            and not self.completion.complete(rest, lambda v: not self.rs.noncand[v])
        ):
            return None
        return pairs

    def lone_bracket(self, current: list[int], nxt: list[int]) -> bool:
        """An odd bracket that is the round's last, all of whose players look alike to the
        criteria (one signature) and may take the PAB: whoever is left over takes it, and
        every such candidate is worth the same on every criterion (criteria read only
        signatures: engine.dutch.criteria.Criterion), as in round 1 of an odd field.  Its
        first perfect transposition leaves the last player of the transposed S2 over."""
        if nxt or len(self.rs.alive) != len(current) or not self.rs.ctx.odd:
            return False
        sig = self.rs.sig[current[0]]
        return all(self.rs.sig[v] == sig for v in current) and not self.rs.noncand[current[0]]

    def perfect_pair(self, a: int, b: int, memo: dict[tuple[object, object], bool]) -> bool:
        """Is ``a``-``b`` (``a`` ranked higher, same score) legal (C1, C3, not dropped) and
        failing no failure-counting criterion?  Criteria read only signatures."""
        if not self.rs.legal(a, b):
            return False
        key = (self.rs.sig[a], self.rs.sig[b])
        got = memo.get(key)
        if got is None:
            got = memo[key] = self.fails_nothing(a, b)
        return got

    def fails_nothing(self, a: int, b: int) -> bool:
        """Does ``a``-``b`` (``a`` ranked higher, same score) fail no failure-counting
        criterion?  (Legality aside; criteria read only signatures.)"""
        pa, pb, ctx = self.rs.order[a], self.rs.order[b], self.rs.ctx
        return not any(c.value(ctx, pa, pb, "B") for c in self.rs.criteria if c.counts_failures)

    def first_perfect_transposition(
        self, bracket: list[int], budget: int | None = None
    ) -> list[tuple[int, int]] | None:
        """Art. 4.2 (2017 D.1): the first transposition of S2, in lexicographic order of the
        S2 sequence, whose pairs S1[i]-S2[i] are all perfect (:meth:`perfect_pair`).  A
        depth-first search: S1[0] takes the earliest free S2 player it pairs perfectly
        with, then S1[1], ...; on a dead end the latest choice moves on to its next S2
        player - which visits the transpositions in exactly their order.  None when none
        is perfect or after ``budget`` choices (default 4 per S1 player, plus 64)."""
        half = len(bracket) // 2
        s1, s2 = bracket[:half], bracket[half:]  # S2 has one more in an odd bracket
        if not self._enough_partners(s1, s2):
            return None
        memo: dict[tuple[object, object], bool] = {}
        n2 = len(s2)
        used = [False] * n2
        choice = [-1] * half  # index into s2 of S1[i]'s partner, -1: none yet
        left = 4 * half + 64 if budget is None else budget
        i = 0
        while 0 <= i < half:
            k = choice[i]
            if k >= 0:
                used[k] = False
            k += 1
            a = s1[i]
            while k < n2 and (used[k] or not self.perfect_pair(a, s2[k], memo)):
                k += 1
            if k == n2:  # dead end: the previous S1 player moves on
                choice[i] = -1
                i -= 1
                continue
            left -= 1
            if left < 0:
                return None
            choice[i] = k
            used[k] = True
            i += 1
        if i < 0:
            return None
        return [(s1[x], s2[choice[x]]) for x in range(half)]

    def _enough_partners(self, s1: list[int], s2: list[int]) -> bool:
        """Hall's condition by signature: each signature's players of S1 have at least as
        many players of S2 whose signature they may pair with failing nothing (C1, C3 and
        dropped pairs aside).  False: no transposition is perfect (the search would only
        prove it slowly, as when the colour preferences are not balanced)."""
        sig = self.rs.sig
        firsts: dict[int, list[int]] = {}
        for v in s1:
            firsts.setdefault(sig[v], []).append(v)
        seconds: dict[int, list[int]] = {}
        for v in s2:
            seconds.setdefault(sig[v], []).append(v)
        for ones in firsts.values():
            room = sum(
                len(others) for others in seconds.values() if self.fails_nothing(ones[0], others[0])
            )
            if room < len(ones):
                return False
        return True

    def fix(
        self, current: list[int], nxt: list[int], pairs: list[tuple[int, int]]
    ) -> tuple[BracketRecord, list[int]]:
        """Fix the pairs of :meth:`pairs`: nobody floats down but, in an odd
        last bracket, the player left over (:meth:`lone_bracket`)."""
        self.rs.fix(pairs)
        return self.rs.closed(current, 0, nxt, pairs)
