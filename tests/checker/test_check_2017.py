"""``check`` under the 2017 edition: altered last rounds of corpus/dutch2017 tournaments are
reported with the 2017 labels (C.1-C.19, E.1-E.5, D.1-D.3), never with 2025 ones."""

from __future__ import annotations

import re

from trfaudit.engine import EDITIONS
from trfaudit.engine.dutch.audit.round import check_round, initial_colour
from trfaudit.engine.findings import COLOUR, ILLEGAL, ORDER, QUALITY
from trfaudit.trf.reader import read

from .tamper import tamper_move_bye, tamper_rematch, tamper_swap_colours

E2017 = EDITIONS["2017"]
FILES = ["t000114", "t000192", "t000206", "t000212"]
LABEL_2017 = re.compile(r"(C\.([1-9]|1[0-9])|E\.[1-5]|D\.[1-3]|A\.9)$")


def _reports(corpus_dir, tamper, limit=4):
    for name in FILES:
        t = read(corpus_dir / "dutch2017" / f"{name}.trf")
        for k, case in enumerate(tamper(t)):
            if k == limit:
                break
            tt = case.tournament
            yield (
                name,
                case,
                check_round(tt, tt.recorded_rounds(), E2017, initial_colour(tt, E2017)[0]),
            )


def test_untouched_2017_rounds_match(corpus_dir):
    for name in FILES:
        t = read(corpus_dir / "dutch2017" / f"{name}.trf")
        assert check_round(t, t.recorded_rounds(), E2017).status == "match", name


def test_rematch_is_c_1(corpus_dir):
    seen = 0
    for _name, _case, report in _reports(corpus_dir, tamper_rematch):
        assert any(d.kind == ILLEGAL and d.criterion == "C.1" for d in report.discrepancies)
        seen += 1
    assert seen >= 8


def test_swapped_colours_name_an_e_rule(corpus_dir):
    seen = 0
    for name, _case, report in _reports(corpus_dir, tamper_swap_colours):
        [d] = report.discrepancies
        assert d.kind == COLOUR and re.fullmatch(r"E\.[1-5]", d.criterion), (name, d)
        seen += 1
    assert seen >= 8


def test_moved_bye_is_judged_by_2017_criteria(corpus_dir):
    # No C5 in 2017: a PAB given to a higher score is worse on the brackets' own criteria
    # (C.5 pairs, C.6 PSD, ...), or illegal (C.2), never "C5".
    seen = 0
    for name, _case, report in _reports(corpus_dir, tamper_move_bye):
        for d in report.discrepancies:
            assert d.kind in (ILLEGAL, QUALITY, ORDER, COLOUR), (name, d)
            assert LABEL_2017.fullmatch(d.criterion or ""), (name, d.criterion, d.explanation)
        seen += 1
    assert seen >= 8
