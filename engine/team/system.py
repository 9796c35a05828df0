"""The Swiss Team system's entry in the registry (:mod:`trfaudit.engine.systems`).

Light on purpose: the command line reads the registry when it starts, and the pairer (with
rustworkx) loads on the first pairing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trfaudit.trf.model import Tournament
    from trfaudit.trf.system import PairingSystem

    from ..explanation import Explanation
    from ..findings import RoundReport
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


@dataclass(frozen=True)
class TeamEdition:
    """An edition of C.04.6 as the registry lists it (``--rules team-2026``)."""

    name: str
    title: str
    in_force_from: date | None
    in_force_until: date | None = None
    model_gaps: str = ""


TEAM_2026 = TeamEdition("team-2026", "FIDE Swiss Team System (C.04.6 2026)", date(2026, 2, 1))


class TeamSystem:
    """The FIDE Swiss Team System (C.04.6): the ``192`` codes ``FIDE_TEAM…``, and any file
    with team records (TRF-2026 ``300``-``330``, TRF-16 ``013``)."""

    name = "FIDE_TEAM"
    key = "team"
    title = "the FIDE Swiss Team System (C.04.6)"
    code = "FIDE_TEAM"
    team = True
    editions: tuple[TeamEdition, ...] = (TEAM_2026,)
    by_name: Mapping[str, TeamEdition] = {TEAM_2026.name: TEAM_2026}

    def recognise(self, stated: PairingSystem) -> bool:
        """A team event: a ``192`` code with ``TEAM``, or team records (a team code of
        another system is read as this one's: its ``192`` code is then refused by name)."""
        return stated.team

    def edition_named_by(self, code: str) -> TeamEdition | None:
        """A ``FIDE_TEAM…`` code names no edition (TRF-2026 4.7): the date decides."""
        return None

    def edition_in_force(self, day: date) -> TeamEdition:
        """2026 from 2026-02-01; before, the 2024 edition was in force, which is not
        implemented (:func:`.file.edition` refuses such a file)."""
        return TEAM_2026

    def edition_for(self, t: Tournament, rules: str = "auto") -> tuple[TeamEdition, str]:
        from .file import edition

        name, why = edition(t, rules)
        if name is None:
            raise ValueError(f"a Swiss Team event (C.04.6): {why}")
        return TEAM_2026, f"{t.type_code or 'no 192 code: FIDE_TEAM'}; {why}"

    def prepare(self, t: Tournament, request: Request) -> Plan:
        from .file import prepare

        return prepare(t, request)

    def audit_round(
        self, t: Tournament, rnd: int, edition: EditionInfo, initial: str | None
    ) -> RoundReport:
        from .audit import check_round
        from .file import team_file

        return check_round(team_file(t), rnd)

    def finish(
        self, t: Tournament, plan: Plan, reports: list[RoundReport], tasks: TaskMap = map
    ) -> list[RoundReport]:
        return reports

    def standings(self, t: Tournament, tb_rules: str) -> StandingsCheck | None:
        from .file import standings

        return standings(t, tb_rules)

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
        from .why import explain_team

        return explain_team(t, rnd, team, player, against, rules)

    def explain_players(
        self, t: Tournament, rnd: int, rules: str, players: list[int]
    ) -> Explanation:
        return self.explain(t, rnd, rules)

    def recorded_boards(self, t: Tournament, rnd: int, rules: str) -> list[tuple[int, int]]:
        from .views import team_tables

        tables = team_tables(t)
        return [(b[0], b[1]) for b in tables.rounds[rnd - 1]["boards"]]

    def team_tables(self, t: Tournament) -> TeamTables | None:
        from .views import team_tables

        return team_tables(t)

    def generate(self, request: GenerateRequest) -> tuple[str, int]:
        from .generate import generate_team

        return generate_team(
            request.output,
            request.size or 10,
            request.boards,
            request.rounds or 7,
            request.seed,
            request.code or "FIDE_TEAM_TYPEA_MP_GP",
            request.baku,
            request.count,
            list(request.settings),
        )


TEAM = TeamSystem()
