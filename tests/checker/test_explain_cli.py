"""``trfaudit explain`` through typer's CliRunner: formats, exit codes, and the links of the
``check`` HTML report to each player's explanation."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html import escape
from pathlib import Path

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app

ROOT = Path(__file__).resolve().parents[2]
SEED3 = str(ROOT / "corpus" / "seed-example" / "round3-input.trf")
BUDAPEST = str(
    ROOT
    / "corpus"
    / "real"
    / "gbtami-swisspairing__budapest_spring_festival_2026_group_a_2200_r09.trf"
)
runner = CliRunner()
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def test_text_names_the_rules_of_each_reason() -> None:
    res = runner.invoke(app, ["explain", SEED3, "--player", "3", "--against", "11"])
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "Carla Player (3), 1.5 points: plays 4 with white" in out
    assert "[opponent 4.3]" in out and "[opponent C1] Not 6:" in out
    assert "Why not 3-11: quality C12" in out
    assert "alternative: " in out and "3-11" in out


def test_json_for_the_next_round_is_the_engines() -> None:
    res = runner.invoke(app, ["explain", SEED3, "-f", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["round"] == 3 and doc["recorded"] is False and doc["finding"] is None
    by = {p["tpn"]: p for p in doc["players"]}
    assert (by[14]["opponent"], by[14]["colour"]) == (1, "w")
    assert [2, 5] in doc["boards"]


def test_bad_player_and_round_exit_2() -> None:
    res = runner.invoke(app, ["explain", SEED3, "--player", "99"])
    assert res.exit_code == 2 and "player 99 is not in the tournament" in res.output
    res = runner.invoke(app, ["explain", SEED3, "--round", "7"])
    assert res.exit_code == 2 and "cannot explain round 7" in res.output
    res = runner.invoke(app, ["explain", SEED3, "--against", "4"])
    assert res.exit_code == 2 and "--against needs --player" in res.output
    res = runner.invoke(app, ["explain", SEED3, "-p", "4", "--against", "4"])
    assert res.exit_code == 2 and "cannot be paired with himself" in res.output
    res = runner.invoke(app, ["explain", SEED3, "-r", "2", "-p", "12", "--against", "4"])
    assert res.exit_code == 2 and "player 12 is not paired in round 2" in res.output


def test_recorded_round_that_differs_shows_the_check_finding() -> None:
    res = runner.invoke(app, ["explain", BUDAPEST, "--round", "8", "--player", "90"])
    assert res.exit_code == 0, res.output
    assert "check (class pairing): Round 8:" in res.stdout and "C5" in res.stdout
    assert "the pairing-allocated bye (1.0-point bracket)" in res.stdout


def test_check_html_links_names_to_explanations(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    res = runner.invoke(app, ["check", BUDAPEST, "--round", "8", "-f", "html", "-o", str(out)])
    assert res.exit_code == 1, res.output
    html = out.read_text()
    assert "<a href='#why-r8-p90-reasons'>" in html
    assert '<details class="why-player" id="why-r8-p90">' in html
    assert '<ul id="why-r8-p90-reasons">' in html  # inside the <details>: the link opens it


def test_2012_reasons_are_marked_uncertain() -> None:
    """The engine does not model the 2012 edition in full: as check does, explain says so
    (a note, and every reason uncertain)."""
    path = str(ROOT / "corpus" / "real" / "competichess__testTrfFile.txt")
    res = runner.invoke(app, ["explain", path, "--round", "2", "--player", "1", "-f", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["rules"] == "2012"
    assert any("2012 edition is not modelled in full" in n for n in doc["notes"])
    (p,) = doc["players"]
    assert p["reasons"] and all(r.get("uncertain") is True for r in p["reasons"])
    assert any(r["rule"].startswith("E.") for r in p["reasons"] if r["about"] == "colour")


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium")
def test_following_a_name_opens_the_explanation(tmp_path: Path) -> None:
    """Loading the report at a name's link target (what a click does) opens that player's
    <details> in a real browser (headless Chromium), and only his."""
    out = tmp_path / "r.html"
    runner.invoke(app, ["check", BUDAPEST, "--round", "8", "-f", "html", "-o", str(out)])
    assert CHROMIUM is not None
    done = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--dump-dom",
            f"{out.as_uri()}#why-r8-p90-reasons",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    opened = re.findall(r'<details class="why-player" id="(why-r8-p\d+)" open', done.stdout)
    assert opened == ["why-r8-p90"], done.stderr[-500:]


def test_a_large_bracket_is_named_in_a_sentence() -> None:
    """Round 3 of the 1,000-player open: 474 floats down from the 2.0-point bracket, where 92
    players may play him; the best round keeping him there pairs him with 151, and with
    each of the other 91 it is no better.  The sentence names twelve of them and counts the
    rest, as the bracket's members are counted."""
    large = str(ROOT / "corpus" / "large" / "open1000-2025.trf")
    res = runner.invoke(app, ["explain", large, "--round", "3", "--player", "474"])
    assert res.exit_code == 0, res.output
    (line,) = [x for x in res.output.splitlines() if "[float" in x]
    assert "(with 151)" in line
    named = "4, 7, 10, 11, 13, 17, 18, 25, 26, 33, 35, 41"
    assert line.endswith(f"; with {named} and 79 others it is no better.")
    assert len(line) < 400


