"""The pairing criteria as terms of a matching weight (C.04.3 2026 Art. 2).

Every criterion is turned into a *satisfaction* value of one candidate pair (higher-ranked
player ``h``, lower-ranked ``l``): the engine maximises the sum over the pairs of a round,
criterion by criterion, in the edition's order.  ``where`` tells where ``l`` is: ``"B"`` in the
bracket being paired, ``"N"`` in the next scoregroup (for C8's look-ahead), ``"L"`` lower.
A vector criterion returns ``{score: count}``; a higher score weighs more.  Criteria that
count failures return them negated (``-1`` for a pair that fails), so that a criterion no
pair can fail takes no room in the weight.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .players import DOWN, UP, PlayerState

# A pair's value under one criterion: a count, or {score: count} for a vector criterion;
# None or 0: nothing.
Value = int | dict[int, int] | None
#: Where the lower player of a pair is: in the bracket, in the next scoregroup, or lower.
Position = Literal["B", "N", "L"]


@dataclass
class Context:
    """What a bracket's criteria need besides the two players."""

    bye_score: int  # C5: the PAB assignee's score (lowest possible)
    odd: bool  # an odd number of players: somebody gets the PAB
    single_downfloater_is_pab: bool  # C9 applies to this bracket
    played_rank: dict[int, int]  # C9: played-game count -> rank among bye-score players
    rounds_played: int
    # 2017 (C.04.3 Till2026) only: the bracket's lowest score and one point in units (A.8
    # PSD), whether C.7 looks at the next bracket and whether C.4 (completion) is in force.
    low_score: int = 0
    point: int = 1
    lookahead: bool = True
    completion: bool = True
    next_is_last: bool = False

    def bye_candidate(self, p: PlayerState) -> bool:
        return p.bye_eligible and p.score <= self.bye_score


class Criterion:
    """One quality criterion.  ``counts_failures``: the value of a pair is never positive
    (a pair either fails the criterion or not); every other criterion, for two players of
    the same score inside the bracket (``where == "B"``), is a sum of one term per player
    (tests/engine/test_criteria_shape.py checks both), which is what lets the engine
    recognise a perfect candidate without a matching (engine.dutch.perfect, ``PerfectBracket.pairs``).
    Criteria read only the players' score, PAB eligibility, games played, colour data and
    floats (engine.dutch.players.PlayerState), never their numbers or opponents."""

    key = ""  # the engine's key; the edition labels it (Edition.label)
    vector = False
    rounds_needed = 0  # float criteria look back 1 or 2 rounds
    counts_failures = False
    lookahead = False  # about the next bracket (C8; 2017 C.7)
    sums_to: str | None = None  # a count criterion ranked above that this one's slots sum to

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        raise NotImplementedError


class Completion(Criterion):
    """C.04.3 2026 Art. 2.2 [C4] with C.04.1 Art. 4 [C2] and Art. 2.3 [C5]: the chosen
    pairs leave a complete round-pairing whose PAB goes to an eligible player of the lowest
    possible score.  Worth 1 per pair, plus 1 per non-candidate for the PAB that is paired."""

    key = "F1"

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if not ctx.completion:
            return 0
        return 1 + (not ctx.bye_candidate(h)) + (not ctx.bye_candidate(l))


class MaxPairs(Criterion):
    """Art. 2.4.1 [C6]: minimise the number of downfloaters (maximise the pairs)."""

    key = "C6"

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        return 1 if where == "B" else 0


class PairedScores(Criterion):
    """Art. 2.4.2 [C7]: minimise the scores of the downfloaters (the scores paired, taken
    from the higher player of each pair, are maximised from the highest score down)."""

    key, vector = "C7", True
    sums_to: str | None = "C6"  # one slot per pair of the bracket

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        return {h.score: 1} if where == "B" else None


class NextPairs(Criterion):
    """Art. 2.4.3 [C8]: the downfloaters chosen must let the next bracket pair as well as
    possible: its number of pairs (C6 there)."""

    key = "C8a"

    lookahead = True

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        return 1 if where == "N" and ctx.lookahead else 0


