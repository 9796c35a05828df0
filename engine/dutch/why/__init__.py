"""``trfaudit explain``: why a round is paired as it is, per player, in the rules' terms
(:func:`.api.explain`; the answer's types are the shared :mod:`trfaudit.engine.explanation`)."""

from __future__ import annotations

from trfaudit.engine.dutch.why.api import explain
from trfaudit.engine.explanation import (
    Alternative,
    BracketInfo,
    Explanation,
    PlayerWhy,
    Reason,
    Verdict,
)

__all__ = ["Alternative", "BracketInfo", "Explanation", "PlayerWhy", "Reason", "Verdict", "explain"]
