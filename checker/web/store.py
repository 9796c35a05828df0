"""The checked uploads, kept in memory so that the verdict's links (a player's explanation,
the downloads) can use the file again: never on disk, under a random token, bounded in count,
bytes and age (the oldest goes first)."""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Upload:
    files: list[tuple[str, bytes]]  # (name as uploaded, bytes)
    rules: str
    tiebreaks: str
    docs: dict[str, Any]  # service.check_upload's documents
    created: float = field(default_factory=time.monotonic)
    #: explanations already computed: (file, round, player, against, team) -> documents;
    #: the next round's pairing under (file, None, None, None, -1)
    explained: dict[tuple[int, int | None, int | None, int | None, int | None], dict[str, Any]] = (
        field(default_factory=dict)
    )

    @property
    def size(self) -> int:
        return sum(len(data) for _, data in self.files) + len(self.docs.get("json", ""))


class Store:
    """Uploads by token, at most ``count`` of them, ``max_bytes`` in all, for ``seconds``."""

    def __init__(self, count: int = 64, max_bytes: int = 200_000_000, seconds: float = 3600):
        self.count, self.max_bytes, self.seconds = count, max_bytes, seconds
        self._items: OrderedDict[str, Upload] = OrderedDict()

    def add(self, upload: Upload) -> str:
        token = secrets.token_urlsafe(16)
        self._items[token] = upload
        self._expire()
        return token

    def get(self, token: str) -> Upload | None:
        self._expire()
        return self._items.get(token)

    def _expire(self) -> None:
        now = time.monotonic()
        while self._items:
            oldest = next(iter(self._items.values()))
            total = sum(u.size for u in self._items.values())
            too_old = now - oldest.created > self.seconds
            if too_old or len(self._items) > self.count or total > self.max_bytes:
                self._items.popitem(last=False)
            else:
                return
