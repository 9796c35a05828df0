"""Writing a round's pairing: the JaVaFo/bbpPairings list, or JSON."""

from __future__ import annotations

import json

from .dutch.trace import trace_of
from .history import Points
from .result import RoundPairing


def as_list(p: RoundPairing) -> str:
    """Number of boards, then ``white black`` per board, then ``TPN 0`` for the PAB."""
    lines = [str(len(p.boards) + (p.bye is not None))]
    lines += [f"{b.white} {b.black}" for b in p.boards]
    if p.bye is not None:
        lines.append(f"{p.bye} 0")
    return "\n".join(lines) + "\n"


def as_json(p: RoundPairing, points: Points, edition: str, why: str) -> str:
    doc = {
        "round": p.round,
        "rules": edition,
        "rules_reason": why,
        "boards": [
            {"board": i + 1, "white": b.white, "black": b.black, "colour_rule": b.rule}
            for i, b in enumerate(p.boards)
        ],
        "bye": p.bye,
        "bye_score": None if p.bye_score is None else points.show(p.bye_score),
        "brackets": [
            {
                "score": points.show(b.score),
                "residents": b.residents,
                "mdps": b.mdps,
                "pairs": [list(x) for x in b.pairs],
                "downfloaters": b.downfloaters,
            }
            for b in trace_of(p).brackets
        ],
    }
    return json.dumps(doc, indent=2) + "\n"
