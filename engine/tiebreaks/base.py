"""What every tie-break is: a value per participant (or, for DE, an order of a tied group),
computed from an :class:`~engine.tiebreaks.event.Event`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from trfaudit.trf.tiebreak_codes import TieBreakCode

from .event import Event

Number = Fraction | int


@dataclass(frozen=True)
class Value:
    """A tie-break value (None: undefined, ranked last, tiebreaks.md 5.3) and how it is made
    up, in words a committee can check (``"R1 12:3.5 + R2 dummy 3.5 ...; cut R2"``)."""

    number: Number | None
    how: str = ""


class Unavailable(Exception):
    """The tie-break cannot be computed for this event (an unknown or team code, an
    organiser-defined code, unrated players without a rule for them, a bad modifier)."""


class TieBreak:
    """A tie-break of C.07 with its code (name and modifiers as written)."""

    names: ClassVar[tuple[str, ...]] = ()
    article: ClassVar[str] = ""
    variants: ClassVar[str] = ""  # modifier letters this tie-break accepts (MTB26)
    higher_is_better: ClassVar[bool] = True
    uses_tpn: ClassVar[bool] = False  # the value depends on the pairing numbers
    uses_rating: ClassVar[bool] = False  # Art. 10: subject to the unrated-player rule

    def __init__(self, code: TieBreakCode) -> None:
        self.code = code
        bad = [v.text() for v in code.variants if v.letter not in self.variants]
        if bad:
            raise Unavailable(
                f"{code.text}: modifier /{'/'.join(bad)} is not defined for "
                f"{code.name} ({self.article})"
            )
        if code.score is not None:
            raise Unavailable(
                f"{code.text}: :{code.score} applies to team events only (C.07 Art. 11)"
            )

    def check(self, ev: Event) -> None:
        """Raise :class:`Unavailable` when the event rules the tie-break out."""
        if self.uses_rating and ev.unrated_rating is None and ev.any_unrated():
            raise Unavailable(
                f"{self.code.text}: unrated players take part and no rating is "
                "set for them (C.07 Art. 10: the event's rules must say how "
                "unrated players count)"
            )

    def value(self, ev: Event, tpn: int) -> Value:
        raise NotImplementedError

    def cached(self, ev: Event, tpn: int) -> Value:
        """:meth:`value`, computed once per event and participant."""
        key = (self.code.canonical(), tpn)
        found = ev.memo.get(key)
        if found is None:
            found = ev.memo[key] = self.value(ev, tpn)
        return found  # type: ignore[return-value]

    def sort_key(self, v: Value) -> tuple[int, Fraction]:
        """Smaller sorts first; an undefined value sorts last."""
        if v.number is None:
            return (1, Fraction(0))
        n = Fraction(v.number)
        return (0, -n if self.higher_is_better else n)

    def order(self, ev: Event, group: list[int], values: dict[int, Value]) -> list[list[int]]:
        """Split a tied ``group`` into sub-groups, best first (C.07 4.2)."""
        keyed: dict[tuple[int, Fraction], list[int]] = {}
        for tpn in group:
            keyed.setdefault(self.sort_key(values[tpn]), []).append(tpn)
        return [keyed[k] for k in sorted(keyed)]


def half_up(x: Fraction) -> int:
    """Round to an integer, halves up (C.07 10.1: 1887.5 -> 1888)."""
    return int((x + Fraction(1, 2)).__floor__())


def half_up_cents(x: Fraction) -> Fraction:
    """Round to hundredths, halves up (AOB, and p in TPR: 0.375 -> 0.38)."""
    return Fraction(half_up(x * 100), 100)
