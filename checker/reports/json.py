"""The JSON report: one document for the whole batch (``checker/reports/schema/report.schema.json``)."""

from __future__ import annotations

import json
from dataclasses import asdict
from importlib import resources
from typing import Any

from trfaudit.checker.findings import BatchReport, FileReport
from trfaudit.checker.reports.provenance import Generator, generator
from trfaudit.engine.findings import Discrepancy, Pairing, RoundReport

FORMAT_VERSION = 1


def _pairing(p: Pairing | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {"boards": [[w, b] for w, b in p.boards], "bye": p.bye}


def _discrepancy(d: Discrepancy) -> dict[str, Any]:
    """A finding; its TEC class is the JSON field ``class`` (a Python keyword)."""
    out = asdict(d)
    out["class"] = out.pop("finding_class")
    if out.get("editions") is None:  # one edition checked
        out.pop("editions", None)
    return out


def _round(r: RoundReport) -> dict[str, Any]:
    out: dict[str, Any] = {
        "round": r.round,
        "status": r.status,
        "discrepancies": [_discrepancy(d) for d in r.discrepancies],
    }
    if r.editions is not None:
        out["editions"] = {
            name: {"status": v.status, "findings": list(v.findings)}
            for name, v in r.editions.items()
        }
    if r.status != "match":
        out["recorded"] = _pairing(r.recorded)
        out["expected"] = _pairing(r.expected)
        out["bracket"] = None if r.bracket is None else asdict(r.bracket)
        out["differing"] = [asdict(d) for d in r.differing]
        out["players"] = [asdict(p) for p in r.players]
    return out


def _file(f: FileReport) -> dict[str, Any]:
    return {
        "file": f.file,
        "status": f.status,
        "rules": f.rules,
        "rules_reason": f.rules_reason,
        "rules_title": f.rules_title,
        "error": f.error,
        "event": f.event,
        "city": f.city,
        "editions": list(f.editions),
        "edition_known": f.edition_known,
        "warnings": list(f.warnings),
        "rounds": [_round(r) for r in f.rounds],
        "standings": [_discrepancy(d) for d in f.standings],
        "standings_notes": list(f.standings_notes),
        "summary": f.summary(),
    }


#: One file's object: the items of ``files`` here, and the lines of ``--format jsonl``.
file_to_dict = _file


def to_dict(batch: BatchReport, gen: Generator | None = None) -> dict[str, Any]:
    """The document; ``gen``: the verdict's :func:`~.provenance.generator` block (default:
    made now)."""
    rounds = [r for f in batch.files for r in f.rounds]
    return {
        "report": "trfaudit check",
        "format_version": FORMAT_VERSION,
        "generator": gen or generator(),
        "summary": {
            "files": len(batch.files),
            "files_invalid": sum(1 for f in batch.files if f.error is not None),
            "rounds": len(rounds),
            "rounds_differing": sum(1 for r in rounds if r.status != "match"),
            "exit_code": batch.exit_code,
            "classes": {
                k: sum(f.classes().get(k, 0) for f in batch.files)
                for k in ("input", "pairing", "interpretation")
            },
            "with_input_alternative": sum(f.with_alternatives() for f in batch.files),
            "text": batch.summary(),
        },
        "files": [_file(f) for f in batch.files],
    }


def render(batch: BatchReport, gen: Generator | None = None) -> str:
    return json.dumps(to_dict(batch, gen), indent=2, ensure_ascii=False) + "\n"


def schema() -> dict[str, Any]:
    """The JSON Schema of the report."""
    text = (
        resources.files("trfaudit.checker.reports")
        .joinpath("schema/report.schema.json")
        .read_text("utf-8")
    )
    doc: dict[str, Any] = json.loads(text)
    return doc
