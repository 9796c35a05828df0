"""Fixtures shared by all test suites: the corpus, and builders for small TRF texts."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Every report carries the moment it was made (generator.checked_at): pinned for the suite, so
# that two runs of one check give the same bytes (the CLI's subprocesses inherit it).
os.environ.setdefault("SOURCE_DATE_EPOCH", "1796166000")

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"


def corpus_files(*folders: str) -> list[Path]:
    """The .trf files of the corpus folders (all folders when none is named), sorted."""
    folders = folders or ("dutch2025", "dutch2017", "large", "seed-example")
    files: list[Path] = []
    for folder in folders:
        files.extend(sorted((CORPUS / folder).glob("*.trf")))
    return files


def player_line(
    tpn: int,
    blocks: tuple[str, ...] | list[str] = (),
    *,
    name: str = "",
    rating: int | str = "",
    points: str = "",
    rank: str | int = "",
    sex: str = "",
    title: str = "",
    federation: str = "",
    fide_id: str = "",
    birth: str = "",
) -> str:
    """A 001 line laid out by the TRF-16 column table; ``blocks`` are 8-column round blocks
    such as ``"  12 w 1"`` or ``"0000 - U"``."""
    name = name or f"Player {tpn}"
    head = (
        f"001 {tpn:>4} {sex:1}{title:>3} {name:<33} {str(rating):>4} {federation:<3} "
        f"{fide_id:>11} {birth:<10} {points:>4} {str(rank):>4}"
    )
    assert len(head) == 89
    return (head + "".join("  " + block for block in blocks)).rstrip()


def trf_text(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def corpus_sample() -> list[Path]:
    """A few files of each corpus folder, for the slower checks."""
    return (
        corpus_files("dutch2025")[::50]
        + corpus_files("dutch2017")[::50]
        + corpus_files("seed-example")
        + corpus_files("large")[:1]
    )


def pytest_generate_tests(metafunc):
    """A test taking ``corpus_trf`` runs once per corpus file; ``corpus_sample`` once per
    file of :func:`corpus_sample`."""
    for name, files in (("corpus_trf", corpus_files), ("corpus_sample", corpus_sample)):
        if name in metafunc.fixturenames:
            paths = files()
            metafunc.parametrize(name, paths, ids=[str(f.relative_to(CORPUS)) for f in paths])


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    return CORPUS


@pytest.fixture
def make_player():
    """Builder of 001 lines: ``make_player(tpn, blocks, name=..., points=...)``."""
    return player_line


@pytest.fixture
def make_trf():
    """Joins lines into a TRF text ending with a newline."""
    return trf_text


@pytest.fixture
def two_rounds_text() -> str:
    """Four players, two rounds of three: round 2 has a draw and a forfeit (3 wins vs 4)."""
    return trf_text(
        "012 Small test",
        "XXR 3",
        player_line(1, ["   3 w 1", "   2 b ="], points="1.5", rank=1),
        player_line(2, ["   4 b 1", "   1 w ="], points="1.5", rank=2),
        player_line(3, ["   1 b 0", "   4 w +"], points="1.0", rank=3),
        player_line(4, ["   2 w 0", "   3 b -"], points="0.0", rank=4),
    )
