"""The perfect-bracket shortcut (engine.dutch.perfect, ``PerfectBracket.pairs``): where it pairs a
bracket without a matching, and where it must leave the bracket to the matching route.

Expected pairings are derived by hand from the rules (C.04.3 2026 Art. 2-4; dutch-rules.md
§1-§6) in each docstring; notation as in test_criteria.py (``a-b`` a pair; histories oldest
first).  Pairs are compared unordered: the colours are test_criteria.py's business.
"""

from __future__ import annotations

from itertools import permutations
from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch.completion import CompletionTests
from trfaudit.engine.dutch.editions import Edition
from trfaudit.engine.dutch.pairer import BracketRecord, DutchPairer
from trfaudit.engine.dutch.perfect import PerfectBracket
from trfaudit.engine.dutch.state import RoundState
from trfaudit.engine.dutch.trace import trace_of
from trfaudit.trf.reader import read

from .builder import tournament
from .test_criteria import history


class _SpyPerfect(PerfectBracket):
    """Records, per bracket (its first player's TPN), whether the shortcut paired it."""

    def __init__(self, rs: RoundState, completion: CompletionTests) -> None:
        super().__init__(rs, completion)
        self.took: dict[int, bool] = {}

    def pairs(
        self, current: list[int], mdp_count: int, nxt: list[int]
    ) -> list[tuple[int, int]] | None:
        got = super().pairs(current, mdp_count, nxt)
        self.took[self.rs.order[current[0]].tpn] = got is not None
        return got


class _Spy(DutchPairer):
    perfect_bracket = _SpyPerfect

    @property
    def took(self) -> dict[int, bool]:
        assert isinstance(self.perfect, _SpyPerfect)
        return self.perfect.took


def _pair(
    rounds: list[list[str]], n: int, total: int, edition: Edition
) -> tuple[set[frozenset[int]], dict[int, bool], list[BracketRecord]]:
    t = tournament(history(n, rounds), total)
    spy = _Spy(round_input(t, len(rounds) + 1), edition)
    got = spy.pair()
    return {frozenset((b.white, b.black)) for b in got.boards}, spy.took, trace_of(got).brackets


def _pairs(*ps: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(p) for p in ps}


@pytest.mark.parametrize("rules", ["2025", "2017"])
def test_first_perfect_transposition_in_a_bracket_above_another(rules: str) -> None:
    """R1: 1-4, 2-6, 3-5 drawn; 7-10 absent (0 points, no colours).  Bracket 0.5 =
    {1,...,6}, next bracket 0 = {7,...,10}.  1, 2, 3 (W) strong b; 4, 5, 6 (B) strong w: a
    pair S1-S2 fails nothing unless it is a rematch.  4.2 in order: 4-5-6 (1-4 met), 4-6-5
    (met), 5-4-6: 1-5, 2-4, 3-6, perfect (not S1[i]-S2[i]).  Nobody floats, so {7..10}
    pairs alone: all legal, no colours, the same floats (absent in R1): 7-9, 8-10 perfect.
    The shortcut pairs both brackets (the first is not the last: the rest completes)."""
    got, took, recs = _pair([["1-4 =", "2-6 =", "3-5 ="]], 10, 5, EDITIONS[rules])
    assert got == _pairs((1, 5), (2, 4), (3, 6), (7, 9), (8, 10))
    assert took == {1: True, 7: True}
    assert recs[0].downfloaters == [] and recs[0].next_group == [7, 8, 9, 10]


def test_no_shortcut_when_the_rest_cannot_complete() -> None:
    """R1: 1-5 1-0, 6-2 0-1, 3-4 drawn; R2: 1-2 drawn, 5-6 drawn, 3 and 4 full-point byes.
    R3: bracket 1.5 = {1,2,3,4}, then {5,6} at 0.5, who met.  1 (W,W) absolute b, 2 (B,B)
    absolute w, 3 (W,-) b, 4 (B,-) w; 1-2 and 3-4 met.  The bracket alone would pair
    perfectly 1-4, 2-3 (4.2: 1-3 both b), but then 5-6 is a rematch: C4 (2.2) wants two
    downfloaters.  With one pair (2.4.1): S1 = {1}, S2 = {2,3,4}: 1-2 met, 1-3 fails C12,
    1-4 perfect in the bracket, floating 2 and 3; every choice floats one of 3, 4 (byes in
    R2: C14 ties) and lets the next bracket pair twice (C8 ties).  {2,3 | 5,6}: 2-6 met,
    so 2-5, 3-6.  The shortcut must decline the first bracket."""
    rounds = [["1-5 1", "6-2 0", "3-4 ="], ["1-2 =", "5-6 =", "3 F", "4 F"]]
    got, took, _ = _pair(rounds, 6, 5, EDITIONS["2025"])
    assert got == _pairs((1, 4), (2, 5), (3, 6))
    assert took[1] is False


