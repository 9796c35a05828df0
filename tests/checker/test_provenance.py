"""The version and the generator block of every verdict."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import UTC, datetime
from importlib.metadata import version

import trfaudit
from trfaudit.checker.reports.provenance import generator, line

SEED = "corpus/seed-example/round3-input.trf"


def test_version_is_the_package_metadata():
    assert trfaudit.__version__ == version("trfaudit")
    out = subprocess.run(
        [sys.executable, "-m", "trfaudit.checker.cli", "--version"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert out.stdout.strip() == f"trfaudit {version('trfaudit')}"


def test_generator_block_is_utc_to_the_second():
    g = generator(datetime(2026, 12, 1, 21, 50, 7, 123456, tzinfo=UTC))
    assert g == {"name": "trfaudit", "version": version("trfaudit"),
                 "checked_at": "2026-12-01T21:50:07Z"}  # fmt: skip
    assert line(g) == f"trfaudit {version('trfaudit')}, 2026-12-01T21:50:07Z"


def test_check_and_explain_json_and_html_carry_it():
    def run(*args: str) -> str:
        cmd = [sys.executable, "-m", "trfaudit.checker.cli", *args]
        return subprocess.run(cmd, capture_output=True, text=True).stdout

    check = json.loads(run("check", SEED, "--format", "json"))
    assert check["generator"]["version"] == version("trfaudit")
    assert check["files"][0]["rules"] == "2025"  # the edition beside it
    explain = json.loads(run("explain", SEED, "--round", "3", "--player", "3", "--format", "json"))
    assert explain["generator"]["name"] == "trfaudit" and explain["rules"] == "2025"
    html = run("check", SEED, "--format", "html")
    assert re.search(r"Checked by trfaudit \S+, \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", html)


def test_source_date_epoch_pins_the_moment(monkeypatch):
    """Two runs of one check give the same bytes when SOURCE_DATE_EPOCH is set (the
    reproducible-builds convention); without it the moment is now."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796166000")
    assert generator()["checked_at"] == "2026-12-01T23:00:00Z"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "")
    before = datetime.now(UTC).replace(microsecond=0)
    moment = datetime.fromisoformat(generator()["checked_at"].replace("Z", "+00:00"))
    assert before <= moment <= datetime.now(UTC)
