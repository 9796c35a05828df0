"""Checking a batch: expand the inputs, prepare each file, check its rounds (in N processes).

A file that cannot be checked (unreadable, inconsistent, not a Dutch tournament, an edition
the engine does not implement, ``--round`` beyond its rounds) gets a :class:`FileReport` with
``error`` set, and the batch goes on.  The rounds of all files are independent tasks: with
``jobs > 1`` they run in a :class:`concurrent.futures.ProcessPoolExecutor`, each worker reading
a file once (the tournament is not sent between processes).

The streaming and Dask paths (``--format jsonl``, ``--scheduler``) make one task per *file*
instead (:func:`check_file`, :func:`iter_files`): a file's report is complete when its task
ends, so it can be written at once, and a task can run on any machine (reading the path there,
or the bytes sent with it).  Both paths give the same :class:`FileReport` for a file.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from trfaudit.checker.findings import UNEXPLAINED, BatchReport, Discrepancy, FileReport, RoundReport
from trfaudit.engine.edition_choice import choose_edition
from trfaudit.engine.systems import (
    EDITIONS,
    System,
    edition_names,
    named,
    system_of,
    system_of_file,
)
from trfaudit.trf.errors import Problem
from trfaudit.trf.model import Tournament

if TYPE_CHECKING:
    from trfaudit.checker.batch.cluster import MapUnordered
    from trfaudit.engine.dutch.editions import Edition


@dataclass
class Options:
    rules: str = "auto"  # auto, 2025, 2017, 2012, all (every edition side by side)
    round: int | None = None  # check only this round
    jobs: int = 1
    tb_rules: str = "auto"  # C.07 text for the standings: auto, 2024, 2026


def expand(inputs: Iterable[str]) -> list[str]:
    """Files as given, directories replaced by the ``*.trf`` files below them (sorted)."""
    out: list[str] = []
    for item in inputs:
        path = Path(item)
        if item != "-" and path.is_dir():
            found = sorted(str(p) for p in path.rglob("*.trf") if p.is_file())
            out.extend(found if found else [item])
        else:
            out.append(item)
    return out


def _structural(problem: Problem) -> bool:
    """Validator findings about one round's pairing (reported per round by the checker)."""
    return problem.round is not None


@dataclass
class Prepared:
    report: FileReport
    tournament: Tournament | None = None
    edition: Edition | None = None
    rounds: tuple[int, ...] = ()
    initial: str | None = None  # the initial colour, when chosen by the checker
    # Every edition to check each round under (``edition`` first) and their initial colours;
    # ``known``: False when the file's dates cannot give the edition (issue 9).
    editions: tuple[Edition, ...] = ()
    initials: tuple[str | None, ...] = ()
    known: bool = True
    #: File-level input findings, by the round they are reported in (checker.inputs).
    findings: dict[int, Discrepancy] = field(default_factory=dict)
    #: Rounds already checked by another pairing system (checker.team): kept as they are.
    prefilled: list[RoundReport] | None = None

    def finish(self, reports: list[RoundReport]) -> list[RoundReport]:
        """The round reports with the file-level findings added and the differing rounds an
        input cause explains reported as such (:func:`checker.inputs.diagnose`)."""
        from trfaudit.checker.findings import DIFFERS
        from trfaudit.checker.inputs import diagnose

        if self.prefilled is not None:
            return self.prefilled
        out = []
        for r in reports:
            extra = self.findings.get(r.round)
            if extra is not None:
                r = replace(r, status=DIFFERS, discrepancies=[extra] + r.discrepancies)
            out.append(r)
        if self.tournament is None or self.edition is None:
            return out
        from ..declared import apply_declared

        out = apply_declared(self.tournament, self.report, out)  # PIBE lines (TRF-2026)
        try:
            out = diagnose(self.tournament, self.edition, out, self.initial)
        except Exception as exc:  # noqa: BLE001 - a defect of the diagnosis, not the file
            self.report.warnings.append(
                f"{self.report.file}: looking for input causes "
                f"failed ({type(exc).__name__}: {exc}): a defect"
            )
        return [with_model_gaps(r, self.edition) for r in out]


