"""``check`` on exports that write byes as blank rounds (``trf.blank_byes``): every round is
checked, and the reading is stated in a note.

The copies in ``corpus/blank-byes`` are reference-paired files of ``corpus/dutch2025`` with
their ``H``/``U`` blocks blanked: the reference engine paired every round from the byes as
coded, so read back as those byes every round must match (C.04.3 2025, 092 type code).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.trf.files import load

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
COPIES = sorted((CORPUS / "blank-byes").glob("*.trf"))
IRISH = {
    "sanichi-icu_tournament__bunratty_major_2011.tab": 6,
    "sanichi-icu_tournament__irish_junior_champs_2011.tab": 5,
}


@pytest.mark.parametrize("path", COPIES, ids=[p.name for p in COPIES])
def test_a_copy_with_blank_byes_matches_as_its_original(path):
    original = CORPUS / "dutch2025" / (path.name.split("-")[0] + ".trf")
    blanked = check_tournament(load(str(path)), Options())
    plain = check_tournament(load(str(original)), Options())
    assert blanked.error is None
    assert [r.status for r in blanked.rounds] == [r.status for r in plain.rounds]
    assert {r.status for r in blanked.rounds} == {"match"}
    assert any("read as half-point byes (H)" in w for w in blanked.warnings)


@pytest.mark.parametrize("name", sorted(IRISH))
def test_the_irish_exports_are_checked_round_by_round(name):
    report = check_tournament(load(str(CORPUS / "real" / name)), Options())
    assert report.error is None
    assert [r.round for r in report.rounds] == list(range(1, IRISH[name] + 1))
    note = [w for w in report.warnings if "rounds left blank" in w]
    assert len(note) == 1 and "note:" in note[0] and "the file is kept as written" in note[0]
