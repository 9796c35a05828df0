"""The collector's setting while files are checked (checker.collector), and the claim it
rests on: a check leaves no cyclic garbage for a full collection to find."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.checker.collector import OLDEST_AFTER, RareFullCollections, rare_full_collections
from trfaudit.trf.files import load

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


@pytest.fixture
def default_thresholds() -> Iterator[tuple[int, int, int]]:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield gc.get_threshold()
    gc.set_threshold(*before)


def test_full_collections_are_rarer_while_a_file_is_checked_and_as_before_after(
    default_thresholds: tuple[int, int, int],
) -> None:
    with rare_full_collections():
        assert gc.get_threshold() == (700, 10, OLDEST_AFTER)
        with rare_full_collections():  # a check inside a check: the same setting
            assert gc.get_threshold() == (700, 10, OLDEST_AFTER)
        assert gc.get_threshold() == (700, 10, OLDEST_AFTER)
    assert gc.get_threshold() == default_thresholds
    with pytest.raises(ValueError), rare_full_collections():
        raise ValueError("a check that fails")
    assert gc.get_threshold() == default_thresholds


def test_a_rarer_setting_of_the_user_s_is_kept(default_thresholds: tuple[int, int, int]) -> None:
    gc.set_threshold(700, 10, 5 * OLDEST_AFTER)
    with rare_full_collections():
        assert gc.get_threshold() == (700, 10, 5 * OLDEST_AFTER)
    assert gc.get_threshold() == (700, 10, 5 * OLDEST_AFTER)


def test_threads_checking_at_once_restore_the_setting_when_the_last_ends(
    default_thresholds: tuple[int, int, int],
) -> None:
    first_in, second_in, first_out, second_may_end = (threading.Event() for _ in range(4))
    seen: dict[str, tuple[int, int, int]] = {}

    def first() -> None:
        with rare_full_collections():
            first_in.set()
            second_in.wait()
        seen["after the first"] = gc.get_threshold()
        first_out.set()

    def second() -> None:
        first_in.wait()
        with rare_full_collections():
            second_in.set()
            second_may_end.wait()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    first_out.wait()
    second_may_end.set()
    for t in threads:
        t.join()
    assert seen["after the first"] == (700, 10, OLDEST_AFTER)  # the second still checking
    assert gc.get_threshold() == default_thresholds


def _double(x: int) -> int:
    return 2 * x


def test_a_pool_task_runs_under_the_setting(default_thresholds: tuple[int, int, int]) -> None:
    import pickle

    task = pickle.loads(pickle.dumps(RareFullCollections(_double)))
    assert list(map(task, [1, 2])) == [2, 4]
    assert gc.get_threshold() == default_thresholds


@pytest.mark.parametrize(
    ("path", "rules"),
    [
        # A Dutch file whose differing round a bye reading explains (the readings' family).
        ("dutch2025/t000004.trf", "2017"),
        ("real/gbtami-swisspairing__budapest_spring_festival_2026_group_a_2200_r09.trf", "auto"),
        # A double round-robin whose numbering is searched for (engine.berger.numbering).
        ("berger/gacrux-fide_doubleroundrobin-19p.trf", "auto"),
        ("team/gacrux-fide_team_typea_mp_gp-9t4b-s101.trf", "auto"),
        ("dubov/dubov-s11-t17.trf", "auto"),
    ],
)
def test_a_check_leaves_no_cyclic_garbage(path: str, rules: str) -> None:
    t = load(CORPUS / path)
    gc.collect()
    report = check_tournament(t, Options(rules=rules))
    assert report.rounds and report.error is None
    assert gc.collect() == 0
