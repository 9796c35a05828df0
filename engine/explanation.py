"""What ``trfaudit explain`` answers: per player, his bracket, opponent, colour, bye and float,
each with the reasons in the edition's own terms (:class:`Reason`); with ``--against Q`` the
best round-pairing with P-Q paired and the verdict that compares it with the engine's.

Frozen dataclasses; :meth:`Explanation.to_json` is the document of
``checker/reports/schema/explain.schema.json``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

About = Literal["opponent", "colour", "float", "bye"]
Colour = Literal["w", "b"]
Bye = Literal["PAB", "H", "Z", "F"]
Float = Literal["down", "up"]
VerdictKind = Literal["illegal", "quality", "order", "same", "unexplained"]


@dataclass(frozen=True)
class Reason:
    """One sentence a committee member can read aloud, and the rule it rests on, labelled as
    the edition labels it (``C1``, ``C12``, ``5.2.4``, ``4.3``; 2017 ``C.10``, ``E.4``, ``D.2``).
    ``uncertain``: the engine does not model this part of the edition in full (2012), or the
    reason rests on the engine's search rather than on a measured comparison."""

    about: About
    rule: str
    text: str
    uncertain: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"about": self.about, "rule": self.rule, "text": self.text}
        if self.uncertain:
            out["uncertain"] = True
        return out


@dataclass(frozen=True)
class BracketInfo:
    """The bracket a player was paired in: its score (in points, as shown), its residents and
    its MDPs (moved-down players), by TPN in pairing order."""

    score: str
    residents: tuple[int, ...]
    mdps: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "residents": list(self.residents), "mdps": list(self.mdps)}


@dataclass(frozen=True)
class PlayerWhy:
    """One player's round: whom he plays, with which colour, or which bye, and why."""

    tpn: int
    name: str
    score: str
    bracket: BracketInfo | None
    opponent: int | None
    colour: Colour | None
    bye: Bye | None
    float: Float | None
    mdp: bool
    reasons: tuple[Reason, ...] = ()
    summary: str = ""  # one sentence in plain words, addressed to the player

    def to_json(self) -> dict[str, Any]:
        return {
            "tpn": self.tpn,
            "name": self.name,
            "score": self.score,
            "bracket": self.bracket.to_json() if self.bracket else None,
            "opponent": self.opponent,
            "colour": self.colour,
            "bye": self.bye,
            "float": self.float,
            "mdp": self.mdp,
            "reasons": [r.to_json() for r in self.reasons],
        } | ({"summary": self.summary} if self.summary else {})


@dataclass(frozen=True)
class Alternative:
    """A round-pairing: boards (white, black) and the PAB."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None

    def to_json(self) -> dict[str, Any]:
        return {"pairs": [list(p) for p in self.pairs], "bye": self.bye}


@dataclass(frozen=True)
class Verdict:
    """Why the engine's round and not the alternative: ``illegal`` (C1/C3: P-Q may not meet),
    ``quality`` (the first criterion on which the alternative is worse, with both values),
    ``order`` (every criterion ties: the generation-order article), ``same`` (the engine
    pairs P with Q), ``unexplained`` (the alternative looks better: an engine defect)."""

    kind: VerdictKind
    criterion: str | None
    engine: str | None
    alternative: str | None
    text: str
    uncertain: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "criterion": self.criterion,
            "engine": self.engine,
            "alternative": self.alternative,
            "text": self.text,
        }
        if self.uncertain:
            out["uncertain"] = True
        return out


@dataclass(frozen=True)
class Explanation:
    """The answer of ``trfaudit explain`` for one round (all players, or ``player``)."""

    round: int
    rules: str
    rules_reason: str
    recorded: bool  # the round is recorded in the file (else: the engine's next round)
    players: tuple[PlayerWhy, ...]
    boards: tuple[tuple[int, int], ...] = ()  # the engine's boards, in board order
    bye: int | None = None  # the engine's PAB
    finding: str | None = None  # the check finding when the record differs from the engine
    player: int | None = None
    against: int | None = None
    alternative: Alternative | None = None
    verdict: Verdict | None = None
    notes: tuple[str, ...] = field(default=())
    #: The TEC class of ``finding`` as ``check`` reports it (input, pairing, interpretation)
    finding_class: str | None = None
    #: The recorded round when it differs from the engine's (what the record gave each player)
    record: Alternative | None = None

    def to_json(self) -> dict[str, Any]:
        """The document of ``checker/reports/schema/explain.schema.json``."""
        out: dict[str, Any] = {
            "round": self.round,
            "rules": self.rules,
            "rules_reason": self.rules_reason,
            "recorded": self.recorded,
            "boards": [list(b) for b in self.boards],
            "bye": self.bye,
            "finding": self.finding,
            "player": self.player,
            "players": [p.to_json() for p in self.players],
            "notes": list(self.notes),
        }
        if self.finding_class is not None:
            out["finding_class"] = self.finding_class
        if self.record is not None:
            out["record"] = self.record.to_json()
        if self.against is not None:
            out["against"] = self.against
            out["alternative"] = self.alternative.to_json() if self.alternative else None
            out["verdict"] = self.verdict.to_json() if self.verdict else None
        return out
