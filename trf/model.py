"""The in-memory model of a tournament report file.

The pairing engine is written against the names in this module: ``EntryKind``, ``RoundEntry``,
``Scoring``, ``Player`` and ``Tournament`` and their documented fields are a contract.  Fields
may be added; none may be renamed or change meaning.

The model is a superset of the TRF dialects: whatever a dialect states (TRF-16 header texts,
TRF(x) ``XX?`` lines, bbp's ``BB?`` lines, TRF-2026 records) has a place here, and lines the
model does not decode are kept verbatim in :attr:`Tournament.records` so that a writer can put
them back.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, overload

from .errors import Problem

if TYPE_CHECKING:
    from .abnormal import AbnormalPoints
    from .tiebreak_codes import TieBreakCode

# Last round of a prohibition that holds "in all rounds" (XXP) when the total is unknown.
# Round fields of TRF-2026 records are three digits wide, so no event goes beyond it.
ALL_ROUNDS = 999


class EntryKind(enum.Enum):
    """Meaning of one player's entry for one round."""

    PLAYED = "played"  # result 1 = 0 W D L with an opponent
    FORFEIT_WIN = "forfeit_win"  # '+' with an opponent
    FORFEIT_LOSS = "forfeit_loss"  # '-' with an opponent
    PAB = "pab"  # 'U' pairing-allocated bye (also legacy '0000 - +')
    HALF_BYE = "half_bye"  # 'H' (also legacy '0000 - =')
    FULL_BYE = "full_bye"  # 'F'
    ZERO_BYE = "zero_bye"  # 'Z', '0000 - -', or an all-blank block followed by later data
    NOT_PAIRED = "not_paired"  # padding beyond the player's recorded rounds, or a pending game


#: Result characters that mean a played game, by outcome for the player.
WIN_RESULTS = frozenset("1W")
DRAW_RESULTS = frozenset("=D")
LOSS_RESULTS = frozenset("0L")


@dataclass
class RoundEntry:
    """One player's entry for one round (one 10-column block of a 001 line)."""

    round: int  # 1-based
    kind: EntryKind
    opponent: int | None  # the opponent's TPN, or None
    colour: str | None  # 'w' / 'b' / None
    result: str  # the raw result character as in the file (' ' if blank)
    line: int = 0  # source line (1-based) of this block, 0 if not read from a file
    column: int = 0  # source column (1-based) where this block's opponent field starts

    @property
    def played(self) -> bool:
        """True for a game that was played over the board (counts for rematches and colours)."""
        return self.kind is EntryKind.PLAYED

    @property
    def pending(self) -> bool:
        """True for a game that is paired but has no result yet (a mid-round export)."""
        return self.kind is EntryKind.NOT_PAIRED and self.opponent is not None

    @property
    def is_bye(self) -> bool:
        """True for any entry without a game: PAB, half/full/zero-point bye."""
        return self.kind in (
            EntryKind.PAB,
            EntryKind.HALF_BYE,
            EntryKind.FULL_BYE,
            EntryKind.ZERO_BYE,
        )


def _codes(text: str) -> list[TieBreakCode]:
    from .tiebreak_codes import CodeError, TieBreakCode, parse_code, split_codes

    out = []
    for item, offset in split_codes(text or ""):
        try:
            out.append(parse_code(item, offset))
        except CodeError:  # kept in its place, as an unknown name (the reader warned)
            out.append(TieBreakCode(item, item.upper()))
    return out


@overload
def _frac(value: None) -> None: ...
@overload
def _frac(value: Fraction | int | float | str) -> Fraction: ...
def _frac(value: Fraction | int | float | str | None) -> Fraction | None:
    if value is None or isinstance(value, Fraction):
        return value
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


