"""``trfaudit explain``: why a round is paired as it is, per player, in the rules' terms
(:func:`checker.why.api.explain`; the answer's types in :mod:`checker.why.model`)."""

from __future__ import annotations

from .api import explain
from .model import Alternative, BracketInfo, Explanation, PlayerWhy, Reason, Verdict

__all__ = ["Alternative", "BracketInfo", "Explanation", "PlayerWhy", "Reason", "Verdict", "explain"]
