"""The FIDE round-robin system (Berger tables, C.05 Annex 1) as the registry's entry
(:mod:`trfaudit.engine.systems`).

Recognised from the ETT26 ``192`` codes ``BERGER_ROUNDROBIN[_Gn]``,
``BERGER_DOUBLEROUNDROBIN``, ``FIDE_ROUNDROBIN`` and ``FIDE_DOUBLEROUNDROBIN``, or chosen with
``--rules berger`` / ``--rules berger-fide``.  The checker's entry points are
:func:`.audit.audit_round`, :func:`.explain.explain_round`, :func:`.check.check_file` and
:mod:`.generate`:

* which system a file is: :func:`.editions.read_code` of its ``192`` code (not a team event);
* its edition and why: :func:`.check.edition_of`; its reading (cycles, table numbers, notes):
  :func:`.draw.read_draw`;
* one round's audit: :func:`.audit.audit_round` (``draw`` passed to read the file once);
  the evidence of the other order of the last two rounds: ``check._other_edition``;
* the next round: :func:`.pairer.pair_file` (the file's numbering), or :func:`.pairer.pair`
  from the shared ``RoundInput`` (starting numbers);
* explain: :func:`.explain.explain_round`; generate: :func:`.generate.generate`.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING

from .editions import BERGER, BY_NAME, EDITIONS, BergerEdition, read_code

if TYPE_CHECKING:
    from trfaudit.engine.explanation import Explanation
    from trfaudit.engine.findings import RoundReport
    from trfaudit.engine.history import RoundInput
    from trfaudit.engine.result import RoundPairing
    from trfaudit.engine.systems import (
        EditionInfo,
        GenerateRequest,
        Paired,
        Plan,
        Request,
        StandingsCheck,
        TaskMap,
        TeamTables,
    )
    from trfaudit.trf.model import Tournament
    from trfaudit.trf.system import PairingSystem


def berger_edition(edition: EditionInfo) -> BergerEdition:
    """``edition`` as this system's own (the registry hands out its editions only)."""
    assert isinstance(edition, BergerEdition), f"{edition.name} is not a Berger edition"
    return edition


class BergerSystem:
    """Round-robin by the Berger tables: the printed tables (``berger``) or with the first
    cycle's last two rounds switched (``berger-fide``)."""

    name = "BERGER"
    key = "berger"
    title = "the FIDE round-robin system (Berger tables, C.05 Annex 1)"
    code = "BERGER_ROUNDROBIN"
    team = False
    editions: tuple[BergerEdition, ...] = EDITIONS
    by_name: Mapping[str, BergerEdition] = BY_NAME

    def recognise(self, stated: PairingSystem) -> bool:
        """The ETT26 round-robin codes (``BERGER_ROUNDROBIN[_Gn]``,
        ``BERGER_DOUBLEROUNDROBIN``, ``FIDE_ROUNDROBIN``, ``FIDE_DOUBLEROUNDROBIN``), or no
        code and a ``092`` that calls the event a round robin (Swiss-Manager's ``Individual:
        Round Robin``)."""
        if stated.team:
            return False
        if stated.code is None:
            return stated.round_robin
        return read_code(stated.code.strip().upper().removesuffix("_BAKU")) is not None

    def edition_named_by(self, code: str) -> BergerEdition | None:
        found = read_code(code)
        return found.edition if found is not None else None

    def edition_in_force(self, day: date) -> BergerEdition:
        """A date names no edition: the tables as printed."""
        return BERGER

    def edition_for(self, t: Tournament, rules: str = "auto") -> tuple[BergerEdition, str]:
        from .file import edition_of

        edition, why = edition_of(t, rules)
        if edition is None:
            raise ValueError(why)
        return edition, why

    def prepare(self, t: Tournament, request: Request) -> Plan:
        from .file import prepare

        return prepare(t, request)

    def audit_round(
        self, t: Tournament, rnd: int, edition: EditionInfo, initial: str | None
    ) -> RoundReport:
        from .file import audit

        return audit(t, rnd, berger_edition(edition))

    def finish(
        self, t: Tournament, plan: Plan, reports: list[RoundReport], tasks: TaskMap = map
    ) -> list[RoundReport]:
        from .file import finish

        return finish(t, plan, reports)

    def standings(self, t: Tournament, tb_rules: str) -> StandingsCheck | None:
        return None  # the individual standings of C.07

    def pair_input(self, inp: RoundInput, edition: EditionInfo) -> RoundPairing:
        from .pairer import pair

        return pair(inp, berger_edition(edition))

    def pair(self, t: Tournament, rnd: int, rules: str = "auto") -> Paired:
        from trfaudit.engine.recorded import check_round_to_pair
        from trfaudit.engine.systems import Paired

        from .pairer import pair_file

        check_round_to_pair(t, rnd)
        edition, why = self.edition_for(t, rules)
        return Paired(pair_file(t, rnd, edition), edition, why)

    def pairing_json(self, t: Tournament, paired: Paired) -> dict[str, object]:
        from trfaudit.engine.output import boards_document

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

        if against is not None:
            raise ValueError("--against: a round-robin's opponents are the table's; none is chosen")
        edition, why = self.edition_for(t, rules)
        return explain_round(t, rnd, edition, player, why)

    def explain_players(
        self, t: Tournament, rnd: int, rules: str, players: list[int]
    ) -> Explanation:
        return self.explain(t, rnd, rules)

    def recorded_boards(self, t: Tournament, rnd: int, rules: str) -> list[tuple[int, int]]:
        """The record's games in the table's board order (C.05 Annex 1)."""
        from trfaudit.engine.recorded import recorded_round

        from .file import draw_of

        edition = self.by_name.get(rules) or self.edition_for(t)[0]
        rec = recorded_round(t, rnd)
        pairs = list(rec.boards) + list(rec.colourless)
        try:
            draw = draw_of(t, edition)
            games = draw.games(rnd)
        except (ValueError, KeyError, IndexError):
            return pairs
        board: dict[int, int] = {}
        for g in games:
            for number in (g.white, g.black):
                tpn = draw.tpn(number)
                if tpn is not None:
                    board[tpn] = g.board
        return sorted(pairs, key=lambda p: board.get(p[0], len(board)))

    def team_tables(self, t: Tournament) -> TeamTables | None:
        return None

    def generate(self, request: GenerateRequest) -> tuple[str, int]:
        from .generate import BergerGenConfig, GenerateError
        from .generate import generate as round_robin

        code = request.code or "BERGER_ROUNDROBIN"
        try:
            texts = [
                round_robin(BergerGenConfig(request.size or 8, code, seed, request.rounds))
                for seed in request.seeds
            ]
        except GenerateError as exc:
            return f"trfaudit generate: {exc}", 2
        request.write(texts, "berger")
        return f"{len(texts)} round-robin{'s' if len(texts) != 1 else ''} ({code}) written", 0


BERGER_SYSTEM = BergerSystem()
