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
    from trfaudit.engine.history import RoundInput
    from trfaudit.engine.result import RoundPairing


class BergerSystem:
    """Round-robin by the Berger tables: the printed tables (``berger``) or with the first
    cycle's last two rounds switched (``berger-fide``)."""

    name = "BERGER"
    title = "the FIDE round-robin system (Berger tables, C.05 Annex 1)"
    code = "BERGER_ROUNDROBIN"
    #: Every ``192`` code prefix this system answers to (ETT26).
    codes = (
        "BERGER_ROUNDROBIN",
        "BERGER_DOUBLEROUNDROBIN",
        "FIDE_ROUNDROBIN",
        "FIDE_DOUBLEROUNDROBIN",
    )
    team = False
    editions: tuple[BergerEdition, ...] = EDITIONS
    by_name: Mapping[str, BergerEdition] = BY_NAME
    #: The checker's explanation of a round (the Dutch system's hook; this one's is explicit).
    explainer = "trfaudit.engine.berger.explain:explain_round"

    def recognises(self, code: str) -> bool:
        """Whether ``code`` (a ``192`` code, ``_BAKU`` removed) names this system."""
        return read_code(code) is not None

    def edition_named_by(self, code: str) -> BergerEdition | None:
        found = read_code(code)
        return found.edition if found is not None else None

    def edition_in_force(self, day: date) -> BergerEdition:
        """A date names no edition: the tables as printed."""
        return BERGER

    def pair(self, inp: RoundInput, edition: BergerEdition) -> RoundPairing:
        from .pairer import pair

        return pair(inp, edition)


BERGER_SYSTEM = BergerSystem()
