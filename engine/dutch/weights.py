"""The weight of a pair: the criteria packed as mixed-radix fields in their order of priority.

Each criterion (and, for a vector criterion, each score slot) is a field; a field's unit is
worth more than the most that every field below it can differ by between two matchings, the
highest-priority criterion at the top, so that a heavier matching is a better round-pairing
(C.04.3 2026 Art. 2.4: the criteria in descending priority).  The generation order's
questions (Art. 4) use bits below them.

How much the fields below can differ is bounded per field (its values times the pairs a
matching can hold there) and, for the slots of one criterion together, by the most that
criterion's values can add up to in one matching: a vector criterion's slots share the
matching's pairs, so together they hold far fewer than the sum of what each could.
"""

from __future__ import annotations

from bisect import bisect_right, insort
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import reduce
from math import gcd
from operator import or_

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


@dataclass
class Extent:
    """What the pairs of a bracket hold, per field (criterion, score slot): each group's
    value there, and from that the largest positive and negative values of one pair and
    the most pairs of the field one matching holds; per criterion, the largest sum of
    magnitudes over its slots of one pair and the most pairs.  (The values are shared by
    the extents of the same lists, :func:`extent`: read only.)"""

    groups: list[PairGroup]
    values: dict[Field, dict[int, int]] = field(default_factory=dict)  # group index: value
    pair_total: dict[int, int] = field(default_factory=dict)
    crit_groups: dict[int, list[int]] = field(default_factory=dict)
    _masks: list[int] = field(default_factory=list)  # each group's first players
    _masks2: list[int] = field(default_factory=list)  # and second players
    _pair_counts: dict[tuple[int, ...], int] = field(default_factory=dict)  # by groups

    # Each field's largest positive value and negative magnitude, when worked out already.
    extremes: dict[Field, tuple[int, int]] = field(default_factory=dict)

    def largest(self, k: Field) -> tuple[int, int]:
        """The largest positive value and the largest negative magnitude of field ``k``."""
        known = self.extremes.get(k)
        if known is None:
            known = _extremes(self.values.get(k, {}))
        return known

    def _pairs(self, gs: Iterable[int]) -> int:
        # The first (second) players of a set of pairs cover them: a matching holds no more
        # of those pairs than either set has members (one MDP: one pair, whatever the
        # bracket's size), nor more than half the players they touch.  (Sets as bit masks;
        # the fields of one criterion often have the same groups.)
        key = tuple(gs)
        known = self._pair_counts.get(key)
        if known is not None:
            return known
        if not self._masks:
            self._masks = [_mask(hs) for _, hs, _ in self.groups]
            self._masks2 = [_mask(ls) for _, _, ls in self.groups]
        firsts = reduce(or_, map(self._masks.__getitem__, key), 0)
        seconds = reduce(or_, map(self._masks2.__getitem__, key), 0)
        known = self._pair_counts[key] = min(
            firsts.bit_count(), seconds.bit_count(), (firsts | seconds).bit_count() // 2
        )
        return known

    def pairs(self, k: Field) -> int:
        """The most pairs of field ``k`` one matching holds."""
        return self._pairs(self.values[k])

    def budget(self, ci: int) -> int:
        """The most that criterion ``ci``'s values, as magnitudes over all its slots, add up
        to in one matching."""
        return self.pair_total[ci] * self._pairs(self.crit_groups[ci])


def _extremes(values: dict[int, int]) -> tuple[int, int]:
    vs = values.values()
    return max(0, max(vs, default=0)), max(0, -min(vs, default=0))


def _mask(vertices: set[int]) -> int:
    m = 0
    for v in vertices:
        m |= 1 << v
    return m


