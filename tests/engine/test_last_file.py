"""engine/last_file: a view read once while it is asked about the same objects."""

from __future__ import annotations

from trfaudit.engine.last_file import last_file


def test_the_last_answer_is_kept_for_the_same_objects_only():
    calls: list[object] = []

    @last_file
    def view(a: object, b: object) -> int:
        calls.append(a)
        return len(calls)

    x, y = [1], [2]
    assert view(x, y) == view(x, y) == 1  # asked twice, made once
    assert view(y, y) == 2  # another file: made again
    assert view([1], y) == 3  # equal but not the same object: made again
    assert view(x, y) == 4  # only the last answer is kept
