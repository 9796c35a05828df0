"""Which pairing system a file says it was paired by, and whether it is a team event.

``check`` judges the tournaments of the engine's registered pairing systems only
(:func:`trfaudit.engine.systems.system_of_file` asks with what this module reads); every other
file is still read, validated and converted, but reported as "not a Dutch individual
tournament" (issue 9).
The system comes from the ``192`` type code (ETT26, TRF-2026 4.7), else from a ``092`` line
that holds such a code (bbpPairings v6 writes ``092 FIDE_DUTCH_2025``); a team event is also
recognised from its TRF-2026 team records (``300``, ``310``, ``320``, ``330``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .model import RecordKind, Tournament

_TEAM_RECORDS = {
    RecordKind.LINEUP: "300",
    RecordKind.TEAM_RECORD: "310",
    RecordKind.TEAM_PAB: "320",
    RecordKind.TEAM_FORFEIT: "330",
}


@dataclass(frozen=True)
class PairingSystem:
    """``code``: the type code as written (None when the file names none); ``source``: the
    record it came from; ``team_records``: the TRF-2026 team records found."""

    code: str | None
    source: str | None
    team_records: tuple[str, ...] = ()

    @property
    def team(self) -> bool:
        base = (self.code or "").upper()
        return bool(self.team_records) or "TEAM" in base.split("_")

    def describe(self) -> str:
        """``192 FIDE_TEAM_BAKU, a team event (310 team records)``."""
        parts = []
        if self.code is not None:
            parts.append(f"{self.source} {self.code}")
        if self.team:
            records = f" ({', '.join(self.team_records)} team records)" if self.team_records else ""
            parts.append(f"a team event{records}")
        return ", ".join(parts) if parts else "no system named"


def pairing_system(t: Tournament) -> PairingSystem:
    code, source = None, None
    if t.type_code and t.type_code.strip():
        code, source = t.type_code.strip(), "192"
    else:
        text = (t.tournament_type or "").strip()
        if re.fullmatch(r"[A-Z][A-Z0-9_]*", text) and "_" in text:
            code, source = text, "092"
    found = sorted({_TEAM_RECORDS[r.kind] for r in t.records if r.kind in _TEAM_RECORDS})
    return PairingSystem(code, source, tuple(found))
