"""The web page's endpoints under Starlette's TestClient: the JSON endpoints give the CLI's
documents byte for byte, bad input gets the CLI's message and a 4xx status (never a
traceback), and the server goes on serving."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from trfaudit.checker.web.pages import plain

from .conftest import ROOT, SEED, with_names

REAL = ROOT / "corpus" / "real" / "ottomilvang-tiebreakserver__held_swiss_9.trf"
BIG = ROOT / "corpus" / "dutch2025" / "t000244.trf"  # 201 players
BAD = (
    b"012 Bad\n001    1      Bad                               1500                      "
    b"       0.0    1  xxxx w 1\n"
)


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """``trfaudit ARGS`` run in ``cwd`` (with this process's import path)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    return subprocess.run(
        [sys.executable, "-m", "trfaudit.checker.cli", *args],
        check=False,
        cwd=cwd,
        env=env,
        capture_output=True,
        timeout=300,
    )


CHECKED_AT = re.compile(rb'"checked_at": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"')


def same(page: bytes, command: bytes) -> bool:
    """The page's JSON is the command's byte for byte, but for the moment of the check (the
    generator block's ``checked_at``, present in both)."""
    assert CHECKED_AT.search(page) and CHECKED_AT.search(command)
    return CHECKED_AT.sub(b"T", page) == CHECKED_AT.sub(b"T", command)


def moment(html: str) -> str:
    """``html`` with the generator line's moment blanked."""
    return re.sub(r"Checked by trfaudit \S+, \S+Z", "Checked by trfaudit", html)


def upload(path: Path, data: bytes | None = None) -> dict:
    return {"file": (path.name, path.read_bytes() if data is None else data)}


@pytest.mark.parametrize(
    "path, rules", [(SEED, "auto"), (REAL, "auto"), (REAL, "all")], ids=["seed", "real", "all"]
)
def test_api_check_is_the_cli_json(client, path, rules):
    r = client.post("/api/check", files=upload(path), data={"rules": rules})
    proc = cli("check", path.name, "--format", "json", "--rules", rules, cwd=path.parent)
    assert proc.returncode in (0, 1), proc.stderr
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/json")
    assert same(r.content, proc.stdout)


@pytest.mark.parametrize("dialect", ["json", "trf26", "trfx"])
def test_other_dialects_are_checked_as_the_cli_checks_them(client, tmp_path, dialect):
    """trfaudit JSON, TRF-2026 and TRF(x) uploads, as ``convert`` writes them."""
    converted = cli("convert", str(REAL), "--to", dialect, cwd=ROOT).stdout
    (tmp_path / "t.trf").write_bytes(converted)
    r = client.post("/api/check", files={"file": ("t.trf", converted)})
    proc = cli("check", "t.trf", "--format", "json", cwd=tmp_path)
    assert r.status_code == 200 and same(r.content, proc.stdout)
    assert r.json()["summary"]["rounds"] == 9


def test_api_check_of_two_files_is_the_cli_batch(client):
    other = SEED.parent / "round2-input.trf"
    files = [("file", (p.name, p.read_bytes())) for p in (SEED, other)]
    r = client.post("/api/check", files=files)
    proc = cli("check", SEED.name, other.name, "--format", "json", cwd=SEED.parent)
    assert r.status_code == 200 and same(r.content, proc.stdout)
    assert r.json()["summary"]["files"] == 2


def test_api_check_tiebreaks_is_the_cli_on_the_converted_file(client, tmp_path):
    """A tie-break list is recorded in the file as ``convert --tiebreaks`` does it."""
    r = client.post("/api/check", files=upload(REAL), data={"tiebreaks": "BH/C1,BH,SB"})
    converted = cli(
        "convert", str(REAL), "--to", "trf26", "--tiebreaks", "BH/C1,BH,SB", cwd=ROOT
    ).stdout
    (tmp_path / REAL.name).write_bytes(converted)
    proc = cli("check", REAL.name, "--format", "json", cwd=tmp_path)
    assert r.status_code == 200 and same(r.content, proc.stdout)


def test_api_explain_is_the_cli_json(client):
    r = client.post("/api/explain", files=upload(SEED), data={"round": "2", "player": "3"})
    proc = cli(
        "explain", SEED.name, "--round", "2", "--player", "3", "--format", "json", cwd=SEED.parent
    )
    assert proc.returncode == 0, proc.stderr
    assert r.status_code == 200 and same(r.content, proc.stdout)
    r = client.post(
        "/api/explain", files=upload(SEED), data={"round": "2", "player": "3", "against": "1"}
    )
    assert r.status_code == 200 and r.json()["against"] == 1 and r.json()["verdict"]["text"]


