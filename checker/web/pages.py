"""The page's HTML, server-rendered from the CLI's documents (Python string templates).

Every text that comes from a file or a form (names, file names, messages that quote the
file) goes through :func:`html.escape` here or in the CLI's renderers; the page loads only
``/static/`` assets (no inline script or style: the Content-Security-Policy forbids both), and
works without JavaScript: links and forms do everything, the script only keeps the player's
explanation in a side panel and shows the progress of a check.
"""

from __future__ import annotations

import re
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


#: Command-line wording in the CLI's messages and reports, as the page says it.
PLAIN = [
    (
        re.compile(r"\(<code>--full</code> shows (everything|them)\)"),
        "(the JSON report lists everything)",
    ),
    (re.compile(r"\(<code>--full</code> shows them\)"), "(the JSON report lists them)"),
    (re.compile(r"--full shows (everything|them)"), "the JSON report lists everything"),
    (
        re.compile(r"\(use --rules to check it against the Dutch rules anyway\)"),
        "(choose an edition of the rules to check it against the Dutch rules anyway)",
    ),
    (
        re.compile(r"\(--rules ([\w-]+) checks the file against the (\w+) text\)"),
        r"(the rules choice “\1” below checks the file against the \2 text)",
    ),
    (re.compile(r"--rules ([\w-]+)"), r"the rules choice “\1”"),
    (re.compile(r"--tiebreaks"), "the tie-breaks field"),
    (re.compile(r"--round (\d+)"), r"round \1"),
]


def plain(text: str) -> str:
    """``text`` with the command line's flags replaced by the page's own words."""
    for pattern, words in PLAIN:
        text = pattern.sub(words, text)
    return text


def layout(title: str, body: str, skip: bool = False) -> str:
    """A whole page around ``body`` (already HTML); ``skip``: a first link to the panel."""
    skip_link = "<a class=skip href='#panel'>Skip to the explanation panel</a>" if skip else ""
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width, initial-scale=1'>"
        f"<title>{escape(title)}</title>"
        "<link rel=icon href='/favicon.ico' type='image/svg+xml'>"
        "<link rel=stylesheet href='/static/report.css'>"
        "<link rel=stylesheet href='/static/app.css'>"
        "<script src='/static/app.js' defer></script></head><body>"
        f"{skip_link}<header class=top><a href='/' class=brand>trfaudit</a> "
        "<span class=muted>FIDE Swiss pairings, checked</span></header>"
        f"<main id=main>{body}</main></body></html>\n"
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
        "<p><label for=tiebreaks>Tie-breaks (TRF-2026 codes; empty: the file's own list)"
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
        f"<pre class=message id=message>{escape(plain(message))}</pre>"
        "<p><a href='/'>Check another file</a></p>"
    )
    return layout(f"trfaudit: {title}", body)


def report_body(html_report: str) -> str:
    """The inside of ``check --format html``'s page: the same content, in this page."""
    start = html_report.find("<body>")
    end = html_report.rfind("</body>")
    inner = html_report[start + len("<body>") : end] if start >= 0 and end > start else html_report
    return plain(inner)


def explain_url(
    token: str, index: int, rnd: int, player: int | None, against: int | None = None,
    team: int | None = None,
) -> str:  # fmt: skip
    query: dict[str, int] = {"round": rnd}
    if player:
        query["player"] = player
    if team:
        query["team"] = team
    if against:
        query["against"] = against
    return f"/r/{token}/{index}/explain?{urlencode(query)}"


def _name(names: dict[int, str], tpn: int) -> str:
    name = names.get(tpn) or f"player {tpn}"
    return f"{name} ({tpn})"


def _link(
    token: str, index: int, rnd: int, tpn: int, names: dict[int, str], team: bool = False
) -> str:
    url = explain_url(token, index, rnd, None if team else tpn, team=tpn if team else None)
    kind = "player team" if team else "player"
    return f"<a class='{kind}' href='{escape(url)}'>{escape(_name(names, tpn))}</a>"


