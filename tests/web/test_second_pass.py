"""The page's second pass under Starlette's TestClient: the next round (``POST /api/pair``),
provenance, the Host and Origin checks, the favicon, a batch with one bad file, and the
team event's pages."""

from __future__ import annotations

import re
import subprocess
import sys

from .conftest import ROOT, SEED

SEED2 = SEED.parent / "round2-input.trf"
TEAM = ROOT / "corpus" / "team" / "gacrux-fide_team_mp_gp-11t5b-s103.trf"
BAD = (
    b"012 Bad\n001    1      Bad                               1500                      "
    b"       0.0    1  xxxx w 1\n"
)


def _expected(path) -> tuple[list[list[int]], int | None]:
    """A JaVaFo list (count, ``white black``, ``TPN 0`` for the PAB) as boards and bye."""
    lines = path.read_text().split()
    numbers = list(map(int, lines[1:]))
    pairs = [numbers[i : i + 2] for i in range(0, len(numbers), 2)]
    bye = next((w for w, b in pairs if b == 0), None)
    return [p for p in pairs if p[1] != 0], bye


def test_api_pair_gives_the_seed_round_2(client):
    """The seed example's round 2, paired by hand in its README (round2-expected.txt)."""
    r = client.post("/api/pair", files={"file": (SEED2.name, SEED2.read_bytes())})
    assert r.status_code == 200, r.text
    doc = r.json()
    boards, bye = _expected(SEED.parent / "round2-expected.txt")
    assert (doc["round"], doc["rules"], doc["boards"], doc["bye"]) == (2, "2025", boards, bye)
    assert doc["generator"]["name"] == "trfaudit"