def test_malformed_file_gets_the_cli_message_and_400(client, tmp_path):
    (tmp_path / "bad.trf").write_bytes(BAD)
    proc = cli("check", "bad.trf", "--format", "json", cwd=tmp_path)
    assert proc.returncode == 2
    r = client.post("/api/check", files={"file": ("bad.trf", BAD)})
    assert r.status_code == 400 and same(r.content, proc.stdout)
    message = r.json()["files"][0]["error"]
    # the message of `trfaudit validate`: file, line, column, what was expected
    assert message == cli("validate", "bad.trf", cwd=tmp_path).stdout.decode().strip()
    assert message.startswith("bad.trf:2:92: round 1: opponent 'xxxx' is not a number")
    page = client.post("/check", files={"file": ("bad.trf", BAD)})
    assert page.status_code == 400
    shown = re.search(r"<pre class=message id=message>(.*?)</pre>", page.text, re.DOTALL)
    assert shown and html.unescape(shown.group(1)) == message
    assert "Traceback" not in page.text
    r = client.post("/api/explain", files={"file": ("bad.trf", BAD)}, data={"round": "1"})
    assert r.status_code == 400 and r.json()["error"] == message
    assert client.get("/healthz").text == "ok"


def test_inconsistent_file_gets_400(client):
    text = SEED.read_text()
    lines = text.splitlines(keepends=True)
    i = next(k for k, line in enumerate(lines) if line.startswith("001    1"))
    lines[i] = lines[i][:80] + " 2.0" + lines[i][84:]  # Alice's points: 1.0 recorded
    r = client.post("/api/check", files={"file": ("wrong.trf", "".join(lines).encode())})
    assert r.status_code == 400
    error = r.json()["files"][0]["error"]
    assert error.startswith("inconsistent file: wrong.trf:2:"), error


def test_bad_options_are_refused(client):
    r = client.post("/api/check", files=upload(SEED), data={"rules": "1999"})
    assert r.status_code == 400 and "1999" in r.json()["error"]
    r = client.post("/api/check", files=upload(SEED), data={"tiebreaks": "BH,,XX"})
    assert r.status_code == 400 and r.json()["error"].startswith("--tiebreaks: ")
    r = client.post("/api/explain", files=upload(SEED), data={"round": "x"})
    assert r.status_code == 400 and "round" in r.json()["error"]
    r = client.post("/api/explain", files=upload(SEED), data={"round": "2", "player": "99"})
    assert r.status_code == 400
    r = client.post("/api/check", data={"rules": "auto"})
    assert r.status_code == 400 and "no file" in r.json()["error"]
    assert client.get("/healthz").text == "ok"


def test_too_large_is_413_and_the_server_goes_on(client):
    r = client.post("/api/check", files={"file": ("big.trf", b" " * 11_000_000)})
    assert r.status_code == 413 and "10 MB" in r.json()["error"]
    r = client.post("/check", files={"file": ("big.trf", b" " * 11_000_000)})
    assert r.status_code == 413 and "File too large" in r.text
    assert client.post("/api/check", files=upload(SEED)).status_code == 200


def test_a_chunked_body_over_the_limit_is_413_too(client):
    def body():
        yield b'--x\r\nContent-Disposition: form-data; name="file"; filename="a.trf"\r\n\r\n'
        for _ in range(11):
            yield b" " * 1_000_000
        yield b"\r\n--x--\r\n"

    multipart = {"content-type": "multipart/form-data; boundary=x"}
    r = client.post("/api/check", content=body(), headers=multipart)
    assert r.request.headers["transfer-encoding"] == "chunked"
    assert r.status_code == 413
    r = client.post("/api/check", content=b"garbage", headers=multipart)
    assert r.status_code == 400 and r.json() == {"error": "Invalid multipart data."}
    r = client.post("/check", content=b"garbage", headers=multipart)
    assert r.status_code == 400 and "Invalid multipart data." in r.text
    assert client.get("/api/check").status_code == 405
    assert client.get("/healthz").text == "ok"


