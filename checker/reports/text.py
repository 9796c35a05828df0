"""The terminal report: rich tables per differing round, a summary line per file."""

from __future__ import annotations

from typing import TextIO

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text
from trfaudit.checker.findings import (
    BatchReport,
    BracketView,
    FileReport,
    RoundReport,
    Side,
    number_ranges,
)
from trfaudit.checker.localise import short

KIND_STYLE = {
    "illegal": "bold red",
    "quality": "bold yellow",
    "order": "bold cyan",
    "colour": "bold magenta",
    "unexplained": "bold blue",
    "input": "bold green",
}


def make_console(stream: TextIO, *, terminal: bool | None = None) -> Console:
    """A console on ``stream``; files and pipes get plain text 120 columns wide."""
    if terminal is None:
        terminal = stream.isatty() if hasattr(stream, "isatty") else False
    if terminal:
        return Console(file=stream, highlight=False)
    return Console(
        file=stream,
        width=120,
        color_system=None,
        force_terminal=False,
        highlight=False,
        emoji=False,
    )


#: Rows of each table shown without ``--full``.
ROWS = 8


def _more(n: int) -> Text:
    return Text(f"  … {n} more (--full shows everything)", style="dim")


def _side(s: Side | None, names: dict[int, str]) -> str:
    if s is None:
        return ""
    if s.black is None:
        return f"PAB  {_who(names, s.white)}"
    return f"{s.board:>3}  {_who(names, s.white)} - {_who(names, s.black)}"


def _who(names: dict[int, str], tpn: int) -> str:
    return f"{short(names.get(tpn, ''))} ({tpn})"


def boards_table(r: RoundReport, names: dict[int, str], full: bool) -> Group:
    """The boards that differ, recorded beside the engine's, in board order (C.04.2)."""
    title = Text("Boards that differ (board order, C.04.2 3.6):", style="bold")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column(" Bd  Recorded (white - black)")
    table.add_column(" Bd  Engine (white - black)")
    rows = r.differing if full else r.differing[:ROWS]
    for d in rows:
        table.add_row(_side(d.recorded, names), _side(d.expected, names))
    parts: list = [title, table]
    if len(rows) < len(r.differing):
        parts.append(_more(len(r.differing) - len(rows)))
    return Group(*parts)


