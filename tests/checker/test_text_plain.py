"""The text report to a file or pipe writes the lines rich would print unchanged by itself
(checker/reports/text.py: so an all-match check does not load rich); the text must be the
one rich's plain console prints, byte for byte.  Each test renders the same items twice: by
``PlainWriter`` and by rich alone (``print_item`` on ``make_console(terminal=False)``)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfaudit.checker.audit import Options
from trfaudit.checker.batch.run import run
from trfaudit.checker.findings import BatchReport
from trfaudit.checker.reports.plain import lines_of
from trfaudit.checker.reports.text import (
    WIDTH,
    Block,
    Item,
    Line,
    PlainWriter,
    Rule,
    batch_items,
    make_console,
    print_item,
    render_text,
    round_block,
)

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table

ROOT = Path(__file__).resolve().parents[2]

#: Small files with differing rounds (tables), one that matches, one not checked (a team
#: event) and one the edition choice refuses nothing of: every kind of item a report has.
FILES = [
    ROOT / "corpus" / "real" / "sharly-chess__2020_06.trf",
    ROOT / "corpus" / "real" / "ottomilvang-tiebreakserver__held_swiss_9.trf",
    ROOT / "corpus" / "real" / "sharly-chess__trf-import-test.trf",
    ROOT / "corpus" / "real" / "tornello__input_bbp_Primavera_2.trf",
    ROOT / "corpus" / "dutch2025" / "t000007.trf",
    ROOT / "corpus" / "team" / "swiss-team-2026.trf",
]


def by_rich(items: list[Item]) -> str:
    buf = io.StringIO()
    console = make_console(buf, terminal=False)
    for item in items:
        print_item(console, item)
    return buf.getvalue()


def by_writer(items: list[Item]) -> str:
    buf = io.StringIO()
    writer = PlainWriter(buf)
    for item in items:
        writer.write(item)
    return buf.getvalue()


@pytest.fixture(scope="module")
def batch() -> BatchReport:
    files = [str(f) for f in FILES if f.exists()]
    assert len(files) >= 5
    return run(files, Options())


@pytest.mark.parametrize("full", [False, True])
def test_checked_files_read_as_rich_prints_them(batch: BatchReport, full: bool) -> None:
    items = list(batch_items(batch, full))
    assert any(isinstance(i, Block) for i in items)  # tables were printed
    assert render_text(batch, full) == by_rich(items)


# Lines around the page width, with what rich treats apart: blanks at either end (kept
# when the line fits, dropped past the width), tabs, newlines, control and wide characters.
_CHARS = st.sampled_from(list("ab Z9-.:()") + ["\t", "\n", "\x1b", "é", "…", "─", "漢", "\u200b"])
_TEXT = st.one_of(
    st.text(_CHARS, max_size=8),
    st.builds(
        lambda n, tail: "x" * n + tail,
        st.integers(WIDTH - 6, WIDTH + 2),
        st.text(_CHARS, max_size=4),
    ),
    st.builds(lambda n: ("word " * 40)[:n], st.integers(WIDTH - 3, WIDTH + 3)),
)
# Lines of printable ASCII up to three pages wide, which the writer wraps itself: words of
# any length (longer than a line too), runs of blanks, blanks at either end.
_WORDS = st.lists(
    st.one_of(
        st.text(st.sampled_from(list("abc9(-:")), min_size=1, max_size=12),
        st.integers(WIDTH - 2, 2 * WIDTH + 3).map(lambda n: "y" * n),
    ),
    min_size=1,
    max_size=40,
)
_BLANKS = st.integers(0, 3).map(lambda n: " " * n)
_LONG = st.builds(
    lambda lead, words, seps, tail: (
        lead + "".join(w + (seps[i % len(seps)] or " ") for i, w in enumerate(words)) + tail
    ),
    _BLANKS,
    _WORDS,
    st.lists(_BLANKS, min_size=1, max_size=4),
    _BLANKS,
).map(lambda t: t[: 3 * WIDTH])
_STYLE = st.sampled_from(["", "dim", "bold red", "green"])
_ITEM = st.one_of(
    st.builds(Rule, _TEXT),
    st.builds(Line, st.lists(st.tuples(_TEXT, _STYLE), max_size=3).map(tuple)),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_ITEM, min_size=1, max_size=6))
def test_any_line_reads_as_rich_prints_it(items: list[Item]) -> None:
    assert by_writer(items) == by_rich(items)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(_LONG, _STYLE), min_size=1, max_size=3))
def test_a_long_ascii_line_is_wrapped_as_rich_wraps_it_without_rich(
    parts: list[tuple[str, str]],
) -> None:
    items: list[Item] = [Line(tuple(parts))]
    buf = io.StringIO()
    writer = PlainWriter(buf)
    writer.write(items[0])
    assert writer.console is None  # written without rich
    assert buf.getvalue() == by_rich(items)


def test_a_stream_rich_would_draw_in_ascii_goes_through_rich() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii", errors="replace", write_through=True)
    writer = PlainWriter(stream)
    writer.write(Rule("t.trf"))
    assert raw.getvalue().decode("ascii") == "t.trf " + "-" * (WIDTH - 6) + "\n"


# -- a round's tables, drawn without rich's renderer (checker/reports/plain.py) -------------

_CELL_CHARS = st.sampled_from(list("ab Z9-.:()!") + ["é", "…", "[", "漢", "\u0301"])
_CELL = st.one_of(
    st.text(_CELL_CHARS, max_size=14),
    st.text(st.sampled_from(list("ab c")), min_size=20, max_size=60),  # wrapped when wide
    st.integers(20, 130).map(lambda n: "x" * n),  # cut with an ellipsis in a narrow column
)
_JUSTIFY = st.sampled_from(["left", "right", "center"])


def _table(header: list[tuple[str, str]], rows: list[list[str]], as_text: bool) -> Table:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for name, justify in header:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*(Text(c) if as_text else c for c in row[: len(header)]))
    return table


def _by_rich(renderable: RenderableType) -> str:
    buf = io.StringIO()
    make_console(buf, terminal=False).print(renderable)
    return buf.getvalue()


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(_CELL, _JUSTIFY), min_size=1, max_size=9),
    st.lists(st.lists(_CELL, min_size=9, max_size=9), max_size=5),
    st.booleans(),
)
def test_a_table_drawn_directly_is_the_one_rich_draws(
    header: list[tuple[str, str]], rows: list[list[str]], as_text: bool
) -> None:
    """Random cells (blanks at either end, markup brackets, wide and zero-width characters,
    tables wider than the page): where lines_of draws the table, it draws what rich does."""
    from rich.console import Group
    from rich.text import Text

    group = Group(Text("title"), _table(header, rows, as_text), Text(""))
    lines = lines_of(group, WIDTH)
    if lines is not None:
        assert "".join(line + "\n" for line in lines) == _by_rich(group)


def test_a_report_s_tables_are_drawn_directly() -> None:
    """The report's boards and bracket tables (a bracket's nine columns, names with blanks
    at their end, centred and right-aligned columns) are drawn without rich's renderer."""
    from rich.console import Group
    from rich.text import Text

    header = [("TPN", "right"), ("Name", "left"), ("Pts", "right"), ("Pref", "center")]
    rows = [["1", "Lima, Stefan Moisei ", "3.5", "W!"], ["12", "Ng", "10", "b"]]
    group = Group(Text("Bracket 3.5 (2 residents, 0 MDPs)"), _table(header, rows, False))
    lines = lines_of(group, WIDTH)
    assert lines is not None
    assert "".join(line + "\n" for line in lines) == _by_rich(group)
    # TPN to the right, the name (20 wide: its blank counts) to the left, Pref centred
    assert lines[4] == " 12   " + "Ng".ljust(20) + "    10    b  "
    # Blanks at the end of a cell aligned right or centred go before it is aligned.
    rows = [["ab  ", "x  ", "ab  "], ["abcdefg", "wide cell", "abcdefg"]]
    table = _table([("N", "right"), ("M", "center"), ("L", "left")], rows, True)
    lines = lines_of(table, WIDTH)
    assert lines is not None
    assert "".join(line + "\n" for line in lines) == _by_rich(table)
    assert lines[2] == "     ab" + "   " + "    x    " + "   " + "ab     "
    # Wider than the page: the widest columns are cut down and their cells wrapped.
    long = "w Player 73 (79), downfloat after the last round"
    rows = [
        [str(i), "Player 7", "1555", "4.0", "w", "wbwb", "R10 up", long, long] for i in range(3)
    ]
    header = [("TPN", "right"), ("Name", "left"), ("Rtg", "right"), ("Pts", "right")]
    header += [("Pref", "center"), ("Colours", "left"), ("Floats", "left")]
    table = _table([*header, ("Recorded", "left"), ("Engine", "left")], rows, False)
    lines = lines_of(table, WIDTH)
    assert lines is not None and len(lines) > 2 + len(rows)  # rows of two lines
    assert "".join(line + "\n" for line in lines) == _by_rich(table)


def test_a_long_check_s_blocks_go_without_rich_s_renderer(batch: BatchReport) -> None:
    """Most differing rounds of the files above are written without rich's renderer (a
    table wider than the page still goes to rich)."""
    items = [i for i in batch_items(batch, False) if isinstance(i, Block)]
    drawn = [i for i in items if lines_of(round_block(i.round, i.full), WIDTH) is not None]
    assert items and len(drawn) >= len(items) // 2
