"""``trfaudit conform``: drive a pairing program round by round over generated tournaments.

For each tournament (:func:`corpus.generator.generate`, seeds S, S+1, ...; ``--mix`` draws each
one's settings) and each round r: the file of rounds 1..r-1 with round r's absences
(:mod:`.cutfile`) is given to the program, its pairing is read (:mod:`.engine_cmd`) and judged
against the rules' (trfaudit's engine, :mod:`.judge`).  The tournament goes on with the rules'
pairing, so a discrepancy in one round does not change the rounds after it, and every program is
tested on the same tournaments.  A crash, a timeout or unreadable output is counted for that
round and the next round is tried.  When the rules give no legal pairing of a round (the
generator stops there), that round is put to the program too: "no valid pairing" (its exit
status, :data:`engine_cmd.NO_PAIRING_EXIT`) is then the right answer.

One tournament is one task (:func:`conform_tournament`); its result is a JSON-friendly dict,
appended to ``DIR/results.jsonl`` as it comes back, so that ``--resume`` skips the seeds done.
Each differing or failed round comes back with its replay folder (:mod:`.replay`), written
into ``DIR/rounds/``.
"""

from __future__ import annotations

import copy
import json
import resource
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trfaudit.corpus.config import GeneratorConfig
from trfaudit.trf.model import RoundEntry, Tournament

from .cutfile import round_file
from .engine_cmd import NO_PAIRING_EXIT, EngineRun, Failure, run_engine
from .judge import Verdict, judge, judge_unpairable, recorded_pairing
from .replay import round_files
from .wording import for_program

if TYPE_CHECKING:
    from trfaudit.corpus.generator import Generated
    from trfaudit.engine.systems import EditionInfo as Edition

    from .engine_cmd import EnginePairing

RESULTS = "results.jsonl"
ROUNDS_DIR = "rounds"


@dataclass(frozen=True)
class Task:
    """One tournament to run the program on."""

    seed: int
    config: GeneratorConfig
    engine: str
    mix: bool = False
    timeout: float = 30.0
    others: tuple[str, ...] = ()  # editions to also try a differing round under
    no_pairing_exit: int | None = NO_PAIRING_EXIT
    replay_line: str = ""  # the command line that runs this tournament alone ({seed})
    results_dir: str = ""  # where the replay folders go (named in their commands)


def _finding(d: Any) -> dict[str, Any]:
    return for_program(d)


def _cpu_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def tournament_of(task: Task) -> tuple[Generated, list[str] | None]:
    """The generated tournament of ``task`` (its ``--mix`` settings drawn) and its axes."""
    from trfaudit.corpus.generator import generate

    config, axes = task.config, None
    if task.mix:
        from trfaudit.corpus.mix import mixed

        config, axes = mixed(config, task.seed)
    return generate(config, task.seed), axes


def unpairable_round(g: Generated) -> int | None:
    """The round the rules give no legal pairing of (where the generator stopped), if any."""
    if g.stopped and "no legal pairing" in g.stopped:
        return g.rounds_played + 1
    return None


def with_absences(g: Generated, rnd: int) -> Tournament:
    """``g``'s tournament with round ``rnd``'s announced absences only (the round the rules
    cannot pair): what the program is given, and what its answer is judged in."""
    from .cutfile import _LETTER

    t = copy.deepcopy(g.tournament)
    for tpn, kind in g.stop_absent.items():
        t.players[tpn].entries.append(RoundEntry(rnd, kind, None, None, _LETTER[kind]))
    return t


def rules_pairing(g: Generated, rnd: int) -> EnginePairing:
    """The rules' pairing of round ``rnd`` in board order (C.04.2 3.6), the PAB last."""
    from .engine_cmd import EnginePairing

    bye = recorded_pairing(g.tournament, rnd).bye
    return EnginePairing(g.board_order[rnd], bye)


def judge_round(
    g: Generated,
    rnd: int,
    run: EngineRun,
    edition: Edition,
    others: Sequence[tuple[str, Edition]],
) -> tuple[dict[str, Any], Verdict | None]:
    """The result entry of round ``rnd`` given the program's ``run`` (no files)."""
    entry: dict[str, Any] = {"round": rnd, "seconds": round(run.seconds, 3)}
    unpairable = rnd == unpairable_round(g)
    if run.pairing is None:
        assert run.failure is not None
        if run.failure is Failure.NO_PAIRING and unpairable:
            entry.update(status="match", no_pairing=True)
            return entry, None
        detail = run.detail
        if run.failure is Failure.NO_PAIRING:
            detail = f"{detail}; the rules pair the round"
        entry.update(status="failure", failure=run.failure, detail=detail)
        return entry, None
    if unpairable:
        verdict = judge_unpairable(with_absences(g, rnd), rnd, run.pairing, edition)
    else:
        verdict = judge(g.tournament, rnd, run.pairing, edition, others, rules_pairing(g, rnd))
    if not verdict.findings:
        entry["status"] = "match"
        return entry, verdict
    entry.update(
        status="differs",
        findings=[_finding(d) for d in verdict.findings],
        matches=verdict.matches,
    )
    return entry, verdict


