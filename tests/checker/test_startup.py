"""Start-up (issue 11): the command line loads only what the chosen command needs.

Each case runs in a fresh interpreter (this test process has long loaded everything) and
reads ``sys.modules`` there, so an eager import of a heavy module anywhere on the path fails
here, not only as a slower ``trfaudit --help``.  No timings are asserted.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SMALL = ROOT / "corpus" / "dutch2025" / "t000007.trf"  # 10 players, 6 rounds, all match

#: What ``--help`` (and importing the CLI) must not load: the pairer, the checker's runners
#: and reports, the reader and its grammar, the writer, the generator's settings, and the
#: third-party libraries behind them (typer's rich help is off; pydantic is typer 0.29's,
#: which pyproject excludes).
NOT_FOR_HELP = (
    "trfaudit.engine.dutch.pairer",
    "trfaudit.engine.matching",
    "trfaudit.engine.tiebreaks",
    "trfaudit.checker.batch.run",
    "trfaudit.engine.dutch.audit.round",
    "trfaudit.engine.dutch.readings.inputs",
    "trfaudit.checker.ranks",
    "trfaudit.checker.reports.text",
    "trfaudit.checker.reports.json",
    "trfaudit.checker.reports.html",
    "trfaudit.trf.reader",
    "trfaudit.trf.writer",
    "trfaudit.trf.jsonform",
    "trfaudit.trf.dates",
    "trfaudit.corpus.config",
    "lark",
    "rich",
    "pydantic",
    "rustworkx",
    "networkx",
    "numpy",
    "jsonschema",
    "dask",
    "distributed",
    "concurrent.futures.process",
    "csv",
)

#: What checking one TRF file with the text report must not load: the other reports, the
#: JSON form and the writer (a TRF file is read, not written), the generator, the process
#: pool (one job), the cluster; and pydantic (typer 0.29 builds an adapter per option on
#: every run, ~0.18 s: pyproject pins typer below 0.29); and rich, while the report (all
#: rounds match) has no table and goes to a pipe (checker/reports/text.py).
NOT_FOR_CHECK = (
    "pydantic",
    "rich",
    "trfaudit.checker.reports.json",
    "trfaudit.checker.reports.html",
    "trfaudit.trf.jsonform",
    "trfaudit.trf.writer",
    "trfaudit.corpus.config",
    "trfaudit.corpus.generator",
    "trfaudit.checker.batch.cluster",
    "trfaudit.checker.batch.stream",
    "concurrent.futures.process",
    "networkx",
    "numpy",
    "jsonschema",
    "dask",
    "distributed",
)


def loaded_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code`` (SystemExit included)."""
    script = (
        "import json, sys\n"
        f"try:\n    exec({code!r})\nexcept SystemExit:\n    pass\n"
        "sys.stdout = sys.__stdout__\n"
        "print('\\n' + json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def run_cli(*args: str) -> str:
    return (
        "import sys\nfrom trfaudit.checker.cli import app\n"
        f"sys.argv = ['trfaudit', *{list(args)!r}]\napp()\n"
    )


def test_importing_the_cli_loads_no_heavy_module() -> None:
    loaded = loaded_after("import trfaudit.checker.cli")
    assert "trfaudit.checker.cli" in loaded and "typer" in loaded  # it did run
    assert sorted(loaded & set(NOT_FOR_HELP)) == []


def test_help_loads_no_heavy_module() -> None:
    loaded = loaded_after(run_cli("--help"))
    assert "trfaudit.checker.cli.check" in loaded  # the commands were registered
    assert sorted(loaded & set(NOT_FOR_HELP)) == []


def test_checking_one_file_loads_only_what_it_needs() -> None:
    loaded = loaded_after(run_cli("check", str(SMALL)))
    # it did check: the reader, the pairer and the text report ran
    assert {
        "trfaudit.trf.reader",
        "trfaudit.engine.dutch.pairer",
        "lark",
        "trfaudit.checker.reports.text",
    } <= loaded
    assert sorted(loaded & set(NOT_FOR_CHECK)) == []


def test_command_annotations_are_objects_not_strings() -> None:
    """typer evaluates a string annotation (``from __future__ import annotations``) with an
    ``eval`` and a compile, twice per parameter on every start: ~10 ms of the nine commands'
    building (checker/cli/__init__.py)."""
    from trfaudit.checker.cli import app

    callbacks = [c.callback for c in app.registered_commands]
    assert len(callbacks) == 9 and app.registered_callback is not None
    callbacks.append(app.registered_callback.callback)
    strings = {
        f"{f.__module__}.{f.__name__}: {name}"
        for f in callbacks
        if f is not None
        for name, annotation in f.__annotations__.items()
        if isinstance(annotation, str)
    }
    assert sorted(strings) == []


def test_python_m_runs_one_application() -> None:
    """``python -m trfaudit.checker.cli`` (bench/speed.py's command) builds the application
    once: not a second copy as ``__main__`` with every command registered again."""
    code = (
        "import gc, runpy, sys\n"
        "sys.argv = ['trfaudit', '--help']\n"
        "try:\n    runpy.run_module('trfaudit.checker.cli', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "import typer\n"
        "sys.stdout = sys.__stdout__\n"
        "print(sum(isinstance(o, typer.Typer) for o in gc.get_objects()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "1"
