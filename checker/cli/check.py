"""``trfaudit check``: re-pair every recorded round and report where the record differs."""

import enum
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional, cast

import typer

from trfaudit.checker.cli.choices import EDITION_NAMES, rules_choices

from .app import EXIT_INVALID, emit, load, say


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    html = "html"
    jsonl = "jsonl"
    javafo = "javafo"  # the JaVaFo/bbpPairings -c checker text (checker.reports.javafo)


# auto, every edition in the registry, and all (every edition side by side)
if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    from rich.progress import TaskID

    from trfaudit.checker.audit import Options
    from trfaudit.checker.batch.cluster import MapUnordered
    from trfaudit.checker.batch.stream import Summary
    from trfaudit.checker.findings import BatchReport, FileReport

    Rules = enum.Enum  # an Enum of str values; its members come from the registry
else:
    Rules = rules_choices("Rules", editions=EDITION_NAMES + ("all",))


class TbRules(str, enum.Enum):
    auto = "auto"
    r2024 = "2024"
    r2026 = "2026"


class _Progress:
    """A rich progress bar on stderr (only when stderr is a terminal)."""

    def __init__(self, what: str = "checking rounds") -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        self.bar = Progress(
            what,
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self.task: TaskID | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.task is None:
            self.bar.start()
            self.task = self.bar.add_task("check", total=total)
        self.bar.update(self.task, completed=done)

    def stop(self) -> None:
        if self.task is not None:
            self.bar.stop()


def _tell_rules(batch: "BatchReport", say: "Callable[..., None]") -> None:
    """Which edition each file was judged by and why (stderr), grouped for batches; and the
    files that could not be checked."""
    groups: dict[tuple[str, str], list[str]] = {}
    for f in batch.files:
        if f.rules and f.error is None:
            groups.setdefault((f.rules, f.rules_reason or ""), []).append(f.file)
    for (rules, reason), files in groups.items():
        where = files[0] if len(files) == 1 else f"{len(files)} files"
        say(f"rules {rules} ({reason}): {where}", err=True)
    for f in batch.files:
        if f.error is not None:
            say(f"{f.file}: not checked: {f.error}", err=True)


def check_command(
    inputs: list[str] = typer.Argument(
        ..., metavar="FILE_OR_DIR...", help="TRF files, or folders of .trf files."
    ),
    rules: Rules = typer.Option(
        Rules("auto"),
        "--rules",
        help="Edition of the rules, of any pairing system (auto: the system and edition "
        "from the 192/092 type code, else the dates; all: the edition in force and the "
        "system's other editions side by side).",
    ),
    round_: Optional[int] = typer.Option(
        None, "--round", "-r", min=1, help="Check only this round."
    ),
    fmt: Format = typer.Option(Format.text, "--format", "-f", help="Report format."),
    output: Optional[Path] = typer.Option(
        None, "--output", "-o", help="Write the report here (default stdout)."
    ),
    jobs: int = typer.Option(1, "--jobs", "-j", min=0, help="Processes to use (0: one per CPU)."),
    full: bool = typer.Option(
        False,
        "--full",
        help="Text and HTML: every differing board, every player of "
        "the bracket and both whole rounds (JSON always has "
        "everything).",
    ),
    tb_rules: TbRules = typer.Option(
        TbRules.auto,
        "--tb-rules",
        help="C.07 tie-break text for the standings (auto: by the start date, 042).",
    ),
    resume: bool = typer.Option(
        False,
        "--resume",
        help="With --format jsonl -o OUT: keep the files OUT already "
        "reports (same path, same SHA-256) and check the rest.",
    ),
    summary_file: Optional[Path] = typer.Option(
        None, "--summary", metavar="FILE", help="Write the batch summary here as JSON."
    ),
    scheduler: Optional[str] = typer.Option(
        None,
        "--scheduler",
        metavar="SPEC",
        help="Run on Dask: tcp://HOST:PORT (a running "
        "scheduler) or local[:N] (N worker "
        "processes here). Needs trfaudit[dask].",
    ),
    send_files: bool = typer.Option(
        False,
        "--send-files",
        help="Send each file's bytes to the worker (for workers that cannot see the paths).",
    ),
    total_rounds: Optional[int] = typer.Option(
        None,
        "--rounds",
        metavar="R",
        min=1,
        help="The number of rounds of a file that states none (XXR/142): with a "
        "192 ..._BAKU code it gives the accelerated rounds (C.04.5.1).",
    ),
    annotate: Optional[Path] = typer.Option(
        None,
        "--annotate",
        metavar="OUT",
        help="Write FILE as TRF-2026 to OUT with a '### Import @ Round n: <record> => "
        "<rules>' line for each round that does not follow the rules (one FILE only).",
    ),
) -> None:
    """Re-pair every recorded round of each file and compare it with the record.

    Round r is re-paired from rounds 1..r-1, with the players the file pairs in round r,
    and compared with the recorded round r: pairs, colours, the bye.  Each discrepancy
    gets a kind (illegal, quality, order, colour, unexplained) and the criterion that
    decides, labelled as the edition labels it.  Exit 0 when every round matches, 1 when
    a round differs, 2 when a file cannot be checked (the batch goes on) or on misuse.

    For large batches, --format jsonl writes one JSON object per file as it finishes
    (with -o, --resume continues an interrupted run), and --scheduler runs the files on
    a Dask cluster; the summary goes to stderr (and --summary FILE).
    """
    from trfaudit.checker.audit import Options
    from trfaudit.checker.batch.run import default_jobs, run
    from trfaudit.engine import EDITIONS

    if rules.value not in ("auto", "all") and rules.value not in EDITIONS:
        say(
            f"--rules {rules.value}: rules {rules.value} are not implemented yet "
            "(implemented: " + ", ".join(sorted({e.name for e in EDITIONS.values()})) + ")",
            err=True,
        )
        raise typer.Exit(EXIT_INVALID)
    if "-" in inputs and inputs.count("-") > 1:
        say("'-' (stdin) may be given once", err=True)
        raise typer.Exit(EXIT_INVALID)
    if annotate is not None and (len(inputs) != 1 or fmt is Format.jsonl or scheduler):
        say("--annotate needs one FILE (and no --format jsonl or --scheduler)", err=True)
        raise typer.Exit(EXIT_INVALID)
    if resume and (fmt is not Format.jsonl or output is None):
        say("--resume needs --format jsonl and -o OUT (the report it continues)", err=True)
        raise typer.Exit(EXIT_INVALID)
    options = Options(
        rules=rules.value,
        round=round_,
        jobs=default_jobs() if jobs == 0 else jobs,
        tb_rules=tb_rules.value,
        total_rounds=total_rounds,
    )
    if fmt is Format.jsonl:
        raise typer.Exit(
            _stream(inputs, options, output, resume, summary_file, scheduler, send_files)
        )
    progress = _Progress() if sys.stderr.isatty() else None
    try:
        if scheduler:
            batch = _gather(inputs, options, scheduler, send_files)
        else:
            batch = run(inputs, options, progress)
    finally:
        if progress is not None:
            progress.stop()
    _tell_rules(batch, say)
    if annotate is not None:
        _annotate(batch, annotate)
    if summary_file is not None:
        from trfaudit.checker.batch.stream import Summary
        from trfaudit.checker.reports.json import file_to_dict

        summary = Summary()
        for f in batch.files:
            summary.add(file_to_dict(f))
        _write_summary(summary, summary_file)

    # Only the chosen format's module loads (rich for text, the schema for JSON).
    if fmt is Format.json:
        from trfaudit.checker.reports import json as report_json

        text = report_json.render(batch)
    elif fmt is Format.javafo:
        from trfaudit.checker.reports import javafo as report_javafo

        text = report_javafo.render(batch)
    elif fmt is Format.html:
        from trfaudit.checker.reports import html as report_html

        text = report_html.render(batch, full)
    else:
        from trfaudit.checker.reports import text as report_text

        if output is None:
            report_text.write(batch, sys.stdout, full)
            raise typer.Exit(batch.exit_code)
        text = report_text.render_text(batch, full)
    emit(text, output)
    raise typer.Exit(batch.exit_code)


def _annotate(batch: "BatchReport", out: Path) -> None:
    """--annotate: the checked file with its Import lines (checker.annotate), as TRF-2026."""
    from trfaudit.checker.annotate import annotated
    from trfaudit.trf.errors import TrfError

    (report,) = batch.files
    if report.error is not None:
        say(f"--annotate: {report.file} was not checked, nothing written", err=True)
        raise typer.Exit(EXIT_INVALID)
    try:
        t = load(report.file)
    except TrfError as exc:  # pragma: no cover - it was read a moment ago
        say(str(exc), err=True)
        raise typer.Exit(EXIT_INVALID)
    text, warnings = annotated(t, report)
    for message in warnings:
        say(f"--annotate: warning: {message}", err=True)
    emit(text, out)


def _write_summary(summary: "Summary", path: Path) -> None:
    import json

    from .app import EXIT_INVALID, say

    try:
        path.write_text(
            json.dumps(summary.to_dict(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    except OSError as exc:
        say(f"{path}: cannot write: {exc.strerror or exc}", err=True)
        raise typer.Exit(EXIT_INVALID)


def _executor(
    options: "Options", scheduler: Optional[str]
) -> "AbstractContextManager[MapUnordered]":
    """The executor of --scheduler / --jobs, or a clear message (exit 2) if Dask is missing."""
    from trfaudit.checker.batch.cluster import SchedulerError, executor, parse_scheduler

    from .app import EXIT_INVALID, say

    if scheduler:
        try:
            parse_scheduler(scheduler)
        except SchedulerError as exc:
            say(str(exc), err=True)
            raise typer.Exit(EXIT_INVALID)
    return executor(options.jobs, scheduler)


def _task_bytes(scheduler: Optional[str]) -> int:
    """Files per task: grouped by size under Dask (see run.DASK_TASK_BYTES), one in the pool."""
    from trfaudit.checker.batch.run import DASK_TASK_BYTES

    return DASK_TASK_BYTES if scheduler else 0


def _gather(
    inputs: list[str], options: "Options", scheduler: str, send_files: bool
) -> "BatchReport":
    """The batch report of --scheduler, files in input order."""
    from trfaudit.checker.batch.cluster import SchedulerError
    from trfaudit.checker.batch.run import expand, iter_files
    from trfaudit.checker.findings import BatchReport

    from .app import EXIT_INVALID, say

    paths = expand(inputs)
    reports: list[FileReport | None] = [None] * len(paths)
    try:
        with _executor(options, scheduler) as map_unordered:
            for i, report, _ in iter_files(
                paths, options, map_unordered, send_files, _task_bytes(scheduler)
            ):
                reports[i] = report
    except SchedulerError as exc:
        say(str(exc), err=True)
        raise typer.Exit(EXIT_INVALID)
    return BatchReport(cast("list[FileReport]", reports))  # iter_files yields every path


def _stream(
    inputs: list[str],
    options: "Options",
    output: Optional[Path],
    resume: bool,
    summary_file: Optional[Path],
    scheduler: Optional[str],
    send_files: bool,
) -> int:
    """--format jsonl: one line per file as it finishes; the summary on stderr.  Returns the
    exit code (of the whole output, resumed files included)."""
    import json
    import time

    from trfaudit.checker.batch.cluster import SchedulerError
    from trfaudit.checker.batch.run import expand, iter_files
    from trfaudit.checker.batch.stream import JsonlWriter, Summary, file_hash, line_of
    from trfaudit.checker.batch.stream import resume as keep_done

    from .app import EXIT_INVALID, say

    start = time.perf_counter()
    paths = expand(inputs)
    summary = Summary()
    todo = paths
    try:
        if resume:
            assert output is not None
            kept = keep_done(output, {p: file_hash(p) for p in paths})
            for obj in kept:
                summary.add(obj, resumed=True)
            done = {obj["file"] for obj in kept}
            todo = [p for p in paths if p not in done]
        writer = JsonlWriter(output, append=resume) if output is not None else None
    except OSError as exc:
        say(f"{output}: cannot write: {exc.strerror or exc}", err=True)
        raise typer.Exit(EXIT_INVALID)
    progress = _Progress("checking files") if sys.stderr.isatty() else None
    try:
        with _executor(options, scheduler) as map_unordered:
            if progress is not None:
                progress(0, len(todo))
            for n, (_, report, sha) in enumerate(
                iter_files(todo, options, map_unordered, send_files, _task_bytes(scheduler)), 1
            ):
                obj = line_of(report, sha)
                if writer is None:
                    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
                    sys.stdout.flush()
                else:
                    writer.write(obj)
                summary.add(obj)
                if progress is not None:
                    progress(n, len(todo))
    except SchedulerError as exc:
        say(str(exc), err=True)
        raise typer.Exit(EXIT_INVALID)
    finally:
        if progress is not None:
            progress.stop()
        if writer is not None:
            writer.close()
    summary.seconds = time.perf_counter() - start
    for line in summary.lines():
        say(line, err=True)
    if summary_file is not None:
        _write_summary(summary, summary_file)
    return summary.exit_code
