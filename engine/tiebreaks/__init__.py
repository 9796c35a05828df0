"""Tie-breaks of the FIDE regulations C.07 (2024 and 2026 texts) and the standings they give.

``compute(tournament, codes, rules)`` ranks the participants; every tie-break is a class of
:mod:`.catalogue` whose docstring cites its article.  Team tie-breaks (Arts 11-13) are not
computed for TRF files (their team records are not read into a team model yet): a list
that needs one is reported as undetermined from that item on.  :mod:`.team` computes them
from match results (BH:MP, BH:GP, the four ESB, SSSC, EDE).
"""

from .base import TieBreak, Unavailable, Value
from .catalogue import BY_NAME, CLASSES, TEAM_NAMES, make
from .event import Event, Kind, is_predetermined, num
from .ranking import Row, Standings, Step, compute
from .texts import IN_FORCE_2026, RULES_2024, RULES_2026, TB_RULES, TieBreakRules

__all__ = [
    "BY_NAME",
    "CLASSES",
    "Event",
    "IN_FORCE_2026",
    "Kind",
    "RULES_2024",
    "RULES_2026",
    "Row",
    "Standings",
    "Step",
    "TB_RULES",
    "TEAM_NAMES",
    "TieBreak",
    "TieBreakRules",
    "Unavailable",
    "Value",
    "compute",
    "is_predetermined",
    "make",
    "num",
]
