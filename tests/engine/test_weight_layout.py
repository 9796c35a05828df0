"""The criteria weights (engine.dutch.weights.WeightLayout) and the whole field's complete
matching (engine.matching.max_weight_complete) against plain witnesses.

A layout is exact when, for any two matchings of a bracket, the heavier one is the one whose
criteria sums, compared in the edition's order of priority (C.04.3 2026 Art. 2.4: criterion
by criterion, a vector criterion's slots from the highest score down), are greater.  The
witness compares those sums directly, on random matchings of brackets met while pairing late
rounds of a long event (80 players, 51 rounds: brackets with MDPs of many scores, whose
mixed-radix units, shared budgets and determined fields are what is tested).  The complete
matching is checked against every perfect matching of small random graphs.  The shortcut that
gives up pairing without the next group, and the pairing that stops at the first pair outside
a given set, are run beside the plain route.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch.bracket import BracketMatcher
from trfaudit.engine.dutch.criteria import Value
from trfaudit.engine.dutch.editions import EDITION_2017, EDITION_2025, Edition
from trfaudit.engine.dutch.pairer import DutchPairer, PairOutside
from trfaudit.engine.dutch.weights import PairGroup, WeightLayout
from trfaudit.engine.matching import max_weight_complete
from trfaudit.engine.recorded import recorded_round
from trfaudit.trf.reader import read

ROOT = Path(__file__).resolve().parents[2]
LONG = ROOT / "corpus/peers/lexisvar-caissify_pairings/tests/fixtures/misc_edge_case_2.trf"

# A bracket's layout, its pairs' groups and value lists, whether completion (F1) is left out
# of the local weights, and whether the next group is in view.
Sample = tuple[WeightLayout, list[PairGroup], dict[tuple[int, int], list[Value]], bool, bool]


def _sampled(rounds: list[int], edition: Edition) -> list[Sample]:
    """Every bracket layout met while pairing ``rounds`` of the long fixture, with its pairs'
    value lists and whether completion (F1) was left out of the local weights."""
    seen: list[Sample] = []

    class Spy(BracketMatcher):
        def _layout_bracket(self, groups: list[PairGroup], fit: int) -> None:
            super()._layout_bracket(groups, fit)
            bk = self.rs.bk
            seen.append((bk.crit_layout, groups, dict(bk.local_vals), bool(bk.lower), bk.look))

    class Pairer(DutchPairer):
        bracket_matcher = Spy

    t = read(LONG)
    for rnd in rounds:
        Pairer(round_input(t, rnd), edition).pair()
    return seen


def _sums(vals: list[list[Value]], n_crit: int) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for vs in vals:
        for ci in range(n_crit):
            v = vs[ci]
            if not v:
                continue
            for slot, c in v.items() if isinstance(v, dict) else ((0, v),):
                out[(ci, slot)] = out.get((ci, slot), 0) + c
    return out


def _random_matching(
    rng: random.Random, edges: list[tuple[int, int]], keep: float
) -> list[tuple[int, int]]:
    order = edges[:]
    rng.shuffle(order)
    used: set[int] = set()
    got = []
    for a, b in order:
        if a not in used and b not in used and rng.random() < keep:
            used.update((a, b))
            got.append((a, b))
    return got


def _check_layout(sample: Sample, seed: int) -> int:
    """Compare weights with the criteria sums on random matchings; the number of pairs of
    matchings whose sums differed (so that the test is seen to compare something)."""
    lay, groups, vals, local, look = sample
    crit = lay.criteria
    n = len(crit)
    # The fields the weights stand for: every criterion in force here (the look-ahead ones
    # only with the next group in view), completion only when it is in the local weights.
    skip = {ci for ci, c in enumerate(crit) if c.lookahead and not look}
    if local:
        skip.add(0)
    packed = dict(zip((id(vs) for vs, _, _ in groups), lay.packed(without_top=local)))
    edges = list(vals)
    rng = random.Random(seed)
    compared = 0
    for _ in range(60):
        m1 = _random_matching(rng, edges, rng.choice((0.3, 0.7, 1.0)))
        m2 = _random_matching(rng, edges, rng.choice((0.3, 0.7, 1.0)))
        w1 = sum(packed[id(vals[e])] for e in m1)
        w2 = sum(packed[id(vals[e])] for e in m2)
        s1, s2 = _sums([vals[e] for e in m1], n), _sums([vals[e] for e in m2], n)
        fields = sorted({k for k in (*s1, *s2) if k[0] not in skip}, key=lambda k: (k[0], -k[1]))
        key1 = [s1.get(k, 0) for k in fields]
        key2 = [s2.get(k, 0) for k in fields]
        if key1 != key2:
            compared += 1
            assert (w1 > w2) == (key1 > key2), (fields, key1, key2, w1, w2)
        else:
            assert w1 == w2
        assert abs(w1) < 2 ** (lay.local_bits if local else lay.bits)
    return compared


@pytest.mark.parametrize(
    ("edition", "rounds"), [(EDITION_2025, [45, 50]), (EDITION_2017, [44])], ids=["2025", "2017"]
)
def test_weights_order_matchings_as_the_criteria(edition: Edition, rounds: list[int]) -> None:
    """Heavier is better, criterion by criterion, on every sampled bracket."""
    samples = _sampled(rounds, edition)
    assert len(samples) > 20
    compared = sum(_check_layout(sample, seed=i) for i, sample in enumerate(samples))
    assert compared > 300


def test_late_brackets_fit_rustworkx() -> None:
    """The fixture's late brackets: their criteria fit in rustworkx's 126 bits once the
    fields that fields above determine take no room (they did not as bit fields)."""
    samples = _sampled([45, 50], EDITION_2025)
    assert max(s[0].local_bits for s in samples) > 90  # wide brackets are among them
    assert all(s[0].local_bits <= 126 for s in samples)


def _best_perfect(
    weights: dict[tuple[int, int], int], vertices: list[int], spare: list[int]
) -> int | None:
    """The heaviest complete matching by brute force (None: there is none)."""
    best: int | None = None

    def go(left: list[int], total: int, spare_used: bool) -> None:
        nonlocal best
        if not left:
            best = total if best is None else max(best, total)
            return
        v, rest = left[0], left[1:]
        if len(vertices) % 2 and not spare_used and v in spare:
            go(rest, total, True)
        for u in rest:
            e = (v, u) if v < u else (u, v)
            if e in weights:
                go([x for x in rest if x != u], total + weights[e], spare_used)

    go(sorted(vertices), 0, False)
    return best


@pytest.mark.parametrize("seed", range(40))
def test_complete_matching_is_the_heaviest_complete(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    vertices = list(range(n))
    weights = {
        e: rng.choice((0, 0, 1, 5, 2**130 + rng.randint(0, 9), rng.randint(0, 2**120)))
        for e in combinations(vertices, 2)
        if rng.random() < 0.6
    }
    spare = [v for v in vertices if rng.random() < 0.5]
    want = _best_perfect(weights, vertices, spare)
    got = max_weight_complete(weights, vertices, spare)
    if want is None:
        assert got is None
        return
    assert got is not None
    matched = {v for v in got}
    assert len(matched) == n - n % 2
    assert all(v in spare for v in vertices if v not in matched)
    assert sum(weights[(a, b)] for a, b in got.items() if a < b) == want


def _boards(p: DutchPairer) -> set[frozenset[int]]:
    got = p.pair()
    return {frozenset((b.white, b.black)) for b in got.boards}


@pytest.mark.parametrize("rnd", [38, 47])
def test_giving_up_the_local_pairing_changes_nothing(rnd: int) -> None:
    """Late rounds paired with the shortcut given up at once, after three misses (the
    default) and never: the same pairs, the recorded ones."""
    t = read(LONG)
    inp = round_input(t, rnd)
    rec = recorded_round(t, rnd)

    class Never(DutchPairer):
        local_miss_limit = 10**9

    class AtOnce(DutchPairer):
        local_miss_limit = 0

    got = [_boards(k(inp, EDITION_2025)) for k in (DutchPairer, Never, AtOnce)]
    assert got[0] == got[1] == got[2] == rec.pairs


def test_pairing_within_the_record_stops_outside_it() -> None:
    """Round 46 under 2017 differs from its record (paired under 2025): pairing within the
    record stops; within the engine's own pairs it goes through to the same boards."""
    t = read(LONG)
    inp = round_input(t, 46)
    rec = recorded_round(t, 46)
    own = _boards(DutchPairer(inp, EDITION_2017))
    assert own != rec.pairs
    with pytest.raises(PairOutside):
        DutchPairer(round_input(t, 46), EDITION_2017, within=rec.pairs).pair()
    assert _boards(DutchPairer(round_input(t, 46), EDITION_2017, within=own)) == own


