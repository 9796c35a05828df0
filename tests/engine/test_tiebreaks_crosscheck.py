"""The engine's tie-break values against the plain second computation (tiebreak_plain.py),
on a sample of both corpora and on the real files (the full sweep: bench/tiebreak_sweep.py)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from trfaudit.engine.tiebreaks import RULES_2024, RULES_2026, compute
from trfaudit.trf.errors import TrfError
from trfaudit.trf.files import load
from trfaudit.trf.tiebreak_codes import parse_list

try:
    from .tiebreak_plain import plain_values
except ImportError:  # run from bench/tiebreak_sweep.py
    from tests_engine_tiebreak_plain import plain_values

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
# A sample, to keep the suite fast: every 100th corpus file, and the real files under 25 kB
# (the three larger ones are in the full sweep).
SAMPLE = (
    sorted((CORPUS / "dutch2025").glob("*.trf"))[::100]
    + sorted((CORPUS / "dutch2017").glob("*.trf"))[::100]
)
REAL = sorted(
    p for p in (CORPUS / "real").iterdir() if p.name != "SOURCES.tsv" and p.stat().st_size < 25_000
)


def disagreements(t, rules, count: bool = False):
    """The values on which the engine and the plain computation differ (and, with ``count``,
    how many values were compared)."""
    plain = plain_values(t, rules.name)
    codes = list(plain)
    st = compute(t, parse_list(",".join(codes)), rules, predetermined=False)
    out, n = [], 0
    for step in st.steps:
        if step.code.name == "PTS":
            continue
        assert step.tiebreak is not None, f"{step.label}: {step.reason}"
        for tpn, want in plain[step.label].items():
            have = step.values[tpn].number
            n += 1
            if isinstance(want, Decimal):
                want = Fraction(want)
            if (None if have is None else Fraction(have)) != want:
                out.append(
                    f"{t.file} {rules.name} {step.label} player {tpn}: engine {have}, plain {want}"
                )
    return (out, n) if count else out


@pytest.mark.parametrize("path", SAMPLE + REAL, ids=lambda p: p.name)
def test_engine_agrees_with_plain_computation(path):
    try:
        t = load(path)
    except TrfError:
        pytest.skip("the reader refuses this file (reported by the trf tests)")
    problems = disagreements(t, RULES_2024) + disagreements(t, RULES_2026)
    assert not problems, "\n".join(problems[:20])
