"""``trfaudit pair``: pair one round of a tournament file with the engine."""

import enum
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from trfaudit.checker.cli.choices import rules_choices

from .app import (
    EXIT_DISCREPANCY,
    EXIT_INVALID,
    EXIT_OK,
    emit,
    load_consistent,
    say,
)


class Format(str, enum.Enum):
    list = "list"
    json = "json"


if TYPE_CHECKING:
    Rules = enum.Enum  # an Enum of str values; its members come from the registry
else:
    Rules = rules_choices("Rules")  # auto and every edition in the registry


def pair_command(
    file: Path = typer.Argument(..., help="TRF file with the rounds played so far."),
    rules: Rules = typer.Option(
        Rules("auto"),
        "--rules",
        help="Edition of the rules, of any pairing system (auto: from the 192/092 "
        "type code, else the start date, else the current edition).",
    ),
    round_: Optional[int] = typer.Option(
        None, "--round", "-r", help="Round to pair (default: the next one)."
    ),
    fmt: Format = typer.Option(Format.list, "--format", "-f", help="Output format."),
    output: Optional[Path] = typer.Option(
        None, "--output", "-o", help="Output file (default stdout)."
    ),
) -> None:
    """Pair round N of FILE under the system it names (the FIDE (Dutch) System by default).

    Rounds 1..N-1 are the history; players whose round-N entry (or next-round
    announcement: XXZ, 240, '0000 - Z/H/F') says they do not play are left out.  Exit 0
    with a pairing, 1 when no pairing satisfies the absolute criteria (the arbiter
    decides, 1.9.3), 2 on invalid input or when nobody is to be paired.
    """
    import json

    from trfaudit.checker.audit import system_to_check
    from trfaudit.engine import NoPairing
    from trfaudit.engine.output import as_list
    from trfaudit.engine.recorded import round_to_pair_fault
    from trfaudit.engine.systems import recognise
    from trfaudit.trf.errors import TrfError
    from trfaudit.trf.files import load as load_any

    try:
        read = load_any(file) if str(file) != "-" else None
    except TrfError:
        read = None  # load_consistent reports it
    found = recognise(read) if read is not None else None
    if read is not None and found is not None and found.team:
        t = read  # a team file's records are its system's to read
    else:  # the history must be consistent before it is paired (as for convert)
        t, _ = load_consistent(file, "not paired")
    system, refused = system_to_check(t, rules.value)
    if system is None:
        say(f"{file}: {refused}", err=True)
        raise typer.Exit(EXIT_INVALID)
    rnd = round_ if round_ is not None else t.recorded_rounds() + 1
    fault = round_to_pair_fault(t, rnd)
    if fault is not None:  # before the rules line: no edition is used
        say(f"{file}: {fault}", err=True)
        raise typer.Exit(EXIT_INVALID)
    try:
        edition, why = system.edition_for(t, rules.value)
    except ValueError as exc:
        say(f"{file}: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID)
    say(f"rules {edition.name}: {edition.title} ({why})", err=True)
    try:
        paired = system.pair(t, rnd, rules.value)
    except ValueError as exc:
        say(f"{file}: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID)
    except NoPairing as exc:
        say(f"{file}: round {rnd}: no legal pairing: {exc}", err=True)
        raise typer.Exit(EXIT_DISCREPANCY)
    for note in paired.notes:
        say(f"{file}: warning: {note}", err=True)
    if fmt is Format.list:
        text = as_list(paired.pairing)
    else:
        text = json.dumps(system.pairing_json(t, paired), indent=2) + "\n"
    emit(text, output)
    raise typer.Exit(EXIT_OK)