def test_api_pair_on_a_team_file_is_the_c046_pairing(client):
    """The same as ``trfaudit pair`` (the Swiss Team pairer, C.04.6) prints."""
    r = client.post("/api/pair", files={"file": (TEAM.name, TEAM.read_bytes())})
    assert r.status_code == 200, r.text
    doc = r.json()
    cli = subprocess.run(
        [sys.executable, "-m", "trfaudit.checker.cli", "pair", str(TEAM)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    numbers = list(map(int, cli.stdout.split()[1:]))
    pairs = [numbers[i : i + 2] for i in range(0, len(numbers), 2)]
    assert doc["rules"] == "team-2026" and doc["round"] == 7
    assert doc["boards"] == [p for p in pairs if p[1] != 0]
    assert doc["bye"] == next(w for w, b in pairs if b == 0)
    bad = client.post("/api/pair", files={"file": (TEAM.name, TEAM.read_bytes())},
                      data={"round": "9"})  # fmt: skip
    assert bad.status_code == 400 and "rounds 1..7 can be paired" in bad.json()["error"]


def test_next_round_page_and_downloads(client):
    r = client.post("/check", files={"file": (SEED2.name, SEED2.read_bytes())})
    token = r.url.path.split("/")[2]
    assert f"/r/{token}/0/next" in r.text
    page = client.get(f"/r/{token}/0/next")
    assert page.status_code == 200 and "round 2 as the rules pair it" in page.text
    listed = client.get(f"/r/{token}/0/next.txt")
    assert listed.text.split() == (SEED.parent / "round2-expected.txt").read_text().split()
    trf = client.get(f"/r/{token}/0/next.trf").text
    # the round filled in: player 5 has White against 1 (board 1), 14 the PAB, no results
    line5 = next(x for x in trf.splitlines() if x.startswith("001    5"))
    assert line5.endswith("    12 w 1     1 w")
    line14 = next(x for x in trf.splitlines() if x.startswith("001   14"))
    assert line14.endswith("     7 b 0  0000 - U") and "  1.0  " in line14  # 0 + the PAB
    javafo = client.get(f"/r/{token}/0/javafo.txt")
    assert javafo.status_code == 200 and "Round #1" in javafo.text
    annotated = client.get(f"/r/{token}/0/annotated.trf")
    assert annotated.status_code == 200 and annotated.text.startswith("012")


def test_a_batch_with_one_bad_file_shows_the_good_one(client):
    files = [("file", (SEED.name, SEED.read_bytes())), ("file", ("bad.trf", BAD))]
    r = client.post("/check", files=files)
    assert r.status_code == 200 and r.url.path.startswith("/r/")
    assert "bad.trf: not checked" in r.text
    assert "bad.trf:2:92: round 1: opponent &#x27;xxxx&#x27; is not a number" in r.text
    assert "standings and rounds" in r.text  # the good file's tables


def test_cross_origin_post_and_foreign_host_are_refused(client):
    files = {"file": (SEED.name, SEED.read_bytes())}
    r = client.post("/check", files=files, headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and "another site" in r.text
    r = client.post("/api/check", files=files, headers={"origin": "null"})
    assert r.status_code == 403
    r = client.get("/", headers={"host": "evil.example"})
    assert r.status_code == 403 and "host name" in r.text
    same = client.post("/api/check", files=files, headers={"origin": "http://127.0.0.1"})
    assert same.status_code == 200


def test_favicon(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")


def test_team_event_pages(client):
    r = client.post("/check", files={"file": (TEAM.name, TEAM.read_bytes())})
    assert r.status_code == 200
    token = r.url.path.split("/")[2]
    assert "Team standings after round 6" in r.text and "<th>MP</th>" in r.text
    assert ">Team 1 (1)</a>" in r.text  # names from the file, not numbers
    team = client.get(f"/r/{token}/0/explain?round=2&team=4&fragment=1")
    assert team.status_code == 200 and "Art. 4.3.5" in team.text
    player = client.get(f"/r/{token}/0/explain?round=3&player=12&fragment=1")
    assert player.status_code == 200 and "teams are paired, not players" in player.text
    assert "Art. 3.5" in player.text


def test_a_team_event_before_c046_2026_offers_the_rules_choice(client):
    """A team file dated 2024 cannot be checked under 'auto' (the 2024 edition is not
    implemented): the page offers the implemented edition as a choice, not a flag."""
    path = ROOT / "corpus" / "real" / "sharly-chess__example_trf26.trf"
    r = client.post("/check", files={"file": (path.name, path.read_bytes())})
    assert r.status_code == 400
    assert "--rules" not in r.text and "the rules choice “team-2026”" in r.text
    action = re.search(r"<form class=recheck method=post action='([^']+)'", r.text).group(1)
    again = client.post(action, data={"rules": "team-2026"})
    assert again.status_code == 200 and "rules team-2026" in again.text


def test_standings_values_say_how_they_are_made_up(client):
    """Charline (3) of held_swiss_9, checked by hand from the file: her opponents 11, 6, 8,
    4, 2, 16, 1, 14, 10 end on 3.5, 6, 4.5, 6, 6, 4.5, 6, 4, 4 points: BH 44.5, and BH/C1
    cuts the lowest (round 1's 3.5): 41."""
    path = ROOT / "corpus" / "real" / "ottomilvang-tiebreakserver__held_swiss_9.trf"
    r = client.post("/check", files={"file": (path.name, path.read_bytes())},
                    data={"tiebreaks": "BH/C1,BH,SB"})  # fmt: skip
    row = next(x for x in r.text.split("<tr") if ">Charline (3)</a>" in x)
    hows = re.findall(r"<summary>([^<]*)</summary><span class=how-text>([^<]*)</span>", row)
    assert hows[0] == ("41", "R1 11:3.5 + R2 6:6 + R3 8:4.5 + R4 4:6 + R5 2:6 + R6 16:4.5 + "
                       "R7 1:6 + R8 14:4 + R9 10:4; cut R1 = 41")  # fmt: skip
    assert hows[1][0] == "44.5" and hows[1][1].endswith("= 44.5")
