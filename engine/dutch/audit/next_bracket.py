"""The best next bracket a set of downfloaters allows (2017 C.7; 2012 C.12).

2017 C.7 (a bracket that is neither the PPB nor the CLB, A.9): "choose the set of
downfloaters in order first to maximise the number of pairs and then to minimise the PSD
(A.8) in the next bracket".  The value of a candidate is what its downfloaters *allow* in
the next bracket alone, not how that bracket was paired afterwards: the next bracket may
turn out to be the PPB and be paired again under C.4, which C.7 does not see.  So both the
record and the engine's pairing are valued here by the best pairing of the next bracket:
its downfloaters and the next scoregroup, C.1 and C.3 holding, the most pairs, then the
lowest PSD.  When the next bracket is the last one only its legal pairings count (the PAB
to an eligible player, C.2), as the engine counts them
(:class:`trfaudit.engine.dutch.criteria.NextPairs2017`).
"""

from __future__ import annotations

from trfaudit.engine.absolute import Forbidden, compatible
from trfaudit.engine.dutch.players import PlayerState
from trfaudit.engine.matching import max_weight_matching


def best_next_bracket(
    floaters: list[int],
    next_group: list[int],
    states: dict[int, PlayerState],
    point: int,
    forbidden: Forbidden,
    last: bool,
) -> tuple[list[tuple[int, int]], list[int]]:
    """The pairs (higher-ranked first) and the unpaired players of the best pairing of the
    bracket ``floaters`` + ``next_group`` (see the module docstring)."""
    members = list(dict.fromkeys(floaters + [p for p in next_group if p not in floaters]))
    if not next_group:
        return [], members
    low = min(states[p].score for p in next_group)  # A.8: the bracket's lowest score
    base = low - point

    def key(p: int) -> tuple[int, int]:
        return (-states[p].score, states[p].rank)

    edges: list[tuple[int, int]] = []
    for i, a in enumerate(members):
        for b in members[i + 1 :]:
            if compatible(states[a], states[b], forbidden):
                edges.append((a, b) if key(a) <= key(b) else (b, a))
    # The PSD is minimised lexicographically (highest difference first): each difference
    # weighs B**rank of its value, B above the number of differences, so that one more
    # difference of a higher value outweighs any number of lower ones.
    values = sorted(
        {states[p].score - base for p in members}
        | {abs(states[a].score - states[b].score) for a, b in edges}
    )
    rank = {v: i for i, v in enumerate(values)}
    b_ = len(members) + 1
    pair_unit: int = b_ ** (len(values) + 1)
    legal_unit = pair_unit * (len(members) + 1)

    def cost(v: int) -> int:
        w: int = b_ ** rank[v]
        return w

    weights: dict[tuple[int, int], int] = {}
    for a, b in edges:
        sa, sb = states[a].score, states[b].score
        w = pair_unit + cost(sa - base) + cost(sb - base) - cost(abs(sa - sb))
        if last:
            w += legal_unit * ((not states[a].bye_eligible) + (not states[b].bye_eligible))
        weights[(a, b)] = w
    mate = max_weight_matching(weights)
    pairs = [(a, b) for a, b in edges if mate.get(a) == b]
    unpaired = [p for p in members if p not in mate]
    return pairs, unpaired
