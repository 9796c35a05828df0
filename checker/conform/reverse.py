"""``trfaudit conform --reverse``: the program's own random tournaments, checked by trfaudit.

The command template gets ``{config}`` (a generator settings file in the JaVaFo/bbpPairings RTG
keys: ``PlayersNumber``, ``RoundsNumber``, ``DrawPercentage``), ``{out}`` (the TRF it writes)
and ``{seed}``: ``bbpPairings.exe --dutch -g {config} -o {out} -s {seed}``.  Each file is then
checked like any file (:func:`checker.batch.run.check_tournament`) under the chosen edition; its
rounds and findings are counted as in the forward direction.
"""

from __future__ import annotations

import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trfaudit.corpus.config import GeneratorConfig

from .engine_cmd import Failure, command

PLACEHOLDERS = ("config", "out", "seed")


def check_template(template: str) -> None:
    """Raise :class:`engine_cmd.TemplateError` unless the template has every placeholder."""
    command(template, **{name: "x" for name in PLACEHOLDERS})


@dataclass(frozen=True)
class ReverseTask:
    seed: int
    config: GeneratorConfig
    generator: str
    mix: bool = False
    timeout: float = 60.0


def rtg_settings(cfg: GeneratorConfig, seed: int) -> str:
    """The settings file for the program's generator: this tournament's size (drawn from the
    ranges with the seed, as trfaudit's generator does) and draw rate."""
    from trfaudit.corpus.dice import Dice

    dice = Dice(seed)
    players = dice.between(cfg.players, max(cfg.players, cfg.players_max))
    rounds = dice.between(cfg.rounds, max(cfg.rounds, cfg.rounds_max))
    rounds = min(rounds, max(3, players // 2))
    return (
        f"PlayersNumber={players}\nRoundsNumber={rounds}\n"
        f"DrawPercentage={round(100 * cfg.draw_rate)}\n"
    )


def _failure(
    task: ReverseTask, failure: Failure, detail: str, files: dict[str, str]
) -> dict[str, Any]:
    name = f"g{task.seed:06d}"
    stem = f"rounds/{name}-generated"
    entry = {"round": 0, "status": "failure", "failure": failure, "detail": detail, "files": stem}
    return {
        "seed": task.seed,
        "name": name,
        "players": 0,
        "rounds_planned": 0,
        "rounds_played": 0,
        "stopped": None,
        "axes": None,
        "rules": task.config.rules,
        "rounds": [entry],
        "files": {f"{stem}{k}": v for k, v in files.items()},
    }


def check_generated(task: ReverseTask) -> dict[str, Any]:
    """Run the program's generator for ``task.seed`` and check the file it writes."""
    from trfaudit.checker.audit import Options, check_tournament
    from trfaudit.trf.errors import TrfError
    from trfaudit.trf.files import load

    from .harness import _finding

    name = f"g{task.seed:06d}"
    settings = rtg_settings(task.config, task.seed)
    with tempfile.TemporaryDirectory(prefix="trfaudit-reverse-") as tmp:
        cfg_file, out = Path(tmp) / "rtg.txt", Path(tmp) / "gen.trf"
        cfg_file.write_text(settings)
        argv = command(task.generator, config=str(cfg_file), out=str(out), seed=str(task.seed))
        try:
            done = subprocess.run(argv, capture_output=True, timeout=task.timeout, check=False)
        except subprocess.TimeoutExpired:
            return _failure(
                task, Failure.TIMEOUT, f"no file within {task.timeout:g} s", {".cfg": settings}
            )
        except OSError as exc:
            return _failure(task, Failure.CRASH, f"cannot run {argv[0]}: {exc}", {".cfg": settings})
        data = out.read_bytes() if out.exists() else b""
        if done.returncode != 0 or not data:
            msg = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["-"]
            how = Failure.CRASH if done.returncode else Failure.UNREADABLE
            return _failure(
                task, how, f"exit {done.returncode}: {msg[0][:200]}", {".cfg": settings}
            )
        try:
            t = load(out)
        except TrfError as exc:
            return _failure(
                task,
                Failure.UNREADABLE,
                str(exc)[:300],
                {".cfg": settings, ".trf": data.decode("utf-8", "replace")},
            )
    report = check_tournament(t, Options(rules=task.config.rules))
    rounds: list[dict[str, Any]] = []
    files: dict[str, str] = {}
    if report.error:
        return _failure(
            task,
            Failure.UNREADABLE,
            f"not checked: {report.error}",
            {".cfg": settings, ".trf": data.decode("utf-8", "replace")},
        )
    for rr in report.rounds:
        if not rr.discrepancies:
            rounds.append({"round": rr.round, "status": "match"})
            continue
        stem = f"rounds/{name}"
        files[f"{stem}.trf"] = data.decode("utf-8", "replace")
        files[f"{stem}.cfg"] = settings
        rounds.append(
            {
                "round": rr.round,
                "status": "differs",
                "files": stem,
                "matches": [],
                "findings": [_finding(d) for d in rr.discrepancies],
            }
        )
    return {
        "seed": task.seed,
        "name": name,
        "players": len(t.players),
        "rounds_planned": t.total_rounds,
        "rounds_played": t.recorded_rounds(),
        "stopped": None,
        "axes": None,
        "rules": task.config.rules,
        "rounds": rounds,
        "files": files,
    }
