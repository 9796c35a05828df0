"""The PAB pre-pass (C.04.3 2026 Art. 2.3 [C5]: the PAB to an eligible player of the lowest
possible score): its cardinality test at the lowest eligible score (engine.dutch.completion,
``CompletionTests.pab_among``) gives what the weighted matching over the whole field gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch.completion import CompletionTests
from trfaudit.engine.dutch.pairer import DutchPairer
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


class _Weighted(CompletionTests):
    """The pre-pass by the weighted matching only."""

    def pab_among(self, score: int) -> bool:
        return False


@pytest.mark.parametrize(
    "name",
    ["t000004.trf", "t000006.trf", "t000010.trf", "t000013.trf", "t000017.trf", "t000029.trf"],
)
def test_cardinality_test_agrees_with_the_weighted_prepass(name: str) -> None:
    t = read(CORPUS / "dutch2025" / name)
    odd = taken = 0
    for rnd in range(1, t.recorded_rounds() + 1):
        inp = round_input(t, rnd)
        rs = DutchPairer(inp, EDITIONS["2025"]).rs
        fast, ref = CompletionTests(rs), _Weighted(rs)
        odd += rs.n % 2
        assert fast.pab_prepass() == ref.pab_prepass(), rnd
        if rs.n % 2:
            low = min(p.score for p in rs.order if p.bye_eligible)
            taken += fast.pab_among(low)
    assert odd and taken  # the pre-pass's PAB question is asked, and answered quickly
