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
round 1 (one bracket, S1 against S2) only proposes candidate re-rankings.  The search is
bounded (:data:`MAX_ABSENCE_READINGS`, :data:`MAX_MOVERS`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable

from trfaudit.checker.findings import DIFFERS, INPUT, Cause, Discrepancy, RoundReport, number_ranges
from trfaudit.engine import NoPairing, pair_round, round_input
from trfaudit.engine.acceleration import baku_virtual_points
from trfaudit.engine.dutch.editions import Edition
from trfaudit.engine.dutch.players import build_states
from trfaudit.trf.model import EntryKind, RoundEntry, Tournament

from .colour import colour_rule
from .compare import check_round
from .recorded import entry_words, recorded_round, with_pending_paired

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
    inp = round_input(with_pending_paired(t, rnd), rnd)
    if initial is not None:
        inp.initial_colour = initial
    if rank_order is not None:
        inp.rank_order = list(rank_order)
    try:
        result = pair_round(inp, edition)
    except NoPairing:
        return False
    if result.bye != rec.bye or {frozenset((b.white, b.black)) for b in result.boards} != rec.pairs:
        return False
    if colours:
        engine = {(b.white, b.black) for b in result.boards}
        return all(board in engine for board in rec.boards)
    return True


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
        cause=cause.value,
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
        cause=Cause.INITIAL_COLOUR.value,
        evidence=f"with the initial colour {_WORD[other]}, {fit_other} of the {len(boards)} "
        f"boards of round 1 get the recorded colours; with {_WORD[stated]}, "
        f"{fit_stated}",
    )
    return other, finding


# -- starting rank (C.04.2) ------------------------------------------------------------------

#: C.04.2 (initial ranking): titles in this order after the rating; one-letter TRF-16 codes.
_TITLES = {
    "GM": 0,
    "G": 0,
    "IM": 1,
    "M": 1,
    "WGM": 2,
    "WG": 2,
    "FM": 3,
    "F": 3,
    "WIM": 4,
    "WM": 4,
    "CM": 5,
    "C": 5,
    "WFM": 6,
    "WF": 6,
    "WCM": 7,
    "WC": 7,
}


def prescribed_order(t: Tournament) -> list[int]:
    """The initial ranking C.04.2 prescribes: rating (highest first, unrated last), then
    title, then name (alphabetically); pairing numbers break what remains tied."""

    def key(tpn: int) -> tuple[int, int, str, int]:
        p = t.players[tpn]
        return (
            -(p.rating or 0),
            _TITLES.get(p.title.strip().upper(), 99),
            p.name.strip().casefold(),
            tpn,
        )

    return sorted(t.players, key=key)


def _file_order(t: Tournament) -> list[int]:
    return list(t.players) if t.pair_by_rank else sorted(t.players)


def follows_final_standings(t: Tournament) -> bool:
    """True when the pairing numbers follow the final standings: the points never rise
    along the pairing numbers (and do fall), while the ratings do not explain the order."""
    order = _file_order(t)
    if len(order) < 8:  # too few players to tell the standings from chance
        return False
    last = t.recorded_rounds()
    points = [t.score(tpn, last) for tpn in order]
    if any(b > a for a, b in zip(points, points[1:])) or points[0] == points[-1]:
        return False
    return prescribed_order(t) != order


def _round1_model(order: list[int]) -> tuple[set[frozenset[int]], int | None]:
    """Round 1 of one score bracket as C.04.3 pairs it when nothing else intervenes: S1
    (the upper half) against S2 in order, the last player out when odd (1.9.2, 4.2)."""
    h = len(order) // 2
    pairs = {frozenset((order[i], order[i + h])) for i in range(h)}
    return pairs, (order[-1] if len(order) % 2 else None)


def _moved(order: list[int], tpn: int, to: int) -> list[int]:
    rest = [x for x in order if x != tpn]
    return rest[:to] + [tpn] + rest[to:]


