"""``--minimise``: a smaller tournament that shows the same finding.

A tournament's rounds hang together (each is paired from the ones before it), so players or
rounds cannot simply be cut out of a file.  Instead the generator is asked for smaller
tournaments with the failing one's settings (its ``--mix`` draw included) and seed: fewer
rounds first, then fewer players, each put to the program round by round until a round shows
the same finding (the same class, kind and criterion, or the same failure).  The first
found, in that order, is the smallest; the search stops after :data:`BUDGET` runs of the
program and then keeps the best found so far (or none).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from trfaudit.corpus.config import ConfigError

from .engine_cmd import EngineRun, run_engine
from .harness import Task, judge_round, round_input, rounds_to_put, tournament_of

#: Program runs the search may make.
BUDGET = 150
#: Tournament sizes tried (and the failing one's own).
SIZES = (4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 20, 24, 32, 40, 64)


def signature(entry: dict[str, Any]) -> tuple[str, ...]:
    """What "the same finding" means: the failure, or the first finding's class, kind and
    criterion."""
    if entry["status"] == "failure":
        return ("failure", str(entry["failure"]))
    f = entry["findings"][0]
    return (str(f["class"]), str(f["kind"]), str(f["criterion"]))


@dataclass
class Minimised:
    task: Task  # the smaller tournament (its settings drawn, no --mix)
    round: int
    entry: dict[str, Any]
    players: int
    rounds: int
    runs: int  # program runs the search made
    run: EngineRun  # the program's run on that round


def minimise(task: Task, entry: dict[str, Any]) -> Minimised | None:
    """The smallest tournament (rounds, then players) found that shows ``entry``'s finding,
    or None when none smaller than the original is found within the budget."""
    from trfaudit.corpus.generator import edition_for

    want = signature(entry)
    g0, _ = tournament_of(task)
    base = g0.config  # this tournament's settings, its --mix draw included
    players0, round0 = len(g0.tournament.players), int(entry["round"])
    runs = 0
    with tempfile.TemporaryDirectory(prefix="trfaudit-minimise-") as tmp:
        infile, outfile = Path(tmp) / "in.trf", Path(tmp) / "out.txt"
        for rounds in range(1, round0 + 1):
            for players in [n for n in SIZES if n < players0] + [players0]:
                if (rounds, players) == (round0, players0):
                    return None
                try:
                    cfg = base.replace(players=players, rounds=rounds).check()
                except ConfigError:
                    continue
                small = replace(task, config=cfg, mix=False, replay_line="")
                try:
                    g, _ = tournament_of(small)
                except ConfigError:
                    continue
                edition = edition_for(cfg.rules)
                others = [(n, edition_for(n)) for n in task.others if n != cfg.rules]
                for rnd in rounds_to_put(g):
                    if runs >= BUDGET:
                        return None
                    infile.write_text(round_input(g, rnd), encoding="utf-8")
                    run = run_engine(
                        small.engine, infile, outfile, small.timeout, small.no_pairing_exit
                    )
                    runs += 1
                    got, _ = judge_round(g, rnd, run, edition, others)
                    if got["status"] != "match" and signature(got) == want:
                        return Minimised(
                            small, rnd, got, len(g.tournament.players), rounds, runs, run
                        )
    return None
