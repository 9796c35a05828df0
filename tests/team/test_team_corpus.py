"""Team tournaments paired round by round by FIDE TEC's gacrux (corpus/team/, made by
bench/team_crosscheck.py's simulation with gacrux as the pairer) are re-paired exactly by
``check``; and, when gacrux is installed, a tournament trfaudit pairs is accepted by it."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.engine.systems import recognise
from trfaudit.engine.team.generate import TeamGenConfig, generate
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "team"
FILES = sorted(CORPUS.glob("gacrux-*.trf"))


def test_the_sample_is_there() -> None:
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_gacrux_paired_rounds_are_re_paired_exactly(path: Path) -> None:
    t = read(path)
    found = recognise(t)
    assert found is not None and found.team
    report = check_tournament(t, Options())
    assert report.error is None, report.error
    assert report.rounds and all(r.status == "match" for r in report.rounds), [
        (r.round, [d.explanation for d in r.discrepancies]) for r in report.rounds
    ]


def test_a_changed_round_is_found_with_its_criterion(tmp_path: Path) -> None:
    """Swap the colours of the last round's first match on every board: check reports the
    Art. 4.3 rule that gives them."""
    path = FILES[0]
    t = read(path)
    last = t.recorded_rounds()
    lines = path.read_text().splitlines()
    players = {p.tpn: p for p in t.players.values()}
    a = 1
    b = players[a].entries[last - 1].opponent
    assert b is not None
    swap = {"w": "b", "b": "w"}
    out = []
    for line in lines:
        if line.startswith("001"):
            tpn = int(line[4:8])
            team = (tpn - 1) // 4 + 1
            if team in ((a - 1) // 4 + 1, (b - 1) // 4 + 1):
                at = 91 + 10 * (last - 1) + 5
                line = line[:at] + swap[line[at]] + line[at + 1 :]
        out.append(line)
    changed = tmp_path / "changed.trf"
    changed.write_text("\n".join(out) + "\n")
    report = check_tournament(read(changed), Options())
    final = report.rounds[-1]
    assert final.status == "differs"
    assert [d.kind for d in final.discrepancies] == ["colour"]
    assert final.discrepancies[0].criterion.startswith("4.3.")


def _gacrux() -> list[str] | None:
    if importlib.util.find_spec("gacrux") is not None:
        return [sys.executable]
    python = os.environ.get("TRFAUDIT_GACRUX_PYTHON")
    return [python] if python and Path(python).exists() else None


@pytest.mark.skipif(_gacrux() is None, reason="gacrux absent (set TRFAUDIT_GACRUX_PYTHON)")
def test_gacrux_accepts_a_trfaudit_tournament(tmp_path: Path) -> None:
    python = _gacrux()
    assert python is not None
    for code in ("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEB_MP", "FIDE_TEAM_MP_GP"):
        path = tmp_path / f"{code}.trf"
        path.write_text(generate(TeamGenConfig(teams=9, boards=4, rounds=5, code=code, seed=11)))
        cmd = [*python, "-m", "gacrux.pairingchecker", "-i", str(path), "-c", "-d", "T"]
        out = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=300).stdout
        assert "Check: True" in out, out[-1500:]
