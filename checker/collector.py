"""Python's cyclic garbage collector while files are checked: full collections ten times
rarer.

A check builds caches that live as long as its file's work: a round's re-pairings share
their brackets' openings (engine.dutch.family), and the value lists, extents and layouts of
brackets recur (engine.dutch.weights).  A full collection traverses every live object, and
the collector runs one after every ten collections of the middle generation once the
objects that survived it have grown by a quarter: as those caches grow, that is again and
again (15 full collections in the 2017 check of an 80-player, 51-round file, a sixth to a
quarter of its time), while the engine leaves no cyclic garbage for them to find
(tests/checker/test_collector.py).

So while files are checked, the oldest generation waits for a hundred collections of the
middle one (two full collections in that check); garbage is still collected, the young
generations as before.  Threads that check files at the same time (the web service) share
one setting: the first to start sets it, the last to end restores the one before.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")

# Collections of the middle generation before the oldest one's (Python's default: 10).
OLDEST_AFTER = 100

_lock = threading.Lock()
_running = 0  # the checks under way in this process
_saved: tuple[int, int, int] | None = None  # the thresholds before the first of them


@contextmanager
def rare_full_collections() -> Iterator[None]:
    """Full collections after :data:`OLDEST_AFTER` of the middle generation, until the
    last check under way in this process ends."""
    global _running, _saved
    with _lock:
        if _running == 0:
            _saved = gc.get_threshold()
            gc.set_threshold(_saved[0], _saved[1], max(_saved[2], OLDEST_AFTER))
        _running += 1
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0 and _saved is not None:
                gc.set_threshold(*_saved)
                _saved = None


class RareFullCollections(Generic[T, R]):
    """``fn`` called under :func:`rare_full_collections`; picklable when ``fn`` is (a
    pool's task)."""

    def __init__(self, fn: Callable[[T], R]) -> None:
        self.fn = fn

    def __call__(self, arg: T) -> R:
        with rare_full_collections():
            return self.fn(arg)
