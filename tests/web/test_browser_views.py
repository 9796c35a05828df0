"""The page's second pass in a real browser (headless Chromium driven by Playwright): the
three classes, the player's record beside the rules, a team event clicked, one numbering,
a batch with a broken file, the next round, 390 px, the focus, a cross-origin POST."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import trfaudit

from .conftest import ROOT, SEED

REAL = ROOT / "corpus" / "real"
INPUT_AND_READING = REAL / "sharly-chess__example_trf16.trf"  # classes input, interpretation
PAIRING = REAL / "gbtami-swisspairing__budapest_spring_festival_2026_group_a_2200_r09.trf"
HELD = REAL / "ottomilvang-tiebreakserver__held_swiss_9.trf"  # 4 rounds of class pairing
TEAM = ROOT / "corpus" / "team" / "gacrux-fide_team_mp_gp-11t5b-s103.trf"
SEED2 = SEED.parent / "round2-input.trf"
BAD = (
    b"012 Bad\n001    1      Bad                               1500                      "
    b"       0.0    1  xxxx w 1\n"
)


@pytest.fixture
def page(browser, live_url):
    context = browser.new_context(base_url=live_url, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(120_000)
    yield page
    context.close()


def upload(page, files) -> None:
    page.goto("/")
    page.set_input_files("#file", files)
    with page.expect_navigation():
        page.click("#submit")


def test_three_classes_apart_and_the_broken_rule_first(page):
    upload(page, [str(INPUT_AND_READING), str(PAIRING)])
    strip = page.locator("table.rounds td")
    texts = strip.all_inner_texts()
    assert any(t.endswith("file fault") for t in texts)
    assert any(t.endswith("reading of the rules") for t in texts)
    assert any(": rule broken" in t for t in texts)  # here "rule broken, or a file fault"
    # three colours: the cells of each class have their own background
    colours = {
        cls: page.locator(f"table.rounds td.cls-{cls}").first.evaluate(
            "e => getComputedStyle(e).backgroundColor"
        )
        for cls in ("input", "pairing", "interpretation")
    }
    assert len(set(colours.values())) == 3
    summaries = page.locator("p.class-summary").all_inner_texts()
    assert "5 rounds with a reading of the rules; 1 round with a file fault" in summaries
    assert any(re.match(r"1 round with a rule broken \(round \d+: \w+", s) for s in summaries)
    # in the file with both, the reading-of-the-rules rounds come before the file fault
    sections = page.locator("section.file").first.locator("section.round h3").all_inner_texts()
    assert sections[-1].endswith("file fault") and "reading of the rules" in sections[0]


def _recorded_words(t, rnd: int, tpn: int) -> str:
    """What the file records for ``tpn`` in round ``rnd``, read here from the entry."""
    e = t.players[tpn].entry(rnd)
    opp = t.players[e.opponent]
    colour = {"w": "White", "b": "Black"}[e.colour]
    return f"plays {opp.name} ({e.opponent}) with {colour}"


def test_the_players_record_beside_the_rules(page):
    """A player of a round whose record breaks a rule: the panel first shows what the file
    gave him (read here from his 001 entry) and what the rules give, with names."""
    t = trfaudit.read(HELD)
    report = trfaudit.check(t)
    r = next(r for r in report.rounds if r.discrepancies and r.differing)
    d = r.differing[0]
    tpn = d.recorded.white  # on a board of the record that the rules do not have
    upload(page, str(HELD))
    box = page.locator(f"#boards-0-{r.round}")
    box.locator("summary").click()
    box.locator("a.player", has_text=f"({tpn})").first.click()
    page.wait_for_selector("#panel .side-by-side")
    side = page.locator("#panel table.side").inner_text()
    assert f"The record gave\t{_recorded_words(t, r.round, tpn)}" in side
    e = trfaudit.explain(t, r.round, player=tpn)
    rules = e.players[0]
    colour = {"w": "White", "b": "Black"}[rules.colour]
    assert (
        f"The rules give\tplays {t.players[rules.opponent].name} ({rules.opponent}) with {colour}"
        in side
    )
    # the focus is on the answer
    assert page.evaluate("document.activeElement.id") == "panel"


def test_a_team_event_clicked_team_and_player(page):
    upload(page, str(TEAM))
    assert page.locator("table.standings.team tbody tr").count() == 11
    box = page.locator("#boards-0-2")
    box.locator("summary").click()
    box.locator("a.team", has_text="Team 4 (4)").first.click()
    page.wait_for_selector("#panel .why-player")
    text = page.inner_text("#panel")
    assert "Team 4 (4)" in text and "Art. 4.3.5" in text and "Art. 3.5" in text
    assert "The record gave\tplays Team 1 (1) with White" in text
    page.locator("table.standings.team a.player", has_text="Player T3B2 (12)").click()
    page.wait_for_selector("#panel .why-note")
    assert "teams are paired, not players" in page.inner_text("#panel")


def test_board_numbers_are_one_numbering(page):
    """The verdict's table of differing boards and the round's table number each board
    alike (C.04.2 3.6)."""
    upload(page, str(HELD))
    t = trfaudit.read(HELD)
    report = trfaudit.check(t)
    checked = 0
    for r in report.rounds:
        for d in r.differing:
            if d.recorded is None or d.recorded.board is None:
                continue
            row = page.locator(f"#boards-0-{r.round} tbody tr").nth(d.recorded.board - 1)
            cells = row.locator("td").all_text_contents()
            assert cells[0] == str(d.recorded.board)
            assert cells[1].endswith(f"({d.recorded.white})")
            assert cells[3].endswith(f"({d.recorded.black})")
            checked += 1
    assert checked >= 4
    # and the verdict's own table says the same numbers
    first = page.locator("section.round table").first.locator("tbody tr, tr").all_inner_texts()
    assert any(re.match(r"\d+\t", line) for line in first)


def test_a_batch_with_one_broken_file(page, tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_bytes(BAD)
    upload(page, [str(SEED), str(bad)])
    assert "bad.trf: not checked" in page.inner_text("#file-error-1")
    assert "bad.trf:2:92: round 1: opponent 'xxxx' is not a number" in page.inner_text("#verdict")
    assert "2 rounds checked, 2 match" in page.inner_text("#verdict")


def test_the_next_round_paired_and_downloaded(page):
    upload(page, str(SEED2))
    with page.expect_navigation():
        page.click("a.next-round")
    rows = page.locator("table.next tbody tr").all_inner_texts()
    expected = (SEED.parent / "round2-expected.txt").read_text().split()[1:]
    pairs = [expected[i : i + 2] for i in range(0, len(expected), 2)]
    boards = [p for p in pairs if p[1] != "0"]
    assert [re.findall(r"\((\d+)\)", row) for row in rows] == boards
    assert f"({pairs[-1][0]})" in page.inner_text("#verdict")  # the PAB
    with page.expect_download() as download:
        page.click("a[href$='next.txt']")
    assert Path(download.value.path()).read_text().split() == ["7", *expected]
    with page.expect_download() as download:
        page.click("a[href$='next.trf']")
    t = trfaudit.parse(Path(download.value.path()).read_bytes(), "next.trf")
    assert t.recorded_rounds() == 2


def test_390_px_no_horizontal_scroll(browser, live_url):
    context = browser.new_context(base_url=live_url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(120_000)
    upload(page, str(HELD))
    for summary in page.locator("details.round-boards summary").all()[:3]:
        summary.click()
    page.locator("details.round-boards a.player").first.click()
    page.wait_for_selector("#panel .side-by-side")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    context.close()


def test_the_panel_is_reachable_by_keyboard(page):
    upload(page, str(SEED))
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the explanation panel"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "panel"
    page.locator("details.round-boards summary").first.click()
    link = page.locator("details.round-boards a.player").first
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#panel .why-player")
    assert page.evaluate("document.activeElement.id") == "panel"


def test_a_cross_origin_post_is_refused(browser, live_url):
    """A page of another site (served here by the browser's router) whose form posts to
    the server: the browser sends its Origin, and the server refuses the POST."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(60_000)
    evil = (
        f"<form id=f method=post action='{live_url}/check' enctype='multipart/form-data'>"
        "<input type=hidden name=rules value=auto><button>go</button></form>"
    )
    page.route(
        "http://evil.example/", lambda route: route.fulfill(body=evil, content_type="text/html")
    )
    page.goto("http://evil.example/")
    with page.expect_navigation() as nav:
        page.click("button")
    assert nav.value.status == 403
    assert "a form of another site (http://evil.example) cannot post" in page.inner_text("body")
    context.close()
