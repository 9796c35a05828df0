"""Judging a program's pairing of one round against trfaudit's engine.

The tournament is trfaudit's (generated, so every round before r is what trfaudit's engine
paired); the program paired round r from the same file.  A pairing identical to trfaudit's
(same boards with the same colours, the same PAB) matches.  Any other is checked like a
recorded round (:func:`checker.compare.check_round`): the program's boards are put into round r
and the checker says which rule decides (kind, criterion, TEC class).  A list that is not a
round-pairing (C.04.3 2026 Art. 1.9.1: a player twice, unknown, absent, or left out) is an
``illegal`` finding without further checking.

A pairing with the same boards, colours and PAB as the rules' but another board order is a
finding of its own, kind ``order``, criterion ``C.04.2 3.6`` (the board order of the General
Handling Rules), never mixed with the pairing findings.  A round for which the rules give no
legal pairing is put to the program too: "no valid pairing" is then its right answer.

In these findings the program's pairing stands where ``check`` puts the record and the rules'
pairing (trfaudit's engine) where it puts the engine's: :func:`.wording.for_program` says so in the
author's terms ("your program", "the rules").
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from trfaudit.engine.findings import ILLEGAL, MATCH, ORDER, UNEXPLAINED, Discrepancy, FindingClass
from trfaudit.trf.model import EntryKind, RoundEntry, Tournament

from .cutfile import absences
from .engine_cmd import EnginePairing

if TYPE_CHECKING:
    from trfaudit.engine.systems import EditionInfo as Edition


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
    """The same boards with the same colours and the same PAB, in any board order."""
    return set(a.boards) == set(b.boards) and a.bye == b.bye and len(a.boards) == len(b.boards)


#: The criterion of a board-order finding (GHR C.04.2 Art. 3.6).
BOARD_ORDER = "C.04.2 3.6"


def _pair(t: Tournament, board: tuple[int, int], rnd: int) -> str:
    """``Name (TPN, score) - Name (TPN, score)``, the scores before round ``rnd``."""

    def one(tpn: int) -> str:
        return f"{t.players[tpn].name} ({tpn}, {float(t.score(tpn, rnd - 1)):g})"

    return f"{one(board[0])} - {one(board[1])}"


def board_order(t: Tournament, rnd: int, got: EnginePairing, rules: EnginePairing) -> Discrepancy:
    """The first board where ``got`` (same pairs and colours as ``rules``) has another pair
    than the rules' board order (C.04.2 3.6: the higher score of the pair, then the sum of
    the scores, then the rank of the higher-ranked player)."""
    board = next(i for i, (a, b) in enumerate(zip(got.boards, rules.boards, strict=True)) if a != b)
    mine, theirs = got.boards[board], rules.boards[board]
    text = (
        f"Round {rnd}, board {board + 1}: your program puts {_pair(t, mine, rnd)} there, the "
        f"rules {_pair(t, theirs, rnd)} (C.04.2 3.6: boards by the higher score of the pair, "
        "then the sum of the scores, then the rank of the higher-ranked player)"
    )
    return Discrepancy(
        ORDER,
        BOARD_ORDER,
        sorted({*mine, *theirs}),
        " ".join(f"{w}-{b}" for w, b in got.boards),
        " ".join(f"{w}-{b}" for w, b in rules.boards),
        text,
        summary=text,
        finding_class=FindingClass.PAIRING,
    )


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
            text,
            "each player present paired once, no absent player paired",
            f"your program's list is not a round-pairing (1.9.1): {text}",
            summary=f"Round {rnd}: your program's list is not a round-pairing: {text}",
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
    rules: EnginePairing | None = None,
) -> Verdict:
    """Compare the program's pairing ``got`` of round ``rnd`` with the rules' (``t``'s round
    ``rnd``, paired by trfaudit's engine) under ``edition``; ``others``: editions to try the
    program's pairing under when it differs (``name -> Edition``); ``rules``: the rules'
    pairing in board order (the board order is not compared without it)."""
    expected = rules or recorded_pairing(t, rnd)
    if same_pairing(got, expected):
        if rules is None or got.boards == rules.boards:
            return Verdict()
        return Verdict([board_order(t, rnd, got, rules)])
    return _differs(t, rnd, got, edition, others, expected.as_list())


def judge_unpairable(t: Tournament, rnd: int, got: EnginePairing, edition: Edition) -> Verdict:
    """The program paired round ``rnd``, for which the rules give no legal pairing (``t``
    holds the round's absences only): the checker says which rule its pairing breaks."""
    return _differs(t, rnd, got, edition, (), "no valid pairing")


def _differs(
    t: Tournament,
    rnd: int,
    got: EnginePairing,
    edition: Edition,
    others: Sequence[tuple[str, Edition]],
    expected: str,
) -> Verdict:
    from trfaudit.checker.audit import safe_check

    broken = structure(t, rnd, got)
    if broken:
        return Verdict(broken)
    x = with_pairing(t, rnd, got)
    report = safe_check(x, rnd, edition)  # by the edition's own system
    findings = list(report.discrepancies)
    if report.status == MATCH or not findings:
        findings = [
            Discrepancy(
                UNEXPLAINED,
                None,
                [],
                got.as_list().replace("\n", " ").strip(),
                expected.replace("\n", " ").strip(),
                (
                    "trfaudit's engine finds no legal pairing of this round, yet the checker "
                    "finds your program's legal: a defect of trfaudit"
                    if expected == "no valid pairing"
                    else "your program's pairing differs from the rules' (trfaudit's engine), "
                    "yet the checker finds it follows the rules: a defect of trfaudit"
                ),
            )
        ]
    matches = [name for name, other in others if safe_check(x, rnd, other).status == MATCH]
    return Verdict(findings, matches)
