"""The terminal report: rich tables per differing round, a summary line per file.

A report is a sequence of items (a file's rule, plain lines, a differing round's block).  On a
terminal every item is printed by rich.  To a file or a pipe, a line of one-column
characters is written directly - as it is when it fits the page, else wrapped as rich wraps
it - so a report whose rounds all match does not load rich (~30 ms of a 10-player
``check``), and a round's block of lines and tables is drawn as rich draws it (:mod:`.plain`);
anything else goes through the same plain rich console as before, in order, so the text is
the same byte for byte (tests/checker/test_text_plain.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple, TextIO

from trfaudit.checker.findings import BatchReport, FileReport
from trfaudit.engine.alternatives import round_alternatives
from trfaudit.engine.findings import BracketView, RoundReport, Side, number_ranges, short

from .plain import lines_of, one_column, wrapped

if TYPE_CHECKING:
    from rich.console import Console, Group
    from rich.text import Text

KIND_STYLE = {
    "illegal": "bold red",
    "quality": "bold yellow",
    "order": "bold cyan",
    "colour": "bold magenta",
    "unexplained": "bold blue",
    "input": "bold green",
}


#: The width of a report to a file or pipe.
WIDTH = 120


def _is_terminal(stream: TextIO) -> bool:
    return stream.isatty() if hasattr(stream, "isatty") else False


def make_console(stream: TextIO, *, terminal: bool | None = None) -> Console:
    """A console on ``stream``; files and pipes get plain text 120 columns wide."""
    from rich.console import Console

    if terminal is None:
        terminal = _is_terminal(stream)
    if terminal:
        return Console(file=stream, highlight=False)
    return Console(
        file=stream,
        width=WIDTH,
        color_system=None,
        force_terminal=False,
        highlight=False,
        emoji=False,
    )


#: Rows of each table shown without ``--full``.
ROWS = 8


def _more(n: int) -> Text:
    from rich.text import Text

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
    from rich import box
    from rich.console import Group, RenderableType
    from rich.table import Table
    from rich.text import Text

    title = Text("Boards that differ (board order, C.04.2 3.6):", style="bold")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column(" Bd  Recorded (white - black)")
    table.add_column(" Bd  Engine (white - black)")
    rows = r.differing if full else r.differing[:ROWS]
    for d in rows:
        table.add_row(_side(d.recorded, names), _side(d.expected, names))
    parts: list[RenderableType] = [title, table]
    if len(rows) < len(r.differing):
        parts.append(_more(len(r.differing) - len(rows)))
    return Group(*parts)


def bracket_table(b: BracketView, full: bool = True) -> Group:
    from rich import box
    from rich.console import Group, RenderableType
    from rich.table import Table
    from rich.text import Text

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
    parts: list[RenderableType] = [title, table]
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
    from rich.console import Group, RenderableType
    from rich.text import Text

    names = {p.tpn: p.name for p in r.players}
    if r.bracket is not None:
        names.update({p.tpn: p.name for p in r.bracket.players})
    first = r.discrepancies[0] if r.discrepancies else None
    head = first.summary if first is not None and first.summary else f"Round {r.round}: differs"
    parts: list[RenderableType] = [Text(head, style="bold")]
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
    for alt in round_alternatives(r):  # a reading reproduces the whole round: said once
        parts.append(Text(f"  alternative ({alt.cause}): {alt.explanation}", style="yellow"))
        parts.append(Text(f"    evidence: {alt.evidence}"))
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


# The items are named tuples: a dataclass costs ~0.5 ms more to create at import.
class Line(NamedTuple):
    """One line of text: its parts, each with its style (the first part's is the line's)."""

    parts: tuple[tuple[str, str], ...] = ()

    @property
    def plain(self) -> str:
        return "".join(text for text, _ in self.parts)


def line(text: str, style: str = "") -> Line:
    return Line(((text, style),))


class Rule(NamedTuple):
    """The file's heading: its name, then a rule to the page's width."""

    title: str


class Block(NamedTuple):
    """A differing round: its findings and tables (rich renders them)."""

    round: RoundReport
    full: bool


Item = Line | Rule | Block


def standings_lines(f: FileReport) -> Iterator[Line]:
    """The recorded ranks against C.07 (checker.standings): findings, then notes."""
    for d in f.standings:
        players = " (players " + ", ".join(map(str, d.players)) + ")"
        yield Line(
            (("standings", "bold red"),)
            + (((f" {d.criterion}", ""),) if d.criterion else ())
            + ((players, ""),)
        )
        yield line("    " + d.explanation)
    for note in f.standings_notes:
        yield line(note, "dim")


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


def file_items(f: FileReport, full: bool = False) -> Iterator[Item]:
    """One file's report."""
    yield Rule(f.file)
    if f.rules:
        why = f" ({f.rules_reason})" if f.rules_reason else ""
        title = f" - {f.rules_title}" if f.rules_title else ""
        yield line(f"rules: {f.rules}{title}{why}")
    for w in f.warnings:
        yield line(w, "dim")
    if f.error is not None:
        yield line(f"not checked: {f.error}", "bold red")
        return
    matching = [r.round for r in f.rounds if r.status == "match"]
    if matching:
        yield line(
            f"round{'s' if len(matching) > 1 else ''} {number_ranges(matching)}: match", "green"
        )
    for text in edition_lines(f):
        yield line(text)
    for r in f.differing:
        yield Block(r, full)
    yield from standings_lines(f)
    yield line(f.summary(), "bold red" if f.differing or f.standings else "bold green")


