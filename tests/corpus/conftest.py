"""Helpers shared by the generator tests."""

from __future__ import annotations

import pytest

from trfaudit.checker.cli import app


def registered_commands() -> set[str]:
    names = set()
    for command in app.registered_commands:
        names.add(command.name or command.callback.__name__.replace("_", "-"))
    return names


@pytest.fixture(scope="session")
def has_check_command() -> bool:
    """True once ``trfaudit check`` exists (it is written in parallel with the generator)."""
    return "check" in registered_commands()
