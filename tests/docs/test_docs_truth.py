"""What the README and docs/ say about the code is true of it: the commands table names every
command with every option and choice of its ``--help``; every repository path written in
backticks exists in a clone; the real reports quoted in docs/reading-a-report.md are the
current ones."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from .doc_examples import ROOT, documents

README = ROOT / "README.md"
#: Pages whose paths must exist: every page a user reads, and the measurements.
PAGES = [*documents(), ROOT / "bench" / "RESULTS.md"]
#: The repository's top-level folders and files a path in the docs may start with.
TOP = ("trf/", "engine/", "checker/", "corpus/", "tests/", "bench/", "docs/", ".ci/")
TOP_FILES = {"README.md", "CONTRIBUTING.md", "pyproject.toml", ".pre-commit-config.yaml"}


def commands() -> dict[str, dict[str, tuple[str, ...]]]:
    """Each command of ``trfaudit --help``: its long options, each with its choices (if any)."""
    import typer.main

    from trfaudit.checker.cli import app

    group = typer.main.get_command(app)
    found: dict[str, dict[str, tuple[str, ...]]] = {}
    for name, command in group.commands.items():
        options: dict[str, tuple[str, ...]] = {}
        for param in command.params:
            longs = [o for o in param.opts if o.startswith("--")]
            if param.param_type_name == "option" and longs:
                options[longs[0]] = tuple(getattr(param.type, "choices", None) or ())
        found[name] = options
    return found


def table_rows() -> dict[str, str]:
    """The README's commands table: each row's first cell, by command name."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Commands", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        m = re.match(r"\| `trfaudit (\w+)(.*?)` \|", line)
        if m:
            rows[m.group(1)] = m.group(2).replace("\\|", "|")
    return rows


def test_every_command_has_a_row_and_no_row_is_not_a_command() -> None:
    assert set(table_rows()) == set(commands())


@pytest.mark.parametrize("name", sorted(commands()))
def test_a_row_names_every_option_and_choice(name: str) -> None:
    row = table_rows().get(name, "")
    words = set(re.split(r"[\s\[\]|/]+", row))
    for option, choices in commands()[name].items():
        assert option in words, f"trfaudit {name}: {option} is not in the README's table"
        for choice in choices:
            assert choice in words, f"trfaudit {name} {option}: {choice} is not in the table"


def test_the_table_reads_options_and_choices() -> None:
    found = commands()
    assert "--annotate" in found["check"] and "javafo" in found["check"]["--format"]
    assert "team-2026" in found["check"]["--rules"] and "--baku" in found["generate"]


#: A backticked word that names something in the repository.
PATH = re.compile(r"`([A-Za-z0-9_.\-/*]+)`")


def named_paths(page: Path) -> list[tuple[int, str]]:
    found = []
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        for word in PATH.findall(line):
            if word.startswith(TOP) or word in TOP_FILES or word.startswith("../"):
                found.append((number, word))
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_paths_named_in_the_docs_exist(page: Path) -> None:
    missing = []
    for number, word in named_paths(page):
        if word.startswith("../"):
            missing.append(f"{page.name}:{number}: {word} is outside a clone")
        elif not list(ROOT.glob(word.rstrip("/"))):
            missing.append(f"{page.name}:{number}: {word} does not exist")
    assert not missing, "\n".join(missing)


def test_paths_are_found() -> None:
    words = {w for page in PAGES for _, w in named_paths(page)}
    assert {"checker/reports/schema/report.schema.json", "corpus/javafo/"} <= words


#: A real example of the table: the file, the round, and the quotation in italics.
QUOTE = re.compile(r"`([^`]+\.(?:trf|txt))` round (\d+): \*([^*]+)\*")


def quotations() -> list[tuple[str, int, str]]:
    text = (ROOT / "docs" / "reading-a-report.md").read_text(encoding="utf-8")
    return [(f, int(r), q) for f, r, q in QUOTE.findall(text)]


@cache
def report_rounds(name: str) -> dict[int, str]:
    """The text report of ``check`` on a real file, each differing round's section with its
    whitespace collapsed (the report wraps its lines)."""
    from typer.testing import CliRunner

    from trfaudit.checker.cli import app

    result = CliRunner().invoke(app, ["check", str(ROOT / "corpus" / "real" / name), "--full"])
    sections: dict[int, str] = {}
    for part in re.split(r"\n(?=Round \d+: )", result.stdout):
        m = re.match(r"Round (\d+): ", part)
        if m:
            sections[int(m.group(1))] = " ".join(part.split())
    return sections


def test_the_quotations_are_found() -> None:
    assert len(quotations()) >= 6


@pytest.mark.parametrize("name, round_, quote", quotations(), ids=lambda v: str(v)[:40])
def test_a_real_example_quotes_the_current_report(name: str, round_: int, quote: str) -> None:
    section = report_rounds(name).get(round_, "")
    assert " ".join(quote.split()) in section, f"{name} round {round_}: {quote!r} not in\n{section}"


#: Words about the project's own history, which a user cannot place.
HISTORY = re.compile(r"\bissue\s*#?\d+|\bsessions?\b|\bPR\s*#?\d+", re.IGNORECASE)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_history_words(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    found = [m.group(0) for m in HISTORY.finditer(text)]
    assert not found, f"{page.name}: {found}"


#: A Markdown link to a file of the repository (not a URL, not an anchor of the same page).
LINK = re.compile(r"\]\((?!https?://|#)([^)#\s]+)(?:#[^)]*)?\)")
#: Pages that a link may name before they exist: the architecture page is written together
#: with the layout of the modules it describes.
NOT_YET = {ROOT / "docs" / "architecture.md"}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_between_pages_resolve(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    targets = {(page.parent / link).resolve() for link in LINK.findall(text)}
    assert not [str(t) for t in targets - NOT_YET if not t.exists()]
