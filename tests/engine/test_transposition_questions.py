"""How 4.2's questions are asked (engine.dutch.transposition, engine.dutch.bracket): a shortlist
per S1 player, the failure budget and the partner swap change how many matchings a bracket
needs, never its pairing (C.04.3 2026 Art. 4.2: the first transposition that keeps the best
candidate; Art. 2.4: a best candidate fails each criterion as often as any other).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch.bracket import BracketMatcher
from trfaudit.engine.dutch.pairer import DutchPairer, RoundPairing
from trfaudit.engine.dutch.trace import trace_of
from trfaudit.engine.dutch.transposition import Transpositions
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"

FILES = [
    ("dutch2025", "2025", "t000109.trf"),
    ("dutch2025", "2025", "t000244.trf"),
    ("dutch2025", "2025", "t000277.trf"),
    ("dutch2017", "2017", "t000246.trf"),
]


class _NoBudget(BracketMatcher):
    def failure_budget(self, mate: dict[int, int]) -> None:
        pass


class _WholeLists(Transpositions):
    shortlist = 10**9

    def swap_to(self, a: int, b: int, mate: dict[int, int]) -> bool:
        return False


class _Whole(DutchPairer):
    """Every candidate of a player in his question (a shortlist no list reaches), no
    failure budget and no swap: the route before them."""

    bracket_matcher = _NoBudget
    transposition = _WholeLists


SHORT = 2


class _ShortLists(Transpositions):
    """A shortlist of two: players placed beyond it are common; counts the swaps."""

    shortlist = SHORT
    swapped = 0

    def swap_to(self, a: int, b: int, mate: dict[int, int]) -> bool:
        got = super().swap_to(a, b, mate)
        self.swapped += got
        return got


class _CountingMatcher(BracketMatcher):
    """Counts the players placed beyond a shortlist of two and the pairs the budget drops."""

    beyond = pruned = 0

    def drop_edges(self, edges: list[tuple[int, int]]) -> None:
        if len(edges) == SHORT and all(e[0] == edges[0][0] for e in edges):
            self.beyond += 1
        super().drop_edges(edges)

    def prune_failures(self) -> None:
        before = len(self.rs.bk.graph.edge)
        super().prune_failures()
        self.pruned += before - len(self.rs.bk.graph.edge)


class _Short(DutchPairer):
    bracket_matcher = _CountingMatcher
    transposition = _ShortLists


def _brackets(p: RoundPairing) -> list[tuple[list[tuple[int, int]], list[int]]]:
    return [(sorted(b.pairs), b.downfloaters) for b in trace_of(p).brackets]


@pytest.mark.parametrize(("folder", "rules", "name"), FILES)
def test_questions_pair_as_the_whole_lists(folder: str, rules: str, name: str) -> None:
    """Every round pairs the same, bracket by bracket, with a shortlist of two and the
    failure budget as with whole lists and no budget."""
    t = read(CORPUS / folder / name)
    edition = EDITIONS[rules]
    for rnd in range(2, t.recorded_rounds() + 1):
        inp = round_input(t, rnd)
        got, ref = _Short(inp, edition).pair(), _Whole(inp, edition).pair()
        assert _brackets(got) == _brackets(ref), rnd
        assert [(b.white, b.black) for b in got.boards] == [(b.white, b.black) for b in ref.boards]
        assert got.bye == ref.bye


def test_both_mechanisms_are_exercised() -> None:
    """The files above do place players beyond a shortlist of two, spend budgets and settle
    players by a swap."""
    beyond = pruned = swapped = 0
    for folder, rules, name in FILES:
        t = read(CORPUS / folder / name)
        for rnd in range(2, t.recorded_rounds() + 1):
            spy = _Short(round_input(t, rnd), EDITIONS[rules])
            spy.pair()
            assert isinstance(spy.matcher, _CountingMatcher)
            assert isinstance(spy.transpositions, _ShortLists)
            beyond, pruned = beyond + spy.matcher.beyond, pruned + spy.matcher.pruned
            swapped += spy.transpositions.swapped
    assert beyond > 0 and pruned > 0 and swapped > 0
