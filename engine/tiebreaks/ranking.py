"""The ranking: points (unless a 212 list leaves them out), then each tie-break in its order,
each applied to the subgroups still tied (C.07 4.2); competition ranks (1, 1, 3)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from trfaudit.trf.model import Tournament
from trfaudit.trf.tiebreak_codes import TieBreakCode, parse_code

from .base import TieBreak, Unavailable, Value
from .catalogue import make
from .event import Event
from .texts import TieBreakRules


@dataclass
class Step:
    """One item of the list: its code, the tie-break (None when it cannot be computed, with
    the reason) and every participant's value."""

    code: TieBreakCode
    tiebreak: TieBreak | None
    reason: str = ""
    values: dict[int, Value] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return self.code.text


@dataclass
class Row:
    tpn: int
    rank: int
    points: Fraction
    group: tuple[int, ...]  # the participants sharing this place (self included)


@dataclass
class Standings:
    rules: TieBreakRules
    rounds: int
    steps: list[Step]  # PTS first when points count
    codes: list[TieBreakCode]  # the list as given (without an implied PTS)
    rows: list[Row]
    stopped: Step | None  # the first item that could not be computed, if it was needed
    notes: list[str]
    trail: dict[int, list[int]]  # per participant, its sub-group index after each step
    event: Event

    def row(self, tpn: int) -> Row:
        return next(r for r in self.rows if r.tpn == tpn)

    def deciding(self, a: int, b: int) -> int | None:
        """Index of the step that separates ``a`` and ``b``; None if none does."""
        for i, (x, y) in enumerate(zip(self.trail[a], self.trail[b])):
            if x != y:
                return i
        return None


def compute(
    t: Tournament,
    codes: list[TieBreakCode],
    rules: TieBreakRules,
    *,
    rounds: int | None = None,
    points_first: bool = True,
    predetermined: bool | None = None,
    unrated_rating: int | None = None,
) -> Standings:
    """Rank the participants of ``t`` after ``rounds`` (default: all recorded) by ``codes``.

    ``points_first``: PTS comes before the list (a 202 list or ``--tiebreaks``); False for a
    212 list, which names PTS itself where it counts (TRF-2026 5.3).
    """
    ev = Event(t, rules, rounds, predetermined=predetermined, unrated_rating=unrated_rating)
    listed = list(codes)
    if points_first and not any(c.name == "PTS" for c in listed):
        listed = [parse_code("PTS")] + listed
    notes: list[str] = []
    steps: list[Step] = []
    for code in listed:
        try:
            tb = make(code)
            tb.check(ev)
            values = {tpn: tb.cached(ev, tpn) for tpn in t.players}
        except Unavailable as exc:
            steps.append(Step(code, None, str(exc)))
            continue
        if code.name in ("STD", "TPN", "RTNG") and code.name not in rules.new_codes:
            notes.append(f"{code.text}: defined from the 2026 text on; computed all the same")
        if code.name in ("BH", "FB", "AOB") and ev.predetermined and not rules.buchholz_in_rr:
            notes.append(f"{code.text}: C.07 2026 Art. 8 bars Buchholz from round robins")
        steps.append(Step(code, tb, values=values))

    groups: list[list[int]] = [sorted(t.players)]
    trail: dict[int, list[int]] = {tpn: [] for tpn in t.players}
    stopped: Step | None = None
    for step in steps:
        if all(len(g) == 1 for g in groups):
            break
        if step.tiebreak is None:
            stopped = step
            notes.append(f"ranking undetermined from {step.label} on: {step.reason}")
            break
        split: list[list[int]] = []
        for g in groups:
            parts = [g] if len(g) == 1 else step.tiebreak.order(ev, g, step.values)
            for j, part in enumerate(parts):
                for tpn in part:
                    trail[tpn].append(j)
                split.append(sorted(part))
        groups = split
    rows: list[Row] = []
    place = 1
    for g in groups:
        for tpn in g:
            rows.append(Row(tpn, place, ev.score[tpn], tuple(g)))
        place += len(g)
    return Standings(rules, ev.rounds, steps, list(codes), rows, stopped, notes, trail, ev)
