"""What an install puts on ``sys.path``: the package ``trfaudit`` and nothing else.

pyproject's ``packages`` list is written out (the repository root is the package ``trfaudit``,
which setuptools' ``find`` cannot express), so these tests keep a new subpackage from being left
out of the wheel silently, and keep a generic name (``engine``, ``checker``, ``corpus``, ``trf``)
from being installed at top level.  The wheel's importable files are what setuptools'
``build_py`` writes, read from the same pyproject configuration; running that command into a
temporary folder takes about a second, where ``pip install .`` into a fresh venv took minutes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Folders of the repository that are not part of the package.
NOT_SHIPPED = {"tests", "bench", "build", "docs"}

#: Runs setuptools' ``build_py`` (what ``bdist_wheel`` runs to collect the importable files)
#: with the project's pyproject configuration, writing into ``argv[2]`` only.
BUILD_PY = textwrap.dedent(
    """
    import os, sys
    from setuptools.config.pyprojecttoml import apply_configuration
    from setuptools.dist import Distribution

    root, out = sys.argv[1], sys.argv[2]
    os.chdir(root)
    dist = Distribution()
    apply_configuration(dist, "pyproject.toml")
    dist.script_name = "setup.py"
    os.makedirs(os.path.join(out, "egg"))
    dist.get_command_obj("egg_info").egg_base = os.path.join(out, "egg")
    build = dist.get_command_obj("build_py")
    build.build_lib = os.path.join(out, "lib")
    build.compile = 0
    dist.run_command("build_py")
    """
)

#: Which names import from the built files alone: no site-packages (so no editable-install
#: finder), no current directory.
PROBE = textwrap.dedent(
    """
    import importlib.util, json, sys
    sys.path = [sys.argv[1]] + [p for p in sys.path if p and "site-packages" not in p]
    names = ("trfaudit", "trfaudit.engine", "engine", "checker", "corpus", "trf")
    print(json.dumps({n: importlib.util.find_spec(n) is not None for n in names}))
    """
)


def package_tree() -> set[str]:
    """``trfaudit`` and every folder below the root holding an ``__init__.py``, dotted; a
    virtual environment inside the checkout (a folder with ``pyvenv.cfg``, as a user's
    ``python3 -m venv v`` in the clone makes) is not the project's."""
    found = {"trfaudit"}
    for folder, subfolders, files in os.walk(ROOT):
        here = Path(folder)
        parts = here.relative_to(ROOT).parts
        if parts and (parts[0] in NOT_SHIPPED or parts[-1].startswith(".")):
            subfolders.clear()
            continue
        if "pyvenv.cfg" in files:
            subfolders.clear()
            continue
        if parts and "__init__.py" in files:
            found.add(".".join(("trfaudit", *parts)))
    return found


def test_every_subpackage_is_in_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    assert listed == package_tree()


def test_the_tree_is_read() -> None:
    assert {"trfaudit.engine.dutch", "trfaudit.engine.tiebreaks"} <= package_tree()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files an install of the project puts in site-packages."""
    pytest.importorskip("setuptools")
    out = tmp_path_factory.mktemp("build")
    subprocess.run(
        [sys.executable, "-c", BUILD_PY, str(ROOT), str(out)],
        check=True,
        capture_output=True,
    )
    return out / "lib"


def test_an_install_has_one_top_level_name(built: Path) -> None:
    assert sorted(p.name for p in built.iterdir()) == ["trfaudit"]


def test_an_install_holds_every_subpackage_and_data_file(built: Path) -> None:
    for name in package_tree():
        assert (built.joinpath(*name.split(".")) / "__init__.py").is_file(), name
    for data in ("py.typed", "trf/grammar.lark", "checker/reports/schema/report.schema.json"):
        assert (built / "trfaudit" / data).is_file(), data


def test_only_trfaudit_is_importable_after_an_install(built: Path, tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-S", "-c", PROBE, str(built)],
        check=True,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    ).stdout
    assert json.loads(out) == {
        "trfaudit": True,
        "trfaudit.engine": True,
        "engine": False,
        "checker": False,
        "corpus": False,
        "trf": False,
    }
