"""``trfaudit check``: re-pair every recorded round and report where the record differs."""

from __future__ import annotations

import enum
import sys
from pathlib import Path
from typing import List, Optional

import typer

from trfaudit.checker.rules import EDITION_NAMES, rules_choices


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    html = "html"


# auto, every edition in the registry, and all (every edition side by side)
Rules = rules_choices("Rules", editions=EDITION_NAMES + ("all",))


class TbRules(str, enum.Enum):
    auto = "auto"
    r2024 = "2024"
    r2026 = "2026"


class _Progress:
    """A rich progress bar on stderr (only when stderr is a terminal)."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        self.bar = Progress("checking rounds", BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), console=Console(stderr=True), transient=True)
        self.task = None

    def __call__(self, done: int, total: int) -> None:
        if self.task is None:
            self.bar.start()
            self.task = self.bar.add_task("check", total=total)
        self.bar.update(self.task, completed=done)

    def stop(self) -> None:
        if self.task is not None:
            self.bar.stop()


def _tell_rules(batch, say) -> None:
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


def register(app: typer.Typer) -> None:
    from trfaudit.checker.cli import EXIT_INVALID, say

    @app.command("check")
    def check_command(
        inputs: List[str] = typer.Argument(..., metavar="FILE_OR_DIR...",
                                           help="TRF files, or folders of .trf files."),
        rules: Rules = typer.Option(Rules.auto, "--rules",
                                    help="Edition of the Dutch rules (auto: from the 192/092 "
                                         "type code, else the dates; all: the edition in "
                                         "force and every other one side by side)."),
        round_: Optional[int] = typer.Option(None, "--round", "-r", min=1,
                                             help="Check only this round."),
        fmt: Format = typer.Option(Format.text, "--format", "-f", help="Report format."),
        output: Optional[Path] = typer.Option(None, "--output", "-o",
                                              help="Write the report here (default stdout)."),
        jobs: int = typer.Option(1, "--jobs", "-j", min=0,
                                 help="Processes to use (0: one per CPU)."),
        full: bool = typer.Option(False, "--full",
                                  help="Text and HTML: every differing board, every player of "
                                       "the bracket and both whole rounds (JSON always has "
                                       "everything)."),
        tb_rules: TbRules = typer.Option(TbRules.auto, "--tb-rules",
                                         help="C.07 tie-break text for the standings (auto: "
                                              "by the start date, 042)."),
    ) -> None:
        """Re-pair every recorded round of each file and compare it with the record.

        Round r is re-paired from rounds 1..r-1, with the players the file pairs in round r,
        and compared with the recorded round r: pairs, colours, the bye.  Each discrepancy
        gets a kind (illegal, quality, order, colour, unexplained) and the criterion that
        decides, labelled as the edition labels it.  Exit 0 when every round matches, 1 when
        a round differs, 2 when a file cannot be checked (the batch goes on) or on misuse.
        """
        from trfaudit.engine import EDITIONS

        from trfaudit.checker import report_html, report_json, report_text
        from trfaudit.checker.run import Options, default_jobs, run

        if rules.value not in ("auto", "all") and rules.value not in EDITIONS:
            say(f"--rules {rules.value}: rules {rules.value} are not implemented yet "
                "(implemented: " + ", ".join(sorted({e.name for e in EDITIONS.values()})) + ")",
                err=True)
            raise typer.Exit(EXIT_INVALID)
        if "-" in inputs and inputs.count("-") > 1:
            say("'-' (stdin) may be given once", err=True)
            raise typer.Exit(EXIT_INVALID)
        options = Options(rules=rules.value, round=round_,
                          jobs=default_jobs() if jobs == 0 else jobs, tb_rules=tb_rules.value)
        progress = _Progress() if sys.stderr.isatty() else None
        try:
            batch = run(inputs, options, progress)
        finally:
            if progress is not None:
                progress.stop()
        _tell_rules(batch, say)

        if fmt is Format.json:
            text = report_json.render(batch)
        elif fmt is Format.html:
            text = report_html.render(batch, full)
        elif output is None:
            report_text.render(batch, report_text.make_console(sys.stdout), full)
            raise typer.Exit(batch.exit_code)
        else:
            text = report_text.render_text(batch, full)
        if output is None:
            sys.stdout.write(text)
            sys.stdout.flush()
        else:
            try:
                output.write_text(text, encoding="utf-8")
            except OSError as exc:
                say(f"{output}: cannot write: {exc.strerror or exc}", err=True)
                raise typer.Exit(EXIT_INVALID)
        raise typer.Exit(batch.exit_code)
