"""The team records of a TRF file, typed: TRF-2026 ``310`` teams, ``320`` the team PAB,
``330`` forfeited matches, ``300`` out-of-order line-ups, ``250`` team acceleration,
``352`` board colours and ``362`` match points; and TRF-16 ``013`` team lines (Swiss-Manager).

The reader keeps every team line verbatim in ``Tournament.records`` (so ``write`` gives it
back byte for byte); :func:`team_records` reads them into the dataclasses below, and each
dataclass renders itself in the layout of TRF-2026 section 4.6 (``render``), which reads back
to the same value.  :func:`to_json` is the JSON form (``trfaudit convert --to json`` of a team
file carries it under ``"teams"``).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any, Literal

from .model import RecordKind, Tournament

ForfeitKind = Literal["+-", "-+", "--"]


def _num(text: str) -> Fraction | None:
    text = text.strip()
    if not text:
        return None
    try:
        return Fraction(text)
    except ValueError:
        return None


def _int(text: str) -> int:
    text = text.strip()
    return int(text) if text.isdigit() else 0


def _pts(value: Fraction | None, width: int) -> str:
    if value is None:
        return " " * width
    return f"{float(value):{width}.1f}"


@dataclass(frozen=True)
class TeamLine:
    """One team: a ``310`` record (TRF-2026 4.6) or a TRF-16 ``013`` line.

    ``members`` are the players' starting ranks in board order (0 = an empty place).  A
    ``013`` line has no TPN: its TPN is its place among the ``013`` lines."""

    tpn: int
    name: str
    members: tuple[int, ...]
    nickname: str = ""
    strength: str = ""
    match_points: Fraction | None = None
    game_points: Fraction | None = None
    rank: int | None = None
    record: Literal["310", "013"] = "310"
    line: int = 0

    def render(self) -> str:
        """The line in its record's layout (310: TPN 5-7, name 9-40, nickname 42-46,
        strength 48-53, MP 55-60, GP 62-67, rank 69-71, members from 74-77 every 5)."""
        ids = "".join(f" {m:4d}" for m in self.members)
        if self.record == "013":  # members at 37-40, 42-45, ... (TRF-16)
            return f"013 {self.name:<32.32}{ids[1:]}"
        rank = f"{self.rank:3d}" if self.rank is not None else "   "
        head = (
            f"310 {self.tpn:3d} {self.name:<32.32} {self.nickname:<5.5} {self.strength:>6.6}"
            f" {_pts(self.match_points, 6)} {_pts(self.game_points, 6)} {rank} "
        )
        return (head + ids).rstrip()


@dataclass(frozen=True)
class TeamPab:
    """``320``: the points of the team PAB (MP 5-8, GP 10-13) and the team that received it
    in each round (15-17, 19-21, ...; 0 = none)."""

    match_points: Fraction | None
    game_points: Fraction | None
    teams: tuple[int, ...]
    line: int = 0

    def render(self) -> str:
        rounds = "".join(f" {t:3d}" for t in self.teams)
        return f"320 {_pts(self.match_points, 4)} {_pts(self.game_points, 4)}{rounds}".rstrip()

    def team(self, round_: int) -> int:
        """The team that received the PAB in ``round_`` (0: none)."""
        return self.teams[round_ - 1] if 1 <= round_ <= len(self.teams) else 0


@dataclass(frozen=True)
class TeamForfeit:
    """``330``: a forfeited match (type 5-6 ``+-`` ``-+`` ``--``, round 8-10, White team
    12-14, Black team 16-18)."""

    kind: ForfeitKind
    round: int
    white: int
    black: int
    line: int = 0

    def render(self) -> str:
        return f"330 {self.kind} {self.round:3d} {self.white:3d} {self.black:3d}"


@dataclass(frozen=True)
class LineUp:
    """``300``: an out-of-order line-up (round 5-7, team 9-11, opponent 13-15, then one
    player per board from 17-20, every 5; 0 = an empty board)."""

    round: int
    team: int
    opponent: int
    players: tuple[int, ...]
    line: int = 0

    def render(self) -> str:
        ids = "".join(f" {p:4d}" for p in self.players)
        return f"300 {self.round:3d} {self.team:3d} {self.opponent:3d}{ids}"


@dataclass(frozen=True)
class TeamAcceleration:
    """``250`` with match points: fictitious MP (5-8) and GP (10-13) for teams FIRST..LAST
    (23-26, 28-31) in rounds RRF..RRL (15-17, 19-21) (TRF-2026 4.4)."""

    match_points: Fraction | None
    game_points: Fraction | None
    first_round: int
    last_round: int
    first: int
    last: int
    line: int = 0


@dataclass
class TeamRecords:
    """Every team record of one file, typed."""

    teams: list[TeamLine] = field(default_factory=list)
    pab: TeamPab | None = None
    forfeits: list[TeamForfeit] = field(default_factory=list)
    lineups: list[LineUp] = field(default_factory=list)
    accelerations: list[TeamAcceleration] = field(default_factory=list)
    board_colours: str = ""  # 352, e.g. "WBWB"
    match_points: dict[str, Fraction] = field(default_factory=dict)  # 362: W D L
    source: Literal["310", "013", ""] = ""

    @property
    def boards(self) -> int:
        """The number of boards: 352's length, else the largest team's member count."""
        if self.board_colours:
            return len(self.board_colours)
        return max((len([m for m in t.members if m]) for t in self.teams), default=0)

    def team_of(self) -> dict[int, int]:
        """Each player's team (by starting rank)."""
        return {m: t.tpn for t in self.teams for m in t.members if m}


