"""Judging a program's pairing of one round against trfaudit's engine.

The tournament is trfaudit's (generated, so every round before r is what trfaudit's engine
paired); the program paired round r from the same file.  A pairing identical to trfaudit's
(same boards with the same colours, the same PAB) matches.  Any other is checked like a
recorded round (:func:`checker.compare.check_round`): the program's boards are put into round r
and the checker says which rule decides (kind, criterion, TEC class).  A list that is not a
round-pairing (C.04.3 2026 Art. 1.9.1: a player twice, unknown, absent, or left out) is an
``illegal`` finding without further checking.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from trfaudit.trf.model import EntryKind, RoundEntry, Tournament

from ..findings import ILLEGAL, MATCH, UNEXPLAINED, Discrepancy
from .cutfile import absences
from .engine_cmd import EnginePairing

if TYPE_CHECKING:
    from trfaudit.engine import Edition


@dataclass
class Verdict:
    """The outcome for one round: ``findings`` empty when the pairings agree; ``matches``
    the other editions under which the program's pairing is the rules' one."""

    findings: list[Discrepancy] = field(default_factory=list)
    matches: list[str] = field(default_factory=list)


def recorded_pairing(t: Tournament, rnd: int) -> EnginePairing:
    """Round ``rnd`` of ``t`` as a pairing list (boards by the white player's order)."""
    boards = []
    bye = None
    for tpn, p in t.players.items():
        e = p.entry(rnd)
        if e is None:
            continue
        if e.kind is EntryKind.PAB:
            bye = tpn
        elif e.opponent is not None and e.colour == "w":
            boards.append((tpn, e.opponent))
    return EnginePairing(tuple(boards), bye)


def same_pairing(a: EnginePairing, b: EnginePairing) -> bool:
    return set(a.boards) == set(b.boards) and a.bye == b.bye and len(a.boards) == len(b.boards)


def structure(t: Tournament, rnd: int, got: EnginePairing) -> list[Discrepancy]:
    """Why ``got`` is not a round-pairing of round ``rnd`` (Art. 1.9.1), if it is not."""
    absent = absences(t, rnd)
    seen: dict[int, int] = {}
    for player in [x for board in got.boards for x in board] + (
        [got.bye] if got.bye is not None else []
    ):
        seen[player] = seen.get(player, 0) + 1
    problems: list[tuple[list[int], str]] = []
    twice = sorted(p for p, n in seen.items() if n > 1)
    unknown = sorted(p for p in seen if p not in t.players)
    paired_absent = sorted(p for p in seen if p in absent)
    missing = sorted(p for p in t.players if p not in absent and p not in seen)
    if twice:
        problems.append((twice, f"paired more than once: {', '.join(map(str, twice))}"))
    if unknown:
        problems.append((unknown, f"not in the file: {', '.join(map(str, unknown))}"))
    if paired_absent:
        problems.append(
            (paired_absent, f"paired although absent: {', '.join(map(str, paired_absent))}")
        )
    if missing:
        problems.append((missing, f"left unpaired: {', '.join(map(str, missing))}"))
    return [
        Discrepancy(
            ILLEGAL,
            "1.9.1",
            players,
            None,
            None,
            f"the program's list is not a round-pairing (1.9.1): {text}",
            summary=f"Round {rnd}: the program's list is not a round-pairing: {text}",
        )
        for players, text in problems
    ]


def with_pairing(t: Tournament, rnd: int, got: EnginePairing) -> Tournament:
    """``t`` up to round ``rnd``, with the program's pairing as round ``rnd`` (every game a
    draw: only the pairing is judged)."""
    x = copy.deepcopy(t)
    x.absent_next = {}
    for p in x.players.values():
        p.entries = p.entries[: rnd - 1]
        p.announced = []
    absent = absences(t, rnd)
    entries: dict[int, RoundEntry] = {}
    for w, b in got.boards:
        entries[w] = RoundEntry(rnd, EntryKind.PLAYED, b, "w", "=")
        entries[b] = RoundEntry(rnd, EntryKind.PLAYED, w, "b", "=")
    if got.bye is not None:
        entries[got.bye] = RoundEntry(rnd, EntryKind.PAB, None, None, "U")
    for tpn in absent:
        entries[tpn] = t.players[tpn].entries[rnd - 1]
    for tpn, p in x.players.items():
        p.entries.append(entries[tpn])
        p.points = x.score(tpn, rnd)
    return x


def judge(
    t: Tournament,
    rnd: int,
    got: EnginePairing,
    edition: Edition,
    others: Sequence[tuple[str, Edition]] = (),
) -> Verdict:
    """Compare the program's pairing ``got`` of round ``rnd`` with trfaudit's (``t``'s round
    ``rnd``) under ``edition``; ``others``: editions to try the program's pairing under when
    it differs (``name -> Edition``)."""
    from ..batch.run import safe_check

    if same_pairing(got, recorded_pairing(t, rnd)):
        return Verdict()
    broken = structure(t, rnd, got)
    if broken:
        return Verdict(broken)
    x = with_pairing(t, rnd, got)
    if edition.name == "dubov":  # the Dubov System audits its own rounds (engine/dubov)
        from trfaudit.engine.dubov.audit import audit_round

        report = audit_round(x, rnd, edition)  # type: ignore[arg-type]
    else:
        report = safe_check(x, rnd, edition)
    findings = list(report.discrepancies)
    if report.status == MATCH or not findings:
        findings = [
            Discrepancy(
                UNEXPLAINED,
                None,
                [],
                got.as_list().replace("\n", " ").strip(),
                recorded_pairing(t, rnd).as_list().replace("\n", " ").strip(),
                "the program's pairing differs from the one trfaudit's engine made, yet the "
                "checker finds it follows the rules: a defect of trfaudit",
            )
        ]
    matches = [name for name, other in others if safe_check(x, rnd, other).status == MATCH]
    return Verdict(findings, matches)
