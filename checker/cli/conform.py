"""``trfaudit conform``: test a pairing program on generated tournaments (see
:mod:`checker.conform.harness`), or check the tournaments its own generator makes (``--reverse``)."""

import json
import signal
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:  # loaded when the command runs (tests/checker/test_startup.py)
    from collections.abc import Callable, Iterator

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
FAIL_FAST_HELP = "Stop at the first tournament with a round that does not match."
REPLAY_HELP = "Rerun the round kept in a replay folder (DIR/rounds/gSEED-rNN) and show it."
MINIMISE_HELP = (
    "After the run, look for the smallest tournament (fewest rounds, then players) with the "
    "same settings and seed that shows the first failing tournament's finding."
)
JUNIT_HELP = "Also write the results as JUnit XML (one test case per tournament)."
NO_PAIRING_HELP = (
    "The exit status by which the program says no valid pairing exists (bbpPairings: 1)."
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
    replay: Annotated[
        Path | None, typer.Option("--replay", metavar="DIR", help=REPLAY_HELP)
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
    no_pairing_exit: Annotated[
        int, typer.Option("--no-pairing-exit", min=1, max=255, help=NO_PAIRING_HELP)
    ] = 1,
    try_rules: Annotated[str | None, typer.Option("--try-rules", help=TRY_HELP)] = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="Results directory.")] = Path(
        "conform-out"
    ),
    resume: Annotated[bool, typer.Option("--resume", help="Go on with DIR's run.")] = False,
    fail_fast: Annotated[bool, typer.Option("--fail-fast", help=FAIL_FAST_HELP)] = False,
    minimise: Annotated[bool, typer.Option("--minimise", help=MINIMISE_HELP)] = False,
    junit: Annotated[Path | None, typer.Option("--junit", metavar="FILE", help=JUNIT_HELP)] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="Processes (0: CPUs).")] = 1,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", metavar="SPEC", help="Dask scheduler.")
    ] = None,
) -> None:
    """Test a pairing program round by round on generated tournaments.

    First a pre-flight round (one small tournament): a program that cannot be run, crashes,
    writes nowhere, prints its list on stdout or writes no pairing list stops the run at once
    (exit 2).  Then, for each tournament and round r, the program gets the TRF of rounds
    1..r-1 with round r's absences (XXR, XXC, BB?, in-column byes, 142/152/240), and its
    pairing is checked against the rules (trfaudit's engine), board order (C.04.2 3.6)
    apart; the tournament goes on with the rules' pairing.  A round the rules cannot pair
    is put too: the answer is then "no valid pairing" (--no-pairing-exit).  DIR gets
    settings.json, summary.json, results.jsonl and, in DIR/rounds/gSEED-rNN/, each
    differing or failed round with what replays it.  Exit 0 when every round matches, 1
    when one differs or got no pairing from the program, 2 on misuse, 130/143 when
    interrupted (SIGINT/SIGTERM; --resume goes on).
    """
    from .app import EXIT_INVALID, say

    if replay is not None:
        raise typer.Exit(_replay(replay))
    if (engine is None) == (reverse is None):
        say(
            "trfaudit conform: give exactly one of --engine CMD, --reverse CMD and --replay DIR",
            err=True,
        )
        raise typer.Exit(EXIT_INVALID)
    if rules not in ("2025", "2017", "dubov"):
        say(f"--rules {rules}: expected 2025, 2017 or dubov", err=True)
        raise typer.Exit(EXIT_INVALID)
    others = tuple(
        x.strip()
        for x in (try_rules or {"2025": "2017", "2017": "2025"}.get(rules, "")).split(",")
        if x.strip()
    )
    unknown = [x for x in others if x not in ("2025", "2017")]
    if unknown:
        say(f"--try-rules {try_rules}: {', '.join(unknown)}: expected 2025 or 2017", err=True)
        raise typer.Exit(EXIT_INVALID)
    opts = RunOptions(
        engine, reverse, rules, count, seed, mix, config, settings or [], timeout,
        no_pairing_exit, others, output, resume, fail_fast, minimise, junit, jobs, scheduler,
    )  # fmt: skip
    raise typer.Exit(_run(opts))