def test_a_remainder_s_subgroups_are_named_and_defined() -> None:
    """corpus/dutch2025 t000014, round 9, the 3.5-point bracket: 26 comes down and plays 14;
    the remainder 9, 11, 13, 16, 19, 23 is split S1R 9, 11, 13 and S2R 16, 19, 23, and the
    exchange of 11 with 16 gives 9-11 (checked by hand).  The sentences say S1R and S2R, 11
    is named where the exchange puts him, and the terms line defines the remainder."""
    res = runner.invoke(
        app, ["explain", str(ROOT / "corpus/dutch2025/t000014.trf"), "-r", "9", "-p", "9"]
    )
    assert res.exit_code == 0, res.output
    out = res.output
    assert "is S1R #1 of the 3.5-point bracket" in out
    assert "plays Test0011 Player0011 (11), S1R #2; after the exchange (4.3) 11 is in S2R." in out
    assert "the exchange of 11 (S1R) with 16 (S2R) (Art. 4.3)" in out
    assert "S1R is then 9, 13, 16, S2R 11, 19, 23." in out
    [terms] = [line for line in out.splitlines() if line.startswith("terms: ")]
    assert terms.endswith("; S1R and S2R - S1 and S2 of the remainder, the residents left once "
                          "the MDPs have their opponents")  # fmt: skip


def test_the_html_explanation_defines_its_terms_as_the_text_does() -> None:
    """The HTML fragment (``--format html``, the web page, the check's HTML report) carries
    the same definitions as the text's terms line: the remainder's only where a reason
    names S1R or S2R."""

    def run(path: str, rnd: str, player: str, fmt: str) -> str:
        args = ["explain", str(ROOT / path), "-r", rnd, "-p", player, "--format", fmt]
        res = runner.invoke(app, args)
        assert res.exit_code == 0, res.output
        return res.output

    for path, rnd, player, remainder in (
        ("corpus/dutch2025/t000014.trf", "9", "9", True),
        ("corpus/seed-example/round3-input.trf", "3", "5", False),
    ):
        [line] = [x for x in run(path, rnd, player, "text").splitlines() if x.startswith("terms:")]
        words = line.removeprefix("terms: ")
        html = run(path, rnd, player, "html")
        assert f'<p class="muted why-terms">Terms: {escape(words)}</p>' in html
        assert ("S1R and S2R - S1 and S2 of the remainder" in words) is remainder
