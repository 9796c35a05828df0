"""Recorded standings: ``trfaudit standings``, ``check``'s ``standings`` findings, and the
TRF-2026 records 202/212.  Expected values are derived by hand in each docstring."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.checker.ranks import verify
from trfaudit.checker.reports.json import schema as report_schema
from trfaudit.trf.jsonform import schema as trf_schema
from trfaudit.trf.jsonform import to_dict
from trfaudit.trf.reader import parse, read
from trfaudit.trf.writer import write

runner = CliRunner()


def flat(text: str) -> str:
    return " ".join(text.split())


def with_ranks(
    corpus_dir, tmp_path, ranks: dict[int, int], tie_breaks: str = "", name: str = "t.trf"
):
    """corpus/dutch2025/t000025 (6 players, 3 rounds) with 202 and the ranks given.

    Its points: 2 2.5; 3 and 4 2.0; 1 1.5; 5 1.0; 6 0.  By hand: BH of 3 = 0 (6) + 2.5 (2)
    + 2 (4) = 4.5, BH/C1 4.5; BH of 4 = 1.5 (1) + 1 (5) + 2 (3) = 4.5, BH/C1 3.5.
    """
    t = read(corpus_dir / "dutch2025" / "t000025.trf")
    for tpn, rank in ranks.items():
        t.players[tpn].rank = rank
    t.tie_breaks = tie_breaks
    path = tmp_path / name
    path.write_text(write(t, "trf26"))
    return path


FINAL = {2: 1, 3: 2, 4: 3, 1: 4, 5: 5, 6: 6}
SWAPPED = {2: 1, 4: 2, 3: 3, 1: 4, 5: 5, 6: 6}


def test_check_reports_a_rank_difference_with_the_deciding_tiebreak(corpus_dir, tmp_path):
    path = with_ranks(corpus_dir, tmp_path, SWAPPED, "BH/C1,BH")
    result = runner.invoke(app, ["check", str(path), "--format", "json"])
    assert result.exit_code == 1, result.output
    doc = json.loads(result.stdout)
    jsonschema.validate(doc, report_schema())
    f = doc["files"][0]
    assert all(r["status"] == "match" for r in f["rounds"])
    assert f["status"] == "differs"
    (d,) = f["standings"]
    assert d["kind"] == "standings" and d["criterion"] == "BH/C1 (C.07 8.1)"
    assert d["players"] == [4, 3]
    assert d["explanation"].startswith(
        "ranks 2 (4) and 3 (3) are in the wrong order, 3 ranks before 4: BH/C1 4.5 for 3 "
        "against 3.5 for 4 (the first tie-break decides; the points tie at 2)"
    )
    assert "R1 6:0 + R2 2:2.5 + R3 4:2; cut R1 = 4.5" in d["explanation"]
    assert "R1 1:1.5 + R2 5:1 + R3 3:2; cut R2 = 3.5" in d["explanation"]


def test_check_text_report_shows_the_finding(corpus_dir, tmp_path):
    path = with_ranks(corpus_dir, tmp_path, SWAPPED, "BH/C1,BH")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert "standings BH/C1 (C.07 8.1) (players 4, 3)" in flat(result.stdout)
    assert "standings: 1 rank difference" in flat(result.stdout)


def test_check_accepts_the_right_ranks(corpus_dir, tmp_path):
    path = with_ranks(corpus_dir, tmp_path, FINAL, "BH/C1,BH")
    result = runner.invoke(app, ["check", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["files"][0]["standings"] == []


def test_corpus_ranks_without_declared_tiebreaks_are_not_blamed(corpus_dir):
    """The corpus records ranks but no 202/212: only the points order is verified."""
    found = verify(read(corpus_dir / "dutch2025" / "t000025.trf"))
    assert found is not None and found.discrepancies == []
    assert "no tie-breaks declared" in found.notes[0]


def test_a_rank_column_that_ignores_the_points_is_not_a_ranking(corpus_dir, tmp_path):
    """Ranks equal to the pairing numbers put 1 (1.5 points) above 2 (2.5): not standings."""
    path = with_ranks(corpus_dir, tmp_path, {p: p for p in range(1, 7)}, "BH")
    found = verify(read(path))
    assert found.discrepancies == [] and "does not follow the points" in found.notes[0]


def test_an_organiser_defined_tiebreak_leaves_the_ranks_unverified(corpus_dir, tmp_path):
    """3 and 4 tie on points; OTHER_X decides them and cannot be computed: no finding."""
    path = with_ranks(corpus_dir, tmp_path, SWAPPED, "OTHER_X,BH/C1")
    found = verify(read(path))
    assert found.discrepancies == []
    assert any("undetermined from OTHER_X" in n for n in found.notes)


def test_a_tie_left_by_the_whole_list_may_be_ordered_by_lots(corpus_dir, tmp_path):
    """3 and 4 both have BH 4.5: with 202 BH they stay tied (C.07 4.2), so either order."""
    assert verify(read(with_ranks(corpus_dir, tmp_path, SWAPPED, "BH"))).discrepancies == []
    assert verify(read(with_ranks(corpus_dir, tmp_path, FINAL, "BH"))).discrepancies == []


def test_a_recorded_tie_that_the_list_separates(corpus_dir, tmp_path):
    ranks = {**FINAL, 3: 2, 4: 2}
    (d,) = verify(read(with_ranks(corpus_dir, tmp_path, ranks, "BH/C1"))).discrepancies
    assert d.players == [3, 4]
    assert (
        "3 and 4 are recorded as tied at rank 2, but BH/C1 4.5 for 3 against 3.5" in d.explanation
    )


def test_standings_json(corpus_dir):
    """BH/C1 and SB of t000025 by hand: 2 beat 5 (1.0), drew 3 (2.0), beat 1 (1.5): BH 4.5,
    BH/C1 3.5, SB 1 + 1 + 1.5 = 3.5."""
    result = runner.invoke(
        app,
        [
            "standings",
            str(corpus_dir / "dutch2025" / "t000025.trf"),
            "--tiebreaks",
            "BH/C1,bh,SB",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["tiebreaks"] == ["BH/C1", "bh", "SB"]  # codes exactly as given
    first = doc["players"][0]
    assert first == {
        "rank": 1,
        "tpn": 2,
        "name": "Test0002 Player0002",
        "points": 2.5,
        "values": {"BH/C1": 3.5, "bh": 4.5, "SB": 3.5},
        "recorded_rank": 1,
    }
    assert [p["tpn"] for p in doc["players"]] == [2, 3, 4, 1, 5, 6]


def test_standings_after_round_and_csv(corpus_dir):
    """After round 1 (by hand: 1 drew 4, 2 beat 5, 3 beat 6): 2 and 3 on 1 point, 1 and 4 on
    0.5, 5 and 6 on 0, each pair in TPN order."""
    result = runner.invoke(
        app,
        [
            "standings",
            str(corpus_dir / "dutch2025" / "t000025.trf"),
            "--after-round",
            "1",
            "--format",
            "csv",
            "-t",
            "TPN",
        ],
    )
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["rank"], r["tpn"], r["points"]) for r in rows] == [
        ("1", "2", "1"),
        ("2", "3", "1"),
        ("3", "1", "0.5"),
        ("4", "4", "0.5"),
        ("5", "5", "0"),
        ("6", "6", "0"),
    ]


def test_standings_html_escapes_names(tmp_path):
    text = (
        "012 <script>\n001    1      <b>Evil & Co</b>                  2000"
        "                             1.0    1     2 w 1\n"
        "001    2      Plain                             1900"
        "                             0.0    2     1 b 0\n"
    )
    path = tmp_path / "x.trf"
    path.write_text(text)
    result = runner.invoke(app, ["standings", str(path), "-f", "html", "-t", "WIN"])
    assert result.exit_code == 0, result.output
    assert "<b>Evil" not in result.stdout and "&lt;b&gt;Evil &amp; Co&lt;/b&gt;" in result.stdout


def test_standings_rejects_a_bad_code(corpus_dir):
    result = runner.invoke(
        app,
        ["standings", str(corpus_dir / "dutch2025" / "t000025.trf"), "--tiebreaks", "BH/C1,XYZ"],
    )
    assert result.exit_code == 2
    assert "unknown tie-break 'XYZ'" in result.stderr and "character 7" in result.stderr


def test_standings_reports_rank_differences(corpus_dir, tmp_path):
    path = with_ranks(corpus_dir, tmp_path, SWAPPED)
    result = runner.invoke(app, ["standings", str(path), "-t", "BH/C1"])
    assert result.exit_code == 1
    assert "standings: ranks 2 (4) and 3 (3) are in the wrong order" in flat(result.stdout)


TRF = (
    "012 T\n202 BH/C1, BH ,SB\n212 PTS,BH/C1,OTHER_X\n"
    "001    1      A                                 2000                             1.0"
    "    1     2 w 1\n"
    "001    2      B                                 1900                             0.0"
    "    2     1 b 0\n"
)


def test_records_202_and_212_are_typed_and_round_trip():
    t = parse(TRF, "x.trf")
    assert [c.text for c in t.tie_break_codes()] == ["BH/C1", "BH", "SB"]
    assert [(c.name, c.count("C")) for c in t.tie_break_codes()] == [
        ("BH", 1),
        ("BH", 0),
        ("SB", 0),
    ]
    assert [c.name for c in t.standings_codes()] == ["PTS", "BH", "OTHER_X"]
    assert write(t, "trf26") == TRF  # byte for byte in its own dialect
    d = to_dict(t)
    jsonschema.validate(d, trf_schema())
    assert d["tie_break_lists"]["212"][1] == {
        "code": "BH/C1",
        "name": "BH",
        "score": None,
        "variants": ["C1"],
    }
    assert d["headers"]["tie_breaks"] == "BH/C1, BH ,SB"


def test_a_bad_code_is_a_warning_with_its_column():
    t = parse(TRF.replace("202 BH/C1, BH ,SB", "202 BH/C1,BH/Q2"), "x.trf")
    (w,) = [w for w in t.warnings if "Q2" in w.message]
    assert (w.line, w.column) == (2, 11)


def test_convert_writes_the_tiebreaks(tmp_path):
    path = tmp_path / "x.trf"
    path.write_text(TRF)
    result = runner.invoke(app, ["convert", str(path), "--to", "trf26", "--tiebreaks", "SB/C1,DE"])
    assert result.exit_code == 0, result.output
    assert "202 SB/C1,DE\n212 PTS,SB/C1,DE\n" in result.stdout


def tec_swiss_with_ranks(start: str):
    """tiebreaks.md 6.1 with 202 BH and 11 ranked just before 8 (both 2.5 points).  By the
    digest's table: BH of 8 is 13.5 under both texts, BH of 11 13.5 under 2024 (a tie: any
    order) and 12.5 under 2026 (8 first)."""
    from trfaudit.engine.tiebreaks import RULES_2024, compute

    from ..engine.tiebreak_data import TEC_SWISS, tournament

    base = tournament(TEC_SWISS, 5, start="2024/08/01", extra="202 BH")
    st = compute(base, base.tie_break_codes(), RULES_2024)
    ranks = {r.tpn: i + 1 for i, r in enumerate(st.rows)}
    ranks[11], ranks[8] = sorted((ranks[11], ranks[8]))
    return tournament(TEC_SWISS, 5, start=start, extra="202 BH", ranks=ranks)


def test_the_dummy_caps_decide_only_from_2026():
    assert verify(tec_swiss_with_ranks("2024/08/01")).discrepancies == []
    (d,) = verify(tec_swiss_with_ranks("2026/03/02")).discrepancies
    assert d.players == [11, 8] and "BH 13.5 for 8 against 12.5 for 11" in d.explanation
    assert (
        "R2 16:3.5 + R3 5:2.5 + R4 dummy 1.5 (forfeit win: capped at opponent 9's "
        "adjusted score 1.5 (own 2.5))" in d.explanation
    )


def test_without_a_start_date_only_what_both_texts_blame_is_reported():
    found = verify(tec_swiss_with_ranks(""))
    assert found.rules == "2026" and found.discrepancies == []
    assert any("follow the C.07 2024 text but not the 2026 text" in n for n in found.notes)


def test_ranks_beside_a_pending_round_are_not_verified():
    t = parse(
        "012 T\n202 BH\n"
        "001    1      A                                 2000                             1.0"
        "    2     2 w 1     3 w  \n"
        "001    2      B                                 1900                             0.0"
        "    3     1 b 0     4 w  \n"
        "001    3      C                                 1800                             1.0"
        "    1     4 w 1     1 b  \n"
        "001    4      D                                 1700                             0.0"
        "    4     3 b 0     2 b  \n",
        "p.trf",
    )
    found = verify(t)
    assert found.discrepancies == [] and "games without results" in found.notes[0]


def test_tb_rules_forces_the_text(tmp_path):
    """The 6.1 ranks with 11 before 8 (see above), dated 2024: blamed only under --tb-rules
    2026."""
    from trfaudit.trf.writer import write as write_trf

    path = tmp_path / "tec.trf"
    path.write_text(write_trf(tec_swiss_with_ranks("2024/08/01"), "trf26"))
    assert verify(read(path), "2026").discrepancies
    assert verify(read(path)).discrepancies == []


def test_standings_uses_212_as_written(tmp_path):
    """212 names PTS itself: the JSON lists the codes exactly as the record gives them."""
    path = tmp_path / "x.trf"
    path.write_text(TRF.replace("212 PTS,BH/C1,OTHER_X", "212 PTS,win"))
    result = runner.invoke(app, ["standings", str(path), "-f", "json"])
    doc = json.loads(result.stdout)
    assert doc["source"] == "212" and doc["tiebreaks"] == ["PTS", "win"]
    assert doc["players"][0]["values"] == {"PTS": 1, "win": 1}


def test_212_that_differs_from_202_is_used_with_a_note(corpus_dir, tmp_path):
    """TRF-2026 5.3: 212 wins over 202; a 212 that is not PTS + 202 is worth a note."""
    t = read(with_ranks(corpus_dir, tmp_path, FINAL, "BH/C1,BH"))
    t.standings_order = "PTS,SB"
    found = verify(t)
    assert found.source == "212"
    assert "212 is not PTS followed by the 202 list" in found.notes[0]


def test_unrated_players_need_a_rating_for_art_10(tmp_path):
    """C.07 Art. 10: with an unrated participant ARO is not computed unless a rating is set
    for unrated players; with --unrated-rating 1000, A (unrated, who met B, 1900) has ARO 1900
    and B has ARO 1000."""
    path = tmp_path / "u.trf"
    path.write_text(TRF.replace("2000", "    "))
    result = runner.invoke(app, ["standings", str(path), "-t", "ARO", "-f", "json"])
    doc = json.loads(result.stdout)
    assert "unrated players take part" in doc["unavailable"]["ARO"]
    result = runner.invoke(
        app, ["standings", str(path), "-t", "ARO", "-f", "json", "--unrated-rating", "1000"]
    )
    doc = json.loads(result.stdout)
    assert [(p["tpn"], p["values"]["ARO"]) for p in doc["players"]] == [(1, 1900), (2, 1000)]


def test_the_quotable_sentence_leaves_out_the_breakdown(corpus_dir, tmp_path):
    (d,) = verify(read(with_ranks(corpus_dir, tmp_path, SWAPPED, "BH/C1,BH"))).discrepancies
    assert d.summary == (
        "Standings: ranks 2 (4) and 3 (3) are in the wrong order, 3 ranks "
        "before 4: BH/C1 4.5 for 3 against 3.5 for 4 (the first tie-break "
        "decides; the points tie at 2)"
    )


def test_ranks_that_do_not_follow_written_points_first_are_no_standings():
    """212 PTS (points written first) and a rank column in starting order: player 5 with
    17.5 points is ranked 20th below player 13 with 14, so the column is no standings and
    no rank is blamed (it was: twelve "rank differences")."""
    root = Path(__file__).resolve().parents[2]
    t = read(root / "corpus" / "berger" / "gacrux-berger_doubleroundrobin-20p.trf")
    found = verify(t, "auto")
    assert found is not None and found.discrepancies == []
    assert any("does not follow the points" in note for note in found.notes)
