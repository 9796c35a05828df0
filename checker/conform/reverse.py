"""``trfaudit conform --reverse``: the program's own random tournaments, checked by trfaudit.

The command template gets ``{config}`` (a generator settings file in the keys the random
tournament generators of JaVaFo and bbpPairings read: ``PlayersNumber``, ``RoundsNumber``,
``DrawPercentage``, ``ForfeitRate``, ``RetiredRate``, ``HalfPointByeRate`` (rates "1 in N"),
``HighestRating``, ``LowestRating`` and the ``PointsFor*`` values), ``{out}`` (the TRF it
writes) and ``{seed}``: ``bbpPairings.exe --dutch -g {config} -o {out} -s {seed}``.  With
``--mix`` each tournament's settings are drawn first (:func:`corpus.mix.mixed`) and passed the
same way; a setting no such key can carry (absences per round, late entries, forbidden pairs,
acceleration, ...) is not passed, and the run's ``settings.json`` lists it under
``generator_not_passed``.  Each result records the exact settings file given.

Each file is validated first (:func:`trf.validate.validate`): a file that does not read, or
reads with errors (a game one side does not record, a point total that is not the sum of the
results), is a defect of the generator, class ``generator``, with each problem's line and
column, and is not judged further.  The Points are judged under the point system the
generator was given (the ``PointsFor*`` keys), not one inferred from the file.  A valid file is checked like any file
(:func:`checker.batch.run.check_tournament`) under the chosen edition; its rounds and findings
are counted as in the forward direction.
"""

from __future__ import annotations

import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trfaudit.corpus.config import GeneratorConfig

from .engine_cmd import Failure, command, run_in_group

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


#: Settings no key of the generators' interface carries (never passed), by field.
NOT_PASSED = (
    "zero_bye_rate",
    "late_rate",
    "forbidden_pairs",
    "baku",
    "unrated_rate",
    "double_forfeit_share",
    "curve",
    "initial_colour",
    "half_zero",
    "zero_half",
    "zero_zero",
    "half_byes_per_round",
    "zero_byes_per_round",
    "tiebreaks",
)


