"""The cross-check against the two witness engines, on a few tournaments: run only when both
are given (``TRFAUDIT_CPPDUBOV``: the CPPDubovSystem binary; ``TRFAUDIT_PY4SWISS``: the
py4swiss command); the suite never depends on them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NEEDED = ("TRFAUDIT_CPPDUBOV", "TRFAUDIT_PY4SWISS")


@pytest.mark.skipif(
    not all(os.environ.get(v) for v in NEEDED), reason="set TRFAUDIT_CPPDUBOV and TRFAUDIT_PY4SWISS"
)
def test_trfaudit_agrees_where_the_witnesses_agree() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "dubov_crosscheck.py"), "--tournaments", "4",
         "--seed", "5", "--max-players", "14"],
        capture_output=True, text=True, timeout=900, check=True,
    )  # fmt: skip
    line = next(x for x in out.stdout.splitlines() if x.startswith("agreement on those rounds"))
    agreed, total = line.split(":")[1].split()[0].split("/")
    assert int(total) > 0 and agreed == total, out.stdout
