"""``check`` of a round-robin file: every recorded round against the Berger tables
(:func:`.audit.audit_round`), in one report."""

from __future__ import annotations

from trfaudit.checker.findings import FileReport
from trfaudit.trf.model import Tournament

from .draw import read_draw
from .editions import BERGER, BY_NAME, BergerEdition, read_code


def edition_of(t: Tournament, rules: str) -> tuple[BergerEdition | None, str]:
    """The edition ``t`` is checked under and why: ``--rules`` when it names one of this
    system's, else the ``192`` code, else the printed tables (None: ``rules`` names another
    system's edition)."""
    if rules in BY_NAME:
        return BY_NAME[rules], f"--rules {rules}"
    if rules not in ("auto", "all"):
        return None, f"--rules {rules} is not an edition of the Berger tables (berger, berger-fide)"
    code = (t.type_code or "").strip()
    reading = read_code(code) if code else None
    if reading is not None:
        return reading.edition, f"192 {code}"
    return BERGER, "no round-robin 192 code: the tables as printed"


def check_file(t: Tournament, rules: str = "auto", only: int | None = None) -> FileReport:
    """The report of round-robin file ``t`` (``only``: that round alone)."""
    from trfaudit.trf.validate import validate

    from .audit import audit_round

    report = FileReport(file=t.file or "<tournament>", event=t.name or None, city=t.city or None)
    edition, why = edition_of(t, rules)
    report.rules_reason = why
    if edition is None:
        report.error = why
        return report
    report.rules, report.rules_title, report.editions = edition.name, edition.title, [edition.name]
    problems = validate(t)
    fatal = [p for p in problems if p.is_error and p.round is None]
    report.warnings = [str(p) for p in problems if not p.is_error or p.round is not None]
    if fatal:
        shown = "; ".join(str(p) for p in fatal[:3])
        report.error = f"inconsistent file: {shown}" + (
            f" (and {len(fatal) - 3} more)" if len(fatal) > 3 else ""
        )
        return report
    recorded = t.recorded_rounds()
    if only is not None and not 1 <= only <= recorded:
        report.error = (
            f"round {only} is not recorded (rounds 1..{recorded} are)"
            if recorded
            else "no round is recorded"
        )
        return report
    try:
        draw = read_draw(t, edition)
    except ValueError as exc:
        report.error = str(exc)
        return report
    report.warnings += [f"{report.file}: {note}" for note in draw.notes]
    names = {tpn: p.name.strip() for tpn, p in t.players.items()}
    rounds = [only] if only is not None else range(1, recorded + 1)
    report.rounds = [audit_round(t, r, edition, names, draw) for r in rounds]
    if draw.cycles >= 2:
        _other_edition(t, edition, report, names)
    return report


def _other_edition(
    t: Tournament, edition: BergerEdition, report: FileReport, names: dict[int, str]
) -> None:
    """A differing round that the other edition's order of rounds reproduces (the first
    cycle's last two rounds switched, or not) says so in its findings' evidence: the Annex
    only recommends the switch, the ``192`` code names it (ETT26)."""
    from .audit import audit_round

    other = next(e for e in BY_NAME.values() if e is not edition)
    mine, theirs = read_draw(t, edition), read_draw(t, other)
    for r in report.rounds:
        if r.status != "differs" or mine.slot(r.round) == theirs.slot(r.round):
            continue
        if audit_round(t, r.round, other, names, theirs).status == "match":
            how = "switched" if other.swap_last_two else "not switched"
            note = (
                f"under the {other.name} edition (the first cycle's last two rounds {how}) "
                f"round {r.round} matches"
            )
            for d in r.discrepancies:
                d.evidence = note