def test_dfs_is_the_lexicographic_order_and_respects_its_budget() -> None:
    """The search of :meth:`PerfectBracket.first_perfect_transposition` against the definition (4.2:
    S2 arrangements in lexicographic order, the first whose pairs are all perfect), by
    brute force over ``itertools.permutations`` (lexicographic for a sorted input), on the
    position of the first test; and a budget too small gives up (None)."""
    t = tournament(history(6, [["1-4 =", "2-6 =", "3-5 ="]]), 5)
    pairer = DutchPairer(round_input(t, 2), EDITIONS["2025"])
    pairer._round_context()
    p, order = pairer.perfect, pairer.rs.order
    bracket = list(range(6))
    memo: dict[tuple[object, object], bool] = {}
    first = next(
        [(a, b) for a, b in zip(bracket[:3], s2)]
        for s2 in permutations(bracket[3:])
        if all(p.perfect_pair(a, b, memo) for a, b in zip(bracket[:3], s2))
    )
    assert [(order[a].tpn, order[b].tpn) for a, b in first] == [(1, 5), (2, 4), (3, 6)]
    assert p.first_perfect_transposition(bracket) == first
    assert p.first_perfect_transposition(bracket, budget=3) == first  # three choices
    assert p.first_perfect_transposition(bracket, budget=2) is None


@pytest.mark.parametrize("rules", ["2025", "2017", "2012"])
def test_round_one_of_an_odd_field(rules: str) -> None:
    """Round 1 of 7 players: one bracket, every player alike (no games, no colours, all
    may take the PAB), so every pairing leaving one player over is worth the same and the
    first transposition is the answer (Art. 4.2): S1 = {1,2,3}, S2 = {4,5,6,7}: 1-4, 2-5,
    3-6, and 7, the last of S2, gets the PAB.  The shortcut pairs it (no matching) and
    records 7 as the bracket's downfloater."""
    t = tournament(history(7, []), 5)
    spy = _Spy(round_input(t, 1), EDITIONS[rules])
    got = spy.pair()
    assert {frozenset((b.white, b.black)) for b in got.boards} == _pairs((1, 4), (2, 5), (3, 6))
    assert got.bye == 7
    assert spy.took == {1: True}
    assert trace_of(got).brackets[0].downfloaters == [7]


class _NoLonePerfect(PerfectBracket):
    def lone_bracket(self, current: list[int], nxt: list[int]) -> bool:
        return False


class _NoLone(DutchPairer):
    """The odd last bracket left to the matching route (the route before the shortcut)."""

    perfect_bracket = _NoLonePerfect


def test_round_one_of_odd_corpus_fields_pairs_as_the_matchings() -> None:
    """Round 1 of every odd field among the first 120 files of corpus/dutch2025 (paired by
    the reference engine): the shortcut takes the one bracket and pairs it, bye included,
    as the matching route does."""
    folder = Path(__file__).resolve().parents[2] / "corpus" / "dutch2025"
    odd = 0
    for path in sorted(folder.glob("*.trf"))[:120]:
        inp = round_input(read(path), 1)
        if len(inp.to_pair) % 2 == 0:
            continue
        odd += 1
        spy = _Spy(inp, EDITIONS["2025"])
        got, ref = spy.pair(), _NoLone(inp, EDITIONS["2025"]).pair()
        assert [(b.white, b.black) for b in got.boards] == [(b.white, b.black) for b in ref.boards]
        assert got.bye == ref.bye and got.bye is not None, path.name
        assert trace_of(got).brackets[0].downfloaters == [got.bye]
        assert all(spy.took.values()), path.name
    assert odd >= 20
