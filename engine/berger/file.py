"""A whole round-robin file: its edition, the players' table numbers, each recorded round
against the Berger tables (:func:`.audit.audit_round`), and the other order of the first
cycle's last two rounds as a reading."""

from __future__ import annotations

from trfaudit.engine.findings import RoundReport
from trfaudit.engine.last_file import last_file
from trfaudit.engine.systems import Plan, Request
from trfaudit.trf.model import Tournament
from trfaudit.trf.system import pairing_system

from .draw import Draw, read_draw
from .editions import BERGER, BERGER_FIDE, BY_NAME, BergerEdition, read_code


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
    stated = pairing_system(t)
    named = f"092 {stated.type_text!r} and no 192 code" if stated.round_robin else None
    return _as_played(t, named or "no round-robin 192 code")


def _as_played(t: Tournament, why: str) -> tuple[BergerEdition, str]:
    """No code names the edition: the tables as printed, unless the rounds where the two
    editions part (the first cycle's last two) were played as the switch has them and not
    as printed.  C.05 Annex 1 recommends the switch for a double round-robin and does not
    require it; only a ``192`` code (ETT26) says which was used, so the rounds decide."""
    from .audit import audit_round, names_of

    printed = f"{why}: the tables as printed"
    try:
        draws = {e: read_draw(t, e) for e in (BERGER, BERGER_FIDE)}
    except ValueError:
        return BERGER, printed  # prepare reports it
    parted = [
        r
        for r in range(1, t.recorded_rounds() + 1)
        if draws[BERGER].slot(r) != draws[BERGER_FIDE].slot(r)
    ]
    if not parted:
        return BERGER, printed
    names = names_of(t)

    def follows(e: BergerEdition) -> bool:
        return all(audit_round(t, r, e, names, draws[e]).status == "match" for r in parted)

    if follows(BERGER_FIDE) and not follows(BERGER):
        played = (
            f"rounds {parted[0]} and {parted[1]} were"
            if len(parted) > 1
            else f"round {parted[0]} was"
        )
        return BERGER_FIDE, (
            f"{why}: the first cycle's last two rounds switched, as {played} played "
            "(C.05 Annex 1 recommends it)"
        )
    return BERGER, printed


def prepare(t: Tournament, request: Request) -> Plan:
    """The edition (:func:`edition_of`), a consistent file, and the players' table numbers
    (:func:`.draw.read_draw`)."""
    from trfaudit.trf.validate import validate

    plan = Plan()
    edition, why = edition_of(t, request.rules)
    plan.rules_reason = why
    if edition is None:
        plan.error = why
        return plan
    plan.rules, plan.rules_title = edition.name, edition.title
    plan.editions, plan.initials = (edition,), (None,)
    problems = validate(t)
    fatal = [p for p in problems if p.is_error and p.round is None]
    plan.warnings = [str(p) for p in problems if not p.is_error or p.round is not None]
    if fatal:
        shown = "; ".join(str(p) for p in fatal[:3])
        plan.error = f"inconsistent file: {shown}" + (
            f" (and {len(fatal) - 3} more)" if len(fatal) > 3 else ""
        )
        return plan
    try:
        draw = read_draw(t, edition)
    except ValueError as exc:
        plan.error = str(exc)
        return plan
    plan.warnings += [f"{request.file}: {note}" for note in draw.notes]
    return plan


@last_file
def draw_of(t: Tournament, edition: BergerEdition) -> Draw:
    """The table numbers of ``t``'s players, read once for all its rounds."""
    return read_draw(t, edition)


def audit(t: Tournament, rnd: int, edition: BergerEdition) -> RoundReport:
    """Round ``rnd`` against the table (:func:`.audit.audit_round`)."""
    from .audit import audit_round, names_of

    return audit_round(t, rnd, edition, names_of(t), draw_of(t, edition))


def finish(t: Tournament, plan: Plan, reports: list[RoundReport]) -> list[RoundReport]:
    """A differing round that the other order of the first cycle's last two rounds
    reproduces says so (:func:`_other_edition`)."""
    edition = plan.editions[0]
    assert isinstance(edition, BergerEdition)
    if draw_of(t, edition).cycles >= 2:
        from .audit import names_of

        _other_edition(t, edition, reports, names_of(t))
    return reports


def _other_edition(
    t: Tournament, edition: BergerEdition, reports: list[RoundReport], names: dict[int, str]
) -> None:
    """A differing round that the other edition's order of rounds reproduces (the first
    cycle's last two rounds switched, or not) says so in its findings' evidence: the Annex
    only recommends the switch, the ``192`` code names it (ETT26)."""
    from .audit import audit_round

    other = next(e for e in BY_NAME.values() if e is not edition)
    mine, theirs = read_draw(t, edition), read_draw(t, other)
    for r in reports:
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
