"""The page's HTML, server-rendered from the CLI's documents (Python string templates).

Every text that comes from a file or a form (names, file names, messages that quote the
file) goes through :func:`html.escape` here or in the CLI's renderers; the page loads only
``/static/`` assets (no inline script or style: the Content-Security-Policy forbids both), and
works without JavaScript: links and forms do everything, the script only keeps the player's
explanation in a side panel and shows the progress of a check.
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import urlencode

from trfaudit.engine.systems import edition_names

#: (value, label) of the edition choice (the CLI's ``--rules``).
RULES = (
    [("auto", "auto: from the file (type code 192/092, else the dates)")]
    + [(name, f"the {name} rules") for name in edition_names()]
    + [("all", "all: the edition in force and every other one side by side")]
)


def layout(title: str, body: str) -> str:
    """A whole page around ``body`` (already HTML)."""
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width, initial-scale=1'>"
        f"<title>{escape(title)}</title>"
        "<link rel=stylesheet href='/static/report.css'>"
        "<link rel=stylesheet href='/static/app.css'>"
        "<script src='/static/app.js' defer></script></head><body>"
        "<header class=top><a href='/' class=brand>trfaudit</a> "
        "<span class=muted>FIDE (Dutch) System pairings, checked</span></header>"
        f"<main>{body}</main></body></html>\n"
    )


def index(max_upload: int, host_note: str) -> str:
    """The upload form (multipart POST to ``/check``)."""
    options = "".join(
        f"<option value='{escape(v)}'{' selected' if v == 'auto' else ''}>{escape(label)}</option>"
        for v, label in RULES
    )
    body = (
        "<h1>Check a tournament file</h1>"
        "<form id=check-form method=post action='/check' enctype='multipart/form-data'>"
        "<label class=drop id=drop><input type=file name=file id=file multiple required>"
        "<span class=drop-text>Drop one or more files here, or choose them: TRF-16, TRF(x), "
        "TRF-2026 or trfaudit JSON</span><span class=chosen id=chosen></span></label>"
        "<p><label for=rules>Edition of the rules</label><br>"
        f"<select name=rules id=rules>{options}</select></p>"
        "<p><label for=tiebreaks>Tie-breaks (TRF-2026 codes; empty: the file's 212, else 202)"
        "</label><br><input name=tiebreaks id=tiebreaks placeholder='BH/C1,BH,SB' size=40></p>"
        "<p><button type=submit id=submit>Check</button></p>"
        "<div id=progress class=progress hidden role=status aria-live=polite>"
        "<progress></progress> <span id=progress-text>Checking&hellip;</span></div>"
        "</form>"
        f"<p class=muted>Files are read in memory and never written to disk. "
        f"Uploads up to {max_upload // 1_000_000} MB. {escape(host_note)}</p>"
    )
    return layout("trfaudit: check a tournament file", body)


def error(status: int, title: str, message: str) -> str:
    """A page for a request that could not be answered (``message`` shown as text)."""
    body = (
        f"<h1>{escape(title)}</h1><p class=status-invalid>HTTP {status}</p>"
        f"<pre class=message id=message>{escape(message)}</pre>"
        "<p><a href='/'>Check another file</a></p>"
    )
    return layout(f"trfaudit: {title}", body)


def report_body(html_report: str) -> str:
    """The inside of ``check --format html``'s page: the same content, in this page."""
    start = html_report.find("<body>")
    end = html_report.rfind("</body>")
    return html_report[start + len("<body>") : end] if start >= 0 and end > start else html_report


def explain_url(token: str, index: int, rnd: int, player: int, against: int | None = None) -> str:
    query = {"round": rnd, "player": player} | ({"against": against} if against else {})
    return f"/r/{token}/{index}/explain?{urlencode(query)}"


def _name(names: dict[int, str], tpn: int) -> str:
    name = names.get(tpn) or f"player {tpn}"
    return f"{name} ({tpn})"


def _link(token: str, index: int, rnd: int, tpn: int, names: dict[int, str]) -> str:
    return (
        f"<a class=player href='{escape(explain_url(token, index, rnd, tpn))}'>"
        f"{escape(_name(names, tpn))}</a>"
    )


def standings(token: str, view: dict[str, Any]) -> str:
    """The standings document of ``trfaudit standings`` as a table; names open the player's
    explanation of the last round."""
    doc = view.get("standings")
    if doc is None:
        reason = view.get("standings_error") or "no standings"
        return f"<section class=standings-table><h3>Standings</h3><p>{escape(reason)}</p></section>"
    names, last = view["names"], doc["round"]
    codes = doc["tiebreaks"]
    head = "".join(f"<th>{escape(h)}</th>" for h in ["Rank", "TPN", "Name", "Pts", *codes])
    head += "<th>Recorded rank</th>"

    def cell(x: Any) -> str:
        return "<td class=num>" + escape("-" if x is None else str(x)) + "</td>"

    rows = "".join(
        "<tr>"
        + cell(p["rank"])
        + cell(p["tpn"])
        + "<td>"
        + (_link(token, view["index"], last, p["tpn"], names) if last else escape(p["name"]))
        + "</td>"
        + cell(p["points"])
        + "".join(cell(p["values"][c]) for c in codes)
        + cell(p["recorded_rank"])
        + "</tr>"
        for p in doc["players"]
    )
    notes = list(doc["unavailable"].values()) + list(doc["notes"])
    extra = "".join(f"<li>{escape(n)}</li>" for n in notes)
    diffs = "".join(f"<li>{escape(d['explanation'])}</li>" for d in doc["differences"])
    return (
        "<section class=standings-table><h3>Standings after round "
        f"{doc['round']}</h3><p class=muted>Tie-break rules C.07 {escape(doc['rules'])} "
        f"({escape(doc['rules_reason'])}); order: {escape(', '.join(doc['order']) or 'PTS')} "
        f"({escape(doc['source'])})</p><table class=standings><thead><tr>{head}</tr></thead>"
        f"<tbody>{rows}</tbody></table>"
        + (f"<ul class=muted>{extra}</ul>" if extra else "")
        + (f"<h4>Recorded ranks that differ</h4><ul>{diffs}</ul>" if diffs else "")
        + "</section>"
    )