def extent(groups: list[PairGroup]) -> Extent:
    """The :class:`Extent` of the pairs of ``groups`` (BracketMatcher._bracket_values: the
    pairs by value list, each list once)."""
    ex = Extent(groups)
    # What the value lists hold depends on the lists alone (their players are read later,
    # as masks): brackets opened again, and a round's re-pairings, meet the same lists in
    # the same order.  The entry keeps the lists, so that their ids stay theirs.
    lists = tuple(vs for vs, _, _ in groups)
    key = tuple(map(id, lists))
    known = _EXTENTS.get(key)
    if known is None:
        if len(_EXTENTS) >= _EXTENTS_KEPT:
            del _EXTENTS[next(iter(_EXTENTS))]  # the oldest
        values, totals, crit_groups = _columns(lists)
        extremes = {k: _extremes(vs) for k, vs in values.items()}
        known = _EXTENTS[key] = (lists, values, totals, crit_groups, extremes)
    _, ex.values, ex.pair_total, ex.crit_groups, ex.extremes = known
    return ex


def _columns(
    lists: tuple[list[Value], ...],
) -> tuple[dict[Field, dict[int, int]], dict[int, int], dict[int, list[int]]]:
    """Each field's value in each list that has one, and per criterion the largest sum of
    magnitudes over its slots of one list and the lists with a value."""
    values: dict[Field, dict[int, int]] = {}
    totals: dict[int, int] = {}
    crit_groups: dict[int, list[int]] = {}
    for gi, vs in enumerate(lists):
        items, sums = _fields_of(vs)
        for k, c in items:
            column = values.get(k)
            if column is None:
                column = values[k] = {}
            column[gi] = c
        for ci, total in sums:
            if total > totals.get(ci, 0):
                totals[ci] = total
            members = crit_groups.get(ci)
            if members is None:
                members = crit_groups[ci] = []
            members.append(gi)
    return values, totals, crit_groups


def _fields_of(vs: list[Value]) -> tuple[list[tuple[Field, int]], list[tuple[int, int]]]:
    """A value list's nonzero fields, and per criterion with any the sum of their
    magnitudes (its entry held in _FIELDS_OF: a list recurs in the extents of many
    brackets of a round and its re-pairings)."""
    known = _FIELDS_OF.get(id(vs))
    if known is not None:
        return known[1], known[2]
    items: list[tuple[Field, int]] = []
    sums: list[tuple[int, int]] = []
    for ci, v in enumerate(vs):
        if not v:
            continue
        if isinstance(v, dict):
            total = 0
            for slot, c in v.items():
                if c:
                    items.append(((ci, slot), c))
                    total += abs(c)
        else:
            items.append(((ci, 0), v))
            total = abs(v)
        if total:
            sums.append((ci, total))
    if len(_FIELDS_OF) >= _FIELDS_KEPT:
        del _FIELDS_OF[next(iter(_FIELDS_OF))]  # the oldest
    _FIELDS_OF[id(vs)] = (vs, items, sums)
    return items, sums


# _fields_of()'s answers by the list (its id; the entry holds the list).  A few thousand:
# the lists recur within a round's readings, and a large field's lists, kept longer, would
# only hold memory (8,192: +8 MB on a 1,000-player check, 200,000: +13 MB).
_FIELDS_OF: dict[int, tuple[list[Value], list[tuple[Field, int]], list[tuple[int, int]]]] = {}
_FIELDS_KEPT = 8192


# extent()'s answers by the value lists (their ids; the entry holds the lists).
_EXTENTS: dict[
    tuple[int, ...],
    tuple[
        tuple[list[Value], ...],
        dict[Field, dict[int, int]],
        dict[int, int],
        dict[int, list[int]],
        dict[Field, tuple[int, int]],
    ],
] = {}
_EXTENTS_KEPT = 4096


def _reduce(v: dict[int, int], basis: dict[int, dict[int, int]], pivots: list[int]) -> None:
    """Take from ``v`` (in place, up to a nonzero factor) its part in the span of
    ``basis``: rows in echelon form, by their first column (``pivots``, ascending)."""
    for p in pivots:
        c = v.get(p)
        if not c:
            continue
        row = basis[p]
        a = row[p]
        if a != 1 or c != 1:
            for j in v:
                v[j] *= a
        for j, r in row.items():
            x = v.get(j, 0) - c * r
            if x:
                v[j] = x
            else:
                v.pop(j, None)
    if v:
        g = 0
        for x in v.values():
            g = gcd(g, x)
        if g != 1:
            for j in v:
                v[j] //= g


