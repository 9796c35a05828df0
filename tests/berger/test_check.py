"""``check``, ``pair``, ``explain`` and ``generate`` of round-robins against the Berger tables
(C.05 Annex 1): the Gacrux-made and hand-made files of ``corpus/berger`` (see its README),
and files changed here on purpose."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.checker.cli import app
from trfaudit.engine.berger.draw import read_draw
from trfaudit.engine.berger.editions import BERGER
from trfaudit.engine.systems import system_for
from trfaudit.trf.reader import parse, read

from .handbook import PRINTED, boards, trf


def check_file(t, rules: str = "auto"):
    """The file's report as ``check`` gives it."""
    return check_tournament(t, Options(rules=rules))


CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "berger"
MATCHING = sorted(CORPUS.glob("gacrux-*p.trf")) + [
    CORPUS / f"hand-{n}.trf" for n in ("4p-fide-doubleroundrobin", "5p-roundrobin", "6p-roundrobin")
]
runner = CliRunner()


def _rounds(size: int, players: int) -> list[list[tuple[int, int]]]:
    return [[(w, b) for w, b in boards(r) if w <= players and b <= players] for r in PRINTED[size]]


def test_the_sample_is_there() -> None:
    assert len(MATCHING) >= 10
    codes = {read(p).type_code for p in MATCHING}
    assert codes >= {"BERGER_ROUNDROBIN", "BERGER_DOUBLEROUNDROBIN", "FIDE_ROUNDROBIN",
                     "FIDE_DOUBLEROUNDROBIN"}  # fmt: skip


@pytest.mark.parametrize("path", MATCHING, ids=lambda p: p.stem)
def test_every_round_matches(path: Path) -> None:
    report = check_file(read(path))
    assert report.error is None, report.error
    assert report.rounds and len(report.rounds) == read(path).recorded_rounds()
    assert all(r.status == "match" for r in report.rounds), [
        d.summary for r in report.rounds for d in r.discrepancies
    ]


def test_the_codes_name_the_system() -> None:
    for code in ("BERGER_ROUNDROBIN_G2", "FIDE_DOUBLEROUNDROBIN", "BERGER_DOUBLEROUNDROBIN"):
        found = system_for(code)
        assert found is not None and found.name == "BERGER"
    assert system_for("CUSTOM_ROUNDROBIN") is None


def test_a_swapped_board_is_found_with_the_berger_rule_named() -> None:
    report = check_file(read(CORPUS / "hand-8p-swapped-board.trf"))
    bad = [r for r in report.rounds if r.status == "differs"]
    assert [r.round for r in bad] == [3]
    (d,) = bad[0].discrepancies
    assert (d.kind, d.criterion, d.players) == ("colour", "C.05 Annex 1", [3, 1])
    assert d.explanation == (
        "C.05 Annex 1, Berger table for 8 players, round 3, board 2: 3-1 with White for 3; "
        "the record has 1-3"
    )
    assert d.summary == (
        "Round 3: C.05 Annex 1, Berger table for 8 players, round 3, board 2: Player 3 (3) has "
        "White against Player 1 (1); the record gives White to Player 1 (1)"
    )
    assert (d.recorded, d.expected) == ("1-3", "3-1")


def test_a_second_cycle_without_reversed_colours() -> None:
    report = check_file(read(CORPUS / "hand-8p-doubleroundrobin-colours-not-reversed.trf"))
    bad = [r for r in report.rounds if r.status == "differs"]
    assert [r.round for r in bad] == [9]
    found = bad[0].discrepancies
    assert [d.kind for d in found] == ["colour"] * 4
    # Round 9 is table round 2 (8-5, 6-4, 7-3, 1-2) reversed: 5-8 first.
    assert found[0].explanation == (
        "C.05 Annex 1, Berger table for 8 players, round 2 (second cycle: colours reversed), "
        "board 1: 5-8 with White for 5; the record has 8-5"
    )


def test_a_wrong_bye() -> None:
    report = check_file(read(CORPUS / "hand-7p-wrong-bye.trf"))
    bad = [r for r in report.rounds if r.status == "differs"]
    assert [r.round for r in bad] == [2]
    first, second = bad[0].discrepancies
    assert first.kind == second.kind == "illegal"
    assert first.explanation == (
        "C.05 Annex 1, Berger table for 8 players, round 2, board 1: 5 has the bye (meets the "
        "dummy 8); the record has 6-5"
    )
    assert second.explanation == (
        "C.05 Annex 1, Berger table for 8 players, round 2, board 2: 6-4 with White for 6; "
        "the record has 6-5, 4: a pairing-allocated bye (U)"
    )
    assert bad[0].expected is not None and bad[0].expected.bye == 5
    assert bad[0].recorded is not None and bad[0].recorded.bye == 4


def test_a_file_numbered_otherwise_is_read_as_such() -> None:
    t = read(CORPUS / "hand-6p-draw-numbers.trf")
    draw = read_draw(t, BERGER)
    # The draw written into the file (README): starting number -> draw number.
    assert dict(draw.numbering.number) == {1: 4, 2: 1, 3: 6, 4: 2, 5: 5, 6: 3}
    report = check_file(t)
    assert [r.status for r in report.rounds] == ["differs"] + ["match"] * 4
    (d,) = report.rounds[0].discrepancies
    assert (d.kind, d.cause, d.finding_class) == ("input", "draw-numbers", "input")
    assert d.evidence == "with these table numbers, rounds 1-5 match"