def test_long_fixture_late_rounds() -> None:
    """Rounds 40 and 49 of the 80-player, 51-round fixture pair as recorded (2025 rules)."""
    t = read(LONG)
    for rnd in (40, 49):
        got = DutchPairer(round_input(t, rnd), EDITION_2025).pair()
        rec = recorded_round(t, rnd)
        assert {(b.white, b.black) for b in got.boards} == set(rec.boards)
        assert got.bye == rec.bye
    assert EDITIONS["2025"] is EDITION_2025


@pytest.mark.parametrize(
    ("edition", "rnd"), [(EDITION_2025, 45), (EDITION_2017, 51)], ids=["2025", "2017"]
)
def test_pairs_of_one_value_list_are_one_group(edition: Edition, rnd: int, monkeypatch) -> None:
    """A bracket's pairs of equal value lists are one group (BracketMatcher._bracket_values:
    one list per content for the round, one group per list), and its layout is the one the
    pairs give each as a group of its own: the same units, bits and weight of every pair."""
    from trfaudit.engine.dutch import bracket as bracket_module

    checked: list[int] = []

    class Spy(BracketMatcher):
        def _layout_bracket(self, groups: list[PairGroup], fit: int) -> None:
            vals = self.rs.bk.local_vals

            def both(criteria, given, *args, **kwargs):  # type: ignore[no-untyped-def]
                lay = WeightLayout(criteria, given, *args, **kwargs)
                alone = [(list(vs), {a}, {b}) for (a, b), vs in vals.items()]
                one_by_one = WeightLayout(criteria, alone, *args, **kwargs)
                assert (lay.scale, lay.bits, lay.local_bits) == (
                    one_by_one.scale,
                    one_by_one.bits,
                    one_by_one.local_bits,
                )
                weight = dict(zip((id(vs) for vs, _, _ in given), lay.packed()))
                assert [weight[id(vs)] for vs in vals.values()] == one_by_one.packed()
                checked.append(len(alone) - len(given))
                return lay

            monkeypatch.setattr(bracket_module, "WeightLayout", both)
            super()._layout_bracket(groups, fit)

    class Pairer(DutchPairer):
        bracket_matcher = Spy

    Pairer(round_input(read(LONG), rnd), edition).pair()
    assert len(checked) > 10
    assert max(checked) > 100  # brackets where many pairs share a group


