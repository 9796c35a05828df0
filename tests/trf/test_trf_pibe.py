"""TRF-2026 PIBE lines (trf/pibe.py): both dialects, typed, kept on round trip and in JSON."""

from __future__ import annotations

import json

import pytest

from trfaudit.trf.jsonform import from_json, to_json
from trfaudit.trf.pibe import arrow_line, parse_pibe, pibe_lines
from trfaudit.trf.reader import read
from trfaudit.trf.writer import write


def test_the_tec_arrow_form():
    line = parse_pibe("### MPA @ Round 3: 1-3 4-2 44=PAB => 1-4 3-2 44=PAB", 7)
    assert line is not None and line.is_mpa and line.round == 3 and line.line == 7
    assert line.dialect == "arrow"
    assert line.engine == ((1, 3), (4, 2), (44, 0))
    assert line.result == ((1, 4), (3, 2), (44, 0))


def test_the_prose_form_lists_the_new_pairs_first():
    line = parse_pibe("### MPA @ Round 5: 12-4, 9-3 instead of the engine's 12-3, 9-4")
    assert line is not None and line.dialect == "prose"
    assert line.result == ((12, 4), (9, 3))
    assert line.engine == ((12, 3), (9, 4))


@pytest.mark.parametrize(
    "raw",
    ["### Import @ Round 2: from another program", "### MPA @ Round 2: moved two boards"],
)
def test_other_texts_are_kept_as_text(raw):
    line = parse_pibe(raw)
    assert line is not None and line.dialect == "text" and line.engine is None


@pytest.mark.parametrize("raw", ["###", "### a ruler 1234567890", "### Round 3 was late"])
def test_ordinary_comments_are_not_pibe_lines(raw):
    assert parse_pibe(raw) is None


def test_arrow_line_reads_back():
    text = arrow_line("Import", 4, [(1, 2), (3, 0)], [(2, 1), (3, 0)])
    assert text == "### Import @ Round 4: 1-2 3=PAB => 2-1 3=PAB"
    line = parse_pibe(text)
    assert line is not None and line.engine == ((1, 2), (3, 0)) and line.result == ((2, 1), (3, 0))


def test_kept_on_round_trip_and_typed_in_json(corpus_dir, tmp_path):
    source = (corpus_dir / "dutch2025" / "t000114.trf").read_text()
    lines = [
        "### MPA @ Round 5: 1-3 4-6 => 1-4 3-6",
        "### MPA @ Round 4: 2-5 instead of the engine's 5-2",
    ]
    path = tmp_path / "x.trf"
    path.write_text(source + "".join(x + "\n" for x in lines))
    t = read(path)
    assert [(p.event, p.round, p.dialect) for p in pibe_lines(t)] == [
        ("MPA", 5, "arrow"),
        ("MPA", 4, "prose"),
    ]
    out = write(t, "trf26")
    assert all(x in out.splitlines() for x in lines)
    data = json.loads(to_json(t))
    assert data["pibe"][0]["engine"] == [[1, 3], [4, 6]]
    assert data["pibe"][1]["result"] == [[2, 5]]
    back = from_json(to_json(t))
    assert [p.raw for p in pibe_lines(back)] == lines
