"""What ``trfaudit generate --system dubov`` needs: the generator's settings for a Dubov
tournament (``192 FIDE_DUBOV``, every round paired by :mod:`.pairer`).

The random tournament itself is the shared generator's (:mod:`trfaudit.corpus.generator`:
ratings, results, forfeits, byes, absences, Baku acceleration); only the edition differs.
"""

from __future__ import annotations

from .editions import DUBOV_2026

#: The ``--rules`` value the generator pairs a Dubov tournament with.
RULES = DUBOV_2026.name


def generate_text(players: int, rounds: int, seed: int, *settings: str) -> str:
    """One random Dubov tournament as TRF-2026 text (``settings``: ``--set`` items)."""
    from trfaudit.corpus.config import config_from
    from trfaudit.corpus.generator import generate, render

    cfg = config_from(None, list(settings)).replace(
        rules=RULES, players=players, players_max=0, rounds=rounds, rounds_max=0
    )
    return render(generate(cfg, seed))
