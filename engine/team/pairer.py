"""The Swiss Team Pairing System, C.04.6 (2026): one round-pairing (Art. 3.3.2).

1. the pairing-allocated-bye, if the number of teams is odd (Art. 3.4);
2. the top-scoregroup plus the first set of upfloaters (Art. 3.5) forms a bracket, paired by
   the first pairing identifier (Art. 3.6); repeated until every team is paired;
3. colours by Art. 4 (:mod:`.colours`); boards by GHR C.04.2 Art. 3.6.

There are no downfloaters: every resident of the top-scoregroup is paired in its bracket.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, combinations_with_replacement

from ..matching import has_perfect, min_cost_perfect
from ..result import Board, NoPairing, RoundPairing
from .colours import ColourTeam, Preference, allocate
from .rules import TeamRules


@dataclass(frozen=True)
class Contender:
    """A team to be paired, as the criteria see it."""

    tpn: int
    score: Fraction  # the pairing score: primary score + virtual points (C.04.7 1.5)
    primary: Fraction
    secondary: Fraction
    sequence: str  # played colours, oldest first (Art. 1.6.1, GHR 3.4)
    pref: Preference | None
    played: int  # matches actually played (Art. 3.4.3)
    floated: bool  # a floater in the previous round (Art. 1.5)
    pab_barred: bool  # [C2]
    opponents: frozenset[int]  # teams met in played matches ([C1], GHR 3.5)


@dataclass(frozen=True)
class TeamInput:
    """Everything one round-pairing reads."""

    round: int
    total_rounds: int
    teams: tuple[Contender, ...]
    rules: TeamRules
    initial_colour: str = "w"
    forbidden: frozenset[frozenset[int]] = frozenset()

    @property
    def floats_count(self) -> bool:
        """[C7] and [C10] apply "with the exception of the last two rounds"."""
        return self.round <= self.total_rounds - 2


@dataclass
class Bracket:
    """One bracket: its score, residents, upfloaters and pairs (by TPN, top member first)."""

    score: Fraction
    residents: list[int]
    upfloaters: list[int]
    pairs: list[tuple[int, int]]
    quality: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class TeamTrace:
    """What the pairer recorded on the way: the brackets in pairing order (the shared
    :class:`~trfaudit.engine.result.RoundPairing`'s ``trace``; a board's ``rule`` is the
    Art. 4.3 rule that gave its colours)."""

    brackets: list[Bracket]


def team_trace(p: RoundPairing) -> TeamTrace:
    """The brackets of a round the Swiss Team pairer paired."""
    assert isinstance(p.trace, TeamTrace), "not a Swiss Team pairing"
    return p.trace


class _Round:
    def __init__(self, inp: TeamInput) -> None:
        self.inp = inp
        self.by_tpn = {c.tpn: c for c in inp.teams}
        self.levels = sorted({c.score for c in inp.teams}, reverse=True)

    def legal(self, a: int, b: int) -> bool:
        """[C1], and the competition's prohibited pairings (TRF-2026 260)."""
        return b not in self.by_tpn[a].opponents and frozenset((a, b)) not in self.inp.forbidden

    def pairable(self, tpns: list[int]) -> bool:
        return has_perfect(tpns, self.legal)

    # -- Art. 3.4 -------------------------------------------------------------------------------
    def pab(self, tpns: list[int]) -> int:
        """The PAB team: not barred by [C2], leaves a legal pairing (3.4.1), lowest score
        (3.4.2), most matches played (3.4.3), largest TPN (3.4.4)."""
        teams = [self.by_tpn[t] for t in tpns if not self.by_tpn[t].pab_barred]
        for c in sorted(teams, key=lambda c: (c.score, -c.played, -c.tpn)):
            if self.pairable([t for t in tpns if t != c.tpn]):
                return c.tpn
        raise NoPairing("no team can receive the PAB and leave a legal pairing (Art. 3.4.1)")

    # -- Art. 3.5 -------------------------------------------------------------------------------
    def profiles(self, lower: list[Contender], size: int) -> list[tuple[Fraction, ...]]:
        """[C5]: the score profiles of ``size`` upfloaters, best first (their scores in
        ascending order, maximised)."""
        counts: dict[Fraction, int] = {}
        for c in lower:
            counts[c.score] = counts.get(c.score, 0) + 1
        out = [
            p
            for p in combinations_with_replacement(sorted(counts, reverse=True), size)
            if all(p.count(s) <= counts[s] for s in set(p))
        ]
        return sorted(out, key=lambda p: sorted(p), reverse=True)

    def sets(self, lower: list[Contender], profile: tuple[Fraction, ...]) -> Iterator[list[int]]:
        """Art. 3.5.3-3.5.4: the sets of a profile in lexicographic order of their TPNs, each
        sorted by descending score, then ascending TPN."""
        scores = sorted(set(profile), reverse=True)
        pools = [sorted(c.tpn for c in lower if c.score == s) for s in scores]
        counts = [profile.count(s) for s in scores]
        return _choices(pools, counts, 0)

    def c6(self, top: Fraction, rest: list[int]) -> bool:
        """[C6] (Art. 2.3.3), reading: what is left of the following scoregroup (the next
        score of the round's teams) can be paired, leaving the others pairable ([C1], [C3]),
        with the fewest upfloaters its parity allows ([C4]: none if even, one if odd);
        an emptied scoregroup complies."""
        below = [s for s in self.levels if s < top]
        if not below:
            return True
        following = [t for t in rest if self.by_tpn[t].score == below[0]]
        if not following:
            return True
        lower = [t for t in rest if self.by_tpn[t].score < below[0]]
        for extra in [[]] if len(following) % 2 == 0 else [[t] for t in lower]:
            group = following + extra
            if self.pairable(group) and self.pairable([t for t in rest if t not in group]):
                return True
        return False

    def c7(self, upfloaters: list[int]) -> int:
        """[C7] (Art. 2.3.4): upfloaters that were floaters in the previous round."""
        if not self.inp.floats_count:
            return 0
        return sum(self.by_tpn[t].floated for t in upfloaters)

    def bracket(self, remaining: list[int]) -> Bracket:
        """Art. 3.5.5 with Art. 3.6: the first set that gives a legal pairing of the bracket,
        leaves the rest pairable ([C3]) and complies best with [C6], then [C7].

        Reading (Art. 2.3, "comply as much as possible"): a set complies with [C6]/[C7] when
        no legal set of the same [C4]/[C5] profile does better; and a number or profile of
        upfloaters with no legal set is passed over ([C3] outranks [C4]-[C5])."""
        top = max(self.by_tpn[t].score for t in remaining)
        residents = sorted(t for t in remaining if self.by_tpn[t].score == top)
        lower = [self.by_tpn[t] for t in remaining if self.by_tpn[t].score < top]
        for size in range(len(residents) % 2, len(lower) + 1, 2):
            for profile in self.profiles(lower, size):
                best: tuple[tuple[int, int, int], list[int], Bracket] | None = None
                for index, ups in enumerate(self.sets(lower, profile)):
                    group = residents + ups
                    rest = [t for t in remaining if t not in group]
                    if not self.pairable(group) or not self.pairable(rest):
                        continue
                    key = (0 if self.c6(top, rest) else 1, self.c7(ups), index)
                    if best is None or key < best[0]:
                        best = (key, ups, Bracket(top, residents, ups, []))
                    if key[:2] == (0, 0):
                        break
                if best is not None:
                    key, ups, br = best
                    br.pairs = self.pair_bracket(top, residents + ups)
                    br.quality = {"C4": len(ups), "C6": key[0], "C7": key[1]}
                    br.quality.update(self.colour_quality(top, br.pairs))
                    return br
        raise NoPairing(f"the top-scoregroup {top} has no legal pairing (Art. 3.3.3)")

    # -- Art. 3.6 -------------------------------------------------------------------------------
    def cost(self, top: Fraction, a: int, b: int) -> tuple[int, int, int]:
        """([C8], [C9], [C10]) of the pair a-b.  Art. 4.3.2/4.3.3 grant every preference of a
        pair unless both teams want the same colour, and 4.3.4 grants a strong one over a
        mild one: so one preference is left unfulfilled exactly when both want the same
        colour, a strong one when both are strong."""
        ca, cb = self.by_tpn[a], self.by_tpn[b]
        c8 = c9 = c10 = 0
        if ca.pref is not None and cb.pref is not None and ca.pref.colour == cb.pref.colour:
            c8 = 1
            if self.inp.rules.colours == "B" and ca.pref.strong and cb.pref.strong:
                c9 = 1
        if self.inp.floats_count:
            for x, y in ((ca, cb), (cb, ca)):
                if x.score < top and y.floated:
                    c10 += 1
        return c8, c9, c10

    def colour_quality(self, top: Fraction, pairs: list[tuple[int, int]]) -> dict[str, int]:
        costs = [self.cost(top, a, b) for a, b in pairs]
        return {name: sum(c[i] for c in costs) for i, name in enumerate(("C8", "C9", "C10"))}

    def pair_bracket(self, top: Fraction, group: list[int]) -> list[tuple[int, int]]:
        """Art. 3.6.4: the first pairing by identifier (Art. 3.6.2: the top members in
        ascending TPN, then their bottom members) among the legal pairings with the least
        [C8], then [C9], then [C10].

        The identifier compares the sets of top members first, and the smallest team in
        which two sets differ decides; so each team, in TPN order, is made a top member when
        an optimal pairing still allows it, then each top member, in order, takes the
        smallest bottom member an optimal pairing allows."""
        group = sorted(group)
        k = 2 * len(group) + 1
        weight = {}
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                if self.legal(a, b):
                    c8, c9, c10 = self.cost(top, a, b)
                    weight[(a, b)] = (c8 * k + c9) * k + c10
        best = min_cost_perfect(group, [(a, b, w) for (a, b), w in weight.items()])
        if best is None:
            raise NoPairing("a bracket with no legal pairing")  # callers checked it

        def ok(allowed: dict[tuple[int, int], int]) -> bool:
            return min_cost_perfect(group, [(a, b, w) for (a, b), w in allowed.items()]) == best

        allowed = dict(weight)
        for x in group:
            as_top = {e: w for e, w in allowed.items() if e[1] != x}  # x never a bottom member
            allowed = as_top if ok(as_top) else {e: w for e, w in allowed.items() if e[0] != x}
        pairs = []
        for a in sorted({e[0] for e in allowed}):
            for b in sorted(e[1] for e in allowed if e[0] == a):
                fixed = {
                    e: w for e, w in allowed.items() if e == (a, b) or (a not in e and b not in e)
                }
                if ok(fixed):
                    allowed = fixed
                    pairs.append((a, b))
                    break
        return pairs