class NextScores(Criterion):
    """Art. 2.4.3 [C8], second part: the scores paired in the next bracket (C7 there)."""

    key, vector = "C8b", True
    sums_to: str | None = "C8a"

    lookahead = True

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        return {h.score: 1} if where == "N" else None


class PabUnplayed(Criterion):
    """Art. 2.4.4 [C9]: minimise the unplayed games of the PAB assignee.  Applies when the
    bracket downfloats exactly one player, who then gets the PAB: among the players with
    the PAB score, those paired are the ones with more unplayed games."""

    key = "C9"

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if not ctx.single_downfloater_is_pab:
            return 0
        v = 0
        for p in (h, l):
            if p.score == ctx.bye_score:
                v += ctx.played_rank.get(p.played, 0)
        return v


class TopscorerColourDifference(Criterion):
    """Art. 2.4.5 [C10]: minimise topscorers (or their opponents) who would get a colour
    difference above +2 or below -2: both |CD| > 1 with the same preference."""

    counts_failures = True

    key = "C10"

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if where != "B":
            return 0
        return -int(l.absolute_imbalance and h.absolute_imbalance and l.preference == h.preference)


class TopscorerRepeat(Criterion):
    """Art. 2.4.6 [C11]: minimise topscorers (or their opponents) who would get the same
    colour three times in a row."""

    counts_failures = True

    key = "C11"

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if where != "B":
            return 0
        if not (l.absolute and h.absolute and l.preference == h.preference):
            return 0
        if l.imbalance == h.imbalance:
            # The colour goes by 5.2.3; a repeat is forced if both repeated the same colour.
            return -int(l.repeated is not None and l.repeated == h.repeated)
        loser = h if l.imbalance > h.imbalance else l
        return -int(loser.repeated == _other(l.preference))


class ColourPreference(Criterion):
    """Art. 2.4.7 [C12]: minimise the players who do not get their colour preference."""

    counts_failures = True

    key = "C12"

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if where != "B":
            return 0
        return -int(l.preference == h.preference and l.preference is not None)


class StrongPreference(Criterion):
    """Art. 2.4.8 [C13]: minimise the players who do not get their strong colour
    preference (both strong-or-absolute for the same colour, not both absolute)."""

    counts_failures = True

    key = "C13"

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if where != "B":
            return 0
        sl = l.strong or l.absolute
        sh = h.strong or h.absolute
        return -int(sl and sh and not (l.absolute and h.absolute) and l.preference == h.preference)


class FloatHistory(Criterion):
    """A criterion about the floats of ``back`` rounds before (1 or 2); it exists only once
    that many rounds have been played."""

    def __init__(self, key: str, back: int) -> None:
        self.key, self.back, self.rounds_needed = key, back, back


class RepeatedDownfloat(FloatHistory):
    """Art. 2.4.9 [C14] (back=1) / 2.4.11 [C16] (back=2): minimise the resident
    downfloaters who got a downfloat in the previous round (two rounds before)."""

    vector = False

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if where != "B":
            return 0
        return int(l.floats.get(self.back) == DOWN) + int(
            h.score <= l.score and h.floats.get(self.back) == DOWN
        )


class RepeatedUpfloat(FloatHistory):
    """Art. 2.4.10 [C15] (back=1) / 2.4.12 [C17] (back=2): minimise the MDP opponents who
    got an upfloat in the previous round (two rounds before)."""

    counts_failures = True

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if where != "B":
            return 0
        return -int(h.score > l.score and l.floats.get(self.back) == UP)


class RepeatedDownfloatScores(FloatHistory):
    """Art. 2.4.13 [C18] (back=1) / 2.4.15 [C20] (back=2): minimise the scores of the
    downfloaters who got a downfloat in the previous round (two rounds before)."""

    vector = True

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if where != "B":
            return None
        # Ambiguous scope (2.4.13 speaks of MDPs): residents count too, as the reference
        # engine counts them; C14/C16 rank higher, so no corpus round differs.
        out: dict[int, int] = {}
        if l.floats.get(self.back) == DOWN:
            out[l.score] = 1
        if h.floats.get(self.back) == DOWN:
            out[h.score] = out.get(h.score, 0) + 1
        return out or None


