"""The check of one file, whatever its system: read it, ask the registry which system it is,
let that system prepare it and audit each round, and gather the file's report.

This module knows no system: it speaks to them through :class:`trfaudit.engine.systems.System`
only.  Every front-end (the command line, the web page, the Python API, ``conform``) and the
batch runner (:mod:`.batch.run`) enter here.

The order of a file's report: which system (``192``/``092``, team records; ``--rules`` naming
an edition checks the file against that edition's system), the system's own preparation
(consistency, edition and why, initial colour, file-level findings), the rounds to check,
the standings (C.07, or the system's own), the rounds, then the file's declared changes (PIBE)
and the system's readings of the file, and last the gaps of an edition the engine does not
model in full.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from trfaudit.engine.explanation import Explanation
from trfaudit.engine.findings import DIFFERS, UNEXPLAINED, Discrepancy, RoundReport
from trfaudit.engine.systems import (
    EDITIONS,
    EditionInfo,
    Paired,
    Plan,
    Request,
    System,
    TaskMap,
    system_of,
)
from trfaudit.trf.model import Tournament

from .collector import rare_full_collections
from .findings import FileReport


@dataclass
class Options:
    """What the user asked: ``rules`` (``auto``, an edition's name, ``all``: every edition of
    the file's system side by side), one ``round``, ``jobs`` processes for a batch, the C.07
    text ``tb_rules`` for the standings."""

    rules: str = "auto"
    round: int | None = None
    jobs: int = 1
    tb_rules: str = "auto"
    #: The number of rounds of a file that states none (XXR/142), for a 192 ..._BAKU code.
    total_rounds: int | None = None

    def request(self, file: str) -> Request:
        return Request(self.rules, self.round, self.tb_rules, file, self.total_rounds)


@dataclass
class Prepared:
    """A file ready to be checked: its report so far and, when it can be checked, its
    system, the rounds to check and the editions (with their initial colours) to check
    each round under."""

    report: FileReport
    tournament: Tournament | None = None
    system: System | None = None
    rounds: tuple[int, ...] = ()
    editions: tuple[EditionInfo, ...] = ()
    initials: tuple[str | None, ...] = ()
    #: False when the file's dates cannot give the edition (every candidate is checked).
    known: bool = True
    plan: Plan = field(default_factory=Plan)

    def finish(self, reports: list[RoundReport], tasks: TaskMap = map) -> list[RoundReport]:
        """The round reports with the file-level findings added, the declared changes
        applied and the differing rounds a reading of the file explains reported as such
        (``tasks``: how the system runs its independent searches, engine.systems.TaskMap)."""
        out = []
        for r in reports:
            extra = self.plan.findings.get(r.round)
            if extra is not None:
                r = replace(r, status=DIFFERS, discrepancies=[extra] + r.discrepancies)
            out.append(r)
        if self.tournament is None or self.system is None or not self.editions:
            return out
        from .declared import apply_declared

        out = apply_declared(self.tournament, self.report, out)  # PIBE lines (TRF-2026)
        said = len(self.plan.warnings)
        try:
            out = self.system.finish(self.tournament, self.plan, out, tasks)
            self.report.warnings += [f"{self.report.file}: {w}" for w in self.plan.warnings[said:]]
        except Exception as exc:  # noqa: BLE001 - a defect of the diagnosis, not the file
            self.report.warnings.append(
                f"{self.report.file}: looking for input causes "
                f"failed ({type(exc).__name__}: {exc}): a defect"
            )
        return [with_model_gaps(r, self.editions[0]) for r in out]


def with_model_gaps(r: RoundReport, edition: EditionInfo) -> RoundReport:
    """A quality or order finding under an edition the engine does not model in full is the
    engine's reading of the rules, not a certainty: class ``interpretation``, with the gap
    named (the edition's ``model_gaps``).  Illegal and colour findings do not depend on it."""
    from trfaudit.engine.findings import FindingClass, Kind

    gaps = edition.model_gaps
    if not gaps:
        return r
    name = edition.name
    changed = [
        replace(
            d,
            finding_class=FindingClass.INTERPRETATION,
            explanation=f"{d.explanation} (uncertain: under the {name} edition "
            f"{gaps}; confirm by hand)",
            summary=(
                f"{d.summary} (uncertain: the {name} edition is not modelled "
                "in full; confirm by hand)"
                if d.summary
                else d.summary
            ),
        )
        if d.kind in (Kind.QUALITY, Kind.ORDER)
        else d
        for d in r.discrepancies
    ]
    return replace(r, discrepancies=changed)


def prepare(path: str, options: Options) -> Prepared:
    """Read ``path`` (``-``: stdin) and prepare it (:func:`prepare_tournament`)."""
    from trfaudit.trf.errors import TrfError
    from trfaudit.trf.files import read_input

    report = FileReport(file="<stdin>" if path == "-" else path)
    if path != "-" and Path(path).is_dir():
        report.error = "no .trf file in this directory"
        return Prepared(report)
    try:
        data = read_input(path)
    except TrfError as exc:
        report.error = str(exc)
        return Prepared(report)
    return prepare_bytes(data, report, options)


def prepare_bytes(data: bytes, report: FileReport, options: Options) -> Prepared:
    """Read a file's bytes (named as ``report`` names it) and prepare it."""
    from trfaudit.trf.errors import TrfError
    from trfaudit.trf.files import load_bytes

    try:
        t = load_bytes(data, report.file)
    except TrfError as exc:
        refuse_team_event(data, report, exc)
        return Prepared(report)
    return prepare_tournament(t, options, report)


def refuse_team_event(data: bytes, report: FileReport, exc: Exception) -> None:
    """A file the reader cannot read: when its text shows a team event (recognised before any
    field is read), it is refused as a team event that the Swiss Team reader cannot read, not
    as a bare parse error; the reader's message says where it stopped."""
    from trfaudit.trf.errors import TrfError
    from trfaudit.trf.system import team_event_in

    system = team_event_in(data)
    if system is None:
        report.error = str(exc)
        return
    where = (
        f" (line {exc.line}, column {exc.column}: {exc.message})"
        if isinstance(exc, TrfError) and exc.line
        else ""
    )
    report.error = (
        f"not a Dutch individual tournament: {system.describe()}; its records are not ones the "
        f"Swiss Team reader reads{where}: not checked"
    )


def system_to_check(t: Tournament, rules: str) -> tuple[System | None, str | None]:
    """The system ``t`` is checked by, or None and the reason it is not checked.

    The file says which system paired it (:func:`trfaudit.engine.systems.recognise`);
    ``--rules`` naming an edition checks an individual tournament against that edition's
    system, whatever its file says (a team event stays with its own system, which refuses
    an individual edition in its own words)."""
    from trfaudit.engine.systems import recognise
    from trfaudit.trf.system import pairing_system

    stated = pairing_system(t)
    found = recognise(t)
    chosen = EDITIONS.get(rules) if rules not in ("auto", "all") else None
    if chosen is not None and not stated.team:
        system = system_of(chosen)
        if system.team:
            return None, f"--rules {rules} is a team system's edition: not a team event"
        return system, None
    if found is None:
        return None, f"not a Dutch individual tournament: {stated.describe()} is not checked" + (
            "" if stated.team else " (use --rules to check it against the Dutch rules anyway)"
        )
    return found, None


def prepare_tournament(
    t: Tournament, options: Options, report: FileReport | None = None
) -> Prepared:
    """Let ``t``'s system prepare it; choose the rounds to check (see the module docstring)."""
    if report is None:
        report = FileReport(file=t.file or "<tournament>")
    report.event, report.city = (t.name or None), (t.city or None)
    system, refused = system_to_check(t, options.rules)
    if system is None:
        report.error = refused
        return Prepared(report)
    plan = system.prepare(t, options.request(report.file))
    report.rules, report.rules_reason = plan.rules, plan.rules_reason
    report.warnings = list(plan.warnings)
    report.rules_title = plan.rules_title or None
    report.editions = [e.name for e in plan.editions]
    if plan.error is not None:
        report.error = plan.error
        return Prepared(report)
    recorded = t.recorded_rounds()
    if options.round is not None:
        if not 1 <= options.round <= recorded:
            report.error = (
                f"round {options.round} is not recorded (rounds 1..{recorded} are)"
                if recorded
                else "no round is recorded"
            )
            return Prepared(report)
        rounds: tuple[int, ...] = (options.round,)
    else:
        rounds = tuple(range(1, recorded + 1))
    if options.round is None:  # the recorded ranks are those after the last round
        own = system.standings(t, options.tb_rules)
        if own is None:
            from .ranks import attach

            attach(t, report, options.tb_rules)
        else:
            report.standings_notes.extend(own.notes)
            report.standings.extend(own.discrepancies)
    report.edition_known = plan.known
    if not plan.known:
        report.warnings.append(
            f"{report.file}: the edition is unknown ({plan.rules_reason}): every round is "
            f"checked under the {', '.join(report.editions)} rules; a round that matches under "
            "one of them is not reported, and each finding names the editions it holds under"
        )
    return Prepared(report, t, system, rounds, plan.editions, plan.initials, plan.known, plan)


def failed_round(rnd: int, why: str) -> RoundReport:
    """Round ``rnd`` as one ``unexplained`` finding: the checker failed on it (``why``)."""
    return RoundReport(
        rnd,
        DIFFERS,
        [Discrepancy(UNEXPLAINED, None, [], None, None, f"the checker failed on this round {why}")],
    )


def safe_check(
    t: Tournament, rnd: int, edition: EditionInfo, initial: str | None = None
) -> RoundReport:
    """Round ``rnd`` audited by ``edition``'s system, an engine failure reported as a defect."""
    try:
        return system_of(edition).audit_round(t, rnd, edition, initial)
    except Exception as exc:  # noqa: BLE001 - an engine bug must not stop the batch
        return failed_round(rnd, f"({type(exc).__name__}: {exc}): a defect")


def check_prepared(
    t: Tournament,
    rnd: int,
    editions: Sequence[EditionInfo],
    initials: Sequence[str | None],
    known: bool = True,
) -> RoundReport:
    """One round under one edition, or under several side by side (:mod:`.by_edition`)."""
    if len(editions) <= 1:
        return safe_check(t, rnd, editions[0], initials[0])
    from .by_edition import check_round_editions

    return check_round_editions(t, rnd, editions, initials, known, safe_check)


def check_all(prep: Prepared) -> FileReport:
    """Check every round of a prepared file here, and finish its report."""
    ready = prep.tournament  # None when the file is not checked (then no rounds)
    with rare_full_collections():
        prep.report.rounds = prep.finish(
            [
                check_prepared(ready, rnd, prep.editions, prep.initials, prep.known)
                for rnd in prep.rounds
            ]
            if ready is not None
            else []
        )
    return prep.report


def check_tournament(t: Tournament, options: Options) -> FileReport:
    """Check the rounds of one tournament in this process (the Python API's ``check``)."""
    return check_all(prepare_tournament(t, options))


def explain(
    t: Tournament,
    rnd: int,
    player: int | None = None,
    against: int | None = None,
    rules: str = "auto",
    team: int | None = None,
) -> Explanation:
    """Why round ``rnd`` of ``t`` is paired as it is, by the system that checks it
    (:func:`system_to_check`): for every player, or ``player`` (and why not ``against``),
    or, in a team event, ``team``.  Raises ValueError (the reason in words) when it cannot
    be explained, ``NoPairing`` when the rules allow no pairing."""
    system, refused = system_to_check(t, rules)
    if system is None:
        raise ValueError(refused)
    if team is not None and not system.team:
        raise ValueError(f"--team {team}: not a team event ({system.title})")
    return system.explain(t, rnd, rules, player, against, team)


def pair(t: Tournament, rnd: int | None = None, rules: str = "auto") -> Paired:
    """Round ``rnd`` (default: the first not recorded) paired by the system that checks
    ``t``; raises ValueError (the reason in words) or ``NoPairing``."""
    system, refused = system_to_check(t, rules)
    if system is None:
        raise ValueError(refused)
    return system.pair(t, t.recorded_rounds() + 1 if rnd is None else rnd, rules)


def is_team(t: Tournament) -> bool:
    """Whether ``t`` is a team event (its system pairs teams)."""
    from trfaudit.engine.systems import recognise

    found = recognise(t)
    return found is not None and found.team