def with_model_gaps(r: RoundReport, edition: object) -> RoundReport:
    """A quality or order finding under an edition the engine does not model in full is the
    engine's reading of the rules, not a certainty: class ``interpretation``, with the gap
    named (``Edition.model_gaps``).  Illegal and colour findings do not depend on the gaps."""
    from trfaudit.checker.findings import FindingClass, Kind

    gaps = getattr(edition, "model_gaps", "")
    if not gaps:
        return r
    name = getattr(edition, "name", "")
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


def _file_checker(system: System | None) -> Callable[..., FileReport]:
    """The whole-file checker a team system's registry entry names (``checker``,
    ``"module:function"``); the Swiss Team system's when the file names none."""
    import importlib

    entry = system if system is not None else named("FIDE_TEAM")
    module, _, function = str(entry.checker).partition(":")  # type: ignore[attr-defined]
    found: Callable[..., FileReport] = getattr(importlib.import_module(module), function)
    return found


def prepare(path: str, options: Options) -> Prepared:
    """Read and validate ``path``, choose its edition and the rounds to check."""
    from trfaudit.trf.errors import TrfError
    from trfaudit.trf.files import load_bytes, read_input

    report = FileReport(file="<stdin>" if path == "-" else path)
    if path != "-" and Path(path).is_dir():
        report.error = "no .trf file in this directory"
        return Prepared(report)
    try:
        data = read_input(path)
    except TrfError as exc:
        report.error = str(exc)
        return Prepared(report)
    try:
        t = load_bytes(data, report.file)
    except TrfError as exc:
        refuse_team_event(data, report, exc)
        return Prepared(report)
    return prepare_tournament(t, options, report)


def refuse_team_event(data: bytes, report: FileReport, exc: Exception) -> None:
    """A file the reader cannot read: when its text shows a team event (recognised before any
    field is read), it is refused as a team event that the Swiss Team reader cannot read, not
    as a bare parse error; the reader's message says where it stopped.  A readable team event
    goes to its system (:func:`prepare_tournament`)."""
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