class RepeatedUpfloatScores(FloatHistory):
    """Art. 2.4.14 [C19] (back=1) / 2.4.16 [C21] (back=2): minimise the scores of the
    opponents of MDPs who got an upfloat in the previous round (two rounds before)."""

    counts_failures = True

    vector = True

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if where != "B":
            return None
        if h.score > l.score and l.floats.get(self.back) == UP:
            return {h.score: -1}
        return None


def _other(c: str | None) -> str | None:
    return {"w": "b", "b": "w"}.get(c or "")


def criteria_2025() -> list[Criterion]:
    """The 2025/2026 order: completion (C4/C5), then C6 .. C21."""
    return [
        Completion(),
        MaxPairs(),
        PairedScores(),
        NextPairs(),
        NextScores(),
        PabUnplayed(),
        TopscorerColourDifference(),
        TopscorerRepeat(),
        ColourPreference(),
        StrongPreference(),
        RepeatedDownfloat("C14", 1),
        RepeatedUpfloat("C15", 1),
        RepeatedDownfloat("C16", 2),
        RepeatedUpfloat("C17", 2),
        RepeatedDownfloatScores("C18", 1),
        RepeatedUpfloatScores("C19", 1),
        RepeatedDownfloatScores("C20", 2),
        RepeatedUpfloatScores("C21", 2),
    ]


# -- the 2017 edition (C.04.3 Till2026, criteria C.1-C.19) ----------------------------------


def _count(out: dict[int, int], slot: int, c: int) -> None:
    out[slot] = out.get(slot, 0) + c


class PairingScoreDifference(Criterion):
    """2017 C.6: minimise the PSD (A.8), the score differences of the bracket's pairs and of
    its downfloaters (a downfloater's is its score minus one point less than the bracket's
    lowest score), compared as descending lists.  Every player starts as a downfloater; a
    pair takes two downfloater differences away and adds its own.  A pair of equal scores
    adds 0, the smallest value, which the number of pairs (C.5) already implies."""

    key, vector = "C7", True

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if where != "B":
            return None
        base = ctx.low_score - ctx.point
        a, b = h.score - base, l.score - base
        if a == b:
            return {a: 2}
        # Two differences away (both positive: the pair is in the bracket), its own added.
        out = {a: 1, b: 1}
        d = abs(a - b)
        c = out.get(d, 0) - 1
        if c:
            out[d] = c
        else:
            del out[d]
        return out


class NextPairs2017(Criterion):
    """2017 C.7, first part: the pairs of the next bracket.  When the next bracket is the
    last one, only its legal pairings count (C.4 and C.2 hold there: complete, the PAB to an
    eligible player): the field then also counts the PAB-ineligible players who are paired,
    so that every legal pairing of the rest outweighs every illegal one."""

    # C.7's text counts the next bracket's pairs; the reference engine counts only legal
    # ones when that bracket is the last (corpus/dutch2017 t000175 round 8): the corpus wins.
    key = "C8a"

    lookahead = True

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if not ctx.lookahead:
            return 0
        v = 1 if where == "N" else 0
        if ctx.next_is_last and where in ("B", "N"):
            v += (not ctx.bye_candidate(h)) + (not ctx.bye_candidate(l))
        return v


class NextBracketScores(Criterion):
    """2017 C.7, second part: the PSD of the next bracket.  Its pairs count first (C.7a);
    then the players of this bracket who find no partner in it or in the next bracket
    should be the lowest (the scores of those paired, here or there, are maximised)."""

    key, vector = "C8b", True

    lookahead = True

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if not ctx.lookahead:
            return None
        if where == "B":
            out: dict[int, int] = {}
            _count(out, h.score, 1)
            _count(out, l.score, 1)
            return out
        if where == "N" and h.score > l.score:  # h comes from this bracket
            return {h.score: 1}
        return None


