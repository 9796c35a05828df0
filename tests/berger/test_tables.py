"""The Berger tables, the schedule of a multiple round-robin and the ``192`` codes, against
the Handbook's printed tables (C.05 Annex 1, transcribed by hand in :mod:`.handbook`)."""

from __future__ import annotations

from itertools import combinations

import pytest

from trfaudit.engine.berger.editions import BERGER, BERGER_FIDE, read_code
from trfaudit.engine.berger.schedule import slot
from trfaudit.engine.berger.tables import table, table_round, table_size

from .handbook import PRINTED, boards


@pytest.mark.parametrize("size", sorted(PRINTED))
def test_the_tables_are_the_printed_ones(size: int) -> None:
    got = [[(b.white, b.black) for b in r] for r in table(size)]
    assert got == [boards(row) for row in PRINTED[size]]


@pytest.mark.parametrize("size", range(2, 31, 2))
def test_every_pair_meets_once_and_everyone_plays_every_round(size: int) -> None:
    met = []
    for r in table(size):
        seated = [n for b in r for n in (b.white, b.black)]
        assert sorted(seated) == list(range(1, size + 1))
        met += [frozenset((b.white, b.black)) for b in r]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in combinations(range(1, size + 1), 2)), key=sorted
    )


def test_an_odd_field_uses_the_next_table() -> None:
    assert table_size(7) == 8
    assert table_size(8) == 8
    # 7 players: whoever meets 8 has the bye; round 2 of the printed table: 8-5.
    assert table_round(8, 2)[0].white == 8 and table_round(8, 2)[0].black == 5


def test_a_size_or_round_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="even number"):
        table_round(7, 1)
    with pytest.raises(ValueError, match="rounds 1..7"):
        table_round(8, 8)


def test_the_second_cycle_repeats_the_table_with_the_colours_reversed() -> None:
    s = slot(8, 8, BERGER, 2)
    assert (s.cycle, s.table_round, s.reversed, s.switched) == (2, 1, True, False)
    s = slot(8, 15, BERGER, 3)  # a third cycle: the printed colours again
    assert (s.cycle, s.table_round, s.reversed) == (3, 1, False)


def test_the_fide_double_switches_the_first_cycles_last_two_rounds() -> None:
    # 8 players: rounds 6 and 7 of the first cycle play table rounds 7 and 6.
    assert [slot(8, r, BERGER_FIDE, 2).table_round for r in range(1, 15)] == [
        1, 2, 3, 4, 5, 7, 6, 1, 2, 3, 4, 5, 6, 7,
    ]  # fmt: skip
    # Not in a single round-robin, nor under the printed tables.
    assert [slot(8, r, BERGER_FIDE, 1).table_round for r in (6, 7)] == [6, 7]
    assert [slot(8, r, BERGER, 2).table_round for r in (6, 7)] == [6, 7]


@pytest.mark.parametrize(
    ("code", "edition", "cycles"),
    [
        ("BERGER_ROUNDROBIN", "berger", None),
        ("BERGER_ROUNDROBIN_G2", "berger", 2),
        ("BERGER_ROUNDROBIN_G3", "berger", 3),
        ("BERGER_DOUBLEROUNDROBIN", "berger", 2),
        ("FIDE_ROUNDROBIN", "berger-fide", None),
        ("FIDE_DOUBLEROUNDROBIN", "berger-fide", 2),
    ],
)
def test_the_192_codes(code: str, edition: str, cycles: int | None) -> None:
    reading = read_code(code)
    assert reading is not None
    assert (reading.edition.name, reading.cycles) == (edition, cycles)


@pytest.mark.parametrize(
    "code", ["CUSTOM_ROUNDROBIN", "BERGER_TEAM_ROUNDROBIN", "FIDE_DUTCH_2025", "FIDE_ROUNDROBIN_G2"]
)
def test_other_codes_are_not_this_system(code: str) -> None:
    assert read_code(code) is None