def _cell(x: Any, why: str | None = None) -> str:
    if x is None:
        title = escape(why or "cannot be computed for this file")
        return f"<td class='num na' title='{title}' aria-label='- ({title})'>-</td>"
    return "<td class=num>" + escape(str(x)) + "</td>"


def _value(x: Any, how: str | None, why: str | None) -> str:
    """A tie-break value; a click shows how it is made up (the engine's own account)."""
    if x is None or not how:
        return _cell(x, why)
    return (
        f"<td class=num><details class=how><summary>{escape(str(x))}</summary>"
        f"<span class=how-text>{escape(how)}</span></details></td>"
    )


def standings(token: str, view: dict[str, Any]) -> str:
    """The standings as a table: the rows whose recorded rank differs marked, a "-" with the
    reason it cannot be computed; names open the explanation of the last round."""
    doc = view.get("standings")
    if doc is None:
        reason = view.get("standings_error") or "no standings"
        return f"<section class=standings-table><h3>Standings</h3><p>{escape(reason)}</p></section>"
    if doc.get("team"):
        return team_standings(token, view, doc)
    names, last = view["names"], doc["round"]
    codes = doc["tiebreaks"]
    head = "".join(f"<th>{escape(h)}</th>" for h in ["Rank", "TPN", "Name", "Pts", *codes])
    head += "<th>Recorded rank</th>"
    differ = {tpn for d in doc["differences"] for tpn in d["players"]}
    unavailable = doc["unavailable"]
    how = doc.get("how", {})
    rows = "".join(
        f"<tr{' class=differs' if p['tpn'] in differ else ''}>"
        + _cell(p["rank"])
        + _cell(p["tpn"])
        + "<td>"
        + (_link(token, view["index"], last, p["tpn"], names) if last else escape(p["name"]))
        + "</td>"
        + _cell(p["points"])
        + "".join(
            _value(p["values"][c], how.get(p["tpn"], {}).get(c), unavailable.get(c)) for c in codes
        )  # fmt: skip
        + _cell(p["recorded_rank"], "the file records no rank")
        + "</tr>"
        for p in doc["players"]
    )
    notes = [f"not computed: {n}" for n in unavailable.values()] + list(doc["notes"])
    extra = "".join(f"<li>{escape(plain(n))}</li>" for n in notes)
    diffs = "".join(f"<li>{escape(d['explanation'])}</li>" for d in doc["differences"])
    n_diff = len(doc["differences"])
    return (
        "<section class=standings-table><h3>Standings after round "
        f"{doc['round']}</h3><p class=muted>Tie-break rules C.07 {escape(doc['rules'])} "
        f"({escape(doc['rules_reason'])}); order: {escape(', '.join(doc['order']) or 'PTS')} "
        f"({escape(doc['source'])})"
        + (f"; <b>{n_diff} recorded rank(s) differ</b> (marked rows)" if n_diff else "")
        + f"</p><div class=scroll><table class=standings><thead><tr>{head}</tr></thead>"
        f"<tbody>{rows}</tbody></table></div>"
        + (f"<ul class=muted>{extra}</ul>" if extra else "")
        + (
            f"<details><summary>The {n_diff} recorded rank(s) that differ</summary><ul>{diffs}"
            "</ul></details>"
            if diffs
            else ""
        )
        + "</section>"
    )


