"""The choices of the ``--rules`` options, read from the engine's registry of systems."""

from __future__ import annotations

import enum

from trfaudit.engine.systems import edition_names

#: The edition names a user may choose (``--rules``): every built-in system's, newest first.
EDITION_NAMES: tuple[str, ...] = edition_names()


def rules_choices(
    name: str, *, auto: bool = True, editions: tuple[str, ...] = EDITION_NAMES
) -> type[enum.Enum]:
    """The choices of a ``--rules`` option: ``auto`` (when ``auto``) and the editions'
    names.  A ``str`` enum, as typer wants it."""
    names = (("auto",) if auto else ()) + editions
    choices: type[enum.Enum] = enum.Enum(  # type: ignore[misc]  # a functional-API enum
        name, [(f"r{n}" if n[0].isdigit() else n, n) for n in names], type=str
    )
    return choices
