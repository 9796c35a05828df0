"""``trfaudit standings``: the ranking by points and tie-breaks (FIDE C.07), with every value,
and the recorded ranks (001) compared with it."""

import enum
import io
from pathlib import Path
from typing import Any, Optional

import typer
from trfaudit.checker.reports.standings_doc import build_doc

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


def _shown(x: Any) -> str:
    if x is None:
        return "-"
    return str(x)


def render_text(doc: dict[str, Any]) -> str:
    out = io.StringIO()
    out.write(f"{doc['file']}: standings after round {doc['round']}\n")
    out.write(f"tie-break rules: C.07 {doc['rules']} ({doc['rules_reason']})\n")
    out.write("tie-breaks: " + (", ".join(doc["order"]) or "PTS") + f" ({doc['source']})\n")
    head = (
        ["Rank", "TPN", "Name", "Pts"]
        + doc["tiebreaks"]
        + (["Recorded"] if doc["ranks_recorded"] else [])
    )
    body = [
        [str(p["rank"]), str(p["tpn"]), p["name"], _shown(p["points"])]
        + [_shown(p["values"][c]) for c in doc["tiebreaks"]]
        + ([_shown(p["recorded_rank"])] if doc["ranks_recorded"] else [])
        for p in doc["players"]
    ]
    widths = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]
    for r in [head] + body:
        out.write(
            "  ".join(
                c.ljust(w) if i == 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))
            ).rstrip()
            + "\n"
        )
    for reason in doc["unavailable"].values():
        out.write(f"not computed: {reason}\n")
    for note in doc["notes"]:
        out.write(f"note: {note}\n")
    for d in doc["differences"]:
        out.write(f"standings: {d['explanation']}\n")
    return out.getvalue()


def render_csv(doc: dict[str, Any]) -> str:
    import csv

    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["rank", "tpn", "name", "points"] + doc["tiebreaks"] + ["recorded_rank"])
    for p in doc["players"]:
        w.writerow(
            [p["rank"], p["tpn"], p["name"], p["points"]]
            + ["" if p["values"][c] is None else p["values"][c] for c in doc["tiebreaks"]]
            + ["" if p["recorded_rank"] is None else p["recorded_rank"]]
        )
    return out.getvalue()


def render_html(doc: dict[str, Any]) -> str:
    import html

    e = html.escape
    head = "".join(
        f"<th>{e(h)}</th>" for h in ["Rank", "TPN", "Name", "Pts"] + doc["tiebreaks"] + ["Recorded"]
    )
    rows = "\n".join(
        "<tr>"
        + "".join(
            f"<td>{e(_shown(c))}</td>"
            for c in [p["rank"], p["tpn"], p["name"], p["points"]]
            + [p["values"][c] for c in doc["tiebreaks"]]
            + [p["recorded_rank"]]
        )
        + "</tr>"
        for p in doc["players"]
    )
    notes = "".join(f"<li>{e(n)}</li>" for n in list(doc["unavailable"].values()) + doc["notes"])
    diffs = "".join(f"<li>{e(d['explanation'])}</li>" for d in doc["differences"])
    return (
        f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Standings: '
        f"{e(doc['file'])}</title></head><body>\n<h1>Standings: {e(doc['file'])}</h1>\n"
        f"<p>After round {doc['round']}; tie-break rules C.07 {e(doc['rules'])} "
        f"({e(doc['rules_reason'])}); order: {e(', '.join(doc['order']) or 'PTS')} "
        f"({e(doc['source'])})</p>\n<table>\n<tr>{head}</tr>\n{rows}\n</table>\n"
        + (f'<ul class="notes">{notes}</ul>\n' if notes else "")
        + (f"<h2>Recorded ranks that differ</h2><ul>{diffs}</ul>\n" if diffs else "")
        + "</body></html>\n"
    )


# 80 lines: typer reads the options from the parameters, each with its help; four output formats.
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