def _board_key(r: _Round, white: int, black: int) -> tuple[Fraction, Fraction, int]:
    """GHR C.04.2 Art. 3.6: the higher score of the pair, the sum of the scores, then the TPN
    of the higher-ranked team (reading: higher score, then smaller TPN; pairing scores)."""
    a, b = r.by_tpn[white], r.by_tpn[black]
    higher = min((a, b), key=lambda c: (-c.score, c.tpn))
    return (-max(a.score, b.score), -(a.score + b.score), higher.tpn)


def pair_teams(inp: TeamInput) -> RoundPairing:
    """The round-pairing of Art. 3.3.2 (raises :class:`NoPairing`, Art. 3.3.3)."""
    r = _Round(inp)
    remaining = sorted(r.by_tpn)
    if not r.pairable(remaining) and len(remaining) % 2 == 0:
        raise NoPairing("the teams to be paired have no legal pairing (Art. 3.3.3)")
    bye = r.pab(remaining) if len(remaining) % 2 else None
    remaining = [t for t in remaining if t != bye]
    brackets: list[Bracket] = []
    while remaining:
        br = r.bracket(remaining)
        brackets.append(br)
        paired = {t for p in br.pairs for t in p}
        remaining = [t for t in remaining if t not in paired]
    boards = []
    kind = inp.rules.colours
    for br in brackets:
        for a, b in br.pairs:
            ca, cb = (_colour_team(r.by_tpn[t]) for t in (a, b))
            white, black, rule = allocate(
                ca, cb, kind, inp.initial_colour, inp.rules.secondary_used
            )
            boards.append(Board(white, black, rule))
    boards.sort(key=lambda bd: _board_key(r, bd.white, bd.black))
    return RoundPairing(inp.round, boards, bye, trace=TeamTrace(brackets))


def _colour_team(c: Contender) -> ColourTeam:
    return ColourTeam(c.tpn, c.primary, c.secondary, c.sequence, c.pref)


def _choices(pools: list[list[int]], counts: list[int], i: int) -> Iterator[list[int]]:
    """Each choice of ``counts[k]`` members of ``pools[k]`` for every k from ``i`` on, their
    members in order, in lexicographic order (a module-level function: a recursive closure
    would hold itself, a cycle left for the garbage collector)."""
    if i == len(pools):
        yield []
        return
    for chosen in combinations(pools[i], counts[i]):
        for rest in _choices(pools, counts, i + 1):
            yield list(chosen) + rest
