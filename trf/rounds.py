"""The one reader of "the recorded round": who is paired with whom in round r, with which
colours, who has the pairing-allocated bye, who does not take part, and what does not fit.

A player *takes part* in round r (C.04.3 2026 Art. 1.9.1: is in the round-pairing) when the
round-r entry is a game, a forfeit (either side: a forfeit is a pairing that was not played),
the PAB, or a game that is paired but has no result yet (a mid-round export).  Half-, full-
and zero-point byes and absences are not paired.

:func:`read_round` finds the facts once; the validator (:mod:`trf.validate`), the engine's
history (:mod:`engine.history`), the checker (:mod:`checker.recorded`) and the generator's
replay (:mod:`corpus.replay`) read them from here and word the faults in their own terms.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import errors
from .model import EntryKind, RoundEntry, Tournament

__all__ = ["PAIRED_KINDS", "RecordedRound", "RoundFault", "read_round", "takes_part"]

#: Entry kinds that take part in the round-pairing (NOT_PAIRED with an opponent = pending).
PAIRED_KINDS = frozenset(
    {EntryKind.PLAYED, EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS, EntryKind.PAB}
)


def takes_part(entry: RoundEntry | None) -> bool:
    """True when the entry is part of the round-pairing (a game, forfeit, PAB, pending game)."""
    return entry is not None and (entry.kind in PAIRED_KINDS or entry.pending)


@dataclass(frozen=True)
class RoundFault:
    """Something in round ``round`` that keeps it from being a round-pairing.

    ``code`` is one of the :mod:`trf.errors` problem codes (``self-paired``,
    ``unknown-opponent``, ``paired-twice``, ``not-reciprocal``, ``same-colour``,
    ``one-colour``, ``several-pabs``, ``no-opponent``); ``players`` the players concerned
    (for ``paired-twice``: the player claimed, then the claimants in file order: the first
    claim is read as any other, and is ``not-reciprocal`` when the claimed player's entry
    does not name the first claimant back; the pair itself is then in no list);
    ``entries`` the entries that record it (where to point a reader of the file), and
    ``other`` the entry on the other side (for ``not-reciprocal``: the opponent's entry, None
    when there is none).  ``one-colour`` (one side without a colour) does not spoil the
    pairing: the colour of the other side stands.
    """

    code: str
    round: int
    players: tuple[int, ...]
    entries: tuple[RoundEntry, ...]
    other: RoundEntry | None = None


@dataclass
class RecordedRound:
    """Round ``round`` as the file records it.

    ``participants``: the players taking part, in file order.  ``boards``: the reciprocal
    pairs as (white, black); a reciprocal pair without colours (a forfeit written with ``-``)
    or with the same colour on both sides is in ``colourless`` as (lower TPN, higher TPN).
    ``partner`` maps each player to the opponent their own entry names, ``colour`` to their
    own colour; ``byes``: the players with the PAB.
    """

    round: int
    participants: list[int]
    boards: list[tuple[int, int]] = field(default_factory=list)
    colourless: list[tuple[int, int]] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    partner: dict[int, int] = field(default_factory=dict)
    colour: dict[int, str | None] = field(default_factory=dict)
    faults: list[RoundFault] = field(default_factory=list)

    @property
    def bye(self) -> int | None:
        return self.byes[0] if len(self.byes) == 1 else None

    @property
    def pairs(self) -> set[frozenset[int]]:
        """The unordered pairs (coloured or not)."""
        return {frozenset(p) for p in self.boards + self.colourless}

    @property
    def is_round_pairing(self) -> bool:
        return not any(f.code != errors.ONE_COLOUR for f in self.faults)


def read_round(t: Tournament, rnd: int) -> RecordedRound:  # noqa: C901 - each entry kind of a round, and the faults of each
    """Round ``rnd`` of ``t``: its pairs, colours and PAB, and its faults."""
    players = t.players
    participants = [tpn for tpn, p in players.items() if takes_part(p.entry(rnd))]
    rec = RecordedRound(rnd, participants)
    claimants: dict[int, list[int]] = {}
    entry_of: dict[int, RoundEntry] = {}
    for tpn in participants:
        entry = players[tpn].entry(rnd)
        assert entry is not None
        entry_of[tpn] = entry
        if entry.kind is EntryKind.PAB:
            rec.byes.append(tpn)
            continue
        opp = entry.opponent
        if opp is None:  # the reader never makes such a game; a built Tournament might
            rec.faults.append(RoundFault(errors.NO_OPPONENT, rnd, (tpn,), (entry,)))
            continue
        rec.partner[tpn] = opp
        rec.colour[tpn] = entry.colour
        if opp == tpn:
            rec.faults.append(RoundFault(errors.SELF_PAIRED, rnd, (tpn,), (entry,)))
        elif opp not in players:
            rec.faults.append(RoundFault(errors.UNKNOWN_OPPONENT, rnd, (tpn, opp), (entry,)))
        else:
            claimants.setdefault(opp, []).append(tpn)
    for opp, who in sorted(claimants.items()):
        tpn = who[0]
        entry, other = entry_of[tpn], players[opp].entry(rnd)
        if other is None or not takes_part(other) or other.opponent != tpn:
            rec.faults.append(RoundFault(errors.NOT_RECIPROCAL, rnd, (tpn, opp), (entry,), other))
        if len(who) > 1:
            rec.faults.append(
                RoundFault(errors.PAIRED_TWICE, rnd, (opp, *who), tuple(entry_of[c] for c in who))
            )
            continue
        if other is None or other.opponent != tpn:
            continue
        if tpn < opp:
            ca, cb = entry.colour, other.colour
            if ca is not None and ca == cb:
                rec.faults.append(RoundFault(errors.SAME_COLOUR, rnd, (tpn, opp), (entry, other)))
                rec.colourless.append((tpn, opp))
                continue
            if (ca is None) != (cb is None):
                rec.faults.append(RoundFault(errors.ONE_COLOUR, rnd, (tpn, opp), (entry, other)))
            if ca == "w" or cb == "b":
                rec.boards.append((tpn, opp))
            elif ca == "b" or cb == "w":
                rec.boards.append((opp, tpn))
            else:
                rec.colourless.append((tpn, opp))
    if len(rec.byes) > 1:
        rec.faults.append(
            RoundFault(
                errors.SEVERAL_PABS, rnd, tuple(rec.byes), tuple(entry_of[b] for b in rec.byes)
            )
        )
    return rec