# 97 lines: the file's checks in the order its report states them (system, consistency, edition, rounds, colour, editions).
def prepare_tournament(
    t: Tournament, options: Options, report: FileReport | None = None
) -> Prepared:
    """Validate ``t``, choose its edition and the rounds to check."""
    from trfaudit.trf.system import pairing_system
    from trfaudit.trf.validate import validate

    if report is None:
        report = FileReport(file=t.file or "<tournament>")
    report.event, report.city = (t.name or None), (t.city or None)
    from trfaudit.engine.team.rules import is_team_event

    system = pairing_system(t)
    registered = system_of_file(t)
    if is_team_event(t) or (registered is not None and registered.team):
        # A team system checks the whole file on its own path (its registry entry names it).
        team_system = registered if registered is not None and registered.team else None
        whole = _file_checker(team_system)
        team = whole(t, options.rules, options.round)
        team.file = report.file
        return Prepared(team, prefilled=team.rounds)
    chosen = EDITIONS.get(options.rules) if options.rules not in ("auto", "all") else None
    dubov = (
        registered is not None
        and registered.name == "FIDE_DUBOV"
        and options.rules
        in (
            "auto",
            "all",
        )
    )
    if dubov or (chosen is not None and system_of(chosen).name == "FIDE_DUBOV"):
        from trfaudit.engine.dubov.audit import check_file

        whole_file = check_file(t, options.rules, options.round)
        whole_file.file = report.file
        return Prepared(whole_file, prefilled=whole_file.rounds)
    if chosen is not None and system_of(chosen).team:
        report.error = f"--rules {options.rules} is a team system's edition: not a team event"
        return Prepared(report)
    if registered is None and (system.team or options.rules == "auto"):
        # validate/convert accept the file; check judges the registered systems only.
        report.error = f"not a Dutch individual tournament: {system.describe()} is not checked" + (
            "" if system.team else " (use --rules to check it against the Dutch rules anyway)"
        )
        return Prepared(report)
    problems = validate(t)
    fatal = [p for p in problems if p.is_error and not _structural(p)]
    report.warnings = [str(p) for p in problems if not p.is_error or _structural(p)]
    if fatal:
        shown = "; ".join(str(p) for p in fatal[:3])
        more = f" (and {len(fatal) - 3} more)" if len(fatal) > 3 else ""
        report.error = f"inconsistent file: {shown}{more}"
        return Prepared(report)
    choice = choose_edition(t, "auto" if options.rules == "all" else options.rules)
    report.rules, report.rules_reason = choice.edition, choice.reason
    if choice.edition is None:
        report.error = choice.reason
        return Prepared(report)
    edition = EDITIONS.get(choice.edition)
    if edition is None:
        report.error = (
            f"rules {choice.edition} are not implemented yet ({choice.reason}); "
            "implemented: " + ", ".join(sorted(set(e.name for e in EDITIONS.values())))
        )
        return Prepared(report)
    report.rules_title = edition.title
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
    pending = sorted({e.round for p in t.players.values() for e in p.entries if e.pending})
    for rnd in pending:  # a round in progress: its pairing is checked all the same
        games = sum(1 for p in t.players.values() if (e := p.entry(rnd)) and e.pending) // 2
        report.warnings.append(
            f"{report.file}: round {rnd}: results pending ({games} game"
            f"{'s' if games != 1 else ''} without a result): its pairing is checked as paired"
        )
    from trfaudit.checker.compare import initial_colour
    from trfaudit.checker.inputs import initial_colour_finding

    initial, note = initial_colour(t, edition)
    if note:
        report.warnings.append(f"{report.file}: {note}")
    if options.round is None:  # the recorded ranks are those after the last round
        from trfaudit.checker.ranks import attach

        attach(t, report, options.tb_rules)
    findings: dict[int, Discrepancy] = {}
    contradicted = initial_colour_finding(t, edition)
    if contradicted is not None:
        initial = contradicted[0]
        if 1 in rounds:
            findings[1] = contradicted[1]
    names = list(choice.candidates) or [choice.edition]
    if options.rules == "all":
        names += [
            n
            for n in edition_names()
            if n not in names and n in EDITIONS and system_of(EDITIONS[n]) is system_of(edition)
        ]
    editions = tuple(EDITIONS[n] for n in names if n in EDITIONS)
    report.editions = [e.name for e in editions]
    report.edition_known = not choice.candidates
    if choice.candidates:
        report.warnings.append(
            f"{report.file}: the edition is unknown ({choice.reason}): every round is checked "
            f"under the {', '.join(report.editions)} rules; a round that matches under one of "
            "them is not reported, and each finding names the editions it holds under"
        )
    # A 152/XXC that round 1 contradicts is one finding; every edition pairs with the colour
    # round 1 shows (checker.inputs).
    initials = (initial,) + tuple(
        initial if contradicted is not None else initial_colour(t, e)[0] for e in editions[1:]
    )
    return Prepared(
        report,
        t,
        edition,
        rounds,
        initial,
        editions=editions,
        initials=initials,
        known=not choice.candidates,
        findings=findings,
    )


def failed_round(rnd: int, why: str) -> RoundReport:
    """Round ``rnd`` as one ``unexplained`` finding: the checker failed on it (``why``)."""
    from trfaudit.checker.findings import DIFFERS

    return RoundReport(
        rnd,
        DIFFERS,
        [Discrepancy(UNEXPLAINED, None, [], None, None, f"the checker failed on this round {why}")],
    )


