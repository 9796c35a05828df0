"""Pairing one round under the FIDE (Dutch) System (C.04.3 2026 Arts. 1-5).

Brackets are paired from the top (1.9.2).  One round state (:class:`.state.RoundState`: the
players in order, the legal pairs, the pairs fixed so far, the bracket being paired) is handed
to collaborators, one per article: the PAB pre-pass and completion tests (C4, C5) are
:class:`.completion.CompletionTests`, a bracket's matchings :class:`.bracket.BracketMatcher`,
the perfect-bracket shortcut :class:`.perfect.PerfectBracket`, a large bracket's route on
classes of players :class:`.classes.ClassBracket`, the look-ahead (C8)
:class:`.lookahead.Lookahead`, and the generation order of Art. 4 :class:`.mdps.MdpChoice`
(4.4), :class:`.exchange.Exchanges` (4.3) and :class:`.transposition.Transpositions` (4.2);
the weights are laid out by :mod:`.weights`.  This module is the round loop and the route
through the brackets.  For each bracket the best candidate is found as a maximum-weight
matching over every player still unpaired: the weight of a pair packs the criteria
(completion C4/C5 first, then C6 .. C21) as fields in their order of priority, so that a
heavier matching is a better round-pairing.  Among equally good candidates the one generated
first (Art. 4) is then fixed greedily: the MDPs paired (4.4), their opponents (the S2
transposition), the remainder's exchange (4.3: fewest players, smallest BSN sum, highest BSN
out, lowest BSN in) and its transposition (4.2), each decision checked with one more matching
in which a tie-break field at the bottom asks for it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from ..history import RoundInput
from ..matching import RUSTWORKX_BITS
from ..result import Board, NoPairing, RoundPairing
from .bracket import BracketMatcher
from .classes import ClassBracket
from .colours import allocate
from .completion import CompletionTests
from .criteria import Context
from .editions import EDITION_2025, Edition
from .exchange import Exchanges
from .family import Mark, RoundFamily, Trail
from .lookahead import Lookahead
from .mdps import MdpChoice
from .perfect import PerfectBracket
from .players import PlayerState
from .state import LookaheadNeeded, RoundState
from .trace import BracketRecord, DutchTrace
from .transposition import Transpositions
from .weights import count


class PairOutside(Exception):
    """A bracket fixed a pair (TPNs) outside the pairs the round was to stay within, or the
    round's last bracket cannot pair its players as those pairs do."""


