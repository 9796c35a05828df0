"""``trfaudit standings``: the ranking by points and tie-breaks (FIDE C.07), with every value,
and the recorded ranks (001) compared with it."""

import enum
from pathlib import Path
from typing import Optional

import typer

from trfaudit.checker.reports.standings import build_doc, render_csv, render_html, render_text

from .app import (
    EXIT_DISCREPANCY,
    EXIT_INVALID,
    EXIT_OK,
    emit,
    load_consistent,
    say,
)


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    html = "html"
    csv = "csv"


class TbRules(str, enum.Enum):
    auto = "auto"
    r2024 = "2024"
    r2026 = "2026"


def standings_command(
    file: Path = typer.Argument(..., help="TRF file ('-' reads stdin)."),
    tiebreaks: Optional[str] = typer.Option(
        None,
        "--tiebreaks",
        "-t",
        help='Tie-break list in TRF-2026 codes, e.g. "BH/C1,BH,SB" (PTS comes first '
        "unless the list places it); default: the file's 212, else 202.",
    ),
    after_round: Optional[int] = typer.Option(
        None, "--after-round", min=0, help="Standings after this round."
    ),
    fmt: Format = typer.Option(Format.text, "--format", "-f", help="Output format."),
    tb_rules: TbRules = typer.Option(
        TbRules.auto, "--tb-rules", help="C.07 text (auto: by the start date, 042)."
    ),
    unrated: Optional[int] = typer.Option(
        None,
        "--unrated-rating",
        help="Rating of unrated players for ARO/TPR/PTP/APRO/APPO/RTNG (C.07 Art. 10: "
        "the event's rules must set it; without it those tie-breaks are dropped "
        "when unrated players take part).",
    ),
    output: Optional[Path] = typer.Option(
        None, "--output", "-o", help="Write here (default stdout)."
    ),
) -> None:
    """Rank FILE's participants by points and tie-breaks (FIDE C.07) and show every value.

    The list is --tiebreaks, else the file's 212 (as written), else PTS + 202; with none,
    points only.  When the file records ranks (001) for the last round, each rank the
    ranking does not allow is reported with the tie-break that decides it.  Exit 0, 1 when
    a recorded rank differs, 2 on invalid input or a bad option.
    """
    from trfaudit.trf.tiebreak_codes import CodeError, parse_list

    t, _ = load_consistent(file, "no standings")
    option = None
    if tiebreaks is not None:
        try:
            option = parse_list(tiebreaks)
        except CodeError as exc:
            say(f"--tiebreaks: {exc} (at character {exc.offset + 1})", err=True)
            raise typer.Exit(EXIT_INVALID)
    recorded = t.recorded_rounds()
    if after_round is not None and after_round > recorded:
        say(f"--after-round {after_round}: only {recorded} round(s) are recorded", err=True)
        raise typer.Exit(EXIT_INVALID)
    doc = build_doc(t, option, after_round, tb_rules.value, unrated)
    rounds, shown = doc["round"], doc["tiebreaks"]
    if fmt is Format.json:
        import json

        public = {
            "rules": doc["rules"],
            "rules_reason": doc["rules_reason"],
            "round": rounds,
            "source": doc["source"],
            "tiebreaks": shown,
            "players": doc["players"],
            "unavailable": doc["unavailable"],
            "notes": doc["notes"],
            "differences": doc["differences"],
        }
        text = json.dumps(public, indent=2, ensure_ascii=False) + "\n"
    elif fmt is Format.csv:
        text = render_csv(doc)
    elif fmt is Format.html:
        text = render_html(doc)
    else:
        text = render_text(doc)
    emit(text, output)
    raise typer.Exit(EXIT_DISCREPANCY if doc["differences"] else EXIT_OK)
