"""The pre-flight round: the program is run once on a small tournament before the run starts.

A program that cannot be run, crashes, hangs, writes nowhere, prints its pairing on stdout
instead of writing it to ``{out}``, or writes something that is not a pairing list would fail
every round the same way: that is a misconfigured command (exit 2), said at once.  Only the
form of the answer is checked here, not the pairing itself (the run judges it).  With
``--reverse`` the generator is run once the same way (:func:`preflight_generator`): it must exit
0 and write a file.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from trfaudit.corpus.config import GeneratorConfig

from .cutfile import round_file
from .engine_cmd import NO_PAIRING_EXIT, Failure, run_engine

#: The pre-flight tournament: 7 players (so round 2 has a PAB), seed 1, round 2 put.
PLAYERS, ROUND, SEED = 7, 2, 1


def preflight(
    template: str, rules: str, timeout: float, no_pairing_exit: int | None = NO_PAIRING_EXIT
) -> str | None:
    """Why the program cannot be tested (one sentence), or None when its answer has the form
    of a pairing list."""
    from trfaudit.corpus.generator import generate

    g = generate(GeneratorConfig(players=PLAYERS, rounds=3, rules=rules), SEED)
    with tempfile.TemporaryDirectory(prefix="trfaudit-preflight-") as tmp:
        infile, outfile = Path(tmp) / "in.trf", Path(tmp) / "out.txt"
        infile.write_text(round_file(g.tournament, ROUND), encoding="utf-8")
        run = run_engine(template, infile, outfile, timeout, no_pairing_exit)
    if run.pairing is not None:
        return None
    what = f"on round {ROUND} of a {PLAYERS}-player tournament"
    if run.failure is Failure.NO_PAIRING:
        return (
            f"the program says no valid pairing exists {what}, which has one "
            f"({run.detail}): is the command right?"
        )
    if run.failure is Failure.CRASH and run.detail.startswith("cannot run"):
        return run.detail
    return f"{run.failure} {what}: {run.detail}"


def preflight_generator(template: str, rules: str, timeout: float) -> str | None:
    """Why the generator cannot be tested (one sentence), or None when it writes a file for
    a small tournament's settings."""
    import subprocess

    from .engine_cmd import command, run_in_group
    from .reverse import rtg_settings

    cfg = GeneratorConfig(players=PLAYERS, rounds=3, rules=rules)
    with tempfile.TemporaryDirectory(prefix="trfaudit-preflight-") as tmp:
        settings, out = Path(tmp) / "rtg.txt", Path(tmp) / "gen.trf"
        settings.write_text(rtg_settings(cfg, SEED), encoding="utf-8")
        argv = command(template, config=str(settings), out=str(out), seed=str(SEED))
        what = f"for a {PLAYERS}-player tournament"
        try:
            done = run_in_group(argv, timeout)
        except subprocess.TimeoutExpired:
            return f"the generator wrote nothing within {timeout:g} s {what}"
        except OSError as exc:
            return f"cannot run {argv[0]}: {exc.strerror or exc}"
        if done.returncode != 0:
            last = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["-"]
            return f"the generator exits {done.returncode} {what}: {last[0][:200]}"
        if not out.is_file() or out.stat().st_size == 0:
            hint = (
                " (it printed a file on stdout instead: write it to {out})" if done.stdout else ""
            )
            return f"the generator wrote no {{out}} file {what}{hint}"
    return None