def team_standings(token: str, view: dict[str, Any], doc: dict[str, Any]) -> str:
    """A Swiss Team event's standings: MP, GP and the team tie-breaks; a team's name opens
    its explanation of the last round."""
    names, last, i = view["names"], doc["round"], view["index"]
    codes = doc["tiebreaks"]
    head = "".join(
        f"<th>{escape(h)}</th>"
        for h in ["Rank", "TPN", "Team", "MP", "GP", *codes, "Recorded rank", "Players"]
    )
    members = view.get("members") or {}

    def players(tpn: int) -> str:
        people = {m: name for m, name in members.get(tpn, [])}
        links = [
            f"<a class=player href='{escape(explain_url(token, i, last, m))}'>"
            f"{escape(_name(people, m))}</a>"
            for m in people
        ]
        return "<td class=members>" + ", ".join(links) + "</td>"

    rows = "".join(
        "<tr>"
        + _cell(p["rank"])
        + _cell(p["tpn"])
        + "<td>"
        + (_link(token, i, last, p["tpn"], names, team=True) if last else escape(p["name"]))
        + "</td>"
        + _cell(p["mp"])
        + _cell(p["gp"])
        + "".join(_cell(p["values"].get(c)) for c in codes)
        + _cell(p["recorded_rank"], "the file records no rank")
        + (players(p["tpn"]) if last else "<td></td>")
        + "</tr>"
        for p in doc["players"]
    )
    notes = "".join(f"<li>{escape(n)}</li>" for n in doc["notes"])
    return (
        f"<section class=standings-table><h3>Team standings after round {doc['round']}</h3>"
        f"<p class=muted>By {escape(doc['primary'])} first, then the tie-breaks</p>"
        f"<div class=scroll><table class='standings team'><thead><tr>{head}</tr></thead>"
        f"<tbody>{rows}</tbody></table></div>"
        + (f"<ul class=muted>{notes}</ul>" if notes else "")
        + "</section>"
    )


def rounds(token: str, view: dict[str, Any]) -> str:
    """Each recorded round's boards in board order (C.04.2 3.6, the verdict's numbers), and
    everyone on no board; a name opens the explanation of that round."""
    names, i, team = view["names"], view["index"], bool(view.get("team"))
    who = "team" if team else "name"
    head = (
        f"<section class=rounds-boards><h3>Rounds <span class=muted>(click a {who}: why it "
        "is paired so)</span></h3>"
    )
    out = [head]
    side = ("White team", "Black team") if team else ("White", "Black")
    for r in view["rounds"]:
        rnd = r["round"]
        rows = "".join(
            f"<tr><td class=num>{n}</td><td>{_link(token, i, rnd, w, names, team)}</td>"
            f"<td>{escape(result)}</td><td>{_link(token, i, rnd, b, names, team)}</td></tr>"
            for n, (w, b, result) in enumerate(r["boards"], 1)
        )
        byes = "".join(
            f"<li>{_link(token, i, rnd, p, names, team)}: {escape(what)}</li>"
            for p, what in r["byes"]
        )
        out.append(
            f"<details class=round-boards id=boards-{i}-{rnd}><summary>Round {rnd}: "
            f"{len(r['boards'])} {'matches' if team else 'boards'}"
            + (f", {len(r['byes'])} not on a board" if r["byes"] else "")
            + "</summary><div class=scroll><table class=boards><thead><tr><th>Bd</th>"
            f"<th>{side[0]}</th><th>Result</th><th>{side[1]}</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></div>"
            + (f"<p class=muted>Not on a board:</p><ul class=byes>{byes}</ul>" if byes else "")
            + "</details>"
        )
    out.append("</section>")
    return "".join(out)


def _file_downloads(token: str, view: dict[str, Any]) -> str:
    i, name = view["index"], view["name"]
    links = [
        f"<a class=next-round href='/r/{token}/{i}/next'>Pair the next round "
        f"(round {view['recorded'] + 1})</a>",
        f"<a href='/r/{token}/{i}/trf26' download>as TRF-2026</a>",
    ]
    if view.get("downloads"):
        links += [
            f"<a href='/r/{token}/{i}/javafo.txt' download>JaVaFo checker text</a>",
            f"<a href='/r/{token}/{i}/annotated.trf' download>annotated TRF (the rules' "
            "rounds beside the record's)</a>",
        ]
    return f"<p class=file-downloads><b>{escape(name)}</b>: " + " &middot; ".join(links) + "</p>"


def _not_checked(token: str, view: dict[str, Any]) -> str:
    """A file that cannot be checked: its message, its problems with line and column, and
    the choices that would let it be checked."""
    problems = "".join(f"<li><code>{escape(p)}</code></li>" for p in view.get("problems", []))
    forms = "".join(
        f"<form class=recheck method=post action='/r/{token}/recheck'>"
        f"<input type=hidden name=rules value='{escape(c)}'>"
        f"<button type=submit>Check with the rules “{escape(c)}”</button></form>"
        for c in view.get("choices", [])
    )
    return (
        f"<section class='file-error' id=file-error-{view['index']}><h2>{escape(view['name'])}: "
        "not checked</h2>"
        f"<p class=status-invalid>{escape(plain(view['error'] or ''))}</p>"
        + (f"<p>The problems, by line and column:</p><ul>{problems}</ul>" if problems else "")
        + forms
        + "</section>"
    )


