"""The engine against corpus/axes: 120 tournaments paired by the reference engine (2025 rules)
along the axes byes, late entries, withdrawals, black1, forbidden pairs, 3-1-0 and half-point
PABs, and Baku acceleration (by 250, XXA, or the ``192 ..._BAKU`` code alone).

Every recorded round must be re-paired exactly: pairs, colours and the bye.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from trfaudit.engine.history import baku_acceleration, round_input
from trfaudit.trf.reader import read

from .test_corpus import disagreements

AXES = Path(__file__).resolve().parents[2] / "corpus" / "axes"
FILES = sorted(AXES.glob("*.trf"))
with open(AXES / "MANIFEST.tsv", newline="", encoding="utf-8") as _f:
    MANIFEST = {row["file"]: row for row in csv.DictReader(_f, delimiter="\t")}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_axes_corpus(path):
    bad = disagreements(path)
    assert not bad, f"{path.name}: {len(bad)} disagreeing round(s): " + "; ".join(bad)


def test_axes_corpus_is_complete():
    assert len(FILES) == 120 == len(MANIFEST)


CODE_ONLY = sorted(name for name, row in MANIFEST.items() if "baku=192:" in row["details"])


@pytest.mark.parametrize("name", CODE_ONLY)
def test_baku_from_the_type_code(name):
    # The manifest states group A and the accelerated rounds ("GA=22,acc=4+3": 22 players get
    # 1 point in rounds 1-4 and 0.5 in rounds 5-7); C.04.5.1 gives the same from N and the
    # total rounds alone: GA = 2 * ceil(N/4), ceil(R/2) rounds, the first ceil(half) worth 1.
    t = read(AXES / name)
    assert not t.accelerations and t.type_code.endswith("_BAKU")
    details = dict(item.split("=", 1) for item in MANIFEST[name]["details"].split() if "=" in item)
    group, acc = details["baku"].split(":")[1].split(",")
    size = int(group.removeprefix("GA="))
    full, half = (int(x) for x in acc.removeprefix("acc=").split("+"))
    inp = round_input(t, 1)
    win, draw = inp.points.win, inp.points.draw
    got = baku_acceleration(t, inp.points)
    assert sorted(got) == list(range(1, size + 1))
    assert got[1] == {
        **{r: win for r in range(1, full + 1)},
        **{r: draw for r in range(full + 1, full + half + 1)},
    }
    assert inp.players[size].acceleration == got[size]
    assert inp.players[size + 1].acceleration == {}


def test_stated_acceleration_overrides_the_code():
    # TRF-2026 4.4: any 250 overrides _BAKU in 192 -- t800012 gives group A as TPNs 1-6.
    t = read(AXES / "t800012_baku_byes_pab05.trf")
    t.type_code = "FIDE_DUTCH_2025_BAKU"
    assert baku_acceleration(t, round_input(t, 1).points) == {}
