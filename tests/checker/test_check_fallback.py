"""``--rules auto`` with no type code and no date falls back to the current edition; when
rounds then differ and another edition reproduces every round, one line says so
(``engine.dutch.readings.fallback``).  ``corpus/dutch2017/t000004.trf`` was paired by the reference engine
under the 2017 rules and names neither edition nor date."""

from __future__ import annotations

from pathlib import Path

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def test_a_2017_file_without_date_gets_the_line():
    report = check_tournament(read(CORPUS / "dutch2017" / "t000004.trf"), Options())
    assert report.rules == "2025"
    differing = [r.round for r in report.rounds if r.status == "differs"]
    assert differing == [4, 5]
    lines = [w for w in report.warnings if "all rounds match" in w]
    assert lines == [
        f"{report.file}: all rounds match the 2017 rules (rounds 4, 5 differ under the 2025 "
        "rules, the default when the file names no edition and has no date; --rules 2017 "
        "checks it so)"
    ]
    assert {r.status for r in check_tournament(read(CORPUS / "dutch2017" / "t000004.trf"),
                                               Options(rules="2017")).rounds} == {"match"}  # fmt: skip


def test_no_line_when_the_file_names_its_edition_or_matches():
    t = read(CORPUS / "dutch2017" / "t000004.trf")
    assert not [w for w in check_tournament(t, Options(rules="2025")).warnings if "all rounds" in w]
    t = read(CORPUS / "dutch2017" / "t000007.trf")  # every round matches under 2025 too
    assert not [w for w in check_tournament(t, Options()).warnings if "all rounds" in w]


def test_one_differing_round_is_named_in_the_singular():
    """A real export (Budapest Spring Festival 2026, group A) whose round 8 alone differs
    under the 2025 rules and which the 2017 rules reproduce whole."""
    t = read(
        CORPUS / "real" / "gbtami-swisspairing__budapest_spring_festival_2026_group_a_2200_r09.trf"
    )
    lines = [w for w in check_tournament(t, Options()).warnings if "all rounds match" in w]
    assert len(lines) == 1
    assert "(round 8 differs under the 2025 rules, the default when the file names no" in lines[0]
