"""The replay folder of a differing or failed round, and ``trfaudit conform --replay DIR``.

``DIR/rounds/gSEED-rNN/`` holds what an author needs to see and rerun the round:

* ``input.trf``: the file the program was given;
* ``program.txt``: what it wrote to ``{out}`` (``stdout.txt``, ``stderr.txt``: all it printed);
* ``rules.txt``: the rules' pairing list in board order (C.04.2 3.6), the PAB last;
* ``diff.txt``: both lists side by side, board by board;
* ``finding.json``: the round's result (findings, failure, the program's time);
* ``replay.json`` and ``REPLAY.txt``: the settings, and the commands that rerun the round
  (``trfaudit conform --replay DIR``, or the whole tournament with ``--seed S --count 1``).

A tournament is a function of its seed and settings (:func:`corpus.generator.generate`), so
the replay regenerates it and puts the same round to the program again.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine_cmd import EngineRun, parse_pairing

if TYPE_CHECKING:
    from .harness import Task

REPLAY_FILE = "replay.json"


def side_by_side(program: str, rules: str | None) -> str:
    """The two pairing lists board by board (``*`` marks a board that differs)."""

    def rows(text: str | None) -> list[str]:
        if text is None:
            return ["no valid pairing"]
        try:
            p = parse_pairing(text)
        except ValueError as exc:
            return [f"(not a pairing list: {exc})"]
        return [f"{w}-{b}" for w, b in p.boards] + ([f"{p.bye} PAB"] if p.bye else [])

    left, right = rows(program) if program else ["(no output)"], rows(rules)
    width = max(len("your program"), *(len(x) for x in left))
    out = [f"board  {'your program':<{width}}  the rules"]
    for i in range(max(len(left), len(right))):
        a = left[i] if i < len(left) else ""
        b = right[i] if i < len(right) else ""
        mark = " " if a == b else "*"
        out.append(f"{mark}{i + 1:>4}  {a:<{width}}  {b}")
    return "\n".join(out) + "\n"


def replay_settings(task: Task, rnd: int) -> dict[str, Any]:
    return {
        "seed": task.seed,
        "round": rnd,
        "engine": task.engine,
        "rules": task.config.rules,
        "config": [f"{k}={v}" for k, v in task.config.as_settings()],
        "mix": task.mix,
        "timeout": task.timeout,
        "try_rules": list(task.others),
        "no_pairing_exit": task.no_pairing_exit,
    }


def round_files(
    stem: str, task: Task, entry: dict[str, Any], text: str, run: EngineRun, rules: str | None
) -> dict[str, str]:
    """The files of the replay folder ``stem`` (relative to the results folder)."""
    rnd = entry["round"]
    one = task.replay_line.replace("{seed}", str(task.seed))
    where = f"{task.results_dir}/{stem}" if task.results_dir else stem
    files = {
        "input.trf": text,
        "program.txt": run.output,
        "rules.txt": rules if rules is not None else "no valid pairing\n",
        "diff.txt": side_by_side(run.output, rules),
        "stderr.txt": run.stderr,
        "finding.json": json.dumps(entry, indent=2) + "\n",
        REPLAY_FILE: json.dumps(replay_settings(task, rnd), indent=2) + "\n",
        "REPLAY.txt": (
            f"Round {rnd} of tournament {task.seed}.\n"
            f"Rerun this round:       trfaudit conform --replay {shlex.quote(where)}\n"
            + (f"Rerun the tournament:   {one}\n" if one else "")
            + "Run the program alone:  "
            + " ".join(
                shlex.quote(w) for w in _argv(task.engine, f"{stem}/input.trf", f"{stem}/out.txt")
            )
            + "\n"
        ),
    }
    if run.stdout:
        files["stdout.txt"] = run.stdout
    return {f"{stem}/{name}": body for name, body in files.items()}


def _argv(template: str, infile: str, outfile: str) -> list[str]:
    from .engine_cmd import command

    return command(template, **{"in": infile, "out": outfile})


class ReplayError(ValueError):
    """A folder that is not a replay folder (a usage error)."""


def load_replay(folder: Path) -> tuple[Task, int]:
    """The task and round a replay folder reruns."""
    from trfaudit.corpus.config import ConfigError, config_from

    from .harness import Task

    path = folder / REPLAY_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        cfg = config_from(None, list(data["config"])).replace(rules=data["rules"]).check()
        task = Task(
            int(data["seed"]),
            cfg,
            str(data["engine"]),
            bool(data["mix"]),
            float(data["timeout"]),
            tuple(data["try_rules"]),
            data["no_pairing_exit"],
        )
        return task, int(data["round"])
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except (ValueError, KeyError, TypeError, ConfigError) as exc:
        raise ReplayError(f"{path}: not a replay file ({exc})") from None


def replay_round(task: Task, rnd: int) -> dict[str, Any]:
    """Put round ``rnd`` of tournament ``task.seed`` to the program again; its result entry
    (with ``program`` and ``rules`` lists added)."""
    import tempfile

    from trfaudit.corpus.generator import edition_for

    from .engine_cmd import run_engine
    from .harness import judge_round, round_input, rules_pairing, tournament_of, unpairable_round

    g, _ = tournament_of(task)
    if rnd not in range(1, g.rounds_played + 1) and rnd != unpairable_round(g):
        raise ReplayError(f"tournament {task.seed} has no round {rnd}")
    edition = edition_for(g.config.rules)
    others = [(n, edition_for(n)) for n in task.others if n != g.config.rules]
    with tempfile.TemporaryDirectory(prefix="trfaudit-replay-") as tmp:
        infile, outfile = Path(tmp) / "in.trf", Path(tmp) / "out.txt"
        infile.write_text(round_input(g, rnd), encoding="utf-8")
        run = run_engine(task.engine, infile, outfile, task.timeout, task.no_pairing_exit)
    entry, _ = judge_round(g, rnd, run, edition, others)
    rules = None if rnd == unpairable_round(g) else rules_pairing(g, rnd).as_list()
    entry["diff"] = side_by_side(run.output, rules)
    entry["stderr"] = run.stderr
    return entry
