"""checker.standings.is_ranking: "nobody ranked below someone with fewer points", in one
pass over the ranks, against the definition over every pair of participants."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from trfaudit.checker.ranks import is_ranking


def _by_pairs(scores: dict[int, Fraction], ranks: dict[int, int]) -> bool:
    return all(not (scores[a] > scores[b] and ranks[a] > ranks[b]) for a in ranks for b in ranks)


@given(st.lists(st.tuples(st.integers(0, 8), st.integers(1, 6)), min_size=1, max_size=12))
def test_one_pass_agrees_with_every_pair(rows: list[tuple[int, int]]) -> None:
    scores = {tpn: Fraction(half, 2) for tpn, (half, _) in enumerate(rows, 1)}
    ranks = {tpn: rank for tpn, (_, rank) in enumerate(rows, 1)}
    assert is_ranking(scores, ranks) == _by_pairs(scores, ranks)


def test_examples() -> None:
    """Shared ranks may hold different scores only if no one below has more."""
    s = {1: Fraction(3), 2: Fraction(2), 3: Fraction(2), 4: Fraction(1)}
    assert is_ranking(s, {1: 1, 2: 2, 3: 2, 4: 4})
    assert not is_ranking(s, {1: 2, 2: 1, 3: 3, 4: 4})  # 1 (3 points) below 2 (2 points)
    assert is_ranking(s, {1: 1, 2: 1, 3: 1, 4: 1})  # one shared rank: nothing below anyone
    assert not is_ranking(s, {1: 1, 2: 3, 3: 3, 4: 2})  # 4 (1 point) above 2 and 3