def test_a_numbered_file_with_a_wrong_colour_later_keeps_its_numbering() -> None:
    draw_no = {1: 4, 2: 1, 3: 6, 4: 2, 5: 5, 6: 3}
    player = {d: s for s, d in draw_no.items()}
    rounds = [[(player[w], player[b]) for w, b in boards(r)] for r in PRINTED[6]]
    w, b = rounds[3][1]
    rounds[3][1] = (b, w)  # round 4, board 2: colours swapped
    report = check_file(parse(trf(6, rounds, "BERGER_ROUNDROBIN")))
    assert [r.status for r in report.rounds] == ["differs", "match", "match", "differs", "match"]
    assert report.rounds[0].discrepancies[0].kind == "input"
    (d,) = report.rounds[3].discrepancies
    assert d.kind == "colour"
    # Table board 2 of round 4 is 1-4; the players on table numbers 1 and 4 are 2 and 1.
    assert d.explanation.endswith("board 2: 1-4 with White for 1; the record has 4-1")
    assert d.players == [2, 1]


def test_a_wrong_colour_in_round_1_is_not_read_as_another_numbering() -> None:
    rounds = _rounds(8, 8)
    rounds[0][0] = (8, 1)
    report = check_file(parse(trf(8, rounds, "BERGER_ROUNDROBIN")))
    assert [r.status for r in report.rounds] == ["differs"] + ["match"] * 6
    assert [d.kind for d in report.rounds[0].discrepancies] == ["colour"]


def test_gacrux_fide_double_without_the_switch_is_found() -> None:
    """Gacrux's generator wrote FIDE_DOUBLEROUNDROBIN without switching rounds 4 and 5 here
    (no ``-K 2``); Gacrux's own checker rejects the file too (corpus/berger/README.md)."""
    report = check_file(read(CORPUS / "gacrux-fide_doubleroundrobin-6p-not-switched.trf"))
    bad = [r.round for r in report.rounds if r.status == "differs"]
    assert bad == [4, 5]
    assert "round 5 (switched with the other of the first cycle's last two rounds)" in (
        report.rounds[3].discrepancies[0].explanation
    )


def test_the_command_line(tmp_path: Path) -> None:
    good, bad = MATCHING[0], CORPUS / "hand-8p-swapped-board.trf"
    assert runner.invoke(app, ["check", str(good)]).exit_code == 0
    result = runner.invoke(app, ["check", str(bad), "--format", "json"])
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["files"][0]["rules"] == "berger"
    # Without a 192 code the file is a Dutch one unless --rules says otherwise.
    plain = tmp_path / "plain.trf"
    plain.write_text(trf(6, _rounds(6, 6), None))
    assert runner.invoke(app, ["check", str(plain), "--rules", "berger"]).exit_code == 0


def test_pair_gives_the_next_table_round(tmp_path: Path) -> None:
    path = tmp_path / "r3.trf"
    path.write_text(trf(7, _rounds(8, 7)[:3], "BERGER_ROUNDROBIN"))
    result = runner.invoke(app, ["pair", str(path)])
    assert result.exit_code == 0
    # Printed round 4 for 8: 8-6, 7-5, 1-4, 2-3; 6 meets 8: the bye.
    assert result.stdout == "4\n7 5\n1 4\n2 3\n6 0\n"


