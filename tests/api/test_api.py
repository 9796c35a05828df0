"""The public Python API: ``import trfaudit`` (docs/api.md)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import trfaudit

ROOT = Path(__file__).resolve().parents[2]


def test_docstring_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The examples in the package docstrings are run as written (from the repository root)."""
    import trfaudit.engine

    monkeypatch.chdir(ROOT)
    for module in (trfaudit, trfaudit.engine):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0, module.__name__
        assert result.failed == 0, module.__name__


def test_seed_example_round3() -> None:
    t = trfaudit.read(ROOT / "corpus/seed-example/round3-input.trf")
    result = trfaudit.pair(t)
    expected = (ROOT / "corpus/seed-example/round3-expected.txt").read_text().split("\n")
    pairs = [tuple(map(int, line.split())) for line in expected[1:] if line.strip()]
    assert [(b.white, b.black) for b in result.boards] + (
        [(result.bye, 0)] if result.bye else []
    ) == pairs


def test_check_reports_kinds_as_enums() -> None:
    t = trfaudit.read(ROOT / "corpus/seed-example/round3-input.trf")
    report = trfaudit.check(t, rules="2017")
    assert report.rules == "2017"
    assert all(r.status is trfaudit.Status.MATCH for r in report.rounds)


def test_edition_refused_with_reason() -> None:
    t = trfaudit.read(ROOT / "corpus/seed-example/round3-input.trf")
    edition, why = trfaudit.choose_edition(t, "2012")
    assert edition.name == "2012" and why == "--rules 2012"


def test_read_error_is_trf_error(tmp_path: Path) -> None:
    with pytest.raises(trfaudit.TrfError):
        trfaudit.read(tmp_path / "missing.trf")


def test_docs_api_example_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The example of docs/api.md runs as written, from the repository root."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    exec(compile(code, "docs/api.md", "exec"), {})
    out = capsys.readouterr().out
    assert "(2, 5)" in out  # the seed example's round 3 board 1: 2-5 (round3-expected.txt)
