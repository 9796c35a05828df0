"""What rich's plain console prints for the report's lines and tables, worked out directly.

The text report to a file or pipe (:class:`.text.PlainWriter`) must be the text rich prints
there, byte for byte; rendering it with rich cost a 51-round check about 5 % of its time.
This module writes the kinds of content the report has - a line of one-column characters,
word-wrapped as rich wraps it; a table as the report draws it (``SIMPLE_HEAD``, no edge),
its columns cut down and its cells wrapped as rich does when it is wider than the page - and
answers None for anything else, which then goes to rich (tests/checker/test_text_plain.py
compares the two).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table

# rich's words (rich/_wrap.py): a word and the blanks after it, the first with those before.
_WORD = re.compile(r"\s*\S+\s*")


@cache
def _one_column_char(c: str) -> bool:
    if c.isascii():
        return c.isprintable()
    from rich.cells import cell_len

    return c.isprintable() and cell_len(c) == 1


def one_column(text: str) -> bool:
    """Every character printable and one column wide (as rich measures it): nothing to
    expand, fold or measure otherwise."""
    return (text.isascii() and text.isprintable()) or all(map(_one_column_char, text))


def wrapped(text: str, width: int, fold: bool = True) -> list[str]:
    """The lines rich prints ``text`` on in ``width`` columns (one-column characters,
    :func:`one_column`): its word wrap (Text.wrap, ``default`` justify).  A word that does
    not fit the rest of a line starts the next one; a word longer than a line is cut into
    lines of ``width`` (``fold``: a console's text) or stays whole and is cut at the width
    with an ellipsis (a table's cells: their column's ``ellipsis`` overflow); a line's
    blanks past the width are dropped first."""
    breaks: list[int] = []
    used = 0  # columns taken on the current line
    for m in _WORD.finditer(text):
        start, word = m.start(), m.group()
        length = len(word.rstrip())
        if width - used >= length:
            used += len(word)
        elif length > width and fold:
            chunks = [word[i : i + width] for i in range(0, len(word), width)]
            for chunk in chunks[:-1]:
                if start:
                    breaks.append(start)
                start += len(chunk)
            if start:
                breaks.append(start)
            used = len(chunks[-1])
        elif length > width:
            if start:
                breaks.append(start)
            used = len(word)
        elif used and start:
            breaks.append(start)
            used = len(word)
    lines = []
    for a, b in zip([0, *breaks], [*breaks, len(text)], strict=True):
        line = text[a:b]
        if len(line) > width:  # rich's rstrip_end, then truncate
            blanks = len(line) - len(line.rstrip())
            line = line[: len(line) - min(blanks, len(line) - width)]
            if len(line) > width:
                line = line[:width] if fold else line[: width - 1] + "…"
        lines.append(line)
    return lines


def lines_of(renderable: RenderableType, width: int) -> list[str] | None:
    """The lines rich prints ``renderable`` on, on a plain console ``width`` columns wide:
    a group of texts and tables; None when it holds anything else (rich then prints it)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    if isinstance(renderable, Group):
        out: list[str] = []
        for part in renderable.renderables:
            lines = lines_of(part, width)
            if lines is None:
                return None
            out += lines
        return out
    if isinstance(renderable, Text):
        text = renderable.plain
        plain = (
            renderable.justify is None
            and renderable.overflow is None
            and not renderable.no_wrap
            and renderable.end == "\n"
        )
        return wrapped(text, width) if plain and one_column(text) else None
    if isinstance(renderable, Table):
        return _table_lines(renderable, width)
    return None


def _cell_text(cell: object) -> str | None:
    """A cell's or header's text; None where rich would read it otherwise (a string's
    ``[`` starts console markup) or it is not one line of one-column characters."""
    from rich.text import Text

    if isinstance(cell, Text):
        text = cell.plain
    elif isinstance(cell, str) and "[" not in cell:
        text = cell
    else:
        return None
    return text if one_column(text) else None


def _justified(text: str, width: int, justify: str) -> str:
    """One line of a cell's text in its width, as rich's Text.wrap justifies it: to the left
    it is padded as it is (the blanks at its end stay); to the right or centred its blanks
    at the end go first."""
    if justify == "left":
        return text.ljust(width)
    text = text.rstrip()
    if justify == "right":
        return text.rjust(width)
    left = (width - len(text)) // 2
    return " " * left + text + " " * (width - len(text) - left)


def _measured(text: str, limit: int, pad: int) -> int:
    """rich's Measurement.get of a cell (its text in ``pad`` columns of padding) where
    ``limit`` columns are free, its maximum (the widths read no other): the whole text,
    padded, at most ``limit``."""
    if limit < 1:
        return 0
    if limit - pad < 1:
        return limit
    most = min(min(len(text), limit) + pad, limit)
    return most if most >= 1 else 0


def _table_lines(table: Table, width: int) -> list[str] | None:
    """A table as the report draws it (box ``SIMPLE_HEAD``, no edge, no padding at the
    edges, a header), as rich draws it on ``width`` columns: each column as wide as its
    widest text, and when they do not fit, the widest cut down first (Table.
    _collapse_widths) and the cells wrapped in them; a blank between columns, the header
    above a rule and aligned at the bottom, the rows at the top.  None for another table."""
    from rich import box
    from rich._ratio import ratio_reduce

    if not (
        table.box is box.SIMPLE_HEAD
        and not table.show_edge
        and not table.pad_edge
        and table.show_header
        and not table.show_footer
        and not table.show_lines
        and not table.expand
        and not table.collapse_padding
        and table.padding == (0, 1, 0, 1)
        and table.leading == 0
        and table.title is None
        and table.caption is None
        and table.width is None
        and table.min_width is None
        and table.columns
    ):
        return None
    columns: list[list[str]] = []
    for column in table.columns:
        if (
            column.justify not in ("left", "right", "center")
            or column.overflow != "ellipsis"
            or column.vertical != "top"
            or column.width is not None
            or column.min_width is not None
            or column.max_width is not None
            or column.ratio is not None
            or column.no_wrap
        ):
            return None
        texts = [_cell_text(c) for c in (column.header, *column.cells)]
        if any(t is None for t in texts):
            return None
        columns.append([t for t in texts if t is not None])
    n = len(columns)
    pads = [(0 if i == 0 else 1, 0 if i == n - 1 else 1) for i in range(n)]  # left, right

    def measured(i: int, limit: int) -> int:
        """The widest cell of column ``i`` where ``limit`` columns are free."""
        return max(_measured(text, limit, sum(pads[i])) for text in columns[i])

    room = width - (n - 1)  # the dividers between columns
    widths = [measured(i, room) or 1 for i in range(n)]
    if sum(widths) > room:
        widths = type(table)._collapse_widths(widths, [True] * n, room)
        if sum(widths) > room:
            widths = ratio_reduce(sum(widths) - room, [1] * n, widths, widths)
        widths = [measured(i, w) for i, w in enumerate(widths)]
    if any(w - sum(pad) < 1 for w, pad in zip(widths, pads, strict=True)):
        return None
    lines: list[str] = []
    for row in range(len(columns[0])):
        cells = []
        for i, column in enumerate(table.columns):
            left, right = pads[i]
            inner = widths[i] - left - right
            cells.append(
                [
                    " " * left + _justified(line, inner, column.justify) + " " * right
                    for line in wrapped(columns[i][row], inner, fold=False)
                ]
            )
        height = max(map(len, cells))
        for i, cell in enumerate(cells):
            blank = [" " * widths[i]] * (height - len(cell))
            cells[i] = blank + cell if row == 0 else cell + blank  # the header at the bottom
        lines += [" ".join(parts) for parts in zip(*cells, strict=True)]
        if row == 0:
            lines.append("─" * (sum(widths) + n - 1))
    return lines
