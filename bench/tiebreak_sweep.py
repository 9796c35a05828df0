"""The full cross-check sweep of issue 14: the engine's tie-break values against the plain
second computation of tests/engine/tiebreak_plain.py on every file of the corpora and the real
files, under both C.07 texts; and ``standings`` on each file.

    python bench/tiebreak_sweep.py [FOLDER_OR_FILE...]   (default: corpus/dutch2025,
                                                          corpus/dutch2017, corpus/real)

Prints one line per disagreement and a summary (files, values compared, seconds).
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def main(folders: list[str]) -> int:
    from trfaudit.engine.tiebreaks import RULES_2024, RULES_2026
    from trfaudit.trf.errors import TrfError
    from trfaudit.trf.files import load

    sys.path.insert(0, str(ROOT / "tests" / "engine"))
    _load("tests_engine_tiebreak_plain", ROOT / "tests" / "engine" / "tiebreak_plain.py")
    check = _load(
        "tests_engine_crosscheck", ROOT / "tests" / "engine" / "test_tiebreaks_crosscheck.py"
    )
    files = [
        p
        for f in folders
        for p in (sorted(Path(f).iterdir()) if Path(f).is_dir() else [Path(f)])
        if p.suffix in (".trf", ".txt", ".input")
    ]
    start, compared, bad, refused = time.time(), 0, 0, 0
    for path in files:
        try:
            t = load(path)
        except TrfError as exc:
            refused += 1
            print(f"{path}: not read: {exc}")
            continue
        for rules in (RULES_2024, RULES_2026):
            problems, n = check.disagreements(t, rules, count=True)
            compared += n
            bad += len(problems)
            for p in problems:
                print(p, flush=True)
        print(f"{path}: {compared} values compared so far, {bad} disagreements", flush=True)
    print(
        f"{len(files)} files ({refused} not read), {compared} values compared, "
        f"{bad} disagreements, {time.time() - start:.0f} s"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(
        main(sys.argv[1:] or [str(ROOT / "corpus" / d) for d in ("dutch2025", "dutch2017", "real")])
    )
