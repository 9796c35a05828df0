"""The standings document (FIDE C.07): the ranking by points and tie-breaks with every value
and the recorded ranks (001) beside it, and its text, CSV and HTML renderings; the command
line's ``standings`` and the web page both show it."""

from __future__ import annotations

import io
from typing import Any


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


def _table(st: Any, t: Any, codes: list[str]) -> list[dict[str, Any]]:
    from trfaudit.checker.ranks import points_value

    steps = {s.label: s for s in st.steps}
    rows = []
    for row in st.rows:
        player = t.players[row.tpn]
        values: dict[str, Any] = {}
        for code in codes:
            step = steps.get(code)
            if step is None or step.tiebreak is None:
                values[code] = None
            elif step.code.name == "DE":
                values[code] = None  # DE orders tied groups; it has no value of its own
            else:
                values[code] = points_value(step.values[row.tpn].number)
        rows.append(
            {
                "rank": row.rank,
                "tpn": row.tpn,
                "name": player.name,
                "points": points_value(row.points),
                "values": values,
                "recorded_rank": player.rank or None,
            }
        )
    return rows


def build_doc(
    t: Any, option: Any, after_round: int | None, tb_rules: str, unrated: int | None
) -> dict[str, Any]:
    """The standings of ``t`` after ``after_round`` (default: the last recorded round) as the
    command's document (the model its text, JSON, CSV and HTML forms and the web page render):
    ``option`` is a parsed ``--tiebreaks`` list or None; ``after_round`` must be recorded."""
    from trfaudit.checker import ranks as chk
    from trfaudit.engine.tiebreaks import compute

    recorded = t.recorded_rounds()
    rounds = recorded if after_round is None else after_round
    choice = chk.choose_tb_rules(t, tb_rules)
    decl = chk.declared(t, option)
    st = compute(
        t,
        decl.codes,
        choice.rules,
        rounds=rounds,
        points_first=decl.points_first,
        unrated_rating=unrated,
    )
    shown = [c.text for c in decl.codes]  # exactly as given (a 212 may name PTS)
    steps = {s.label: s for s in st.steps}
    doc: dict[str, Any] = {
        "file": t.file,
        "round": rounds,
        "rules": choice.rules.name,
        "rules_reason": choice.reason,
        "source": decl.source or "no tie-breaks declared",
        "tiebreaks": shown,
        "order": [s.label for s in st.steps],
        "players": _table(st, t, shown),
        # how each value is made up (the page shows it on a click); not in the JSON form
        "how": {
            row.tpn: {
                c: steps[c].values[row.tpn].how
                for c in shown
                if c in steps and steps[c].tiebreak is not None and row.tpn in steps[c].values
            }
            for row in st.rows
        },
        "unavailable": {s.label: s.reason for s in st.steps if s.tiebreak is None},
        "notes": ([decl.note] if decl.note else []) + list(st.notes),
        "differences": [],
        "ranks_recorded": False,
    }
    ranks = chk.recorded_ranks(t)
    if ranks and rounds == recorded:
        doc["ranks_recorded"] = True
        if len(ranks) < len(t.players):
            doc["notes"].append(
                f"ranks recorded for {len(ranks)} of {len(t.players)} participants: not compared"
            )
        elif decl.points_first and not chk.is_ranking(st.event.score, ranks):
            doc["notes"].append(
                "the rank column does not follow the points: it is not "
                "the standings of this file; not compared"
            )
        elif not decl.source:
            doc["notes"].append(
                "no tie-breaks declared (202/212, --tiebreaks): only the "
                "order by points is compared"
            )
        else:
            doc["differences"] = [
                {
                    "players": d.players,
                    "tiebreak": d.criterion,
                    "recorded": d.recorded,
                    "expected": d.expected,
                    "explanation": d.explanation,
                }
                for d in chk.compare(t, st, ranks)
            ]
    return doc
