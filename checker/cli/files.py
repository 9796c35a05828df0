"""``trfaudit validate`` and ``trfaudit convert``: the TRF file commands."""

import enum
from pathlib import Path
from typing import Optional

import typer

from trfaudit.trf.errors import NOTE, TrfError

from .app import EXIT_INVALID, EXIT_OK, emit, load, load_consistent, print_problems, say


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


def validate_command(
    files: list[Path] = typer.Argument(..., help="TRF files to check ('-' reads stdin)."),
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


class Target(str, enum.Enum):
    trf16 = "trf16"
    trfx = "trfx"
    trf26 = "trf26"
    json = "json"


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
    from trfaudit.trf.jsonform import to_json
    from trfaudit.trf.tiebreak_codes import CodeError, parse_list
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
