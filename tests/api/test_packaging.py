"""The wheel holds every subpackage: pyproject's ``packages`` list is the package tree.

The list is written out (the repository root is the package ``trfaudit``, which setuptools'
``find`` cannot express), so this test is what keeps a new subpackage from being left out of
the wheel silently.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Folders of the repository that are not part of the package.
NOT_SHIPPED = {"tests", "bench", "build", "docs"}


def package_tree() -> set[str]:
    """``trfaudit`` and every folder below the root holding an ``__init__.py``, dotted."""
    found = {"trfaudit"}
    for init in ROOT.rglob("__init__.py"):
        parts = init.parent.relative_to(ROOT).parts
        if not parts or parts[0] in NOT_SHIPPED or any(p.startswith(".") for p in parts):
            continue
        found.add(".".join(("trfaudit", *parts)))
    return found


def test_every_subpackage_is_in_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    assert listed == package_tree()


def test_the_tree_is_read() -> None:
    assert {"trfaudit.engine.dutch", "trfaudit.engine.tiebreaks"} <= package_tree()
