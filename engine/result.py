"""What pairing a round gives, whatever the system: shared by every pairing system.

A :class:`RoundPairing` is the round, its boards and the PAB; what the system recorded on
the way (the Dutch system's brackets, player states and criteria:
:class:`trfaudit.engine.dutch.trace.DutchTrace`) is its ``trace``, which the system's
explainer in the checker reads (:mod:`trfaudit.engine.systems`).
"""

from __future__ import annotations

from dataclasses import dataclass


class NoPairing(Exception):
    """No round-pairing satisfies the absolute criteria (C.04.3 1.9.3: the arbiter decides)."""


@dataclass(frozen=True)
class Board:
    """One board: the TPNs of ``white`` and ``black`` and the key of the colour rule that
    decided (``5.2.1`` .. ``5.2.5``; the edition labels it)."""

    white: int
    black: int
    rule: str


@dataclass(frozen=True)
class RoundPairing:
    """The pairing of round ``round``: ``boards`` in board order (C.04.2 3.6), ``bye`` the
    TPN of the player who gets the pairing-allocated bye (None: nobody), ``bye_score`` that
    player's score in point units (None when the round is even), and ``trace`` what the
    system recorded while pairing (None: nothing)."""

    round: int
    boards: list[Board]
    bye: int | None
    bye_score: int | None = None
    trace: object | None = None