def round_input(g: Generated, rnd: int) -> str:
    """The file the program is given to pair round ``rnd`` of ``g``."""
    if rnd == unpairable_round(g):
        return round_file(with_absences(g, rnd), rnd)
    return round_file(g.tournament, rnd)


def rounds_to_put(g: Generated) -> list[int]:
    """Every round paired, and the round the rules cannot pair (if that is why it stopped)."""
    last = unpairable_round(g)
    return list(range(1, g.rounds_played + 1)) + ([last] if last else [])


def conform_tournament(task: Task) -> dict[str, Any]:
    """Run the program on every round of tournament ``task.seed`` (a task for any executor)."""
    from trfaudit.corpus.generator import edition_for

    cpu0, child0 = time.process_time(), _cpu_children()
    g, axes = tournament_of(task)
    t = g.tournament
    config = g.config
    edition = edition_for(config.rules)
    others = [(name, edition_for(name)) for name in task.others if name != config.rules]
    name = f"g{task.seed:06d}"
    rounds: list[dict[str, Any]] = []
    files: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="trfaudit-conform-") as tmp:
        infile, outfile = Path(tmp) / "in.trf", Path(tmp) / "out.txt"
        for rnd in rounds_to_put(g):
            text = round_input(g, rnd)
            infile.write_text(text, encoding="utf-8")
            run = run_engine(task.engine, infile, outfile, task.timeout, task.no_pairing_exit)
            entry, _ = judge_round(g, rnd, run, edition, others)
            if entry["status"] != "match":
                stem = f"{ROUNDS_DIR}/{name}-r{rnd:02d}"
                entry["files"] = stem
                rules = None if rnd == unpairable_round(g) else rules_pairing(g, rnd).as_list()
                files.update(round_files(stem, task, entry, text, run, rules))
            rounds.append(entry)
    child = _cpu_children() - child0
    return {
        "seed": task.seed,
        "name": name,
        "players": len(t.players),
        "rounds_planned": config.rounds,
        "rounds_played": g.rounds_played,
        "stopped": g.stopped,
        "axes": axes,
        "rules": config.rules,
        "rounds": rounds,
        "program_seconds": round(sum(r.get("seconds", 0.0) for r in rounds), 3),
        "program_cpu": round(child, 3),
        "trfaudit_cpu": round(time.process_time() - cpu0, 3),
        "files": files,
    }


def done_seeds(out_dir: Path) -> dict[int, dict[str, Any]]:
    """The results already in ``out_dir/results.jsonl`` by seed (a torn last line is
    dropped: that tournament runs again)."""
    path = out_dir / RESULTS
    out: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return out
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            result = json.loads(line)
        except json.JSONDecodeError:
            continue
        out[int(result["seed"])] = result
    return out


def run_batch(
    tasks: Iterable[Any],  # Task, or reverse.ReverseTask with fn=check_generated
    out_dir: Path,
    map_unordered: Callable[..., Iterator[tuple[Any, Any]]],
    previous: dict[int, dict[str, Any]],
    progress: Callable[[dict[str, Any]], None] | None = None,
    fn: Callable[..., dict[str, Any]] | None = None,
    fail_fast: bool = False,
) -> list[dict[str, Any]]:
    """Run the tasks not in ``previous`` and append each result to ``results.jsonl``; returns
    every result (``previous`` included) in seed order, without the round files.  ``fn``:
    the task function (default :func:`conform_tournament`); ``fail_fast``: stop at the first
    tournament with a round that does not match (the tasks in flight are dropped)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / ROUNDS_DIR).mkdir(exist_ok=True)
    results = dict(previous)
    if previous:  # rewrite the file whole: a torn last line from the interruption goes
        (out_dir / RESULTS).write_text(
            "".join(json.dumps(previous[s]) + "\n" for s in sorted(previous)), encoding="utf-8"
        )
    todo = [(task,) for task in tasks if task.seed not in previous]
    with (out_dir / RESULTS).open("a", encoding="utf-8") as sink:
        for _item, result in map_unordered(fn or conform_tournament, todo):
            for rel, text in result.pop("files").items():
                (out_dir / rel).parent.mkdir(parents=True, exist_ok=True)
                (out_dir / rel).write_text(text, encoding="utf-8")
            sink.write(json.dumps(result) + "\n")
            sink.flush()
            results[result["seed"]] = result
            if progress is not None:
                progress(result)
            if fail_fast and failed(result):
                break
    return [results[s] for s in sorted(results)]


def failed(result: dict[str, Any]) -> bool:
    """Whether a tournament has a round that differs or got no pairing from the program."""
    return any(r["status"] != "match" for r in result["rounds"])
