"""The FIDE (Dutch) System (C.04.3) as the registry's entry (:mod:`trfaudit.engine.systems`).

The pairer loads on the first :meth:`DutchSystem.pair`: the edition choice and the command
line's ``--rules`` choices read the editions only.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING

from .editions import ALL_EDITIONS, EDITIONS, Edition, edition_in_force, edition_named_by

if TYPE_CHECKING:
    from ..history import RoundInput
    from ..result import RoundPairing


class DutchSystem:
    """The FIDE (Dutch) System: 2025/26, 2017 and 2012 editions on one pairer."""

    name = "FIDE_DUTCH"
    title = "the FIDE (Dutch) System"
    code = "FIDE_DUTCH"
    team = False
    editions: tuple[Edition, ...] = ALL_EDITIONS
    by_name: Mapping[str, Edition] = EDITIONS
    #: The checker's explanation of a differing round, from the pairer's trace.
    explainer = "trfaudit.engine.dutch.audit.quality:explain_quality"

    def edition_named_by(self, code: str) -> Edition | None:
        return edition_named_by(code)

    def edition_in_force(self, day: date) -> Edition:
        return edition_in_force(day)

    def pair(self, inp: RoundInput, edition: Edition) -> RoundPairing:
        from .pairer import DutchPairer

        return DutchPairer(inp, edition).pair()


DUTCH = DutchSystem()
