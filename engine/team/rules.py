"""The rules of one Swiss Team event (C.04.6 2026), read from its ``192`` code.

``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`` (TRF-2026 4.7): the colour-preference
type (none named: no colour preferences, Art. 1.7), the primary score and, when a second score
is named, the secondary score used for colour allocation (Art. 1.2.1, 4.2.2).  ``FIDE_TEAM``
alone is ``FIDE_TEAM_TYPEA_MP_GP`` (the defaults of Arts 1.2.2 and 1.7).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

ColourType = Literal["A", "B", "none"]
Score = Literal["MP", "GP"]

#: The editions of C.04.6 this system pairs (C.04.6 2026: Council 28/10/2025, from 2026-02-01).
EDITIONS = ("2026",)
#: The 2024 edition (applied 2024-08-01 to 2026-01-31) is not implemented.
EDITION_DATES = {"2024": "2024-08-01", "2026": "2026-02-01"}

#: Criteria labels and their articles (C.04.6 2026 Art. 2), the words a finding quotes.
CRITERIA: dict[str, tuple[str, str]] = {
    "C1": ("2.1.1", "two teams shall not play against each other more than once"),
    "C2": ("2.1.2", "no PAB for a team that had a PAB, a forfeit win or a full-point bye"),
    "C3": ("2.2.1", "a legal pairing shall exist for all teams not yet paired"),
    "C4": ("2.3.1", "minimise the number of upfloaters"),
    "C5": ("2.3.2", "maximise the scores (in ascending order) of the upfloaters"),
    "C6": ("2.3.3", "the following scoregroup can be paired with the fewest upfloaters"),
    "C7": ("2.3.4", "minimise the upfloaters that were floaters in the previous round"),
    "C8": ("2.3.5", "minimise the teams whose colour preference is not fulfilled"),
    "C9": ("2.3.6", "minimise the teams whose strong colour preference is not fulfilled"),
    "C10": ("2.3.7", "minimise the upfloaters' opponents that were floaters in the previous round"),
}

_CODE = re.compile(
    r"^FIDE_TEAM(?:_(?P<type>TYPEA|TYPEB))?(?:_(?P<p>MP|GP))?(?:_(?P<s>MP|GP))?(?P<baku>_BAKU)?$"
)


class CodeError(ValueError):
    """A 192 code that names no Swiss Team variant."""


@dataclass(frozen=True)
class TeamRules:
    """How one event is paired: Art. 1.7 colour type, Art. 1.2 scores, C.04.7 Baku."""

    colours: ColourType = "A"
    primary: Score = "MP"
    secondary_used: bool = True  # Art. 4.2.2
    baku: bool = False
    code: str = "FIDE_TEAM"

    @property
    def secondary(self) -> Score:
        return "GP" if self.primary == "MP" else "MP"


def parse_code(code: str) -> TeamRules:
    """The rules a ``192`` code states (raises :class:`CodeError` for another code).

    Reading: a code naming one score only (``FIDE_TEAM_TYPEA_MP``) states that the other is
    not used for colours (Art. 1.2.1); ``FIDE_TEAM`` and ``FIDE_TEAM_BAKU`` take both
    defaults (Art. 1.2.2: MP primary, GP for colours; Art. 1.7: type A)."""
    text = code.strip().upper()
    m = _CODE.match(text)
    if not m or (m.group("s") and m.group("s") == m.group("p")):
        raise CodeError(f"192 {code!r} is not a FIDE_TEAM code of TRF-2026 4.7")
    bare = text in ("FIDE_TEAM", "FIDE_TEAM_BAKU")
    kind = m.group("type")
    colours: ColourType = "A" if bare or kind == "TYPEA" else "B" if kind == "TYPEB" else "none"
    primary: Score = "GP" if m.group("p") == "GP" else "MP"
    secondary_used = bare or m.group("s") is not None or m.group("p") is None
    baku = m.group("baku") is not None
    if baku and primary == "GP":
        raise CodeError(f"192 {code!r}: no Baku acceleration with game points (C.04.7 1.4.4)")
    return TeamRules(colours, primary, secondary_used, baku, text)
