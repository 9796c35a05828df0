"""The rounds of corpus/regressions/dubov: the two witness engines disagree there and the
text decides (README.md beside the files says how)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from trfaudit.engine.dubov.pairer import pair_round
from trfaudit.engine.history import round_input
from trfaudit.engine.result import NoPairing
from trfaudit.trf.reader import read

HERE = Path(__file__).resolve().parents[2] / "corpus" / "regressions" / "dubov"
with (HERE / "MANIFEST.tsv").open(encoding="utf-8") as manifest:
    ROWS = list(csv.DictReader(manifest, delimiter="\t"))


@pytest.mark.parametrize("row", ROWS, ids=[r["file"] for r in ROWS])
def test_regression_round(row: dict[str, str]) -> None:
    t = read(HERE / row["file"])
    rnd = int(row["round"])
    assert t.recorded_rounds() == rnd - 1
    result = pair_round(round_input(t, rnd))
    got = {(b.white, b.black) for b in result.boards}
    want = {
        tuple(int(x) for x in pair.split("-"))
        for pair in row["boards (white-black) the test asserts"].split()
    }
    assert want <= got
    assert str(result.bye) == row["bye"] if row["bye"] != "-" else result.bye is None


@pytest.mark.parametrize(
    "name", ["peer-py4swiss-no-legal-pairings.trf", "peer-py4swiss-no-legal-pairings-odd.trf"]
)
def test_peer_rounds_without_a_legal_pairing(name: str) -> None:
    # py4swiss's own tests expect a PairingError: every pair left has met ([C1]); with five
    # players no one eligible for the PAB ([C2]) leaves a complete pairing ([C4]).
    t = read(HERE / name)
    with pytest.raises(NoPairing):
        pair_round(round_input(t, 4))
