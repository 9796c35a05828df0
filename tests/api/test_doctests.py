"""Every module's doctests run: each module of the package is imported (an import error fails
the test, so no module is skipped) and its examples are run from the repository root."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import trfaudit

ROOT = Path(__file__).resolve().parents[2]


def modules() -> list[str]:
    """Every module of the package (``__main__`` modules run a program when imported)."""
    names = ["trfaudit"]
    for info in pkgutil.walk_packages(trfaudit.__path__, "trfaudit."):
        if not info.name.endswith(".__main__"):
            names.append(info.name)
    return sorted(names)


def test_every_package_is_walked() -> None:
    found = set(modules())
    assert {"trfaudit.corpus.generator", "trfaudit.engine.dutch.pairer"} <= found
    assert {"trfaudit.checker.cli.check", "trfaudit.checker.reports.html"} <= found


@pytest.mark.parametrize("name", modules())
def test_doctests(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, name
