"""The edition registry (engine/dutch/editions.py): labels, type codes, dates in force, and the
places that read it (rules choice, CLI choices, generator).

Expected labels come from the digest's concordance tables (dutch-rules.md §4 and §10: 2017
C.8-C.11 = C10-C13, C.12-C.19 = C14-C21, E.1-E.5 = 5.2.1-5.2.5; 2012 B.4 = X = C12).
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from trfaudit.engine.dutch import editions
from trfaudit.engine.dutch.editions import (
    ALL_EDITIONS,
    EDITION_2012,
    EDITION_2017,
    EDITION_2025,
    EDITION_NAMES,
    EDITIONS,
    edition_in_force,
    edition_named_by,
)
from trfaudit.engine.dutch.texts.rule_texts import describe

SOURCE = Path(editions.__file__).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "edition, key, label, article",
    [
        (EDITION_2025, "C1", "C1", "2.1.1"),
        (EDITION_2025, "F1", "C4", "2.2"),
        (EDITION_2025, "C8b", "C8", "2.4.3"),
        (EDITION_2025, "C12", "C12", "2.4.7"),
        (EDITION_2025, "C21", "C21", "2.4.16"),
        (EDITION_2025, "5.2.3", "5.2.3", "5.2.3"),
        (EDITION_2017, "C6", "C.5", "C.5"),
        (EDITION_2017, "C10", "C.8", "C.8"),
        (EDITION_2017, "C12", "C.10", "C.10"),
        (EDITION_2017, "C14", "C.12", "C.12"),
        (EDITION_2017, "C21", "C.19", "C.19"),
        (EDITION_2017, "4.4", "D.3", "D.3"),
        (EDITION_2017, "1.9.1", "A.9", "A.9"),
        (EDITION_2017, "5.2.3", "E.3", "E.3"),
        (EDITION_2012, "C1", "B.1a", "B.1a"),
        (EDITION_2012, "C12", "B.4", "B.4"),
        (EDITION_2012, "A7d", "A.7.d", "A.7.d"),
        (EDITION_2012, "5.2.5", "E.5", "E.5"),
    ],
)
def test_labels_by_the_concordance(edition, key, label, article):
    assert edition.label(key) == label
    rule = edition.rules.get(key) or edition.colour_rules[key]
    assert rule.article == article
    text = describe(edition.name, key)  # what it asks: the checker's words
    assert text != key and "\n" not in text


@pytest.mark.parametrize("edition", ALL_EDITIONS, ids=lambda e: e.name)
def test_every_rule_has_the_checkers_words(edition):
    for key in {**edition.rules, **edition.colour_rules}:
        assert describe(edition.name, key) != key, key


def test_labels_are_written_out_so_grep_finds_them():
    # Every label of every edition appears quoted in the source: no computed labels.
    for edition in ALL_EDITIONS:
        for key, label in edition.labels.items():
            assert re.search(rf'Rule\(\s*"{re.escape(label)}",\s', SOURCE), (
                edition.name,
                key,
                label,
            )
    assert not re.search(r'f"[A-E]?\.?\{', SOURCE)  # no f"C.{i}"-style label building
    assert len(re.findall(r'Rule\(\s*"C\.10",\s*"C\.10"', SOURCE)) == 1


def test_every_criterion_has_its_label_article_and_description():
    for edition in ALL_EDITIONS:
        for criterion in edition.criteria():
            assert criterion.key in edition.rules, (edition.name, criterion.key)
        for key in ("C1", "C2", "C3", "4.2", "4.3", "4.4", "1.9.1"):
            assert key in edition.rules, (edition.name, key)
        assert set(edition.colour_rules) == {"5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5"}
        assert edition.label("1.9.1") == edition.round_pairing_article


@pytest.mark.parametrize(
    "code, name",
    [
        ("FIDE_DUTCH_2025", "2025"),
        ("FIDE_DUTCH_2026", "2025"),
        ("fide_dutch_2017", "2017"),
        ("FIDE_DUTCH_2017_BAKU", "2017"),
        ("FIDE_DUTCH", None),
        ("FIDE_DUBOV_2025", None),
    ],
)
def test_type_codes(code, name):
    found = edition_named_by(code)
    assert (found.name if found else None) == name


@pytest.mark.parametrize(
    "day, name",
    [
        (date(2012, 1, 1), "2012"),
        (date(2017, 6, 30), "2012"),
        (date(2017, 7, 1), "2017"),
        (date(2026, 1, 31), "2017"),
        (date(2026, 2, 1), "2025"),
        (date(2030, 1, 1), "2025"),
    ],
)
def test_dates_in_force(day, name):
    assert edition_in_force(day).name == name


def test_periods_in_force_follow_each_other():
    newest_first = ALL_EDITIONS
    assert newest_first[0].in_force_until is None and newest_first[-1].in_force_from is None
    for newer, older in zip(newest_first, newest_first[1:]):
        assert older.in_force_until is not None and newer.in_force_from is not None
        assert (newer.in_force_from - older.in_force_until).days == 1


def test_names():
    assert EDITION_NAMES == ("2025", "2017", "2012")
    assert EDITIONS["2026"] is EDITION_2025
    assert all(EDITIONS[e.name] is e for e in ALL_EDITIONS)


def test_cli_choices_come_from_the_registry():
    from trfaudit.checker.cli import check, generate, pair
    from trfaudit.corpus.config import RULES

    # every built-in system's editions: the Dutch ones, the Swiss Team one, the Berger
    # tables', the Dubov one
    others = ["team-2026", "berger", "berger-fide", "dubov"]
    assert [m.value for m in pair.Rules] == ["auto", *EDITION_NAMES, *others]
    # check also takes "all": every edition side by side
    assert [m.value for m in check.Rules] == ["auto", *EDITION_NAMES, *others, "all"]
    # The generator writes the edition into the file's type code: only editions with one.
    assert RULES == ("2025", "2017", "dubov")
    assert [m.value for m in generate.Rules] == list(RULES)


def test_an_edition_not_in_the_registry_is_refused_by_the_cli(tmp_path):
    from typer.testing import CliRunner

    from trfaudit.checker.cli import app

    result = CliRunner().invoke(app, ["pair", str(tmp_path / "x.trf"), "--rules", "1999"])
    assert result.exit_code == 2
    assert "1999" in result.output


def test_generator_writes_the_registry_type_code():
    from trfaudit.corpus.config import GeneratorConfig
    from trfaudit.corpus.generator import generate

    t = generate(GeneratorConfig(players=6, rounds=2, rules="2017"), seed=3).tournament
    assert t.type_code == "FIDE_DUTCH_2017" and t.tournament_type == "FIDE_DUTCH_2017"
