"""Who made a verdict and when: the ``generator`` block of every report (the JSON of
``check`` and ``explain``, the printable HTML, the web page and its API), so that a verdict
quoted in an appeal can be traced to the program version that produced it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TypedDict


class Generator(TypedDict):
    name: str
    version: str
    checked_at: str  # ISO 8601, UTC, to the second


def version() -> str:
    """The installed package's version (its metadata); ``unknown`` outside an install."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as package_version

    try:
        return package_version("trfaudit")
    except PackageNotFoundError:
        return "unknown"


def _pinned() -> datetime | None:
    """The moment ``SOURCE_DATE_EPOCH`` (seconds since 1970, the reproducible-builds
    convention) pins, so that two runs give the same bytes; None when it is not set."""
    import os

    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not value.isdigit():
        return None
    return datetime.fromtimestamp(int(value), UTC)


def generator(now: datetime | None = None) -> Generator:
    """``{name: "trfaudit", version, checked_at}`` for a verdict made ``now`` (default: the
    moment ``SOURCE_DATE_EPOCH`` pins, else now)."""
    moment = (now or _pinned() or datetime.now(UTC)).astimezone(UTC).replace(microsecond=0)
    return {
        "name": "trfaudit",
        "version": version(),
        "checked_at": moment.isoformat().replace("+00:00", "Z"),
    }


def line(g: Generator) -> str:
    """The block as one line of text: ``trfaudit 0.1.0, 2026-12-01T21:50:00Z``."""
    return f"{g['name']} {g['version']}, {g['checked_at']}"
