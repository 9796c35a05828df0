"""The corpus layout, and regression tests over it.

* ``corpus/generated/``: every round of every file is re-paired exactly by the engine, and the
  documented command (``corpus/README.md``) reproduces the files byte for byte.
* ``trfaudit check`` (once it exists) finds every generated file clean.

The reference folders (``dutch2025/`` ...) are re-paired by ``tests/engine/test_corpus.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trfaudit.corpus.config import load_config
from trfaudit.corpus.generator import DIALECTS, generate_batch
from trfaudit.corpus.replay import replay
from trfaudit.trf.reader import read
from trfaudit.trf.validate import validate
from trfaudit.trf.writer import convert

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
GENERATED = CORPUS / "generated"
BATCHES = sorted(p.parent for p in GENERATED.glob("*/manifest.json"))
GENERATED_FILES = sorted(GENERATED.glob("*/*.trf"))


def test_every_corpus_folder_is_documented():
    readme = (CORPUS / "README.md").read_text()
    folders = sorted(
        p.name for p in CORPUS.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))
    )
    assert {"dutch2025", "dutch2017", "large", "seed-example", "generated"} <= set(folders)
    for name in folders:
        assert f"`{name}/`" in readme, f"corpus/{name}/ is not described in corpus/README.md"
    for batch in BATCHES:
        assert f"`{batch.name}/`" in readme


def test_reference_tournaments_have_their_generator_settings():
    for folder in ("dutch2025", "dutch2017"):
        trfs = sorted((CORPUS / folder).glob("*.trf"))
        cfgs = sorted((CORPUS / folder).glob("*.cfg"))
        assert [p.stem for p in trfs] == [p.stem for p in cfgs]


def test_generated_manifests_list_exactly_their_files():
    assert len(BATCHES) == 4 and len(GENERATED_FILES) == 20
    for batch in BATCHES:
        manifest = json.loads((batch / "manifest.json").read_text())
        listed = sorted(entry["file"] for entry in manifest["tournaments"])
        assert listed == sorted(p.name for p in batch.glob("*.trf"))
        assert manifest["count"] == len(listed)
        assert (batch / "settings.cfg").is_file()


@pytest.mark.parametrize(
    "path", GENERATED_FILES, ids=[str(p.relative_to(GENERATED)) for p in GENERATED_FILES]
)
def test_generated_file_repairs_exactly(path):
    t = read(path)
    manifest = json.loads((path.parent / "manifest.json").read_text())
    entry = next(e for e in manifest["tournaments"] if e["file"] == path.name)
    assert [str(p) for p in validate(t)] == []
    assert convert(t, DIALECTS[manifest["dialect"]]).text == path.read_text()
    assert t.recorded_rounds() == entry["rounds_played"] and t.total_rounds == entry["rounds"]
    assert [str(d) for d in replay(t)] == []


@pytest.mark.parametrize("batch", BATCHES, ids=[b.name for b in BATCHES])
def test_documented_command_reproduces_the_generated_files(batch, tmp_path):
    manifest = json.loads((batch / "manifest.json").read_text())
    config = load_config(batch / "settings.cfg")
    again = generate_batch(
        config, manifest["seed"], manifest["count"], tmp_path, manifest["dialect"]
    )
    assert again == manifest
    for entry in manifest["tournaments"]:
        assert (tmp_path / entry["file"]).read_bytes() == (batch / entry["file"]).read_bytes(), (
            f"{batch.name}/{entry['file']} differs: regenerate (corpus/README.md) if intended"
        )


def test_trfaudit_check_finds_the_generated_files_clean(has_check_command):
    if not has_check_command:
        pytest.skip("trfaudit check is not implemented yet (checker/cli/check.py)")
    from typer.testing import CliRunner

    from trfaudit.checker.cli import app

    result = CliRunner().invoke(app, ["check", *(str(b) for b in BATCHES)])
    assert result.exit_code == 0, result.output
