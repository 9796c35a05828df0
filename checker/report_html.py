"""The HTML report: one self-contained, printable page (inline CSS, no external resources)."""

from __future__ import annotations

from html import escape

from .model import BatchReport, BracketView, FileReport, Pairing, RoundReport

CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; margin: 2em;
       color: #111; }
h1 { font-size: 18pt; margin-bottom: .2em; }
h2 { font-size: 14pt; border-bottom: 2px solid #444; margin-top: 1.6em; }
h3 { font-size: 12pt; margin: 1.2em 0 .4em; }
table { border-collapse: collapse; margin: .4em 0 .8em; }
th, td { border: 1px solid #999; padding: 2px 8px; text-align: left; vertical-align: top; }
th { background: #eee; }
td.num { text-align: right; }
tr.diverges td.recorded { font-weight: bold; }
.kind { display: inline-block; padding: 0 6px; border-radius: 3px; color: #fff;
        font-weight: bold; font-size: 10pt; }
.kind-illegal { background: #b00020; } .kind-quality { background: #a86400; }
.kind-order { background: #00698f; } .kind-colour { background: #7a1fa2; }
.kind-unexplained { background: #2d4fa8; }
.status-match { color: #16702e; font-weight: bold; }
.status-differs, .status-invalid { color: #b00020; font-weight: bold; }
.summary { font-weight: bold; }
.muted { color: #555; font-size: 10pt; }
ul.discrepancies { padding-left: 1.2em; }
ul.discrepancies li { margin-bottom: .5em; }
section.round { page-break-inside: avoid; break-inside: avoid; }
section.file { page-break-before: auto; }
@media print { body { margin: 0; font-size: 10pt; } h2 { page-break-after: avoid; } }
"""


def _pairing(p: Pairing | None) -> str:
    if p is None:
        return "no pairing"
    text = ", ".join(f"{w}-{b}" for w, b in p.boards)
    if p.bye is not None:
        text += f"; PAB {p.bye}"
    return escape(text)


def _bracket(b: BracketView) -> str:
    rows = []
    for p in b.players:
        cls = ' class="diverges"' if p.recorded != p.expected else ""
        rows.append(
            f"<tr{cls}><td class=num>{p.tpn}</td><td class=num>{escape(p.score)}</td>"
            f"<td>{escape(p.preference)}</td><td>{escape(p.floats)}</td>"
            f"<td>{escape(p.role)}</td><td class=recorded>{escape(p.recorded)}</td>"
            f"<td>{escape(p.expected)}</td></tr>")
    side = []
    for i in range(max(len(b.recorded), len(b.expected))):
        r = b.recorded[i] if i < len(b.recorded) else ""
        e = b.expected[i] if i < len(b.expected) else ""
        side.append(f"<tr><td>{escape(r)}</td><td>{escape(e)}</td></tr>")
    return (
        f"<h4>Bracket {escape(b.score)}: where the recorded and the engine's pairings first "
        "diverge</h4>"
        "<table class=bracket><thead><tr><th>TPN</th><th>Score</th><th>Colour preference</th>"
        "<th>Floats</th><th>Role</th><th>Recorded</th><th>Engine</th></tr></thead><tbody>"
        + "".join(rows) + "</tbody></table>"
        "<table class=candidates><thead><tr><th>Recorded candidate</th>"
        "<th>Engine's candidate</th></tr></thead><tbody>" + "".join(side) + "</tbody></table>"
        "<p class=muted>Colour preference: W!/B! absolute, W/B strong, w/b mild, - none. "
        "Floats: the floats of the two previous rounds.</p>")


def _round(r: RoundReport) -> str:
    items = []
    for d in r.discrepancies:
        label = escape(d.kind + (f" {d.criterion}" if d.criterion else ""))
        players = (" <span class=muted>players " + escape(", ".join(map(str, d.players)))
                   + "</span>") if d.players else ""
        values = ""
        if d.recorded is not None or d.expected is not None:
            values = (f"<br><span class=muted>recorded: {escape(d.recorded or '-')}; "
                      f"expected: {escape(d.expected or '-')}</span>")
        items.append(f"<li><span class='kind kind-{escape(d.kind)}'>{label}</span>{players}"
                     f"<br>{escape(d.explanation)}{values}</li>")
    body = (f"<section class=round id=round-{r.round}><h3>Round {r.round}: "
            "<span class=status-differs>differs</span></h3>"
            "<ul class=discrepancies>" + "".join(items) + "</ul>")
    if r.recorded is not None:
        body += f"<p><b>Recorded:</b> {_pairing(r.recorded)}<br>"
        body += f"<b>Engine:</b> {_pairing(r.expected)}</p>"
    if r.bracket is not None:
        body += _bracket(r.bracket)
    return body + "</section>"


def _file(f: FileReport) -> str:
    out = [f"<section class=file><h2>{escape(f.file)}</h2>"]
    if f.rules:
        out.append(f"<p>Rules: <b>{escape(f.rules)}</b>"
                   + (f" &mdash; {escape(f.rules_title)}" if f.rules_title else "")
                   + (f" <span class=muted>({escape(f.rules_reason)})</span>"
                      if f.rules_reason else "") + "</p>")
    if f.error is not None:
        out.append(f"<p class=status-invalid>Not checked: {escape(f.error)}</p>")
    for w in f.warnings:
        out.append(f"<p class=muted>{escape(w)}</p>")
    if f.rounds:
        cells = "".join(
            f"<td class=status-{r.status}>{r.round}: {escape(r.status)}</td>" for r in f.rounds)
        out.append(f"<table class=rounds><tr>{cells}</tr></table>")
    for r in f.differing:
        out.append(_round(r))
    out.append(f"<p class=summary>{escape(f.summary())}</p></section>")
    return "".join(out)


def render(batch: BatchReport, full: bool = False) -> str:
    title = "trfaudit check report"
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        f"<title>{title}</title><style>{CSS}</style></head><body>"
        f"<h1>{title}</h1>"
        "<p class=muted>Each recorded round is compared with the pairing the FIDE (Dutch) "
        "System (C.04.3) prescribes from the rounds before it.</p>"
        f"<p class=summary id=batch-summary>{escape(batch.summary())}</p>"
        + "".join(_file(f) for f in batch.files)
        + "</body></html>\n")
