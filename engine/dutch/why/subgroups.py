"""S1 and S2 of a bracket, and which alteration of Art. 4 produced the engine's pairs.

From the engine's trace of a bracket (its MDPs, residents and pairs) the subgroups are
formed as C.04.3 2026 Art. 3.2 forms them: a homogeneous bracket's S1 is its first MaxPairs
players (1.2 order), a heterogeneous bracket's S1 its M1 paired MDPs and S2 its residents,
the unpaired residents forming the remainder (S1R/S2R) (3.3).  MaxPairs and M1 are read from
the result, as 3.1 defines them.  The chosen pairs then show the exchange (4.3: who moved
between S1 and S2) and the transposition of S2 (4.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from trfaudit.engine.dutch.trace import BracketRecord
from trfaudit.engine.dutch.why.trace import Trace


@dataclass(frozen=True)
class Split:
    """One homogeneous part (the bracket or its remainder): the original S1 and S2, the
    exchange that the chosen pairs show, and the S1'/S2' it gives."""

    s1: tuple[int, ...]
    s2: tuple[int, ...]
    out: tuple[int, ...] = ()  # moved from S1 to S2 (4.3)
    into: tuple[int, ...] = ()  # moved from S2 to S1
    s1x: tuple[int, ...] = ()  # S1 after the exchange (1.2 order)
    s2x: tuple[int, ...] = ()


@dataclass(frozen=True)
class Shape:
    """The bracket as Art. 3 sees it, and the engine's pairs in it (higher player first)."""

    members: tuple[int, ...]
    mdps: tuple[int, ...]
    mdp_pairs: tuple[tuple[int, int], ...]
    remainder: Split
    pairs: dict[int, int] = field(default_factory=dict)  # higher -> lower


def shape(tr: Trace, br: BracketRecord) -> Shape:
    """See the module docstring."""
    members = tuple(tr.ranked(list(br.mdps) + list(br.residents)))
    pos = {p: i for i, p in enumerate(members)}
    mdps = tuple(tr.ranked(list(br.mdps)))
    higher = {}
    for a, b in br.pairs:
        h, low = (a, b) if pos[a] < pos[b] else (b, a)
        higher[h] = low
    mdp_pairs = tuple((m, higher[m]) for m in mdps if m in higher)
    used = {x for pr in mdp_pairs for x in pr}
    rem = [p for p in members if p not in used and p not in mdps]
    n1 = sum(1 for h, low in higher.items() if h not in used)
    s1, s2 = tuple(rem[:n1]), tuple(rem[n1:])
    s1x = tuple(p for p in rem if p in higher and p not in used)
    out = tuple(p for p in s1 if p not in s1x)
    into = tuple(p for p in s1x if p not in s1)
    s2x = tuple(p for p in rem if p not in s1x)
    return Shape(members, mdps, mdp_pairs, Split(s1, s2, out, into, s1x, s2x), higher)