@dataclass(frozen=True)
class RunOptions:
    """The options of a run (forward or reverse), as given."""

    engine: str | None
    reverse: str | None
    rules: str
    count: int
    seed: int
    mix: bool
    config: Path | None
    sets: list[str]
    timeout: float
    no_pairing_exit: int
    others: tuple[str, ...]
    output: Path
    resume: bool
    fail_fast: bool
    minimise: bool
    junit: Path | None
    jobs: int
    scheduler: str | None


#: The settings a resumed run must share with the run it goes on with.
SAME_FOR_RESUME = (
    "direction",
    "engine",
    "rules",
    "mix",
    "timeout",
    "try_rules",
    "no_pairing_exit",
    "config",
)


def _replay_line(
    engine: str, rules: str, mix: bool, config: Path | None, sets: list[str], timeout: float
) -> str:
    """The command line that runs one tournament of this run alone (``{seed}`` left in)."""
    import shlex

    words = ["trfaudit", "conform", "--engine", engine, "--rules", rules]
    if config is not None:
        words += ["--config", str(config)]
    for item in sets:
        words += ["--set", item]
    if mix:
        words.append("--mix")
    words += ["--timeout", f"{timeout:g}"]
    return " ".join(shlex.quote(w) for w in words) + " --seed {seed} --count 1 -o replay-{seed}"


