"""``explain`` against the engine and against ``check``, on sampled corpus rounds.

For every player of a sampled round, ``explain`` names the engine's opponent, colour and
bye (the engine's pairing is computed here separately, by ``trfaudit.pair``).  For sampled
pairs P-Q, the verdict of ``--against Q`` agrees with ``check`` run on the tournament whose
round is replaced by the returned alternative (same kind and criterion), and an illegal
verdict names a real C1/C3 clash (the players met, or both have the same absolute colour
preference).  A fixed random sample keeps the test fast; ``bench/explain_speed.py`` sweeps.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

import trfaudit
from trfaudit.engine.dutch.audit.round import check_round
from trfaudit.engine.explanation import Alternative
from trfaudit.engine.findings import Kind
from trfaudit.engine.systems import EDITIONS
from trfaudit.trf.model import EntryKind, RoundEntry, Tournament

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def sample() -> list[tuple[Path, int, int, str]]:
    rng = random.Random(20)
    out = []
    for folder, count, rules in (("dutch2025", 4, "2025"), ("dutch2017", 2, "2017")):
        files = sorted((CORPUS / folder).glob("*.trf"))
        taken = 0
        for f in rng.sample(files, 60):
            t = trfaudit.read(f)
            if len(t.players) <= 40 and t.recorded_rounds() >= 2:
                out.append((f, rng.randint(2, t.recorded_rounds()), rng.randrange(1 << 30), rules))
                taken += 1
            if taken == count:
                break
    return out


CASES = sample()


def replaced(t: Tournament, rnd: int, alt: Alternative) -> Tournament:
    """``t`` with round ``rnd`` recorded as ``alt`` (draws; the PAB as 'U')."""
    new: dict[int, RoundEntry] = {}
    for w, b in alt.pairs:
        new[w] = RoundEntry(rnd, EntryKind.PLAYED, b, "w", "=")
        new[b] = RoundEntry(rnd, EntryKind.PLAYED, w, "b", "=")
    if alt.bye is not None:
        new[alt.bye] = RoundEntry(rnd, EntryKind.PAB, None, None, "U")
    players = dict(t.players)
    for tpn, entry in new.items():
        p = players[tpn]
        entries = list(p.entries)
        entries[rnd - 1] = entry
        players[tpn] = dataclasses.replace(p, entries=entries)
    return dataclasses.replace(t, players=players)


@pytest.mark.parametrize(
    ("path", "rnd", "seed", "rules"), CASES, ids=[f"{c[0].name}-r{c[1]}" for c in CASES]
)
def test_explain_names_the_engines_pairing(path: Path, rnd: int, seed: int, rules: str) -> None:
    t = trfaudit.read(path)
    e = trfaudit.explain(t, rnd, rules=rules)
    pairing = trfaudit.pair(t, rnd, rules=rules)
    partner: dict[int, tuple[int, str]] = {}
    for b in pairing.boards:
        partner[b.white] = (b.black, "w")
        partner[b.black] = (b.white, "b")
    assert {p.tpn for p in e.players} == set(t.players)
    for p in e.players:
        if p.tpn in partner:
            assert (p.opponent, p.colour, p.bye) == (*partner[p.tpn], None), p.tpn
            assert any(r.about == "opponent" for r in p.reasons)
            assert any(r.about == "colour" and r.rule.startswith(("5.2", "E.")) for r in p.reasons)
        elif p.tpn == pairing.bye:
            assert (p.opponent, p.colour, p.bye) == (None, None, "PAB")
            assert any(r.about == "bye" for r in p.reasons)
        else:
            assert p.opponent is None and p.bye in ("H", "F", "Z")
        for r in p.reasons:
            assert r.text.count(". ") <= 2, r.text  # one or two sentences


@pytest.mark.parametrize(
    ("path", "rnd", "seed", "rules"), CASES, ids=[f"{c[0].name}-r{c[1]}" for c in CASES]
)
def test_against_agrees_with_check(path: Path, rnd: int, seed: int, rules: str) -> None:
    t = trfaudit.read(path)
    rng = random.Random(seed)
    base = trfaudit.explain(t, rnd, rules=rules)
    paired = [p.tpn for p in base.players if p.opponent is not None]
    edition = EDITIONS[base.rules]
    score = {p.tpn: p.score for p in base.players}
    for near in (False, True):  # anyone, then a player of the same score
        p = rng.choice(paired)
        pool = [x for x in paired if x != p and (not near or score[x] == score[p])]
        if not pool:
            continue
        q = rng.choice(pool)
        e = trfaudit.explain(t, rnd, player=p, against=q, rules=rules)
        v = e.verdict
        assert v is not None
        if v.kind == "same":
            assert e.players[0].opponent == q
            continue
        if e.alternative is None:  # no round-pairing with P-Q at all
            assert v.kind == "illegal"
            continue
        pairs = {frozenset(x) for x in e.alternative.pairs}
        assert frozenset((p, q)) in pairs
        report = check_round(replaced(t, rnd, e.alternative), rnd, edition)
        found = [d for d in report.discrepancies if d.kind is not Kind.COLOUR]
        if v.kind == "illegal":
            clash = [d for d in found if d.kind is Kind.ILLEGAL and {p, q} <= set(d.players)]
            assert clash and clash[0].criterion == v.criterion, (p, q, v, found)
            assert v.criterion in (edition.label("C1"), edition.label("C3"))
        else:
            assert found, (p, q, v)
            assert (str(found[0].kind), found[0].criterion) == (v.kind, v.criterion), (p, q)