def redundant(order: list[Field], ex: Extent) -> set[Field]:
    """The fields of ``order`` (in descending priority) whose value in every pair is a
    linear combination of the values of fields before them: two matchings equal on those
    are equal on such a field too, which needs no room in the weight.  Exact (integer
    elimination; one column per group of pairs, groups equal on these fields merged)."""
    column: dict[tuple[tuple[int, int], ...], int] = {}
    at: dict[int, int] = {}  # group index: column
    cells: dict[int, list[tuple[int, int]]] = {}
    for r, k in enumerate(order):
        for gi, c in ex.values.get(k, {}).items():
            cells.setdefault(gi, []).append((r, c))
    for gi, cs in cells.items():
        at[gi] = column.setdefault(tuple(cs), len(column))
    # Whether a field's row is in the span of the rows above it depends on the set of
    # columns alone (not their order, nor how many groups share one).
    key = (tuple(order), frozenset(column))
    known = _REDUNDANT.get(key)
    if known is not None:
        return set(known)
    basis: dict[int, dict[int, int]] = {}
    pivots: list[int] = []
    out: set[Field] = set()
    for k in order:
        v: dict[int, int] = {}
        for gi, c in ex.values.get(k, {}).items():
            v[at[gi]] = c
        _reduce(v, basis, pivots)
        if not v:
            out.add(k)
            continue
        p = min(v)
        basis[p] = v
        insort(pivots, p)
    if len(_REDUNDANT) >= _REDUNDANT_KEPT:
        del _REDUNDANT[next(iter(_REDUNDANT))]  # the oldest
    _REDUNDANT[key] = frozenset(out)
    return out


# redundant()'s answers by fields and columns: re-pairings of a round (engine.dutch.family)
# and the brackets of long events meet the same value lists again and again.
_REDUNDANT: dict[
    tuple[tuple[Field, ...], frozenset[tuple[tuple[int, int], ...]]], frozenset[Field]
] = {}
_REDUNDANT_KEPT = 4096


class _Units:
    """The fields of one criterion placed so far, as (scale, range) with the scales
    ascending; :meth:`most` is the largest sum of ``scale * y`` over them, 0 <= y <=
    range, with the y adding up to at most a budget: the largest scales first, which is
    everything but the lowest scales' share of the range the budget leaves out (prefix
    sums: one search per question, however many slots the criterion has)."""

    def __init__(self) -> None:
        self.scales: list[int] = []
        self.ranges: list[int] = [0]  # the ranges of the lowest k fields together
        self.sums: list[int] = [0]  # and their scale * range together

    def add(self, scale: int, rng: int) -> None:
        self.scales.append(scale)
        self.ranges.append(self.ranges[-1] + rng)
        self.sums.append(self.sums[-1] + scale * rng)

    def most(self, budget: int | None) -> int:
        """(``budget`` None: no bound.)"""
        total = self.ranges[-1]
        if budget is None or budget >= total:
            return self.sums[-1]
        if budget <= 0:
            return 0
        out = total - budget  # left out, the lowest scales first: k fields whole, one in part
        k = bisect_right(self.ranges, out) - 1
        return self.sums[-1] - self.sums[k] - self.scales[k] * (out - self.ranges[k])


