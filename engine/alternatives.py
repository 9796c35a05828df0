"""Readings of the file that would reproduce a round, listed beside its findings (issue 19).

A reading that only *would* reproduce the record (another bye code, forbidden pairs added
later, an acceleration the file does not state, another initial ranking the file does not
disprove) is a hypothesis: the round's findings still say what the record is as written
(``illegal C2``, ``quality C9``, ...), and each lists the reading as an
:class:`~checker.findings.Alternative`.  The round's quotable sentence ends with "unless ...".
Only a cause the file itself proves replaces the findings (:mod:`checker.inputs`).
"""

from __future__ import annotations

import dataclasses

from trfaudit.engine.findings import INPUT, Alternative, RoundReport


def unless(alternatives: list[Alternative]) -> str:
    """``; unless 13's round-7 entry 'U' (PAB) was meant as 'F' (full bye) (with ...)``."""
    if not alternatives:
        return ""
    return "; unless " + ", or ".join(f"{a.explanation} ({a.evidence})" for a in alternatives)


def with_alternatives(report: RoundReport, alternatives: list[Alternative]) -> RoundReport:
    """``report`` with ``alternatives`` listed on each of its findings (file-level ``input``
    findings excepted) and the round's sentence (its first finding's summary) ending with
    "unless ..."."""
    if not alternatives:
        return report
    changed = []
    first = True
    for d in report.discrepancies:
        if d.kind == INPUT:
            changed.append(d)
            continue
        summary = d.summary + unless(alternatives) if first and d.summary else d.summary
        first = False
        changed.append(
            dataclasses.replace(d, alternatives=[*d.alternatives, *alternatives], summary=summary)
        )
    return dataclasses.replace(report, discrepancies=changed)


def round_alternatives(report: RoundReport) -> list[Alternative]:
    """The alternatives of a round's findings, each once, in order (the reports show them
    once per round: a reading reproduces the whole round)."""
    seen: dict[tuple[str, str], Alternative] = {}
    for d in report.discrepancies:
        for a in d.alternatives:
            seen.setdefault((a.cause, a.evidence), a)
    return list(seen.values())
