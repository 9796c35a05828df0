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
    from .reader import parse

    name = str(path)
    if name == "-":
        data = sys.stdin.buffer.read()
        name = "<stdin>"
    else:
        try:
            data = Path(path).read_bytes()
        except IsADirectoryError:
            raise TrfError(name, 0, 0, "is a directory, not a file") from None
        except OSError as exc:
            raise TrfError(name, 0, 0, f"cannot read file: {exc.strerror or exc}") from None
    if data.lstrip()[:1] == b"{":
        from .jsonform import from_json  # on use: it loads the writer too

        return from_json(data, name)
    return parse(data, name)
