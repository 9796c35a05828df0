"""A bracket's questions after one that needed the whole field go to the whole field directly
(engine.dutch.bracket, ``BracketMatcher.solve``): its weights put completion (C.04.3 2026 Art.
2.2 [C4], 2.3 [C5]) above the bracket's criteria and questions, so its best matchings are the
local best ones that leave a complete round.  Beside the route that asks the local matching
first each time, on rounds where the shortcut is taken, the pairings agree bracket by bracket.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch.bracket import BracketMatcher
from trfaudit.engine.dutch.pairer import DutchPairer, RoundPairing
from trfaudit.engine.dutch.trace import trace_of
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
LONG = (
    CORPUS / "peers" / "lexisvar-caissify_pairings" / "tests" / "fixtures" / "misc_edge_case_2.trf"
)


class _Counting(BracketMatcher):
    """Counts the questions the whole field answers first."""

    taken = 0

    def solve(self, extra: dict[tuple[int, int], int] | None = None) -> dict[int, int]:
        bk = self.rs.bk
        self.taken += bk.solved_whole and bk.whole_first
        return super().solve(extra)


class _LocalFirst(BracketMatcher):
    whole_after_whole = False


class _New(DutchPairer):
    bracket_matcher = _Counting


class _Old(DutchPairer):
    bracket_matcher = _LocalFirst


def _brackets(p: RoundPairing) -> list[tuple[list[tuple[int, int]], list[int]]]:
    return [(sorted(b.pairs), b.downfloaters) for b in trace_of(p).brackets]


@pytest.mark.parametrize(
    ("path", "rounds"),
    [
        (CORPUS / "dutch2025" / "t000005.trf", None),
        (CORPUS / "dutch2025" / "t000014.trf", None),
        (CORPUS / "dutch2025" / "t000026.trf", None),
        (LONG, [45]),
    ],
)
def test_whole_field_first_pairs_as_local_first(path: Path, rounds: list[int] | None) -> None:
    t = read(path)
    edition = EDITIONS["2025"]
    taken = 0
    for rnd in rounds or range(2, t.recorded_rounds() + 1):
        inp = round_input(t, rnd)
        new = _New(inp, edition)
        got, ref = new.pair(), _Old(inp, edition).pair()
        assert _brackets(got) == _brackets(ref), rnd
        assert [(b.white, b.black) for b in got.boards] == [(b.white, b.black) for b in ref.boards]
        assert got.bye == ref.bye
        assert isinstance(new.matcher, _Counting)
        taken += new.matcher.taken
    assert taken  # the shortcut is taken on these rounds
