"""Which edition of the FIDE (Dutch) System a tournament is judged by, and why.

An appeals committee judges a tournament by the rules in force when it was played (issue 6):

1. ``--rules 2025|2017|2012`` wins when given;
2. else the tournament-type code: ``192`` (TRF-2026), or the ``092`` line when it holds such a
   code (bbpPairings v6 writes ``092 FIDE_DUTCH_2025``);
3. else the start date (``042``): before 1 July 2017 the 2012 edition, before 1 February 2026
   the 2017 edition (C.04.3 Till2026), later the 2025/2026 edition;
4. else the current (2025/2026) edition.

:func:`choose_edition` returns the edition's name and the reason in words; it never looks at
which editions the engine implements (the caller reports an edition it cannot check).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from datetime import date, timedelta

from trfaudit.trf.model import Tournament

from trfaudit.engine.editions import (ALL_EDITIONS, EDITION_NAMES, edition_in_force,
                                     edition_named_by)

#: The edition in force now (the newest): the default when nothing in the file names one.
_CURRENT = ALL_EDITIONS[0].name

__all__ = ["EDITION_NAMES", "EditionChoice", "choose_edition", "parse_date", "rules_choices"]


def rules_choices(name: str, *, auto: bool = True,
                  editions: tuple[str, ...] = EDITION_NAMES) -> type[enum.Enum]:
    """The choices of a ``--rules`` option, read from the edition registry: ``auto`` (when
    ``auto``) and the editions' names.  A ``str`` enum, as typer wants it."""
    names = (("auto",) if auto else ()) + editions
    choices: type[enum.Enum] = enum.Enum(  # type: ignore[misc]  # a functional-API enum
        name, [(f"r{n}" if n[0].isdigit() else n, n) for n in names], type=str)
    return choices


@dataclass(frozen=True)
class EditionChoice:
    """``edition`` is ``"2025"``, ``"2017"``, ``"2012"``, or None when the file is not a Dutch
    Swiss tournament (then ``reason`` says why)."""

    edition: str | None
    reason: str


def _type_code(t: Tournament) -> tuple[str, str] | None:
    """The tournament-type code and the record it came from (192 first, then 092)."""
    if t.type_code and t.type_code.strip():
        return t.type_code.strip(), "192"
    text = (t.tournament_type or "").strip()
    if re.fullmatch(r"[A-Z][A-Z0-9_]*", text) and "_" in text:
        return text, "092"
    return None


def parse_date(text: str) -> date | None:
    """A header date: ``YYYY/MM/DD`` (TRF-2026), ``YYYY-MM-DD``, ``YYYY.MM.DD``,
    ``DD/MM/YYYY``, ``DD.MM.YYYY``, ``DD-MM-YYYY`` or ``YY/MM/DD`` (TRF-16 practice)."""
    text = text.strip()
    m = re.fullmatch(r"(\d{4})[/.\-](\d{1,2})[/.\-](\d{1,2})", text)
    if m:
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
    else:
        m = re.fullmatch(r"(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4})", text)
        if m:
            d, mo, y = int(m[1]), int(m[2]), int(m[3])
        else:
            m = re.fullmatch(r"(\d{2})[/.\-](\d{1,2})[/.\-](\d{1,2})", text)
            if not m:
                return None
            y, mo, d = 2000 + int(m[1]), int(m[2]), int(m[3])
    try:
        return date(y, mo, d)
    except ValueError:
        return None


def choose_edition(t: Tournament, requested: str = "auto") -> EditionChoice:
    """The edition to judge ``t`` by (see the module docstring)."""
    if requested != "auto":
        return EditionChoice(requested, f"--rules {requested}")
    found = _type_code(t)
    prefix = ""
    if found is not None:
        code, record = found
        base = code.upper().removesuffix("_BAKU")
        named = edition_named_by(code)
        if named is not None:
            return EditionChoice(named.name, f"{record} {code}")
        if base != "FIDE_DUTCH" and record == "192":
            return EditionChoice(None, f"192 {code}: not the FIDE (Dutch) System "
                                       "(use --rules to check it against the Dutch rules anyway)")
        # FIDE_DUTCH without a year (or a 092 code we do not know): the date decides.
        prefix = f"{record} {code} names no edition; "
    start = parse_date(t.start_date) if t.start_date else None
    if start is not None:
        ed = edition_in_force(start)
        if ed.in_force_from is not None:
            return EditionChoice(ed.name, f"{prefix}start date {start.isoformat()} (042): "
                                          f"in force from {ed.in_force_from.isoformat()}")
        until = ed.in_force_until or start
        return EditionChoice(ed.name, f"{prefix}start date {start.isoformat()} (042): "
                                      f"before {(until + timedelta(days=1)).isoformat()}")
    if t.start_date and t.start_date.strip():
        return EditionChoice(_CURRENT, f"{prefix}start date {t.start_date.strip()!r} (042) "
                                     "unreadable: the current edition")
    if prefix:
        return EditionChoice(_CURRENT, f"{prefix}no start date (042): the current edition")
    return EditionChoice(_CURRENT, "no type code (192/092) and no start date (042): "
                                 "the current edition")