@dataclass
class Scoring:
    """Point values of a tournament's scoring system.

    Defaults: win 1, draw 1/2, loss 0, zero-point bye 0, forfeit loss 0; forfeit win, full-point
    bye and PAB default to the win value and the half-point bye to the draw value.  The
    ``*_white`` / ``*_black`` values are set only when a file gives colour-dependent values
    (``XXS WW=`` ...); ``None`` means "same as the colourless value".
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    zero_bye: Fraction = Fraction(0)
    forfeit_loss: Fraction = Fraction(0)
    # None given here means the usual value (win, win, draw, win): __post_init__ sets it.
    forfeit_win: Fraction = None  # type: ignore[assignment]
    full_bye: Fraction = None  # type: ignore[assignment]
    half_bye: Fraction = None  # type: ignore[assignment]
    pab: Fraction = None  # type: ignore[assignment]
    win_white: Fraction | None = None
    win_black: Fraction | None = None
    draw_white: Fraction | None = None
    draw_black: Fraction | None = None
    loss_white: Fraction | None = None
    loss_black: Fraction | None = None

    #: The names of the colourless values, in the order the writers use.
    FIELDS = (
        "win",
        "draw",
        "loss",
        "zero_bye",
        "forfeit_loss",
        "forfeit_win",
        "full_bye",
        "half_bye",
        "pab",
    )
    COLOUR_FIELDS = (
        "win_white",
        "win_black",
        "draw_white",
        "draw_black",
        "loss_white",
        "loss_black",
    )

    def __post_init__(self) -> None:
        for name in ("win", "draw", "loss", "zero_bye", "forfeit_loss"):
            setattr(self, name, _frac(getattr(self, name)))
        # colour-dependent values: either both colours are set and differ, or neither is
        for outcome in ("win", "draw", "loss"):
            base = getattr(self, outcome)
            white = _frac(getattr(self, f"{outcome}_white"))
            black = _frac(getattr(self, f"{outcome}_black"))
            white = base if white is None else white
            black = base if black is None else black
            if white == black:
                setattr(self, outcome, white)
                white = black = None
            setattr(self, f"{outcome}_white", white)
            setattr(self, f"{outcome}_black", black)
        self.forfeit_win = self.win if self.forfeit_win is None else _frac(self.forfeit_win)
        self.full_bye = self.win if self.full_bye is None else _frac(self.full_bye)
        self.half_bye = self.draw if self.half_bye is None else _frac(self.half_bye)
        self.pab = self.win if self.pab is None else _frac(self.pab)

    # -- values -------------------------------------------------------------------------------
    def game_value(self, outcome: str, colour: str | None) -> Fraction:
        """Value of a played game; ``outcome`` is 'win', 'draw' or 'loss'."""
        if colour in ("w", "b"):
            specific: Fraction | None = getattr(
                self, f"{outcome}_{'white' if colour == 'w' else 'black'}"
            )
            if specific is not None:
                return specific
        value: Fraction = getattr(self, outcome)
        return value

    def points(self, entry: RoundEntry) -> Fraction:
        """Points that ``entry`` scores under this system."""
        kind = entry.kind
        if kind is EntryKind.PLAYED:
            result = entry.result.upper()
            if result in WIN_RESULTS:
                return self.game_value("win", entry.colour)
            if result in DRAW_RESULTS:
                return self.game_value("draw", entry.colour)
            return self.game_value("loss", entry.colour)
        if kind is EntryKind.FORFEIT_WIN:
            return self.forfeit_win
        if kind is EntryKind.FORFEIT_LOSS:
            return self.forfeit_loss
        if kind is EntryKind.PAB:
            return self.pab
        if kind is EntryKind.HALF_BYE:
            return self.half_bye
        if kind is EntryKind.FULL_BYE:
            return self.full_bye
        if kind is EntryKind.ZERO_BYE:
            return self.zero_bye
        return Fraction(0)

    # -- comparisons --------------------------------------------------------------------------
    def has_colour_values(self) -> bool:
        return any(getattr(self, name) is not None for name in self.COLOUR_FIELDS)

    def is_default(self) -> bool:
        return self == Scoring()

    def as_dict(self) -> dict[str, Fraction | None]:
        return {name: getattr(self, name) for name in self.FIELDS + self.COLOUR_FIELDS}


@dataclass
class Player:
    """A 001 record: the static fields and one entry per recorded round."""

    tpn: int  # tournament pairing number (starting rank), 1-9999
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int = 0  # 0 = unrated (blank in the file)
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: Fraction | None = None  # the Points field as written, None if blank
    rank: int | None = None
    # index r-1 holds round r; exactly Tournament.recorded_rounds() entries after reading
    entries: list[RoundEntry] = field(default_factory=list)
    line: int = 0
    # In-column entries beyond the recorded rounds (``0000 - Z/H/F``): the first one, for round
    # recorded_rounds()+1, is an announcement for the round to be paired (also reflected in
    # Tournament.absent_next); any further ones are kept so that a writer can put them back.
    announced: list[RoundEntry] = field(default_factory=list)

    def entry(self, round_: int) -> RoundEntry | None:
        """The entry for 1-based ``round_``, or None beyond the recorded rounds."""
        if 1 <= round_ <= len(self.entries):
            return self.entries[round_ - 1]
        return None


def last_recorded_round(histories: list[list[RoundEntry]]) -> int:
    """The last round in which anyone has an opponent, a ``U`` or a ``+``, or, after it,
    in which every player holds a bye (``Z``/``H``/``F``): such a round is played, not an
    announcement for the next one (the reference engine's reading, bbpPairings
    ``evenUpMatchHistories``)."""
    last = 0
    for entries in histories:
        for entry in reversed(entries):
            if entry.round <= last:
                break
            if entry.opponent is not None or entry.kind is EntryKind.PAB or entry.result == "+":
                last = entry.round
                break
    while histories and all(len(e) > last and e[last].result != " " for e in histories):
        last += 1
    return last


@dataclass
class Team:
    """A TRF-16 013 team record: name and members' starting ranks in board order."""

    name: str
    members: list[int]
    line: int = 0


