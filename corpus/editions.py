"""The rules editions the generator can write: those a tournament-type code (192/092) names,
so that the file says which edition paired it (whether the engine has them is checked later).

A module of its own so that ``trfaudit generate``'s ``--rules`` choices load without the
settings machinery of :mod:`corpus.config` (every command line start, ``--help`` included).
The Dubov System's edition (``dubov``: ``192 FIDE_DUBOV``) is one of them.
"""

from __future__ import annotations

from trfaudit.engine.dubov.editions import DUBOV_2026
from trfaudit.engine.dutch.editions import ALL_EDITIONS

RULES = tuple(e.name for e in ALL_EDITIONS if e.type_codes) + (DUBOV_2026.name,)
