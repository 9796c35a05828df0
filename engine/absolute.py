"""The absolute criteria on a pair: C1 and C3 (C.04.3 2026 Art. 2.1.1, 2.1.3; 2017 C.1, C.3).

One implementation, used by the pairer (which players may be paired) and by the checker's
legality check (why a recorded pair is illegal).  C2 (who may get the PAB) is the edition's
``bye_eligible`` rule (:mod:`trfaudit.engine.dutch.editions`).

* C1 (2.1.1): two players meet at most once.  Only *played* games count (C.04.2 2026 3.5:
  forfeits do not block a later pairing).  Pairs the organiser forbade (XXP/260) are treated
  like C1, as the reference engines treat them (an engine feature, not in C.04.3).
* C3 (2.1.3): two players with the same absolute colour preference (1.7.1) do not meet,
  unless one of them is a topscorer (1.8).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from .history import Game

Forbidden = Collection[frozenset[int]]


class PlayerState(Protocol):
    """What C1 and C3 read of a player, whatever the system: his games, opponents met in
    played games, and (C3) his colour preference, whether it is absolute (1.7.1) and whether
    he is a topscorer (1.8).  A system's player state provides these (the Dutch system's
    :class:`trfaudit.engine.dutch.players.PlayerState` does)."""

    @property
    def tpn(self) -> int: ...
    @property
    def games(self) -> Sequence[Game]: ...
    @property
    def opponents(self) -> Collection[int]: ...
    @property
    def preference(self) -> str | None: ...
    @property
    def absolute(self) -> bool: ...
    @property
    def topscorer(self) -> bool: ...


def rounds_met(a: PlayerState, b: int) -> list[int]:
    """C1: the rounds in which ``a`` played a game (not a forfeit) against ``b``."""
    return [g.round for g in a.games if g.played and g.opponent == b]


def prohibited(a: int, b: int, forbidden: Forbidden) -> bool:
    """C1 (extended): the organiser forbade ``a`` and ``b`` to meet in this round."""
    return frozenset((a, b)) in forbidden


def c3_guard(p: PlayerState) -> str | None:
    """The colour C3 protects for ``p``: its absolute preference, unless ``p`` is a
    topscorer (a topscorer may meet anyone with the same absolute preference)."""
    return p.preference if p.absolute and not p.topscorer else None


def c3_allows(x: str | None, y: str | None) -> bool:
    """C3 on the guarded colours (:func:`c3_guard`) of two players."""
    return x is None or x != y


def c3_clash(a: PlayerState, b: PlayerState) -> str | None:
    """The colour both ``a`` and ``b`` absolutely prefer when C3 forbids the pair, else None."""
    x = c3_guard(a)
    return None if c3_allows(x, c3_guard(b)) else x


def compatible(a: PlayerState, b: PlayerState, forbidden: Forbidden) -> bool:
    """C1 and C3: may ``a`` and ``b`` be paired?"""
    return (
        b.tpn not in a.opponents
        and not prohibited(a.tpn, b.tpn, forbidden)
        and c3_allows(c3_guard(a), c3_guard(b))
    )


class Compatibility:
    """C1 and C3 for the players of one round by their place in ``order`` (the pairer's
    sorted order): the same facts as :func:`compatible`, held as index sets so that the
    pairer's inner loops test a pair cheaply."""

    def __init__(self, order: Sequence[PlayerState], forbidden: Forbidden) -> None:
        index = {p.tpn: i for i, p in enumerate(order)}
        self.met: list[set[int]] = [{index[t] for t in p.opponents if t in index} for p in order]
        for pair in forbidden:
            a, b = (index.get(t) for t in pair)
            if a is not None and b is not None:
                self.met[a].add(b)
                self.met[b].add(a)
        self.guard: list[str | None] = [c3_guard(p) for p in order]

    def allows(self, i: int, j: int) -> bool:
        """C1 and C3 for the players at places ``i`` and ``j``."""
        return j not in self.met[i] and c3_allows(self.guard[i], self.guard[j])

    def partners_after(self) -> list[list[int]]:
        """For each place ``i``, the places after it that :meth:`allows` with ``i``,
        ascending: the places it met (C1) or shares a guarded colour with (C3) are taken
        out as one set."""
        n = len(self.met)
        sharing: dict[str, set[int]] = {}
        for j, g in enumerate(self.guard):
            if g is not None:
                sharing.setdefault(g, set()).add(j)
        out = []
        for i, g in enumerate(self.guard):
            barred = self.met[i] if g is None else self.met[i] | sharing[g]
            out.append([j for j in range(i + 1, n) if j not in barred])
        return out
