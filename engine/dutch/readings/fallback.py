"""``--rules auto`` fell back to the current edition (no type code, no date): when rounds
then differ and another edition reproduces every round, one line says so.

The file cannot say which edition it was paired under; the current one is the default
(C.04.3 2025/2026), and the findings stay what they are under it.  The line only adds what a
reader would check next ("all rounds match the 2017 rules")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trfaudit.engine.findings import MATCH, RoundReport

if TYPE_CHECKING:
    from trfaudit.engine.dutch.editions import Edition
    from trfaudit.trf.model import Tournament


def is_fallback(reason: str, candidates: tuple[str, ...], rules: str) -> bool:
    """The edition was the default for want of a type code and a date (``--rules auto``)."""
    return rules == "auto" and not candidates and reason.endswith("the current edition")


def other_edition_line(t: Tournament, edition: Edition, reports: list[RoundReport]) -> str | None:
    """ "all rounds match the 2017 rules" when some round differs under ``edition`` and every
    checked round matches under another implemented Dutch edition; else None."""
    from trfaudit.engine.dutch.audit.round import initial_colour
    from trfaudit.engine.dutch.editions import EDITIONS

    differing = [r.round for r in reports if r.status != MATCH]
    if not differing:
        return None
    seen = {edition.name}
    for other in EDITIONS.values():
        if other.name in seen:
            continue
        seen.add(other.name)
        initial = initial_colour(t, other)[0]
        # The differing rounds first: most editions fail there at once.
        rounds = differing + [r.round for r in reports if r.status == MATCH]
        if all(_matches(t, rnd, other, initial) for rnd in rounds):
            shown = ", ".join(map(str, differing))
            many = len(differing) > 1
            return (
                f"all rounds match the {other.name} rules (round{'s' if many else ''} {shown}"
                f" differ{'' if many else 's'} under the {edition.name} rules, the default when "
                f"the file names no edition and has no date; --rules {other.name} checks it so)"
            )
    return None


def _matches(t: Tournament, rnd: int, edition: Edition, initial: str | None) -> bool:
    from trfaudit.engine.dutch.audit.round import check_round

    try:
        return check_round(t, rnd, edition, initial).status == MATCH
    except Exception:  # noqa: BLE001 - an engine failure under another edition: no match
        return False