def verdict(token: str, docs: dict[str, Any]) -> str:
    """The verdict page: the report of ``check --format html``, the downloads, and per file
    the standings and the rounds with the explanations."""
    downloads = [
        f"<a href='/r/{token}/report.json' download>JSON report</a>",
        f"<a href='/r/{token}/report.html' target=_blank>printable HTML</a>",
    ]
    parts = [
        "<nav class=downloads>Download: " + " &middot; ".join(downloads) + " &middot; "
        "<a href='/'>check another file</a></nav>",
        "<div class=columns><div class=verdict id=verdict>",
    ]
    for view in docs["files"]:
        if view["error"] is None:
            parts.append(_file_downloads(token, view))
        else:
            parts.append(_not_checked(token, view))
    parts.append(report_body(docs["html"]))
    for view in docs["files"]:
        if view["error"] is None:
            parts.append(
                f"<section class=file-extra><h2>{escape(view['name'])}: standings and rounds</h2>"
                + standings(token, view)
                + rounds(token, view)
                + "</section>"
            )
    parts.append(
        "</div><aside id=panel class=panel tabindex=-1 aria-live=polite "
        "aria-label='Explanation'><p class=hint>Click a name (in the standings or a round's "
        "boards, below the report) to see what the record gave and what the rules give, "
        "and why: bracket, float, opponent, colour, bye, and why not another opponent.</p>"
        "</aside></div>"
    )
    return layout("trfaudit: verdict", "".join(parts), skip=True)


def _boards_named(boards: list[list[int]], names: dict[int, str]) -> str:
    items = []
    for b in boards:
        if len(b) == 1:
            items.append(f"<li>{escape(_name(names, b[0]))}: the pairing-allocated bye</li>")
        else:
            items.append(
                f"<li>{escape(_name(names, b[0]))} (White) – {escape(_name(names, b[1]))} "
                "(Black)</li>"
            )
    return "<ul>" + "".join(items) + "</ul>"


def _side_by_side(docs: dict[str, Any], findings: list[list[Any]]) -> str:
    side = docs.get("side")
    if not side:
        return ""
    rows = f"<tr><th scope=row>The rules give</th><td>{escape(side['rules'])}</td></tr>"
    if "recorded" in side:
        mark = " class=differs" if not side["same"] else ""
        rows = (
            f"<tr{mark}><th scope=row>The record gave</th><td>{escape(side['recorded'])}</td>"
            f"</tr>" + rows
        )
    own = "".join(f"<li>{escape(f[1])}</li>" for f in findings)
    verdict = ""
    whom = "this team" if side.get("team") else "this player"
    if "recorded" in side:
        verdict = (
            f"<p class=same>The record and the rules agree for {whom}.</p>"
            if side["same"]
            else f"<p class=status-differs>The record differs from the rules for {whom}.</p>"
        )
    return (
        f"<div class=side-by-side><h2>{escape(side['who'])}</h2>"
        f"<table class=side><tbody>{rows}</tbody></table>{verdict}"
        + (
            f"<p>The check's finding about {whom}:</p><ul class=own-finding>{own}</ul>"
            if own
            else ""
        )
        + "</div>"
    )


def _why_not(docs: dict[str, Any], player: int | None, against: int | None) -> str:
    w = docs.get("why_not")
    if not w or player is None or against is None:
        return ""
    names = docs["names"]
    label = f"{w['kind']} {w['criterion'] or ''}".strip()
    body = (
        f"<div class=why-against><h3>Why not {escape(_name(names, player))} against "
        f"{escape(_name(names, against))}: {escape(label)}</h3><p>{escape(w['text'])}</p>"
    )
    if w["engine"] or w["alternative"]:
        body += (
            "<div class=changed><div><h4>The rules' round has</h4>"
            + _boards_named(w["engine"], names)
            + "</div><div><h4>The best round with them paired has instead</h4>"
            + _boards_named(w["alternative"], names)
            + "</div></div><p class=muted>Only the boards that change are listed.</p>"
        )
    return body + "</div>"


