"""``check --format javafo``: the JaVaFo/bbpPairings checker text, compared with output recorded
from bbpPairings v6.0.0 ``-c`` (corpus/javafo/README.md says how it was made)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app

runner = CliRunner()
SAMPLES = sorted((Path(__file__).resolve().parents[2] / "corpus" / "javafo").glob("*.trf"))
#: A bbpPairings v6 binary (a witness: the tests that run it skip without it; CONTRIBUTING.md).
_BBP = os.environ.get("TRFAUDIT_BBP")
BBP6 = Path(_BBP) if _BBP else None


@pytest.mark.parametrize("trf", SAMPLES, ids=lambda p: p.stem)
def test_tampered_file_prints_the_reference_checker_text(tmp_path, trf):
    # the reference prints the file's stem: check a copy under the same name
    copy = tmp_path / trf.name
    shutil.copy(trf, copy)
    result = runner.invoke(app, ["check", "--format", "javafo", str(copy)])
    assert result.exit_code == 1
    assert result.stdout == trf.with_suffix(".bbp-c.txt").read_text()


def test_a_matching_file_prints_one_line_per_round(corpus_dir):
    result = runner.invoke(
        app, ["check", "--format", "javafo", str(corpus_dir / "dutch2025" / "t000114.trf")]
    )
    assert result.exit_code == 0
    assert result.stdout == "".join(f"t000114: Round #{r}\n" for r in range(1, 6)) + "\n"


def test_samples_exist():
    assert len(SAMPLES) >= 2


@pytest.mark.skipif(BBP6 is None, reason="set TRFAUDIT_BBP to a bbpPairings v6 binary")
def test_the_samples_are_what_bbp_prints(tmp_path):
    import subprocess

    for trf in SAMPLES:
        done = subprocess.run(
            [str(BBP6), "--dutch", trf.name, "-c"],
            cwd=trf.parent,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.stdout == trf.with_suffix(".bbp-c.txt").read_text()
