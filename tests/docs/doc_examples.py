"""The command examples of the README, CONTRIBUTING.md and docs/: found, run and compared.

An example is a fenced ``console`` block of ``$ trfaudit ...`` lines, each followed by the
output the command prints (stdout and stderr, as a terminal shows them).  The tests run each
command in a scratch folder that links every top-level entry of the repository (so ``corpus/...``
reads the repository's files and ``-o out.trf`` writes into the scratch folder), with a
100-column terminal, and compare the output after normalising only what must vary: the scratch
folder's path, version numbers and times.

Run as a script to see what the examples print now, for a human to compare and copy::

    python tests/docs/doc_examples.py            # every example that differs, as a diff
    python tests/docs/doc_examples.py --print docs/check.md   # the current output of each
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The width the examples are shown at (rich wraps the text report's lines to it).
COLUMNS = 100


def documents() -> list[Path]:
    """Every Markdown page a user reads: the README, CONTRIBUTING.md and docs/*.md."""
    pages = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
    return [p for p in pages if p.is_file()]


@dataclass(frozen=True)
class Example:
    """One ``$ trfaudit ...`` line of a console block and the output shown below it."""

    page: Path
    line: int  # 1-based line of the ``$`` line in the page
    argv: tuple[str, ...]  # the words after ``trfaudit``
    shown: str

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def command(self) -> str:
        return shlex.join(("trfaudit", *self.argv))


FENCE = re.compile(r"^```(\S*)\s*$")


def examples(page: Path) -> list[Example]:
    """The examples of one page, in page order."""
    found: list[Example] = []
    lang: str | None = None
    current: tuple[int, tuple[str, ...]] | None = None
    output: list[str] = []

    def close() -> None:
        nonlocal current, output
        if current is not None:
            found.append(Example(page, current[0], current[1], "".join(output)))
        current, output = None, []

    for number, text in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        fence = FENCE.match(text)
        if fence and lang is None:
            lang = fence.group(1)
            continue
        if fence and text.strip() == "```":
            close()
            lang = None
            continue
        if lang != "console":
            continue
        if text.startswith("$ "):
            close()
            words = shlex.split(text[2:])
            if words[:1] != ["trfaudit"]:
                raise ValueError(f"{page}:{number}: a console block runs trfaudit only: {text}")
            current = (number, tuple(words[1:]))
        elif current is not None:
            output.append(text + "\n")
        elif text.strip():
            raise ValueError(f"{page}:{number}: output before any '$ trfaudit' line: {text}")
    if lang is not None:
        raise ValueError(f"{page}: a fenced block is not closed")
    return found


def all_examples() -> list[Example]:
    return [e for page in documents() for e in examples(page)]


def scratch_folder(where: Path) -> Path:
    """``where`` with a link to every top-level entry of the repository."""
    for entry in ROOT.iterdir():
        if not entry.name.startswith(".") and not (where / entry.name).exists():
            (where / entry.name).symlink_to(entry)
    return where


#: What may differ between the page and a run: (pattern, replacement), applied to both.
VARIABLE = [
    (re.compile(r"\b\d+(\.\d+)? ?(s|ms|seconds?)\b"), "<time>"),
    (re.compile(r"\b(?:trfaudit|version) \d+\.\d+(\.\d+)?\S*"), "<version>"),
]


def unscratch(text: str, scratch: Path) -> str:
    """The output with the scratch folder's path written as the page writes it (relative)."""
    return text.replace(f"{scratch}{os.sep}", "").replace(str(scratch), ".")


def normalise(text: str, scratch: Path | None = None) -> str:
    if scratch is not None:
        text = unscratch(text, scratch)
    for pattern, replacement in VARIABLE:
        text = pattern.sub(replacement, text)
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n") + "\n"


def run(example: Example, scratch: Path) -> tuple[int, str]:
    """Run the example in the scratch folder: its exit code and its output."""
    from typer.testing import CliRunner

    from trfaudit.checker.cli import app

    # A pairing program that conform runs may be trfaudit itself: the one of this interpreter.
    bin_dir = str(Path(sys.executable).parent)
    env = {"COLUMNS": str(COLUMNS), "PATH": os.pathsep.join([bin_dir, os.environ["PATH"]])}
    cwd = Path.cwd()
    os.chdir(scratch)
    try:
        result = CliRunner().invoke(app, list(example.argv), env=env)
    finally:
        os.chdir(cwd)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def compare(example: Example, scratch: Path) -> list[str]:
    """The differences between the output shown and the output now (none: they agree)."""
    _, output = run(example, scratch)
    shown, now = normalise(example.shown), normalise(output, scratch)
    if shown == now:
        return []
    return list(
        difflib.unified_diff(shown.splitlines(), now.splitlines(), "shown", "now", lineterm="", n=2)
    )


def _pages(names: list[str]) -> list[Path]:
    return [Path(name).resolve() for name in names] if names else documents()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", help="Markdown pages (default: all)")
    parser.add_argument("--print", action="store_true", help="print each current output")
    args = parser.parse_args()
    differing = 0
    for page in _pages(args.pages):
        # one scratch folder per page: an example may read what an earlier one wrote
        with tempfile.TemporaryDirectory() as tmp:
            scratch = scratch_folder(Path(tmp))
            for example in examples(page):
                if args.print:
                    code, output = run(example, scratch)
                    print(f"## {example.where} (exit {code})\n$ {example.command}")
                    print(unscratch(output, scratch), end="")
                    continue
                diff = compare(example, scratch)
                if diff:
                    differing += 1
                    print(f"## {example.where}: $ {example.command}")
                    print("\n".join(diff))
    if not args.print:
        print(f"{differing} example(s) differ", file=sys.stderr)
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
