"""Other systems and team events (issue 9): ``check`` reports another system as not checked
(exit 2, the batch goes on); a team event goes to the Swiss Team system (issue 23), which
refuses a file from before its 2026 edition; ``validate`` and ``convert`` accept both."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.engine.systems import recognise
from trfaudit.trf.reader import read
from trfaudit.trf.system import pairing_system, team_event_in

runner = CliRunner()
REAL = Path(__file__).resolve().parents[2] / "corpus" / "real"
TEAM = REAL / "sharly-chess__example_trf26.trf"  # 192 FIDE_TEAM_BAKU, 310/300/320/330 records
SMALL = Path(__file__).resolve().parents[2] / "corpus" / "dutch2025" / "t000025.trf"


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_team_file_is_read():
    t = read(TEAM)  # its 250 lines give match points only (GP blank): no parse error
    system = pairing_system(t)
    found = recognise(t)
    assert system.team and found is not None and found.name == "FIDE_TEAM"
    assert system.team_records == ("013", "300", "310", "320", "330")
    assert t.accelerations == {}


def test_check_says_what_it_is_and_the_batch_goes_on():
    result = runner.invoke(app, ["check", str(TEAM), str(SMALL)])
    assert result.exit_code == 2
    text = flat(result.output)
    # 042 2024/01/01: before 2024-08-01, when FIDE's Swiss Team rules took effect
    assert (
        "not checked: a Swiss Team event (C.04.6): start 2024-01-01: no FIDE Swiss Team "
        "edition applied then"
    ) in text
    assert "t000025.trf: rules 2025:" in text and "1 not checked" in text
    # no column-level parse error and no board-level noise for the team event
    assert "250 points" not in text and "pairing-allocated byes" not in text


def test_team_event_is_not_checked_even_with_rules():
    result = runner.invoke(app, ["check", str(TEAM), "--rules", "2025"])
    assert result.exit_code == 2
    assert "--rules 2025 is a Dutch edition; C.04.6 has team-2026 here" in flat(result.output)


def test_validate_and_convert_accept_the_team_file():
    assert runner.invoke(app, ["validate", "-q", str(TEAM)]).exit_code == 0
    result = runner.invoke(app, ["convert", str(TEAM), "--to", "trf26"])
    assert result.exit_code == 0 and "192 FIDE_TEAM_BAKU" in result.output


def test_another_individual_system(tmp_path):
    text = SMALL.read_text().replace("092 FIDE_DUTCH_2025", "192 FIDE_BURSTEIN")
    assert "192 FIDE_BURSTEIN" in text
    path = tmp_path / "burstein.trf"
    path.write_text(text)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "not a Dutch individual tournament: 192 FIDE_BURSTEIN is not checked" in flat(
        result.output
    )
    # --rules asks for the Dutch rules anyway (a Burstein event paired by a Dutch program?)
    assert runner.invoke(app, ["check", str(path), "--rules", "2025"]).exit_code == 0


def test_a_team_code_alone_is_a_team_event():
    t = read(SMALL)
    t.type_code = "FIDE_TEAM_TYPEA_MP_GP"
    found = recognise(t)
    assert pairing_system(t).team and found is not None and found.team
    t.type_code = "FIDE_DUTCH_2025_BAKU"
    system = recognise(t)
    assert system is not None and system.name == "FIDE_DUTCH"


PEERS = Path(__file__).resolve().parents[2] / "corpus" / "peers"
REAL3 = Path(__file__).resolve().parents[2] / "corpus" / "real3"


@pytest.mark.parametrize(
    "path, described",
    [
        # a '*' result (TRF-2026 team lineup not played) that the individual reader rejects
        (
            PEERS / "gnutterts-chesspairing/trf/testdata/trf2026-team.trf",
            "192 FIDE_TEAM_BAKU, a team event (013, 300, 310, 320, 330 team records)",
        ),
        # team points in 310 and a short 001 line: no type code, the 310 records tell
        (PEERS / "echecsjs-trf/src/__tests__/fixtures/trf26_team.trf", "a team event (310 team"),
    ],
)
def test_team_events_are_recognised_before_any_field(path, described):
    # files the reader cannot read: refused as team events, with where the reader stopped
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    text = flat(result.output)
    assert f"not a Dutch individual tournament: {described}" in text
    assert "Swiss Team reader" in text and "line " in text and "column " in text
    assert "(expected" not in text and "points do not match" not in text


def test_a_swiss_manager_team_export_goes_to_the_team_system():
    # Swiss-Manager's TRF-16 team export: 013 team lines; Points are the team's match
    # points, so the individual consistency check would fail ("points do not match")
    path = REAL3 / "Lichess4545-heltour__trf16_seeder.py.TRF16_DATA.trf"
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2  # its dates put the C.04.6 2024 edition in force
    text = flat(result.output)
    assert "a Swiss Team event (C.04.6)" in text and "points do not match" not in text


def test_team_recognition_reads_raw_text():
    assert team_event_in(SMALL.read_bytes()) is None
    assert team_event_in(b"012 x\r013    1 Alpha   1    2\r001    1") is not None
    assert team_event_in("\ufeff192 FIDE_TEAM_MP\n").code == "FIDE_TEAM_MP"
    assert team_event_in("192 FIDE_DUTCH_2025\n") is None


JAVAFO_SAMPLE = PEERS / "Moritz72-py4swiss/tests/data/javafo_example.trf"  # the AUM's sample


def test_an_individual_event_s_team_lines_do_not_make_it_a_team_event():
    # 092 'Individual: Swiss-System' (Swiss-Manager's words) with a 013 team line: the
    # event is individual, paired player by player (the manual's pairing: peers' cases)
    text = JAVAFO_SAMPLE.read_text()
    assert "\n013 " in text and "092 Individual: Swiss-System" in text
    assert team_event_in(text) is None
    t = read(JAVAFO_SAMPLE)
    assert not pairing_system(t).team
    found = recognise(t)
    assert found is not None and found.name == "FIDE_DUTCH"
    result = runner.invoke(app, ["validate", str(JAVAFO_SAMPLE)])
    assert result.exit_code == 0
    assert (
        "javafo_example.trf:68:1: note: 1 team line (013) read as the teams of an individual "
        "event: 092 says 'Individual: Swiss-System'" in flat(result.output)
    )
    # the same lines under a team event's 092, or beside a team-only record, stay a team event
    assert team_event_in(text.replace("092 Individual: Swiss-System", "092 Team Swiss System"))
    assert team_event_in(text + "310    1 Example\n") is not None
    t.tournament_type = "Team: Swiss-System"
    assert pairing_system(t).team_records == ("013",)


def test_validate_names_a_team_file_it_cannot_read():
    path = PEERS / "gnutterts-chesspairing/trf/testdata/trf2026-team.trf"
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    text = flat(result.output)
    assert (
        "unknown result code '*'" in text
        and "(the file is a team event: 192 FIDE_TEAM_BAKU" in text
    )


@pytest.mark.parametrize("text", ["League", "2. Liga Nord", "Scheveningen"])
def test_a_league_is_no_swiss(text: str):
    """C.04 is about Swiss systems: a 092 that names a league (or a Scheveningen) is not
    checked against the Dutch rules unless --rules asks for it; a round robin goes to the
    Berger tables (tests/berger/test_check.py)."""
    from trfaudit.checker.audit import Options, check_tournament
    from trfaudit.trf.reader import parse

    changed = SMALL.read_text().replace("092 FIDE_DUTCH_2025", f"092 {text}")
    assert f"092 {text}" in changed
    report = check_tournament(parse(changed, "league.trf"), Options())
    assert report.error == (
        f"not a Swiss tournament: 092 {text!r} names a league or round robin "
        "(use --rules to check it against the Dutch rules anyway)"
    )
    assert check_tournament(parse(changed, "league.trf"), Options(rules="2025")).error is None


@pytest.mark.parametrize("text", ["Swiss (Sonneborn-Berger)", "Open, tie-break Sonneborn Berger"])
def test_a_092_naming_sonneborn_berger_is_no_round_robin(text: str):
    """'Berger' after 'Sonneborn' names a tie-break, not the Berger tables: the file stays
    with the Dutch rules."""
    from trfaudit.checker.audit import Options, check_tournament
    from trfaudit.trf.reader import parse

    changed = SMALL.read_text().replace("092 FIDE_DUTCH_2025", f"092 {text}")
    report = check_tournament(parse(changed, "swiss.trf"), Options())
    assert report.error is None and report.rules == "2025"
    assert all(r.status == "match" for r in report.rounds)
