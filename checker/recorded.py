"""The round-pairing a file records for one round, and whether it is a round-pairing at all.

A *round-pairing* (C.04.3 2026 Art. 1.9.1) pairs everybody to be paired, each exactly once,
except at most one player, who gets the pairing-allocated bye.  The players to be paired in
round r are those whose round-r entry takes part in a pairing: a game, a forfeit (either
side; forfeits are pairings that were not played) or the PAB; half-, full- and zero-point
byes and absences are not paired.  A game that is paired but has no result yet (a mid-round
export) counts as paired.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from trfaudit.trf.model import EntryKind, RoundEntry, Tournament

#: Entry kinds that take part in the round-pairing (NOT_PAIRED with an opponent = pending).
PAIRED_KINDS = frozenset({EntryKind.PLAYED, EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS,
                          EntryKind.PAB})

_KIND_WORDS = {
    EntryKind.PLAYED: "a game",
    EntryKind.FORFEIT_WIN: "a forfeit win",
    EntryKind.FORFEIT_LOSS: "a forfeit loss",
    EntryKind.PAB: "the pairing-allocated bye",
    EntryKind.HALF_BYE: "a half-point bye",
    EntryKind.FULL_BYE: "a full-point bye",
    EntryKind.ZERO_BYE: "a zero-point bye (absent)",
    EntryKind.NOT_PAIRED: "no entry",
}


def entry_words(entry: RoundEntry | None) -> str:
    """What an entry is, in words (``a half-point bye``)."""
    if entry is None:
        return "no entry"
    if entry.pending:
        return "a game without result"
    return _KIND_WORDS[entry.kind]


def takes_part(entry: RoundEntry | None) -> bool:
    """True when the entry is part of the round-pairing (a game, forfeit, PAB, pending game)."""
    return entry is not None and (entry.kind in PAIRED_KINDS or entry.pending)


@dataclass
class StructureProblem:
    """Why the recorded round is not a round-pairing (1.9.1)."""

    players: list[int]
    text: str


@dataclass
class RecordedRound:
    """Round ``round`` as the file records it.

    ``boards``: the reciprocal pairs as (white, black); a pair without colours (a forfeit
    written with ``-``) is kept in ``colourless`` as (lower TPN, higher TPN).  ``partner`` maps
    each player to the opponent their own entry names.  ``byes``: the players with the PAB.
    """

    round: int
    participants: list[int]
    boards: list[tuple[int, int]] = field(default_factory=list)
    colourless: list[tuple[int, int]] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    partner: dict[int, int] = field(default_factory=dict)
    colour: dict[int, str | None] = field(default_factory=dict)
    problems: list[StructureProblem] = field(default_factory=list)

    @property
    def bye(self) -> int | None:
        return self.byes[0] if len(self.byes) == 1 else None

    @property
    def pairs(self) -> set[frozenset[int]]:
        """The unordered pairs (coloured or not)."""
        return {frozenset(p) for p in self.boards + self.colourless}

    @property
    def is_round_pairing(self) -> bool:
        return not self.problems


def recorded_round(t: Tournament, rnd: int) -> RecordedRound:
    """Round ``rnd`` of ``t`` and its structural problems (1.9.1)."""
    players = t.players
    participants = [tpn for tpn, p in players.items() if takes_part(p.entry(rnd))]
    rec = RecordedRound(rnd, participants)
    claimants: dict[int, list[int]] = {}
    for tpn in participants:
        entry = players[tpn].entry(rnd)
        assert entry is not None
        if entry.kind is EntryKind.PAB:
            rec.byes.append(tpn)
            continue
        opp = entry.opponent
        if opp is None:  # cannot happen for games; kept for robustness
            rec.problems.append(StructureProblem([tpn], f"{tpn} has {entry_words(entry)} "
                                                        "without an opponent"))
            continue
        rec.partner[tpn] = opp
        rec.colour[tpn] = entry.colour
        if opp == tpn:
            rec.problems.append(StructureProblem([tpn], f"{tpn} is paired with themself"))
            continue
        if opp not in players:
            rec.problems.append(StructureProblem(
                [tpn, opp], f"{tpn} is paired with {opp}, who is not a registered player"))
            continue
        claimants.setdefault(opp, []).append(tpn)
    for opp, who in sorted(claimants.items()):
        if len(who) > 1:
            rec.problems.append(StructureProblem(
                [opp] + who, f"{opp} is paired twice: with " + " and ".join(map(str, who))))
            continue
        tpn = who[0]
        other = players[opp].entry(rnd)
        if not takes_part(other):
            rec.problems.append(StructureProblem(
                [tpn, opp], f"{tpn} is paired with {opp}, but {opp} has {entry_words(other)} "
                            f"in round {rnd}: {opp} is not in the pairing"))
        elif other.opponent != tpn:
            if other.kind is EntryKind.PAB:
                seen = "the pairing-allocated bye"
            else:
                seen = f"opponent {other.opponent}"
            rec.problems.append(StructureProblem(
                [tpn, opp], f"{tpn} is paired with {opp}, but {opp}'s entry names {seen}"))
        elif tpn < opp:
            ca, cb = rec.colour[tpn], rec.colour.get(opp)
            if ca is not None and ca == cb:
                word = "white" if ca == "w" else "black"
                rec.problems.append(StructureProblem(
                    [tpn, opp], f"{tpn} and {opp} are both recorded with {word}"))
                rec.colourless.append((tpn, opp))
            elif ca == "w" or cb == "b":
                rec.boards.append((tpn, opp))
            elif ca == "b" or cb == "w":
                rec.boards.append((opp, tpn))
            else:
                rec.colourless.append((tpn, opp))
    if len(rec.byes) > 1:
        rec.problems.append(StructureProblem(
            list(rec.byes), "players " + ", ".join(map(str, rec.byes)) + " all get the "
            "pairing-allocated bye: at most one player may be left unpaired"))
    return rec


def with_pending_paired(t: Tournament, rnd: int) -> Tournament:
    """``t`` with the result-less games of round ``rnd`` marked as games, so that
    :func:`engine.round_input` counts their players as paired in that round.

    Returns ``t`` itself when round ``rnd`` has no pending game.
    """
    pending = [tpn for tpn, p in t.players.items()
               if (e := p.entry(rnd)) is not None and e.pending]
    if not pending:
        return t
    players = dict(t.players)
    for tpn in pending:
        p = players[tpn]
        entries = list(p.entries)
        entries[rnd - 1] = dataclasses.replace(entries[rnd - 1], kind=EntryKind.PLAYED)
        players[tpn] = dataclasses.replace(p, entries=entries)
    return dataclasses.replace(t, players=players)