def _run(o: RunOptions) -> int:  # noqa: C901 - the run's options, each checked and reported in the user's words
    """Run the conformance test (or its reverse) that ``o`` describes; the exit code."""
    from concurrent.futures.process import BrokenProcessPool

    from trfaudit.checker.batch.cluster import SchedulerError, cpus, executor
    from trfaudit.corpus.config import ConfigError

    from ..conform import harness
    from ..conform import reverse as reverse_mod
    from ..conform.engine_cmd import TemplateError, command
    from ..conform.preflight import preflight, preflight_generator
    from ..conform.summary import summarise, summary_text
    from .app import EXIT_DISCREPANCY, EXIT_INVALID, EXIT_OK, say

    try:
        cfg = _config(o.config, o.sets, o.rules)
        if o.engine is not None:
            command(o.engine, **{"in": "x", "out": "y"})
        else:
            assert o.reverse is not None  # exactly one of the two was given (checked above)
            reverse_mod.check_template(o.reverse)
    except (ConfigError, TemplateError) as exc:
        say(f"trfaudit conform: {exc}", err=True)
        return EXIT_INVALID
    if o.output.exists() and not o.output.is_dir():
        say(f"{o.output}: not a directory", err=True)
        return EXIT_INVALID
    if (o.output / harness.RESULTS).exists() and not o.resume:
        say(f"{o.output}: holds a run already (--resume goes on with it)", err=True)
        return EXIT_INVALID
    settings_out: dict[str, Any] = {
        "direction": "forward" if o.engine is not None else "reverse",
        "engine": o.engine or o.reverse,
        "rules": o.rules,
        "count": o.count,
        "seed": o.seed,
        "mix": o.mix,
        "timeout": o.timeout,
        "try_rules": list(o.others),
        "no_pairing_exit": o.no_pairing_exit,
        "config": json.loads(json.dumps(cfg.as_dict())),
        "output": str(o.output),
    }
    if o.reverse is not None:
        settings_out["generator_keys"] = reverse_mod.passed_keys(cfg, o.mix)
        settings_out["generator_not_passed"] = reverse_mod.not_passed(cfg, o.mix)
    previous: dict[int, dict[str, Any]] = {}
    if o.resume and (o.output / harness.RESULTS).exists():
        problem = _same_settings(o.output, settings_out)
        if problem:
            say(f"{o.output}: --resume refused: {problem}", err=True)
            return EXIT_INVALID
        previous = harness.done_seeds(o.output)
    with _signals() as stop:  # a signal now must not leave the pre-flight program running
        try:
            if o.engine is not None:
                reason = preflight(o.engine, o.rules, o.timeout, o.no_pairing_exit)
            else:
                assert o.reverse is not None
                reason = preflight_generator(o.reverse, o.rules, o.timeout)
        except KeyboardInterrupt:
            say("interrupted in the pre-flight round", err=True)
            return 128 + int(stop.signum or signal.SIGINT)
    if reason:
        say(f"trfaudit conform: pre-flight round: {reason}", err=True)
        return EXIT_INVALID
    try:
        o.output.mkdir(parents=True, exist_ok=True)
        (o.output / "settings.json").write_text(json.dumps(settings_out, indent=2) + "\n")
    except OSError as exc:
        say(f"{o.output}: cannot write: {exc.strerror or exc}", err=True)
        return EXIT_INVALID
    start = time.perf_counter()
    tasks: list[Any]  # harness.Task or reverse.ReverseTask, with its function
    fn: Callable[..., dict[str, Any]]
    if o.engine is not None:
        line = _replay_line(o.engine, o.rules, o.mix, o.config, o.sets, o.timeout)
        tasks = [
            harness.Task(
                s, cfg, o.engine, o.mix, o.timeout, o.others, o.no_pairing_exit, line, str(o.output)
            )
            for s in range(o.seed, o.seed + o.count)
        ]
        fn = harness.conform_tournament
    else:
        assert o.reverse is not None
        tasks = [
            reverse_mod.ReverseTask(s, cfg, o.reverse, o.mix, o.timeout)
            for s in range(o.seed, o.seed + o.count)
        ]
        fn = reverse_mod.check_generated
    todo = sum(1 for t in tasks if t.seed not in previous)
    interrupted = 0
    with _progress(todo) as tick, _signals() as stop:
        try:
            with executor(cpus() if o.jobs == 0 else o.jobs, o.scheduler) as map_unordered:
                results = harness.run_batch(
                    tasks, o.output, map_unordered, previous, tick, fn=fn, fail_fast=o.fail_fast
                )
        except SchedulerError as exc:
            say(str(exc), err=True)
            return EXIT_INVALID
        except OSError as exc:
            say(f"{o.output}: cannot write: {exc.strerror or exc}", err=True)
            return EXIT_INVALID
        except (KeyboardInterrupt, BrokenProcessPool):
            interrupted = stop.signum or signal.SIGINT
    if interrupted:
        done = len(harness.done_seeds(o.output))
        say(
            f"interrupted: {done} tournaments in {o.output}/results.jsonl "
            "(--resume goes on with the others)",
            err=True,
        )
        return 128 + int(interrupted)
    seconds = time.perf_counter() - start
    settings_out["seconds"] = round(seconds, 1)
    settings_out["fail_fast"] = o.fail_fast
    summary = summarise(results, settings_out)
    (o.output / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    typer.echo(summary_text(summary), nl=False)
    if o.junit is not None:
        from ..conform.junit import write_junit

        try:
            write_junit(o.junit, results, o.rules, seconds)
        except OSError as exc:
            say(f"{o.junit}: cannot write: {exc.strerror or exc}", err=True)
            return EXIT_INVALID
    if o.minimise and o.engine is not None:
        _minimise(tasks, results, o.output)
    say(f"results in {o.output} ({seconds:.1f} s)", err=True)
    bad = summary["discrepancies"] or summary["engine_failures"]["total"]
    bad = bad or summary["board_order"]["rounds"]
    return EXIT_DISCREPANCY if bad else EXIT_OK


def _same_settings(output: Path, now: dict[str, Any]) -> str | None:
    """Why ``output``'s run cannot be resumed with the settings ``now`` (None: it can)."""
    path = output / "settings.json"
    try:
        before = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return f"{path} is missing or unreadable (the run's settings are not known)"
    changed = [
        f"{key} {before.get(key)!r} (now {now.get(key)!r})"
        for key in SAME_FOR_RESUME
        if before.get(key) != now.get(key)
    ]
    if changed:
        return "it was written with other settings: " + "; ".join(changed)
    return None


@contextmanager
def _progress(total: int) -> "Iterator[Callable[[dict[str, Any]], None]]":
    """A progress bar with the running tally on stderr when it is a terminal; nothing
    otherwise."""
    import sys

    if not sys.stderr.isatty() or total == 0:
        yield lambda _result: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    tally = {"rounds": 0, "differ": 0, "failed": 0}
    with Progress(
        TextColumn("conform"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[tally]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=False,
    ) as bar:
        job = bar.add_task("conform", total=total, tally="")

        def tick(result: dict[str, Any]) -> None:
            for r in result["rounds"]:
                tally["rounds"] += 1
                tally["differ"] += r["status"] == "differs"
                tally["failed"] += r["status"] == "failure"
            text = (
                f"{tally['rounds']} rounds, {tally['differ']} differ, "
                f"{tally['failed']} without a pairing"
            )
            bar.update(job, advance=1, tally=text)

        yield tick


class _Stop:
    signum: int = 0


@contextmanager
def _signals() -> "Iterator[_Stop]":
    """SIGTERM and SIGINT stop the run: the worker processes are ended (each kills the
    program it runs, with its process group) and KeyboardInterrupt is raised here."""
    import multiprocessing

    stop = _Stop()

    def handler(signum: int, _frame: object) -> None:
        stop.signum = signum
        for child in multiprocessing.active_children():
            child.terminate()
        raise KeyboardInterrupt

    old = {s: signal.signal(s, handler) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield stop
    finally:
        for s, h in old.items():
            signal.signal(s, h)


def _replay(folder: Path) -> int:
    """``--replay DIR``: rerun the round of a replay folder and print what it shows."""
    from ..conform.replay import ReplayError, load_replay, replay_round
    from .app import EXIT_DISCREPANCY, EXIT_INVALID, EXIT_OK, say

    try:
        task, rnd = load_replay(folder)
        entry = replay_round(task, rnd)
    except ReplayError as exc:
        say(f"trfaudit conform --replay: {exc}", err=True)
        return EXIT_INVALID
    head = f"tournament {task.seed} round {rnd}: {entry['status']}"
    if entry["status"] == "failure":
        head += f": {entry['failure']}: {entry['detail']}"
    typer.echo(head)
    for f in entry.get("findings", []):
        typer.echo(f"  {f['class']} {f['kind']} {f['criterion'] or '-'}: {f['summary']}")
    if entry["status"] != "match":
        typer.echo(entry["diff"], nl=False)
        if entry["stderr"].strip():
            typer.echo("your program's stderr:\n" + entry["stderr"], nl=False)
    return EXIT_OK if entry["status"] == "match" else EXIT_DISCREPANCY


def _minimise(tasks: list[Any], results: list[dict[str, Any]], output: Path) -> None:
    """``--minimise``: the first failing tournament, made as small as the search finds, kept
    in ``DIR/minimised/``."""
    from dataclasses import replace

    from ..conform.harness import failed
    from ..conform.minimise import minimise
    from ..conform.replay import round_files
    from .app import say

    bad = next((r for r in results if failed(r)), None)
    if bad is None:
        return
    task = next(t for t in tasks if t.seed == bad["seed"])
    entry = next(x for x in bad["rounds"] if x["status"] != "match")
    found = minimise(task, entry)
    if found is None:
        say(
            f"--minimise: no smaller tournament than {bad['name']} ({bad['players']} players, "
            f"round {entry['round']}) shows the same finding",
            err=True,
        )
        return
    stem = f"minimised/{bad['name']}-r{found.round:02d}"
    found.task = replace(found.task, results_dir=str(output))
    from ..conform.harness import round_input, rules_pairing, tournament_of, unpairable_round

    g, _ = tournament_of(found.task)
    rules = None if found.round == unpairable_round(g) else rules_pairing(g, found.round).as_list()
    files = round_files(
        stem, found.task, found.entry, round_input(g, found.round), found.run, rules
    )
    for rel, text in files.items():
        (output / rel).parent.mkdir(parents=True, exist_ok=True)
        (output / rel).write_text(text, encoding="utf-8")
    (output / "minimised" / "summary.json").write_text(
        json.dumps(
            {
                "tournament": bad["name"],
                "from": {"players": bad["players"], "round": entry["round"]},
                "to": {"players": found.players, "rounds": found.rounds, "round": found.round},
                "program_runs": found.runs,
                "finding": found.entry,
                "files": stem,
            },
            indent=2,
        )
        + "\n"
    )
    say(
        f"minimised: {bad['name']} ({bad['players']} players, round {entry['round']}) -> "
        f"{found.players} players, {found.rounds} rounds, round {found.round}: the same finding; "
        f"trfaudit conform --replay {output / stem}",
        err=True,
    )