class DutchPairer:
    """Pairs one round; see the module docstring.  The collaborators' classes are class
    attributes, so that a variant of one article's mechanism can be put beside the other."""

    completion_tests: type[CompletionTests] = CompletionTests
    bracket_matcher: type[BracketMatcher] = BracketMatcher
    perfect_bracket: type[PerfectBracket] = PerfectBracket
    class_bracket: type[ClassBracket] = ClassBracket
    look_ahead: type[Lookahead] = Lookahead
    mdp_choice: type[MdpChoice] = MdpChoice
    exchange: type[Exchanges] = Exchanges
    transposition: type[Transpositions] = Transpositions
    # Brackets running whose pairing without the next group did not stand, after which
    # the round's brackets are paired with it directly (a speed setting: same pairings).
    local_miss_limit = 3

    def __init__(
        self,
        inp: RoundInput,
        edition: Edition = EDITION_2025,
        within: Collection[frozenset[int]] | None = None,
        states: dict[int, PlayerState] | None = None,
        family: RoundFamily | None = None,
    ):
        """``within``: the pairs (by TPN) the round may have: :meth:`pair` stops with
        :class:`PairOutside` as soon as a bracket fixes another one.  ``states``: the
        players' states of ``inp`` (:func:`.players.build_states`), when already built.
        ``family``: the re-pairings of this round that share brackets' openings
        (:class:`.family.RoundFamily`)."""
        self.inp = inp
        self.edition = edition
        self.within = within
        self.within_partner: dict[int, int] = {}  # each player's partner in ``within``
        for pair in within or ():
            a, b = pair
            self.within_partner[a], self.within_partner[b] = b, a
        rs = self.rs = RoundState(inp, edition, states, family)
        self.completion = self.completion_tests(rs)
        self.matcher = self.bracket_matcher(rs, self.completion)
        self.perfect = self.perfect_bracket(rs, self.completion)
        self.lookahead = self.look_ahead(rs, self.completion)
        self.classes = self.class_bracket(rs, self.lookahead)
        self.mdps = self.mdp_choice(rs, self.matcher)
        self.exchanges = self.exchange(rs, self.matcher, self.completion)
        self.transpositions = self.transposition(rs, self.matcher)
        self.local_misses = 0

    def pair(self) -> RoundPairing:
        """Pair the round bracket by bracket from the top (1.9.2)."""
        rs = self.rs
        order, n = rs.order, rs.n
        ctx = self._round_context()
        brackets: list[BracketRecord] = []
        # The route through the brackets is the edition's: 2025 pairs each bracket with a
        # completable rest (C4); 2017 and 2012 have the PPB/CLB route (A.9, C.4).
        route = self._route_2025 if self.edition.completion_every_bracket else self._route_2017
        current = self._group(0)
        pos = len(current)
        mdp_count = 0
        trail = self._trail()
        resumed = self._resume(trail, brackets) if trail is not None and trail.marks else None
        if resumed is not None:
            current, mdp_count, pos, ctx = resumed
        while len(current) > 1 or pos < n:
            nxt = self._group(pos)
            pos += len(nxt)
            rec, floaters, nxt, pos = route(current, mdp_count, nxt, pos)
            self._stay_within(rec)
            brackets.append(rec)
            ctx.single_downfloater_is_pab = self._c9_in_force(floaters, nxt, pos)
            current = floaters + nxt
            mdp_count = len(floaters)
            if trail is not None and pos < n:
                trail.marks.append(self._mark(pos, current, mdp_count, brackets))
        left = sorted(rs.alive)
        if len(left) > 1:
            raise NoPairing("players left unpaired: " + ", ".join(str(order[v].tpn) for v in left))
        bye = order[left[0]].tpn if left else None
        return self._result(bye, brackets, ctx.bye_score if ctx.odd else None)

    def _stay_within(self, rec: BracketRecord) -> None:
        """Under ``within``: a bracket's pairs, once its route is done, stay for the round."""
        if self.within is not None:
            for a, b in rec.pairs:
                if frozenset((a, b)) not in self.within:
                    raise PairOutside(a, b)

    def _trail(self) -> Trail | None:
        """In a family, under the 2017/2012 route: this re-pairing's trail of marks, with
        the marks it shares with an earlier re-pairing (.family.RoundFamily.trail).

        Why those brackets pair alike: a reading changes one player's record, and with it
        his state and maybe his last opponents' (the others keep their state objects).  A
        bracket above all of them reads the players below it only as a number (the
        layout's), through the criteria context of the PAB pre-pass and C9's setup (the
        trail's key), and through whether they can all be paired after it (A.9's test,
        :meth:`_rest_completes`), which :meth:`_resume` asks again of this round.  Not
        under 2025, whose matchings may take in the whole field (C4)."""
        rs, family = self.rs, self.rs.family
        if family is None or self.edition.completion_every_bracket:
            return None
        c9 = None
        if rs.c9 is not None:
            c9 = tuple(sorted((p.tpn, rs.c9_setup[v]) for v, p in enumerate(rs.order)))
        return family.trail(rs.order, (type(self), rs.n, self.matcher.context_key(), c9))

    def _mark(
        self, pos: int, current: list[int], mdp_count: int, brackets: list[BracketRecord]
    ) -> Mark:
        rs = self.rs
        return Mark(
            pos,
            tuple(current),
            mdp_count,
            tuple(brackets),
            replace(rs.ctx),
            dict(rs.final),
            frozenset(rs.alive),
            frozenset(rs.dropped),
            tuple(rs.values_log),
            rs.bk,
            self.local_misses,
        )

    def _resume(
        self, trail: Trail, brackets: list[BracketRecord]
    ) -> tuple[list[int], int, int, Context] | None:
        """The round state at the furthest of ``trail``'s marks after each of whose
        brackets everybody left can still be paired in this round too (the A.9 test the
        brackets passed), their brackets checked against ``within``: the next bracket's
        players, MDP count and start, and the context; None (nothing changed) when there
        is no such mark."""
        rs = self.rs
        start = (rs.final, rs.alive)
        kept = 0
        for mark in trail.marks:
            rs.final, rs.alive = dict(mark.final), set(mark.alive)
            if not self._rest_completes():
                break
            kept += 1
        del trail.marks[kept:]
        if not kept:
            rs.final, rs.alive = start
            return None
        mark = trail.marks[-1]
        if rs.family is not None:
            rs.family.resumed += len(mark.brackets)
        for rec in mark.brackets:
            self._stay_within(rec)
            brackets.append(rec)
        rs.ctx = replace(mark.ctx)
        rs.final, rs.alive, rs.dropped = dict(mark.final), set(mark.alive), set(mark.dropped)
        rs.vals = {}
        for values in mark.values:
            rs.vals.update(values)
        rs.values_log = list(mark.values)
        rs.bk = mark.bk
        self.local_misses = mark.local_misses
        return list(mark.current), mark.mdp_count, mark.pos, rs.ctx

    def _round_context(self) -> Context:
        """The round's criteria context after the PAB pre-pass (C5), and what a pair with a
        player below the bracket and its next scoregroup is worth: completion only (and C9
        when the top bracket downfloats the PAB, 2.4.4)."""
        rs = self.rs
        order = rs.order
        bye_score, single, ranks = self.completion.pab_prepass()
        ctx = Context(
            bye_score=bye_score,
            odd=rs.n % 2 == 1,
            single_downfloater_is_pab=single,
            played_rank=ranks,
            rounds_played=rs.rounds_played,
        )
        rs.ctx = ctx
        rs.noncand = [int(not ctx.bye_candidate(p)) for p in order]
        rs.c9_setup = [0] * rs.n
        if single and rs.c9 is not None:
            c9 = rs.criteria[rs.c9]
            rs.c9_setup = [
                count(c9.value(ctx, p, p, "L")) // 2 if p.score == bye_score else 0 for p in order
            ]
        return ctx

    def _c9_in_force(self, floaters: list[int], nxt: list[int], pos: int) -> bool:
        """Art. 2.4.4 [C9] is in force in a bracket that downfloats exactly one player, who
        then gets the PAB: the last bracket always; another one when its scoregroup is at or
        below the PAB score (the PAB assignee is then one of its residents or MDPs) and
        nobody else in it has to float below its scoregroup.  Ambiguous in 2.4.4: whether a
        bracket "downfloats one player" is read here, as the reference engine reads it, on the
        matching that paired the bracket above (this bracket's candidates not yet known)."""
        rs = self.rs
        ctx, order = rs.ctx, rs.order
        if ctx.odd and pos >= rs.n:
            return True  # the last bracket leaves exactly one player, the PAB assignee
        if not (ctx.odd and nxt and ctx.bye_score >= order[nxt[0]].score):
            return False
        if rs.bk.whole:
            floor = order[nxt[0]].score
            return all(order[rs.bk.mate.get(v, v)].score >= floor for v in floaters + nxt)
        # Partners below the next group are not in a local matching.
        return sum(1 for v in floaters + nxt if v not in rs.bk.mate) <= 1

    def _route_2025(
        self, current: list[int], mdp_count: int, nxt: list[int], pos: int
    ) -> tuple[BracketRecord, list[int], list[int], int]:
        """2025: every bracket is paired once, with its next scoregroup in view (C4, C8)."""
        rec, floaters = self._pair_bracket(current, mdp_count, nxt)
        return rec, floaters, nxt, pos

    def _route_2017(
        self, current: list[int], mdp_count: int, nxt: list[int], pos: int
    ) -> tuple[BracketRecord, list[int], list[int], int]:
        """2017 A.9: pair the bracket with C.7's look at the next one; when its downfloaters
        and everybody below cannot complete the round, pair it again as the penultimate
        bracket (PPB, C.4) with everybody below collapsed into the last bracket (CLB)."""
        rs = self.rs
        ctx, order = rs.ctx, rs.order
        if self.edition.homogeneous_from_half_mdps and 2 * mdp_count >= len(current):
            mdp_count = 0  # 2012 A.3
        ctx.low_score = order[current[-1]].score  # A.8: the bracket's lowest-ranked player
        ctx.point = self.inp.points.unit
        ctx.completion = not nxt  # the last bracket: C.4 and the PAB
        ctx.lookahead = bool(nxt)
        ctx.next_is_last = bool(nxt) and pos >= rs.n
        saved = rs.saved()
        rec, floaters = self._pair_bracket(current, mdp_count, nxt)
        if not nxt or self._rest_completes():
            return rec, floaters, nxt, pos
        rs.restore(saved)
        nxt = nxt + list(range(pos, rs.n))
        ctx.lookahead, ctx.completion = False, True
        rec, floaters = self._pair_bracket(current, mdp_count, nxt)
        return rec, floaters, nxt, rs.n

    def _rest_completes(self) -> bool:
        """Can everybody still unpaired be paired, the PAB (if any) to a candidate (C.4)?
        Shown cheaply from the last matching of the players below when it still pairs them
        (:meth:`CompletionTests.near_perfect_of`), else by a maximum matching."""
        rs, done = self.rs, self.completion
        rest = frozenset(rs.alive)
        if done.one_swap(done.near_perfect_of(rest), rest, frozenset()):
            return True
        return done.complete(sorted(rest), lambda v: not rs.noncand[v])

    def _group(self, start: int) -> list[int]:
        order, n = self.rs.order, self.rs.n
        if start >= n:
            return []
        s = order[start].score
        end = start
        while end < n and order[end].score == s:
            end += 1
        return list(range(start, end))

    def _pair_bracket(
        self, current: list[int], mdp_count: int, nxt: list[int]
    ) -> tuple[BracketRecord, list[int]]:
        """Pair one bracket (its MDPs first in ``current``) with a look at ``nxt``: the best
        candidate (one matching), then the generation order (Art. 4) in three steps."""
        rs = self.rs
        perfect = self.perfect.pairs(current, mdp_count, nxt)
        if perfect is not None:
            return self.perfect.fix(current, nxt, perfect)
        by_classes = self.classes.pair(current, mdp_count, nxt)
        if by_classes is not None:
            return by_classes
        # The pairing without the next group, where it stands, is the one with it (C8 at
        # its bound, Lookahead.reached): a shortcut only, given up for the rest of the
        # round once it has failed a few brackets running (late rounds of long events,
        # where most pairs are rematches, fail it nearly always).
        if self.local_misses < self.local_miss_limit and self.lookahead.local(
            current, mdp_count, nxt
        ):
            saved = rs.saved()
            try:
                rec, floaters = self._pair_candidates(current, mdp_count, nxt, look=False)
                if self.lookahead.reached(floaters, nxt):
                    self.local_misses = 0
                    return rec, floaters
            except LookaheadNeeded:
                pass
            self.local_misses += 1
            rs.restore(saved)
        return self._pair_candidates(current, mdp_count, nxt, look=True)

    def _pair_candidates(
        self, current: list[int], mdp_count: int, nxt: list[int], look: bool
    ) -> tuple[BracketRecord, list[int]]:
        """The matching route; ``look``: the next scoregroup is in the matchings (C8)."""
        matcher = self.matcher
        st = matcher.open_bracket(current, mdp_count, nxt, look)
        last = None  # under ``within``, the last bracket: what its pairs there are worth
        if self.within is not None and not nxt and not self.rs.bk.lower:
            last = self._within_worth()
            if self.rs.bk.bits > RUSTWORKX_BITS:
                # Weights too wide for rustworkx: a matching found on their top bits first,
                # which is often worth more already (no exact matching needed).
                self._within_beaten(matcher.near_best(), last)
        mate = matcher.solve()
        if last is not None:
            self._within_beaten(mate, last)
        matcher.failure_budget(mate)
        selected, mdp_bonus, mate = self.mdps.choose(st, mate)  # 4.4
        mdp_pairs, mate = self.mdps.pair(st, selected, mdp_bonus, mate)  # 4.4 / 4.2 on S2
        remainder, firsts, mate = self.exchanges.exchange(st, mate)  # 4.3
        pairs = mdp_pairs + self.transpositions.transpose(st, remainder, firsts, mate)  # 4.2
        return matcher.close_bracket(st, pairs)

    def _within_worth(self) -> int:
        """The round's last bracket, under ``within``: the criteria worth of the pairs
        ``within`` makes of the players left.  :class:`PairOutside` when they are no
        candidate of the bracket (a pair not in its graph, two players or more left over)."""
        rs, matcher = self.rs, self.matcher
        vertex = {rs.order[v].tpn: v for v in rs.alive}
        worth, left = 0, 0
        for v in rs.alive:
            u = vertex.get(self.within_partner.get(rs.order[v].tpn, -1))
            if u is None:
                left += 1  # the PAB, or a partner paired otherwise already
            elif v < u:
                if not matcher.has(v, u):
                    raise PairOutside(rs.order[v].tpn, rs.order[u].tpn)
                worth += matcher.crit_weight((v, u))
        if left > 1:
            raise self._left_outside()
        return worth

    def _within_beaten(self, mate: dict[int, int], worth: int) -> None:
        """:class:`PairOutside` when ``mate``, a matching of the last bracket, is worth more
        on the criteria than the pairs of ``within`` (:meth:`_within_worth`): the bracket's
        pairs are a best candidate (Art. 4 chooses among them; the generation order keeps
        the first matching's bound), so ``within`` cannot come out of it."""
        matcher = self.matcher
        if sum(matcher.crit_weight((a, b)) for a, b in mate.items() if a < b) > worth:
            raise self._left_outside()

    def _left_outside(self) -> PairOutside:
        """:class:`PairOutside` for the last bracket as a whole (its first two players)."""
        return PairOutside(*sorted(self.rs.order[v].tpn for v in self.rs.alive)[:2])

    def _result(
        self, bye: int | None, brackets: list[BracketRecord], bye_score: int | None
    ) -> RoundPairing:
        rs = self.rs
        order = rs.order
        initial = self.inp.initial_colour or "w"
        boards = []
        seen: set[int] = set()
        for a, b in rs.final.items():
            if a in seen:
                continue
            seen.update((a, b))
            pa, pb = order[a], order[b]
            colour, rule = allocate(pa, pb, initial)
            w, bl = (pa, pb) if colour == "w" else (pb, pa)
            boards.append(Board(w.tpn, bl.tpn, rule))

        boards.sort(key=lambda b: board_key(rs.states[b.white], rs.states[b.black], self.inp))
        trace = DutchTrace(brackets, rs.states, rs.criteria)
        return RoundPairing(self.inp.round, boards, bye, bye_score, trace)


def raw_score(p: PlayerState, inp: RoundInput) -> int:
    """Score without acceleration (board order, C.04.2 3.6)."""
    return p.score - inp.players[p.tpn].acceleration.get(inp.round, 0)


def board_key(x: PlayerState, y: PlayerState, inp: RoundInput) -> tuple[int, int, int]:
    """Sort key of the board of ``x`` and ``y`` (C.04.2 3.6: the higher player's score, the
    lower player's score, then the higher player's rank)."""
    hi, lo = (x, y) if higher_ranked_raw(x, y, inp) else (y, x)
    return (-raw_score(hi, inp), -raw_score(lo, inp), hi.rank)


def higher_ranked_raw(a: PlayerState, b: PlayerState, inp: RoundInput) -> bool:
    return (raw_score(a, inp), -a.rank) > (raw_score(b, inp), -b.rank)


def pair_round(inp: RoundInput, edition: Edition = EDITION_2025) -> RoundPairing:
    """Pair round ``inp.round``; raises :class:`NoPairing` when the rules allow none."""
    return DutchPairer(inp, edition).pair()
