"""The registry of pairing systems (engine/systems.py): a system registered from outside the
package is found by its ``192`` code, and ``pair`` and ``check`` dispatch to it."""

from __future__ import annotations

import pytest
import trfaudit
from trfaudit.engine import systems

from . import toy_system
from .builder import tournament

# Round 1 of six players as the toy system pairs it (neighbours; colours by Art. 5.2.5: the
# higher-ranked player's odd pairing number gets the initial colour, white); the Dutch
# system pairs S1 against S2 (1-4, 5-2, 3-6).
NEIGHBOURS = {
    1: ["2 w 1"],
    2: ["1 b 0"],
    3: ["4 w ="],
    4: ["3 b ="],
    5: ["6 w 0"],
    6: ["5 b 1"],
}


@pytest.fixture
def toy():
    system = systems.register(toy_system.ToySystem())
    toy_system.EXPLAINED.clear()
    yield system
    systems.unregister(system.name)


def test_the_code_finds_the_system(toy):
    assert systems.system_for("TOY_ADJACENT_1") is toy
    assert systems.system_for("TOY_ADJACENT_1_BAKU") is toy
    assert systems.system_for("FIDE_DUTCH_2025") is systems.default()
    assert systems.system_for(None) is systems.default()
    assert systems.system_for("FIDE_BURSTEIN") is None
    assert systems.EDITIONS["toy1"] is toy_system.TOY_EDITION
    assert systems.system_of(toy_system.TOY_EDITION) is toy


def test_pair_dispatches_by_the_192_code(toy):
    t = tournament({tpn: [] for tpn in NEIGHBOURS}, 5, extra="192 TOY_ADJACENT_1")
    edition, why = trfaudit.choose_edition(t)
    assert (edition.name, why) == ("toy1", "192 TOY_ADJACENT_1")
    pairing = trfaudit.pair(t, 1)
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 2), (3, 4), (5, 6)]
    # the same players under the Dutch system: S1 against S2
    dutch = trfaudit.pair(tournament({tpn: [] for tpn in NEIGHBOURS}, 5), 1)
    assert [(b.white, b.black) for b in dutch.boards] == [(1, 4), (5, 2), (3, 6)]


def test_check_dispatches_by_the_192_code(toy):
    t = tournament(NEIGHBOURS, 5, extra="192 TOY_ADJACENT_1")
    report = trfaudit.check(t)
    assert report.error is None and report.rules == "toy1"
    assert [str(r.status) for r in report.rounds] == ["match"]
    assert toy_system.EXPLAINED == []
    # the Dutch rules differ, and the Dutch explainer (not the toy's) explains why
    dutch = trfaudit.check(t, rules="2025")
    assert [str(r.status) for r in dutch.rounds] == ["differs"]
    assert toy_system.EXPLAINED == []


def test_a_differing_round_is_explained_by_the_systems_explainer(toy):
    swapped = {**NEIGHBOURS, 1: ["4 w 1"], 2: ["3 b 0"], 3: ["2 w ="], 4: ["1 b ="]}
    t = tournament(swapped, 5, extra="192 TOY_ADJACENT_1")
    report = trfaudit.check(t)
    assert [str(r.status) for r in report.rounds] == ["differs"]
    # the toy's explainer was asked (the input causes then find a ranking that fits better)
    assert toy_system.EXPLAINED[:1] == [1]


def test_an_unregistered_system_is_refused():
    t = tournament(NEIGHBOURS, 5, extra="192 TOY_ADJACENT_1")
    report = trfaudit.check(t)
    assert report.error == (
        "not a Dutch individual tournament: 192 TOY_ADJACENT_1 is not checked "
        "(use --rules to check it against the Dutch rules anyway)"
    )
