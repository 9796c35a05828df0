"""A quality or order finding under an edition the engine does not model in full (the 2012
edition: Edition.model_gaps) is classed ``interpretation`` and says so; illegal and colour
findings, and every finding under the fully modelled editions, keep their class."""

from __future__ import annotations

from trfaudit.checker.audit import with_model_gaps
from trfaudit.engine.dutch.editions import EDITIONS
from trfaudit.engine.findings import Discrepancy, FindingClass, Kind, RoundReport, Status


def _round(kind: Kind) -> RoundReport:
    d = Discrepancy(kind, "B.4", [3, 7], "1", "0", "why", summary="Round 2: boards 1 differ")
    return RoundReport(2, Status.DIFFERS, [d])


def test_2012_quality_and_order_are_interpretation() -> None:
    for kind in (Kind.QUALITY, Kind.ORDER):
        d = with_model_gaps(_round(kind), EDITIONS["2012"]).discrepancies[0]
        assert d.finding_class == FindingClass.INTERPRETATION
        assert "A.7.e" in d.explanation and "confirm by hand" in d.explanation
        assert d.summary.endswith(
            "(uncertain: the 2012 edition is not modelled in full; confirm by hand)"
        )


def test_absolute_and_colour_findings_keep_their_class() -> None:
    for kind in (Kind.ILLEGAL, Kind.COLOUR):
        d = with_model_gaps(_round(kind), EDITIONS["2012"]).discrepancies[0]
        assert d.finding_class == FindingClass.PAIRING and d.explanation == "why"


def test_fully_modelled_editions_are_unchanged() -> None:
    for name in ("2025", "2017"):
        assert EDITIONS[name].model_gaps == ""
        d = with_model_gaps(_round(Kind.QUALITY), EDITIONS[name]).discrepancies[0]
        assert d.finding_class == FindingClass.PAIRING and d.summary == "Round 2: boards 1 differ"
