"""The ``trfaudit`` command line.

Exit codes: 0 ok, 1 discrepancy or no pairing found, 2 invalid input or usage.

Adding a command: either decorate a function with ``@app.command()`` in this module, or put a
module in the ``checker/commands/`` package that defines ``register(app: typer.Typer)``;
every such module is imported and registered when this module loads.  Commands should read
input with :func:`load` (it turns every input problem into a ``TrfError``) and end with
``raise typer.Exit(code)`` using the ``EXIT_*`` constants below.
"""

from __future__ import annotations

if __name__ == "__main__":  # pragma: no cover - python -m trfaudit.checker.cli
    # Run the application of the module the commands import (``trfaudit.checker.cli``), not a
    # second copy of it as ``__main__`` (which would load and register every command twice).
    from trfaudit.checker.cli import main

    main()

import enum
import importlib
import pkgutil
import sys
from pathlib import Path
from typing import List, Optional

import typer

from trfaudit.trf.errors import NOTE, Problem, TrfError
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


@app.callback()
def _main() -> None:
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


from trfaudit.trf.files import load  # noqa: E402  (re-exported for the commands)


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


@app.command("validate")
def validate_command(
    files: List[Path] = typer.Argument(..., help="TRF files to check ('-' reads stdin)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print problems only, no 'ok' lines."),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
) -> None:
    """Parse each FILE and check its consistency.

    Checks: points equal the results under the point system; opponents exist and are
    reciprocal with opposite colours and complementary results; nobody plays twice in a round.
    Problems are printed as file:line:column: message (expected ...).  Exit 0 if every file
    is valid (warnings allowed), 2 otherwise.
    """
    from trfaudit.trf.validate import validate

    code = EXIT_OK
    for path in files:
        try:
            tournament = load(path)
        except TrfError as exc:
            say(str(exc) + _team_note(path))
            code = EXIT_INVALID
            continue
        problems = validate(tournament)
        print_problems(problems, err=False)
        failing = [p for p in problems if p.is_error or (strict and p.severity != NOTE)]
        if failing:
            code = EXIT_INVALID
        elif not quiet:
            rounds = tournament.recorded_rounds()
            say(
                f"{tournament.file}: ok ({len(tournament.players)} players, "
                f"{rounds} round{'s' if rounds != 1 else ''} recorded)"
            )
    raise typer.Exit(code)


def _team_note(path: Path) -> str:
    """For a file the reader rejects: say when it is a team event (read as an individual
    tournament, its team fields cannot all be decoded; issue 19)."""
    from trfaudit.trf.system import team_event_in

    try:
        data = path.read_bytes() if str(path) != "-" else b""
    except OSError:
        return ""
    system = team_event_in(data)
    return f" (the file is a team event: {system.describe()})" if system else ""


class Target(str, enum.Enum):
    trf16 = "trf16"
    trfx = "trfx"
    trf26 = "trf26"
    json = "json"


@app.command("convert")
def convert_command(
    file: Path = typer.Argument(..., help="TRF (or trfaudit JSON) file to convert; '-' is stdin."),
    to: Target = typer.Option(..., "--to", help="Target dialect."),
    output: Optional[Path] = typer.Option(
        None, "--output", "-o", help="Output file (default stdout)."
    ),
    tiebreaks: Optional[str] = typer.Option(
        None,
        "--tiebreaks",
        help='Record these tie-breaks (TRF-2026 codes, e.g. "BH/C1,BH,SB") as 202 and '
        "212 (PTS first) in the output.",
    ),
) -> None:
    """Convert FILE to another TRF dialect or to JSON.

    trf16 = FIDE TRF-16; trfx = TRF-16 plus the JaVaFo XX? and bbp BB? lines; trf26 = FIDE
    TRF-2026; json = trfaudit's JSON form.  The input must be valid (see 'validate').  What the
    target cannot represent is listed on stderr as warnings.
    """
    from trfaudit.trf.tiebreak_codes import CodeError, parse_list
    from trfaudit.trf.jsonform import to_json
    from trfaudit.trf.writer import convert

    tournament, problems = load_consistent(file, "not converted")
    print_problems(problems, err=True)
    if tiebreaks is not None:
        try:
            tournament.set_tie_breaks(parse_list(tiebreaks))
        except CodeError as exc:
            say(f"--tiebreaks: {exc} (at character {exc.offset + 1})", err=True)
            raise typer.Exit(EXIT_INVALID)
    if to is Target.json:
        text = to_json(tournament)
    else:
        result = convert(tournament, to.value)
        print_problems(result.warnings, err=True)
        text = result.text
    emit(text, output)
    raise typer.Exit(EXIT_OK)


def _register_plugins(target: typer.Typer | None = None, package=None) -> None:
    """Call ``register(app)`` of every module in ``package`` (default ``checker.commands``)."""
    if package is None:
        from trfaudit.checker import commands as package
    for module_info in sorted(
        pkgutil.iter_modules(package.__path__, package.__name__ + "."), key=lambda info: info.name
    ):
        module = importlib.import_module(module_info.name)
        register = getattr(module, "register", None)
        if callable(register):
            register(app if target is None else target)


_register_plugins()


def main() -> None:  # pragma: no cover - entry point for python -m trfaudit.checker.cli
    app()
