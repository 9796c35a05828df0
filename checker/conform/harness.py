"""``trfaudit conform``: drive a pairing program round by round over generated tournaments.

For each tournament (:func:`corpus.generator.generate`, seeds S, S+1, ...; ``--mix`` draws each
one's settings) and each round r: the file of rounds 1..r-1 with round r's absences
(:mod:`.cutfile`) is given to the program, its pairing is read (:mod:`.engine_cmd`) and judged
against trfaudit's (:mod:`.judge`).  The tournament goes on with trfaudit's pairing, so a
discrepancy in one round does not change the rounds after it, and every program is tested on the
same tournaments.  A crash, a timeout or unreadable output is counted for that round and the
next round is tried.

One tournament is one task (:func:`conform_tournament`); its result is a JSON-friendly dict,
appended to ``DIR/results.jsonl`` as it comes back, so that ``--resume`` skips the seeds done.
The files of each discrepant or failed round (the TRF given, the program's output, trfaudit's
pairing, the findings) come back in the result and are written into ``DIR/rounds/``.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from trfaudit.corpus.config import GeneratorConfig

from .cutfile import round_file
from .engine_cmd import run_engine
from .judge import judge, recorded_pairing

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


def _finding(d: Any) -> dict[str, Any]:
    return {
        "class": d.finding_class,
        "kind": d.kind,
        "criterion": d.criterion,
        "cause": d.cause,
        "summary": d.summary or d.explanation,
        "recorded": d.recorded,
        "expected": d.expected,
    }


def conform_tournament(task: Task) -> dict[str, Any]:
    """Run the program on every round of tournament ``task.seed`` (a task for any executor)."""
    from trfaudit.corpus.generator import edition_for, generate

    config, axes = task.config, None
    if task.mix:
        from trfaudit.corpus.mix import mixed

        config, axes = mixed(config, task.seed)
    g = generate(config, task.seed)
    t = g.tournament
    edition = edition_for(config.rules)
    others = [(name, edition_for(name)) for name in task.others if name != config.rules]
    name = f"g{task.seed:06d}"
    rounds: list[dict[str, Any]] = []
    files: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="trfaudit-conform-") as tmp:
        infile, outfile = Path(tmp) / "in.trf", Path(tmp) / "out.txt"
        for rnd in range(1, g.rounds_played + 1):
            text = round_file(t, rnd)
            infile.write_text(text, encoding="utf-8")
            run = run_engine(task.engine, infile, outfile, task.timeout)
            entry: dict[str, Any] = {"round": rnd}
            if run.pairing is None:
                entry.update(status="failure", failure=run.failure, detail=run.detail)
            else:
                verdict = judge(t, rnd, run.pairing, edition, others)
                if not verdict.findings:
                    rounds.append({"round": rnd, "status": "match"})
                    continue
                entry.update(
                    status="differs",
                    findings=[_finding(d) for d in verdict.findings],
                    matches=verdict.matches,
                )
            stem = f"{ROUNDS_DIR}/{name}-r{rnd:02d}"
            entry["files"] = stem
            files[f"{stem}.trf"] = text
            files[f"{stem}.engine.txt"] = run.output
            files[f"{stem}.trfaudit.txt"] = recorded_pairing(t, rnd).as_list()
            files[f"{stem}.json"] = json.dumps(entry, indent=2) + "\n"
            rounds.append(entry)
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
) -> list[dict[str, Any]]:
    """Run the tasks not in ``previous`` and append each result to ``results.jsonl``; returns
    every result (``previous`` included) in seed order, without the round files.  ``fn``:
    the task function (default :func:`conform_tournament`)."""
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
                (out_dir / rel).write_text(text, encoding="utf-8")
            sink.write(json.dumps(result) + "\n")
            sink.flush()
            results[result["seed"]] = result
            if progress is not None:
                progress(result)
    return [results[s] for s in sorted(results)]


def task_fields(task: Task) -> dict[str, Any]:
    """The task's settings for the summary (the engine command, timeout, config)."""
    out = asdict(task)
    out["config"] = task.config.as_dict()
    return out
