"""The class route (engine.dutch.classes): a large bracket paired by counting on classes of
players, checked against the matching route it stands in for and against the reference
engine's pairings; its transportation solver against enumeration.
"""

from __future__ import annotations

import random
from itertools import permutations, product
from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch import classes
from trfaudit.engine.dutch.classes import BracketClasses, ClassBracket, Transposition, best_flow
from trfaudit.engine.dutch.pairer import DutchPairer
from trfaudit.engine.recorded import recorded_round
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


class _Everywhere(ClassBracket):
    """The class route tried on every bracket it may take, however small."""

    min_players = 2


class _Never(ClassBracket):
    """The matching route alone (the engine before the class route)."""

    min_players = 10**9


class _ByClasses(DutchPairer):
    class_bracket = _Everywhere


class _ByMatchings(DutchPairer):
    class_bracket = _Never


def _brute(
    supply: list[int],
    cap: list[int],
    arcs: dict[tuple[int, int], int],
    unfilled: list[int],
    floats: list[int | None],
) -> int | None:
    """best_flow's value by enumerating every placement of every left unit."""
    options: list[list[tuple[int, ...]]] = []
    targets = [("arc", j) for j in range(len(cap))] + [("float", -1)]
    for i, s in enumerate(supply):
        rows = []
        for split in product(range(s + 1), repeat=len(targets)):
            if sum(split) != s:
                continue
            if any(
                n and (t == "arc" and (i, j) not in arcs or t == "float" and floats[i] is None)
                for n, (t, j) in zip(split, targets, strict=True)
            ):
                continue
            rows.append(split)
        options.append(rows)
    best = None
    for choice in product(*options):
        into = [sum(row[j] for row in choice) for j in range(len(cap))]
        if any(x > c for x, c in zip(into, cap, strict=True)):
            continue
        value = 0
        for i, row in enumerate(choice):
            for j in range(len(cap)):
                value += row[j] * arcs.get((i, j), 0)
            f = floats[i]
            value += row[-1] * (f if f is not None else 0)
        value += sum((c - x) * u for c, x, u in zip(cap, into, unfilled, strict=True))
        best = value if best is None else max(best, value)
    return best


@pytest.mark.parametrize("seed", range(60))
def test_transportation_on_classes_is_the_best_placement(seed: int) -> None:
    """Small random instances (negative worths too): the flow's value is the enumeration's,
    and its units respect the supplies and capacities and add up to that value."""
    rng = random.Random(seed)
    n_left, n_right = rng.randint(1, 3), rng.randint(1, 3)
    supply = [rng.randint(0, 3) for _ in range(n_left)]
    cap = [rng.randint(0, 3) for _ in range(n_right)]
    arcs = {
        (i, j): rng.randint(-20, 40)
        for i in range(n_left)
        for j in range(n_right)
        if rng.random() < 0.7
    }
    unfilled = [rng.randint(-10, 10) for _ in range(n_right)]
    floats = [rng.choice([None, rng.randint(-10, 10)]) for _ in range(n_left)]
    got = best_flow(supply, cap, arcs, unfilled, floats)
    want = _brute(supply, cap, arcs, unfilled, floats)
    if want is None:
        assert got is None
        return
    assert got is not None
    value, units = got
    assert value == want
    for j, c in enumerate(cap):
        assert sum(u for (_, jj), u in units.items() if jj == j) <= c
    for i, s in enumerate(supply):
        assert sum(u for (ii, _), u in units.items() if ii == i) <= s


def _best_pairing(
    classes: list[int], pair: dict[tuple[int, int], int], down: list[int | None]
) -> int | None:
    """The most a pairing of these players (their classes, in order: the earlier is the
    higher) is worth, by enumerating every pairing: a player floats (``down``) or pairs."""
    if not classes:
        return 0
    first, rest = classes[0], classes[1:]
    options = []
    if down[first] is not None:
        got = _best_pairing(rest, pair, down)
        if got is not None:
            options.append(got + down[first])
    for k, other in enumerate(rest):
        w = pair.get((first, other))
        if w is not None:
            got = _best_pairing(rest[:k] + rest[k + 1 :], pair, down)
            if got is not None:
                options.append(got + w)
    return max(options) if options else None


