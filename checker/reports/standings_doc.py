"""The standings document of ``trfaudit standings`` (FIDE C.07): the ranking by points and
tie-breaks, every value, and the recorded ranks compared with it.  One model for both
front-ends: the command renders it as text, JSON, CSV and HTML, the web page as its table."""

from __future__ import annotations

from typing import Any


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
