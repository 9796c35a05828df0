"""Tie-break codes of TRF-2026 records ``202`` and ``212`` (the MTB26 code grammar).

``202`` lists the tie-breaks the event declared (``PTS`` implied first); ``212`` the order
that defines the standings, ``PTS`` written explicitly.  A code is
``NAME [":" ("MP"|"GP")] { "/" variant }`` with the variants ``Cn Mn L±n Kx P F R`` (case is
not significant); organiser-defined codes are ``OTHER_<suffix>`` (C.07 4.1).  The text stays
in :attr:`Tournament.tie_breaks` / :attr:`Tournament.standings_order` as written (so the file
round-trips byte for byte); this module gives its typed form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

#: The MTB26 codes C.07 defines for team events only (Arts 11-13), as C.07 spells them.
TEAM_NAMES = frozenset(
    [
        "BC",
        "TBR",
        "BBE",
        "MPvGP",
        "EMMSB",
        "EMGSB",
        "EGMSB",
        "EGGSB",
        "EDE",
        "EDEBT",
        "EDEBB",
        "EDET",
        "EDEB",
    ]
)

#: Every name of the MTB26 list (individual and team, upper case), plus PTS.
NAMES = frozenset(
    [
        "PTS",
        "DE",
        "WIN",
        "WON",
        "BPG",
        "BWG",
        "PS",
        "REP",
        "GE",
        "STD",
        "TPN",
        "BH",
        "AOB",
        "FB",
        "SB",
        "KS",
        "ARO",
        "TPR",
        "PTP",
        "APRO",
        "APPO",
        "RTNG",
        "SSSC",
    ]
) | {name.upper() for name in TEAM_NAMES}

_NAME = re.compile(r"([A-Za-z]+|OTHER_\S*?)(?::(MP|GP))?(?=/|$)", re.IGNORECASE)
_VARIANT = re.compile(r"(?:([CMcm])(\d+)|([Ll])([+-]?)(\d+)|([Kk])(\d+(?:\.\d+)?)|([PFRpfr]))$")


@dataclass(frozen=True)
class Variant:
    """One ``/`` modifier: ``letter`` is ``C M L K P F R``; ``number`` its count (Cut-n,
    Median-n, half-points of a Koya shift with ``sign``, or the SSSC factor)."""

    letter: str
    number: Fraction | None = None
    sign: str = ""  # '+', '-' or '' (only for L)

    def text(self) -> str:
        if self.number is None:
            return self.letter
        n = self.number
        shown = str(n.numerator) if n.denominator == 1 else str(float(n))
        return f"{self.letter}{self.sign}{shown}"


@dataclass(frozen=True)
class TieBreakCode:
    """A parsed code.  ``text`` is the code exactly as written (reports key values by it);
    ``name`` is upper case; ``GE`` (the pre-2026 name of 7.6) is read as ``REP``."""

    text: str
    name: str
    score: str | None = None  # 'MP' / 'GP' for team events
    variants: tuple[Variant, ...] = field(default_factory=tuple)

    def has(self, letter: str) -> bool:
        return any(v.letter == letter for v in self.variants)

    def count(self, letter: str) -> int:
        """The n of Cn / Mn (0 when absent)."""
        for v in self.variants:
            if v.letter == letter and v.number is not None:
                return int(v.number)
        return 0

    def koya_shift(self) -> int:
        """Half-points the Koya limit moves (``/L+1`` → +1, ``/L-2`` → -2, ``/L1`` → +1)."""
        for v in self.variants:
            if v.letter == "L" and v.number is not None:
                return -int(v.number) if v.sign == "-" else int(v.number)
        return 0

    @property
    def other(self) -> bool:
        return self.name.startswith("OTHER_")

    def canonical(self) -> str:
        """The code in MTB26 spelling (upper case, signed Koya shift)."""
        text = self.name + (f":{self.score}" if self.score else "")
        for v in self.variants:
            if v.letter == "L" and not v.sign and v.number is not None:
                text += f"/L+{v.text()[1:]}"
            else:
                text += "/" + v.text()
        return text


class CodeError(ValueError):
    """A code that does not follow the grammar; ``offset`` is its 0-based position in the
    list text."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


def parse_code(text: str, offset: int = 0) -> TieBreakCode:
    """Parse one code (see the module docstring); raises :class:`CodeError`."""
    raw = text.strip()
    m = _NAME.match(raw)
    if not m:
        raise CodeError(f"tie-break code {raw!r} is not NAME[:MP|:GP][/variant...]", offset)
    name = m.group(1).upper()
    if name == "GE":
        name = "REP"  # C.07 2024 7.6 "GE", renamed REP in 2026 (definition unchanged)
    if not name.startswith("OTHER_") and name not in NAMES:
        raise CodeError(f"unknown tie-break {m.group(1)!r} in {raw!r}", offset)
    if name == "MPVGP":
        name = "MPvGP"
    variants: list[Variant] = []
    rest = raw[m.end() :]
    for part in rest.split("/")[1:] if rest else []:
        v = _VARIANT.match(part)
        if not v:
            raise CodeError(f"unknown modifier /{part} in {raw!r}", offset)
        if v.group(1):
            variants.append(Variant(v.group(1).upper(), Fraction(int(v.group(2)))))
        elif v.group(3):
            variants.append(Variant("L", Fraction(int(v.group(5))), v.group(4)))
        elif v.group(6):
            variants.append(Variant("K", Fraction(v.group(7))))
        else:
            variants.append(Variant(v.group(8).upper()))
    score = m.group(2).upper() if m.group(2) else None
    return TieBreakCode(raw, name, score, tuple(variants))


def split_codes(text: str) -> list[tuple[str, int]]:
    """The items of a comma-separated list with their offsets; blanks dropped (TRF26 5.3:
    split on commas and trim; a double blank is no empty code)."""
    items: list[tuple[str, int]] = []
    start = 0
    for part in text.split(","):
        stripped = part.strip()
        if stripped:
            items.append((stripped, start + len(part) - len(part.lstrip())))
        start += len(part) + 1
    return items


def parse_list(text: str) -> list[TieBreakCode]:
    """Parse a ``202``/``212`` list or a ``--tiebreaks`` option; raises :class:`CodeError`
    at the first bad code."""
    return [parse_code(item, offset) for item, offset in split_codes(text)]


def format_list(codes: list[TieBreakCode]) -> str:
    return ",".join(c.text for c in codes)
