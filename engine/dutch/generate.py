"""Random tournaments paired by the FIDE (Dutch) System, for :meth:`System.generate`.

The generator itself is :mod:`trfaudit.corpus.generator` (ratings like an open's, results
from the FIDE expected-score curve, every round paired by this system); this is its simple
door: one file, or ``count`` files with consecutive seeds, settings by ``--set``.  The
command line's ``generate`` adds configuration files, ``--mix`` and parallel runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..systems import GenerateRequest


def generate(request: GenerateRequest) -> tuple[str, int]:
    """Write the tournaments ``request`` asks for: (message, exit code 0 or 2)."""
    from trfaudit.corpus.config import ConfigError, config_from
    from trfaudit.corpus.generator import edition_for, render
    from trfaudit.corpus.generator import generate as generate_one

    try:
        cfg = config_from(None, list(request.settings))
        changes: dict[str, object] = {}
        if request.size is not None:
            changes.update(players=request.size, players_max=0)
        if request.rounds is not None:
            changes.update(rounds=request.rounds, rounds_max=0)
        if request.baku:
            changes["baku"] = True
        cfg = cfg.replace(**changes).check()
        edition_for(cfg.rules)
    except ConfigError as exc:
        return f"trfaudit generate: {exc}", 2
    texts = [render(generate_one(cfg, seed), "trf26", []) for seed in request.seeds]
    where = request.write(texts, "dutch")
    return f"{len(texts)} tournament{'s' if len(texts) != 1 else ''} written to {where}", 0