def _rank(rows: list[list[int]]) -> int:
    """The rank of integer rows over the rationals (an oracle apart from weights._reduce)."""
    from fractions import Fraction

    m = [[Fraction(x) for x in r] for r in rows]
    rank, cols = 0, len(m[0]) if m else 0
    for c in range(cols):
        pivot = next((i for i in range(rank, len(m)) if m[i][c] != 0), None)
        if pivot is None:
            continue
        m[rank], m[pivot] = m[pivot], m[rank]
        for i in range(len(m)):
            if i != rank and m[i][c] != 0:
                f = m[i][c] / m[rank][c]
                m[i] = [a - f * b for a, b in zip(m[i], m[rank])]
        rank += 1
    return rank


def test_redundant_fields_are_those_in_the_span_of_the_fields_above():
    """weights.redundant names a field exactly when its row of values (one column per
    group of pairs) is a rational combination of the rows above it; the groups given in
    another order, some twice, get the same answer (it is kept by the set of columns)."""
    import random

    from trfaudit.engine.dutch import weights
    from trfaudit.engine.dutch.weights import Extent, redundant

    rng = random.Random(5)
    weights._REDUNDANT.clear()
    for _ in range(200):
        n_fields, n_groups = rng.randint(1, 6), rng.randint(1, 7)
        order = [(ci, 0) for ci in range(n_fields)]
        base = [[rng.choice([0, 0, 1, -1, 2, 3]) for _ in range(n_groups)] for _ in order]
        for r in range(1, n_fields):  # some rows combinations of those above
            if rng.random() < 0.4:
                a, b = rng.randrange(r), rng.randrange(r)
                base[r] = [2 * x - y for x, y in zip(base[a], base[b])]
            elif rng.random() < 0.3:  # or multiples of one, of either sign
                m = rng.choice([-3, -1, 2, 5])
                base[r] = [m * x for x in base[rng.randrange(r)]]
        expected = {k for r, k in enumerate(order) if _rank(base[: r + 1]) == _rank(base[:r])}
        for columns in (list(range(n_groups)), rng.sample(range(n_groups), n_groups) * 2):
            ex = Extent([])
            for r, k in enumerate(order):
                cells = {gi: base[r][c] for gi, c in enumerate(columns) if base[r][c]}
                if cells:
                    ex.values[k] = cells
            assert redundant(order, ex) == expected


