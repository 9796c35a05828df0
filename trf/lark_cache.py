"""Where the reader keeps lark's built LALR tables between runs (lark's ``cache=`` option).

Building the tables of ``grammar.lark`` takes longer than the rest of a small file's check;
lark can save them and load them in later processes.  With ``cache=True`` lark keeps them in
the shared temporary directory under a name anyone can work out, and unpickles what it finds
there, so another local user could plant that file.  The reader keeps them in the user's own
cache folder instead (``$XDG_CACHE_HOME/trfaudit``, else ``~/.cache/trfaudit``), made private,
and only while it belongs to the user and nobody else can write to it.  The file's name holds
lark's and Python's versions and the grammar's hash.  Inside the file lark records a hash of
the grammar, its options and both versions, and rebuilds the tables when that does not match.
A stale, damaged, unreadable or unwritable file costs only the build
(tests/trf/test_lark_cache.py).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path


def cache_folder() -> Path | None:
    """The user's private folder for the tables; None when there is none to trust."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # unset, or relative (the XDG rules ignore it then)
        home = os.path.expanduser("~")
        if not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    folder = Path(base) / "trfaudit"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = folder.stat()
    except OSError:  # a read-only file system, a file in the way
        return None
    if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o022):
        return None  # another user's, or writable by others: what it holds is not to be loaded
    return folder


def cache_file(grammar: str, lark_version: str) -> str | bool:
    """lark's ``cache=`` argument for ``grammar``: a file in :func:`cache_folder`, or False
    (the tables are built on every run)."""
    folder = cache_folder()
    if folder is None:
        return False
    key = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:16]
    python = f"{sys.version_info[0]}{sys.version_info[1]}"
    return str(folder / f"lark-{lark_version}-py{python}-{key}.pickle")
