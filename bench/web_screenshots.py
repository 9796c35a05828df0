"""Screenshots of the web page for the README, wide (1360 px) and on a phone (390 px):
``trfaudit serve``'s application under uvicorn on a free loopback port, headless Chromium
(the system's) driven by Playwright.

* ``docs/web-verdict.png`` / ``web-verdict-390.png``: a batch of two real files, the round
  strip and the headings by class (file fault, rule broken, reading of the rules);
* ``docs/web-explanation.png`` / ``web-explanation-390.png``: a player of a round whose record
  breaks a rule - the record beside the rules, the explanation, "why not" with the boards that
  change;
* ``docs/web-team.png``: a Swiss Team event, a team clicked (C.04.6);
* ``docs/web-next-round.png``: the next round as the rules pair it, with its downloads.

    python3 bench/web_screenshots.py [--out docs]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))

REAL = ROOT / "corpus" / "real"
BATCH = [
    REAL / "sharly-chess__example_trf16.trf",
    REAL / "gbtami-swisspairing__budapest_spring_festival_2026_group_a_2200_r09.trf",
]
HELD = REAL / "ottomilvang-tiebreakserver__held_swiss_9.trf"
TEAM = ROOT / "corpus" / "team" / "gacrux-fide_team_mp_gp-11t5b-s103.trf"
SEED2 = ROOT / "corpus" / "seed-example" / "round2-input.trf"


def _upload(page, files: list[Path]) -> None:  # type: ignore[no-untyped-def]
    page.goto("/")
    page.set_input_files("#file", [str(f) for f in files])
    with page.expect_navigation():
        page.click("#submit")


def _explained(page, rnd: int, tpn: int) -> None:  # type: ignore[no-untyped-def]
    """Open round ``rnd``'s boards, click player ``tpn``, ask "why not" his first choice."""
    boards = page.locator(f"#boards-0-{rnd}")
    boards.locator("summary").click()
    boards.locator("a.player", has_text=f"({tpn})").first.click()
    page.wait_for_selector("#panel .side-by-side")
    page.select_option("#panel form.why-not select", index=0)
    page.click("#panel form.why-not button")
    page.wait_for_selector("#panel .why-against")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs"))
    args = parser.parse_args()
    from conftest import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    import trfaudit
    from trfaudit.checker.web import Settings
    from trfaudit.checker.web.live import LiveServer

    # a player on a recorded board the rules do not have (the first differing round)
    report = trfaudit.check(trfaudit.read(HELD))
    r = next(r for r in report.rounds if r.differing and r.differing[0].recorded)
    rnd, tpn = r.round, r.differing[0].recorded.white  # type: ignore[union-attr]

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with LiveServer(Settings(workers=2)) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for width, suffix in ((1360, ""), (390, "-390")):
            page = browser.new_page(base_url=url, viewport={"width": width, "height": 900})
            page.set_default_timeout(120_000)
            _upload(page, BATCH)
            path = out / f"web-verdict{suffix}.png"
            page.screenshot(path=str(path))
            written.append(path)
            _upload(page, [HELD])
            _explained(page, rnd, tpn)
            page.locator("#panel").scroll_into_view_if_needed()
            path = out / f"web-explanation{suffix}.png"
            page.screenshot(path=str(path))
            written.append(path)
            page.close()
        page = browser.new_page(base_url=url, viewport={"width": 1360, "height": 900})
        page.set_default_timeout(120_000)
        _upload(page, [TEAM])
        boards = page.locator("#boards-0-6")
        boards.locator("summary").click()
        boards.locator("a.team").first.click()
        page.wait_for_selector("#panel .why-player")
        page.locator("section.standings-table").first.scroll_into_view_if_needed()
        path = out / "web-team.png"
        page.screenshot(path=str(path))
        written.append(path)
        _upload(page, [SEED2])
        with page.expect_navigation():
            page.click("a.next-round")
        page.locator("table.next a.player").first.click()
        page.wait_for_selector("#panel .why-player")
        path = out / "web-next-round.png"
        page.screenshot(path=str(path))
        written.append(path)
        browser.close()
    print("wrote " + ", ".join(str(p) for p in written))


if __name__ == "__main__":
    main()
