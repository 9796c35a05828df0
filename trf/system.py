"""Which pairing system a file says it was paired by, and whether it is a team event.

``check`` judges the tournaments of the engine's registered pairing systems only
(:func:`trfaudit.engine.systems.recognise` asks with what this module reads); every other
file is still read, validated and converted, but reported as "not a Dutch individual
tournament" (issue 9).
The system comes from the ``192`` type code (ETT26, TRF-2026 4.7), else from a ``092`` line
that holds such a code (bbpPairings v6 writes ``092 FIDE_DUTCH_2025``); a team event is also
recognised from its TRF-2026 team records (``300``, ``310``, ``320``, ``330``) and from TRF-16
``013`` team lines (Swiss-Manager's team exports), unless its ``092`` calls the event
individual: an individual event's file may list teams in ``013`` lines for a team
classification (:func:`says_individual`), and its games are still paired player by player.
A file that names no code but whose ``092`` (free text) calls the event a round robin
(:func:`names_round_robin`) says so too: the round-robin system claims it.

:func:`team_event_in` recognises a team event from the raw text, before any field is decoded:
team files carry fields an individual reader rejects (a ``*`` result, match points in the
Points column), so the recognition must come first (issue 19, item 4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .model import RecordKind, Tournament

_TEAM_RECORDS = {
    RecordKind.TEAM: "013",
    RecordKind.LINEUP: "300",
    RecordKind.TEAM_RECORD: "310",
    RecordKind.TEAM_PAB: "320",
    RecordKind.TEAM_FORFEIT: "330",
}


@dataclass(frozen=True)
class PairingSystem:
    """``code``: the type code as written (None when the file names none); ``source``: the
    record it came from; ``team_records``: the TRF-2026 team records found; ``type_text``:
    the ``092`` text when it holds no code (Swiss-Manager's ``Individual: Round Robin``)."""

    code: str | None
    source: str | None
    team_records: tuple[str, ...] = ()
    type_text: str | None = None

    @property
    def round_robin(self) -> bool:
        """No code, and a ``092`` that names a round robin (:func:`names_round_robin`)."""
        return self.code is None and names_round_robin(self.type_text)

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
    text = (t.tournament_type or "").strip()
    if t.type_code and t.type_code.strip():
        code, source = t.type_code.strip(), "192"
    elif re.fullmatch(r"[A-Z][A-Z0-9_]*", text) and "_" in text:
        code, source = text, "092"
    found = {_TEAM_RECORDS[r.kind] for r in t.records if r.kind in _TEAM_RECORDS}
    if says_individual(t.tournament_type):
        found.discard("013")
    type_text = text if code is None and text else None
    return PairingSystem(code, source, tuple(sorted(found)), type_text)


#: A ``092`` (the tournament type, free text) that calls the event individual, as
#: Swiss-Manager writes it (``Individual: Swiss-System``; ``Team: Swiss-System`` for a team
#: event).  Ambiguous: TRF-16 gives ``013`` for team data and does not say whether an
#: individual event's file may carry it (a team classification); the file's own word decides.
_INDIVIDUAL = re.compile(r"\bindividual\b", re.I)


def says_individual(tournament_type: str | None) -> bool:
    """Whether a ``092`` text calls the event individual (``Individual: Swiss-System``)."""
    return bool(tournament_type and _INDIVIDUAL.search(tournament_type))


#: Words of a ``092`` (TRF-16: the tournament type, free text) that name an all-play-all
#: (the Berger tables' events, C.05 Annex 1), and those that name another system than a
#: Swiss: a league or a Scheveningen (C.04 is about Swiss systems only).
_ROUND_ROBIN = re.compile(
    r"\b(round[- ]?robin|all[- ]play[- ]all|(?<!sonneborn-)(?<!sonneborn )berger)\b", re.I
)
_LEAGUE = re.compile(r"\b(league|liga|ligue|scheveningen)\b", re.I)


def names_round_robin(tournament_type: str | None) -> bool:
    """Whether a ``092`` text calls the event a round robin and names no Swiss (``Individual:
    Round Robin``, ``Double round-robin``, ``Berger``; not the tie-break ``Sonneborn-Berger``
    nor ``Swiss (Berger tables for the last rounds)``)."""
    text = tournament_type or ""
    return bool(_ROUND_ROBIN.search(text)) and "swiss" not in text.lower()


def not_a_swiss(t: Tournament) -> str | None:
    """The ``092`` text when it names a league or round robin and no Swiss; else None."""
    text = (t.tournament_type or "").strip()
    if names_round_robin(text) or (_LEAGUE.search(text) and "swiss" not in text.lower()):
        return text
    return None


#: Record codes that only a team event has: TRF-16's team line, TRF-2026's team records.
TEAM_CODES = ("013", "300", "310", "320", "330")


def team_event_in(data: bytes | str) -> PairingSystem | None:
    """The team event ``data`` (a TRF file's bytes or text) is, or None: a ``192`` type code
    with ``TEAM`` (``FIDE_TEAM_BAKU``), a TRF-16 ``013`` record (unless ``092`` calls the
    event individual), or any TRF-2026 ``300``-``330`` record.  Reads only the first three
    columns of each line (and the ``192`` and ``092`` values), so a file no reader can decode
    is still recognised."""
    text = data.decode("latin-1") if isinstance(data, bytes) else data
    code: str | None = None
    found: set[str] = set()
    individual = False
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        head = line.lstrip("\ufeff\xef\xbb\xbf")[:3]
        if head in TEAM_CODES:
            found.add(head)
        elif head == "192" and line[4:].strip():
            code = line[4:].strip()
        elif head == "092":
            individual = says_individual(line[4:])
    if individual:
        found.discard("013")
    system = PairingSystem(code, "192" if code else None, tuple(sorted(found)))
    return system if system.team else None
