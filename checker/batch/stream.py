"""Streaming batch output: one JSON object per file (JSON Lines), resuming, the batch summary.

``check … --format jsonl -o OUT.jsonl`` writes each file's report as one line as soon as the
file is checked, and flushes it: memory stays flat however many files there are, and a crash
loses nothing already written.  Each line is the per-file object of the ``json`` report
(:func:`checker.report_json.file_to_dict`) plus ``sha256``, the hash of the file's bytes.

``--resume`` keeps the lines of OUT whose file is among the inputs *with the same bytes*
(same path, same hash) and checks only the others; lines of files that changed or are no
longer among the inputs, and a last line cut short by a crash, are dropped, so that every
file is reported exactly once.

The :class:`Summary` counts files, rounds and discrepancies (by class, kind and criterion)
over every line of OUT, resumed ones included, and lists the files not checked and why.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from trfaudit.checker.findings import FileReport
from trfaudit.checker.reports.json import file_to_dict
from trfaudit.engine.findings import WITH_ALTERNATIVE, class_of

STDIN = "-"


def file_hash(path: str) -> str | None:
    """SHA-256 of the file's bytes; None for stdin or a file that cannot be read."""
    if path == STDIN:
        return None
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def bytes_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def line_of(report: FileReport, sha256: str | None) -> dict[str, Any]:
    """The JSON object written for one file."""
    out = file_to_dict(report)
    out["sha256"] = sha256
    return out


def read_lines(out: Path) -> list[dict[str, Any]]:
    """The complete, well-formed objects of a JSON Lines report (a cut-short line is skipped)."""
    found: list[dict[str, Any]] = []
    try:
        text = out.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return found
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue  # the last line of an interrupted run
        if isinstance(obj, dict) and isinstance(obj.get("file"), str):
            found.append(obj)
    return found


def resume(out: Path, hashes: dict[str, str | None]) -> list[dict[str, Any]]:
    """Keep the lines of ``out`` whose file is in ``hashes`` with the same hash; rewrite ``out``
    with just those (atomically) and return them.  ``hashes`` maps each input path to its hash."""
    kept: dict[str, dict[str, Any]] = {}
    for obj in read_lines(out):
        path, sha = obj["file"], obj.get("sha256")
        if sha is not None and hashes.get(path) == sha:
            kept[path] = obj  # a later line for the same bytes wins; there is one either way
    if out.exists():
        temp = out.with_name(out.name + ".resume-tmp")
        with open(temp, "w", encoding="utf-8") as handle:
            for obj in kept.values():
                handle.write(json.dumps(obj, ensure_ascii=False) + "\n")
        os.replace(temp, out)
    return list(kept.values())


class JsonlWriter:
    """Appends one line per file and flushes it at once."""

    def __init__(self, out: Path, append: bool) -> None:
        # Kept open across the batch (closed by close()): lines are written as files end.
        self.handle: IO[str] = open(out, "a" if append else "w", encoding="utf-8")  # noqa: SIM115

    def write(self, obj: dict[str, Any]) -> None:
        self.handle.write(json.dumps(obj, ensure_ascii=False) + "\n")
        self.handle.flush()

    def close(self) -> None:
        self.handle.close()


def _count(table: dict[str, int], key: str) -> None:
    table[key] = table.get(key, 0) + 1


@dataclass
class Summary:
    """What a batch found, counted from the per-file objects."""

    files: int = 0
    files_checked: int = 0
    files_resumed: int = 0  # taken from OUT by --resume, not checked again
    files_clean: int = 0
    files_differing: int = 0
    rounds: int = 0
    rounds_differing: int = 0
    rounds_declared: int = 0  # differing, but explained by a declared manual change (exit 0)
    discrepancies: int = 0
    by_class: dict[str, int] = field(default_factory=dict)
    #: pairing findings that list an input alternative (counted in by_class too)
    with_input_alternative: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    by_criterion: dict[str, int] = field(default_factory=dict)
    not_checked: list[dict[str, str]] = field(default_factory=list)  # {"file", "reason"}
    seconds: float = 0.0

    def add(self, obj: dict[str, Any], resumed: bool = False) -> None:
        self.files += 1
        self.files_resumed += resumed
        if obj.get("error") is not None:
            self.not_checked.append({"file": obj["file"], "reason": obj["error"]})
            return
        self.files_checked += 1
        rounds = obj.get("rounds", [])
        self.rounds += len(rounds)
        differing = [r for r in rounds if r.get("status") != "match"]
        self.rounds_differing += len(differing)
        self.rounds_declared += sum(
            1
            for r in differing
            if r.get("discrepancies")
            and all(
                d.get("cause") == "manual-change" and d.get("evidence") for d in r["discrepancies"]
            )
        )
        if differing:
            self.files_differing += 1
        else:
            self.files_clean += 1
        for r in differing:
            for d in r.get("discrepancies", []):
                self.discrepancies += 1
                kind = str(d.get("kind"))
                _count(self.by_kind, kind)
                cls = str(d.get("finding_class") or d.get("class") or class_of(kind))
                _count(self.by_class, cls)
                if d.get("alternatives") and cls == "pairing":
                    self.with_input_alternative += 1
                _count(self.by_criterion, str(d.get("criterion") or "-"))

    @property
    def exit_code(self) -> int:
        """As :attr:`checker.model.BatchReport.exit_code`."""
        if self.not_checked:
            return 2
        return 1 if self.rounds_differing > self.rounds_declared else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "report": "trfaudit check summary",
            "files": self.files,
            "files_checked": self.files_checked,
            "files_resumed": self.files_resumed,
            "files_clean": self.files_clean,
            "files_differing": self.files_differing,
            "files_not_checked": len(self.not_checked),
            "rounds": self.rounds,
            "rounds_matching": self.rounds - self.rounds_differing,
            "rounds_differing": self.rounds_differing,
            "discrepancies": self.discrepancies,
            "by_class": dict(sorted(self.by_class.items())),
            "with_input_alternative": self.with_input_alternative,
            "by_kind": dict(sorted(self.by_kind.items())),
            "by_criterion": dict(sorted(self.by_criterion.items())),
            "not_checked": self.not_checked,
            "seconds": round(self.seconds, 3),
            "exit_code": self.exit_code,
        }

    def lines(self) -> list[str]:
        """The summary as text lines (for stderr)."""

        def table(counts: dict[str, int]) -> str:
            return ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "none"

        out = [
            f"{self.files} file{'s' if self.files != 1 else ''} "
            f"({self.files_resumed} resumed from the output), {self.rounds} rounds checked: "
            f"{self.rounds - self.rounds_differing} match, {self.rounds_differing} differ; "
            f"{self.files_clean} files clean, {self.files_differing} with discrepancies, "
            f"{len(self.not_checked)} not checked; {self.seconds:.1f} s"
        ]
        if self.discrepancies:
            out.append(
                f"{self.discrepancies} discrepancies by class: {table(self.by_class)}"
                + (
                    f" ({self.with_input_alternative} pairing, {WITH_ALTERNATIVE})"
                    if self.with_input_alternative
                    else ""
                )
            )
            out.append(f"  by kind: {table(self.by_kind)}")
            out.append(f"  by criterion: {table(self.by_criterion)}")
        for item in self.not_checked:
            out.append(f"{item['file']}: not checked: {item['reason']}")
        return out
