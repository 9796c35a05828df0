"""The registry of pairing systems (engine/systems.py): which system a file is, by its
``192``/``092`` code and its team records, and the one registry line a system needs."""

from __future__ import annotations

import trfaudit
from trfaudit.engine import systems
from trfaudit.trf.system import PairingSystem

from .builder import tournament

ROUND1 = {1: ["4 w 1"], 2: ["5 b 0"], 3: ["6 w ="], 4: ["1 b 0"], 5: ["2 w 1"], 6: ["3 b ="]}


def test_the_code_finds_the_system():
    dutch, team = systems.named("FIDE_DUTCH"), systems.named("FIDE_TEAM")
    assert systems.system_for("FIDE_DUTCH_2017_BAKU") is dutch
    assert systems.system_for(None) is dutch is systems.default()
    assert systems.system_for("FIDE_TEAM_TYPEA_MP_GP", team=True) is team
    assert systems.system_for("FIDE_TEAM_TYPEA_MP_GP") is None  # a team code, not a team file
    assert systems.system_for("FIDE_BURSTEIN") is None
    assert systems.system_of(systems.EDITIONS["2017"]) is dutch
    assert systems.system_of(systems.EDITIONS["team-2026"]) is team
    assert systems.by_key("team") is team and systems.by_key("nothing") is None


def test_each_system_recognises_its_own_files():
    dutch, team = systems.named("FIDE_DUTCH"), systems.named("FIDE_TEAM")
    assert dutch.recognise(PairingSystem(None, None))
    assert dutch.recognise(PairingSystem("FIDE_DUTCH_2025", "192"))
    assert not dutch.recognise(PairingSystem("FIDE_DUTCHESS", "192"))
    assert not dutch.recognise(PairingSystem(None, None, ("310",)))
    assert team.recognise(PairingSystem(None, None, ("310",)))
    assert team.recognise(PairingSystem("FIDE_TEAM_BAKU", "192"))
    assert not team.recognise(PairingSystem("FIDE_DUTCH_2025", "192"))


def test_one_answer_to_which_system_a_file_is():
    t = tournament(ROUND1, 5)
    assert systems.recognise(t) is systems.default()
    t = tournament(ROUND1, 5, extra="192 FIDE_BURSTEIN")
    assert systems.recognise(t) is None


def test_an_unregistered_system_is_refused_and_rules_override_it():
    t = tournament(ROUND1, 5, extra="192 FIDE_BURSTEIN")
    report = trfaudit.check(t)
    assert report.error == (
        "not a Dutch individual tournament: 192 FIDE_BURSTEIN is not checked "
        "(use --rules to check it against the Dutch rules anyway)"
    )
    assert trfaudit.check(t, rules="2025").error is None


def test_a_team_edition_on_an_individual_file_is_refused():
    report = trfaudit.check(tournament(ROUND1, 5), rules="team-2026")
    assert report.error == "--rules team-2026 is a team system's edition: not a team event"


def test_a_registered_system_is_found_and_removed():
    dutch = systems.default()

    class Renamed:  # the Dutch system under another code: registration is one call
        name, key, code, team = "OTHER", "other", "OTHER_CODE", False

        def __getattr__(self, attr: str) -> object:
            return getattr(dutch, attr)

        def recognise(self, stated: PairingSystem) -> bool:
            return stated.code == "OTHER_CODE"

    other = systems.register(Renamed())  # type: ignore[arg-type]
    try:
        assert systems.recognise(tournament(ROUND1, 5, extra="192 OTHER_CODE")) is other
        assert systems.by_key("other") is other
    finally:
        systems.unregister("OTHER")
    assert systems.recognise(tournament(ROUND1, 5, extra="192 OTHER_CODE")) is None
