"""Writing a round's pairing as the JaVaFo/bbpPairings list, whatever the system (a system's
JSON document is its own: :meth:`trfaudit.engine.systems.System.pairing_json`)."""

from __future__ import annotations

from .result import RoundPairing


def as_list(p: RoundPairing) -> str:
    """Number of boards, then ``white black`` per board, then ``TPN 0`` for the PAB."""
    lines = [str(len(p.boards) + (p.bye is not None))]
    lines += [f"{b.white} {b.black}" for b in p.boards]
    if p.bye is not None:
        lines.append(f"{p.bye} 0")
    return "\n".join(lines) + "\n"
