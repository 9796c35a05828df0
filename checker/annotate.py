"""``check --annotate OUT``: the file as TRF-2026 with a PIBE line for each round that does not
follow the rules: ``### Import @ Round n: <rules> => <record>`` (the TEC arrow form of
:mod:`trf.pibe`, the way an ``MPA`` line is written: the engine's pairs, then the pairs the round
got; boards ``white-black`` by starting rank, ``N=PAB`` for the bye).  A round the
file already declares changed (an ``MPA`` line that accounts for it) gets no second line.
"""

from __future__ import annotations

from trfaudit.checker.findings import FileReport
from trfaudit.engine.findings import DIFFERS, Cause, Pairing
from trfaudit.trf.model import Record, RecordKind, Tournament
from trfaudit.trf.pibe import Board, arrow_line
from trfaudit.trf.writer import convert


def _boards(p: Pairing) -> list[Board]:
    return list(p.boards) + ([(p.bye, 0)] if p.bye is not None else [])


def annotated(t: Tournament, report: FileReport) -> tuple[str, list[str]]:
    """The TRF-2026 text with the ``Import`` lines added, and the conversion warnings."""
    lines = []
    for r in report.rounds:
        if r.status != DIFFERS or r.recorded is None or r.expected is None:
            continue
        if all(d.cause == Cause.MANUAL_CHANGE and d.evidence for d in r.discrepancies):
            continue  # already declared by an MPA line that accounts for it
        lines.append(arrow_line("Import", r.round, _boards(r.expected), _boards(r.recorded)))
    t.records = list(t.records) + [Record(RecordKind.COMMENT, line) for line in lines]
    result = convert(t, "trf26")
    return result.text, [w.message for w in result.warnings]
