"""What rich's plain console prints for the report's lines and tables, worked out directly.

The text report to a file or pipe (:class:`.text.PlainWriter`) must be the text rich prints
there, byte for byte; rendering it with rich costs a 51-round check's report about 5 % of its
time.  This module writes the kinds of content the report has - a line of one-column
characters, word-wrapped as rich wraps it; a table as the report draws it (``SIMPLE_HEAD``, no
edge) when it fits the page - and answers None for anything else, which then goes to rich
(tests/checker/test_text_plain.py compares the two).
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
# Between two columns of a table: the left one's padding, the divider, the right one's.
_GAP = "   "


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


def wrapped(text: str, width: int) -> list[str]:
    """The lines rich's console ``width`` columns wide prints ``text`` on (one-column
    characters, :func:`one_column`): its word wrap (Text.wrap: ``fold`` overflow,
    ``default`` justify): a word that does not fit the rest of a line starts the next one,
    a word longer than a line is cut into lines of ``width``, and a line's blanks past the
    width are dropped."""
    breaks: list[int] = []
    used = 0  # columns taken on the current line
    for m in _WORD.finditer(text):
        start, word = m.start(), m.group()
        length = len(word.rstrip())
        if width - used >= length:
            used += len(word)
        elif length > width:
            chunks = [word[i : i + width] for i in range(0, len(word), width)]
            for chunk in chunks[:-1]:
                if start:
                    breaks.append(start)
                start += len(chunk)
            if start:
                breaks.append(start)
            used = len(chunks[-1])
        elif used and start:
            breaks.append(start)
            used = len(word)
    # (A line past the width is cut to it: rich drops the blanks past it, then crops.)
    return [text[a:b][:width] for a, b in zip([0, *breaks], [*breaks, len(text)], strict=True)]


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
    """A cell's text in its column, as rich justifies it: the blanks at its end count in the
    column's width and stay to the left; to the right or centred they go first."""
    if justify == "left":
        return text.ljust(width)
    text = text.rstrip()
    if justify == "right":
        return text.rjust(width)
    left = (width - len(text)) // 2
    return " " * left + text + " " * (width - len(text) - left)


def _table_lines(table: Table, width: int) -> list[str] | None:
    """A table as the report draws it (box ``SIMPLE_HEAD``, no edge, no padding at the
    edges, a header): the columns as wide as their widest text, three blanks apart, the
    header above a rule; None for another table, or one that would not fit ``width`` (rich
    then shares the width out and wraps cells)."""
    from rich import box

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
    widths = [max(map(len, texts)) for texts in columns]
    total = sum(widths) + len(_GAP) * (len(widths) - 1)
    if total > width or not min(widths):
        return None  # (an empty column: rich gives it a width all the same)
    rows = []
    for i in range(len(columns[0])):
        cells = [
            _justified(texts[i], w, column.justify)
            for texts, w, column in zip(columns, widths, table.columns, strict=True)
        ]
        rows.append(_GAP.join(cells))
    return [rows[0], "─" * total, *rows[1:]]