def check_prepared(
    t: Tournament,
    rnd: int,
    editions: Sequence[Edition],
    initials: Sequence[str | None],
    known: bool = True,
) -> RoundReport:
    """One round under one edition, or under several side by side (:mod:`checker.by_edition`)."""
    if len(editions) <= 1:
        return safe_check(t, rnd, editions[0], initials[0])
    from trfaudit.checker.by_edition import check_round_editions

    return check_round_editions(t, rnd, editions, initials, known, safe_check)


def check_tournament(t: Tournament, options: Options) -> FileReport:
    """Check the rounds of one tournament in this process (the Python API's ``check``)."""
    prep = prepare_tournament(t, options)
    ready = prep.tournament  # None when the file is not checked (then no rounds)
    prep.report.rounds = prep.finish(
        [
            check_prepared(ready, rnd, prep.editions, prep.initials, prep.known)
            for rnd in prep.rounds
        ]
        if ready is not None
        else []
    )
    return prep.report


def safe_check(
    t: Tournament, rnd: int, edition: Edition, initial: str | None = None
) -> RoundReport:
    """:func:`checker.compare.check_round`, with an engine failure reported as a defect."""
    from trfaudit.checker.compare import check_round

    try:
        return check_round(t, rnd, edition, initial)
    except Exception as exc:  # noqa: BLE001 - an engine bug must not stop the batch
        return failed_round(rnd, f"({type(exc).__name__}: {exc}): a defect")


_CACHE: dict[str, Tournament] = {}


def _worker(
    task: tuple[str, int, tuple[str, ...], tuple[str | None, ...], bool],
) -> tuple[str, int, RoundReport]:
    path, rnd, edition_names, initials, known = task
    from trfaudit.trf.files import load

    t = _CACHE.get(path)
    if t is None:
        _CACHE.clear()  # tasks come file by file: keep one tournament per worker
        t = _CACHE[path] = load(path)
    editions = tuple(EDITIONS[n] for n in edition_names)
    return path, rnd, check_prepared(t, rnd, editions, initials, known)


# 68 lines: the serial and the process-pool paths share the progress count and the result order.
def run(
    inputs: Iterable[str], options: Options, progress: Callable[[int, int], None] | None = None
) -> BatchReport:
    """Check every round of every input; ``progress(done, total)`` is called as rounds end."""
    paths = expand(inputs)
    prepared = [prepare(p, options) for p in paths]
    total = sum(len(p.rounds) for p in prepared)
    done = 0
    if progress:
        progress(0, total)
    results: dict[tuple[int, int], RoundReport] = {}
    pool_tasks = []
    for i, prep in enumerate(prepared):
        for rnd in prep.rounds:
            if options.jobs > 1 and paths[i] != "-":
                pool_tasks.append((i, rnd))
            else:
                assert prep.tournament is not None  # a prepared round has its tournament
                results[(i, rnd)] = check_prepared(
                    prep.tournament, rnd, prep.editions, prep.initials, prep.known
                )
                done += 1
                if progress:
                    progress(done, total)
    if pool_tasks:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        workers = min(options.jobs, len(pool_tasks))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {
                pool.submit(
                    _worker,
                    (
                        paths[i],
                        rnd,
                        tuple(e.name for e in prepared[i].editions),
                        prepared[i].initials,
                        prepared[i].known,
                    ),
                ): (i, rnd)
                for i, rnd in pool_tasks
            }
            for fut in as_completed(futures):
                i, rnd = futures[fut]
                try:
                    results[(i, rnd)] = fut.result()[2]
                except Exception as exc:  # noqa: BLE001 - a worker died
                    results[(i, rnd)] = failed_round(rnd, f"({type(exc).__name__}: {exc})")
                done += 1
                if progress:
                    progress(done, total)
    for i, prep in enumerate(prepared):
        prep.report.rounds = prep.finish([results[(i, rnd)] for rnd in prep.rounds])
    return BatchReport([p.report for p in prepared])


