"""bench/peers.py on the peers' cases copied into corpus/peers (CASES.tsv there is the subset
of ../shared/peers/CASES.tsv for those files; SOURCES.tsv gives repository and commit).
Each expectation is the other project's: bbp's C5 answer, Sharly-Chess's 299 answers,
py4swiss's "no legal pairing" and "missing starting number", the JaVaFo manual's ranked sample
paired as its manual prints it (an individual event with a 013 team line, once with
``XXC rank``), and two team files that must be refused as team events."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_copied_peers_cases_all_pass():
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "peers.py"),
            "--root",
            str(ROOT / "corpus" / "peers"),
            "--all",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[-1] == "9 cases: 9 pass, 0 fail, 0 skipped"
    verdicts = dict(line.split(": ", 1)[0].split(" ", 1)[::-1] for line in lines[:-1])
    assert verdicts == {
        "bbp-dutch_2025_C5": "PASS",
        "sharlybbp-indiv_299_bonus": "PASS",
        "sharlybbp-indiv_299_penalty": "PASS",
        "py4swiss-no_legal_pairings": "PASS",
        "py4swiss-missing_starting_number": "PASS",
        "py4swiss-javafo_example-rankedsample": "PASS",
        "py4swiss-javafo_example-XXCrank": "PASS",
        "chesspairing-trf2026-team": "PASS",
        "echecs-trf26_team": "PASS",
    }
    assert "rejected: " in out.stdout and "starting number 7 missing" in out.stdout
    assert out.stdout.count("a team event") == 2
