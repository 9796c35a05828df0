"""``trfaudit conform``: test a pairing program on generated tournaments (see
:mod:`checker.conform.harness`), or check the tournaments its own generator makes (``--reverse``)."""

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:  # loaded when the command runs (tests/checker/test_startup.py)
    from collections.abc import Callable

    from trfaudit.corpus.config import GeneratorConfig

#: Sizes when neither --config nor --set gives any: 8-40 players, 5-9 rounds per tournament.
DEFAULT_SIZES = {"players": 8, "players_max": 40, "rounds": 5, "rounds_max": 9}


def _config(config: Path | None, settings: list[str], rules: str) -> "GeneratorConfig":
    from trfaudit.corpus.config import config_from

    cfg = config_from(config, settings)
    if not cfg.players:
        cfg = cfg.replace(
            players=DEFAULT_SIZES["players"], players_max=DEFAULT_SIZES["players_max"]
        )
    if not cfg.rounds:
        cfg = cfg.replace(rounds=DEFAULT_SIZES["rounds"], rounds_max=DEFAULT_SIZES["rounds_max"])
    return cfg.replace(rules=rules).check()


ENGINE_HELP = (
    "The program to test, with {in} (the TRF to pair) and {out} (its pairing list), e.g. "
    "'bbpPairings.exe --dutch {in} -p {out}'."
)
REVERSE_HELP = (
    "The other direction: the program's own generator, with {config}, {out} and {seed} "
    "(e.g. 'bbpPairings.exe --dutch -g {config} -o {out} -s {seed}'); each file it makes "
    "is checked by trfaudit."
)
TRY_HELP = (
    "Editions to try a differing round under too (comma-separated; default: the other one "
    "of 2025/2017)."
)


def conform_command(
    engine: Annotated[str | None, typer.Option("--engine", metavar="CMD", help=ENGINE_HELP)] = None,
    reverse: Annotated[
        str | None, typer.Option("--reverse", metavar="CMD", help=REVERSE_HELP)
    ] = None,
    rules: Annotated[
        str, typer.Option("--rules", help="Edition: 2025, 2017 or dubov (C.04.4.1 2026).")
    ] = "2025",
    count: Annotated[int, typer.Option("--count", "-k", min=1, help="Tournaments.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="First seed.")] = 1,
    mix: Annotated[bool, typer.Option("--mix", help="Draw each one's settings.")] = False,
    config: Annotated[
        Path | None, typer.Option("--config", "-c", help="Generator settings file.")
    ] = None,
    settings: Annotated[
        list[str] | None, typer.Option("--set", metavar="KEY=VALUE", help="One setting.")
    ] = None,
    timeout: Annotated[
        float, typer.Option("--timeout", min=0.1, help="Seconds per run of the program.")
    ] = 30.0,
    try_rules: Annotated[str | None, typer.Option("--try-rules", help=TRY_HELP)] = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="Results directory.")] = Path(
        "conform-out"
    ),
    resume: Annotated[bool, typer.Option("--resume", help="Go on with DIR's run.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="Processes (0: CPUs).")] = 1,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", metavar="SPEC", help="Dask scheduler.")
    ] = None,
) -> None:
    """Test a pairing program round by round on generated tournaments.

    For each tournament and round r, the program gets the TRF of rounds 1..r-1 with round
    r's absences (XXR, XXC, BB?, in-column byes, 142/152/240), and its pairing is checked
    against trfaudit's engine; the tournament goes on with trfaudit's pairing.  A crash, a
    timeout or unreadable output is counted per round.  DIR gets summary.json,
    results.jsonl and, in DIR/rounds, each differing or failed round (the TRF, both
    pairings, the findings).  Exit 0 when every round matches, 1 when one differs or has
    no pairing from the program, 2 on misuse.
    """
    from trfaudit.checker.batch.cluster import SchedulerError, cpus, executor
    from trfaudit.corpus.config import ConfigError

    from ..conform import harness
    from ..conform import reverse as reverse_mod
    from ..conform.engine_cmd import TemplateError, command
    from ..conform.summary import summarise, summary_text
    from .app import EXIT_DISCREPANCY, EXIT_INVALID, EXIT_OK, say

    if (engine is None) == (reverse is None):
        say("trfaudit conform: give exactly one of --engine CMD and --reverse CMD", err=True)
        raise typer.Exit(EXIT_INVALID)
    if rules not in ("2025", "2017", "dubov"):
        say(f"--rules {rules}: expected 2025, 2017 or dubov", err=True)
        raise typer.Exit(EXIT_INVALID)
    try:
        cfg = _config(config, settings or [], rules)
        if engine is not None:
            command(engine, **{"in": "x", "out": "y"})
        else:
            assert reverse is not None  # exactly one of the two was given (checked above)
            reverse_mod.check_template(reverse)
    except (ConfigError, TemplateError) as exc:
        say(f"trfaudit conform: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID)
    others = tuple(
        x.strip()
        for x in (try_rules or {"2025": "2017", "2017": "2025"}.get(rules, "")).split(",")
        if x.strip()
    )
    if output.exists() and not output.is_dir():
        say(f"{output}: not a directory", err=True)
        raise typer.Exit(EXIT_INVALID)
    if (output / harness.RESULTS).exists() and not resume:
        say(f"{output}: holds a run already (--resume goes on with it)", err=True)
        raise typer.Exit(EXIT_INVALID)
    previous = harness.done_seeds(output) if resume else {}
    start = time.perf_counter()
    tasks: list[Any]  # harness.Task or reverse.ReverseTask, with its function
    fn: Callable[..., dict[str, Any]]
    if engine is not None:
        tasks = [
            harness.Task(s, cfg, engine, mix, timeout, others) for s in range(seed, seed + count)
        ]
        fn = harness.conform_tournament
    else:
        assert reverse is not None
        tasks = [
            reverse_mod.ReverseTask(s, cfg, reverse, mix, timeout)
            for s in range(seed, seed + count)
        ]
        fn = reverse_mod.check_generated
    try:
        with executor(cpus() if jobs == 0 else jobs, scheduler) as map_unordered:
            results = harness.run_batch(tasks, output, map_unordered, previous, fn=fn)
    except SchedulerError as exc:
        say(str(exc), err=True)
        raise typer.Exit(EXIT_INVALID)
    except OSError as exc:
        say(f"{output}: cannot write: {exc.strerror or exc}", err=True)
        raise typer.Exit(EXIT_INVALID)
    seconds = time.perf_counter() - start
    settings_out = {
        "direction": "forward" if engine is not None else "reverse",
        "engine": engine or reverse,
        "rules": rules,
        "count": count,
        "seed": seed,
        "mix": mix,
        "timeout": timeout,
        "try_rules": list(others),
        "config": cfg.as_dict(),
        "seconds": round(seconds, 1),
    }
    summary = summarise(results, settings_out)
    (output / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    typer.echo(summary_text(summary), nl=False)
    say(f"results in {output} ({seconds:.1f} s)", err=True)
    bad = summary["discrepancies"] or summary["engine_failures"]["total"]
    raise typer.Exit(EXIT_DISCREPANCY if bad else EXIT_OK)
