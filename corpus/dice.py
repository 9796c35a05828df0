"""Random draws for the generator, built only on :meth:`random.Random.random`.

Python keeps the sequence of ``Random(seed).random()`` stable across versions, but not the
algorithms of ``randrange``, ``choice``, ``shuffle`` or the distributions; building every draw
on ``random()`` alone keeps a seed's tournament byte-identical on any Python 3 version.
The generator never touches the global ``random`` state.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from statistics import NormalDist
from typing import TypeVar

T = TypeVar("T")
_NORMAL = NormalDist()


class Dice:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def uniform(self) -> float:
        """A float in [0, 1)."""
        return self._rng.random()

    def chance(self, p: float) -> bool:
        """True with probability ``p``."""
        return p > 0 and self._rng.random() < p

    def below(self, n: int) -> int:
        """An integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return min(n - 1, math.floor(self._rng.random() * n))

    def between(self, low: int, high: int) -> int:
        """An integer in [low, high]."""
        return low + self.below(high - low + 1)

    def pick(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def normal(self, mu: float, sigma: float) -> float:
        u = self._rng.random()
        u = min(max(u, 1e-12), 1 - 1e-12)
        return mu + sigma * _NORMAL.inv_cdf(u)
