"""A toy pairing system for the registry's test (test-only: not shipped with the package).

It pairs the players to be paired in order of score, then pairing number, two by two (1-2,
3-4, ...), the last one odd out gets the PAB; colours by the Dutch Art. 5.2 (so that the
checker's colour check has nothing to say).  Its one edition is the Dutch 2025 edition under
another name and code: the checker's legality and colour checks read an edition's rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from types import MappingProxyType

from trfaudit.engine.dutch.colours import allocate
from trfaudit.engine.dutch.editions import EDITION_2025, Edition
from trfaudit.engine.dutch.players import build_states
from trfaudit.engine.dutch.trace import DutchTrace
from trfaudit.engine.history import RoundInput
from trfaudit.engine.result import Board, RoundPairing

TOY_EDITION = replace(
    EDITION_2025,
    name="toy1",
    title="the toy system",
    type_codes=("TOY_ADJACENT_1",),
    in_force_from=None,
    in_force_until=None,
)

#: Every explanation this system was asked for (the checker reads it from the registry).
EXPLAINED: list[int] = []


def explain(inp, edition, rec, result, names):
    from trfaudit.engine.dutch.audit.quality import Explanation
    from trfaudit.engine.findings import ORDER

    EXPLAINED.append(inp.round)
    return Explanation(ORDER, "toy", None, None, None, "the toy system pairs neighbours")


class ToySystem:
    name = "TOY_ADJACENT"
    title = "the toy system"
    code = "TOY_ADJACENT"
    team = False
    editions: tuple[Edition, ...] = (TOY_EDITION,)
    by_name: Mapping[str, Edition] = MappingProxyType({"toy1": TOY_EDITION})
    explainer = f"{__name__}:explain"

    def edition_named_by(self, code: str) -> Edition | None:
        return TOY_EDITION if code.upper().removesuffix("_BAKU") == "TOY_ADJACENT_1" else None

    def edition_in_force(self, day: date) -> Edition:
        return TOY_EDITION

    def pair(self, inp: RoundInput, edition: Edition) -> RoundPairing:
        states = build_states(inp, edition)
        order = sorted(inp.to_pair, key=lambda tpn: (-states[tpn].score, tpn))
        bye = order.pop() if len(order) % 2 else None
        boards = []
        for a, b in zip(order[::2], order[1::2]):
            colour, rule = allocate(states[a], states[b], inp.initial_colour or "w")
            white, black = (a, b) if colour == "w" else (b, a)
            boards.append(Board(white, black, rule))
        return RoundPairing(inp.round, boards, bye, trace=DutchTrace(states=states))