_362 = re.compile(r"T?([WDL])\s*(-?\d+(?:\.\d*)?)")


def parse_362(text: str) -> dict[str, Fraction]:
    """``362 TW  2.0   TD  1.0   TL  0.0`` -> {"W": 2, "D": 1, "L": 0} (any spacing)."""
    return {m.group(1): Fraction(m.group(2)) for m in _362.finditer(text[3:] if text else "")}


def render_362(points: dict[str, Fraction]) -> str:
    """The TRF-2026 layout: symbol at 5-6, value at 7-10, every 9 columns."""
    body = "".join(f"T{s}{float(points[s]):4.1f}   " for s in "WDL" if s in points)
    return ("362 " + body).rstrip()


def _ids(raw: str, start: int, width: int, stride: int) -> tuple[int, ...]:
    out = []
    for at in range(start, len(raw), stride):
        out.append(_int(raw[at : at + width]))
    while out and out[-1] == 0:
        out.pop()
    return tuple(out)


def parse_310(raw: str, line: int = 0) -> TeamLine:
    rank = raw[68:71].strip()
    return TeamLine(
        tpn=_int(raw[4:7]),
        name=raw[8:40].strip(),
        members=_ids(raw, 73, 4, 5),
        nickname=raw[41:46].strip(),
        strength=raw[47:53].strip(),
        match_points=_num(raw[54:60]),
        game_points=_num(raw[61:67]),
        rank=int(rank) if rank.isdigit() else None,
        line=line,
    )


def parse_320(raw: str, line: int = 0) -> TeamPab:
    return TeamPab(_num(raw[4:8]), _num(raw[9:13]), _ids(raw, 14, 3, 4), line)


def parse_330(raw: str, line: int = 0) -> TeamForfeit | None:
    kind = raw[4:6]
    if kind not in ("+-", "-+", "--"):
        return None
    return TeamForfeit(kind, _int(raw[7:10]), _int(raw[11:14]), _int(raw[15:18]), line)  # type: ignore[arg-type]


def parse_300(raw: str, line: int = 0) -> LineUp:
    players = []
    for at in range(16, len(raw), 5):
        players.append(_int(raw[at : at + 4]))
    return LineUp(_int(raw[4:7]), _int(raw[8:11]), _int(raw[12:15]), tuple(players), line)


def parse_250(raw: str, line: int = 0) -> TeamAcceleration | None:
    mp = _num(raw[4:8])
    if mp is None:
        return None  # an individual acceleration (GP only): the reader's business
    return TeamAcceleration(
        mp, _num(raw[9:13]), _int(raw[14:17]), _int(raw[18:21]), _int(raw[22:26]),
        _int(raw[27:31]), line,
    )  # fmt: skip


def team_records(t: Tournament) -> TeamRecords:
    """The team records of ``t`` (empty when it has none): 310 lines win over 013 lines
    (TRF-2026: 013 "to be phased out", both may be present in the transition)."""
    out = TeamRecords(board_colours=t.board_colours.strip().upper())
    out.match_points = parse_362(t.team_points) if t.team_points else {}
    for rec in t.records:
        raw = rec.raw
        if rec.kind is RecordKind.TEAM_RECORD:
            out.teams.append(parse_310(raw, rec.line))
        elif rec.kind is RecordKind.TEAM_PAB and out.pab is None:
            out.pab = parse_320(raw, rec.line)
        elif rec.kind is RecordKind.TEAM_FORFEIT:
            forfeit = parse_330(raw, rec.line)
            if forfeit is not None:
                out.forfeits.append(forfeit)
        elif rec.kind is RecordKind.LINEUP:
            out.lineups.append(parse_300(raw, rec.line))
        elif rec.kind is RecordKind.ACCELERATION:
            acc = parse_250(raw, rec.line)
            if acc is not None:
                out.accelerations.append(acc)
    if out.teams:
        out.source = "310"
        out.teams.sort(key=lambda team: team.tpn)
    elif t.teams:
        out.source = "013"
        out.teams = [
            TeamLine(i, team.name, tuple(team.members), record="013", line=team.line)
            for i, team in enumerate(t.teams, start=1)
        ]
    return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, Fraction):
        return str(value) if value.denominator != 1 else int(value)
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def to_json(records: TeamRecords) -> dict[str, Any]:
    """The JSON form: plain values, points as exact decimal strings or integers."""
    data: dict[str, Any] = _jsonable(asdict(records))
    data["boards"] = records.boards
    return data
