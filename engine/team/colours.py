"""Colour preferences (C.04.6 2026 Art. 1.7) and colour allocation (Art. 4).

A team's colour history holds its played matches only (Art. 1.6.1; GHR 3.4 squeezes the
unplayed rounds out).  No colour rule is absolute (Preface): Art. 4.3 always decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .rules import ColourType

Strength = Literal["simple", "strong", "mild"]


@dataclass(frozen=True)
class Preference:
    """A colour preference: ``colour`` 'w'/'b' and its strength (type A: simple; type B:
    strong or mild)."""

    colour: str
    strength: Strength

    @property
    def strong(self) -> bool:
        return self.strength in ("simple", "strong")


def colour_difference(sequence: str) -> int:
    """Art. 1.6.2: matches with White minus matches with Black."""
    return sequence.count("w") - sequence.count("b")


def preference(sequence: str, kind: ColourType, last_round: bool) -> Preference | None:
    """Art. 1.7.1 (type A) and 1.7.2 (type B) for a team whose played colours are
    ``sequence`` (oldest first); ``last_round``: pairing the last round.

    Reading (Art. 1.7.2): a strong preference is decided before the last-round exception of
    the fifth paragraph, which closes the mild clauses only (CD 0 and WW before the last
    round is a strong preference for Black)."""
    if kind == "none" or not sequence:
        return None
    cd = colour_difference(sequence)
    top: Strength = "simple" if kind == "A" else "strong"
    if cd < -1 or (cd in (0, -1) and sequence[-2:] == "bb"):
        return Preference("w", top)
    if cd > 1 or (cd in (0, 1) and sequence[-2:] == "ww"):
        return Preference("b", top)
    if kind == "A":
        return None
    if cd == -1:
        return Preference("w", "mild")
    if cd == 1:
        return Preference("b", "mild")
    if not last_round:
        return Preference("w" if sequence[-1] == "b" else "b", "mild")
    return None


@dataclass(frozen=True)
class ColourTeam:
    """What Art. 4 reads of a team: TPN, scores, played colours, preference."""

    tpn: int
    primary: Fraction
    secondary: Fraction
    sequence: str
    pref: Preference | None


def first_team(a: ColourTeam, b: ColourTeam, use_secondary: bool) -> bool:
    """Art. 4.2: is ``a`` the first-team?  Reading: the scores are the standings scores,
    without the virtual points of an acceleration (C.04.7 1.5 lists what the pairing score
    is for, and colour allocation is not among them)."""
    if a.primary != b.primary:
        return a.primary > b.primary  # 4.2.1
    if use_secondary and a.secondary != b.secondary:
        return a.secondary > b.secondary  # 4.2.2
    return a.tpn < b.tpn  # 4.2.3


def allocate(
    a: ColourTeam, b: ColourTeam, kind: ColourType, initial: str, use_secondary: bool
) -> tuple[int, int, str]:
    """(white, black, article) for the pair ``a``-``b`` by Art. 4.3, first rule that applies."""
    first, second = (a, b) if first_team(a, b, use_secondary) else (b, a)
    other = {"w": "b", "b": "w"}

    def give(colour: str, rule: str) -> tuple[int, int, str]:
        if colour == "w":
            return first.tpn, second.tpn, rule
        return second.tpn, first.tpn, rule

    fp, sp = first.pref, second.pref
    if not first.sequence and not second.sequence:
        return give(initial if first.tpn % 2 == 1 else other[initial], "4.3.1")
    if fp is not None and sp is None:
        return give(fp.colour, "4.3.2")
    if fp is None and sp is not None:
        return give(other[sp.colour], "4.3.2")
    if fp is not None and sp is not None and fp.colour != sp.colour:
        return give(fp.colour, "4.3.3")
    if kind == "B" and fp is not None and sp is not None and fp.strong != sp.strong:
        return give(fp.colour if fp.strong else other[sp.colour], "4.3.4")
    fcd, scd = colour_difference(first.sequence), colour_difference(second.sequence)
    if fcd != scd:
        return give("w" if fcd < scd else "b", "4.3.5")
    # 4.3.6, with GHR 3.4: the played colours compared from the most recent, right-aligned.
    for fc, sc in zip(reversed(first.sequence), reversed(second.sequence)):
        if fc != sc:
            return give(other[fc], "4.3.6")
    if fp is not None:
        return give(fp.colour, "4.3.7")
    if first.sequence:
        return give(other[first.sequence[-1]], "4.3.8")
    return give(second.sequence[-1], "4.3.9")
