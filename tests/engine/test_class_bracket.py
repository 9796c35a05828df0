"""The class route (engine.dutch.classes): a large bracket paired by counting on classes of
players, checked against the matching route it stands in for and against the reference
engine's pairings; its transportation solver against enumeration.
"""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path

import pytest
from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch import classes
from trfaudit.engine.dutch.classes import ClassBracket, best_flow
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


def _boards(
    pairer: type[DutchPairer], path: Path, rnd: int
) -> tuple[set[tuple[int, int]], int | None]:
    t = read(path)
    got = pairer(round_input(t, rnd), EDITIONS["2025"]).pair()
    return {(b.white, b.black) for b in got.boards}, got.bye


SAMPLE = sorted((CORPUS / "dutch2025").glob("*.trf"))[::12]


def test_the_class_route_pairs_as_the_matching_route_and_the_reference() -> None:
    """Every round of a sample of the reference engine's tournaments (one file in twelve):
    the class route tried on every bracket it may take pairs each round exactly as the
    matching route alone and as the reference engine recorded it; and it did take
    brackets, and left others to the matching route, so both of its ends are exercised."""
    before = dict(classes.stats)
    rounds = 0
    for path in SAMPLE:
        t = read(path)
        for rnd in range(2, t.recorded_rounds() + 1):
            by_classes = _boards(_ByClasses, path, rnd)
            assert by_classes == _boards(_ByMatchings, path, rnd), (path.name, rnd)
            rec = recorded_round(t, rnd)
            assert by_classes == (set(rec.boards), rec.bye), (path.name, rnd)
            rounds += 1
    taken = classes.stats["taken"] - before.get("taken", 0)
    declined = sum(n - before.get(k, 0) for k, n in classes.stats.items() if k != "taken")
    assert rounds > 150
    assert taken > 100 and declined > 10


@pytest.mark.parametrize("rnd", [2, 3])
def test_a_thousand_player_round_by_classes(rnd: int) -> None:
    """Rounds 2 and 3 of the reference engine's 1,000-player open: its large brackets are
    paired by classes (no matching of their players), and the round is the reference
    engine's."""
    path = CORPUS / "large" / "open1000-2025.trf"
    before = classes.stats["taken"]
    t = read(path)
    rec = recorded_round(t, rnd)
    assert _boards(DutchPairer, path, rnd) == (set(rec.boards), rec.bye)
    assert classes.stats["taken"] > before