def default_jobs() -> int:
    return max(
        1,
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1),
    )


# -- one task per file: the streaming and Dask paths -----------------------------------------


def _load_bytes(data: bytes, name: str) -> Tournament:
    """A tournament from bytes sent to the worker (TRF, or the JSON form), as ``load`` reads."""
    from trfaudit.trf.jsonform import from_json
    from trfaudit.trf.reader import parse

    if data.lstrip()[:1] == b"{":
        return from_json(data, name)
    return parse(data, name)


def check_file(
    path: str, options: Options, data: bytes | None = None
) -> tuple[FileReport, str | None]:
    """Check every round of one file where this runs, and hash the bytes checked.

    The file is read from ``path`` (the worker must see it), or from ``data`` when the caller
    sent its bytes; the report names ``path`` either way, so both give the same report.
    """
    from trfaudit.checker.batch.stream import bytes_hash, file_hash
    from trfaudit.trf.errors import TrfError

    if data is None:
        prep = prepare(path, options)
        sha = file_hash(path)  # None only when unreadable: --resume tries those again
    else:
        report = FileReport(file=path)
        try:
            t = _load_bytes(data, path)
        except TrfError as exc:
            refuse_team_event(data, report, exc)
            prep = Prepared(report)
        else:
            prep = prepare_tournament(t, options, report)
        sha = bytes_hash(data)
    ready = prep.tournament  # None when the file is not checked (then no rounds)
    prep.report.rounds = prep.finish(
        [
            check_prepared(ready, rnd, prep.editions, prep.initials, prep.known)
            for rnd in prep.rounds
        ]
        if ready is not None
        else []
    )
    return prep.report, sha


def _sent(path: str) -> bytes | None:
    """The bytes of ``path`` to send to a worker, or None to let the worker report the error."""
    try:
        return Path(path).read_bytes()
    except OSError:
        return None


#: Under Dask, files are grouped into tasks of about this many bytes: a task then holds a few
#: seconds of work, so the scheduler's cost per task (milliseconds) stays small beside it.  A
#: 50-player, 9-round file is ~9 KB and takes ~0.3 s; a 200-player file is a task by itself.
DASK_TASK_BYTES = 32_000


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def iter_files(
    paths: Iterable[str],
    options: Options,
    map_unordered: MapUnordered,
    send_files: bool = False,
    task_bytes: int = 0,
) -> Iterator[tuple[int, FileReport, str | None]]:
    """``(index, report, sha256)`` for each path, in completion order.

    ``map_unordered`` comes from :func:`checker.cluster.executor`; stdin (``-``) is read and
    checked here.  With ``send_files`` the file's bytes travel with the task.  Consecutive
    files make one task until it holds ``task_bytes`` bytes (0: one file per task).
    """
    remote: list[tuple[int, str]] = []
    for i, path in enumerate(paths):
        if path == "-":
            report, sha = check_file(path, options)
            yield i, report, sha
        else:
            remote.append((i, path))

    def tasks() -> Iterator[tuple[list[tuple[int, str, bytes | None]], Options]]:
        group: list[tuple[int, str, bytes | None]] = []
        size = 0
        for i, path in remote:
            data = _sent(path) if send_files else None
            group.append((i, path, data))
            size += len(data) if data is not None else _size(path)
            if size >= task_bytes:
                yield group, options
                group, size = [], 0
        if group:
            yield group, options

    for _, results in map_unordered(_check_group, tasks()):
        yield from results


def _check_group(
    group: list[tuple[int, str, bytes | None]], options: Options
) -> list[tuple[int, FileReport, str | None]]:
    """One task: the files of ``group`` (index, path, bytes or None), checked in turn."""
    out = []
    for i, path, data in group:
        report, sha = check_file(path, options, data)
        out.append((i, report, sha))
    return out
