"""Generator settings: trfaudit's keys, the JaVaFo/bbpPairings generator keys, errors."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from trfaudit.corpus.config import ConfigError, GeneratorConfig, load_config, parse_config

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def test_native_keys_and_shortcuts():
    cfg = parse_config(
        "# an open\n"
        "players = 30\n"
        "rounds=7\n"
        "draw_rate=0.4   # per game, between equals\n"
        "forfeit_rate=0.02\n"
        "half_bye_rate=0.1\n"
        "zero_bye_rate=0.01\n"
        "withdraw_rate=0.05\n"
        "late_rate=0.1\n"
        "late_bye=H\n"
        "scoring=3-1-0\n"
        "pab=0.5\n"
        "curve=logistic\n"
        "initial_colour=b\n"
        "rules=2025\n"
    ).check()
    assert (cfg.players, cfg.rounds, cfg.draw_rate, cfg.late_bye) == (30, 7, 0.4, "H")
    assert (cfg.win, cfg.draw, cfg.pab) == (3, 1, Fraction(1, 2))
    scoring = cfg.scoring()
    assert scoring.forfeit_win == 3 and scoring.half_bye == 1 and scoring.pab == Fraction(1, 2)
    assert (cfg.curve, cfg.initial_colour) == ("logistic", "b")


def test_ranges_of_sizes():
    cfg = parse_config("players=10-40\nrounds=3-9\n").check()
    assert (cfg.players, cfg.players_max, cfg.rounds, cfg.rounds_max) == (10, 40, 3, 9)
    assert parse_config("players=10-40\nPlayersNumber=12\n").players_max == 0
    with pytest.raises(ConfigError, match="empty"):
        parse_config("players=40-10\nrounds=3\n").check()


def test_rtg_keys_are_one_in_n():
    cfg = parse_config(
        "PlayersNumber=209\r\nRoundsNumber=3\r\nDrawPercentage=5\r\nForfeitRate=114\r\n"
        "RetiredRate=56\r\nHalfPointByeRate=8\r\nHighestRating=2700\r\nLowestRating=1200\r\n"
    ).check()
    assert (cfg.players, cfg.rounds) == (209, 3)
    assert cfg.draw_rate == pytest.approx(0.05)
    assert cfg.forfeit_rate == pytest.approx(1 / 114)
    assert cfg.withdraw_rate == pytest.approx(1 / 56)
    assert cfg.half_bye_rate == pytest.approx(1 / 8)
    assert (cfg.rating_low, cfg.rating_high) == (1200, 2700)


def test_cr_only_line_endings_and_the_half_point_byte_typo():
    cfg = parse_config("PlayersNumber=10\rRoundsNumber=4\rHalfPointByteRate=4\r")
    assert (cfg.players, cfg.rounds, cfg.half_bye_rate) == (10, 4, 0.25)


def test_points_keys():
    cfg = parse_config("PointsForWin=3\nPointsForDraw=1\n")
    assert cfg.scoring().pab == 3  # the PAB follows the win unless PointsForPAB is given
    cfg = parse_config("PointsForWin=3\nPointsForDraw=1\nPointsForPAB=1\n")
    assert cfg.scoring().pab == 1
    cfg = parse_config("PointsForForfeitLoss=-1\nPointsForLoss=0\n")
    assert cfg.forfeit_loss == -1 and cfg.zero_bye == -1  # bbp 6: also the ZPB
    cfg = parse_config("PointsForZPB=0.5\nPointsForForfeitLoss=0\n")
    assert (cfg.zero_bye, cfg.forfeit_loss) == (Fraction(1, 2), 0)  # ZPB given: kept


def test_later_setting_wins():
    cfg = parse_config("DrawPercentage=10\ndraw_rate=0.5\n")
    assert cfg.draw_rate == 0.5


@pytest.mark.parametrize(
    "text, message",
    [
        ("Foo=3\n", r"<config>:1: unknown key 'Foo'"),
        ("PlayersNumber=10\nplayers\n", r"<config>:2: expected Name=Value"),
        ("=3\n", "missing key"),
        ("ForfeitRate=0\n", r"ForfeitRate=0: must be at least 1"),
        ("RetiredRate=1\n", r"RetiredRate=1: must be at least 2"),
        ("DrawPercentage=120\n", "between 0 and 100"),
        ("PlayersNumber=ten\n", "PlayersNumber=ten"),
        ("PointsForWin=0.25\n", "multiple of 0.1"),
        ("curve=normal\n", "not one of fide, logistic"),
        ("rules=2012\n", "not one of 2025, 2017"),
        ("baku=maybe\n", "yes/no"),
        ("scoring=2-1-0\n", "standard, 3-1-0"),
    ],
)
def test_bad_settings(text, message):
    with pytest.raises(ConfigError, match=message):
        parse_config(text)


@pytest.mark.parametrize(
    "changes, message",
    [
        (dict(players=0, rounds=5), "give --players or PlayersNumber"),
        (dict(players=1, rounds=5), "at least 2"),
        (dict(players=10, rounds=0), "give --rounds or RoundsNumber"),
        (dict(players=10, rounds=5, draw_rate=1.5), "draw_rate"),
        (dict(players=10, rounds=5, rating_low=2000, rating_high=1500), "ratings"),
        (dict(players=10, rounds=5, win=Fraction(3), draw=Fraction(1), baku=True), "Baku"),
        (dict(players=10, rounds=5, draw=Fraction(2)), "loss .* <= draw"),
    ],
)
def test_incomplete_or_inconsistent_settings(changes, message):
    with pytest.raises(ConfigError, match=message):
        GeneratorConfig(**changes).check()


def test_real_corpus_cfg_files():
    files = sorted((CORPUS / "dutch2025").glob("*.cfg")) + sorted(
        (CORPUS / "dutch2017").glob("*.cfg")
    )
    assert len(files) > 500
    for path in files:
        cfg = load_config(path).check()
        assert cfg.players >= 2 and cfg.rounds >= 1
    three = load_config(CORPUS / "dutch2025" / "t000001.cfg")
    assert (three.players, three.rounds, three.draw_rate) == (30, 4, 0.16)
    assert three.forfeit_rate == pytest.approx(1 / 105)


def test_unreadable_file(tmp_path):
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path / "missing.cfg")
    (tmp_path / "latin.cfg").write_bytes(b"# caf\xe9\nPlayersNumber=4\n")
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_config(tmp_path / "latin.cfg")


def test_as_dict_is_json_friendly():
    import json

    cfg = GeneratorConfig(players=8, rounds=3, pab=Fraction(1, 2))
    data = json.loads(json.dumps(cfg.as_dict()))
    assert data["pab"] == "0.5" and data["win"] == "1" and data["players"] == 8
