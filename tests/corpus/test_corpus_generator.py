"""Generated tournaments: deterministic, valid, canonical, and re-paired exactly by the engine."""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.corpus.config import ConfigError, GeneratorConfig
from trfaudit.corpus.dice import Dice
from trfaudit.corpus.generator import (
    DIALECTS,
    Plan,
    RulesNotImplemented,
    baku_accelerations,
    generate,
    generate_batch,
    render,
)
from trfaudit.corpus.players import Entrant, initial_order_key, make_entrants
from trfaudit.corpus.replay import recorded_pairing, replay
from trfaudit.engine import EDITIONS
from trfaudit.trf.model import EntryKind
from trfaudit.trf.reader import parse
from trfaudit.trf.validate import validate
from trfaudit.trf.writer import convert

ROOT = Path(__file__).resolve().parents[2]
F = Fraction

# A spread of sizes and settings; each runs with three seeds (a few dozen tournaments).
SETTINGS = {
    "tiny-odd": dict(players=5, rounds=4),
    "small-even": dict(players=8, rounds=5, draw_rate=0.5),
    "open": dict(players=24, rounds=7, forfeit_rate=0.03, half_bye_rate=0.15),
    "big": dict(players=40, rounds=9, draw_rate=0.35, forfeit_rate=0.01),
    "3-1-0": dict(players=17, rounds=6, win=F(3), draw=F(1), forfeit_rate=0.05),
    "pab-half": dict(players=15, rounds=6, pab=F(1, 2), zero_bye_rate=0.05),
    "byes": dict(players=20, rounds=7, half_bye_rate=0.4, zero_bye_rate=0.05),
    "withdrawals": dict(
        players=19, rounds=8, withdraw_rate=0.3, forfeit_rate=0.04, double_forfeit_share=0.5
    ),
    "late": dict(players=16, rounds=6, late_rate=0.3, late_bye="H", unrated_rate=0.2),
    "baku": dict(players=26, rounds=7, baku=True, half_bye_rate=0.1, late_rate=0.1),
    "odd-points": dict(
        players=13,
        rounds=5,
        win=F(2),
        draw=F(1),
        loss=F(0),
        pab=F(1),
        forfeit_loss=F(-1),
        zero_bye=F(0),
    ),
    "black-first": dict(players=11, rounds=5, initial_colour="b", curve="logistic"),
}
CASES = [(name, seed) for name in SETTINGS for seed in (1, 2, 3)]


def _dialect(name: str, seed: int) -> str:
    return ("trf26", "trf16")[(seed + len(name)) % 2]


