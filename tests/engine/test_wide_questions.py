"""A wide bracket's questions answered from its first matching's duals (engine.matching,
``LocalGraph._by_duals``): with duals that prove the graph's matching best, a question whose
extra weights sit below the weights' common unit is answered by a narrow matching of the
reduced-cost-0 edges instead of a wide one.  Checked against a full matching of the weights
with the extra (every answer as heavy), through the operations a bracket applies between
questions (pairs fixed, edges dropped, the graph copied without some, a trial copy without
the pairs inside two parts), and beside the route that asks every question as a wide
matching, on rounds whose brackets are that wide.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS, blossom, matching, round_input
from trfaudit.engine.dutch.pairer import DutchPairer, RoundPairing
from trfaudit.engine.dutch.trace import trace_of
from trfaudit.engine.matching import LocalGraph
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
LONG = (
    CORPUS / "peers" / "lexisvar-caissify_pairings" / "tests" / "fixtures" / "misc_edge_case_2.trf"
)
LOW = 40  # the question bits below the criteria, as a wide bracket has them (open_bracket)
BITS = 300


def _best(weights: dict[tuple[int, int], int]) -> int:
    """The weight of a maximum-weight matching (engine.blossom on its own)."""
    live = {e: w for e, w in weights.items() if w > 0}
    ids = sorted({v for e in live for v in e})
    index = {v: i for i, v in enumerate(ids)}
    edges = [(index[a], index[b], w) for (a, b), w in live.items()]
    pairs = blossom.max_weight_matching(len(ids), edges)
    return sum(live[(ids[a], ids[b]) if ids[a] < ids[b] else (ids[b], ids[a])] for a, b in pairs)


def _weight(mate: dict[int, int], weights: dict[tuple[int, int], int]) -> int:
    assert all(mate[mate[v]] == v for v in mate)  # a matching
    return sum(weights[(a, b)] for a, b in mate.items() if a < b)


def _bracket_like(rng: random.Random, n: int) -> dict[tuple[int, int], int]:
    """Criteria of a few small fields packed far apart (many ties, well past 126 bits), the
    question bits below them empty."""
    fields = rng.randint(2, 4)
    return {
        e: sum(rng.randint(0, 3) << (80 * f) for f in range(fields)) + (1 << 240) << LOW
        for e in combinations(range(n), 2)
        if rng.random() < 0.6
    }


def _question(
    rng: random.Random, weights: dict[tuple[int, int], int], n: int
) -> dict[tuple[int, int], int]:
    """Extra weights on some edges, adding up to less than the criteria's unit."""
    chosen = rng.sample(sorted(weights), min(len(weights), rng.randint(1, 12)))
    return {e: rng.randint(1, (1 << LOW) // (n * n)) for e in chosen}


def test_answers_by_duals_weigh_what_a_full_matching_does() -> None:
    rng = random.Random(5)
    answered = missed = through_blossoms = trials = 0
    for _ in range(48):
        n = rng.randint(6, 26)
        model = _bracket_like(rng, n)
        if not model:
            continue
        g = LocalGraph(model, list(range(n)))
        first = g.solve(None, BITS)
        assert _weight(first, model) == _best(model)
        for step in range(8):
            if not model:
                break
            extra = _question(rng, model, n)
            proof = g.duals is not None
            blossoms = proof and bool(g.duals.blossoms)  # type: ignore[union-attr]
            before = matching.stats["by_duals"], matching.stats["duals_missed"]
            mate = g.solve(extra, BITS)
            answered += matching.stats["by_duals"] - before[0]
            through_blossoms += blossoms and matching.stats["by_duals"] > before[0]
            missed += matching.stats["duals_missed"] - before[1]
            if step == 0 and proof:  # the graph as its duals proved it: they answer
                assert matching.stats["by_duals"] == before[0] + 1
            with_extra = {e: w + extra.get(e, 0) for e, w in model.items()}
            assert _weight(mate, with_extra) == _best(with_extra)
            assert g.weights == model  # the question leaves the weights as they were
            kind = step % 4
            if kind == 0 and mate:  # a pair of the answer fixed: its players leave
                a = min(mate)
                for v in (a, mate[a]):
                    g.remove_vertex(v)
                    model = {e: w for e, w in model.items() if v not in e}
            elif kind == 1:  # pairs dropped, some of them maybe in every best matching
                gone = rng.sample(sorted(model), max(1, len(model) // 6))
                g.remove_edges(gone)
                model = {e: w for e, w in model.items() if e not in gone}
            elif kind == 2:  # the graph copied without some pairs
                g = g.kept(lambda edges: [rng.random() < 0.9 for _ in edges])
                model = g.weights
            else:  # a copy without the pairs inside two parts, matched as it is (4.3's trial)
                parts = rng.sample(sorted(g.node), min(len(g.node), 4))
                trial, _ = g.without_inside([parts[:2], parts[2:]])
                before = matching.stats["by_duals"]
                got = trial.solve(None, BITS)
                trials += matching.stats["by_duals"] - before
                assert _weight(got, trial.weights) == _best(trial.weights)
    # Both outcomes occur, and answers whose duals hold blossoms of positive dual, and
    # trial copies answered by the duals of the graph they were copied from.
    assert answered > 0 and missed > 0 and through_blossoms > 0 and trials > 0


def test_extra_past_the_unit_is_a_wide_matching() -> None:
    """Extra weights adding up to the weights' common unit or more could outweigh a
    difference of the criteria: the duals do not answer such a question."""
    model = {(0, 1): 5 << 200, (1, 2): 5 << 200, (2, 3): 5 << 200, (0, 3): 4 << 200}
    g = LocalGraph(model)
    assert g.solve(None, 210) in ({0: 1, 1: 0, 2: 3, 3: 2}, {1: 2, 2: 1, 0: 3, 3: 0})
    assert g.duals is not None
    wide, answered = matching.stats["wide"], matching.stats["by_duals"]
    assert g.solve({(0, 3): 2 << 200}, 210) == {0: 3, 3: 0, 1: 2, 2: 1}
    assert (matching.stats["wide"], matching.stats["by_duals"]) == (wide + 1, answered)
    # Below the unit, the duals answer: 0-1 and 2-3 together weigh as much as 0-3 and 1-2.
    assert g.solve({(0, 1): 3, (1, 2): 1}, 210) == {0: 1, 1: 0, 2: 3, 3: 2}
    assert matching.stats["by_duals"] == answered + 1


class _AllWide(DutchPairer):
    """Every question of a wide bracket a wide matching (the route before)."""

    def pair(self) -> RoundPairing:
        LocalGraph.by_duals = False
        try:
            return super().pair()
        finally:
            LocalGraph.by_duals = True


def _brackets(p: RoundPairing) -> list[tuple[list[tuple[int, int]], list[int]]]:
    return [(sorted(b.pairs), b.downfloaters) for b in trace_of(p).brackets]


@pytest.mark.parametrize(
    ("path", "rules", "rounds"),
    [
        (LONG, "2017", [20, 33, 46, 51]),
        (LONG, "2012", [42, 48]),
        (CORPUS / "large" / "long100x60-2025.trf", "2017", [38, 57]),
    ],
)
def test_answers_by_duals_pair_as_wide_matchings(path: Path, rules: str, rounds: list[int]) -> None:
    t = read(path)
    edition = EDITIONS[rules]
    answered = matching.stats["by_duals"]
    for rnd in rounds:
        new = DutchPairer(round_input(t, rnd), edition).pair()
        old = _AllWide(round_input(t, rnd), edition).pair()
        assert _brackets(new) == _brackets(old), rnd
        assert (new.boards, new.bye) == (old.boards, old.bye)
    assert matching.stats["by_duals"] > answered  # the rounds do take the shortcut


def test_a_long_event_is_generated_alike_with_and_without_answers_by_duals() -> None:
    """Every round of a generated 60-player, 40-round event under the 2017 rules (its late
    brackets past 126 bits) paired by the engine with the answers by duals and without them:
    the same file, byte for byte."""
    from trfaudit.corpus.config import GeneratorConfig
    from trfaudit.corpus.generator import generate, render

    config = GeneratorConfig(players=60, rounds=40, rules="2017")
    answered = matching.stats["by_duals"]
    with_duals = render(generate(config, 3))
    assert matching.stats["by_duals"] > answered
    LocalGraph.by_duals = False
    try:
        without = render(generate(config, 3))
    finally:
        LocalGraph.by_duals = True
    assert with_duals == without