def round1_moves(t: Tournament) -> list[tuple[int, list[int]]]:
    """Re-rankings that move one player and make round 1's pairs those recorded, by the
    cheap model of :func:`_round1_model`, smallest move first: (player, full rank order)."""
    rec = recorded_round(t, 1)
    if rec.problems:
        return []
    full = _file_order(t)
    playing = set(rec.participants)
    order = [tpn for tpn in full if tpn in playing]
    target = (rec.pairs, rec.bye)
    pairs, bye = _round1_model(order)
    if (pairs, bye) == target:
        return []
    wrong = {x for p in pairs - rec.pairs for x in p} | {x for x in (bye, rec.bye) if x}
    partner = {a: b for p in rec.pairs for a, b in (tuple(p), tuple(p)[::-1])}
    h = len(order) // 2

    def fits(cand: list[int]) -> bool:  # _round1_model(cand) == target, failing early
        return (cand[-1] == rec.bye if len(cand) % 2 else rec.bye is None) and all(
            partner.get(cand[i]) == cand[i + h] for i in range(h)
        )

    found: list[tuple[int, int, list[int]]] = []
    for tpn in sorted(wrong, key=order.index)[:MAX_MOVERS]:
        at = order.index(tpn)
        for to in range(len(order)):
            if to == at:
                continue
            cand = _moved(order, tpn, to)
            if fits(cand):
                found.append((abs(to - at), tpn, cand))
    found.sort(key=lambda f: f[0])
    out = []
    for _, tpn, cand in found:
        # The moved player goes just before the participant now after them (or last).
        i = cand.index(tpn)
        rest = [x for x in full if x != tpn]
        at_full = rest.index(cand[i + 1]) if i + 1 < len(cand) else len(rest)
        out.append((tpn, rest[:at_full] + [tpn] + rest[at_full:]))
    return out


def _between(order: list[int], tpn: int) -> str:
    i = order.index(tpn)
    before = order[i - 1] if i > 0 else None
    after = order[i + 1] if i + 1 < len(order) else None
    if before is None:
        return f"#{tpn} ranked first, before #{after}"
    if after is None:
        return f"#{tpn} ranked last, after #{before}"
    return f"#{tpn} ranked between #{before} and #{after}"


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
    if entry.opponent is None and entry.result.strip() in ("-", "+", "="):
        return f"'{entry.result.strip()}' with a blank opponent"
    return f"'{entry.result.strip() or ' '}'"


def absence_readings(
    t: Tournament, rnd: int, players: set[int]
) -> Iterable[tuple[int, int, EntryKind, Tournament]]:
    """(player, round, kind, re-read tournament) for the byes of ``players`` (those the
    round's findings name) in rounds ``rnd-1`` down to 1, then in round ``rnd`` itself."""
    count = 0
    for r in list(range(rnd - 1, 0, -1)) + [rnd]:
        for tpn in sorted(players):
            p = t.players.get(tpn)
            entry = p.entry(r) if p is not None else None
            if entry is None or entry.kind not in _OTHER_READINGS or entry.opponent:
                continue
            for kind in _OTHER_READINGS[entry.kind]:
                if count >= MAX_ABSENCE_READINGS:
                    return
                count += 1
                yield tpn, r, kind, _reread(t, tpn, r, kind)


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


def _matching(rounds: list[int], test: Callable[[int], bool]) -> list[int]:
    return [r for r in rounds if test(r)]