def test_explain_names_the_table_number_row_opponent_and_colour(tmp_path: Path) -> None:
    path = tmp_path / "r3.trf"
    path.write_text(trf(8, _rounds(8, 8)[:3], "BERGER_ROUNDROBIN"))
    result = runner.invoke(app, ["explain", str(path), "--player", "7"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[2:] == [
        "Player 7 (7), 1.5 points: plays 5 with white",
        "  [opponent C.05 Annex 1] Player 7 (7) has table number 7 (his starting number); "
        "C.05 Annex 1, Berger table for 8 players, round 4, board 2 (the row of table round 4: "
        "8-6, 7-5, 1-4, 2-3) pairs him with Player 5 (5) (table number 5).",
        "  [colour C.05 Annex 1] The table gives White to 7 in 7-5: White for Player 7 (7).",
    ]


def test_generate_writes_a_round_robin_that_checks(tmp_path: Path) -> None:
    out = tmp_path / "g.trf"
    args = ["generate", "--system", "berger", "-n", "9", "--code", "FIDE_DOUBLEROUNDROBIN"]
    assert runner.invoke(app, [*args, "-o", str(out), "-s", "5"]).exit_code == 0
    t = read(out)
    assert t.recorded_rounds() == 18
    report = check_file(t)
    assert all(r.status == "match" for r in report.rounds)
    bad = runner.invoke(app, ["generate", "--system", "berger", "--code", "FIDE_DUTCH", "-o", "-"])
    assert bad.exit_code == 2


def test_the_other_order_of_the_last_two_rounds_is_given_as_evidence() -> None:
    report = check_file(read(CORPUS / "gacrux-fide_doubleroundrobin-6p-not-switched.trf"))
    for r in report.rounds[3:5]:
        assert {d.evidence for d in r.discrepancies} == {
            f"under the berger edition (the first cycle's last two rounds not switched) "
            f"round {r.round} matches"
        }


def test_an_odd_field_numbered_otherwise() -> None:
    """7 players on the table for 8 under draw numbers 3, 7, 1, 5, 2, 6, 4: the dummy 8 is
    nobody's number, whoever meets it has the bye."""
    draw_no = {1: 3, 2: 7, 3: 1, 4: 5, 5: 2, 6: 6, 7: 4}
    player = {d: s for s, d in draw_no.items()}
    rounds = [[(player[w], player[b]) for w, b in boards(r) if 8 not in (w, b)] for r in PRINTED[8]]
    t = parse(trf(7, rounds, "BERGER_ROUNDROBIN"))
    assert dict(read_draw(t, BERGER).numbering.number) == draw_no
    report = check_file(t)
    assert [r.status for r in report.rounds] == ["differs"] + ["match"] * 6
    assert [d.kind for d in report.rounds[0].discrepancies] == ["input"]


def test_the_json_reports_follow_their_schemas() -> None:
    import jsonschema

    schemas = Path(__file__).resolve().parents[2] / "checker" / "reports" / "schema"
    files = [str(p) for p in sorted(CORPUS.glob("*.trf"))]
    result = runner.invoke(app, ["check", *files, "--format", "json"])
    assert result.exit_code == 1  # the corpus holds files that differ on purpose
    report = json.loads(result.stdout)
    jsonschema.validate(report, json.loads((schemas / "report.schema.json").read_text()))
    kinds = {d["kind"] for f in report["files"] for r in f["rounds"] for d in r["discrepancies"]}
    assert kinds == {"colour", "illegal", "input"}
    explained = runner.invoke(app, ["explain", files[0], "-r", "2", "--format", "json"])
    jsonschema.validate(
        json.loads(explained.stdout), json.loads((schemas / "explain.schema.json").read_text())
    )


def _named_in_092(path: Path, text: str) -> str:
    """The file with its 192 code replaced by a 092 free text (as Swiss-Manager writes it)."""
    lines = [line for line in path.read_text().splitlines() if not line.startswith(("192", "092"))]
    return "\n".join([lines[0], f"092 {text}", *lines[1:]]) + "\n"


@pytest.mark.parametrize("text", ["Individual: Round Robin", "Double round-robin", "Berger"])
def test_a_092_that_names_a_round_robin_is_checked_against_the_tables(text: str) -> None:
    """No 192 code, a 092 that calls the event a round robin: the Berger tables, as printed
    (a 7-player single and a 9-player double round-robin, each round as Gacrux paired it)."""
    for name in ("gacrux-berger_roundrobin-7p", "gacrux-berger_doubleroundrobin-9p"):
        t = parse(_named_in_092(CORPUS / f"{name}.trf", text), f"{name}.trf")
        assert t.type_code is None
        report = check_file(t)
        assert report.error is None, report.error
        assert report.rules == "berger"
        assert report.rules_reason == f"092 {text!r} and no 192 code: the tables as printed"
        assert [r.status for r in report.rounds] == ["match"] * t.recorded_rounds()
        # --rules naming a Dutch edition still checks it against the Dutch rules.
        assert check_file(t, "2025").rules == "2025"


def test_a_092_round_robin_played_with_the_switch_is_read_so() -> None:
    """No 192 code says whether the first cycle's last two rounds were switched (C.05 Annex 1
    recommends it): rounds 10 and 11 of this 12-player double round-robin were played
    switched, so the file is read under berger-fide and every round matches."""
    path = CORPUS / "gacrux-fide_doubleroundrobin-12p.trf"
    t = parse(_named_in_092(path, "Individual: Round Robin"), path.name)
    report = check_file(t)
    assert report.rules == "berger-fide"
    assert report.rules_reason == (
        "092 'Individual: Round Robin' and no 192 code: the first cycle's last two rounds "
        "switched, as rounds 10 and 11 were played (C.05 Annex 1 recommends it)"
    )
    assert [r.status for r in report.rounds] == ["match"] * 22
    # The same file checked as printed: the two rounds differ, the other order as evidence.
    printed = check_file(t, "berger")
    assert [r.round for r in printed.rounds if r.status == "differs"] == [10, 11]


def test_a_092_round_robin_played_as_printed_stays_printed() -> None:
    """Gacrux's double round-robin without the switch, its code replaced by a 092 text: the
    tables as printed, every round matching (the switch would part rounds 4 and 5)."""
    path = CORPUS / "gacrux-fide_doubleroundrobin-6p-not-switched.trf"
    t = parse(_named_in_092(path, "All-play-all"), path.name)
    report = check_file(t)
    assert report.rules == "berger"
    assert report.rules_reason == "092 'All-play-all' and no 192 code: the tables as printed"
    assert all(r.status == "match" for r in report.rounds)