def test_time_limit_gives_a_clear_page_and_the_server_goes_on():
    from starlette.testclient import TestClient

    from trfaudit.checker.web import Settings, create_app

    with TestClient(
        create_app(Settings(workers=1, time_limit=0.3)), base_url="http://127.0.0.1"
    ) as c:
        r = c.post("/check", files=upload(BIG))
        assert r.status_code == 503 and "time limit of 0.3 s" in r.text
        assert c.get("/healthz").text == "ok"
        # the stopped worker was replaced: a small file is checked (its first task loads
        # the engine, so the limit is generous enough only for the healthz above)
    with TestClient(
        create_app(Settings(workers=1, time_limit=120)), base_url="http://127.0.0.1"
    ) as c:
        assert c.post("/api/check", files=upload(SEED)).status_code == 200


def test_verdict_page_downloads_and_headers(client):
    r = client.post("/check", files=upload(REAL))
    assert r.status_code == 200 and r.url.path.startswith("/r/")
    csp = r.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    token = r.url.path.split("/")[2]
    html = cli("check", REAL.name, "--format", "html", cwd=REAL.parent).stdout.decode()
    # the verdict is the CLI's HTML report, and the printable download is that page
    body = html[html.index("<body>") + 6 : html.rindex("</body>")]
    # in the page's words (no command-line flags), checked at its own moment
    assert moment(plain(body)) in moment(r.text)
    assert moment(client.get(f"/r/{token}/report.html").text) == moment(html)
    api = client.post("/api/check", files=upload(REAL)).content
    assert same(client.get(f"/r/{token}/report.json").content, api)
    trf26 = cli("convert", REAL.name, "--to", "trf26", cwd=REAL.parent).stdout
    assert client.get(f"/r/{token}/0/trf26").content == trf26
    assert client.get("/r/nothing-here").status_code == 404


def test_standings_table_is_the_cli_standings(client):
    """Every tie-break value and the recorded rank, as ``standings --tiebreaks`` has them."""
    r = client.post("/check", files=upload(REAL), data={"tiebreaks": "BH/C1,BH,SB"})
    assert r.status_code == 200
    st = cli(
        "standings", REAL.name, "--tiebreaks", "BH/C1,BH,SB", "--format", "json", cwd=REAL.parent
    )
    doc = json.loads(st.stdout)
    table = re.search(r"<table class=standings>(.*?)</table>", r.text, re.DOTALL).group(1)
    rows = [
        # a value's cell: the number in its summary (how it is made up opens on a click)
        [
            re.sub(r"<[^>]+>", "", re.sub(r"<span class=how-text>.*?</span>", "", c))
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row)
        ]  # fmt: skip
        for row in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1])
    ]
    expected = [
        [str(p["rank"]), str(p["tpn"]), f"{p['name']} ({p['tpn']})", str(p["points"])]
        + ["-" if p["values"][c] is None else str(p["values"][c]) for c in doc["tiebreaks"]]
        + ["-" if p["recorded_rank"] is None else str(p["recorded_rank"])]
        for p in doc["players"]
    ]
    assert doc["tiebreaks"] == ["BH/C1", "BH", "SB"] and rows == expected


def test_names_from_the_file_are_escaped(client):
    names = {1: "<script>window.y=1</script>", 2: "<img src=x onerror=window.x=1>"}
    data = with_names(SEED.read_text(), names).encode()
    r = client.post("/check", files={"file": ("<b>x</b>.trf", data)})
    assert r.status_code == 200
    assert "<script>window" not in r.text and "<img" not in r.text and "<b>x" not in r.text
    assert "&lt;script&gt;window.y=1&lt;/script&gt;" in r.text
    link = re.search(r"href='(/r/[^']+/explain\?round=2&amp;player=1)'", r.text).group(1)
    e = client.get(link.replace("&amp;", "&"))
    assert e.status_code == 200 and "<script>window" not in e.text
    assert "&lt;script&gt;window.y=1&lt;/script&gt;" in e.text


def test_an_uploaded_name_is_never_opened_as_a_path(client):
    """The check report embeds explanations, which read the file again by name: a name that
    is a path on the server (here the seed example's) must give the upload's content."""
    r = client.post("/check", files={"file": (str(SEED), REAL.read_bytes())})
    assert r.status_code == 200
    assert "Alice Player" not in r.text  # the seed example's names: the path was not read
    assert 'class="why-player"' in r.text
    assert "Nick" in r.text and "why-r3-p12" in r.text  # REAL's round-3 explanation
