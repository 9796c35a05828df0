"""Who may import whom: the rooms of docs/architecture.md, checked on every module's imports.

Data flows one way, file -> ``trf`` -> ``engine`` (a system per folder) -> ``checker`` ->
report, so:

* ``trf/`` imports neither the engine nor the checker;
* the engine never imports the checker;
* a pairing system (a folder of ``engine/`` with a ``system.py``) imports no other system,
  and the shared engine imports no system, except the registry's one line per system
  (:func:`trfaudit.engine.systems.builtin_systems`);
* the checker reaches a system only through the registry: no checker module imports a
  system's folder;
* the front-ends do not import each other: the web page never imports the command line,
  and of the command line only ``serve`` (which starts the page) imports the page.

Every import counts: at the top of a module, inside a function (the lazy ones), and under
``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("trf", "engine", "checker", "corpus")
SYSTEMS = sorted(p.parent.name for p in (ROOT / "engine").glob("*/system.py"))
REGISTRY = "engine/systems.py"


def _module(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(("trfaudit", *parts))


def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports (absolute names under ``trfaudit``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("trfaudit")}


def _sources() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


def _room(name: str) -> tuple[str, ...]:
    """``trfaudit.engine.dutch.audit`` -> ``("engine", "dutch")``; top level: ``("engine",)``."""
    parts = name.split(".")[1:]
    if not parts:
        return ()
    if parts[0] == "engine" and len(parts) > 1 and parts[1] in SYSTEMS:
        return ("engine", parts[1])
    if parts[0] == "checker" and len(parts) > 1 and parts[1] in ("web", "cli"):
        return ("checker", parts[1])
    return (parts[0],)


def _violations() -> list[str]:
    out = []
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        mine = _room(_module(path))
        for name in sorted(_imports(path)):
            theirs = _room(name)
            if not theirs or theirs == mine:
                continue
            why = None
            if mine[0] == "trf" and theirs[0] in ("engine", "checker"):
                why = "trf imports the engine or the checker"
            elif mine[0] == "engine" and theirs[0] == "checker":
                why = "the engine imports the checker"
            elif len(theirs) == 2 and theirs[0] == "engine":
                if len(mine) == 2 and mine[0] == "engine":
                    why = "a system imports another system"
                elif mine == ("engine",) and rel != REGISTRY:
                    why = "the shared engine imports a system"
                elif mine[0] == "checker":
                    why = "the checker imports a system (not through the registry)"
                elif mine[0] == "trf":
                    why = "trf imports a system"
            elif mine == ("checker", "web") and theirs == ("checker", "cli"):
                why = "the web page imports the command line"
            elif (
                mine == ("checker", "cli")
                and theirs == ("checker", "web")
                and rel != "checker/cli/serve.py"
            ):
                why = "the command line imports the web page (only serve starts it)"
            if why:
                out.append(f"{rel}: imports {name}: {why}")
    return out


def test_there_are_systems():
    assert {"dutch", "team"} <= set(SYSTEMS)


def test_no_module_breaks_the_import_contract():
    assert _violations() == []


@pytest.mark.parametrize(
    ("mine", "theirs", "broken"),
    [
        ("trfaudit.engine.team.audit", "trfaudit.engine.dutch.colours", True),
        ("trfaudit.engine.history", "trfaudit.engine.dutch.players", True),
        ("trfaudit.checker.reports.text", "trfaudit.engine.dutch.audit", True),
        ("trfaudit.checker.web.service", "trfaudit.checker.cli.standings", True),
        ("trfaudit.checker.reports.text", "trfaudit.engine.findings", False),
        ("trfaudit.engine.dutch.audit.round", "trfaudit.engine.dutch.pairer", False),
    ],
)
def test_the_rooms(mine, theirs, broken):
    """The contract tells a broken import from an allowed one (so that it can fail)."""
    a, b = _room(mine), _room(theirs)
    crosses = a != b and (
        (len(b) == 2 and b[0] == "engine") or (a == ("checker", "web") and b == ("checker", "cli"))
    )
    assert crosses is broken
