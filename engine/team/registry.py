"""The Swiss Team system's entry in the registry (:mod:`trfaudit.engine.systems`).

Light on purpose: the command line reads the registry when it starts, and the pairer (with
rustworkx) loads on the first :meth:`TeamSystem.pair`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .pairer import RoundInput, TeamPairing


@dataclass(frozen=True)
class TeamEdition:
    """An edition of C.04.6 as the registry lists it (``--rules team-2026``)."""

    name: str
    title: str
    applies_from: date


TEAM_2026 = TeamEdition("team-2026", "FIDE Swiss Team System (C.04.6 2026)", date(2026, 2, 1))


class TeamSystem:
    """The registry's entry (:mod:`trfaudit.engine.systems`) for the Swiss Team system: the
    ``192`` codes ``FIDE_TEAM…``; ``check`` and ``pair`` read team files on their own path
    (:mod:`trfaudit.engine.team.audit`), named by ``checker``."""

    name = "FIDE_TEAM"
    title = "the FIDE Swiss Team System (C.04.6)"
    code = "FIDE_TEAM"
    team = True
    editions: tuple[TeamEdition, ...] = (TEAM_2026,)
    by_name: Mapping[str, TeamEdition] = {TEAM_2026.name: TEAM_2026}
    explainer = "trfaudit.engine.team.audit:check_round"
    #: The checker of a whole file (team files do not go through the Dutch round checker).
    checker = "trfaudit.engine.team.audit:check_team"

    def edition_named_by(self, code: str) -> TeamEdition | None:
        """A ``FIDE_TEAM…`` code names no edition (TRF-2026 4.7): the date decides."""
        return None

    def edition_in_force(self, day: date) -> TeamEdition:
        """2026 from 2026-02-01; before, the 2024 edition was in force, which is not
        implemented (:func:`trfaudit.engine.team.audit.edition` refuses such a file)."""
        return TEAM_2026

    def pair(self, inp: RoundInput, edition: TeamEdition) -> TeamPairing:
        """Pair one round (:func:`.pairer.pair_round`); raises :class:`.pairer.NoPairing`."""
        from .pairer import pair_round

        return pair_round(inp)


TEAM = TeamSystem()
