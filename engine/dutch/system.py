"""The FIDE (Dutch) System (C.04.3) as the registry's entry (:mod:`trfaudit.engine.systems`).

Everything here is a thin door into this folder: the pairer (:mod:`.pairer`), the audit of a
recorded round (:mod:`.audit`), the file readings (:mod:`.readings`), the explanations
(:mod:`.why`).  They load on first use: the edition choice and the command line's
``--rules`` choices read the editions only.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING

from .editions import ALL_EDITIONS, EDITIONS, Edition, edition_in_force, edition_named_by

if TYPE_CHECKING:
    from trfaudit.trf.model import Tournament
    from trfaudit.trf.system import PairingSystem

    from ..explanation import Explanation
    from ..findings import RoundReport
    from ..history import RoundInput
    from ..result import RoundPairing
    from ..systems import (
        EditionInfo,
        GenerateRequest,
        Paired,
        Plan,
        Request,
        StandingsCheck,
        TaskMap,
        TeamTables,
    )


def dutch_edition(edition: EditionInfo) -> Edition:
    """``edition`` as this system's own (the registry hands out its editions only)."""
    assert isinstance(edition, Edition), f"{edition.name} is not an edition of C.04.3"
    return edition


class DutchSystem:
    """The FIDE (Dutch) System: 2025/26, 2017 and 2012 editions on one pairer."""

    name = "FIDE_DUTCH"
    key = "dutch"
    title = "the FIDE (Dutch) System"
    code = "FIDE_DUTCH"
    team = False
    editions: tuple[Edition, ...] = ALL_EDITIONS
    by_name: Mapping[str, Edition] = EDITIONS

    def recognise(self, stated: PairingSystem) -> bool:
        """A ``FIDE_DUTCH…`` code, or no code at all (every Dutch engine's input), and no
        team records."""
        if stated.team:
            return False
        if stated.code is None:
            return True
        base = stated.code.strip().upper().removesuffix("_BAKU")
        return base == self.code or base.startswith(self.code + "_")

    def edition_named_by(self, code: str) -> Edition | None:
        return edition_named_by(code)

    def edition_in_force(self, day: date) -> Edition:
        return edition_in_force(day)

    def edition_for(self, t: Tournament, rules: str = "auto") -> tuple[Edition, str]:
        from .file import edition_for

        return edition_for(t, rules)

    def prepare(self, t: Tournament, request: Request) -> Plan:
        from .file import prepare

        return prepare(t, request)

    def audit_round(
        self, t: Tournament, rnd: int, edition: EditionInfo, initial: str | None
    ) -> RoundReport:
        from .audit.round import check_round

        return check_round(t, rnd, dutch_edition(edition), initial)

    def finish(
        self, t: Tournament, plan: Plan, reports: list[RoundReport], tasks: TaskMap = map
    ) -> list[RoundReport]:
        from .file import finish

        return finish(t, plan, reports, tasks)

    def standings(self, t: Tournament, tb_rules: str) -> StandingsCheck | None:
        return None  # the individual standings of C.07

    def pair_input(self, inp: RoundInput, edition: EditionInfo) -> RoundPairing:
        from .pairer import DutchPairer

        return DutchPairer(inp, dutch_edition(edition)).pair()

    def pair(self, t: Tournament, rnd: int, rules: str = "auto") -> Paired:
        from .file import pair

        return pair(t, rnd, rules)

    def pairing_json(self, t: Tournament, paired: Paired) -> dict[str, object]:
        from .file import pairing_document

        return pairing_document(t, paired)

    def explain(
        self,
        t: Tournament,
        rnd: int,
        rules: str = "auto",
        player: int | None = None,
        against: int | None = None,
        team: int | None = None,
    ) -> Explanation:
        from .why.api import explain

        return explain(t, rnd, player=player, against=against, rules=rules)

    def explain_players(
        self, t: Tournament, rnd: int, rules: str, players: list[int]
    ) -> Explanation:
        from .why.api import ROUND_BUDGET, explain_players

        return explain_players(t, rnd, players, rules=rules, budget=ROUND_BUDGET, finding=False)

    def recorded_boards(self, t: Tournament, rnd: int, rules: str) -> list[tuple[int, int]]:
        from .audit.boards import recorded_boards

        edition = self.by_name.get(rules)
        return (recorded_boards(t, rnd, edition) if edition else recorded_boards(t, rnd))[0]

    def team_tables(self, t: Tournament) -> TeamTables | None:
        return None

    def generate(self, request: GenerateRequest) -> tuple[str, int]:
        from .generate import generate

        return generate(request)


DUTCH = DutchSystem()
