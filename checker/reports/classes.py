"""The three classes of a finding in plain words, for the reports a committee reads first:
a *file fault* (class ``input``: the file cannot be what the round was paired from), a *rule
broken* (class ``pairing``: illegal, quality, colour, order) and a *reading of the rules*
(class ``interpretation``: the rules allow more than one reading, or the file was paired by
another system).  A round's class is its most serious finding's: a broken rule first."""

from __future__ import annotations

from typing import Literal

from trfaudit.checker.findings import FileReport
from trfaudit.engine.findings import RoundReport

ClassName = Literal["pairing", "interpretation", "input"]

#: Most serious first: the order rounds are listed in.
ORDER: tuple[ClassName, ...] = ("pairing", "interpretation", "input")

WORDS: dict[str, str] = {
    "pairing": "rule broken",
    "interpretation": "reading of the rules",
    "input": "file fault",
}


def round_classes(r: RoundReport) -> list[ClassName]:
    """The classes of ``r``'s findings, most serious first (empty for a matching round)."""
    seen = {d.finding_class for d in r.discrepancies}
    return [c for c in ORDER if c in seen]


def round_class(r: RoundReport) -> ClassName | None:
    classes = round_classes(r)
    return classes[0] if classes else None


def with_input_alternative(r: RoundReport) -> bool:
    """A broken rule that a reading of the file would explain (both are said)."""
    return any(d.alternatives and d.finding_class == "pairing" for d in r.discrepancies)


def round_words(r: RoundReport) -> str:
    """``rule broken``; ``rule broken, or a file fault`` when an input alternative exists."""
    cls = round_class(r)
    if cls is None:
        return "match"
    words = WORDS[cls]
    if cls == "pairing" and with_input_alternative(r):
        words += ", or a file fault"
    return words


def _first_rule(r: RoundReport) -> str:
    d = next((d for d in r.discrepancies if d.finding_class == round_class(r)), None)
    if d is None:
        return ""
    return d.kind + (f" {d.criterion}" if d.criterion else "")


def file_line(f: FileReport) -> str | None:
    """``1 round with a rule broken (round 8: illegal C2); 18 rounds with a file fault``."""
    by: dict[ClassName, list[RoundReport]] = {c: [] for c in ORDER}
    for r in f.differing:
        cls = round_class(r)
        if cls is not None:
            by[cls].append(r)
    parts = []
    for cls in ORDER:
        rounds = by[cls]
        if not rounds:
            continue
        n = len(rounds)
        what = f"{n} round{'s' if n != 1 else ''} with a {WORDS[cls]}"
        if cls == "pairing" and n <= 5:
            what += " (" + ", ".join(f"round {r.round}: {_first_rule(r)}" for r in rounds) + ")"
        parts.append(what)
    return "; ".join(parts) if parts else None


def ordered(rounds: list[RoundReport]) -> list[RoundReport]:
    """Differing rounds with the broken rules first, then by round."""
    return sorted(rounds, key=lambda r: (ORDER.index(round_class(r) or "input"), r.round))
