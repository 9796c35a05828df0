"""The HTML report, rendered by a real headless Chromium (Debian's ``chromium`` package)."""

from __future__ import annotations

import re
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


def hostile(case):
    """The exchanged round with markup where the file has text: the tournament's name and
    city, two player names (TRF names are 33 columns wide), a federation."""
    t = case.tournament
    t.name = "<img src=x onerror=\"document.title='pwned'\">"
    t.city = "<script>document.title='pwned'</script>"
    a, b, c = case.players[:3]
    t.players[a].name = "<script>document.title=1</script>"
    t.players[b].name = "<svg onload=document.title=2>"
    t.players[c].federation = "<i>"
    return t


def chromium(*args: str, profile) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={profile}",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


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
    (folder / "f-xss.trf").write_text(write(hostile(cross)))
    out = folder / "report.html"
    result = CliRunner().invoke(app, ["check", str(folder), "--format", "html", "-o", str(out)])
    assert result.exit_code == 2, result.output
    return out


class _Tags(HTMLParser):
    """Every element of a DOM, with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def test_html_is_self_contained(report):
    parser = _Resources()
    parser.feed(report.read_text())
    assert parser.external == []
    assert {"style", "table", "section"} <= parser.tags


needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)"
)


@needs_chromium
def test_html_renders_in_chromium(report, tmp_path):
    proc = chromium("--dump-dom", report.as_uri(), profile=tmp_path / "profile")
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    text = " ".join(dom.split())
    assert "<h1>trfaudit check report</h1>" in dom
    assert "6 files, 15 rounds checked: 11 match, 4 differ" in text
    # the clean file, then each differing round with its kind, explanation and bracket table
    assert "a-clean.trf: rules 2025: 3 rounds checked, 3 match" in text
    assert "illegal C1" in text and "already played each other in round" in text
    assert "colour 5.2." in text
    assert "quality C12" in text
    # the edition and why, at the top of each checked file
    assert text.count("Judged by: <b>FIDE (Dutch) System, C.04.3 2025/2026 edition</b>") == 5
    assert text.count("Why this edition: 092 FIDE_DUTCH_2025") == 5
    # per differing round: the table of differing boards, names, the collapsible bracket
    assert text.count("<th>Recorded (white – black)</th>") == 4
    assert text.count('<details class="bracket"><summary>Bracket') == 4
    assert "Test0001 Player0001" in text
    # the broken file is reported, its markup escaped (the browser saw text, not tags)
    assert "Not checked:" in text and "e-&lt;i&gt;broken.trf" in dom


@needs_chromium
def test_markup_in_a_file_is_shown_as_text_and_runs_nothing(report, tmp_path):
    """A report is opened by people who did not write the file: names, the tournament's
    name, federations from it are text.  Chromium loads the page (scripts on); had any of it
    become markup, the title would read "pwned", "1" or "2", or an img/svg/script/i element
    exist."""
    proc = chromium("--dump-dom", report.as_uri(), profile=tmp_path / "profile")
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    tags = _Tags()
    tags.feed(dom)
    names = [t for t, _ in tags.tags]
    assert "<title>trfaudit check report</title>" in dom
    assert not {"script", "img", "svg", "iframe", "i"} & set(names), names
    assert not any(k.startswith("on") for _, attrs in tags.tags for k in attrs)
    assert "&lt;script&gt;document.title=1&lt;/script&gt;" in dom
    assert "&lt;svg onload=document.title=2&gt;" in dom
    assert "&lt;img src=x onerror=\"document.title='pwned'\"&gt;" in dom
    assert "<td>&lt;i&gt;</td>" in dom  # the federation


@needs_chromium
def test_html_screenshot_and_a4_print(report, tmp_path):
    """A screenshot at A4 width (looked at when this test was written: names, the boards
    table, the folded bracket) and a PDF print whose pages are A4 (595 x 842 points)."""
    png = tmp_path / "report.png"
    proc = chromium(
        f"--screenshot={png}",
        "--window-size=794,1123",
        report.as_uri(),
        profile=tmp_path / "profile",
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (794, 1123)
    pdf = tmp_path / "report.pdf"
    proc = chromium(
        f"--print-to-pdf={pdf}",
        "--no-pdf-header-footer",
        report.as_uri(),
        profile=tmp_path / "profile2",
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf.read_bytes())
    assert boxes and all(abs(float(w) - 595) < 2 and abs(float(h) - 842) < 2 for w, h in boxes)
    # The folded brackets unfold in print: without that rule the print holds less (the
    # bracket tables' text; pages may still be as many).
    folded = tmp_path / "folded.html"
    folded.write_text(
        report.read_text().replace(
            "details::details-content { content-visibility: visible; display: block; }", ""
        )
    )
    pdf2 = tmp_path / "folded.pdf"
    proc = chromium(
        f"--print-to-pdf={pdf2}",
        "--no-pdf-header-footer",
        folded.as_uri(),
        profile=tmp_path / "profile3",
    )
    assert proc.returncode == 0, proc.stderr[-2000:]

    assert pdf.stat().st_size > pdf2.stat().st_size * 1.05


def test_every_badge_has_a_background_for_its_white_text():
    """A badge (``span.kind``: a finding's kind, an input alternative, a standings rank)
    prints white text; badges without a colour of their own (alternative, standings) take
    the plain one, so no label is white on white."""
    import re

    from trfaudit.checker.reports import html

    rule = re.search(r"\.kind \{([^}]*)\}", html.CSS)
    assert rule is not None and "color: #fff" in rule.group(1)
    assert "background:" in rule.group(1)


def test_a_long_events_round_strip_wraps_and_the_page_names_no_one_system(tmp_path):
    """A 22-round double round-robin: the strip has rows of 11 rounds (not one row past the
    page's width), and the page's heading does not say every file is judged by the Dutch
    rules: this one is judged by the Berger tables, as its Judged-by line says."""
    from pathlib import Path

    path = (
        Path(__file__).resolve().parents[2] / "corpus/berger/gacrux-fide_doubleroundrobin-12p.trf"
    )
    out = tmp_path / "rr.html"
    assert (
        CliRunner().invoke(app, ["check", str(path), "-f", "html", "-o", str(out)]).exit_code == 0
    )
    page = out.read_text()
    strip = re.search(r"<table class=rounds>(.*?)</table>", page).group(1)
    rows = re.findall(r"<tr>(.*?)</tr>", strip)
    assert [len(re.findall(r"<td", r)) for r in rows] == [11, 11]
    assert "FIDE (Dutch)" not in page
    assert "Judged by: <b>the Berger tables (C.05 Annex 1)" in page
