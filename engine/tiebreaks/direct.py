"""Direct Encounter (C.07 Art. 6): an order of a tied group, not a value."""

from __future__ import annotations

from fractions import Fraction

from .base import TieBreak, Value
from .event import Event, num


class DirectEncounter(TieBreak):
    """C.07 6 DE: the separate standings of the games among the tied participants (forfeits
    excluded unless ``/P`` or predetermined pairings, 6.1.1; several games between two of them
    count as the mean of their points, 6.1.2).  When all met, rank by it, and repeat inside
    each subgroup still level (6.2); in a Swiss with missing games, a participant takes the
    next place only if its score exceeds every other's maximum, a missing game counting as a
    win for the other (6.3).  A round-robin pair that never met is not covered (tiebreaks.md
    8): the group stays tied."""

    names = ("DE",)
    article = "C.07 6"
    variants = "P"

    def value(self, ev: Event, tpn: int) -> Value:
        return Value(None, "")  # DE orders groups; see order()

    def mutual(self, ev: Event, group: list[int]) -> dict[int, dict[int, Fraction]]:
        """For each member, the mean of its points against each member it met (6.1)."""
        members = set(group)
        got: dict[int, dict[int, list[Fraction]]] = {a: {} for a in group}
        for a in group:
            for g in ev.games[a]:
                if g.opponent in members and ev.counts_as_game(g, self.code.has("P")):
                    got[a].setdefault(g.opponent, []).append(g.points)
        return {
            a: {b: Fraction(sum(v, Fraction(0)), len(v)) for b, v in opp.items()}
            for a, opp in got.items()
        }

    def order(self, ev: Event, group: list[int], values: dict[int, Value]) -> list[list[int]]:
        return self._order(ev, list(group))

    def _order(self, ev: Event, group: list[int]) -> list[list[int]]:
        if len(group) < 2:
            return [group]
        met = self.mutual(ev, group)
        s = {a: sum(met[a].values(), Fraction(0)) for a in group}
        all_met = all(len(met[a]) == len(group) - 1 for a in group)
        if all_met:  # 6.2
            levels = sorted(set(s.values()), reverse=True)
            if len(levels) == 1:
                return [group]
            out: list[list[int]] = []
            for level in levels:
                out.extend(self._order(ev, [a for a in group if s[a] == level]))
            return out
        if ev.predetermined:
            return [group]  # a round-robin pair without a game: not covered by the text
        placed: list[list[int]] = []  # 6.3
        rest = list(group)
        while len(rest) > 1:
            best = max(s[a] for a in rest)
            top = [a for a in rest if s[a] == best]
            if len(top) > 1:
                break
            a = top[0]
            if all(
                s[a] > s[r] + ev.win * sum(1 for b in group if b != r and b not in met[r])
                for r in rest
                if r != a
            ):
                placed.append([a])
                rest.remove(a)
            else:
                break
        if not placed:
            return [group]
        return placed + self._order(ev, rest)

    def explain(self, ev: Event, group: list[int]) -> str:
        met = self.mutual(ev, group)
        return ", ".join(f"{a}: {num(sum(met[a].values(), Fraction(0)))}" for a in group)
