"""The HTML report: one self-contained, printable page (inline CSS, no script, no external
resources), for people who did not write the file.

Every text taken from a file (names, the tournament's name, federations, file names, the
validator's messages that quote it) goes through :func:`html.escape`, so a name like
``<img src=x onerror=...>`` shows as text and runs nothing.  Per differing round: the
quotable summary, the table of differing boards with names, and the bracket context in a
``<details>`` element (open when printed).  Pages are A4.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from trfaudit.checker.findings import BatchReport, FileReport
from trfaudit.checker.reports.classes import WORDS, file_line, ordered, round_class, round_words
from trfaudit.checker.reports.provenance import Generator, generator, line
from trfaudit.engine.alternatives import round_alternatives
from trfaudit.engine.findings import BracketView, Pairing, PlayerInfo, RoundReport, Side, short
from trfaudit.trf.model import Tournament

#: How the report has a checked file's tournament for the embedded explanations, by the
#: file's name (None: it has none, e.g. stdin).  The CLI reads the file again
#: (:func:`read_again`); the web page hands in its uploads and never opens a path.
Reader = Callable[[str], Tournament | None]
#: A file's tournament, the reader's message when it could not be had, or None.
Source = Tournament | str | None

#: Rows of each table shown without ``--full``.
ROWS = 12

CSS = """
@page { size: A4; margin: 15mm 12mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; margin: 1.5em;
       color: #111; max-width: 186mm; }
h1 { font-size: 17pt; margin-bottom: .2em; }
h2 { font-size: 13pt; border-bottom: 2px solid #444; margin-top: 1.4em; overflow-wrap: anywhere; }
h3 { font-size: 11.5pt; margin: 1.1em 0 .3em; }
table { border-collapse: collapse; margin: .4em 0 .8em; font-size: 9.5pt; }
th, td { border: 1px solid #999; padding: 2px 6px; text-align: left; vertical-align: top; }
th { background: #eee; }
td.num { text-align: right; }
tr.differs td.recorded { font-weight: bold; }
.rules { background: #f4f4f4; border-left: 4px solid #444; padding: .4em .8em; }
.summary-sentence { font-weight: bold; margin: .3em 0 .5em; }
.kind { display: inline-block; padding: 0 6px; border-radius: 3px; color: #fff;
        background: #555; font-weight: bold; font-size: 9pt; }
.kind-illegal { background: #b00020; } .kind-quality { background: #a86400; }
.kind-order { background: #00698f; } .kind-colour { background: #7a1fa2; }
.kind-unexplained { background: #2d4fa8; } .kind-input { background: #555; }
.status-match { color: #16702e; font-weight: bold; }
.status-differs, .status-invalid { color: #b00020; font-weight: bold; }
span.cls-pairing { color: #b00020; } span.cls-input { color: #6b4e00; }
span.cls-interpretation { color: #2d4fa8; }
td.cls-pairing { background: #fde4e7; } td.cls-input { background: #fff4cc; }
td.cls-interpretation { background: #e4ebfb; }
section.round.cls-pairing { border-left: 5px solid #b00020; padding-left: .6em; }
section.round.cls-input { border-left: 5px solid #d6a800; padding-left: .6em; }
section.round.cls-interpretation { border-left: 5px solid #2d4fa8; padding-left: .6em; }
.class-summary { font-weight: bold; }
.summary { font-weight: bold; }
.muted { color: #555; font-size: 9pt; }
ul.discrepancies { padding-left: 1.2em; }
ul.discrepancies li { margin-bottom: .4em; }
section.round { break-inside: avoid-page; }
details > summary { cursor: pointer; font-weight: bold; margin: .4em 0; }
@media print {
  body { margin: 0; }
  h2 { break-after: avoid; }
  details::details-content { content-visibility: visible; display: block; }
  details > summary { list-style: none; }
}
"""


def _person(names: dict[int, str], tpn: int) -> str:
    name = names.get(tpn, "")
    return escape(f"{short(name)} ({tpn})" if name else f"player {tpn}")


def _side(s: Side | None, names: dict[int, str]) -> tuple[str, str]:
    if s is None:
        return "", ""
    if s.black is None:
        return "PAB", _person(names, s.white)
    return str(s.board), f"{_person(names, s.white)} &ndash; {_person(names, s.black)}"


def _boards(r: RoundReport, names: dict[int, str], full: bool) -> str:
    rows = r.differing if full else r.differing[:ROWS]
    body = []
    for d in rows:
        rb, rt = _side(d.recorded, names)
        eb, et = _side(d.expected, names)
        body.append(
            f"<tr><td class=num>{rb}</td><td>{rt}</td><td class=num>{eb}</td><td>{et}</td></tr>"
        )
    more = (
        f"<p class=muted>&hellip; {len(r.differing) - len(rows)} more "
        "(<code>--full</code> shows everything)</p>"
        if len(rows) < len(r.differing)
        else ""
    )
    return (
        "<h4>Boards that differ <span class=muted>(board order, C.04.2 3.6)</span></h4>"
        "<table class=boards><thead><tr><th>Bd</th><th>Recorded (white &ndash; black)</th>"
        "<th>Bd</th><th>Engine (white &ndash; black)</th></tr></thead><tbody>"
        + "".join(body)
        + "</tbody></table>"
        + more
    )


def _players(players: list[PlayerInfo], rnd: int | None = None) -> str:
    """The players table; with ``rnd``, each name links to his explanation (explain_html)."""

    def name(p: PlayerInfo) -> str:
        # the reasons inside the player's <details>: following the link opens it
        return (
            f"<a href='#why-r{rnd}-p{p.tpn}-reasons'>{escape(p.name)}</a>"
            if rnd
            else escape(p.name)
        )

    rows = "".join(
        f"<tr><td class=num>{p.tpn}</td><td>{name(p)}</td><td>{escape(p.federation)}</td>"
        f"<td class=num>{p.rating or ''}</td><td class=num>{escape(p.score)}</td>"
        f"<td><code>{escape(p.colours)}</code></td></tr>"
        for p in players
    )
    return (
        "<table class=players><thead><tr><th>TPN</th><th>Name</th><th>Fed</th><th>Rating"
        "</th><th>Points</th><th>Colours</th></tr></thead><tbody>" + rows + "</tbody></table>"
    )


def _bracket(b: BracketView, full: bool) -> str:
    shown = b.players if full else [p for p in b.players if p.differs]
    rows_shown = shown if full else shown[:ROWS]
    rows = []
    for p in rows_shown:
        cls = ' class="differs"' if p.differs else ""
        rows.append(
            f"<tr{cls}><td class=num>{p.tpn}</td><td>{escape(p.name)}</td>"
            f"<td class=num>{p.rating or ''}</td><td class=num>{escape(p.score)}</td>"
            f"<td>{escape(p.preference)}</td><td><code>{escape(p.colours)}</code></td>"
            f"<td>{escape(p.floats)}</td><td>{escape(p.role)}</td>"
            f"<td class=recorded>{escape(p.recorded)}</td><td>{escape(p.expected)}</td></tr>"
        )
    more = ""
    if len(rows_shown) < len(shown):
        more = (
            f"<p class=muted>&hellip; {len(shown) - len(rows_shown)} more "
            "(<code>--full</code> shows everything)</p>"
        )
    elif len(shown) < len(b.players):
        more = (
            f"<p class=muted>{len(b.players) - len(shown)} other players of the bracket "
            "are paired alike in both (<code>--full</code> shows them).</p>"
        )
    side = ""
    if full:
        cells = []
        for i in range(max(len(b.recorded), len(b.expected))):
            r = b.recorded[i] if i < len(b.recorded) else ""
            e = b.expected[i] if i < len(b.expected) else ""
            cells.append(f"<tr><td>{escape(r)}</td><td>{escape(e)}</td></tr>")
        side = (
            "<table class=candidates><thead><tr><th>Recorded candidate</th>"
            "<th>Engine's candidate</th></tr></thead><tbody>" + "".join(cells) + "</tbody></table>"
        )
    mdps = len(b.mdps)
    return (
        f"<details class=bracket><summary>Bracket {escape(b.score)} ({b.residents} residents, "
        f"{mdps} MDP{'s' if mdps != 1 else ''}): the first bracket, in pairing order, where "
        "the two pairings part</summary>"
        "<table class=bracket><thead><tr><th>TPN</th><th>Name</th><th>Rating</th><th>Points"
        "</th><th>Colour preference</th><th>Colours</th><th>Floats</th><th>Role</th>"
        "<th>Recorded</th><th>Engine</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
        + more
        + side
        + "<p class=muted>Colour preference: W!/B! absolute, W/B strong, w/b mild, - none (1.7). "
        "Colours: the last rounds, oldest first. Floats: the two previous rounds (1.4).</p>"
        "</details>"
    )


def _pairing(p: Pairing | None) -> str:
    if p is None:
        return "no pairing"
    text = ", ".join(f"{w}-{b}" for w, b in p.boards)
    if p.bye is not None:
        text += f"; PAB {p.bye}"
    return escape(text)


def _round(r: RoundReport, full: bool, f: FileReport | None = None, source: Source = None) -> str:
    names = {p.tpn: p.name for p in r.players}
    if r.bracket is not None:
        names.update({p.tpn: p.name for p in r.bracket.players})
    first = r.discrepancies[0] if r.discrepancies else None
    items = []
    for d in r.discrepancies if full else r.discrepancies[:ROWS]:
        label = escape(
            d.kind + (f" {d.criterion}" if d.criterion else "") + (f" {d.cause}" if d.cause else "")
        )
        # the first finding's summary is the round's headline: here its rule only
        text = d.explanation if d is first else (d.summary or d.explanation)
        evidence = (
            f"<br><span class=evidence>evidence: {escape(d.evidence)}</span>" if d.evidence else ""
        )
        only = ""
        if d.editions is not None and r.editions and len(d.editions) < len(r.editions):
            only = (
                " <b>only under the "
                + escape(" and ".join(d.editions) or "no other")
                + " rules</b>"
            )
        items.append(
            f"<li><span class='kind kind-{escape(d.kind)}'>{label}</span>{only} "
            f"<span class='muted cls-{escape(d.finding_class)}'>"
            f"{escape(WORDS.get(d.finding_class, d.finding_class))} "
            f"(class {escape(d.finding_class)})</span> "
            f"{escape(text)}{evidence}</li>"
        )
    if not full and len(r.discrepancies) > ROWS:
        items.append(f"<li class=muted>&hellip; {len(r.discrepancies) - ROWS} more</li>")
    for alt in round_alternatives(r):  # a reading reproduces the whole round: said once
        items.append(
            f"<li class=alternative><span class=kind>alternative ({escape(alt.cause)})</span> "
            f"{escape(alt.explanation)}<br><span class=evidence>evidence: "
            f"{escape(alt.evidence)}</span></li>"
        )
    head = escape(first.summary) if first is not None and first.summary else "differs"
    cls = round_class(r) or "input"
    body = (
        f"<section class='round cls-{cls}' id=round-{r.round}><h3>Round {r.round}: "
        f"<span class='status-differs cls-{cls}'>{escape(round_words(r))}</span></h3>"
        f"<p class=summary-sentence>{head}</p>"
        "<ul class=discrepancies>" + "".join(items) + "</ul>"
    )
    if r.differing:
        body += _boards(r, names, full)
    if r.players:
        shown = r.players if full else r.players[:ROWS]
        why = _why(f, source, r.round, [p.tpn for p in shown])
        body += (
            "<h4>Players <span class=muted>(as the boards above show them)</span></h4>"
            + _players(shown, r.round if why else None)
        )
        if not full and len(r.players) > ROWS:
            body += f"<p class=muted>&hellip; {len(r.players) - ROWS} more</p>"
        body += why or ""
    if full and r.recorded is not None:
        body += (
            f"<p class=muted><b>Recorded round:</b> {_pairing(r.recorded)}<br>"
            f"<b>Engine's round:</b> {_pairing(r.expected)}</p>"
        )
    if r.bracket is not None:
        body += _bracket(r.bracket, full)
    return body + "</section>"


def _why(f: FileReport | None, source: Source, rnd: int, tpns: list[int]) -> str | None:
    """Each listed player's explanation for the round (trfaudit explain), when it can be made."""
    if f is None or source is None or not tpns:
        return None
    from trfaudit.checker.reports.explain_html import check_round_section, no_explanation

    if isinstance(source, str):
        return no_explanation(rnd, source)
    return check_round_section(source, rnd, tpns, f.rules)


def read_again(file: str) -> Tournament | None:
    """The CLI's :data:`Reader`: the checked file read again by its name (None for stdin)."""
    if file.startswith("<"):
        return None
    from trfaudit.trf.files import load

    return load(file)


def _source(f: FileReport, read: Reader) -> Source:
    """The tournament the explanations of ``f``'s differing rounds are made from, read once
    per file; the reader's message when it cannot be had."""
    from trfaudit.trf.errors import TrfError

    try:
        return read(f.file)
    except (OSError, TrfError) as exc:
        return str(exc)


#: Rounds per row of a file's round strip (a 9- to 11-round Swiss on one row).
ROUNDS_PER_ROW = 11


def _file(f: FileReport, full: bool, read: Reader) -> str:
    out = [f"<section class=file><h2>{escape(f.file)}</h2>"]
    if f.event:
        where = f", {escape(f.city)}" if f.city else ""
        out.append(f"<p class=event><b>{escape(f.event)}</b>{where}</p>")
    if f.rules:
        out.append(
            "<p class=rules>Judged by: <b>"
            + escape(f.rules_title or f"rules {f.rules}")
            + "</b>"
            + (f"<br>Why this edition: {escape(f.rules_reason)}" if f.rules_reason else "")
            + "</p>"
        )
    if f.error is not None:
        out.append(f"<p class=status-invalid>Not checked: {escape(f.error)}</p>")
    for w in f.warnings:
        out.append(f"<p class=muted>{escape(w)}</p>")
    if f.rounds:
        cells = [
            f"<td class='status-{escape(r.status)} cls-{round_class(r) or 'match'}'>"
            f"<a href='#round-{r.round}'>{r.round}</a>: {escape(round_words(r))}</td>"
            if r.status != "match"
            else f"<td class=status-match>{r.round}: match</td>"
            for r in f.rounds
        ]
        # Rows of at most ROUNDS_PER_ROW, so that a long event's strip stays on the page.
        rows = "".join(
            f"<tr>{''.join(cells[i : i + ROUNDS_PER_ROW])}</tr>"
            for i in range(0, len(cells), ROUNDS_PER_ROW)
        )
        out.append(f"<table class=rounds>{rows}</table>")
        classes = file_line(f)
        if classes:
            out.append(f"<p class=class-summary>{escape(classes)}</p>")
    from trfaudit.checker.reports.text import edition_lines

    lines = edition_lines(f)
    if lines:
        out.append("<p class=editions>" + "<br>".join(escape(x) for x in lines) + "</p>")
    source = _source(f, read) if f.differing else None
    for r in ordered(f.differing):  # the broken rules first
        out.append(_round(r, full, f, source))
    if f.standings:
        out.append(
            "<section class=standings><h3>Standings <span class=status-differs>differ"
            "</span></h3><ul class=discrepancies>"
            + "".join(
                f"<li><span class='kind kind-standings'>standings "
                f"{escape(d.criterion or '')}</span> <span class=muted>players "
                f"{escape(', '.join(map(str, d.players)))}</span><br>"
                f"{escape(d.explanation)}</li>"
                for d in f.standings
            )
            + "</ul></section>"
        )
    for note in f.standings_notes:
        out.append(f"<p class=muted>{escape(note)}</p>")
    out.append(f"<p class=summary>{escape(f.summary())}</p></section>")
    return "".join(out)


def render(
    batch: BatchReport, full: bool = False, read: Reader = read_again, gen: Generator | None = None
) -> str:
    """The page; ``full``: every differing board, every bracket player, both whole rounds;
    ``read``: how a checked file's tournament is had for the embedded explanations (the web
    page hands in its uploads, so no name is ever opened as a path); ``gen``: the verdict's
    generator block (default: made now)."""
    title = "trfaudit check report"
    made = gen or generator()
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        f"<title>{title}</title><style>{CSS}</style></head><body>"
        f"<h1>{title}</h1>"
        # The files of a batch may be judged by different systems (Dutch, Swiss Team,
        # Dubov, the Berger tables): each file's "Judged by" line names its own.
        "<p class=muted>Each recorded round is compared with the pairing that the rules "
        "named under its file (Judged by) prescribe.</p>"
        f"<p class=summary id=batch-summary>{escape(batch.summary())}</p>"
        f"<p class='muted generator' id=generator>Checked by {escape(line(made))} (UTC)</p>"
        + "".join(_file(f, full, read) for f in batch.files)
        + "</body></html>\n"
    )
