"""The reader's saved LALR tables (trf/lark_cache.py): used when they are this grammar's,
and harmless when they are stale, damaged, unreadable or unwritable (the parser is built
and splits a file exactly as one built without a cache)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from trfaudit.trf.lark_cache import cache_file, cache_folder
from trfaudit.trf.reader import build_parser, grammar_text

ROOT = Path(__file__).resolve().parents[2]
TEXT = (ROOT / "corpus" / "real" / "sharly-chess__2020_06.trf").read_text(encoding="utf-8")
GRAMMAR = grammar_text()


def split(cache: str | bool) -> list[tuple[str, str]]:
    """The file's records as a parser built with ``cache`` returns them."""
    records = build_parser(GRAMMAR, cache).parse(TEXT)
    return [(str(kind), str(token)) for kind, token in records]


@pytest.fixture
def private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "trfaudit"


@pytest.fixture(scope="module")
def reference() -> list[tuple[str, str]]:
    got = split(False)
    assert len(got) > 20
    return got


def saved(caplog: pytest.LogCaptureFixture) -> bool:
    """Whether lark built the tables and saved them (it logs that only after a build)."""
    return any("Saving grammar to cache" in r.getMessage() for r in caplog.records)


def test_the_tables_are_saved_then_loaded(
    private: Path, reference: list[tuple[str, str]], caplog: pytest.LogCaptureFixture
) -> None:
    import lark

    path = cache_file(GRAMMAR, lark.__version__)
    assert isinstance(path, str) and Path(path).parent == private
    assert split(path) == reference
    first = Path(path).read_bytes()
    assert first.split(b"\n", 1)[0].isalnum()  # lark's key of the grammar and options
    caplog.set_level(logging.DEBUG, logger="lark")
    assert split(path) == reference
    assert not saved(caplog)  # loaded, not built
    assert Path(path).read_bytes() == first


def test_the_folder_is_private(private: Path) -> None:
    assert cache_folder() == private
    if hasattr(os, "getuid"):
        assert private.stat().st_mode & 0o777 == 0o700


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_folder_others_may_write_to_is_not_used(private: Path) -> None:
    private.mkdir(parents=True)
    private.chmod(0o777)
    assert cache_folder() is None
    assert cache_file(GRAMMAR, "1.0") is False


def test_another_grammar_gets_another_file(private: Path) -> None:
    assert cache_file(GRAMMAR, "1.0") != cache_file(GRAMMAR + "\n", "1.0")
    assert cache_file(GRAMMAR, "1.0") != cache_file(GRAMMAR, "1.1")


def test_a_damaged_file_is_rebuilt(
    private: Path, reference: list[tuple[str, str]], caplog: pytest.LogCaptureFixture
) -> None:
    private.mkdir(parents=True)
    path = private / "tables.pickle"
    path.write_bytes(b"not a pickle\n\x80\x04garbage")
    caplog.set_level(logging.DEBUG, logger="lark")
    assert split(str(path)) == reference
    assert saved(caplog)
    assert path.read_bytes() != b"not a pickle\n\x80\x04garbage"  # saved again, whole
    assert split(str(path)) == reference


def test_a_stale_file_is_not_used(
    private: Path, reference: list[tuple[str, str]], caplog: pytest.LogCaptureFixture
) -> None:
    """Another grammar's tables at the same path (lark's key inside the file differs)."""
    path = private / "tables.pickle"
    private.mkdir(parents=True)
    other = GRAMMAR.replace("start:", "// another grammar\nstart:", 1)
    assert other != GRAMMAR
    build_parser(other, str(path))
    stale = path.read_bytes()
    caplog.set_level(logging.DEBUG, logger="lark")
    assert split(str(path)) == reference
    assert saved(caplog)  # built again, and saved over the other grammar's
    assert path.read_bytes() != stale


def test_an_unreadable_unwritable_path_only_costs_the_build(
    private: Path, reference: list[tuple[str, str]]
) -> None:
    path = private / "tables.pickle"
    path.mkdir(parents=True)  # a folder where the file should be: neither read nor written
    assert split(str(path)) == reference
    assert path.is_dir()
