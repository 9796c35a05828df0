"""The ``check`` finding of a recorded round, for ``explain``: the file-level check's (with
its readings of the file: the starting rank, a stated initial colour, the byes), so that
``explain`` and ``check`` tell one story.  An ``input`` finding blames the file, and
``explain`` says so instead of the round-level criterion that check_round alone would name.
"""

from __future__ import annotations

from trfaudit.trf.model import Tournament


def file_finding(t: Tournament, rnd: int, rules: str) -> tuple[str, str] | None:
    """(class, summary) of round ``rnd``'s first finding as ``trfaudit check`` reports it,
    or None when the round matches."""
    from trfaudit.checker.audit import Options, check_tournament

    report = check_tournament(t, Options(rules=rules, round=rnd))
    for r in report.rounds:
        if r.round == rnd and r.discrepancies:
            d = r.discrepancies[0]
            return str(d.finding_class), d.summary or d.explanation
    return None
