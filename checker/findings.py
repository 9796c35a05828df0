"""The report of a whole file and of a batch: what ``check`` found, however it is shown.

A round's findings are the engine's vocabulary (:mod:`trfaudit.engine.findings`, which every
pairing system's audit speaks); a file's report gathers them with what only a whole file has
(its edition and the reason for it, the standings, problems that stopped the check).  The
text, JSON and HTML reports render these dataclasses; the JSON report is documented by
``checker/reports/schema/report.schema.json``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from trfaudit.engine.findings import (
    DIFFERS,
    MATCH,
    WITH_ALTERNATIVE,
    Discrepancy,
    FindingClass,
    RoundReport,
)


@dataclass
class FileReport:
    """One input file: the edition used and why, and each round checked.

    ``error`` is set when the file could not be checked (unreadable, inconsistent, an
    edition not implemented); ``rounds`` is then empty.  ``warnings`` are the validator's
    warnings and notes such as a pending (result-less) round.
    """

    file: str
    rules: str | None = None
    rules_reason: str | None = None
    rules_title: str | None = None
    rounds: list[RoundReport] = field(default_factory=list)
    error: str | None = None
    warnings: list[str] = field(default_factory=list)
    event: str | None = None  # the tournament's name (012), as the file gives it
    city: str | None = None  # 022
    # the recorded ranks against C.07 (checker.standings): findings of kind ``standings``,
    # and why ranks were not (fully) verified
    standings: list[Discrepancy] = field(default_factory=list)
    standings_notes: list[str] = field(default_factory=list)
    #: The editions every round was checked under, ``rules`` first (more than one with
    #: ``--rules all`` or when the edition is unknown); ``edition_known`` is False when the
    #: file's dates cannot tell which edition was in force.
    editions: list[str] = field(default_factory=list)
    edition_known: bool = True

    @property
    def differing(self) -> list[RoundReport]:
        return [r for r in self.rounds if r.status == DIFFERS]

    @property
    def status(self) -> str:
        """``invalid``, ``differs`` or ``match``."""
        if self.error is not None:
            return "invalid"
        return DIFFERS if self.differing or self.standings else MATCH

    def summary(self) -> str:
        """One line: ``FILE: rules 2025: 5 rounds checked, 4 match, 1 differs (illegal C1)``."""
        if self.error is not None:
            return f"{self.file}: not checked: {self.error}"
        n = len(self.rounds)
        bad = self.differing
        rules = (
            self.rules
            if self.edition_known
            else (f"{self.rules}? (edition unknown: checked under {', '.join(self.editions)})")
        )
        text = (
            f"{self.file}: rules {rules}: {n} round{'s' if n != 1 else ''} checked, "
            f"{n - len(bad)} match"
        )
        if bad:
            kinds: dict[str, int] = {}
            for r in bad:
                for d in r.discrepancies:
                    key = d.kind + (f" {d.criterion}" if d.criterion else "")
                    kinds[key] = kinds.get(key, 0) + 1
            text += (
                f", {len(bad)} differ{'s' if len(bad) == 1 else ''} ("
                + ", ".join(f"{k}" + (f" x{c}" if c > 1 else "") for k, c in kinds.items())
                + ")"
            )
            alt = self.with_alternatives()
            text += "; class " + ", ".join(
                (f"{k} x{c}" if c > 1 else k)
                + (f" ({alt} {WITH_ALTERNATIVE})" if k == FindingClass.PAIRING and alt else "")
                for k, c in self.classes().items()
            )
        if self.standings:
            n_st = len(self.standings)
            text += f"; standings: {n_st} rank difference{'s' if n_st != 1 else ''}"
        return text

    def classes(self) -> dict[str, int]:
        """Findings per TEC class (input, pairing, interpretation), in that order."""
        counts = {c.value: 0 for c in FindingClass}
        for r in self.differing:
            for d in r.discrepancies:
                counts[d.finding_class] = counts.get(d.finding_class, 0) + 1
        return {k: c for k, c in counts.items() if c}

    def with_alternatives(self) -> int:
        """Findings of class ``pairing`` that list an input alternative: counted apart, as the
        record may be at fault rather than the program."""
        return sum(
            1
            for r in self.differing
            for d in r.discrepancies
            if d.alternatives and d.finding_class == FindingClass.PAIRING
        )


@dataclass
class BatchReport:
    files: list[FileReport]

    @property
    def exit_code(self) -> int:
        """2 if any file could not be checked, else 1 if any round differs (not counting one
        a declared manual change accounts for, :func:`checker.declared.declared_only`), else 0."""
        if any(f.error is not None for f in self.files):
            return 2
        from .declared import declared_only

        if any(
            f.standings or any(not declared_only(r.discrepancies) for r in f.differing)
            for f in self.files
        ):
            return 1
        return 0

    def summary(self) -> str:
        n = len(self.files)
        invalid = sum(1 for f in self.files if f.error is not None)
        differ = sum(1 for f in self.files if f.error is None and f.differing)
        rounds = sum(len(f.rounds) for f in self.files)
        bad = sum(len(f.differing) for f in self.files)
        classes: dict[str, int] = {}
        for f in self.files:
            for k, c in f.classes().items():
                classes[k] = classes.get(k, 0) + c
        alt = sum(f.with_alternatives() for f in self.files)
        by_class = (
            "; findings by class: "
            + ", ".join(
                f"{k} {c}" + (f" ({alt} {WITH_ALTERNATIVE})" if k == "pairing" and alt else "")
                for k, c in classes.items()
            )
            if classes
            else ""
        )
        return (
            f"{n} file{'s' if n != 1 else ''}, {rounds} round{'s' if rounds != 1 else ''} "
            f"checked: {rounds - bad} match, {bad} differ; {n - invalid - differ} file"
            f"{'s' if n - invalid - differ != 1 else ''} clean, {differ} with discrepancies, "
            f"{invalid} not checked{by_class}"
        )
