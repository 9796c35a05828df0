"""The JSON form and its schema."""

from __future__ import annotations

import json

import jsonschema
import pytest

from trfaudit.trf import TrfError, parse, read
from trfaudit.trf.jsonform import from_dict, from_json, schema, to_dict, to_json
from trfaudit.trf.writer import convert


@pytest.fixture(scope="module")
def validator():
    s = schema()
    jsonschema.Draft202012Validator.check_schema(s)
    return jsonschema.Draft202012Validator(s)


def test_corpus_json_matches_schema_and_round_trips(validator, corpus_sample):
    t = read(corpus_sample)
    d = to_dict(t)
    validator.validate(d)
    again = from_dict(json.loads(json.dumps(d)))
    assert to_dict(again) == d
    assert convert(again, "trf26").text == convert(t, "trf26").text


def test_json_of_a_rich_file(validator, make_player, make_trf):
    text = make_trf(
        "012 Rich",
        "112 Deputy",
        "142 5",
        "152 B",
        "XXS WW=1 BW=1.5",
        "XXC rank",
        make_player(1, ["   2 b 1", "0000 - H"], points="1.5"),
        make_player(2, ["   1 w 0"], points="0.0"),
        "XXA    1  1.0",
        "260 001 003    1    2",
        "240 Z 002    2",
        "ZZZ unknown",
        "013 Team                            1    2",
    )
    t = parse(text, "rich.trf")
    d = to_dict(t)
    validator.validate(d)
    assert d["scoring"]["win_black"] == "1.5" and d["scoring"]["draw"] == "0.5"
    assert d["absent_next"] == {"1": "half_bye", "2": "zero_bye"}
    assert d["forbidden_pairs"] == [{"players": [1, 2], "first_round": 1, "last_round": 3}]
    assert d["accelerations"] == {"1": {"1": "1"}}
    assert d["recorded_rounds"] == 1
    assert d["warnings"][0]["message"].startswith("unknown record type")
    back = from_json(to_json(t), "rich.json")
    assert to_dict(back) | {"file": "rich.trf"} == d
    for dialect in ("trf16", "trfx", "trf26"):
        assert convert(back, dialect).text == convert(t, dialect).text


def test_seed_json_snapshot(corpus_dir, data_regression):
    t = read(corpus_dir / "seed-example" / "round3-input.trf")
    d = to_dict(t)
    d["file"] = "round3-input.trf"  # independent of the checkout's location
    data_regression.check(d)


@pytest.mark.parametrize(
    "text",
    [
        "{",
        "[]",
        '{"format": "other"}',
        '{"format": "trfaudit-tournament", "players": [{}]}',
        '{"format": "trfaudit-tournament", "scoring": {"win": "x"}}',
    ],
)
def test_bad_json_is_a_trf_error(text):
    with pytest.raises(TrfError):
        from_json(text, "bad.json")
