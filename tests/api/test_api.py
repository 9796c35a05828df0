"""The public Python API: ``import trfaudit`` (README "Python API"), and the packaging rule that
nothing generic is installed at top level."""

from __future__ import annotations

import doctest
import os
import subprocess
import venv
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


@pytest.mark.skipif(os.environ.get("TRFAUDIT_SKIP_VENV") == "1", reason="asked to skip")
def test_plain_install_has_no_generic_top_level_names(tmp_path: Path) -> None:
    """After ``pip install .`` into a fresh venv only ``trfaudit`` is importable, not ``engine``,
    ``checker``, ``corpus`` or ``trf`` (the venv sees the system site-packages for the
    dependencies; pip builds the wheel in its usual isolated environment)."""
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, system_site_packages=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", str(ROOT)],
        check=True,
        cwd=tmp_path,
        capture_output=True,
    )
    probe = (
        "import importlib.util, json, sys; sys.path = [p for p in sys.path if p not in ('', '.')];"
        "print(json.dumps({n: importlib.util.find_spec(n) is not None "
        "for n in ('trfaudit', 'trfaudit.engine', 'engine', 'checker', 'corpus', 'trf')}))"
    )
    out = subprocess.run(
        [str(python), "-c", probe], check=True, cwd=tmp_path, capture_output=True, text=True
    ).stdout
    import json

    found = json.loads(out)
    assert found == {
        "trfaudit": True,
        "trfaudit.engine": True,
        "engine": False,
        "checker": False,
        "corpus": False,
        "trf": False,
    }


def test_readme_api_example_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's "Python API" example runs as written, from the repository root."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Python API", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "(2, 5)" in out  # the seed example's round 3 board 1: 2-5 (round3-expected.txt)