def diagnose(
    t: Tournament, edition: Edition, reports: list[RoundReport], initial: str | None = None
) -> list[RoundReport]:
    """``reports`` with the differing rounds an input cause explains reported as ``input``."""
    # Rounds with a finding no input cause explains yet (round 1 may carry the file-level
    # initial-colour finding and still differ otherwise).
    differing = [
        r.round
        for r in reports
        if r.status == DIFFERS and any(d.kind != INPUT for d in r.discrepancies)
    ]
    if not differing:
        return reports
    left = list(differing)
    found: list[Explained] = []
    by_round = {r.round: r for r in reports}

    def take(e: Explained | None) -> None:
        nonlocal t
        if e is None or not e.rounds:
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
                "(XXP/260): they were probably added later",
                f"with the forbidden pairs {', '.join('-'.join(map(str, p)) for p in pairs)}"
                f" not honoured, {_rounds_text(rounds)} match",
                [],
                free,
                "without the forbidden pairs (XXP/260)",
            )
        )
    if left:
        take(_acceleration(t, edition, left, reports, initial))
    reports = [by_round[r.round] for r in reports]
    if left:
        for e in _starting_rank(t, edition, left, reports, initial):
            take(e)
    for rnd in list(left):
        report = by_round[rnd]
        named = {x for d in report.discrepancies for x in d.players}
        for pairing in (report.recorded, report.expected):
            if pairing is not None and pairing.bye is not None:
                named.add(pairing.bye)
        for tpn, r, kind, other in absence_readings(t, rnd, named):
            if reproduces(other, rnd, edition, initial=initial):
                entry = t.players[tpn].entry(r)
                assert entry is not None
                take(
                    Explained(
                        Cause.ABSENCE,
                        [rnd],
                        f"player {tpn}'s round-{r} entry {_entry_text(entry)} "
                        f"({entry_words(entry)}) is not what round {rnd} was paired from",
                        f"with {tpn}'s round-{r} entry read as '{_CODE[kind]}' "
                        f"({kind.value.replace('_', ' ')}), round {rnd} matches",
                        [tpn],
                    )
                )
                break
    for rnd in left:
        _note_forbidden(t, edition, by_round[rnd], initial)
        if any(v.get(rnd) for v in t.accelerations.values()):
            note = (
                "the pairing scores include the acceleration's virtual points "
                f"({acceleration_words(t, rnd)})"
            )
            for d in by_round[rnd].discrepancies:
                d.evidence = f"{d.evidence}; {note}" if d.evidence else note
    out = [by_round[r.round] for r in reports]
    if not found:
        return out
    index = {r.round: i for i, r in enumerate(out)}
    for e in found:
        for rnd in e.rounds:
            out[index[rnd]] = _blame_input(
                out[index[rnd]], e.cause, e.explanation, e.evidence, e.players
            )
    return out


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
    return Explained(
        Cause.ACCELERATION,
        rounds,
        "the round was paired with the Baku acceleration (C.04.5.1), which the file does not "
        "state (no XXA/250)",
        f"with the Baku virtual points ({acceleration_words(baku)}), {_rounds_text(rounds)} match",
        [],
        baku,
        "with the Baku acceleration (C.04.5.1)",
    )


def _rank_dependent(report: RoundReport, edition: Edition) -> bool:
    """True when every finding of the round depends on the ranking alone: Art. 4's order of
    generation, and the colour rules that look at ranks (5.2.4, 5.2.5)."""
    colour_rules = {edition.label(k) for k in ("5.2.4", "5.2.5")}
    return bool(report.discrepancies) and all(
        d.kind == "order" or (d.kind == "colour" and d.criterion in colour_rules)
        for d in report.discrepancies
    )


def round1_out_of_order(t: Tournament) -> list[int]:
    """Round-1 players whose recorded pairing no ranking by pairing number gives: round 1
    is one score group without history, so (absent forbidden pairs and acceleration) Art. 4.2's
    first candidate, S1 against S2 in order, is the pairing; a recorded round 1 that is not it
    was paired from another ranking.  Empty when it is, or when the argument does not hold."""
    if (
        t.accelerations
        or (t.type_code or "").strip().upper().endswith("_BAKU")
        or any(first <= 1 for _, first, _ in t.forbidden_pairs)
    ):
        return []
    rec = recorded_round(t, 1)
    if rec.problems or not rec.pairs:
        return []
    order = [tpn for tpn in _file_order(t) if tpn in set(rec.participants)]
    pairs, bye = _round1_model(order)
    wrong = sorted(
        {x for p in rec.pairs - pairs for x in p}
        | ({rec.bye} if rec.bye != bye and rec.bye else set())
    )
    return wrong