class RecordKind(enum.Enum):
    """Type of one line of a TRF file; the values are the grammar's rule names."""

    PLAYER = "player"  # 001
    TEAM = "team"  # 013
    HEADER = "header"  # 012-132, 172-222, 352, 362
    TOTAL_ROUNDS = "total_rounds"  # 142
    INITIAL_COLOUR = "initial_colour"  # 152
    POINT_SYSTEM = "point_system"  # 162
    TYPE_CODE = "type_code"  # 192
    COMMENT = "comment"  # ###
    BYE = "bye"  # 240
    ACCELERATION = "acceleration"  # 250
    FORBIDDEN = "forbidden"  # 260
    ABNORMAL_POINTS = "abnormal_points"  # 299
    LINEUP = "lineup"  # 300
    TEAM_RECORD = "team_record"  # 310
    TEAM_PAB = "team_pab"  # 320
    TEAM_FORFEIT = "team_forfeit"  # 330
    CROSSTABLE = "crosstable"  # 801 / 802
    NRS = "nrs"  # national rating support line
    XX_ROUNDS = "xx_rounds"  # XXR
    XX_COLOURS = "xx_colours"  # XXC
    XX_ACCELERATION = "xx_acceleration"  # XXA
    XX_FORBIDDEN = "xx_forbidden"  # XXP
    XX_SCORING = "xx_scoring"  # XXS
    XX_ABSENT = "xx_absent"  # XXZ
    BB_SCORING = "bb_scoring"  # BBW BBD BBL BBZ BBF BBU
    TORNELO = "tornelo"  # DAT
    BLANK = "blank"  # an empty or all-blank line
    UNKNOWN = "unknown"  # anything else, kept verbatim


@dataclass
class Record:
    """One line of the file, in file order.

    ``raw`` is the line as read (without its line ending).  The writer renders records that
    carry model data (players, scoring, rounds, colours, acceleration, prohibitions, next-round
    absences, headers) from the model, and writes the others back from ``raw``.
    """

    kind: RecordKind
    raw: str
    line: int = 0
    tpn: int | None = None  # the player of a 001 record

    @property
    def code(self) -> str:
        return self.raw[:3]


#: Header codes whose text the model keeps in a named Tournament field.
HEADER_FIELDS: dict[str, str] = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "062": "players_count",
    "072": "rated_players_count",
    "082": "teams_count",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
    "132": "round_dates",
    "182": "pairing_controller",
    "202": "tie_breaks",
    "212": "standings_order",
    "222": "time_control_code",
    "352": "board_colours",
    "362": "team_points",
}
#: TRF-16 header codes.
TRF16_HEADERS = frozenset(
    ["012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132"]
)