def rounds(token: str, view: dict[str, Any]) -> str:
    """Each recorded round's boards; a name opens the player's explanation of that round."""
    names, i = view["names"], view["index"]
    head = (
        "<section class=rounds-boards><h3>Rounds <span class=muted>(click a name: why he "
        "is paired so)</span></h3>"
    )
    out = [head]
    for r in view["rounds"]:
        rnd = r["round"]
        rows = "".join(
            f"<tr><td class=num>{n}</td><td>{_link(token, i, rnd, w, names)}</td>"
            f"<td>{escape(result)}</td><td>{_link(token, i, rnd, b, names)}</td></tr>"
            for n, (w, b, result) in enumerate(r["boards"], 1)
        )
        byes = "".join(f"<li>PAB: {_link(token, i, rnd, p, names)}</li>" for p in r["byes"])
        out.append(
            f"<details class=round-boards id=boards-{i}-{rnd}><summary>Round {rnd}: "
            f"{len(r['boards'])} boards</summary><table class=boards><thead><tr><th>Bd</th>"
            "<th>White</th><th>Result</th><th>Black</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>" + (f"<ul>{byes}</ul>" if byes else "") + "</details>"
        )
    out.append("</section>")
    return "".join(out)


def verdict(token: str, docs: dict[str, Any]) -> str:
    """The verdict page: the report of ``check --format html``, the downloads, and per file
    the standings and the rounds with the players' explanations."""
    downloads = [
        f"<a href='/r/{token}/report.json' download>JSON report</a>",
        f"<a href='/r/{token}/report.html' target=_blank>printable HTML</a>",
    ] + [
        f"<a href='/r/{token}/{v['index']}/trf26' download>{escape(v['name'])} as TRF-2026</a>"
        for v in docs["files"]
        if v["error"] is None
    ]
    parts = [
        "<nav class=downloads>Download: " + " &middot; ".join(downloads) + " &middot; "
        "<a href='/'>check another file</a></nav>",
        "<div class=columns><div class=verdict id=verdict>",
        report_body(docs["html"]),
    ]
    for view in docs["files"]:
        if view["error"] is None:
            parts.append(
                f"<section class=file-extra><h2>{escape(view['name'])}: standings and rounds</h2>"
                + standings(token, view)
                + rounds(token, view)
                + "</section>"
            )
    parts.append(
        "</div><aside id=panel class=panel aria-live=polite><p class=hint>Click a player's "
        "name (in the standings or a round's boards, below the report) to see why he is paired "
        "as he is: bracket, float, opponent, colour, bye, and why not another player.</p>"
        "</aside></div>"
    )
    return layout("trfaudit: verdict", "".join(parts))


def explanation_panel(
    token: str,
    index: int,
    file_name: str,
    docs: dict[str, Any],
    player: int | None,
    against: int | None = None,
) -> str:
    """The explanation fragment of ``explain --format html``, the round links and the
    "why not ..." chooser (a GET form: works without JavaScript)."""
    rnd, names = docs["round"], docs["names"]
    rounds = " ".join(
        f"<a href='{escape(explain_url(token, index, r, player))}'"
        f"{' aria-current=page' if r == rnd else ''}>{r}</a>"
        if player
        else str(r)
        for r in range(1, docs["rounds"] + 1)
    )
    chooser = ""
    if player:
        options = "".join(
            f"<option value={tpn}{' selected' if tpn == against else ''}>"
            f"{escape(_name(names, tpn))}</option>"
            for tpn in docs["paired"]
            if tpn != player
        )
        chooser = (
            f"<form class=why-not method=get action='/r/{token}/{index}/explain'>"
            f"<input type=hidden name=round value={rnd}>"
            f"<input type=hidden name=player value={player}>"
            "<label>Why not against <select name=against>"
            f"{options}</select></label> <button type=submit>Why not?</button></form>"
        )
    return (
        f"<div class=explanation><p class=muted>{escape(file_name)}; round: {rounds} "
        f"&middot; <a href='/r/{token}'>back to the verdict</a></p>"
        + str(docs["html"])
        + chooser
        + "</div>"
    )


def explanation(
    token: str,
    index: int,
    file_name: str,
    docs: dict[str, Any],
    player: int | None,
    against: int | None = None,
) -> str:
    """The explanation as a page of its own (the links' target without JavaScript)."""
    panel = explanation_panel(token, index, file_name, docs, player, against)
    return layout("trfaudit: explanation", panel)
