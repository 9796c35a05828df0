"""The editions of the round-robin system and the ``192`` codes that name them (ETT26).

C.05 Annex 1 gives one set of tables; what varies is how a multiple round-robin repeats
them: "the fixture list will be repeated for the second half with the colours reversed", and
"it is recommended that the last two rounds of the first cycle be switched" so that nobody
has three games in a row with one colour.  ETT26 names the two ways apart:
``BERGER_ROUNDROBIN[_Gn]`` and ``BERGER_DOUBLEROUNDROBIN`` repeat the tables as printed
(edition ``berger``), ``FIDE_ROUNDROBIN`` and ``FIDE_DOUBLEROUNDROBIN`` follow the
recommendation (edition ``berger-fide``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class BergerEdition:
    """An edition as the registry lists it (``--rules berger``, ``--rules berger-fide``).

    ``swap_last_two``: in a round-robin of two or more cycles the first cycle's last two
    rounds are played in each other's place (C.05 Annex 1)."""

    name: str
    title: str
    swap_last_two: bool
    in_force_from: date | None = None
    in_force_until: date | None = None
    #: Nothing of the tables is left unmodelled (the checker reads this of every edition).
    model_gaps: str = ""


BERGER = BergerEdition(
    "berger",
    "the Berger tables (C.05 Annex 1), colours reversed in every second cycle",
    swap_last_two=False,
)
BERGER_FIDE = BergerEdition(
    "berger-fide",
    "the Berger tables (C.05 Annex 1), colours reversed in every second cycle and the first "
    "cycle's last two rounds switched",
    swap_last_two=True,
)
EDITIONS: tuple[BergerEdition, ...] = (BERGER, BERGER_FIDE)
BY_NAME: dict[str, BergerEdition] = {e.name: e for e in EDITIONS}

_CODE = re.compile(
    r"(?P<family>BERGER|FIDE)_(?P<double>DOUBLE)?ROUNDROBIN(?:_G(?P<cycles>[1-9][0-9]*))?"
)


@dataclass(frozen=True)
class CodeReading:
    """What a ``192`` code says: the edition, and the cycles it names (None: not named)."""

    edition: BergerEdition
    cycles: int | None


def read_code(code: str) -> CodeReading | None:
    """The reading of a round-robin ``192`` code, or None for any other code.

    ``BERGER_ROUNDROBIN_G2`` -> berger, 2 cycles; ``FIDE_DOUBLEROUNDROBIN`` -> berger-fide, 2;
    ``BERGER_ROUNDROBIN`` -> berger, cycles not named (ETT26: G1 is the default, and the
    number of rounds decides).  ``_Gn`` is read after ``BERGER_ROUNDROBIN`` only.

    >>> read_code("FIDE_DOUBLEROUNDROBIN").edition.name
    'berger-fide'
    >>> read_code("BERGER_TEAM_ROUNDROBIN") is None
    True
    """
    m = _CODE.fullmatch(code.strip().upper())
    if m is None or (m["cycles"] and (m["family"] != "BERGER" or m["double"])):
        return None
    edition = BERGER if m["family"] == "BERGER" else BERGER_FIDE
    cycles = 2 if m["double"] else int(m["cycles"]) if m["cycles"] else None
    return CodeReading(edition, cycles)
