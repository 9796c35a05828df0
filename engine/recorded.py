"""The round-pairing a file records for one round, and whether it is a round-pairing at all.

A *round-pairing* (C.04.3 2026 Art. 1.9.1) pairs everybody to be paired, each exactly once,
except at most one player, who gets the pairing-allocated bye.  The players to be paired in
round r are those whose round-r entry takes part in a pairing: a game, a forfeit (either
side; forfeits are pairings that were not played) or the PAB; half-, full- and zero-point
byes and absences are not paired.  A game that is paired but has no result yet (a mid-round
export) counts as paired.  Who is paired with whom is read by :func:`trf.rounds.read_round`;
this module says its faults in the checker's words.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from trfaudit.trf import errors, rounds
from trfaudit.trf.model import WIN_RESULTS, EntryKind, RoundEntry, Tournament
from trfaudit.trf.rounds import PAIRED_KINDS, RoundFault, read_round, takes_part

__all__ = [
    "PAIRED_KINDS",
    "RecordedRound",
    "StructureProblem",
    "entry_words",
    "check_round_to_pair",
    "pending_warnings",
    "round_to_pair_fault",
    "recorded_round",
    "takes_part",
    "with_pending_paired",
]

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


@dataclass
class StructureProblem:
    """Why the recorded round is not a round-pairing (1.9.1)."""

    players: list[int]
    text: str
    #: The fault's :mod:`trf.errors` code (``same-colour``: the pairs stand, the colours
    #: recorded do not).
    code: str = ""
    #: Where the file says it: (line, column, the character there) of each side.
    where: tuple[tuple[int, int, str], ...] = ()


@dataclass
class RecordedRound(rounds.RecordedRound):
    """Round ``round`` as the file records it (:class:`trf.rounds.RecordedRound`), with its
    faults in words (``problems``)."""

    problems: list[StructureProblem] = field(default_factory=list)
    #: Games whose two sides' results exclude each other (both won; a draw against a win):
    #: the pairs stand, the file contradicts itself (code ``results``).
    contradictions: list[StructureProblem] = field(default_factory=list)

    @property
    def is_round_pairing(self) -> bool:
        return not self.problems


def _words(fault: RoundFault) -> str | None:
    """A fault of the recorded round as the checker says it (None: not a 1.9.1 problem)."""
    code, who, rnd = fault.code, fault.players, fault.round
    if code == errors.NO_OPPONENT:
        return f"{who[0]} has {entry_words(fault.entries[0])} without an opponent"
    if code == errors.SELF_PAIRED:
        return f"{who[0]} is paired with themself"
    if code == errors.UNKNOWN_OPPONENT:
        return f"{who[0]} is paired with {who[1]}, who is not a registered player"
    if code == errors.PAIRED_TWICE:
        return f"{who[0]} is paired twice: with " + " and ".join(map(str, who[1:]))
    if code == errors.NOT_RECIPROCAL:
        tpn, opp = who
        other = fault.other
        if not takes_part(other):
            return (
                f"{tpn} is paired with {opp}, but {opp} has {entry_words(other)} "
                f"in round {rnd}: {opp} is not in the pairing"
            )
        assert other is not None
        seen = (
            "the pairing-allocated bye"
            if other.kind is EntryKind.PAB
            else f"opponent {other.opponent}"
        )
        return f"{tpn} is paired with {opp}, but {opp}'s entry names {seen}"
    if code == errors.SAME_COLOUR:
        word = "white" if fault.entries[0].colour == "w" else "black"
        return f"{who[0]} and {who[1]} are both recorded with {word}"
    if code == errors.SEVERAL_PABS:
        return (
            "players " + ", ".join(map(str, who)) + " all get the pairing-allocated bye: "
            "at most one player may be left unpaired"
        )
    return None  # ONE_COLOUR: the other side's colour stands


def recorded_round(t: Tournament, rnd: int) -> RecordedRound:
    """Round ``rnd`` of ``t`` (read by :func:`trf.rounds.read_round`) and its structural
    problems (1.9.1)."""
    read = read_round(t, rnd)
    rec = RecordedRound(**{f.name: getattr(read, f.name) for f in dataclasses.fields(read)})
    for fault in read.faults:
        text = _words(fault)
        if text is not None:
            where: tuple[tuple[int, int, str], ...] = ()
            if fault.code == errors.SAME_COLOUR:
                where = tuple((e.line, e.column + 5, e.colour or "") for e in fault.entries)
            rec.problems.append(StructureProblem(list(fault.players), text, fault.code, where))
    players = t.players
    for a, b in sorted(tuple(sorted(p)) for p in rec.boards + rec.colourless):
        first, second = players[a].entry(rnd), players[b].entry(rnd)
        if first is None or second is None or not results_contradict(first, second):
            continue
        both_won = first.kind is second.kind and first.result.upper() in WIN_RESULTS | {"+"}
        text = (
            f"{a} and {b} are both recorded as winning their game"
            if both_won
            else f"{a} is recorded with '{first.result}' and {b} with '{second.result}' "
            "for their game: the results exclude each other"
        )
        where = tuple((e.line, e.column + 7, e.result) for e in (first, second))
        rec.contradictions.append(StructureProblem([a, b], text, errors.RESULTS, where))
    return rec


#: Played results of the two sides that may stand together: complementary, or scored so by
#: the arbiter (1/2-0, 0-1/2, 0-0; C.04.1 leaves the points to him).
_AGREEING = {
    ("1", "0"),
    ("0", "1"),
    ("=", "="),
    ("=", "0"),
    ("0", "="),
    ("0", "0"),
}
_PLAYED = {"W": "1", "D": "=", "L": "0"}


def results_contradict(first: RoundEntry, second: RoundEntry) -> bool:
    """The results of the two sides of one game exclude each other (a game that has no result
    yet contradicts nothing)."""
    if first.pending or second.pending:
        return False
    played = (EntryKind.PLAYED, EntryKind.PLAYED)
    if (first.kind, second.kind) == played:
        a = _PLAYED.get(first.result.upper(), first.result)
        b = _PLAYED.get(second.result.upper(), second.result)
        return (a, b) not in _AGREEING
    return (first.result, second.result) not in (("+", "-"), ("-", "+"), ("-", "-"))


def with_pending_paired(t: Tournament, rnd: int) -> Tournament:
    """``t`` with the result-less games of round ``rnd`` marked as games, so that
    :func:`engine.round_input` counts their players as paired in that round.

    Returns ``t`` itself when round ``rnd`` has no pending game.
    """
    pending = [tpn for tpn, p in t.players.items() if (e := p.entry(rnd)) is not None and e.pending]
    if not pending:
        return t
    players = dict(t.players)
    for tpn in pending:
        p = players[tpn]
        entries = list(p.entries)
        entries[rnd - 1] = dataclasses.replace(entries[rnd - 1], kind=EntryKind.PLAYED)
        players[tpn] = dataclasses.replace(p, entries=entries)
    return dataclasses.replace(t, players=players)


def pending_warnings(t: Tournament, file: str) -> list[str]:
    """One warning per round in progress (games paired without a result: a mid-round
    export): its pairing is checked all the same."""
    out = []
    pending = sorted({e.round for p in t.players.values() for e in p.entries if e.pending})
    for rnd in pending:
        games = sum(1 for p in t.players.values() if (e := p.entry(rnd)) and e.pending) // 2
        out.append(
            f"{file}: round {rnd}: results pending ({games} game"
            f"{'s' if games != 1 else ''} without a result): its pairing is checked as paired"
        )
    return out


def round_to_pair_fault(t: Tournament, rnd: int) -> str | None:
    """Why round ``rnd`` of ``t`` cannot be paired (a recorded round, or the next one, can
    be), or None."""
    recorded = t.recorded_rounds()
    if 1 <= rnd <= recorded + 1:
        return None
    return f"cannot pair round {rnd}: rounds 1..{recorded + 1} can be paired"


def check_round_to_pair(t: Tournament, rnd: int) -> None:
    """Raise ``ValueError`` with :func:`round_to_pair_fault`'s reason, if any."""
    fault = round_to_pair_fault(t, rnd)
    if fault is not None:
        raise ValueError(fault)