def _greedy_most(units: list[tuple[int, int]], budget: int | None) -> int:
    """The largest sum of scale * y, 0 <= y <= range, the y adding up to at most ``budget``:
    taken unit by unit, the largest scales first (a plain witness of weights._Units)."""
    total = 0
    for scale, rng in sorted(units, reverse=True):
        take = rng if budget is None else min(rng, budget)
        total += scale * take
        if budget is not None:
            budget -= take
    return total


@given(
    st.lists(st.tuples(st.integers(1, 50), st.integers(0, 9)), max_size=12),
    st.one_of(st.none(), st.integers(0, 80)),
)
def test_a_criterion_s_fields_differ_by_at_most_the_greedy_sum(
    units: list[tuple[int, int]], budget: int | None
) -> None:
    """weights._Units (prefix sums, one search) answers as taking the largest scales first,
    unit by unit, for every budget: the bound each field's unit is placed above."""
    from trfaudit.engine.dutch.weights import _Units

    placed = _Units()
    for scale, rng in sorted(units):
        placed.add(scale, rng)
    assert placed.most(budget) == _greedy_most(units, budget)


@pytest.mark.parametrize(("edition", "rnd"), [(EDITION_2017, 45), (EDITION_2025, 12)])
def test_pairs_found_pair_by_pair_are_those_found_class_by_class(
    edition: Edition, rnd: int, monkeypatch
) -> None:
    """BracketMatcher._bracket_values finds a bracket's pairs class by class (players of one
    signature and C3 guard) when classes are few and pair by pair otherwise; both ways give
    every bracket the same pairs in the same order, each with the same value list, and the
    same groups of pairs."""
    from trfaudit.engine.dutch import bracket as bracket_module

    compared: list[int] = []
    plain = bracket_module.BracketMatcher._bracket_values

    def content(groups: list[PairGroup]) -> set[tuple[int, frozenset[int], frozenset[int]]]:
        return {(id(vs), frozenset(hs), frozenset(ls)) for vs, hs, ls in groups}

    def both(self, V, bset, mdp_count, known):  # type: ignore[no-untyped-def]
        vals, log, dropped = dict(self.rs.vals), len(self.rs.values_log), set(self.rs.dropped)
        # As the bracket is, and with some of its pairs dropped besides (a question's).
        extra = set(list(combinations(V, 2))[::7])
        for drops in (extra, set()):
            results = []
            for share in (1.0, 0.0):  # every bracket by classes, then every one pair by pair
                self.rs.vals.clear()
                self.rs.vals.update(vals)
                del self.rs.values_log[log:]
                self.rs.dropped = dropped | drops
                monkeypatch.setattr(bracket_module.BracketMatcher, "class_share", share)
                results.append(plain(self, V, bset, mdp_count, known))
            (by_class, class_groups), (by_pair, pair_groups) = results
            assert list(by_class) == list(by_pair)
            assert all(by_class[e] is by_pair[e] for e in by_class)
            assert content(class_groups) == content(pair_groups)
            assert not drops or not drops & set(by_pair)
        compared.append(len(by_pair))
        return by_pair, pair_groups

    monkeypatch.setattr(bracket_module.BracketMatcher, "_bracket_values", both)
    DutchPairer(round_input(read(LONG), rnd), edition).pair()
    assert len(compared) > 3 and max(compared) > 50


_VALUE = st.one_of(
    st.none(),
    st.integers(-3, 3),
    st.dictionaries(st.integers(0, 6), st.integers(-2, 2), max_size=4),
)


@given(st.lists(st.lists(_VALUE, min_size=5, max_size=5), max_size=8))
def test_the_value_lists_columns_are_their_nonzero_fields(rows: list[list[Value]]) -> None:
    """weights._columns (each list's fields kept by list): per field the nonzero values by
    list, per criterion the largest sum of magnitudes of one list and the lists with a
    nonzero one, as read straight off the lists; a list given twice is read alike."""
    from trfaudit.engine.dutch.weights import _columns

    lists = tuple(rows) + tuple(rows[:2])  # the first two again: the kept fields
    values, totals, members = _columns(lists)
    want: dict[tuple[int, int], dict[int, int]] = {}
    sums: dict[int, dict[int, int]] = {}
    for gi, vs in enumerate(lists):
        for ci, v in enumerate(vs):
            slots = v if isinstance(v, dict) else {0: v or 0}
            for slot, c in slots.items():
                if c:
                    want.setdefault((ci, slot), {})[gi] = c
                    sums.setdefault(ci, {})[gi] = sums.get(ci, {}).get(gi, 0) + abs(c)
    assert values == want
    assert totals == {ci: max(by.values()) for ci, by in sums.items()}
    assert members == {ci: sorted(by) for ci, by in sums.items()}
