"""The rounds of corpus/regressions/dubov: the two witness engines disagree there and the
text decides (README.md beside the files says how)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from trfaudit.engine.dubov.pairer import pair_round
from trfaudit.engine.history import round_input
from trfaudit.trf.reader import read

HERE = Path(__file__).resolve().parents[2] / "corpus" / "regressions" / "dubov"
ROWS = list(csv.DictReader((HERE / "MANIFEST.tsv").open(), delimiter="\t"))


@pytest.mark.parametrize("row", ROWS, ids=[r["file"] for r in ROWS])
def test_regression_round(row: dict[str, str]) -> None:
    t = read(HERE / row["file"])
    rnd = int(row["round"])
    assert t.recorded_rounds() == rnd - 1
    result = pair_round(round_input(t, rnd))
    got = {(b.white, b.black) for b in result.boards}
    want = {tuple(int(x) for x in pair.split("-")) for pair in row[
        "boards (white-black) the test asserts"
    ].split()}
    assert want <= got
    assert str(result.bye) == row["bye"] if row["bye"] != "-" else result.bye is None