def _plain_bound(bc: BracketClasses, count: list[int]) -> int | None:
    """The bound of :meth:`BracketClasses.bound` with every branch followed (no pruning):
    the PAB's class tried for an odd count, an odd loop branched both ways, depth 6."""
    n = len(count)
    arcs = {
        (i, j): w
        for i in range(n)
        for j in range(n)
        if (w := bc.either(i, j)) is not None and count[i] and count[j] and (i != j or count[i] > 1)
    }
    unfilled = [bc.never if w is None else w for w in bc.down]

    def branch(count: list[int], limit: dict[tuple[int, int], int], depth: int) -> int | None:
        if sum(count) % 2:
            options = []
            for c in range(n):
                fc = bc.down[c]
                if count[c] and fc is not None:
                    less = count[:]
                    less[c] -= 1
                    v = branch(less, limit, depth)
                    if v is not None:
                        options.append(v + 2 * fc)
            return max(options, default=None)
        got = best_flow(count, count, arcs, unfilled, bc.down, limit)
        if got is None:
            return None
        value, units = got
        odd = next((c for c in range(n) if units.get((c, c), 0) % 2), None)
        if odd is None or depth == 0:
            return value
        u, loop = units[(odd, odd)], (odd, odd)
        options = [v for v in [branch(count, {**limit, loop: u - 1}, depth - 1)] if v is not None]
        room = limit.get(loop)
        if count[odd] > u and (room is None or room > u):
            placed = count[:]
            placed[odd] -= u + 1
            capped = dict(limit)
            if room is not None:
                capped[loop] = room - u - 1
            rest = branch(placed, capped, depth - 1)
            if rest is not None:
                options.append(rest + (u + 1) * arcs[loop])
        return max(options, default=None)

    got = branch(count, {}, 6)
    return None if got is None else got // 2


@pytest.mark.parametrize("seed", range(60))
def test_the_bound_prunes_nothing_that_counts(seed: int) -> None:
    """Random brackets of up to 7 classes of up to 9 players, odd and even: the bound found
    by branch and bound is the one every branch followed gives."""
    rng = random.Random(1000 + seed)
    n_cls = rng.randint(1, 7)
    members = [rng.randint(0, 9) for _ in range(n_cls)]
    pair = {
        (i, j): rng.randint(40, 60) if seed % 3 else rng.randint(-10, 30)
        for i in range(n_cls)
        for j in range(n_cls)
        if rng.random() < 0.8
    }
    down = [rng.choice([None, rng.randint(0, 25), rng.randint(0, 25)]) for _ in range(n_cls)]
    bc = BracketClasses(cls={}, members=members, pair=pair, down=down, never=-(1 << 40))
    assert bc.bound(members) == _plain_bound(bc, members)


@pytest.mark.parametrize("seed", range(80))
def test_the_bound_is_never_below_a_pairing(seed: int) -> None:
    """Random brackets of 2-9 players in 1-3 classes, pair worths depending on which class
    is higher, some pairs and some floats forbidden: the classes' bound is at least the
    best pairing (so a choice it gives up is impossible), and it is that pairing's worth
    when the worths are like the criteria's (a pair worth more than two floaters)."""
    rng = random.Random(seed)
    n_cls = rng.randint(1, 3)
    classes = sorted(rng.randrange(n_cls) for _ in range(rng.randint(2, 9)))
    members = [classes.count(c) for c in range(n_cls)]
    like_criteria = seed % 2 == 0
    pair = {
        (i, j): rng.randint(50, 60) if like_criteria else rng.randint(-5, 30)
        for i in range(n_cls)
        for j in range(n_cls)
        if rng.random() < 0.85
    }
    down = [rng.choice([None, rng.randint(0, 20)]) for _ in range(n_cls)]
    bc = BracketClasses(cls={}, members=members, pair=pair, down=down, never=-(1 << 40))
    want = _best_pairing(rng.sample(classes, len(classes)), pair, down)
    got = bc.bound(members)
    if want is None:
        return  # no pairing: the bound may say anything (the route then finds none)
    assert got is not None and got >= want
    if like_criteria and all(d is not None for d in down) and len(pair) == n_cls**2:
        assert got == want


