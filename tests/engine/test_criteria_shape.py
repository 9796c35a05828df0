"""The shape of each criterion that lets the engine skip the matchings of a perfect bracket.

engine.dutch.criteria.Criterion: a criterion marked ``counts_failures`` never gives a pair a
positive value; every other one, for two players of the same score inside the bracket, is a
sum of one term per player, so that every complete pairing of a homogeneous bracket has the
same total.  Checked here on the real player states of corpus rounds (late rounds: floats,
colour histories, topscorers), for every edition: a sum of one term per player satisfies
f(a,b) + f(c,d) = f(a,c) + f(b,d) for any four players, which is what is asserted.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from trfaudit.engine.dutch.criteria import Context
from trfaudit.engine.dutch.editions import EDITIONS
from trfaudit.engine.dutch.players import build_states
from trfaudit.engine.history import round_input
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
CASES = [
    ("dutch2025/t000277.trf", "2025"),
    ("dutch2017/t000175.trf", "2017"),
    ("dutch2025/t000134.trf", "2012"),
]


def _add(x, y):
    if isinstance(x, dict) or isinstance(y, dict):
        out = dict(x or {})
        for k, v in (y or {}).items():
            out[k] = out.get(k, 0) + v
        return {k: v for k, v in out.items() if v}
    return (x or 0) + (y or 0)


def _contexts(states, rounds_played):
    for single, completion, lookahead, last in itertools.product((False, True), repeat=4):
        yield Context(
            bye_score=min(p.score for p in states),
            odd=True,
            single_downfloater_is_pab=single,
            played_rank={p.played: p.played % 3 for p in states},
            rounds_played=rounds_played,
            low_score=states[0].score,
            point=10,
            lookahead=lookahead,
            completion=completion,
            next_is_last=last,
        )


@pytest.mark.parametrize("name,edition", CASES)
def test_criteria_are_failures_or_sums_over_players(name, edition):
    t = read(CORPUS / name)
    ed = EDITIONS[edition]
    rng = random.Random(11)
    checked = 0
    for rnd in range(2, t.recorded_rounds() + 1):
        inp = round_input(t, rnd)
        states = sorted(build_states(inp, ed).values(), key=lambda p: (-p.score, p.rank))
        crit = [c for c in ed.criteria() if c.rounds_needed <= rnd - 1]
        by_score: dict[int, list] = {}
        for p in states:
            by_score.setdefault(p.score, []).append(p)
        for ctx in _contexts(states, rnd - 1):
            for group in by_score.values():
                for h, l in zip(group, group[1:]):
                    for c in crit:
                        if c.counts_failures:
                            v = c.value(ctx, h, l, "B")
                            assert (
                                all(x <= 0 for x in v.values())
                                if isinstance(v, dict)
                                else (v or 0) <= 0
                            ), (c.key, v)
                if len(group) < 4:
                    continue
                for _ in range(6):
                    a, b, x, y = sorted(rng.sample(group, 4), key=lambda p: p.rank)

                    def f(c, p, q, ctx=ctx):
                        return (
                            c.value(ctx, p, q, "B") if p.rank < q.rank else c.value(ctx, q, p, "B")
                        )

                    for c in crit:
                        if c.counts_failures:
                            continue
                        assert (
                            _add(f(c, a, b), f(c, x, y))
                            == _add(f(c, a, x), f(c, b, y))
                            == _add(f(c, a, y), f(c, b, x))
                        ), (c.key, rnd)
                        checked += 1
    assert checked > 100


def test_the_2017_score_difference_criteria_count_as_a_8_says():
    """2017 C.6 and C.16/C.18 (A.8) against a plain count on the real states of a late
    round: every downfloater difference the pair takes away counts +1 at its value (a
    player's score less the bracket's lowest score less one point), the pair's own
    difference -1 (C.6: when the scores differ; C.16/C.18: when the higher player got
    the downfloat and the scores differ), nothing else; no entry of count 0."""
    from collections import Counter

    from trfaudit.engine.dutch.criteria import (
        DOWN,
        PairingScoreDifference,
        RepeatedDownfloatDifferences,
    )

    t = read(CORPUS / "dutch2017/t000175.trf")
    rnd = t.recorded_rounds()
    states = sorted(
        build_states(round_input(t, rnd), EDITIONS["2017"]).values(), key=lambda p: -p.score
    )
    low = min(p.score for p in states)
    psd, c16 = PairingScoreDifference(), RepeatedDownfloatDifferences("C18", 1)
    checked = 0
    for ctx in _contexts(states, rnd - 1):
        ctx.low_score = low
        base = low - ctx.point
        for h, l in itertools.combinations(states, 2):
            want: Counter[int] = Counter({h.score - base: 1})
            want[l.score - base] += 1
            if h.score != l.score:
                want[abs(h.score - l.score)] -= 1
            assert psd.value(ctx, h, l, "B") == {k: v for k, v in want.items() if v}
            down: Counter[int] = Counter()
            if h.floats.get(1) == DOWN:
                down[h.score - base] += 1
                if h.score > l.score:
                    down[h.score - l.score] -= 1
            if l.floats.get(1) == DOWN:
                down[l.score - base] += 1
            assert c16.value(ctx, h, l, "B") == ({k: v for k, v in down.items() if v} or None)
            checked += 1
    assert checked > 1000
