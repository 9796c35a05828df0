"""Rounds left blank whose half point is in the Points column: read as half-point byes.

Swiss-Manager exports (the Irish Chess Union's uploads among them) write a requested
half-point bye as a round block with no opponent and no result (``     -  `` or
``0000 -  ``), and count its half point in the Points field (TRF-16 001, columns 81-84).
Read as written, such a block is an unplayed round worth nothing and the Points do not match
the results.  When a player's Points exceed his results by exactly the half-point-bye value
for *each* of his blank rounds, those rounds are read as ``H`` (TRF-16: "H half-point bye").
A player whose excess covers only some of his blank rounds is left as read (which rounds
were the byes cannot be known) and the validator reports his points.

The reading is stated in one note naming the players and rounds, and the entries keep the
file's blank result character, so that the writer writes the blocks back as read.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .errors import BLANK_HALF_BYE, NOTE, Problem
from .model import EntryKind, RoundEntry, Tournament

__all__ = ["BlankByes", "read_blank_half_byes", "is_blank_round"]


def is_blank_round(entry: RoundEntry) -> bool:
    """An entry without opponent and without result character: a round the file left blank."""
    return (
        entry.opponent is None
        and entry.result == " "
        and entry.kind in (EntryKind.ZERO_BYE, EntryKind.NOT_PAIRED)
    )


@dataclass(frozen=True)
class BlankByes:
    """One player's blank rounds read as byes: ``kind`` is ``HALF_BYE`` or ``PAB``/``FULL_BYE``."""

    tpn: int
    name: str
    rounds: tuple[int, ...]
    kind: EntryKind


def _pab_taken(t: Tournament, round_: int) -> bool:
    """Somebody already holds the round's pairing-allocated bye (C.04.1: at most one)."""
    return any(
        (e := p.entry(round_)) is not None and e.kind is EntryKind.PAB for p in t.players.values()
    )


def read_blank_half_byes(
    t: Tournament, skip: frozenset[int] = frozenset(), file: str | None = None
) -> list[BlankByes]:
    """Read the blank rounds of ``t`` as byes where the Points need it (in place).

    Every blank round of a player whose Points exceed his results by the half-point-bye value
    times their number is an ``H``.  A player's one blank round whose Points need a full point
    is the round's pairing-allocated bye ``U`` when nobody else holds it (an export that
    writes the PAB as a blank round), else a full-point bye ``F``; the check tries the other
    reading where the round differs (an ``absence`` alternative).  Any other excess is left to
    the validator: which blank rounds hold the points cannot be known.

    ``skip``: players whose Points may hold other points than their results (acceleration,
    ``299`` records); they are left as read.  Returns what was read, and adds one note to
    ``t.warnings`` naming the players and rounds."""
    scoring = t.scoring
    recorded = t.recorded_rounds()
    read: list[BlankByes] = []
    for player in t.players.values():
        if player.points is None or player.tpn in skip:
            continue
        blanks = [e for e in player.entries[:recorded] if is_blank_round(e)]
        if not blanks:
            continue
        missing = player.points - t.score(player.tpn, recorded)
        kind: EntryKind | None = None
        if scoring.half_bye > 0 and missing == scoring.half_bye * len(blanks):
            kind = EntryKind.HALF_BYE
        elif len(blanks) == 1 and missing > 0:
            if missing == scoring.pab and not _pab_taken(t, blanks[0].round):
                kind = EntryKind.PAB
            elif missing == scoring.full_bye:
                kind = EntryKind.FULL_BYE
        if kind is None:
            continue
        for e in blanks:
            player.entries[e.round - 1] = RoundEntry(
                e.round, kind, None, e.colour, " ", e.line, e.column
            )
        read.append(BlankByes(player.tpn, player.name, tuple(e.round for e in blanks), kind))
    if read:
        first = t.players[read[0].tpn]
        t.warnings.append(
            Problem(
                file if file is not None else t.file,
                first.line,
                92 + 10 * (read[0].rounds[0] - 1),
                describe(read, scoring.half_bye),
                None,
                NOTE,
                BLANK_HALF_BYE,
            )
        )
    return read


def _value(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


_AS = {
    EntryKind.HALF_BYE: "half-point byes (H)",
    EntryKind.PAB: "the pairing-allocated bye (U), nobody else having it in that round",
    EntryKind.FULL_BYE: "full-point byes (F)",
}


def describe(read: list[BlankByes], half: Fraction) -> str:
    """The note: which players' blank rounds are read as which bye, and why."""
    parts = []
    for kind, reading in _AS.items():
        these = [b for b in read if b.kind is kind]
        if not these:
            continue
        shown = "; ".join(
            f"{b.tpn}{f' ({b.name})' if b.name else ''} round{'s' if len(b.rounds) > 1 else ''} "
            + ", ".join(map(str, b.rounds))
            for b in these
        )
        parts.append(f"read as {reading}: {shown}")
    why = (
        f"each player's points include {_value(half)} for each of his blank rounds"
        if all(b.kind is EntryKind.HALF_BYE for b in read)
        else "each player's points include that bye's value for his blank rounds"
    )
    return (
        "rounds left blank (no opponent, no result) whose points the Points column counts "
        f"are byes: {'; '.join(parts)} ({why}; the file is kept as written)"
    )
