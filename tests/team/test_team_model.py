"""The team records of TRF-2026 (310/320/330/300/352/362) and TRF-16 013, typed and
round-tripped (trf/team.py), and the team rounds derived from the players' lines."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from trfaudit.engine.team.history import build_history
from trfaudit.trf.reader import parse
from trfaudit.trf.team import (
    parse_300,
    parse_310,
    parse_320,
    parse_330,
    parse_362,
    render_362,
    team_records,
    to_json,
)
from trfaudit.trf.writer import write

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "team"

LINE_310 = (
    "310   3 Team 3                                   2221    6.0   11.0         9   10   11   12"
)


def test_310_fields_by_column() -> None:
    team = parse_310(LINE_310)
    assert (team.tpn, team.name, team.strength) == (3, "Team 3", "2221")
    assert (team.match_points, team.game_points, team.rank) == (6, 11, None)
    assert team.members == (9, 10, 11, 12)
    assert team.render() == LINE_310


def test_320_330_300_362_render_what_they_read() -> None:
    pab = parse_320("320  1.0  2.0   0   0   1   6   4")
    assert (pab.match_points, pab.game_points, pab.teams) == (1, 2, (0, 0, 1, 6, 4))
    assert pab.team(3) == 1 and pab.team(1) == 0 and pab.team(9) == 0
    assert pab.render() == "320  1.0  2.0   0   0   1   6   4"
    forfeit = parse_330("330 +-   4  23  33")
    assert forfeit is not None and (forfeit.kind, forfeit.round, forfeit.white, forfeit.black) == (
        "+-",
        4,
        23,
        33,
    )
    assert forfeit.render() == "330 +-   4  23  33"
    lineup = parse_300("300   2   5   7    9    0   11")
    assert (lineup.round, lineup.team, lineup.opponent, lineup.players) == (2, 5, 7, (9, 0, 11))
    assert parse_300(lineup.render()) == lineup
    points = parse_362("362 TW  2.0   TD  1.0   TL  0.0")  # the spacing of a peer's file
    assert points == {"W": 2, "D": 1, "L": 0}
    assert render_362(points) == "362 TW 2.0   TD 1.0   TL 0.0"


def test_a_generated_file_reads_and_writes_back_byte_for_byte() -> None:
    path = next(CORPUS.glob("gacrux-fide_team_typea_mp_gp-9t4b*.trf"))
    text = path.read_text()
    t = parse(text)
    records = team_records(t)
    assert records.source == "310" and len(records.teams) == 9 and records.boards == 4
    assert records.board_colours == "WBWB"
    for team, rec in zip(records.teams, [r for r in t.records if r.raw.startswith("310")]):
        assert team.render() == rec.raw
    assert write(t, "trf26") == text
    data = to_json(records)
    assert data["boards"] == 4 and data["teams"][0]["members"] == [1, 2, 3, 4]


def test_team_rounds_follow_the_board_games() -> None:
    """Team 1's round 1 in the 9-team sample: its four boards against team 6 score 2.5 of 4
    by the players' lines (1 = 0.5 0), a match win (TW 2) with White on board 1."""
    path = next(CORPUS.glob("gacrux-fide_team_typea_mp_gp-9t4b*.trf"))
    t = parse(path.read_text())
    history = build_history(t, team_records(t))
    r1 = history.rounds[1][0]
    players = [t.players[p].entries[0] for p in (1, 2, 3, 4)]
    gp = sum({"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}[e.result] for e in players)
    assert r1.gp == gp
    opp = t.players[1].entries[0].opponent
    assert opp is not None and r1.opponent == (opp - 1) // 4 + 1
    assert r1.colour == t.players[1].entries[0].colour
    other = history.rounds[r1.opponent][0]
    assert r1.mp == (2 if gp > other.gp else 1 if gp == other.gp else 0)
    assert all(r.mp + history.rounds[r.opponent][0].mp == 2 for r in (r1,))


def test_013_lines_are_teams_by_line_order() -> None:
    text = (
        "012 x\n"
        "001    1      A                                 2500                             1.0    1     2 w 1\n"
        "001    2      B                                 2500                             0.0    2     1 b 0\n"
        "013 Alpha                              1\n"
        "013 Bravo                              2\n"
    )
    t = parse(text)
    records = team_records(t)
    assert records.source == "013"
    assert [(t.tpn, t.name, t.members) for t in records.teams] == [
        (1, "Alpha", (1,)),
        (2, "Bravo", (2,)),
    ]
    assert [team.render() for team in records.teams] == text.splitlines()[3:]


REAL = Path(__file__).resolve().parents[2] / "corpus" / "real" / "sharly-chess__example_trf26.trf"


def test_board_one_colour_with_an_empty_or_forfeited_first_board() -> None:
    """Art. 1.6.1 in the TRF-2026 sample (352 WBWB), round 5, France (5) - Serbia (18):
    France's 300 line-up leaves board 1 empty and its board-2 player (37) has Black, so
    France's first board was scheduled White; Serbia's board 1 (48) won by forfeit
    (``0000 - +``) and its board-2 player (71) has White, so Serbia had Black."""
    t = parse(REAL.read_bytes())
    history = build_history(t, team_records(t))
    france, serbia = history.rounds[5][4], history.rounds[18][4]
    assert (france.opponent, france.colour) == (18, "w")
    assert (serbia.opponent, serbia.colour) == (5, "b")


def test_the_sample_rounds_that_match_are_gacrux_s() -> None:
    """``gacrux -c`` on the sample (run by hand, gacrux 1.11.65) accepts rounds 4, 5 and 14
    only; ``check --rules team-2026`` says the same."""
    from trfaudit.checker.audit import Options, check_tournament

    t = parse(REAL.read_bytes())
    report = check_tournament(t, Options(rules="team-2026"))
    assert [r.round for r in report.rounds if r.status == "match"] == [4, 5, 14]


def test_the_json_form_carries_the_team_records_and_reads_back() -> None:
    from trfaudit.trf.jsonform import from_json
    from trfaudit.trf.jsonform import to_json as tournament_json

    path = next(CORPUS.glob("gacrux-fide_team_typea_mp_gp-9t4b*.trf"))
    text = path.read_text()
    data = tournament_json(parse(text))
    import json

    typed = json.loads(data)["team_records"]
    assert typed["boards"] == 4 and len(typed["teams"]) == 9 and typed["source"] == "310"
    assert write(from_json(data), "trf26") == text
