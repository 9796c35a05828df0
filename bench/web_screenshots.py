"""Screenshots of the web page for the README (``docs/web-verdict.png``,
``docs/web-explanation.png``): ``trfaudit serve``'s application under uvicorn on a free
loopback port, headless Chromium (the system's) driven by Playwright.

    python3 bench/web_screenshots.py [--file corpus/real/...trf] [--out docs]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--file", default=str(ROOT / "corpus/real/ottomilvang-tiebreakserver__held_swiss_9.trf")
    )
    parser.add_argument("--round", type=int, default=6, help="Round whose player is explained.")
    parser.add_argument("--out", default=str(ROOT / "docs"))
    args = parser.parse_args()
    from conftest import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    from trfaudit.checker.web import Settings
    from trfaudit.checker.web.live import LiveServer

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with LiveServer(Settings(workers=1)) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(base_url=url, viewport={"width": 1360, "height": 860})
        page.set_default_timeout(120_000)
        page.goto("/")
        page.set_input_files("#file", args.file)
        with page.expect_navigation():
            page.click("#submit")
        page.screenshot(path=str(out / "web-verdict.png"))
        boards = page.locator(f"details.round-boards[id$='-{args.round}']")
        boards.locator("summary").click()
        boards.locator("a.player").first.click()
        page.wait_for_selector("#panel .why-player")
        page.select_option("#panel form.why-not select", index=1)
        page.click("#panel form.why-not button")
        page.wait_for_selector("#panel .why-against")
        boards.scroll_into_view_if_needed()
        page.screenshot(path=str(out / "web-explanation.png"))
        browser.close()
    print(f"wrote {out / 'web-verdict.png'} and {out / 'web-explanation.png'}")


if __name__ == "__main__":
    main()