def explanation_panel(
    token: str,
    index: int,
    file_name: str,
    docs: dict[str, Any],
    player: int | None,
    against: int | None = None,
    findings: list[list[Any]] | None = None,
    team: int | None = None,
) -> str:
    """What the record gave and what the rules give, side by side; then the explanation of
    ``explain`` (the short answer first); "why not ..." with the boards that change."""
    rnd, names = docs["round"], docs["names"]
    who = team or player
    mine = [f for f in findings or [] if who in f[0]]
    rounds = " ".join(
        f"<a href='{escape(explain_url(token, index, r, player, team=team))}'"
        f"{' aria-current=page' if r == rnd else ''}>{r}</a>"
        if who
        else str(r)
        for r in range(1, docs["rounds"] + 2)
    )
    chooser = ""
    if player and not docs.get("team"):
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
    finding = ""
    if docs.get("finding") and not who:
        finding = f"<p class=why-finding>The check's finding: {escape(docs['finding'])}</p>"
    return (
        f"<div class=explanation><p class=muted>{escape(file_name)}; round: {rounds} "
        f"&middot; <a href='/r/{token}'>back to the verdict</a></p>"
        + _side_by_side(docs, mine)
        + finding
        + plain(str(docs["html"]))
        + _why_not(docs, player, against)
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
    findings: list[list[Any]] | None = None,
    team: int | None = None,
) -> str:
    """The explanation as a page of its own (the links' target without JavaScript)."""
    panel = explanation_panel(token, index, file_name, docs, player, against, findings, team)
    return layout("trfaudit: explanation", panel)


def next_round(token: str, index: int, view: dict[str, Any], docs: dict[str, Any]) -> str:
    """The rules' pairing of the next round: boards with names (each opens its explanation),
    the PAB, and the downloads."""
    doc, names, team = docs["doc"], view["names"], bool(view.get("team"))
    rnd = doc["round"]
    rows = "".join(
        f"<tr><td class=num>{n}</td><td>{_link(token, index, rnd, w, names, team)}</td>"
        f"<td>{_link(token, index, rnd, b, names, team)}</td></tr>"
        for n, (w, b) in enumerate(doc["boards"], 1)
    )
    bye = (
        f"<p>Pairing-allocated bye: {_link(token, index, rnd, doc['bye'], names, team)}</p>"
        if doc["bye"]
        else ""
    )
    links = [f"<a href='/r/{token}/{index}/next.txt' download>the JaVaFo list</a>"]
    if docs.get("trf"):
        links.insert(0, f"<a href='/r/{token}/{index}/next.trf' download>TRF-2026 with "
                        f"round {rnd} filled in</a>")  # fmt: skip
    side = ("White team", "Black team") if team else ("White", "Black")
    body = (
        f"<nav class=downloads><a href='/r/{token}'>back to the verdict</a></nav>"
        f"<div class=columns><div class=verdict id=verdict>"
        f"<h1>{escape(view['name'])}: round {rnd} as the rules pair it</h1>"
        f"<p class=rules>Rules: <b>{escape(doc['rules'])}</b>. Click a name for the "
        "explanation.</p>"
        f"<p class=downloads>Download: {' &middot; '.join(links)}</p>"
        f"<div class=scroll><table class='boards next'><thead><tr><th>Bd</th><th>{side[0]}"
        f"</th><th>{side[1]}</th></tr></thead><tbody>{rows}</tbody></table></div>{bye}"
        "</div><aside id=panel class=panel tabindex=-1 aria-live=polite "
        "aria-label='Explanation'><p class=hint>Click a name to see why the rules pair it "
        "so.</p></aside></div>"
    )
    return layout(f"trfaudit: round {rnd}", body, skip=True)
