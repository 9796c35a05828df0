"""The ``trfaudit`` application and what its commands share.

Exit codes: 0 ok, 1 discrepancy or no pairing found, 2 invalid input or usage.

The commands are module-level functions, one module per command (or per pair of related
commands), registered by name in :mod:`trfaudit.checker.cli` (listed there, not discovered).
Commands read input with :func:`load` (it turns every input problem into a ``TrfError``) and
end with ``raise typer.Exit(code)`` using the ``EXIT_*`` constants below.
"""

import sys
from pathlib import Path

import typer

from trfaudit.trf.errors import Problem, TrfError
from trfaudit.trf.model import Tournament

EXIT_OK = 0
EXIT_DISCREPANCY = 1
EXIT_INVALID = 2

app = typer.Typer(
    name="trfaudit",
    help="Check FIDE tournament report files (TRF) and the Dutch Swiss pairings they record.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Plain help: typer's rich help imports rich.markdown (most of `trfaudit --help`'s time).
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        from trfaudit.checker.reports.provenance import version

        typer.echo(f"trfaudit {version()}")
        raise typer.Exit(EXIT_OK)


@app.callback()
def _main(
    show_version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """trfaudit: check FIDE TRF files and the Dutch Swiss pairings they record."""


def say(text: str, *, err: bool = False) -> None:
    typer.echo(text, err=err)


def emit(text: str, output: Path | None) -> None:
    """Write a command's result to ``output`` (stdout when None or ``-``), byte for byte in
    UTF-8; a file that cannot be written ends the command with exit 2."""
    if output is None or str(output) == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    try:
        output.write_bytes(text.encode("utf-8"))
    except OSError as exc:
        say(f"{output}: cannot write: {exc.strerror or exc}", err=True)
        raise typer.Exit(EXIT_INVALID)


from trfaudit.trf.files import load as load  # noqa: E402  (re-exported for the commands)


def load_consistent(path: Path | str, refusal: str) -> tuple[Tournament, list[Problem]]:
    """Read ``path`` and validate it; a file that cannot be read, or whose history is
    inconsistent, ends the command with its messages and exit 2 ("FILE: <refusal>: N
    error(s)", e.g. "not converted").  Returns the tournament and every problem found (warnings included)."""
    from trfaudit.trf.validate import validate

    try:
        tournament = load(path)
    except TrfError as exc:
        say(str(exc), err=True)
        raise typer.Exit(EXIT_INVALID)
    problems = validate(tournament)
    errors = [p for p in problems if p.is_error]
    if errors:
        print_problems(errors, err=True)
        say(f"{tournament.file}: {refusal}: {len(errors)} error(s)", err=True)
        raise typer.Exit(EXIT_INVALID)
    return tournament, problems


def print_problems(problems: list[Problem], *, err: bool) -> None:
    for problem in problems:
        say(str(problem), err=err)
