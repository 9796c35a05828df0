"""Checking one round under several editions of the rules, side by side (issue 9).

Two uses: ``--rules all`` (the edition in force is known; the others are shown for
comparison: "round 8 matches the 2017 rules, not the 2025 rules in force", the most useful
single fact about an event paired with an out-of-date program), and an edition that the
file's dates cannot give (every candidate edition is checked; a finding stands only if the
round matches under none of them, and each finding names the editions it holds under).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from trfaudit.engine.findings import DIFFERS, MATCH, Discrepancy, EditionVerdict, RoundReport
from trfaudit.engine.systems import EditionInfo as Edition
from trfaudit.trf.model import Tournament

#: ``check(t, rnd, edition, initial) -> RoundReport``: one round under one edition.
CheckOne = Callable[[Tournament, int, Edition, "str | None"], RoundReport]


def _short(d: Discrepancy) -> str:
    return d.kind + (f" {d.criterion}" if d.criterion else "")


def _same_finding(a: Discrepancy, b: Discrepancy) -> bool:
    """The same finding under two editions: same kind, same players.  Criteria are compared
    by kind only: the editions label (and number) them differently."""
    return a.kind == b.kind and sorted(a.players) == sorted(b.players)


def check_round_editions(
    t: Tournament,
    rnd: int,
    editions: Sequence[Edition],
    initials: Sequence[str | None],
    known: bool,
    check: CheckOne,
) -> RoundReport:
    """Round ``rnd`` under each of ``editions`` (the first is the one in force, or the
    current one when ``known`` is False); ``initials[i]`` is the initial colour for
    ``editions[i]``.  The report is the first edition's, with ``editions`` (the verdict map)
    and each discrepancy's ``editions`` set; when the edition is not known, a round that
    matches under some candidate is a match."""
    reports = [check(t, rnd, e, c) for e, c in zip(editions, initials)]
    names = [e.name for e in editions]
    verdicts = {
        name: EditionVerdict(r.status, [_short(d) for d in r.discrepancies])
        for name, r in zip(names, reports)
    }
    main = reports[0]
    if not known and main.status == DIFFERS and any(r.status == MATCH for r in reports):
        main = RoundReport(rnd, MATCH)
    for d in main.discrepancies:
        d.editions = [
            name
            for name, r in zip(names, reports)
            if any(_same_finding(d, other) for other in r.discrepancies)
        ]
    main.editions = verdicts
    return main


def verdict_sentence(
    rnd: int, verdicts: dict[str, EditionVerdict], in_force: str | None
) -> str | None:
    """ "round 8 matches the 2017 rules, not the 2025 rules in force (quality C5)"; "round 9
    differs under every edition checked (2025: quality C9; 2017: quality C.14)" when the
    editions find different things (the report's findings are the first edition's); None
    when every edition gives the same verdict with the same findings."""
    matches = [n for n, v in verdicts.items() if v.status == MATCH]
    differs = [n for n, v in verdicts.items() if v.status != MATCH]
    if not matches and len({tuple(v.findings) for v in verdicts.values()}) > 1:
        found = "; ".join(
            f"{n}: {', '.join(v.findings) or 'no finding'}" for n, v in verdicts.items()
        )
        return f"round {rnd} differs under every edition checked ({found})"
    if not matches or not differs:
        return None

    def names(items: list[str]) -> str:
        return " or ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " or " + items[-1]

    why = "; ".join(
        f"{n}: {', '.join(verdicts[n].findings)}" for n in differs if verdicts[n].findings
    )
    tail = " in force" if in_force in differs else ""
    return (
        f"round {rnd} matches the {' and '.join(matches)} rules, not the {names(differs)} "
        f"rules{tail}" + (f" ({why})" if why else "")
    )
