"""``trfaudit generate``: random tournaments paired round by round by the engine."""

import enum
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from trfaudit.checker.cli.choices import rules_choices
from trfaudit.corpus.editions import RULES as GENERATOR_RULES

from .app import EXIT_INVALID, EXIT_OK, emit, say


class Dialect(str, enum.Enum):
    trf26 = "trf26"
    trf16 = "trf16"
    trfx = "trfx"


if TYPE_CHECKING:
    from rich.progress import Progress

    from trfaudit.trf.errors import Problem

    Rules = enum.Enum  # an Enum of str values; its members come from the registry
else:
    Rules = rules_choices("Rules", auto=False, editions=GENERATOR_RULES)  # with a type code


def _progress() -> "Progress | None":
    """A rich progress bar on stderr when it is a terminal; otherwise nothing."""
    try:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )
    except ImportError:  # pragma: no cover - typer brings rich
        return None
    console = Console(stderr=True)
    if not console.is_terminal:
        return None
    return Progress(
        TextColumn("generating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


def generate_command(  # noqa: C901 - typer reads the options from the parameters, each with its help, and they make the settings
    output: Path = typer.Option(
        ..., "--output", "-o", help="Output file ('-' = stdout), or with --count a directory."
    ),
    players: Optional[int] = typer.Option(None, "--players", "-n", help="Number of players."),
    rounds: Optional[int] = typer.Option(None, "--rounds", "-r", help="Number of rounds."),
    seed: int = typer.Option(1, "--seed", "-s", help="Seed (with --count: the first)."),
    rules: Optional[Rules] = typer.Option(
        None, "--rules", help="Edition of the Dutch rules (default 2025)."
    ),
    config: Optional[Path] = typer.Option(
        None,
        "--config",
        "-c",
        help="Settings file (Name=Value lines; trfaudit "
        "keys or JaVaFo/bbpPairings generator keys).",
    ),
    settings: list[str] = typer.Option(
        [],
        "--set",
        metavar="KEY=VALUE",
        help="One setting, as in a --config file (repeatable; applied after --config).",
    ),
    baku: bool = typer.Option(
        False, "--baku", help="Baku acceleration (C.04.5.1), written as XXA/250."
    ),
    count: Optional[int] = typer.Option(
        None,
        "--count",
        "-k",
        help="Write this many tournaments (seeds S, S+1, "
        "...) and manifest.json into the directory "
        "OUT.",
    ),
    to: Dialect = typer.Option(
        Dialect.trf26,
        "--to",
        help="Dialect: trf26, or trf16 (= trfx: TRF-16 with the "
        "XXR/XXC/XXA and BB? lines other engines need).",
    ),
    mix: bool = typer.Option(
        False,
        "--mix",
        help="With --count: each tournament draws its settings "
        "(axes: black1, unrated, forbid, late, withdraw, byes, "
        "forfeits, s310, pab, baku), recorded in manifest.json.",
    ),
    jobs: int = typer.Option(
        1, "--jobs", "-j", min=0, help="With --count: processes to use (0: one per CPU)."
    ),
    scheduler: Optional[str] = typer.Option(
        None,
        "--scheduler",
        metavar="SPEC",
        help="With --count: run on Dask, tcp://HOST:PORT or local[:N] (needs trfaudit[dask]).",
    ),
    system: str = typer.Option(
        "dutch",
        "--system",
        help="dutch (the default); team: the Swiss Team system (C.04.6 2026); berger: a "
        "round-robin by the Berger tables (C.05 Annex 1; --players, --rounds, --code "
        "BERGER_ROUNDROBIN_Gn ...); dubov: the Dubov System (C.04.4.1 2026).",
    ),
    teams: Optional[int] = typer.Option(None, "--teams", help="--system team: teams."),
    boards: int = typer.Option(4, "--boards", help="--system team: boards per match."),
    code: Optional[str] = typer.Option(
        None,
        "--code",
        help="The 192 code (TRF-2026 4.7) of a system's variant "
        "(--system team: default FIDE_TEAM_TYPEA_MP_GP).",
    ),
) -> None:
    """Generate random tournaments paired by trfaudit's Dutch engine (or, with
    ``--system team``, Swiss Team tournaments paired by its C.04.6 engine).

    Players get ratings like an open's and pairing numbers by rating; every round is
    paired by the engine and its results are drawn from the FIDE expected-score curve.
    Forfeits, half- and zero-point byes, withdrawals, late entries, 3-1-0 scoring, the
    PAB value and the Baku acceleration are settings (see corpus/README.md and
    corpus/config.py).  The same seed and settings always give the same bytes.  Exit 0
    on success, 2 on bad settings.
    """
    if system != "dutch":  # the default system's own path is below: configurations, --mix
        from trfaudit.engine.systems import GenerateRequest, by_key

        chosen = by_key(system)
        if chosen is None:
            say(f"--system {system}: no such pairing system", err=True)
            raise typer.Exit(EXIT_INVALID)
        request = GenerateRequest(
            str(output), teams or players, rounds, seed, count, boards, code, baku, tuple(settings)
        )
        message, code_ = chosen.generate(request)
        say(message, err=True)
        raise typer.Exit(code_)
    from trfaudit.corpus.config import ConfigError, config_from
    from trfaudit.corpus.generator import edition_for, generate, generate_batch, render

    try:
        cfg = config_from(config, settings)
        changes: dict[str, object] = {}
        if players is not None:
            changes.update(players=players, players_max=0)
        if rounds is not None:
            changes.update(rounds=rounds, rounds_max=0)
        if rules is not None:
            changes["rules"] = rules.value
        if baku:
            changes["baku"] = True
        cfg = cfg.replace(**changes).check()
        edition_for(cfg.rules)
        if seed < 0:
            raise ConfigError(f"--seed {seed}: must not be negative")
        if count is not None and count < 1:
            raise ConfigError(f"--count {count}: must be at least 1")
        if count is None and (mix or scheduler or jobs != 1):
            raise ConfigError("--mix, --jobs and --scheduler need --count")
    except ConfigError as exc:
        say(f"trfaudit generate: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID)

    dialect = to.value
    if count is None:
        g = generate(cfg, seed)
        warnings: list[Problem] = []
        text = render(g, dialect, warnings)
        for problem in warnings:
            say(f"note: {problem.message}", err=True)
        if g.stopped:
            say(
                f"note: stopped after round {g.rounds_played} of {cfg.rounds}: {g.stopped}",
                err=True,
            )
        emit(text, output)
        raise typer.Exit(EXIT_OK)

    if str(output) == "-":
        say("--count writes a directory; '-' (stdout) holds one file only", err=True)
        raise typer.Exit(EXIT_INVALID)
    if output.exists() and not output.is_dir():
        say(f"{output}: not a directory (--count writes a directory)", err=True)
        raise typer.Exit(EXIT_INVALID)
    bar = _progress()
    start = time.perf_counter()
    stopped = []

    def tick(done: int, entry: dict[str, Any]) -> None:
        if entry["stopped"]:
            stopped.append(entry)
        if bar is not None and task is not None:
            bar.update(task, completed=done)

    from trfaudit.checker.batch.cluster import SchedulerError, cpus, executor

    try:
        with executor(cpus() if jobs == 0 else jobs, scheduler) as map_unordered:
            if bar is not None:
                with bar:
                    task = bar.add_task("generate", total=count)
                    manifest = generate_batch(
                        cfg, seed, count, output, dialect, tick, mix, map_unordered
                    )
            else:
                task = None
                manifest = generate_batch(
                    cfg, seed, count, output, dialect, tick, mix, map_unordered
                )
    except OSError as exc:
        say(f"{output}: cannot write: {exc.strerror or exc}", err=True)
        raise typer.Exit(EXIT_INVALID)
    except SchedulerError as exc:
        say(str(exc), err=True)
        raise typer.Exit(EXIT_INVALID)
    notes = {note for e in manifest["tournaments"] for note in e.get("notes", [])}
    for note in sorted(notes):
        say(f"note: {note}", err=True)
    for entry in stopped:
        say(
            f"note: {entry['file']}: stopped after round {entry['rounds_played']} of "
            f"{entry['rounds']}: {entry['stopped']}",
            err=True,
        )
    seconds = time.perf_counter() - start
    rounds_done = sum(e["rounds_played"] for e in manifest["tournaments"])
    say(
        f"wrote {count} tournament{'s' if count != 1 else ''} ({rounds_done} rounds) and "
        f"manifest.json to {output} in {seconds:.1f} s",
        err=True,
    )
    raise typer.Exit(EXIT_OK)
