"""The FIDE Dubov System (C.04.4.1) as the registry's entry (:mod:`trfaudit.engine.systems`).

Light on purpose: the command line reads the registry when it starts; the pairer
(:mod:`.pairer`), the audit of a round (:mod:`.audit`), the explanations (:mod:`.explain`)
and the generator's settings (:mod:`.generate`) load on first use.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING

from .editions import DUBOV_2026, EDITIONS, DubovEdition

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


def dubov_edition(edition: EditionInfo) -> DubovEdition:
    """``edition`` as this system's own (the registry hands out its editions only)."""
    assert isinstance(edition, DubovEdition), f"{edition.name} is not an edition of C.04.4.1"
    return edition


class DubovSystem:
    """The FIDE Dubov System: the 2026 text (approved 28/10/2025, applied from 2026-02-01).

    ``192 FIDE_DUBOV`` names it (``_BAKU``: with the Baku acceleration, C.04.7)."""

    name = "FIDE_DUBOV"
    key = "dubov"
    title = "the FIDE Dubov System (C.04.4.1)"
    code = "FIDE_DUBOV"
    team = False
    editions: tuple[DubovEdition, ...] = (DUBOV_2026,)
    by_name: Mapping[str, DubovEdition] = EDITIONS

    def recognise(self, stated: PairingSystem) -> bool:
        if stated.team or stated.code is None:
            return False
        base = stated.code.strip().upper().removesuffix("_BAKU")
        return base == self.code or base.startswith(self.code + "_")

    def edition_named_by(self, code: str) -> DubovEdition | None:
        """``FIDE_DUBOV`` (and ``FIDE_DUBOV_2026``) name the 2026 text; no other edition is
        implemented."""
        base = code.strip().upper().removesuffix("_BAKU")
        return DUBOV_2026 if base in DUBOV_2026.type_codes else None

    def edition_in_force(self, day: date) -> DubovEdition:
        """The 2026 text; earlier texts (2025, 2018, 1997) are not implemented, so a file
        played before 2026-02-01 is still judged by the 2026 text (the report says so)."""
        return DUBOV_2026

    def edition_for(self, t: Tournament, rules: str = "auto") -> tuple[DubovEdition, str]:
        code = (t.type_code or "").strip()
        return DUBOV_2026, f"192 {code}" if code else f"--rules {rules}"

    def prepare(self, t: Tournament, request: Request) -> Plan:
        from .audit import prepare

        return prepare(t, request)

    def audit_round(
        self, t: Tournament, rnd: int, edition: EditionInfo, initial: str | None
    ) -> RoundReport:
        from .audit import audit_round

        return audit_round(t, rnd, dubov_edition(edition))

    def finish(
        self, t: Tournament, plan: Plan, reports: list[RoundReport], tasks: TaskMap = map
    ) -> list[RoundReport]:
        return reports

    def standings(self, t: Tournament, tb_rules: str) -> StandingsCheck | None:
        return None  # the individual standings of C.07

    def pair_input(self, inp: RoundInput, edition: EditionInfo) -> RoundPairing:
        from .pairer import pair_round

        return pair_round(inp, dubov_edition(edition))

    def pair(self, t: Tournament, rnd: int, rules: str = "auto") -> Paired:
        from ..history import players_to_pair
        from ..recorded import check_round_to_pair
        from ..systems import Paired
        from .pairer import pair_round

        check_round_to_pair(t, rnd)
        edition, why = self.edition_for(t, rules)
        return Paired(pair_round(players_to_pair(t, rnd), edition), edition, why)

    def pairing_json(self, t: Tournament, paired: Paired) -> dict[str, object]:
        from ..output import boards_document

        return boards_document(paired)

    def explain(
        self,
        t: Tournament,
        rnd: int,
        rules: str = "auto",
        player: int | None = None,
        against: int | None = None,
        team: int | None = None,
    ) -> Explanation:
        from .explain import explain_round

        edition, why = self.edition_for(t, rules)
        return explain_round(t, rnd, edition, player, against, why)

    def explain_players(
        self, t: Tournament, rnd: int, rules: str, players: list[int]
    ) -> Explanation:
        return self.explain(t, rnd, rules)

    def recorded_boards(self, t: Tournament, rnd: int, rules: str) -> list[tuple[int, int]]:
        """The record's boards in file order (the Dubov text's board order is C.04.2 3.6's:
        the audit's tables order them so)."""
        from ..recorded import recorded_round

        rec = recorded_round(t, rnd)
        return list(rec.boards) + list(rec.colourless)

    def team_tables(self, t: Tournament) -> TeamTables | None:
        return None

    def generate(self, request: GenerateRequest) -> tuple[str, int]:
        from trfaudit.corpus.config import ConfigError

        from .generate import generate_text

        try:
            texts = [
                generate_text(request.size or 20, request.rounds or 7, seed, *request.settings)
                for seed in request.seeds
            ]
        except ConfigError as exc:
            return f"trfaudit generate: {exc}", 2
        request.write(texts, "dubov")
        return f"{len(texts)} Dubov tournament{'s' if len(texts) != 1 else ''} written", 0


DUBOV = DubovSystem()
