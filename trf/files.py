"""Loading a tournament from a path: a TRF file, trfaudit's JSON form, or ``-`` for stdin."""

from __future__ import annotations

import sys
from pathlib import Path

from .errors import TrfError
from .model import Tournament


def load(path: Path | str) -> Tournament:
    """Read a TRF file, or a JSON file written by ``convert --to json``; ``-`` is stdin.

    Raises TrfError for anything wrong with the input, including a missing file.
    """
    return load_bytes(read_input(path), "<stdin>" if str(path) == "-" else str(path))


def read_input(path: Path | str) -> bytes:
    """The bytes of ``path`` (``-``: stdin); TrfError when it cannot be read."""
    name = str(path)
    if name == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(path).read_bytes()
    except IsADirectoryError:
        raise TrfError(name, 0, 0, "is a directory, not a file") from None
    except OSError as exc:
        raise TrfError(name, 0, 0, f"cannot read file: {exc.strerror or exc}") from None


def load_bytes(data: bytes, name: str) -> Tournament:
    """A tournament from a file's bytes: trfaudit's JSON form, else TRF."""
    from .reader import parse

    if data.lstrip()[:1] == b"{":
        from .jsonform import from_json  # on use: it loads the writer too

        return from_json(data, name)
    return parse(data, name)
