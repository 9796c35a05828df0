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
        help="Edition of the Dutch rules (auto: from the 192/092 "
        "type code, else the 042 start date, else 2025).",
    ),
    round_: Optional[int] = typer.Option(
        None, "--round", "-r", help="Round to pair (default: the next one)."
    ),
    fmt: Format = typer.Option(Format.list, "--format", "-f", help="Output format."),
    output: Optional[Path] = typer.Option(
        None, "--output", "-o", help="Output file (default stdout)."
    ),
) -> None:
    """Pair round N of FILE under the FIDE (Dutch) System.

    Rounds 1..N-1 are the history; players whose round-N entry (or next-round
    announcement: XXZ, 240, '0000 - Z/H/F') says they do not play are left out.  Exit 0
    with a pairing, 1 when no pairing satisfies the absolute criteria (the arbiter
    decides, 1.9.3), 2 on invalid input or when nobody is to be paired.
    """
    from trfaudit.engine import EDITIONS, NoPairing, pair_round, round_input
    from trfaudit.engine.edition_choice import choose_edition
    from trfaudit.engine.output import as_json, as_list
    from trfaudit.engine.systems import system_of
    from trfaudit.engine.team.audit import pair_team
    from trfaudit.engine.team.rules import is_team_event
    from trfaudit.trf.errors import TrfError
    from trfaudit.trf.files import load as load_any

    try:
        team_file = load_any(file) if str(file) != "-" else None
    except TrfError:
        team_file = None  # load_consistent reports it
    if team_file is not None and is_team_event(team_file):  # C.04.6, its own system
        text, why, code = pair_team(team_file, round_, fmt.value)
        say(f"{file}: {why}" if code else f"rules team-2026: {why}", err=True)
        if code == 0:
            emit(text, output)
        raise typer.Exit(code)
    # The history must be consistent before it is paired (as for convert).
    t, _ = load_consistent(file, "not paired")
    recorded = t.recorded_rounds()
    rnd = round_ if round_ is not None else recorded + 1
    if rnd < 1 or rnd > recorded + 1:
        say(f"{file}: cannot pair round {rnd}: rounds 1..{recorded + 1} can be paired", err=True)
        raise typer.Exit(EXIT_INVALID)
    choice = choose_edition(t, rules.value)
    why = choice.reason
    if choice.edition is None:
        say(f"{file}: {why}", err=True)
        raise typer.Exit(EXIT_INVALID)
    edition = EDITIONS.get(choice.edition)
    if edition is not None and system_of(edition).team:
        say(
            f"{file}: --rules {choice.edition} is a team system's edition: not a team event",
            err=True,
        )
        raise typer.Exit(EXIT_INVALID)
    if edition is None:
        say(
            f"{file}: rules {choice.edition} ({why}) are not implemented yet; implemented: "
            + ", ".join(sorted({e.name for e in EDITIONS.values()})),
            err=True,
        )
        raise typer.Exit(EXIT_INVALID)
    say(f"rules {edition.name}: {edition.title} ({why})", err=True)
    type_code = (t.type_code or "").strip().upper()
    if type_code.endswith("_BAKU") and not t.total_rounds and not t.accelerations:
        say(
            f"{file}: warning: 192 {type_code}: the file states no number of rounds (XXR/142), so "
            "the rounds the Baku acceleration covers (the first half, C.04.5.1) cannot be "
            "known: paired without it",
            err=True,
        )
    inp = round_input(t, rnd)
    if not inp.to_pair:  # an empty pairing is no answer (every player is out)
        say(
            f"{file}: round {rnd}: no player to pair: all {len(inp.players)} players are "
            f"absent or hold a bye in round {rnd}",
            err=True,
        )
        raise typer.Exit(EXIT_INVALID)
    try:
        result = pair_round(inp, edition)
    except NoPairing as exc:
        say(f"{file}: round {rnd}: no legal pairing: {exc}", err=True)
        raise typer.Exit(EXIT_DISCREPANCY)
    text = as_list(result) if fmt is Format.list else as_json(result, inp.points, edition.name, why)
    emit(text, output)
    raise typer.Exit(EXIT_OK)