def drawn(cfg: GeneratorConfig, seed: int, mix: bool) -> GeneratorConfig:
    """This tournament's settings: ``--mix``'s draw, then its size drawn from the ranges with
    the seed (as trfaudit's generator does)."""
    from trfaudit.corpus.dice import Dice

    if mix:
        from trfaudit.corpus.mix import mixed

        cfg = mixed(cfg, seed)[0]
    dice = Dice(seed)
    players = dice.between(cfg.players, max(cfg.players, cfg.players_max))
    rounds = dice.between(cfg.rounds, max(cfg.rounds, cfg.rounds_max))
    rounds = min(rounds, max(3, players // 2))
    return cfg.replace(players=players, rounds=rounds, players_max=0, rounds_max=0)


def _one_in(rate: float) -> str:
    return f"{1 / rate:.6g}"


def rtg_settings(cfg: GeneratorConfig, seed: int, mix: bool = False) -> str:
    """The settings file for the program's generator (every key it reads that this
    tournament's settings give a value)."""
    from fractions import Fraction

    c = drawn(cfg, seed, mix)
    keys = [
        ("PlayersNumber", str(c.players)),
        ("RoundsNumber", str(c.rounds)),
        ("DrawPercentage", str(round(100 * c.draw_rate))),
    ]
    if c.forfeit_rate > 0:
        keys.append(("ForfeitRate", _one_in(c.forfeit_rate)))
    if c.withdraw_rate > 0:
        keys.append(("RetiredRate", _one_in(min(c.withdraw_rate, 0.5))))
    if c.half_bye_rate > 0:
        keys.append(("HalfPointByeRate", _one_in(c.half_bye_rate)))
    keys += [("HighestRating", str(c.rating_high)), ("LowestRating", str(c.rating_low))]

    def show(x: Fraction) -> str:
        return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"

    pab = c.pab if c.pab is not None else c.win
    points = [
        ("PointsForWin", c.win, Fraction(1)),
        ("PointsForDraw", c.draw, Fraction(1, 2)),
        ("PointsForLoss", c.loss, Fraction(0)),
        ("PointsForZPB", c.zero_bye, Fraction(0)),
        ("PointsForForfeitLoss", c.forfeit_loss, Fraction(0)),
        ("PointsForPAB", pab, Fraction(1)),
    ]
    if any(value != default for _, value, default in points):
        keys += [(key, show(value)) for key, value, _ in points]
    return "".join(f"{k}={v}\n" for k, v in keys)


def passed_keys(cfg: GeneratorConfig, mix: bool) -> str:
    """What the run passes to the generator (per tournament with ``--mix``)."""
    if mix:
        return "drawn per tournament by --mix (each result's generator_settings)"
    return rtg_settings(cfg, 0).replace("\n", "; ").strip("; ") + " (sizes drawn per seed)"


def not_passed(cfg: GeneratorConfig, mix: bool) -> list[str]:
    """The settings given that no generator key carries (with ``--mix``: those it may set)."""
    default = GeneratorConfig()
    out = [n for n in NOT_PASSED if getattr(cfg, n) != getattr(default, n)]
    if mix:
        out += [
            "zero_bye_rate, late_rate, forbidden_pairs, baku (when --mix draws them: not passed)"
        ]
    return out


def _failure(
    task: ReverseTask, failure: Failure, detail: str, files: dict[str, str]
) -> dict[str, Any]:
    name = f"g{task.seed:06d}"
    stem = f"rounds/{name}-generated"
    entry = {"round": 0, "status": "failure", "failure": failure, "detail": detail, "files": stem}
    return _result(task, name, entry, {f"{stem}{k}": v for k, v in files.items()})


def _invalid(task: ReverseTask, problems: list[str], settings: str, data: bytes) -> dict[str, Any]:
    """A generated file that does not read or does not validate: a generator defect."""
    name = f"g{task.seed:06d}"
    stem = f"rounds/{name}-generated"
    entry = {
        "round": 0,
        "status": "differs",
        "files": stem,
        "matches": [],
        "findings": [
            {
                "class": "generator",
                "kind": "invalid",
                "criterion": None,
                "cause": None,
                "summary": f"your generator wrote an invalid file: {p}",
                "program": None,
                "rules": None,
            }
            for p in problems
        ],
    }
    files = {f"{stem}.cfg": settings, f"{stem}.trf": data.decode("utf-8", "replace")}
    return _result(task, name, entry, files)


def _result(
    task: ReverseTask, name: str, entry: dict[str, Any], files: dict[str, str]
) -> dict[str, Any]:
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
        "generator_settings": rtg_settings(task.config, task.seed, task.mix),
        "files": files,
    }


def check_generated(task: ReverseTask) -> dict[str, Any]:
    """Run the program's generator for ``task.seed`` and check the file it writes."""
    from trfaudit.checker.audit import Options, check_tournament
    from trfaudit.trf.errors import TrfError
    from trfaudit.trf.files import load
    from trfaudit.trf.validate import errors_only, validate

    from .harness import _finding

    name = f"g{task.seed:06d}"
    settings = rtg_settings(task.config, task.seed, task.mix)
    with tempfile.TemporaryDirectory(prefix="trfaudit-reverse-") as tmp:
        cfg_file, out = Path(tmp) / "rtg.txt", Path(tmp) / "gen.trf"
        cfg_file.write_text(settings)
        argv = command(task.generator, config=str(cfg_file), out=str(out), seed=str(task.seed))
        try:
            done = run_in_group(argv, task.timeout)
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
            return _invalid(task, [_where(exc)], settings, data)
    told = drawn(task.config, task.seed, task.mix).scoring()
    if t.scoring != told:
        # The file states (or its Points imply) another point system than the one the
        # generator was given: its Points are judged under the one given.
        t.scoring = told
    errors = errors_only(validate(t, "generated file"))
    if errors:
        return _invalid(task, [_where(p) for p in errors], settings, data)
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
        "generator_settings": settings,
        "contents": _contents(t),
        "files": files,
    }


def _where(p: Any) -> str:
    """A reader's or validator's problem as ``line L, column C: message (expected ...)``."""
    text = f"line {p.line}, column {p.column}: {p.message}"
    return text + (f" (expected {p.expected})" if p.expected else "")


def _contents(t: Any) -> dict[str, int]:
    """What the generated file holds, counted: forfeits, byes, withdrawals (the proof that
    the generator got the keys)."""
    from trfaudit.trf.model import EntryKind

    forfeit = (EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS)
    counts = {"forfeit_entries": 0, "half_byes": 0, "zero_byes": 0, "pabs": 0, "retired": 0}
    rounds = t.recorded_rounds()
    for p in t.players.values():
        kinds = [e.kind for e in p.entries]
        counts["forfeit_entries"] += sum(k in forfeit for k in kinds)
        counts["half_byes"] += kinds.count(EntryKind.HALF_BYE)
        counts["zero_byes"] += kinds.count(EntryKind.ZERO_BYE)
        counts["pabs"] += kinds.count(EntryKind.PAB)
        last = p.entry(rounds)
        # retired: nothing in the last round (no game, no bye of any kind)
        if rounds and (
            last is None
            or (
                last.opponent is None
                and last.kind not in (EntryKind.PAB, EntryKind.HALF_BYE, EntryKind.FULL_BYE)
            )
        ):
            counts["retired"] += 1
    return counts
