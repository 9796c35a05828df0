"""4.3's first question asked on its own (engine.dutch.exchange,
``Exchanges.without_exchange``): when the original S1 can be the higher players of a best
candidate there is no exchange (C.04.3 2026 Art. 4.3: fewest players exchanged first), and
the exchange fields need no matching.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch.bracket import BracketMatcher
from trfaudit.engine.dutch.completion import CompletionTests
from trfaudit.engine.dutch.exchange import Exchanges
from trfaudit.engine.dutch.pairer import DutchPairer, RoundPairing
from trfaudit.engine.dutch.state import RoundState
from trfaudit.engine.dutch.trace import trace_of
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


class _Counting(Exchanges):
    """Counts the shortcut's answers."""

    def __init__(
        self, rs: RoundState, matcher: BracketMatcher, completion: CompletionTests
    ) -> None:
        super().__init__(rs, matcher, completion)
        self.kept = self.declined = 0

    def without_exchange(
        self, R: list[int], s1: int, mate: dict[int, int]
    ) -> dict[int, int] | None:
        got = super().without_exchange(R, s1, mate)
        if got is None:
            self.declined += 1
        else:
            self.kept += 1
        return got


class _Spy(DutchPairer):
    exchange = _Counting


class _Fields(Exchanges):
    def without_exchange(
        self, R: list[int], s1: int, mate: dict[int, int]
    ) -> dict[int, int] | None:
        return None


class _Always(DutchPairer):
    """Every exchange decided with the exchange fields (the route before the shortcut)."""

    exchange = _Fields


def _brackets(p: RoundPairing) -> list[tuple[list[tuple[int, int]], list[int]]]:
    return [(sorted(b.pairs), b.downfloaters) for b in trace_of(p).brackets]


@pytest.mark.parametrize(
    ("folder", "rules", "name"),
    [
        ("dutch2025", "2025", "t000005.trf"),
        ("dutch2025", "2025", "t000109.trf"),
        ("dutch2025", "2025", "t000244.trf"),
        ("dutch2017", "2017", "t000289.trf"),
        ("dutch2017", "2017", "t000246.trf"),
    ],
)
def test_shortcut_pairs_as_the_exchange_fields(folder: str, rules: str, name: str) -> None:
    """Every round pairs the same, bracket by bracket, with and without the shortcut; the
    shortcut both keeps S1 (most brackets) and declines (an exchange or an odd position
    needs the fields) in these files, so both of its answers are exercised."""
    t = read(CORPUS / folder / name)
    edition = EDITIONS[rules]
    kept = declined = 0
    for rnd in range(2, t.recorded_rounds() + 1):
        inp = round_input(t, rnd)
        spy = _Spy(inp, edition)
        got, ref = spy.pair(), _Always(inp, edition).pair()
        assert isinstance(spy.exchanges, _Counting)
        kept, declined = kept + spy.exchanges.kept, declined + spy.exchanges.declined
        assert _brackets(got) == _brackets(ref), rnd
        assert [(b.white, b.black) for b in got.boards] == [(b.white, b.black) for b in ref.boards]
    assert kept > 0 and declined > 0
