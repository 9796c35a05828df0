"""The terminal report: rich tables per differing round, a summary line per file."""

from __future__ import annotations

from typing import TextIO

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from .model import BatchReport, BracketView, FileReport, RoundReport

KIND_STYLE = {"illegal": "bold red", "quality": "bold yellow", "order": "bold cyan",
              "colour": "bold magenta", "unexplained": "bold blue"}


def make_console(stream: TextIO, *, terminal: bool | None = None) -> Console:
    """A console on ``stream``; files and pipes get plain text 100 columns wide."""
    if terminal is None:
        terminal = stream.isatty() if hasattr(stream, "isatty") else False
    if terminal:
        return Console(file=stream, highlight=False)
    return Console(file=stream, width=100, color_system=None, force_terminal=False,
                   highlight=False, emoji=False)


def _ranges(numbers: list[int]) -> str:
    """``1-3, 5``."""
    out, start, prev = [], None, None
    for n in numbers:
        if start is None:
            start = prev = n
        elif n == prev + 1:
            prev = n
        else:
            out.append(f"{start}-{prev}" if prev != start else f"{start}")
            start = prev = n
    if start is not None:
        out.append(f"{start}-{prev}" if prev != start else f"{start}")
    return ", ".join(out)


def bracket_table(b: BracketView) -> Group:
    title = Text(f"Bracket {b.score}: where the recorded and the engine's pairings first "
                 "diverge", style="bold")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for name, justify in (("TPN", "right"), ("Score", "right"), ("Pref", "center"),
                          ("Floats", "left"), ("Role", "left"), ("Recorded", "left"),
                          ("Engine", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for p in b.players:
        differs = p.recorded != p.expected
        table.add_row(str(p.tpn), p.score, p.preference, p.floats, p.role,
                      Text(p.recorded, style="bold" if differs else ""), p.expected)
    side = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    side.add_column("Recorded candidate")
    side.add_column("Engine's candidate")
    for i in range(max(len(b.recorded), len(b.expected))):
        side.add_row(b.recorded[i] if i < len(b.recorded) else "",
                     b.expected[i] if i < len(b.expected) else "")
    legend = Text("Pref: W!/B! absolute, W/B strong, w/b mild, - none (1.7). Floats: the "
                  "two previous rounds (1.4).", style="dim")
    return Group(title, table, legend, Text(""), side)


def round_block(r: RoundReport) -> Group:
    parts: list = [Text(f"Round {r.round}: differs", style="bold")]
    for d in r.discrepancies:
        head = Text("  ")
        head.append(d.kind + (f" {d.criterion}" if d.criterion else ""),
                    style=KIND_STYLE.get(d.kind, "bold"))
        if d.players:
            head.append(" (players " + ", ".join(map(str, d.players)) + ")")
        parts.append(head)
        parts.append(Text("    " + d.explanation))
        if d.recorded is not None or d.expected is not None:
            parts.append(Text(f"    recorded: {d.recorded or '-'}   expected: {d.expected or '-'}",
                              style="dim"))
    if r.recorded is not None:
        rec = ", ".join(f"{w}-{b}" for w, b in r.recorded.boards)
        if r.recorded.bye is not None:
            rec += f"; PAB {r.recorded.bye}"
        parts.append(Text(f"  recorded round: {rec}", style="dim"))
    if r.expected is not None:
        exp = ", ".join(f"{w}-{b}" for w, b in r.expected.boards)
        if r.expected.bye is not None:
            exp += f"; PAB {r.expected.bye}"
        parts.append(Text(f"  engine's round: {exp}", style="dim"))
    if r.bracket is not None:
        parts.append(Text(""))
        parts.append(bracket_table(r.bracket))
    parts.append(Text(""))
    return Group(*parts)


def file_block(console: Console, f: FileReport) -> None:
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
        console.print(Text(f"round{'s' if len(matching) > 1 else ''} {_ranges(matching)}: "
                           "match", style="green"))
    for r in f.differing:
        console.print(round_block(r))
    style = "bold red" if f.differing else "bold green"
    console.print(Text(f.summary(), style=style))


def render(batch: BatchReport, console: Console) -> None:
    for f in batch.files:
        file_block(console, f)
        console.print()
    if len(batch.files) > 1:
        console.print(Text(batch.summary(), style="bold"))


def render_text(batch: BatchReport) -> str:
    """The report as plain text (for ``-o`` and tests)."""
    import io

    buf = io.StringIO()
    render(batch, make_console(buf, terminal=False))
    return buf.getvalue()

