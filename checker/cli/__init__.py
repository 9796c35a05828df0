"""The ``trfaudit`` command line: the application and its commands, listed here.

Each command is a module-level function of its own module; this module registers them by
name, in the order ``trfaudit --help`` shows them.  A new command is a function in a module
of this package and one line below.  The commands load what they need when they run, so that
``--help`` stays quick (tests/checker/test_startup.py).  The command modules do not use
``from __future__ import annotations``: typer reads every command's annotations on every start,
and a string annotation costs it an ``eval`` (a compile) each time (~10 ms for the nine).
"""

from __future__ import annotations

from trfaudit.trf.files import load

from .app import EXIT_DISCREPANCY, EXIT_INVALID, EXIT_OK, app, emit, say
from .check import check_command
from .conform import conform_command
from .explain import explain_command
from .files import convert_command, validate_command
from .generate import generate_command
from .pair import pair_command
from .serve import serve_command
from .standings import standings_command

__all__ = ["EXIT_DISCREPANCY", "EXIT_INVALID", "EXIT_OK", "app", "emit", "load", "main", "say"]

app.command("validate")(validate_command)
app.command("convert")(convert_command)
app.command("check")(check_command)
app.command("generate")(generate_command)
app.command("conform")(conform_command)
app.command("pair")(pair_command)
app.command("explain")(explain_command)
app.command("standings")(standings_command)
app.command("serve")(serve_command)


def main() -> None:  # pragma: no cover - the entry point of python -m trfaudit.checker.cli
    app()
