"""Writing a round's pairing, whatever the system: the JaVaFo/bbpPairings list, and the
boards part of ``pair --format json`` that a system's own document
(:meth:`trfaudit.engine.systems.System.pairing_json`) starts with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .result import RoundPairing

if TYPE_CHECKING:
    from .systems import Paired


def as_list(p: RoundPairing) -> str:
    """Number of boards, then ``white black`` per board, then ``TPN 0`` for the PAB."""
    lines = [str(len(p.boards) + (p.bye is not None))]
    lines += [f"{b.white} {b.black}" for b in p.boards]
    if p.bye is not None:
        lines.append(f"{p.bye} 0")
    return "\n".join(lines) + "\n"


def boards_document(paired: Paired) -> dict[str, object]:
    """The round, the edition and why, the boards in order with their colour rules, the PAB."""
    p = paired.pairing
    return {
        "round": p.round,
        "rules": paired.edition.name,
        "rules_reason": paired.reason,
        "boards": [
            {"board": i + 1, "white": b.white, "black": b.black, "colour_rule": b.rule}
            for i, b in enumerate(p.boards)
        ],
        "bye": p.bye,
    }
