"""Cross-check with Gacrux (FIDE TEC's engine), when a python that has it is named by
``TRFAUDIT_GACRUX_PYTHON``: round-robins Gacrux generates check as matching every round, and
Gacrux's checker accepts every round of those trfaudit generates.  Skipped without it."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.engine.berger.generate import BergerGenConfig, generate
from trfaudit.trf.reader import read


def check_file(t, rules: str = "auto"):
    """The file's report as ``check`` gives it."""
    return check_tournament(t, Options(rules=rules))


PYTHON = os.environ.get("TRFAUDIT_GACRUX_PYTHON")
needs_gacrux = pytest.mark.skipif(
    not PYTHON or not Path(PYTHON).exists(),
    reason="set TRFAUDIT_GACRUX_PYTHON to a python with gacrux",
)

#: (players, Gacrux method, cycles): odd and even, single and double, both code families.
CASES = [
    (6, "berger", 1),
    (11, "berger-fide", 1),
    (8, "berger-fide-double", 2),
    (13, "berger-double", 2),
]


def _gacrux(*args: str, cwd: Path) -> str:
    assert PYTHON is not None
    done = subprocess.run(
        [PYTHON, "-m", *args], cwd=cwd, check=False, capture_output=True, text=True, timeout=300
    )
    return done.stdout + done.stderr


@needs_gacrux
@pytest.mark.parametrize(("players", "method", "cycles"), CASES)
def test_gacrux_generated_round_robins_match(
    tmp_path: Path, players: int, method: str, cycles: int
) -> None:
    rounds = (players + players % 2 - 1) * cycles
    out = tmp_path / "g.trf"
    meets = ["-K", str(cycles)] if cycles > 1 else []
    _gacrux("gacrux.tournamentgenerator", "-g", "1", "-p", str(players), "-N", str(rounds),
            *meets, "-m", method, "-o", str(out), cwd=tmp_path)  # fmt: skip
    t = read(out)
    assert t.recorded_rounds() == rounds
    report = check_file(t)
    assert report.error is None
    assert all(r.status == "match" for r in report.rounds), [
        d.summary for r in report.rounds for d in r.discrepancies
    ]


@needs_gacrux
@pytest.mark.parametrize(
    ("players", "code"),
    [(7, "BERGER_ROUNDROBIN"), (10, "FIDE_DOUBLEROUNDROBIN"), (9, "BERGER_DOUBLEROUNDROBIN")],
)
def test_gacrux_accepts_trfaudit_round_robins(tmp_path: Path, players: int, code: str) -> None:
    path = tmp_path / "t.trf"
    path.write_text(generate(BergerGenConfig(players, code, seed=players)))
    out = _gacrux("gacrux.pairingchecker", "-i", str(path), "-c", "-d", "T", cwd=tmp_path)
    assert "Check: True" in out, out[-1500:]
