"""Which pairing system and edition a tournament is judged by, and why.

The system is the one its type code names in the registry (:mod:`trfaudit.engine.systems`;
no code: the FIDE (Dutch) System); the edition is that system's, chosen as follows.

An appeals committee judges a tournament by the rules in force when it was played (issue 6):

1. ``--rules 2025|2017|2012`` wins when given;
2. else the tournament-type code: ``192`` (TRF-2026), or the ``092`` line when it holds such a
   code (bbpPairings v6 writes ``092 FIDE_DUTCH_2025``);
3. else the start date (``042``, else ``052``, else the first ``132`` round date, read by
   :mod:`trf.dates`): before 1 July 2017 the 2012 edition, before 1 February 2026 the 2017
   edition (C.04.3 Till2026), later the 2025/2026 edition;
4. else, when no date is written, the current (2025/2026) edition; when a date is written but
   cannot be read, or stays ambiguous across a change of rules, the edition is unknown: the
   choice names the current edition and lists the ``candidates``.

:func:`choose_edition` returns the edition's name and the reason in words; it never looks at
which editions the engine implements (the caller reports an edition it cannot check).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from trfaudit.trf.model import Tournament

from . import systems
from .systems import System

__all__ = ["EditionChoice", "by_dates", "choose_edition"]


@dataclass(frozen=True)
class EditionChoice:
    """``edition`` is ``"2025"``, ``"2017"``, ``"2012"``, or None when the file is not a Dutch
    Swiss tournament (then ``reason`` says why)."""

    edition: str | None
    reason: str
    #: When the edition cannot be known (an unreadable date, an ambiguous one across a change
    #: of rules): every edition the file may have been paired under, ``edition`` first.
    candidates: tuple[str, ...] = ()


def _type_code(t: Tournament) -> tuple[str, str] | None:
    """The tournament-type code and the record it came from (192 first, then 092)."""
    if t.type_code and t.type_code.strip():
        return t.type_code.strip(), "192"
    text = (t.tournament_type or "").strip()
    if re.fullmatch(r"[A-Z][A-Z0-9_]*", text) and "_" in text:
        return text, "092"
    return None


def _in_force_text(system: System, day: date) -> str:
    ed = system.edition_in_force(day)
    if ed.in_force_from is not None:
        return f"in force from {ed.in_force_from.isoformat()}"
    until = ed.in_force_until or day
    return f"before {(until + timedelta(days=1)).isoformat()}"


def by_dates(t: Tournament, prefix: str = "", system: System | None = None) -> EditionChoice:
    """The edition of ``system`` (default: the Dutch) the dates of ``t`` give (042, else 052,
    else the first 132 round date; see :mod:`trf.dates`), or, when they cannot give one, the
    current edition with ``candidates`` set: the editions the file may have been paired under."""
    from trfaudit.trf.dates import tournament_dates  # on use: --help needs only the names

    system = system if system is not None else systems.default()
    all_names = tuple(e.name for e in system.editions)
    current = all_names[0]  # the edition in force now: the default when nothing names one
    dates = tournament_dates(t)
    if dates.starts:
        editions = {start: system.edition_in_force(start).name for start in dates.starts}
        names = sorted(set(editions.values()), key=all_names.index)
        source = dates.source
        assert source is not None
        if len(dates.starts) == 1:
            ((start, how),) = dates.starts.items()
            return EditionChoice(
                names[0],
                f"{prefix}start date {start.isoformat()} ({how}): {_in_force_text(system, start)}",
            )
        readings = ", ".join(
            f"{start.isoformat()} ({editions[start]})" for start in sorted(dates.starts)
        )
        where = f"{source.where} {source.readings.text.strip()!r}"
        if len(names) == 1:
            return EditionChoice(
                names[0],
                f"{prefix}start date {where} is ambiguous "
                f"({readings}), but every reading falls in the "
                f"{names[0]} edition",
            )
        return EditionChoice(
            names[0],
            f"{prefix}start date {where} is ambiguous ({readings}) "
            "and the file's other dates do not decide: the edition "
            "is unknown",
            candidates=tuple(names),
        )
    if dates.unread:
        texts = ", ".join(f"{f.where} {f.readings.text.strip()!r}" for f in dates.unread)
        return EditionChoice(
            current,
            f"{prefix}date unreadable ({texts}): the edition is unknown",
            candidates=all_names,
        )
    if prefix:
        return EditionChoice(current, f"{prefix}no date (042/052/132): the current edition")
    return EditionChoice(
        current, "no type code (192/092) and no date (042/052/132): the current edition"
    )


def choose_edition(t: Tournament, requested: str = "auto") -> EditionChoice:
    """The edition to judge ``t`` by (see the module docstring)."""
    if requested != "auto":
        return EditionChoice(requested, f"--rules {requested}")
    found = _type_code(t)
    prefix = ""
    system = systems.default()
    if found is not None:
        code, record = found
        base = code.upper().removesuffix("_BAKU")
        named_system = systems.system_for(code)
        named = named_system.edition_named_by(code) if named_system is not None else None
        if named is not None:
            return EditionChoice(named.name, f"{record} {code}")
        if record == "192" and (named_system is None or base != named_system.code):
            return EditionChoice(
                None,
                f"192 {code}: not {(named_system or system).title} "
                "(use --rules to check it against the Dutch rules anyway)",
            )
        # The system's code without a year (or a 092 code we do not know): the date decides.
        prefix = f"{record} {code} names no edition; "
        system = named_system or system
    return by_dates(t, prefix, system)
