"""The weight of a pair: the criteria packed as bit fields in their order of priority.

Each criterion (and, for a vector criterion, each score slot) gets a field wide enough for
the largest sum a matching can reach there, the highest-priority criterion at the top, so
that a heavier matching is a better round-pairing (C.04.3 2026 Art. 2.4: the criteria in
descending priority).  The generation order's questions (Art. 4) use bits below them.
"""

from __future__ import annotations

from .criteria import Criterion, Value


def count(v: Value) -> int:
    """A scalar criterion's value (None: 0)."""
    assert not isinstance(v, dict)
    return v or 0


Field = tuple[int, int]  # a criterion's index and, for a vector criterion, a score slot


def bit_width(bound: int) -> int:
    return max(1, int(bound).bit_length())


# The pairs that share one value list: the list, their first and their second players.
PairGroup = tuple[list[Value], set[int], set[int]]


def extent(
    groups: list[PairGroup],
) -> tuple[
    dict[Field, int],
    dict[Field, set[int]],
    dict[Field, set[int]],
    dict[Field, set[int]],
    set[Field],
]:
    """Per criterion field (criterion, score slot): its largest value, the vertices its
    pairs touch, their first and second players, and whether it holds negated failure
    counts.  ``groups``: the pairs by value list (BracketMatcher._bracket_values), each list
    once."""
    maxima: dict[Field, int] = {}
    touched: dict[Field, set[int]] = {}
    # The first (second) players of a field's pairs cover its pairs: a matching holds no
    # more of them than either set has members (one MDP: one pair, whatever the bracket's
    # size).
    firsts: dict[Field, set[int]] = {}
    seconds: dict[Field, set[int]] = {}
    signed: set[Field] = set()
    for vs, hs, ls in groups:
        for ci, v in enumerate(vs):
            if not v:
                continue
            items = v.items() if isinstance(v, dict) else ((0, v),)
            for slot, c in items:
                k = (ci, slot)
                if c < 0:
                    signed.add(k)
                    c = -c
                if c > maxima.get(k, 0):
                    maxima[k] = c
                touched.setdefault(k, set()).update(hs, ls)
                firsts.setdefault(k, set()).update(hs)
                seconds.setdefault(k, set()).update(ls)
    return maxima, touched, firsts, seconds, signed


class WeightLayout:
    """Bit positions of the criteria fields (and the tie-break fields below them)."""

    def __init__(
        self,
        criteria: list[Criterion],
        groups: list[PairGroup],
        n_vertices: int,
        extra_max: dict[int, int] | None = None,
        skip: frozenset[int] = frozenset(),
    ) -> None:
        self.criteria = criteria
        maxima, touched, firsts, seconds, signed = extent(groups)
        for k in [k for k in maxima if k[0] in skip]:  # criteria left out of the weights
            del maxima[k]
        # Fields that pairs with lower players also use (completion, C9): the whole field.
        everyone = set(range(n_vertices))
        for ci, m in (extra_max or {}).items():
            k = (ci, 0)
            maxima[k] = max(maxima.get(k, 0), m)
            touched[k] = everyone
            firsts.pop(k, None)
        # A vector criterion whose slots add up to a count criterion ranked above it (C7 to
        # C6, C8's scores to its pairs) does not need its lowest slot: it follows.
        for ci, c in enumerate(criteria):
            if c.sums_to and any(x.key == c.sums_to for x in criteria):
                slots = [k for k in maxima if k[0] == ci]
                if len(slots) > 0:
                    del maxima[min(slots)]
        offset = 0
        self.offset: dict[tuple[int, int], int] = {}
        for k in sorted(maxima, key=lambda k: (-k[0], k[1])):  # lowest priority first
            self.offset[k] = offset
            pairs = len(touched[k]) // 2
            if k in firsts:
                pairs = min(pairs, len(firsts[k]), len(seconds[k]))
            offset += bit_width(maxima[k] * pairs) + (k in signed)
        self.bits = offset + 1

    def pack(self, vs: list[Value]) -> int:
        w = 0
        off = self.offset
        for ci, v in enumerate(vs):
            if not v:
                continue
            if isinstance(v, dict):
                for slot, c in v.items():
                    at = off.get((ci, slot))
                    if at is not None:
                        w += c << at
            else:
                at = off.get((ci, 0))
                if at is not None:
                    w += v << at
        return w