@dataclass
class Tournament:
    """A whole TRF file."""

    # -- 012-132 header texts, raw (text from column 5, trailing blanks removed) -----------
    name: str = ""  # 012
    city: str = ""  # 022
    federation: str = ""  # 032
    start_date: str = ""  # 042
    end_date: str = ""  # 052
    players_count: str = ""  # 062
    rated_players_count: str = ""  # 072
    teams_count: str = ""  # 082
    tournament_type: str | None = None  # 092 raw text
    chief_arbiter: str = ""  # 102
    deputy_arbiters: list[str] = field(default_factory=list)  # 112, one per line
    time_control: str = ""  # 122
    round_dates: str = ""  # 132 raw text (dates aligned with the 001 round blocks)
    # -- TRF-2026 headers kept as text ------------------------------------------------------
    pairing_controller: str = ""  # 182
    tie_breaks: str = ""  # 202
    standings_order: str = ""  # 212
    time_control_code: str = ""  # 222
    board_colours: str = ""  # 352
    team_points: str = ""  # 362
    # -- pairing parameters -----------------------------------------------------------------
    type_code: str | None = None  # raw 192 text
    total_rounds: int | None = None  # 142 or XXR
    initial_colour: str | None = None  # 'w' / 'b' from XXC white1/black1 or 152
    pair_by_rank: bool = False  # XXC rank
    scoring: Scoring = field(default_factory=Scoring)  # from BB?, XXS, 162
    #: 162 ``X``: the points of an unknown result (an adjourned game, TRF-2026 4.2).  No
    #: result code of a 001 block is an unknown result, so nothing scores it; kept to be
    #: written back.
    unknown_result_points: Fraction | None = None
    accelerations: dict[int, dict[int, Fraction]] = field(default_factory=dict)
    forbidden_pairs: list[tuple[frozenset[int], int, int]] = field(default_factory=list)
    absent_next: dict[int, EntryKind] = field(default_factory=dict)
    # 240 lines as read: (bye kind, round, players, source line).  Those for the round to be
    # paired are folded into absent_next; those for past rounds repeat the 001 data.
    bye_lines: list[tuple[EntryKind, int, list[int], int]] = field(default_factory=list)
    #: 299 records: points that do not follow from the point system (bonus, penalty, a
    #: result type revalued); applied by :meth:`entry_points` and :meth:`score`.
    abnormal_points: list[AbnormalPoints] = field(default_factory=list)
    # -- people -------------------------------------------------------------------------------
    players: dict[int, Player] = field(default_factory=dict)  # by TPN, in file order
    teams: list[Team] = field(default_factory=list)  # 013
    # -- the file -----------------------------------------------------------------------------
    records: list[Record] = field(default_factory=list)
    encoding: str = "utf-8"  # 'utf-8' or 'cp1252' for bytes input, 'text' for str input
    bom: bool = False  # a UTF-8 byte order mark was removed
    line_ending: str = "\n"  # the first line ending found: '\n', '\r\n' or '\r'
    file: str | None = None
    warnings: list[Problem] = field(default_factory=list)  # found while reading

    # -- rounds -------------------------------------------------------------------------------
    def recorded_rounds(self) -> int:
        """The rounds played so far (:func:`last_recorded_round`)."""
        return last_recorded_round([p.entries for p in self.players.values()])

    def next_round(self) -> int:
        """The round to be paired next (recorded_rounds() + 1)."""
        return self.recorded_rounds() + 1

    def score(self, tpn: int, after_round: int) -> Fraction:
        """Points of player ``tpn`` after rounds 1..after_round, under :attr:`scoring`.

        Acceleration is not included; see :meth:`acceleration`.
        """
        if self.abnormal_points:
            entries = self.players[tpn].entries[:after_round]
            return sum((self.entry_points(tpn, e) for e in entries), Fraction(0))
        points = self.scoring.points
        # Fraction arithmetic is slow: count how often each value occurs, then multiply.
        counts: dict[int, list[Any]] = {}
        for entry in self.players[tpn].entries[:after_round]:
            value = points(entry)
            slot = counts.get(id(value))
            if slot is None:
                counts[id(value)] = [value, 1]
            else:
                slot[1] += 1
        total = Fraction(0)
        for value, count in counts.values():
            total += value * count
        return total

    def entry_points(self, tpn: int, entry: RoundEntry) -> Fraction:
        """Points player ``tpn`` scores with ``entry``: the point system's value, with the
        ``299`` records that concern it applied (:mod:`trf.abnormal`)."""
        value = self.scoring.points(entry)
        if self.abnormal_points:
            from .abnormal import entry_value

            value = entry_value(self.abnormal_points, tpn, entry, value)
        return value

    # -- tie-breaks (TRF-2026 202 / 212) -----------------------------------------------------
    def tie_break_codes(self) -> list[TieBreakCode]:
        """The ``202`` codes, typed (``PTS`` is implied before them); a code outside the
        grammar keeps its place with its text as name (the reader warned about it)."""
        return _codes(self.tie_breaks)

    def standings_codes(self) -> list[TieBreakCode]:
        """The ``212`` codes, typed (``PTS`` is written explicitly when points count)."""
        return _codes(self.standings_order)

    def set_tie_breaks(self, codes: list[TieBreakCode]) -> None:
        """Record ``codes`` as the declared tie-breaks: ``202`` the list, ``212`` ``PTS`` and
        the list (TRF-2026 5.1); a list that starts with ``PTS`` is a standings order."""
        from .tiebreak_codes import format_list

        if codes and codes[0].name == "PTS":
            self.standings_order = format_list(codes)
            self.tie_breaks = format_list(codes[1:])
        else:
            self.tie_breaks = format_list(codes)
            self.standings_order = ",".join(["PTS"] + [c.text for c in codes])

    def acceleration(self, tpn: int, round_: int) -> Fraction:
        """Fictitious points of player ``tpn`` in ``round_`` (XXA / 250), 0 if none."""
        return self.accelerations.get(tpn, {}).get(round_, Fraction(0))

    def forbidden(self, a: int, b: int, round_: int) -> bool:
        """True if players ``a`` and ``b`` may not meet in ``round_`` (XXP / 260)."""
        for group, first, last in self.forbidden_pairs:
            if first <= round_ <= last and a in group and b in group:
                return True
        return False