class WeightLayout:
    """The unit (``scale``) of each criteria field; every weight of a matching, criteria
    and nothing else, is below ``2 ** (bits - 1)``, and without the completion field (the
    top one, F1) below ``2 ** (local_bits - 1)``."""

    def __init__(
        self,
        criteria: list[Criterion],
        groups: list[PairGroup],
        n_vertices: int,
        extra_max: dict[int, int] | None = None,
        skip: frozenset[int] = frozenset(),
        fit: int | None = None,
        top_apart: bool = False,
    ) -> None:
        """``fit``: when the weights (without F1 with ``top_apart``) would need more bits,
        look for the fields that fields above them determine (they then take no room)."""
        self.criteria = criteria
        ex = extent(groups)
        fields = {k for k in ex.values if k[0] not in skip}
        # The largest positive value and negative magnitude of one pair, and the most pairs
        # a matching holds, of each field.
        extent_of = {k: (*ex.largest(k), ex.pairs(k)) for k in fields}
        # Fields that pairs with lower players also use (completion, C9): the whole field,
        # with no bound per criterion.
        unbounded = set(extra_max or {})
        for ci, m in (extra_max or {}).items():
            k = (ci, 0)
            fields.add(k)
            positive, negative, _ = extent_of.get(k, (0, 0, 0))
            extent_of[k] = (max(positive, m), negative, n_vertices // 2)
        # A vector criterion whose slots add up to a count criterion ranked above it (C7 to
        # C6, C8's scores to its pairs) does not need its lowest slot: it follows.
        for ci, c in enumerate(criteria):
            if c.sums_to and any(x.key == c.sums_to for x in criteria):
                slots = [k for k in fields if k[0] == ci]
                if slots:
                    fields.discard(min(slots))
        # Two matchings differ on a field by at most its range; on a criterion's slots
        # together by at most its budget (twice when its values have both signs: one
        # matching's positive and the other's negative values).
        self._budgets: dict[int, int | None] = {}
        slots_of: dict[int, list[Field]] = {}
        for k in ex.values:
            slots_of.setdefault(k[0], []).append(k)
        for ci in {k[0] for k in fields}:
            if ci in unbounded or ci not in ex.pair_total:
                self._budgets[ci] = None
                continue
            signs = [extent_of[k] for k in slots_of[ci]]
            mixed = any(p for p, _, _ in signs) and any(n for _, n, _ in signs)
            self._budgets[ci] = ex.budget(ci) * (2 if mixed else 1)
        self._extent_of = extent_of
        self._extent = ex
        self._place(fields)
        wide = self.local_bits if top_apart else self.bits
        # (Past twice the room the weights will not fit however many fields go: the
        # search would only cost time.)
        if fit is not None and fit < wide <= 2 * fit:
            # A field that fields above it determine takes no room (the criteria that hold
            # for the whole field, completion and C9, are left out: their values outside
            # the bracket's pairs are not in ``groups``).
            ranked = sorted(
                (k for k in fields if k[0] not in unbounded), key=lambda k: (k[0], -k[1])
            )
            self._place(fields - redundant(ranked, ex))

    def _place(self, fields: set[Field]) -> None:
        """The units of ``fields``, the lowest priority first."""
        self.scale: dict[Field, int] = {}
        budgets = self._budgets
        done = 0  # the most the fields of the criteria below the current one differ by
        current: int | None = None
        units = _Units()
        for k in sorted(fields, key=lambda k: (-k[0], k[1])):
            if k[0] != current:
                if current is not None:
                    done += units.most(budgets[current])
                current, units = k[0], _Units()
            scale = 1 + done + units.most(budgets[k[0]])
            self.scale[k] = scale
            positive, negative, pairs = self._extent_of[k]
            units.add(scale, (positive + negative) * pairs)
        if current is not None:
            done += units.most(budgets[current])
        # Every matching's criteria weight is at most ``done`` above the least one, which
        # is above -(done + 1): one bit of room; the same below F1's unit.
        self.bits = bit_width(done) + 1
        f1 = self.scale.get((0, 0))
        self.local_bits = self.bits if f1 is None else bit_width(f1 - 1) + 1

    def packed(self, without_top: bool = False) -> list[int]:
        """The weight of each group of pairs (in the order of ``groups``), without the
        completion field (F1) with ``without_top``."""
        ws = [0] * len(self._extent.groups)
        values = self._extent.values
        for k, unit in self.scale.items():
            if without_top and k == (0, 0):
                continue
            for gi, c in values.get(k, {}).items():
                ws[gi] += c * unit
        return ws