def _starting_rank(
    t: Tournament,
    edition: Edition,
    left: list[int],
    reports: list[RoundReport],
    initial: str | None,
) -> list[Explained]:
    """Rounds the initial ranking explains (C.04.2).

    The file's ranking is shown not to be the one the rounds were paired with when the
    pairing numbers follow the final standings, when round 1 is not S1 against S2 by them
    (:func:`round1_out_of_order`), or when another ranking reproduces a round.  Then each
    round reproduced by another ranking, and each round whose findings depend on the ranking
    alone (:func:`_rank_dependent`), is put down to it; quality and illegal findings do not
    depend on the ranking and stay."""
    file_order = _file_order(t)
    facts: list[str] = []
    if follows_final_standings(t):
        last = t.recorded_rounds()
        shown = ", ".join(f"{float(t.score(x, last)):g}" for x in file_order[:6])
        facts.append(
            f"the pairing numbers follow the final standings (points {shown}, ...), "
            "which cannot be known when the rounds are paired"
        )
    out: list[Explained] = []
    explained: set[int] = set()
    if 1 in left:
        moves = [
            m
            for m in round1_moves(t)[:3]
            if reproduces(t, 1, edition, initial=initial, rank_order=m[1])
        ]
        if moves:
            tpn, order = moves[0]
            rounds = [
                r.round
                for r in reports
                if r.round == 1
                or reproduces(t, r.round, edition, initial=initial, rank_order=order)
            ]
            fixed = [r for r in rounds if r in left]
            explained.update(fixed)
            out.append(
                Explained(
                    Cause.STARTING_RANK,
                    fixed,
                    "round 1 was paired from another initial ranking than the pairing numbers",
                    f"with {_between(order, tpn)}, {_rounds_text(rounds)} match",
                    [tpn],
                )
            )
    wrong = round1_out_of_order(t) if not out else []
    if wrong:
        facts.append(
            "round 1 is not S1 against S2 by the pairing numbers (Art. 4.2's first candidate, "
            "which nothing else can reject in round 1): players "
            + ", ".join(map(str, wrong[:12]))
            + (" ..." if len(wrong) > 12 else "")
            + " are paired otherwise, so round 1 was paired from another ranking (or the file "
            "lacks a forbidden pair or an arbiter's change)"
        )
    prescribed = prescribed_order(t)
    rest = [r for r in left if r not in explained]
    # The initial ranking holds for the whole event: the rounds that match as written must
    # match under it too (tested first: the first that does not ends the search).
    if (
        prescribed != file_order
        and rest
        and all(
            reproduces(t, r.round, edition, initial=initial, rank_order=prescribed)
            for r in reports
            if r.status != DIFFERS
        )
    ):
        rounds = _matching(
            rest, lambda r: reproduces(t, r, edition, initial=initial, rank_order=prescribed)
        )
        if rounds:
            explained.update(rounds)
            out.append(
                Explained(
                    Cause.STARTING_RANK,
                    rounds,
                    "the pairing numbers are not the initial ranking C.04.2 prescribes (rating, "
                    "then title, then name)",
                    f"with the players ranked by rating, title and name, {_rounds_text(rounds)} "
                    "match",
                )
            )
    if facts:
        for e in out:
            e.evidence += "; " + "; ".join(facts)
    if facts or out:
        ranked = [
            r.round
            for r in reports
            if r.round in left and r.round not in explained and _rank_dependent(r, edition)
        ]
        if ranked:
            out.append(
                Explained(
                    Cause.STARTING_RANK,
                    ranked,
                    "the file's pairing numbers are not the ranking the rounds were paired with, "
                    "and the round differs only where the ranking decides (Art. 4, 5.2.4, 5.2.5)",
                    "; ".join(facts) or "; ".join(e.evidence for e in out),
                )
            )
    return out
