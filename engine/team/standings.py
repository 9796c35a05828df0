"""Team standings (C.07 Arts 11-13): the primary score (C.04.6 Art. 1.2), then the
tie-breaks of the file's 212/202 list (or the secondary score), computed on
:class:`trfaudit.engine.tiebreaks.team.TeamEvent` from the derived team rounds."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from trfaudit.engine.tiebreaks.base import Unavailable
from trfaudit.engine.tiebreaks.event import Kind
from trfaudit.engine.tiebreaks.team import Match, TeamEvent
from trfaudit.engine.tiebreaks.texts import TieBreakRules
from trfaudit.trf.tiebreak_codes import TieBreakCode, parse_code

from .history import TeamHistory, TeamRound

_KIND = {
    "played": Kind.OTB,
    "forfeit_win": Kind.FW,
    "forfeit_loss": Kind.FL,
    "pab": Kind.PAB,
    "full_bye": Kind.FPB,
    "half_bye": Kind.HPB,
    "zero_bye": Kind.ZPB,
    "absent": Kind.ZPB,
}


@dataclass
class TeamRow:
    rank: int
    tpn: int
    name: str
    mp: Fraction
    gp: Fraction
    values: dict[str, str]
    recorded_rank: int | None


def team_event(history: TeamHistory, rules: TieBreakRules, primary: str) -> TeamEvent:
    def match(r: TeamRound) -> Match:
        return Match(r.round, _KIND[r.kind], r.opponent, r.colour, r.mp, r.gp)

    matches = {tpn: [match(r) for r in rs] for tpn, rs in history.rounds.items()}
    mp = (history.mp_values["W"], history.mp_values["D"])
    return TeamEvent(matches, rules, history.boards, primary=primary, mp_points=mp)


def standings(
    history: TeamHistory, names: dict[int, str], ranks: dict[int, int | None],
    primary: str, codes: list[TieBreakCode], rules: TieBreakRules,
) -> tuple[list[TeamRow], list[str]]:  # fmt: skip
    """The ranking by primary score then ``codes`` (default: the secondary score), and
    notes (a tie-break that cannot be computed ends the ranking's determination there)."""
    secondary = "GP" if primary == "MP" else "MP"
    codes = codes or [parse_code(f"PTS:{secondary}")]
    te = team_event(history, rules, primary)
    rounds = max((len(rs) for rs in history.rounds.values()), default=0)
    notes: list[str] = []
    keys: dict[int, list[object]] = {}
    shown: dict[int, dict[str, str]] = {}
    usable = list(codes)
    for tpn in history.rounds:
        keys[tpn] = [history.score(tpn, rounds, primary)]
        shown[tpn] = {}
    for code in list(usable):
        try:
            for tpn in history.rounds:
                if code.name == "PTS":
                    v: object = history.score(tpn, rounds, code.score or primary)
                else:
                    v = te.value(code, tpn).number
                keys[tpn].append(v)
                shown[tpn][code.text] = "-" if v is None else str(v)
        except Unavailable as exc:  # reported; the ranking is undetermined from here on
            notes.append(f"{code.text} cannot be computed for this team event ({exc})")
            for tpn in history.rounds:
                del keys[tpn][1 + usable.index(code) :]
            break
    order = sorted(history.rounds, key=lambda t: ([-_num(k) for k in keys[t]], t))
    rows = []
    for i, tpn in enumerate(order, start=1):
        r = history.rounds[tpn]
        rows.append(TeamRow(i, tpn, names.get(tpn, ""), history.score(tpn, len(r), "MP"),
                            history.score(tpn, len(r), "GP"), shown[tpn], ranks.get(tpn)))  # fmt: skip
    return rows, notes


def _num(value: object) -> Fraction:
    """A sortable number; an undefined value ranks last (tiebreaks.md 5.3)."""
    return Fraction(-(10**9)) if value is None else Fraction(str(value))
