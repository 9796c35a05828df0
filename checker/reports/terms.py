"""The words of the Dutch system that explanations use, defined once for every report that
shows them (``explain`` as text and HTML, the check's HTML report, the web page)."""

from __future__ import annotations

from collections.abc import Iterable

#: S1/S2, MDP, resident and PAB (C.04.3 2026 Arts. 3.2, 1.4, 1.3; the PAB: C.04.1), defined
#: together whenever a reason uses one of the first three.
BASIC = (
    "S1 and S2 - the upper and lower parts of a bracket, S1's first player paired with S2's "
    "first and so on; MDP - a moved-down player, from a higher score group; resident - a "
    "player of the bracket's own score group; PAB - the pairing-allocated bye"
)
#: The remainder's subgroups (C.04.3 2026 Arts. 1.3, 3.3), added when a reason names them.
REMAINDER = (
    "S1R and S2R - S1 and S2 of the remainder, the residents left once the MDPs have their "
    "opponents"
)


def terms(texts: Iterable[str]) -> str | None:
    """The definitions the reasons ``texts`` need (``S1 and S2 - ...; MDP - ...``), or None."""
    texts = list(texts)
    if not any(w in t for t in texts for w in ("S1", "S2", "MDP", "resident")):
        return None
    if any("S1R" in t or "S2R" in t for t in texts):
        return f"{BASIC}; {REMAINDER}"
    return BASIC
