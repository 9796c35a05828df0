"""bench/speed.py runs end to end on a small case (no timing is asserted: benchmarks are not
tests).  A 10-player corpus file re-paired by the engine must come out exact in every row."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_speed_script_prints_every_row_on_a_small_case():
    small = ROOT / "corpus" / "dutch2025" / "t000007.trf"
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "speed.py"),
            "--files",
            str(small),
            "--quick",
            "--repeat",
            "1",
            "--generate",
            "8x3",
            "--small",
            str(small),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    # The second line says how the package's bytecode was prepared (compiled first by default).
    assert out.splitlines()[1].startswith("bytecode: compiled first (")
    rows = [line for line in out.splitlines() if line.startswith("| ") and "---" not in line]
    works = [r.split("|")[1].strip() for r in rows[1:]]
    assert [w.split()[0] for w in works] == (
        ["pair"] * 3 + ["check"] * 2 + ["trfaudit", "check", "generate"]
    )
    # Rounds 1, 2 and the last of a 6-round file; every output that has one is exact.
    assert [w.split()[3] for w in works[:3]] == ["1", "2", "6"]
    assert all(r.split("|")[5].strip() in ("exact", "-") for r in rows[1:])
    assert sum(r.split("|")[5].strip() == "exact" for r in rows[1:]) == 7


def test_long_event_script_times_the_check_beside_a_reference(tmp_path: Path):
    """bench/long_event.py pairs each round, then with --reference times the whole check both
    ways (here a stand-in reference that does nothing)."""
    fake = tmp_path / "reference"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    seed = ROOT / "corpus" / "seed-example" / "round3-input.trf"
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "long_event.py"), str(seed), "--reference",
         str(fake), "--repeat", "1"],
        capture_output=True, text=True, check=True, timeout=300,
    ).stdout  # fmt: skip
    lines = out.splitlines()
    assert lines[-2].startswith("total ") and "2/2 exact" in lines[-2]
    assert lines[-1].startswith("check, whole file, CPU (best of 1): trfaudit ")
    # The stand-in takes no CPU time, or a clock tick at most.
    assert re.search(
        r"reference 0\.0[01] s, (no ratio \(the reference took no CPU time\)|ratio \d)", lines[-1]
    )