@pytest.mark.parametrize("name, seed", CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_generated_tournament_is_valid_canonical_and_repairs_exactly(name, seed):
    cfg = GeneratorConfig(**SETTINGS[name])
    g = generate(cfg, seed)
    dialect = _dialect(name, seed)
    text = render(g, dialect)
    t = parse(text.encode(), f"{name}-{seed}.trf")
    assert [str(p) for p in validate(t)] == []
    assert convert(t, DIALECTS[dialect]).text == text  # canonical for its dialect
    assert t.total_rounds == cfg.rounds
    assert t.initial_colour in ("w", "b")
    assert t.recorded_rounds() == g.rounds_played
    if g.stopped is None:
        assert g.rounds_played == cfg.rounds
    # what the engine pairs from the file is what was recorded while generating
    assert [str(d) for d in replay(t)] == []
    for rnd in range(1, g.rounds_played + 1):
        assert recorded_pairing(t, rnd) == recorded_pairing(g.tournament, rnd)
    # the points column is the score under the file's point system
    for p in t.players.values():
        assert p.points == t.score(p.tpn, g.rounds_played)


@pytest.mark.parametrize("dialect", ["trf26", "trf16"])
def test_same_seed_same_bytes(dialect):
    cfg = GeneratorConfig(
        players=14, rounds=5, forfeit_rate=0.05, half_bye_rate=0.2, withdraw_rate=0.1, late_rate=0.1
    )
    a = render(generate(cfg, 11), dialect)
    b = render(generate(cfg, 11), dialect)
    assert a == b
    assert render(generate(cfg, 12), dialect) != a


def test_same_bytes_in_another_process():
    """No dependence on hash randomisation, global random state or process history."""
    code = (
        "import sys; from corpus.config import GeneratorConfig as C; "
        "from corpus.generator import generate, render; "
        "sys.stdout.write(render(generate(C(players=12, rounds=5, zero_bye_rate=0.1, "
        "half_bye_rate=0.2), 5), 'trf26'))"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=True,
        )
        outputs.add(done.stdout)
    here = render(
        generate(GeneratorConfig(players=12, rounds=5, zero_bye_rate=0.1, half_bye_rate=0.2), 5),
        "trf26",
    )
    assert outputs == {here}


def test_dialects_state_rounds_colour_and_points():
    cfg = GeneratorConfig(players=9, rounds=4, win=F(3), draw=F(1), pab=F(1), initial_colour="w")
    g = generate(cfg, 3)
    trf26 = render(g, "trf26").splitlines()
    trf16 = render(g, "trf16").splitlines()
    assert "142 4" in trf26 and "152 W" in trf26 and "192 FIDE_DUTCH_2025" in trf26
    assert any(line.startswith("162 ") for line in trf26)
    assert "XXR 4" in trf16 and "XXC white1" in trf16
    assert {"BBW  3.0", "BBD  1.0", "BBU  1.0"} <= set(trf16)
    assert "092 FIDE_DUTCH_2025" in trf16 and not any(l.startswith("192") for l in trf16)
    assert render(g, "trfx") == render(g, "trf16")
    with pytest.raises(ConfigError):
        render(g, "json")


def test_byes_forfeits_withdrawals_and_late_entries_are_recorded():
    cfg = GeneratorConfig(
        players=30,
        rounds=7,
        forfeit_rate=0.1,
        double_forfeit_share=0.3,
        half_bye_rate=0.5,
        zero_bye_rate=0.05,
        withdraw_rate=0.2,
        late_rate=0.2,
    )
    g = generate(cfg, 4)
    stats = g.stats
    assert (
        min(
            stats["forfeits"],
            stats["double_forfeits"],
            stats["half_byes"],
            stats["zero_byes"],
            stats["withdrawals"],
            stats["late_entries"],
        )
        > 0
    )
    t = parse(render(g, "trf26").encode(), "x.trf")
    kinds = [e.kind for p in t.players.values() for e in p.entries]
    assert kinds.count(EntryKind.HALF_BYE) == stats["half_byes"]
    assert kinds.count(EntryKind.ZERO_BYE) == stats["zero_byes"]
    losses = kinds.count(EntryKind.FORFEIT_LOSS)
    wins = kinds.count(EntryKind.FORFEIT_WIN)
    assert wins == stats["forfeits"] - stats["double_forfeits"]
    assert losses == stats["forfeits"] + stats["double_forfeits"]
    # late entrants have Z before joining, withdrawn players Z after leaving, and a
    # requested bye is an H in its round's column
    for tpn, plan in enumerate(g.plans, 1):
        codes = [e.result for e in t.players[tpn].entries]
        assert len(codes) == cfg.rounds
        assert codes[: plan.join - 1] == ["Z"] * (plan.join - 1)
        if plan.last is not None:
            assert codes[plan.last :] == ["Z"] * (cfg.rounds - plan.last)
        if plan.half_bye is not None:
            assert codes[plan.half_bye - 1] == "H"
        for rnd in plan.zero_byes:
            assert codes[rnd - 1] == "Z"
    assert [str(d) for d in replay(t)] == []


def test_initial_order_rating_then_title_then_name():
    people = [
        Entrant("Zed, Anna", "w", "WGM", 2400, 2400, "GER"),
        Entrant("Abel, Boris", "m", "", 2400, 2400, "GER"),
        Entrant("Kim, Lee", "m", "IM", 2400, 2400, "GER"),
        Entrant("Bo, Al", "m", "", 0, 1500, "GER"),
        Entrant("Ax, Al", "m", "", 0, 1500, "GER"),
        Entrant("Top, Al", "m", "GM", 2600, 2600, "GER"),
        Entrant("Aaa, Al", "m", "", 2400, 2400, "GER"),
    ]
    order = [p.name for p in sorted(people, key=initial_order_key)]
    assert order == [
        "Top, Al",
        "Kim, Lee",
        "Zed, Anna",
        "Aaa, Al",
        "Abel, Boris",
        "Ax, Al",
        "Bo, Al",
    ]


def test_entrants_are_realistic():
    people = make_entrants(Dice(8), 300, 1400, 2600, unrated_rate=0.1)
    assert people == sorted(people, key=initial_order_key)
    assert len({p.name for p in people}) == 300
    rated = [p.rating for p in people if p.rating]
    assert min(rated) >= 1400 and max(rated) <= 2600
    assert 1650 < sorted(rated)[len(rated) // 2] < 2000  # an open's median, not the middle
    assert sum(1 for r in rated if r >= 2300) < len(rated) // 5
    assert 10 < sum(1 for p in people if not p.rating) < 60
    assert all(p.title in ("", "CM", "WCM", "WFM") for p in people if p.rating < 2100)
    assert any(p.title for p in people)


def test_baku_acceleration():
    plans = [Plan() for _ in range(10)] + [Plan(join=3)]
    acc = baku_accelerations(plans, 9)
    # 10 registered for round 1: GA = first 2 * ceil(10 / 4) = 6; 9 rounds: 5 accelerated,
    # the first 3 with one virtual point, the next 2 with half a point
    assert sorted(acc) == [1, 2, 3, 4, 5, 6]
    assert acc[1] == {1: 1, 2: 1, 3: 1, 4: F(1, 2), 5: F(1, 2)}
    # a late entrant ranked inside GA belongs to it
    plans = [Plan(), Plan(join=2)] + [Plan() for _ in range(6)]
    assert sorted(baku_accelerations(plans, 4)) == [1, 2, 3, 4, 5]
    cfg = GeneratorConfig(players=20, rounds=5, baku=True)
    g = generate(cfg, 2)
    trf26 = render(g, "trf26")
    assert "192 FIDE_DUTCH_2025_BAKU" in trf26
    assert "250       1.0 001 002    1   10" in trf26.splitlines()
    assert "250       0.5 003 003    1   10" in trf26.splitlines()
    assert "XXA    1  1.0  1.0  0.5" in render(g, "trf16").splitlines()
    t = parse(trf26.encode(), "baku.trf")
    assert [str(d) for d in replay(t)] == []


def test_acceleration_changes_round_one():
    plain = generate(GeneratorConfig(players=16, rounds=5), 1).tournament
    fast = generate(GeneratorConfig(players=16, rounds=5, baku=True), 1).tournament
    # round 1: without acceleration 1 meets 9; with it GA (1-8) is paired within itself
    assert plain.players[1].entries[0].opponent == 9
    assert fast.players[1].entries[0].opponent == 5


def test_impossible_round_ends_the_tournament_early():
    g = generate(GeneratorConfig(players=4, rounds=4), 1)
    assert g.rounds_played == 3 and "round 4: no legal pairing" in g.stopped
    text = render(g, "trf26")
    t = parse(text.encode(), "short.trf")
    assert t.total_rounds == 4 and t.recorded_rounds() == 3
    assert [str(p) for p in validate(t)] == []
    assert [str(d) for d in replay(t)] == []
    g = generate(GeneratorConfig(players=2, rounds=2, zero_bye_rate=0.9), 1)
    assert g.rounds_played == 0 and "fewer than two players" in g.stopped


def test_size_ranges_are_drawn_per_seed():
    cfg = GeneratorConfig(players=6, players_max=30, rounds=3, rounds_max=8)
    sizes = {(generate(cfg, s).config.players, generate(cfg, s).config.rounds) for s in range(6)}
    assert len(sizes) > 3
    assert all(6 <= n <= 30 and 3 <= r <= 8 for n, r in sizes)


def test_rules_2017_until_the_engine_has_it():
    cfg = GeneratorConfig(players=8, rounds=3, rules="2017")
    if "2017" in EDITIONS:
        g = generate(cfg, 1)
        assert "FIDE_DUTCH_2017" in render(g, "trf26")
        t = parse(render(g, "trf26").encode(), "x.trf")
        assert [str(d) for d in replay(t, EDITIONS["2017"])] == []
    else:
        with pytest.raises(RulesNotImplemented, match="2017 edition .* not implemented yet"):
            generate(cfg, 1)


def test_batch_writes_files_and_a_manifest(tmp_path):
    import json

    cfg = GeneratorConfig(players=10, rounds=4, half_bye_rate=0.2)
    seen = []
    manifest = generate_batch(cfg, 7, 3, tmp_path / "out", "trf16", lambda i, entry: seen.append(i))
    assert seen == [1, 2, 3]
    on_disk = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert on_disk == manifest
    assert [e["seed"] for e in manifest["tournaments"]] == [7, 8, 9]
    for entry in manifest["tournaments"]:
        path = tmp_path / "out" / entry["file"]
        assert path.read_text() == render(generate(cfg, entry["seed"]), "trf16")
        assert entry["players"] == 10 and entry["rounds"] == 4 and entry["dialect"] == "trf16"
        assert entry["config"]["half_bye_rate"] == 0.2


def test_generated_tournaments_check_clean(tmp_path, has_check_command):
    """``trfaudit check`` accepts generated tournaments (both editions once 2017 exists)."""
    if not has_check_command:
        pytest.skip(
            "trfaudit check is not implemented yet (checker/cli/check.py); the "
            "engine re-pairing above covers the same ground meanwhile"
        )
    runner = CliRunner()
    editions = ["2025"] + (["2017"] if "2017" in EDITIONS else [])
    for rules in editions:
        for name in ("open", "3-1-0", "pab-half", "withdrawals", "late", "baku"):
            cfg = GeneratorConfig(**SETTINGS[name], rules=rules)
            for dialect in ("trf26", "trf16"):
                path = tmp_path / f"{rules}-{name}-{dialect}.trf"
                path.write_text(render(generate(cfg, 1), dialect))
                result = runner.invoke(app, ["check", "--rules", rules, str(path)])
                assert result.exit_code == 0, (path.name, result.output)
