"""Fixtures of the web page's tests: the application under Starlette's TestClient, the same
application under uvicorn on a free loopback port, and headless Chromium driven by Playwright
(the system's /usr/bin/chromium; the tests skip when it or the ``playwright`` package is
missing)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("multipart")

from trfaudit.checker.web import Settings, create_app
from trfaudit.checker.web.live import LiveServer

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "corpus" / "seed-example" / "round3-input.trf"
CHROMIUM = os.environ.get("TRFAUDIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def with_names(text: str, names: dict[int, str]) -> str:
    """``text`` (a TRF) with the names of some players replaced (columns 15-47 of 001)."""
    out = []
    for line in text.splitlines(keepends=True):
        if line.startswith("001 ") and int(line[4:8]) in names:
            line = line[:14] + f"{names[int(line[4:8])]:<33}"[:33] + line[47:]
        out.append(line)
    return "".join(out)


@pytest.fixture(scope="module")
def client():
    from starlette.testclient import TestClient

    with TestClient(create_app(Settings(workers=2)), base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture(scope="module")
def live_url():
    with LiveServer(Settings(workers=2, max_upload=10_000_000)) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