@pytest.mark.parametrize("seed", range(60))
def test_the_first_transposition_reaching_the_bound(seed: int) -> None:
    """Random S1/S2 of 1-4 and 1-5 players in 1-3 classes, some pairs illegal (C1): the
    search gives the first transposition of S2 in lexicographic order (S1[i] with its i-th
    player, the rest floating) whose worth is the classes' bound, found by enumerating them
    all; or none when no legal transposition reaches it."""
    rng = random.Random(seed)
    n_cls = rng.randint(1, 3)
    n1 = rng.randint(1, 4)
    n2 = n1 + rng.randint(0, 1)
    s1, s2 = list(range(n1)), list(range(n1, n1 + n2))
    cls = {v: rng.randrange(n_cls) for v in s1 + s2}
    pair = {(i, j): rng.randint(0, 6) for i in range(n_cls) for j in range(n_cls)}
    unfilled = [rng.randint(0, 3) if n2 > n1 else -(1 << 40) for _ in range(n_cls)]
    illegal = {(a, b) for a in s1 for b in s2 if rng.random() < 0.25}

    def legal(a: int, b: int) -> bool:
        return (a, b) not in illegal

    def worth(order: tuple[int, ...]) -> int:
        return sum(pair[(cls[a], cls[b])] for a, b in zip(s1, order, strict=False)) + sum(
            unfilled[cls[b]] for b in order[n1:]
        )

    supply = [sum(1 for v in s1 if cls[v] == c) for c in range(n_cls)]
    cap = [sum(1 for v in s2 if cls[v] == c) for c in range(n_cls)]
    tr = Transposition(supply[:], cap[:], pair, unfilled)
    start = tr.best()
    assert start is not None
    bound = start[0]
    assert bound == max(worth(p) for p in permutations(s2))
    reaching = [
        p
        for p in permutations(s2)
        if worth(p) == bound and all(legal(a, b) for a, b in zip(s1, p, strict=False))
    ]
    got = Transposition(supply[:], cap[:], pair, unfilled).first(s1, s2, cls, legal)
    if not reaching:
        assert got is None
        return
    assert got is not None
    first = min(reaching)
    assert got[0] == list(zip(s1, first, strict=False))
    assert sorted(got[1]) == sorted(first[n1:])


def _boards(
    pairer: type[DutchPairer], path: Path, rnd: int, rules: str = "2025"
) -> tuple[set[tuple[int, int]], int | None]:
    t = read(path)
    got = pairer(round_input(t, rnd), EDITIONS[rules]).pair()
    return {(b.white, b.black) for b in got.boards}, got.bye


@pytest.mark.parametrize("folder, rules", [("dutch2025", "2025"), ("dutch2017", "2017")])
def test_the_class_route_pairs_as_the_matching_route_and_the_reference(
    folder: str, rules: str
) -> None:
    """Every round of a sample of the reference engine's tournaments (one file in twelve),
    of either edition: the class route tried on every bracket it may take pairs each round
    exactly as the matching route alone and as the reference engine recorded it; and it
    did take brackets, and left others to the matching route, so both of its ends are
    exercised."""
    before = dict(classes.stats)
    rounds = 0
    for path in sorted((CORPUS / folder).glob("*.trf"))[::12]:
        t = read(path)
        for rnd in range(2, t.recorded_rounds() + 1):
            by_classes = _boards(_ByClasses, path, rnd, rules)
            assert by_classes == _boards(_ByMatchings, path, rnd, rules), (path.name, rnd)
            rec = recorded_round(t, rnd)
            assert by_classes == (set(rec.boards), rec.bye), (path.name, rnd)
            rounds += 1
    taken = classes.stats["taken"] - before.get("taken", 0)
    declined = sum(n - before.get(k, 0) for k, n in classes.stats.items() if k != "taken")
    assert rounds > 150
    assert taken > 100 and declined > 10


@pytest.mark.parametrize(
    "name, rules, rnd",
    [("open1000-2025", "2025", 2), ("open1000-2025", "2025", 3), ("open999-2017", "2017", 3)],
)
def test_a_thousand_player_round_by_classes(name: str, rules: str, rnd: int) -> None:
    """Rounds of the reference engine's 1,000-player opens (2025: bbpPairings v6; 2017, an
    odd field: v5.0.1): their large brackets are paired by classes (no matching of their
    players), and the round is the reference engine's."""
    path = CORPUS / "large" / f"{name}.trf"
    before = classes.stats["taken"]
    t = read(path)
    rec = recorded_round(t, rnd)
    assert _boards(DutchPairer, path, rnd, rules) == (set(rec.boards), rec.bye)
    assert classes.stats["taken"] > before


def test_c9_does_not_turn_a_2017_bracket_away() -> None:
    """Round 4 of the 999-player open under 2017: an odd field, so the brackets at the PAB
    score carry C9's flag (2.4.4, a 2025 criterion; 2017 has none).  Each of its five
    brackets of 108 to 234 players (one score, at most one MDP) is paired by classes, and the
    round is the reference engine's."""
    path = CORPUS / "large" / "open999-2017.trf"
    rec = recorded_round(read(path), 4)
    before = classes.stats["taken"]
    assert _boards(DutchPairer, path, 4, "2017") == (set(rec.boards), rec.bye)
    assert classes.stats["taken"] - before == 5