def bracket_table(b: BracketView, full: bool = True) -> Group:
    mdps = ", ".join(f"{short(p.name)} ({p.tpn})" for p in b.players if p.role == "MDP")
    title = Text(
        f"Bracket {b.score} ({b.residents} resident{'s' if b.residents != 1 else ''}"
        f", {len(b.mdps)} MDP{'s' if len(b.mdps) != 1 else ''}"
        + (f": {mdps}" if mdps and len(b.mdps) <= 4 else "")
        + "): the first bracket, in pairing order, where the two pairings part",
        style="bold",
    )
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for name, justify in (
        ("TPN", "right"),
        ("Name", "left"),
        ("Rtg", "right"),
        ("Pts", "right"),
        ("Pref", "center"),
        ("Colours", "left"),
        ("Floats", "left"),
        ("Recorded", "left"),
        ("Engine", "left"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    shown = b.players if full else [p for p in b.players if p.differs]
    rows = shown if full else shown[:ROWS]
    for p in rows:
        table.add_row(
            str(p.tpn),
            p.name[:20],
            str(p.rating or ""),
            p.score,
            p.preference,
            p.colours,
            p.floats,
            Text(p.recorded, style="bold" if p.differs else ""),
            p.expected,
        )
    parts: list = [title, table]
    if len(rows) < len(shown):
        parts.append(_more(len(shown) - len(rows)))
    elif not full and len(shown) < len(b.players):
        parts.append(
            Text(
                f"  ({len(b.players) - len(shown)} other players of the bracket are "
                "paired alike in both; --full shows them)",
                style="dim",
            )
        )
    if full:
        side = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        side.add_column("Recorded candidate")
        side.add_column("Engine's candidate")
        for i in range(max(len(b.recorded), len(b.expected))):
            side.add_row(
                b.recorded[i] if i < len(b.recorded) else "",
                b.expected[i] if i < len(b.expected) else "",
            )
        parts += [Text(""), side]
    parts.append(
        Text(
            "Pref: W!/B! absolute, W/B strong, w/b mild, - none (1.7). Colours: the "
            "last rounds, oldest first. Floats: the two previous rounds (1.4).",
            style="dim",
        )
    )
    return Group(*parts)


def round_block(r: RoundReport, full: bool = False) -> Group:
    names = {p.tpn: p.name for p in r.players}
    if r.bracket is not None:
        names.update({p.tpn: p.name for p in r.bracket.players})
    first = r.discrepancies[0] if r.discrepancies else None
    head = first.summary if first is not None and first.summary else f"Round {r.round}: differs"
    parts: list = [Text(head, style="bold")]
    shown = r.discrepancies if full else r.discrepancies[:ROWS]
    for i, d in enumerate(shown):
        line = Text("  ")
        line.append(
            d.kind
            + (f" {d.criterion}" if d.criterion else "")
            + (f" {d.cause}" if d.cause else ""),
            style=KIND_STYLE.get(d.kind, "bold"),
        )
        if d.editions is not None and r.editions and len(d.editions) < len(r.editions):
            line.append(
                f" [only under the {' and '.join(d.editions) or 'no other'} rules]", style="bold"
            )
        line.append(f" [class {d.finding_class}]", style="dim")
        evidence = Text(f"    evidence: {d.evidence}") if d.evidence else None
        if i == 0:
            parts.append(line)  # the summary above says it
            if evidence is not None:
                parts.append(evidence)
            continue
        text = d.summary.split(": ", 1)[1] if d.summary else d.explanation
        line.append(": " + text)
        parts.append(line)
        if evidence is not None:
            parts.append(evidence)
    if len(shown) < len(r.discrepancies):
        parts.append(_more(len(r.discrepancies) - len(shown)))
    if r.differing:
        parts.append(Text(""))
        parts.append(boards_table(r, names, full))
    if full and r.recorded is not None:
        rec = ", ".join(f"{w}-{b}" for w, b in r.recorded.boards)
        if r.recorded.bye is not None:
            rec += f"; PAB {r.recorded.bye}"
        parts.append(Text(f"  recorded round: {rec}", style="dim"))
    if full and r.expected is not None:
        exp = ", ".join(f"{w}-{b}" for w, b in r.expected.boards)
        if r.expected.bye is not None:
            exp += f"; PAB {r.expected.bye}"
        parts.append(Text(f"  engine's round: {exp}", style="dim"))
    if r.bracket is not None:
        parts.append(Text(""))
        parts.append(bracket_table(r.bracket, full))
    parts.append(Text(""))
    return Group(*parts)


def standings_block(console: Console, f: FileReport) -> None:
    """The recorded ranks against C.07 (checker.standings): findings, then notes."""
    for d in f.standings:
        head = Text("standings", style="bold red")
        if d.criterion:
            head.append(f" {d.criterion}")
        head.append(" (players " + ", ".join(map(str, d.players)) + ")")
        console.print(head)
        console.print(Text("    " + d.explanation))
    for note in f.standings_notes:
        console.print(Text(note, style="dim"))


def edition_lines(f: FileReport) -> list[str]:
    """The rounds whose verdict depends on the edition, when several were checked."""
    from trfaudit.checker.by_edition import verdict_sentence

    if len(f.editions) < 2:
        return []
    in_force = f.rules if f.edition_known else None
    head = f"editions checked: {', '.join(f.editions)}" + (
        f" ({f.rules} in force)" if in_force else " (the edition is unknown)"
    )
    lines = [verdict_sentence(r.round, r.editions, in_force) for r in f.rounds if r.editions]
    found = [line for line in lines if line]
    if not found:
        return [head, "every round has the same verdict under every edition"]
    return [head] + found


def file_block(console: Console, f: FileReport, full: bool = False) -> None:
    console.rule(Text(f.file), align="left")
    if f.rules:
        why = f" ({f.rules_reason})" if f.rules_reason else ""
        title = f" - {f.rules_title}" if f.rules_title else ""
        console.print(Text(f"rules: {f.rules}{title}{why}"))
    for w in f.warnings:
        console.print(Text(w, style="dim"))
    if f.error is not None:
        console.print(Text(f"not checked: {f.error}", style="bold red"))
        return
    matching = [r.round for r in f.rounds if r.status == "match"]
    if matching:
        console.print(
            Text(
                f"round{'s' if len(matching) > 1 else ''} {number_ranges(matching)}: match",
                style="green",
            )
        )
    for line in edition_lines(f):
        console.print(Text(line))
    for r in f.differing:
        console.print(round_block(r, full))
    standings_block(console, f)
    style = "bold red" if f.differing or f.standings else "bold green"
    console.print(Text(f.summary(), style=style))


def render(batch: BatchReport, console: Console, full: bool = False) -> None:
    """``full``: every board, every bracket player and both whole rounds (``--full``)."""
    for f in batch.files:
        file_block(console, f, full)
        console.print()
    if len(batch.files) > 1:
        console.print(Text(batch.summary(), style="bold"))


def render_text(batch: BatchReport, full: bool = False) -> str:
    """The report as plain text (for ``-o`` and tests)."""
    import io

    buf = io.StringIO()
    render(batch, make_console(buf, terminal=False), full)
    return buf.getvalue()