def batch_items(batch: BatchReport, full: bool = False) -> Iterator[Item]:
    """``full``: every board, every bracket player and both whole rounds (``--full``)."""
    for f in batch.files:
        yield from file_items(f, full)
        yield Line()
    if len(batch.files) > 1:
        yield line(batch.summary(), "bold")


def print_item(console: Console, item: Item) -> None:
    """``item`` on a rich console."""
    from rich.text import Text

    if isinstance(item, Rule):
        console.rule(Text(item.title), align="left")
    elif isinstance(item, Block):
        console.print(round_block(item.round, item.full))
    elif not item.parts:
        console.print()
    else:
        (first, style), *rest = item.parts
        text = Text(first, style=style)
        for more, more_style in rest:
            text.append(more, more_style or None)
        console.print(text)


def render(batch: BatchReport, console: Console, full: bool = False) -> None:
    """``full``: every board, every bracket player and both whole rounds (``--full``)."""
    for item in batch_items(batch, full):
        print_item(console, item)


def _fits(text: str, width: int) -> bool:
    """Whether rich prints ``text`` on a plain console of ``width`` columns as it is: one
    line of printable ASCII (one column a character, nothing to wrap, expand or fold)."""
    return len(text) <= width and text.isascii() and text.isprintable()


class PlainWriter:
    """The report to a file or pipe: what rich would print unchanged is written directly;
    the rest by :func:`make_console`'s plain console on the same stream (made on first
    need), so the order and the bytes are those of that console alone."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.console: Console | None = None
        # rich draws the rule with "-" when the stream's encoding is not a UTF one
        encoding = (getattr(stream, "encoding", "utf-8") or "utf-8").lower()
        self.direct = encoding.startswith("utf")

    def write(self, item: Item) -> None:
        if self.direct and isinstance(item, Rule) and item.title and _fits(item.title, WIDTH - 2):
            # rich's left-aligned rule: the title, a blank, "─" to the width (no title: a
            # bare rule)
            self.stream.write(f"{item.title} {'─' * (WIDTH - len(item.title) - 1)}\n")
        elif self.direct and isinstance(item, Line) and one_column(item.plain):
            # rich's wrap of the line (one that fits is itself), without loading rich for it.
            self.stream.write("\n".join(wrapped(item.plain, WIDTH)) + "\n")
        elif isinstance(item, Block):
            # A round's lines and tables as rich would print them (.plain), else by rich.
            group = round_block(item.round, item.full)
            lines = lines_of(group, WIDTH) if self.direct else None
            if lines is not None:
                self.stream.write("".join(line + "\n" for line in lines))
            else:
                self._console().print(group)
        else:
            print_item(self._console(), item)

    def _console(self) -> Console:
        if self.console is None:
            self.console = make_console(self.stream, terminal=False)
        return self.console


def write(batch: BatchReport, stream: TextIO, full: bool = False) -> None:
    """The report on ``stream``: styled by rich on a terminal, else plain text."""
    if _is_terminal(stream):
        render(batch, make_console(stream, terminal=True), full)
        return
    writer = PlainWriter(stream)
    for item in batch_items(batch, full):
        writer.write(item)


def render_text(batch: BatchReport, full: bool = False) -> str:
    """The report as plain text (for ``-o`` and tests)."""
    import io

    buf = io.StringIO()
    writer = PlainWriter(buf)
    for item in batch_items(batch, full):
        writer.write(item)
    return buf.getvalue()
