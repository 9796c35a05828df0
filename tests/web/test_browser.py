"""The page in a real browser: headless Chromium (the system's) driven by Playwright, against
the application under uvicorn on a free loopback port."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from trfaudit.checker.reports import json as report_json

from .conftest import ROOT, SEED, with_names

REAL = ROOT / "corpus" / "real" / "ottomilvang-tiebreakserver__held_swiss_9.trf"
BIG = ROOT / "corpus" / "dutch2025" / "t000244.trf"  # 201 players, 13 rounds


@pytest.fixture
def page(browser, live_url):
    context = browser.new_context(base_url=live_url, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(120_000)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.dialogs = dialogs
    yield page
    context.close()


def upload(page, files, rules: str = "auto") -> None:
    page.goto("/")
    page.set_input_files("#file", files)
    page.select_option("#rules", rules)
    with page.expect_navigation():
        page.click("#submit")


def test_verdict_player_explanation_and_json_download(page):
    upload(page, str(REAL))
    assert page.url.split("/")[-2] == "r"
    assert "Judged by" in page.inner_text("#verdict")  # the edition and why
    assert page.locator("table.rounds").count() == 1  # the round strip
    assert page.locator("table.standings tbody tr").count() == 16
    # a player's name opens his explanation in the side panel
    player = page.locator("details.round-boards").nth(2)
    player.locator("summary").click()
    player.locator("a.player").first.click()
    page.wait_for_selector("#panel .why-player")
    assert page.is_visible("#panel") and "Round 3: why this pairing" in page.inner_text("#panel")
    # "why not ...": another player of the round, chosen from the list
    page.select_option("#panel form.why-not select", index=0)
    page.click("#panel form.why-not button")
    page.wait_for_selector("#panel .why-against")
    assert "Why not" in page.inner_text("#panel .why-against")
    # the JSON report download validates against the schema
    with page.expect_download() as download:
        page.click("nav.downloads a[href$='report.json']")
    doc = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    jsonschema.validate(doc, report_json.schema())
    assert doc["files"][0]["file"] == REAL.name
    assert not page.dialogs


def test_a_big_file_shows_its_progress(page):
    page.goto("/")
    page.set_input_files("#file", str(BIG))
    # Playwright waits for the pending navigation before it looks at the page again: the
    # page itself records, 0.3 s after the submit, what the user sees (sessionStorage
    # survives the navigation to the verdict).
    page.evaluate(
        """() => document.getElementById("check-form").addEventListener("submit", () =>
            setTimeout(() => sessionStorage.setItem("seen", JSON.stringify([
                document.getElementById("progress").hidden,
                document.getElementById("progress-text").textContent])), 300))"""
    )
    with page.expect_navigation():
        page.click("#submit")
    assert "13 rounds checked" in page.inner_text("#verdict")
    hidden, text = json.loads(page.evaluate("sessionStorage.getItem('seen')"))
    assert hidden is False and re.match(r"Checking… \d+ s", text), text


def test_without_javascript_the_links_are_pages(browser, live_url):
    context = browser.new_context(base_url=live_url, java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(120_000)
    upload(page, str(SEED))
    assert "2 rounds checked, 2 match" in page.inner_text("#verdict")
    page.locator("details.round-boards summary").first.click()
    with page.expect_navigation():
        page.locator("a.player").first.click()
    assert "/explain?" in page.url and page.locator(".why-player").count() == 1
    with page.expect_navigation():
        page.click("form.why-not button")
    assert page.locator(".why-against").count() == 1
    context.close()


def test_names_with_markup_run_nothing(page, tmp_path):
    names = {
        1: "<script>window.y=1</script>",
        2: "<img src=x onerror=window.x=1>",
        3: "<b onmouseover=alert(1)>x</b>",
    }
    path = tmp_path / "xss.trf"
    path.write_text(with_names(SEED.read_text(), names))
    upload(page, str(path))
    page.locator("details.round-boards summary").first.click()
    text = page.inner_text("body")
    assert names[1] in text and names[2] in text  # shown as text
    link = page.locator("a.player", has_text="<img").first
    link.hover()
    link.click()
    page.wait_for_selector("#panel .why-player")
    assert names[2] in page.inner_text("#panel")
    assert page.evaluate("[window.x, window.y]") == [None, None]
    assert page.locator("img").count() == 0 and page.locator("b[onmouseover]").count() == 0
    assert not page.dialogs


def test_malformed_file_shows_its_line_and_column(page, tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_bytes(
        b"012 Bad\n001    1      Bad                               1500                      "
        b"       0.0    1  xxxx w 1\n"
    )
    page.goto("/")
    page.set_input_files("#file", str(bad))
    with page.expect_navigation() as nav:
        page.click("#submit")
    assert nav.value.status == 400
    assert page.inner_text("#message").startswith("bad.trf:2:92: round 1: opponent 'xxxx'")


def test_an_upload_past_10_mb_gets_413_and_the_next_request_works(page):
    # Just past the limit: the browser hands the file over base64, so a larger one only
    # costs time.
    page.goto("/")
    page.set_input_files(
        "#file", {"name": "big.trf", "mimeType": "text/plain", "buffer": b" " * 10_500_000}
    )
    with page.expect_navigation() as nav:
        page.click("#submit")
    assert nav.value.status == 413
    assert "larger than this server's limit of 10 MB" in page.inner_text("#message")
    upload(page, str(SEED))
    assert "2 rounds checked, 2 match" in page.inner_text("#verdict")


def test_twenty_concurrent_uploads_all_succeed(page):
    page.goto("/")
    statuses = page.evaluate(
        """async (text) => {
            const one = async () => {
                const form = new FormData();
                form.append("file", new Blob([text]), "round3-input.trf");
                const r = await fetch("/api/check", {method: "POST", body: form});
                return [r.status, (await r.json()).summary.rounds];
            };
            return Promise.all(Array.from({length: 20}, one));
        }""",
        SEED.read_text(),
    )
    assert statuses == [[200, 2]] * 20
