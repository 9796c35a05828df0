"""``trfaudit explain``: why round N is paired as it is, per player, in the rules' terms."""

import enum
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from trfaudit.checker.cli.choices import rules_choices

from .app import EXIT_DISCREPANCY, EXIT_INVALID, EXIT_OK, emit, load_consistent, say


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    html = "html"


if TYPE_CHECKING:
    Rules = enum.Enum  # an Enum of str values; its members come from the registry
else:
    Rules = rules_choices("Rules")  # auto and every edition in the registry


def explain_command(
    file: Annotated[Path, typer.Argument(help="TRF file.")],
    round_: Annotated[
        int | None,
        typer.Option("--round", "-r", help="Round to explain (default: the next one)."),
    ] = None,
    player: Annotated[int | None, typer.Option("--player", "-p", help="Only this player.")] = None,
    team: Annotated[
        int | None, typer.Option("--team", help="A Swiss Team event: only this team.")
    ] = None,
    against: Annotated[
        int | None,
        typer.Option("--against", "-a", help="With --player: why not this opponent."),
    ] = None,
    rules: Annotated[
        Rules, typer.Option("--rules", help="Edition of the rules (auto: as check).")
    ] = Rules("auto"),
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Output file (default stdout).")
    ] = None,
) -> None:
    """Explain round N of FILE: per player (or --player P) the bracket, float, opponent,
    colour and bye, each with the rule that decides it; --against Q gives the best round
    with P-Q paired and why the engine's is preferred (illegal, quality or order).  A Swiss
    Team event is explained per team in C.04.6's terms (--team T, or --player P: P's team).

    A recorded round is explained as the engine pairs it (the check finding is shown when
    the record differs).  Exit 0, 1 when no pairing exists, 2 on invalid input or usage.
    """
    from trfaudit import explain
    from trfaudit.checker.reports.explain_html import render_explanation_html
    from trfaudit.checker.reports.explain_text import render_text
    from trfaudit.engine import NoPairing

    t, _ = load_consistent(file, "not explained")
    rnd = round_ if round_ is not None else t.recorded_rounds() + 1
    try:
        e = explain(t, rnd, player=player, against=against, rules=rules.value, team=team)
    except ValueError as exc:
        say(f"{file}: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID)
    except NoPairing as exc:
        say(f"{file}: round {rnd}: no legal pairing: {exc}", err=True)
        raise typer.Exit(EXIT_DISCREPANCY)
    if e.recorded:
        # One story with check: its finding, with the file-level readings and the class.
        import dataclasses

        from trfaudit.checker.explain_finding import file_finding

        got = file_finding(t, rnd, rules.value)
        e = dataclasses.replace(
            e,
            finding=None if got is None else got[1],
            finding_class=got[0] if got else None,
            record=e.record if got else None,
        )
    say(f"rules {e.rules} ({e.rules_reason})", err=True)
    if fmt is Format.json:
        from trfaudit.checker.reports.provenance import generator

        text = (
            json.dumps({"generator": generator(), **e.to_json()}, indent=2, ensure_ascii=False)
            + "\n"
        )
    elif fmt is Format.html:
        text = render_explanation_html(e) + "\n"
    else:
        text = render_text(e)
    emit(text, output)
    raise typer.Exit(EXIT_OK)
