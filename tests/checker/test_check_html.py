"""The HTML report, rendered by a real headless Chromium (Debian's ``chromium`` package)."""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.trf.reader import read
from trfaudit.trf.writer import write

from .tamper import tamper_exchange, tamper_rematch, tamper_swap_colours

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class _Resources(HTMLParser):
    """Collects tags and attributes that would load something from elsewhere."""

    def __init__(self) -> None:
        super().__init__()
        self.external: list[str] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        if tag in ("script", "link", "img", "iframe", "object", "embed"):
            self.external.append(tag)
        for name, value in attrs:
            if name in ("src", "href") and value and not value.startswith("#"):
                self.external.append(f"{tag} {name}={value}")


@pytest.fixture(scope="module")
def report(tmp_path_factory, corpus_dir):
    folder = tmp_path_factory.mktemp("html")
    t = read(corpus_dir / "dutch2025" / "t000212.trf")
    (folder / "a-clean.trf").write_text(write(t))
    (folder / "b-rematch.trf").write_text(write(next(tamper_rematch(t)).tournament))
    (folder / "c-colour.trf").write_text(write(next(tamper_swap_colours(t)).tournament))
    cross = next(c for c in tamper_exchange(t) if c.info["variant"] == "cross")
    (folder / "d-exchange.trf").write_text(write(cross.tournament))
    (folder / "e-<i>broken.trf").write_text("001 broken line\n")
    out = folder / "report.html"
    result = CliRunner().invoke(app, ["check", str(folder), "--format", "html", "-o", str(out)])
    assert result.exit_code == 2, result.output
    return out


def test_html_is_self_contained(report):
    parser = _Resources()
    parser.feed(report.read_text())
    assert parser.external == []
    assert {"style", "table", "section"} <= parser.tags


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_html_renders_in_chromium(report, tmp_path):
    proc = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
         report.as_uri()],
        capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    text = " ".join(dom.split())
    assert "<h1>trfaudit check report</h1>" in dom
    assert "5 files, 12 rounds checked: 9 match, 3 differ" in text
    # the clean file, then each differing round with its kind, explanation and bracket table
    assert "a-clean.trf: rules 2025: 3 rounds checked, 3 match" in text
    assert "illegal C1" in text and "already played each other in round" in text
    assert "colour 5.2." in text
    assert "quality C12" in text
    assert text.count("<th>Colour preference</th>") == 3
    assert text.count("<th>Recorded candidate</th>") == 3
    # the broken file is reported, its markup escaped (the browser saw text, not tags)
    assert "Not checked:" in text and "e-&lt;i&gt;broken.trf" in dom
