"""The FIDE Dubov System (C.04.4.1) as the registry's entry (:mod:`trfaudit.engine.systems`).

Light on purpose: the command line reads the registry when it starts; the pairer loads on
the first :meth:`DubovSystem.pair`.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING

from .editions import DUBOV_2026, EDITIONS, DubovEdition

if TYPE_CHECKING:
    from ..history import RoundInput
    from ..result import RoundPairing


class DubovSystem:
    """The FIDE Dubov System: the 2026 text (approved 28/10/2025, applied from 2026-02-01).

    ``192 FIDE_DUBOV`` names it (``_BAKU``: with the Baku acceleration, C.04.7)."""

    name = "FIDE_DUBOV"
    title = "the FIDE Dubov System (C.04.4.1)"
    code = "FIDE_DUBOV"
    team = False
    editions: tuple[DubovEdition, ...] = (DUBOV_2026,)
    by_name: Mapping[str, DubovEdition] = EDITIONS
    #: The checker's explanation of a round (the Dubov explainer).
    explainer = "trfaudit.engine.dubov.explain:explain_round"

    def edition_named_by(self, code: str) -> DubovEdition | None:
        """``FIDE_DUBOV`` (and ``FIDE_DUBOV_2026``) name the 2026 text; no other edition is
        implemented."""
        base = code.strip().upper().removesuffix("_BAKU")
        return DUBOV_2026 if base in DUBOV_2026.type_codes else None

    def edition_in_force(self, day: date) -> DubovEdition:
        """The 2026 text; earlier texts (2025, 2018, 1997) are not implemented, so a file
        played before 2026-02-01 is still judged by the 2026 text (the report says so)."""
        return DUBOV_2026

    def pair(self, inp: RoundInput, edition: DubovEdition) -> RoundPairing:
        from .pairer import pair_round

        return pair_round(inp, edition)


DUBOV = DubovSystem()
