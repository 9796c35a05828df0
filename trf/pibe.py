"""TRF-2026 "pairing integrity breaching event" (PIBE) lines: ``### <event> @ Round n: ...``.

Since 2026 a pairing program logs each event that breaks the chain "the engine paired this
round from the file" as a ``###`` line (TRF-2026 Art. on ``###`` records; TEC manual): ``MPA``
(manual pairing alteration), ``Import`` (a round imported, not paired by the program), and
others (regeneration, correction, exchange, configuration, tie-breaks), kept as text.  Two
dialects of the change are read:

* the TEC manual's arrow form: ``### MPA @ Round 3: 1-3 4-2 => 1-4 3-2`` -- the engine's pairs,
  then the pairs the round got; ``44=PAB`` names the pairing-allocated bye;
* one program's prose: ``### MPA @ Round 3: 12-4, 9-3 instead of the engine's 12-3, 9-4`` --
  the pairs the round got, then the engine's.

Pairs are ``white-black`` by starting rank.  The lines stay ``###`` comment records of the file
(so they are written back as read); :func:`pibe_lines` gives them typed, and the JSON form lists
them under ``pibe``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .model import RecordKind, Tournament

Dialect = Literal["arrow", "prose", "text"]
#: A board: (white, black), or (player, 0) for the pairing-allocated bye.
Board = tuple[int, int]

_HEAD = re.compile(r"^###\s*([A-Za-z][A-Za-z -]*?)\s*@\s*Round\s+(\d+)\s*:?\s*(.*)$", re.IGNORECASE)
_TOKEN = re.compile(r"(\d+)\s*-\s*(\d+)|(\d+)\s*=\s*PAB\b", re.IGNORECASE)
_PROSE = re.compile(r"\binstead\s+of\b", re.IGNORECASE)


@dataclass(frozen=True)
class PibeLine:
    """One PIBE line: the event as written (``MPA``, ``Import``, ...), the round, and for a
    pairing change the engine's boards and the boards the round got (``None`` when the text
    is not one of the two dialects)."""

    event: str
    round: int
    text: str  # everything after the colon, as written
    line: int  # line number in the file (0: not from a file)
    raw: str
    dialect: Dialect = "text"
    engine: tuple[Board, ...] | None = None  # the pairs the engine made (arrow: left side)
    result: tuple[Board, ...] | None = None  # the pairs the round got

    @property
    def is_mpa(self) -> bool:
        return self.event.upper() == "MPA"

    @property
    def is_import(self) -> bool:
        return self.event.lower() == "import"

    def as_dict(self) -> dict[str, object]:
        return {
            "event": self.event,
            "round": self.round,
            "text": self.text,
            "line": self.line,
            "dialect": self.dialect,
            "engine": [list(b) for b in self.engine] if self.engine is not None else None,
            "result": [list(b) for b in self.result] if self.result is not None else None,
        }


def _boards(text: str) -> tuple[Board, ...] | None:
    """The boards of ``1-3 4-2 44=PAB`` (``None`` if anything else is in the text)."""
    boards: list[Board] = []
    rest = _TOKEN.sub(" ", text)
    if re.sub(r"[\s,;]|the engine'?s|engine|pairing", "", rest, flags=re.IGNORECASE):
        return None
    for m in _TOKEN.finditer(text):
        if m.group(3):
            boards.append((int(m.group(3)), 0))
        else:
            boards.append((int(m.group(1)), int(m.group(2))))
    return tuple(boards) if boards else None


def parse_pibe(raw: str, line: int = 0) -> PibeLine | None:
    """The PIBE line ``raw``, or None when it is an ordinary ``###`` comment."""
    m = _HEAD.match(raw.strip())
    if not m:
        return None
    event, rnd, text = m.group(1).strip(), int(m.group(2)), m.group(3).strip()
    engine = result = None
    dialect: Dialect = "text"
    if "=>" in text:
        left, _, right = text.partition("=>")
        engine, result = _boards(left), _boards(right)
        dialect = "arrow"
    elif _PROSE.search(text):
        new, old = _PROSE.split(text, maxsplit=1)
        result, engine = _boards(new), _boards(old)
        dialect = "prose"
    if engine is None or result is None:
        engine = result = None
        dialect = "text"
    return PibeLine(event, rnd, text, line, raw, dialect, engine, result)


def pibe_lines(t: Tournament) -> list[PibeLine]:
    """The PIBE lines of ``t`` in file order."""
    out = []
    for record in t.records:
        if record.kind is RecordKind.COMMENT:
            parsed = parse_pibe(record.raw, record.line)
            if parsed is not None:
                out.append(parsed)
    return out


def arrow_line(event: str, rnd: int, before: list[Board], after: list[Board]) -> str:
    """A PIBE line in the TEC arrow form: ``### Import @ Round 3: 1-4 3-2 => 1-3 4-2``."""

    def show(boards: list[Board]) -> str:
        return " ".join(f"{w}=PAB" if b == 0 else f"{w}-{b}" for w, b in boards)

    return f"### {event} @ Round {rnd}: {show(before)} => {show(after)}"
