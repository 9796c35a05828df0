"""Every command example of the README, CONTRIBUTING.md and docs/ prints what the page shows
(tests/docs/doc_examples.py says how examples are written, run and compared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .doc_examples import (
    ROOT,
    all_examples,
    compare,
    documents,
    examples,
    normalise,
    scratch_folder,
)


@pytest.mark.parametrize("page", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_prints_what_the_page_shows(page: Path, tmp_path: Path) -> None:
    scratch = scratch_folder(tmp_path)
    differing = []
    for example in examples(page):
        diff = compare(example, scratch)
        if diff:
            differing.append(f"{example.where}: $ {example.command}\n" + "\n".join(diff))
    assert not differing, "\n\n".join(differing)


def test_examples_are_found() -> None:
    found = all_examples()
    assert {e.argv[0] for e in found} >= {"validate", "check", "pair", "explain"}


def test_only_what_must_vary_is_normalised() -> None:
    text = "checked in 1.25 s (12 ms per round); trfaudit 0.1.0\n"
    assert normalise(text) == "checked in <time> (<time> per round); <version>\n"
    assert normalise("round 3: C12 2 against 1\n") == "round 3: C12 2 against 1\n"
