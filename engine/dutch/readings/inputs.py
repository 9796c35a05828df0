"""Input causes: what the file cannot have been when a round was paired (kind ``input``).

A round that differs from the engine's is not blamed on the program that paired it before
the file itself is ruled out.  For the differing rounds of a file this module tries, cheapest
first, other readings of the file and reports the one that reproduces the record:

* ``initial-colour``: a stated initial colour (``152``/``XXC``) that round 1 contradicts
  (5.1): one finding for the file, and the rounds are checked with the other colour
  (:func:`initial_colour_finding`, run before any round is checked);
* ``forbidden-pair``: the rounds match when the ``XXP``/``260`` pairs are not honoured;
* ``acceleration``: the rounds match only without the stated acceleration (``XXA``/``250``),
  or only with the Baku acceleration (C.04.5.1) the file does not state;
* ``starting-rank``: the pairing numbers are not the initial ranking (C.04.2: rating, then
  title, then name), or follow the final standings; the prescribed ranking and, for round 1,
  the smallest re-ranking (one player moved) are tried;
* ``absence``: a bye or absence read another way (``F`` for ``U`` and back, ``H``/``Z``)
  reproduces the round.

Every alternative reading is checked with the engine, round by round; a cheap model of
round 1 (one bracket, S1 against S2) only proposes candidate re-rankings.  The engine stops
as soon as the record cannot come out (``DutchPairer(within=...)``): at the first bracket
that fixes a pair the record lacks, and at the last bracket as soon as some matching of its
players is worth more on the criteria than the record's pairs of them.  A reading of one
player's bye reads only his record anew (and the states that read it), readings that leave
the round's input the same to the pairer are paired once, and the re-pairings of a round
share the brackets they open alike (:class:`_Repairings`, :mod:`..family`), starting from
the check's own pairing of the round when this process made it.  Each differing
round's search of bye readings is one task (:func:`first_absence_reading`), which
:func:`diagnose` may run in other processes.  The search is bounded
(:data:`MAX_ABSENCE_READINGS`, :data:`MAX_MOVERS`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from trfaudit.engine import NoPairing, pair_round, round_input
from trfaudit.engine.acceleration import baku_virtual_points
from trfaudit.engine.alternatives import with_alternatives
from trfaudit.engine.dutch.audit.colour import colour_rule
from trfaudit.engine.dutch.audit.round import check_round
from trfaudit.engine.dutch.editions import Edition
from trfaudit.engine.dutch.family import RoundFamily, drop_checked, take_checked
from trfaudit.engine.dutch.pairer import DutchPairer, PairOutside
from trfaudit.engine.dutch.players import PlayerState, build_states, pairing_key, restate
from trfaudit.engine.findings import (
    DIFFERS,
    INPUT,
    Alternative,
    Cause,
    Discrepancy,
    RoundReport,
    number_ranges,
)
from trfaudit.engine.history import RoundInput, reread_input
from trfaudit.engine.recorded import (
    RecordedRound,
    entry_words,
    recorded_round,
    with_pending_paired,
)
from trfaudit.engine.systems import TaskMap
from trfaudit.trf.model import EntryKind, RoundEntry, Tournament

#: At most this many other readings of byes and absences are tried per differing round.
MAX_ABSENCE_READINGS = 24
#: At most this many players are tried as the one moved in a round-1 re-ranking.
MAX_MOVERS = 64

_WORD = {"w": "white", "b": "black"}


# -- reproducing a round under another reading -------------------------------------------


def reproduces(
    t: Tournament,
    rnd: int,
    edition: Edition,
    *,
    initial: str | None = None,
    rank_order: list[int] | None = None,
    colours: bool = True,
) -> bool:
    """True when the engine, given ``t`` read this way, pairs round ``rnd`` as recorded
    (the same pairs, the same PAB and, with ``colours``, the same colours)."""
    rec = recorded_round(t, rnd)
    if rec.problems:
        return False
    inp = _round_input(t, rnd, initial, rank_order)
    return _paired_as(rec, inp, edition, build_states(inp, edition), colours)


def _round_input(
    t: Tournament, rnd: int, initial: str | None, rank_order: list[int] | None
) -> RoundInput:
    inp = round_input(with_pending_paired(t, rnd), rnd)
    if initial is not None:
        inp.initial_colour = initial
    if rank_order is not None:
        inp.rank_order = list(rank_order)
    return inp


def _paired_as(
    rec: RecordedRound,
    inp: RoundInput,
    edition: Edition,
    states: dict[int, PlayerState],
    colours: bool = True,
    family: RoundFamily | None = None,
) -> bool:
    """Does the engine pair ``inp`` (its players' ``states``) as ``rec`` records?
    ``family``: the other re-pairings of the round it shares brackets' openings with."""
    try:
        # Stopped at the first bracket that fixes a pair the record does not have.
        pairer = DutchPairer(inp, edition, within=rec.pairs, states=states, family=family)
        result = pairer.pair()
    except (NoPairing, PairOutside):
        return False
    if result.bye != rec.bye or {frozenset((b.white, b.black)) for b in result.boards} != rec.pairs:
        return False
    if colours:
        engine = {(b.white, b.black) for b in result.boards}
        return all(board in engine for board in rec.boards)
    return True


class _Repairings:
    """Round ``rnd`` of ``t`` re-paired under readings of one player's bye each: his record
    alone is read anew (:func:`engine.history.reread_input`), and each reading the pairer
    can tell from the others is paired once: readings that leave the round's input the
    same to the pairer (:func:`~trfaudit.engine.dutch.players.pairing_key`: one player's
    half-point byes in two rounds both read as zero, say) and its record the same get one
    answer.  His state and those that read his record are built anew
    (:func:`~trfaudit.engine.dutch.players.restate`), and the re-pairings share the brackets
    they open alike (:class:`~trfaudit.engine.dutch.family.RoundFamily`)."""

    def __init__(self, t: Tournament, rnd: int, edition: Edition, initial: str | None) -> None:
        self.t, self.rnd, self.edition, self.initial = t, rnd, edition, initial
        self.base: RoundInput | None = None
        self.family: RoundFamily | None = None  # the brackets opened so far, by content
        self.base_states: dict[int, PlayerState] = {}
        self.answers: dict[tuple[object, ...], bool] = {}
        self.repeated = 0  # readings answered from an earlier one

    def reproduces(self, other: Tournament, tpn: int) -> bool:
        """:func:`reproduces` of round ``rnd`` for ``other``: ``t`` with player ``tpn``'s
        entries read another way."""
        rnd = self.rnd
        rec = recorded_round(other, rnd)
        if rec.problems:
            return False
        if self.base is None:
            # The check's pairing of the round, when this process made it: its input is
            # the base (no initial colour given), its family the readings' (.family).
            checked = take_checked(self.t, rnd, self.edition) if self.initial is None else None
            if checked is not None:
                self.base, self.base_states = checked.inp, checked.states
                self.family = checked.family
            else:
                self.base = round_input(with_pending_paired(self.t, rnd), rnd)
                self.family = RoundFamily(self.base, self.edition)
                self.base_states = build_states(self.base, self.edition)
        inp = reread_input(self.base, with_pending_paired(other, rnd), tpn)
        if self.initial is not None:
            inp.initial_colour = self.initial
        states = restate(inp, self.edition, self.base, self.base_states, tpn)
        key = (pairing_key(inp, states), frozenset(rec.pairs), rec.bye, tuple(rec.boards))
        got = self.answers.get(key)
        if got is None:
            got = self.answers[key] = _paired_as(rec, inp, self.edition, states, True, self.family)
        else:
            self.repeated += 1
        return got


def _rounds_text(rounds: list[int]) -> str:
    """``round 3``, ``rounds 1-3``, ``rounds 1-3, 5``."""
    return ("rounds " if len(rounds) > 1 else "round ") + number_ranges(rounds)


def _as_written(report: RoundReport) -> str:
    """What the round looked like read as written: ``order 4.2, colour 5.2.5 x2``."""
    counts: dict[str, int] = {}
    for d in report.discrepancies:
        key = d.kind + (f" {d.criterion}" if d.criterion else "")
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(k + (f" x{c}" if c > 1 else "") for k, c in counts.items())


def _blame_input(
    report: RoundReport,
    cause: Cause,
    explanation: str,
    evidence: str,
    players: list[int] | None = None,
) -> RoundReport:
    """``report`` with its findings replaced by one ``input`` finding (what the round looked
    like read as written is kept in the explanation)."""
    kept = [d for d in report.discrepancies if d.kind == INPUT]  # file-level findings stay
    report = dataclasses.replace(
        report, discrepancies=[d for d in report.discrepancies if d.kind != INPUT]
    )
    text = explanation
    if report.discrepancies:
        text += f" (read as written, the round differs: {_as_written(report)})"
    prefix = f"Round {report.round}: "
    where = ""  # the boards sentence of the round's summary ("131 boards differ, ...")
    if report.discrepancies:
        first = report.discrepancies[0]
        said = first.explanation[:1].upper() + first.explanation[1:]
        if first.summary.startswith(prefix) and first.summary.endswith(said):
            where = first.summary[len(prefix) : len(first.summary) - len(said)]
    finding = Discrepancy(
        INPUT,
        None,
        sorted(players or []),
        None,
        None,
        text,
        summary=f"{prefix}{where}{explanation[:1].upper()}{explanation[1:]}",
        cause=cause,
        evidence=evidence,
    )
    return dataclasses.replace(report, status=DIFFERS, discrepancies=kept + [finding])


# -- initial colour (5.1) ------------------------------------------------------------------


def initial_colour_finding(t: Tournament, edition: Edition) -> tuple[str, Discrepancy] | None:
    """When the file states an initial colour (152/XXC) that more boards of round 1
    contradict than fit: the other colour, and one file-level finding saying so."""
    stated = (t.initial_colour or "").lower()
    if stated not in ("w", "b") or t.recorded_rounds() < 1:
        return None
    inp = round_input(with_pending_paired(t, 1), 1)
    inp.initial_colour = stated
    states = build_states(inp, edition)
    boards = [b for b in recorded_round(t, 1).boards if b[0] in states and b[1] in states]
    other = "b" if stated == "w" else "w"

    def fits(colour: str) -> int:
        return sum(1 for w, b in boards if colour_rule(states[w], states[b], colour)[0] == w)

    fit_stated, fit_other = fits(stated), fits(other)
    # A wrong lot flips every board; boards that split between the colours point elsewhere
    # (the ranking), so only a round 1 that wholly contradicts the statement is blamed on it.
    if not boards or fit_stated or fit_other < len(boards):
        return None
    record = "152" if any(r.code == "152" for r in t.records) else "XXC"
    finding = Discrepancy(
        INPUT,
        None,
        [],
        f"{_WORD[stated]} ({record})",
        _WORD[other],
        f"the file states the initial colour {_WORD[stated]} ({record}), but round 1 was "
        f"paired with {_WORD[other]}: the rounds are checked with {_WORD[other]} (5.1)",
        summary=f"Round 1: The file states the initial colour {_WORD[stated]} ({record}), "
        f"but every board of round 1 has the colours of {_WORD[other]}",
        cause=Cause.INITIAL_COLOUR,
        evidence=f"with the initial colour {_WORD[other]}, {fit_other} of the {len(boards)} "
        f"boards of round 1 get the recorded colours; with {_WORD[stated]}, "
        f"{fit_stated}",
    )
    return other, finding


def _file_order(t: Tournament) -> list[int]:
    return list(t.players) if t.pair_by_rank else sorted(t.players)


# -- byes and absences read another way ----------------------------------------------------

#: Other readings of a bye or absence, cheapest and likeliest first.
_OTHER_READINGS = {
    EntryKind.FULL_BYE: (EntryKind.PAB,),
    EntryKind.PAB: (EntryKind.FULL_BYE,),
    EntryKind.HALF_BYE: (EntryKind.ZERO_BYE, EntryKind.PAB),
    EntryKind.ZERO_BYE: (EntryKind.HALF_BYE, EntryKind.PAB),
}
_CODE = {
    EntryKind.FULL_BYE: "F",
    EntryKind.PAB: "U",
    EntryKind.HALF_BYE: "H",
    EntryKind.ZERO_BYE: "Z",
}


def _reread(t: Tournament, tpn: int, rnd: int, kind: EntryKind) -> Tournament:
    """``t`` with player ``tpn``'s round-``rnd`` entry read as a bye of ``kind``."""
    p = t.players[tpn]
    entries = list(p.entries)
    old = entries[rnd - 1]
    entries[rnd - 1] = RoundEntry(rnd, kind, None, None, _CODE[kind], old.line, old.column)
    players = dict(t.players)
    players[tpn] = dataclasses.replace(p, entries=entries)
    return dataclasses.replace(t, players=players)


def _entry_text(entry: RoundEntry) -> str:
    if entry.opponent is None and entry.result == " ":  # read so by trf.blank_byes
        return "left blank"
    if entry.opponent is None and entry.result.strip() in ("-", "+", "="):
        return f"'{entry.result.strip()}' with a blank opponent"
    return f"'{entry.result.strip() or ' '}'"


def absence_readings(
    t: Tournament, rnd: int, players: set[int]
) -> Iterable[tuple[int, int, EntryKind, Tournament]]:
    """(player, round, kind, re-read tournament) for the byes of ``players`` (those the
    round's findings name) in rounds ``rnd-1`` down to 1, then in round ``rnd`` itself."""
    count = 0
    for tpn, r, entry in _bye_entries(t, rnd, players):
        for kind in _OTHER_READINGS[entry.kind]:
            if count >= MAX_ABSENCE_READINGS:
                return
            count += 1
            yield tpn, r, kind, _reread(t, tpn, r, kind)


def _bye_entries(
    t: Tournament, rnd: int, players: set[int]
) -> Iterable[tuple[int, int, RoundEntry]]:
    """The entries :func:`absence_readings` reads otherwise, in its order."""
    # Earlier rounds first, the nearest first: a wrong entry changes every round after it,
    # and the round's own bye read otherwise may reproduce a later round by chance and hide
    # it (tests/checker/test_check_inputs.py, test_an_f_written_for_a_u).
    for r in list(range(rnd - 1, 0, -1)) + [rnd]:
        for tpn in sorted(players):
            p = t.players.get(tpn)
            entry = p.entry(r) if p is not None else None
            if entry is None or entry.kind not in _OTHER_READINGS or entry.opponent:
                continue
            yield tpn, r, entry


def has_absence_readings(t: Tournament, report: RoundReport) -> bool:
    """Has the differing round of ``report`` readings of byes to try (:func:`diagnose`'s
    search, :func:`absence_readings` of the players its findings name)?"""
    return any(_bye_entries(t, report.round, _named(report)))


# -- acceleration ----------------------------------------------------------------------------


def baku_acceleration(t: Tournament) -> dict[int, dict[int, Fraction]]:
    """The Baku acceleration (C.04.5.1, :func:`engine.acceleration.baku_virtual_points`) the
    file would have had: the players in file order, the tournament's rounds (else those
    recorded), the file's win and draw values."""
    total = t.total_rounds or t.recorded_rounds()
    return baku_virtual_points(
        _file_order(t), total, Fraction(t.scoring.win), Fraction(t.scoring.draw)
    )


def acceleration_words(t: Tournament, only: int | None = None) -> str:
    """The virtual points of ``t``'s acceleration, by round (``only`` that round):
    ``round 1: 1 to #1-#6; round 2: 1 to #1-#6``."""
    by_round: dict[int, dict[Fraction, list[int]]] = {}
    for tpn, rounds in t.accelerations.items():
        for r, v in rounds.items():
            if v and only in (None, r):
                by_round.setdefault(r, {}).setdefault(v, []).append(tpn)
    parts = []
    for r in sorted(by_round):
        for v, who in sorted(by_round[r].items()):
            who.sort()
            span = (
                f"#{who[0]}-#{who[-1]}"
                if who == list(range(who[0], who[-1] + 1))
                else ", ".join(f"#{x}" for x in who)
            )
            parts.append(f"round {r}: {float(v):g} to {span}")
    return "; ".join(parts) or "none"


# -- the diagnosis -----------------------------------------------------------------------------


@dataclass
class Explained:
    """Rounds one reading reproduces, and how the finding is to be worded."""

    cause: Cause
    rounds: list[int]
    explanation: str
    evidence: str
    players: list[int] = dataclasses.field(default_factory=list)
    #: The file read the other way, when the reading holds for the whole file (acceleration,
    #: forbidden pairs): the rounds it does not reproduce are then checked under it.
    reading: Tournament | None = None
    reading_words: str = ""
    #: True when the file itself proves the cause (numbering by the final standings, round 1
    #: not S1-S2 by the given numbers, a stated acceleration unused wherever it matters): the
    #: rounds are then put down to the file (class ``input``).  Otherwise the reading only
    #: *would* reproduce the record: the findings stay as written, the reading is listed as
    #: an alternative (issue 19).
    proven: bool = True


def _matching(rounds: list[int], test: Callable[[int], bool]) -> list[int]:
    return [r for r in rounds if test(r)]


def diagnose(  # noqa: C901 - the input causes, cheapest first, each tried on the rounds the previous ones left
    t: Tournament,
    edition: Edition,
    reports: list[RoundReport],
    initial: str | None = None,
    tasks: TaskMap = map,
) -> list[RoundReport]:
    """``reports`` with the differing rounds a cause the file proves reported as ``input``,
    and the readings that would only reproduce a round listed on its findings as
    alternatives (:mod:`checker.alternatives`).  ``tasks`` runs the rounds' searches of
    bye readings (:func:`first_absence_reading`): ``map`` here, or a pool's across
    processes."""
    # Rounds with a finding no input cause explains yet (round 1 may carry the file-level
    # initial-colour finding and still differ otherwise).
    differing = [
        r.round
        for r in reports
        if r.status == DIFFERS and any(d.kind != INPUT for d in r.discrepancies)
    ]
    if not differing:
        return reports
    given = t
    left = list(differing)
    found: list[Explained] = []
    others: dict[int, list[Alternative]] = {}  # round -> readings that would reproduce it
    by_round = {r.round: r for r in reports}

    def take(e: Explained | None) -> None:
        nonlocal t
        if e is None or not e.rounds:
            return
        if not e.proven:
            for r in e.rounds:
                if r in left:
                    others.setdefault(r, []).append(
                        Alternative(e.cause.value, e.explanation, e.evidence, sorted(e.players))
                    )
            return
        found.append(e)
        for r in e.rounds:
            left.remove(r)
        if e.reading is not None and left and _holds(e.reading, edition, reports, initial):
            # The reading holds for the whole file: judge the other rounds under it.
            t = e.reading
            for rnd in left:
                redone = check_round(t, rnd, edition, initial)
                for d in redone.discrepancies:
                    d.evidence = (
                        f"checked {e.reading_words}, as {_rounds_text(e.rounds)} "
                        "show the rounds were paired"
                    )
                by_round[rnd] = redone

    if t.forbidden_pairs and left:
        free = dataclasses.replace(t, forbidden_pairs=[])
        rounds = _matching(left, lambda r: reproduces(free, r, edition, initial=initial))
        pairs = sorted({tuple(sorted(g)) for g, _, _ in t.forbidden_pairs})
        take(
            Explained(
                Cause.FORBIDDEN_PAIR,
                rounds,
                "the round was paired without the forbidden pairs the file states "
                "(XXP/260), which were added later",
                f"with the forbidden pairs {', '.join('-'.join(map(str, p)) for p in pairs)}"
                f" not honoured, {_rounds_text(rounds)} match",
                [],
                free,
                "without the forbidden pairs (XXP/260)",
                proven=False,
            )
        )
    if left:
        take(_acceleration(t, edition, left, reports, initial))
    reports = [by_round[r.round] for r in reports]
    if left:
        from trfaudit.engine.dutch.readings.starting_rank import (
            starting_rank_readings,  # it reads this module's helpers
        )

        for e in starting_rank_readings(t, edition, left, reports, initial):
            take(e)
    # One reading that reproduces a round is enough to say so.  The rounds' searches are
    # independent (each only adds to its own round's alternatives): ``tasks`` may run them
    # in other processes; their answers are taken in the rounds' order.
    searched = [rnd for rnd in left if rnd not in others]
    found_readings = tasks(
        first_absence_reading,
        [(t, rnd, edition.name, initial, frozenset(_named(by_round[rnd]))) for rnd in searched],
    )
    for rnd, reading in zip(searched, found_readings):
        if reading is None:
            continue
        tpn, r, kind = reading
        entry = t.players[tpn].entry(r)
        assert entry is not None
        take(
            Explained(
                Cause.ABSENCE,
                [rnd],
                f"player {tpn}'s round-{r} entry {_entry_text(entry)} "
                f"({'read as ' if entry.result == ' ' else ''}{entry_words(entry)}) "
                f"was meant as '{_CODE[kind]}' "
                f"({kind.value.replace('_', ' ')})",
                f"with {tpn}'s round-{r} entry read as '{_CODE[kind]}' "
                f"({kind.value.replace('_', ' ')}), round {rnd} matches",
                [tpn],
                proven=False,
            )
        )
    for rnd in left:
        _note_forbidden(t, edition, by_round[rnd], initial)
        if any(v.get(rnd) for v in t.accelerations.values()):
            note = (
                "the pairing scores include the acceleration's virtual points "
                f"({acceleration_words(t, rnd)})"
            )
            for d in by_round[rnd].discrepancies:
                d.evidence = f"{d.evidence}; {note}" if d.evidence else note
    for checked in {id(given): given, id(t): t}.values():
        drop_checked(checked)  # the checked rounds no reading took (explained otherwise)
    out = [with_alternatives(by_round[r.round], others.get(r.round, [])) for r in reports]
    if not found:
        return out
    index = {r.round: i for i, r in enumerate(out)}
    for e in found:
        for rnd in e.rounds:
            out[index[rnd]] = _blame_input(
                out[index[rnd]], e.cause, e.explanation, e.evidence, e.players
            )
    return out


def _named(report: RoundReport) -> set[int]:
    """The players a differing round's findings name, and the byes of both pairings."""
    named = {x for d in report.discrepancies for x in d.players}
    for pairing in (report.recorded, report.expected):
        if pairing is not None and pairing.bye is not None:
            named.add(pairing.bye)
    return named


def first_absence_reading(
    task: tuple[Tournament, int, str, str | None, frozenset[int]],
) -> tuple[int, int, EntryKind] | None:
    """The first reading of :func:`absence_readings` of the ``named`` players' byes that
    reproduces round ``rnd`` of ``t`` under the edition of that name: (player, round, the
    entry's kind read), or None.  One task of :func:`diagnose` (a module-level function
    of picklable arguments, so that it can run in another process)."""
    from trfaudit.engine.dutch.editions import EDITIONS

    t, rnd, edition_name, initial, named = task
    repairings = _Repairings(t, rnd, EDITIONS[edition_name], initial)
    for tpn, r, kind, other in absence_readings(t, rnd, set(named)):
        if repairings.reproduces(other, tpn):
            return tpn, r, kind
    return None


def _note_forbidden(
    t: Tournament, edition: Edition, report: RoundReport, initial: str | None
) -> None:
    """Say so on the findings of a round whose expected pairing hinges on a forbidden pair
    (``XXP``/``260``): without the forbidden pairs the engine would pair it otherwise."""
    rnd = report.round
    active = sorted(
        {tuple(sorted(g)) for g, first, last in t.forbidden_pairs if first <= rnd <= last}
    )
    if not active or report.expected is None:
        return
    inp = round_input(with_pending_paired(t, rnd), rnd)
    if initial is not None:
        inp.initial_colour = initial
    inp.forbidden = set()
    try:
        free = pair_round(inp, edition)
    except NoPairing:
        return
    expected = {frozenset(b) for b in report.expected.boards}
    if {
        frozenset((b.white, b.black)) for b in free.boards
    } == expected and free.bye == report.expected.bye:
        return
    note = (
        "the expected pairing hinges on the forbidden pairs "
        + ", ".join("-".join(map(str, p)) for p in active)
        + " (XXP/260): without them the engine pairs this round otherwise"
    )
    for d in report.discrepancies:
        d.evidence = f"{d.evidence}; {note}" if d.evidence else note


def _holds(
    reading: Tournament, edition: Edition, reports: list[RoundReport], initial: str | None
) -> bool:
    """True when every round that matches as written also matches under ``reading``."""
    return all(
        reproduces(reading, r.round, edition, initial=initial)
        for r in reports
        if r.status != DIFFERS
    )


def _acceleration(
    t: Tournament,
    edition: Edition,
    left: list[int],
    reports: list[RoundReport],
    initial: str | None,
) -> Explained | None:
    if t.accelerations:
        plain = dataclasses.replace(t, accelerations={})
        rounds = _matching(left, lambda r: reproduces(plain, r, edition, initial=initial))
        return Explained(
            Cause.ACCELERATION,
            rounds,
            "the round was paired without the acceleration the file states (XXA/250)",
            f"without the virtual points ({acceleration_words(t)}), {_rounds_text(rounds)} match",
            [],
            plain,
            "without the acceleration the file states (XXA/250)",
            proven=_unused(plain, rounds, edition, reports, initial),
        )
    code = (t.type_code or "").strip()
    if code.upper().endswith("_BAKU"):
        # The type code alone asks for Baku, and the engine applies it (engine.history): the
        # other reading is the round paired without it.
        plain = dataclasses.replace(t, type_code=code[: -len("_BAKU")])
        rounds = _matching(left, lambda r: reproduces(plain, r, edition, initial=initial))
        words = acceleration_words(dataclasses.replace(t, accelerations=baku_acceleration(t)))
        return Explained(
            Cause.ACCELERATION,
            rounds,
            f"the round was paired without the Baku acceleration the type code asks for "
            f"(192 {code}, C.04.5.1)",
            f"without the Baku virtual points ({words}), {_rounds_text(rounds)} match",
            [],
            plain,
            f"without the Baku acceleration of 192 {code}",
            proven=_unused(plain, rounds, edition, reports, initial),
        )
    baku = dataclasses.replace(t, accelerations=baku_acceleration(t))
    # An acceleration the file never states must fit every round, round 1 first: it is
    # tried only when round 1 differs as written, and given up when it does not fit round 1.
    if 1 not in left or not reproduces(baku, 1, edition, initial=initial):
        return None
    accelerated = {r for v in baku.accelerations.values() for r in v}
    # Only rounds paired with the acceleration in force, or looking back at such a round
    # for floats (two rounds, Art. 1.4), can hinge on it.
    tried = [r for r in left if r <= max(accelerated, default=0) + 2]
    rounds = _matching(tried, lambda r: reproduces(baku, r, edition, initial=initial))
    if not _holds(baku, edition, reports, initial):
        return None
    from trfaudit.engine.dutch.readings.starting_rank import (
        round1_out_of_order,  # it reads this module's helpers
    )

    proof = round1_out_of_order(t)
    return Explained(
        Cause.ACCELERATION,
        rounds,
        "the round was paired with the Baku acceleration (C.04.5.1), which the file does not "
        "state (no XXA/250)",
        f"with the Baku virtual points ({acceleration_words(baku)}), {_rounds_text(rounds)} match"
        + (
            f"; round 1 is not S1 against S2 by the pairing numbers (players "
            f"{', '.join(map(str, proof[:12]))}{' ...' if len(proof) > 12 else ''} are paired "
            "otherwise), so it was not paired as the file states"
            if proof
            else ""
        ),
        [],
        baku,
        "with the Baku acceleration (C.04.5.1)",
        # An acceleration the file does not state is a hypothesis, unless the file shows that
        # round 1 was not paired as it states (Art. 4.2: S1 against S2 in one bracket).
        proven=bool(proof),
    )


def _unused(
    plain: Tournament,
    rounds: list[int],
    edition: Edition,
    reports: list[RoundReport],
    initial: str | None,
) -> bool:
    """A stated acceleration is shown unused wherever it matters when some round is paired
    as recorded only without it and every round that matches as written matches without it
    too (so in no round does the record follow the acceleration where it changes the
    pairing)."""
    return bool(rounds) and _holds(plain, edition, reports, initial)