class RepeatedDownfloatDifferences(FloatHistory):
    """2017 C.16 (back=1) / C.18 (back=2): minimise the score differences (A.8) of the
    players who get the same downfloat as one (two) rounds before: a downfloater's
    difference counts unless it is paired here, and then the pair's difference counts when
    it pairs a lower score."""

    vector = True

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if where != "B":
            return None
        h_down = h.floats.get(self.back) == DOWN
        l_down = l.floats.get(self.back) == DOWN
        if not (h_down or l_down):
            return None
        base = ctx.low_score - ctx.point
        out: dict[int, int] = {}
        if h_down:
            _count(out, h.score - base, 1)
            if h.score > l.score:
                _count(out, h.score - l.score, -1)
        if l_down:
            _count(out, l.score - base, 1)
        return {k: v for k, v in out.items() if v} or None


def criteria_2017() -> list[Criterion]:
    """The 2017 order: completion (C.4, in the PPB and the last bracket only), C.5, C.6
    (PSD), C.7 (the next bracket), C.8-C.11 (colours), C.12-C.15 (floats), C.16-C.19 (their
    score differences).  Keys are those of the 2025 criteria they correspond to."""
    return [
        Completion(),
        MaxPairs(),
        PairingScoreDifference(),
        NextPairs2017(),
        NextBracketScores(),
        TopscorerColourDifference(),
        TopscorerRepeat(),
        ColourPreference(),
        StrongPreference(),
        RepeatedDownfloat("C14", 1),
        RepeatedUpfloat("C15", 1),
        RepeatedDownfloat("C16", 2),
        RepeatedUpfloat("C17", 2),
        RepeatedDownfloatDifferences("C18", 1),
        RepeatedUpfloatScores("C19", 1),
        RepeatedDownfloatDifferences("C20", 2),
        RepeatedUpfloatScores("C21", 2),
    ]


# -- the 2012 edition (C.04.3.1, Istanbul 2012; the seeds' wording) --------------------------


class StrongAsAbsoluteOddRounds(StrongPreference):
    """2012 A.7.d: in odd rounds a strong preference is treated as absolute, as long as that
    makes no extra or higher floaters and no worse score differences; C.10 drops it after
    the colour requirement X, so it ranks above B.4.  Counted as C13 counts failures."""

    key = "A7d"

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if (ctx.rounds_played + 1) % 2 == 0:
            return 0
        return super().value(ctx, h, l, where)


class StrongPreferenceEvenRounds(StrongPreference):
    """2012 Z (A.8, even rounds only): the pairs that cannot meet both strong preferences,
    minimised after X (C.10 raises Z before X in even rounds).  The variable preferences of
    A.7.e are not modelled (issue 6: documented choice)."""

    key = "C13"

    def value(self, ctx: Context, h: PlayerState, l: PlayerState, where: Position) -> Value:
        if (ctx.rounds_played + 1) % 2 == 1:
            return 0
        return super().value(ctx, h, l, where)


def criteria_2012() -> list[Criterion]:
    """The 2012 order, read from the relaxation order of C.10 (the first relaxed ranks
    lowest): completion (C.13, the lowest brackets merged, as 2017's PPB/CLB), the number of
    pairs (P, C.14), the score differences (B.3, measured as 2017's PSD), the next bracket's
    pairs (C.12's backtracking), the topscorers' colours (B.2's note), A.7.d (odd rounds),
    X (B.4), Z (even rounds), then the floats: B.5 and B.6 for downfloaters before B.5 and
    B.6 for upfloaters.  2012 has no criteria on the floaters' score differences."""
    return [
        Completion(),
        MaxPairs(),
        PairingScoreDifference(),
        NextPairs2017(),
        TopscorerColourDifference(),
        TopscorerRepeat(),
        StrongAsAbsoluteOddRounds(),
        ColourPreference(),
        StrongPreferenceEvenRounds(),
        RepeatedDownfloat("C14", 1),
        RepeatedDownfloat("C16", 2),
        RepeatedUpfloat("C15", 1),
        RepeatedUpfloat("C17", 2),
    ]
