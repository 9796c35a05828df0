"""Write a :class:`trf.model.Tournament` as TRF text in one of three dialects.

Dialects:

``trf16``
    FIDE TRF-16: 012-132 headers, 001 players, 013 teams.  Everything else is dropped, and
    every dropped fact is reported.
``trfx``
    TRF-16 plus the pairing-engine extensions: JaVaFo's ``XXR XXC XXA XXP XXS XXZ`` and bbp's
    ``BBW BBD BBL BBZ BBF BBU`` point lines.  The point system is written as ``BB?`` lines
    (what bbp reads) unless the file stated it with ``XXS`` only; an ``XXS`` line is added
    when the ``BB?`` lines cannot express it.  Next-round absences are written in the round
    column (``0000 - Z``), which JaVaFo and bbp both read, and as ``XXZ`` where the source
    had an ``XXZ`` or ``240`` line.
``trf26``
    FIDE TRF-2026: the TRF-16 records plus ``142 152 162 192``, ``###``, ``240 250 260 299``,
    team records and NRS lines.  ``XXC rank`` and point values ``162`` cannot express are
    kept as ``XXC`` / ``XXS`` lines (TRF-2026 readers ignore them), with a warning.

Records that carry model data (players, headers, rounds, colours, point system, acceleration,
prohibitions, next-round absences, tournament type) are rendered from the model at the place
where the file had them; other lines are written back verbatim.  A file already in canonical
form for its dialect is written back byte for byte (with LF line endings by default).

What the target dialect cannot represent is reported as a warning (a
:class:`trf.errors.Problem` with severity ``warning``), never dropped silently.
"""

from __future__ import annotations

import functools
import warnings as _warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import WARNING, Problem
from .model import (
    ALL_ROUNDS,
    HEADER_FIELDS,
    TRF16_HEADERS,
    EntryKind,
    Player,
    RecordKind,
    RoundEntry,
    Scoring,
    Tournament,
)

DIALECTS = ("trf16", "trfx", "trf26")
DIALECT_NAMES = {"trf16": "TRF-16", "trfx": "TRF(x)", "trf26": "TRF-2026"}


class TrfConversionWarning(UserWarning):
    """Issued by :func:`write` for each fact the target dialect cannot hold."""


@dataclass
class Conversion:
    text: str
    warnings: list[Problem] = field(default_factory=list)


# --------------------------------------------------------------------------------------------
# Numbers


@functools.lru_cache(maxsize=4096)
def decimal_text(value: Fraction, places: int = 1) -> tuple[str, bool]:
    """``value`` as a decimal with at least ``places`` decimals; the flag says it is exact."""
    value = Fraction(value)
    for digits in range(places, 5):
        scaled = value * 10**digits
        if scaled.denominator == 1:
            sign = "-" if scaled < 0 else ""
            whole, frac = divmod(abs(scaled.numerator), 10**digits)
            return (f"{sign}{whole}.{frac:0{digits}d}" if digits else f"{sign}{whole}"), True
    return f"{float(value):.{places}f}", False


def short_number(value: Fraction) -> str:
    """Shortest exact decimal: ``3``, ``0.5``, ``1.25`` (XXS style)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    text, _ = decimal_text(value, 1)
    return text


# --------------------------------------------------------------------------------------------
# Result codes

_ALLOWED_RESULTS = {
    EntryKind.PLAYED: "10=WDL",
    EntryKind.FORFEIT_WIN: "+",
    EntryKind.FORFEIT_LOSS: "-",
    EntryKind.PAB: "U+ ",
    EntryKind.HALF_BYE: "H= ",  # blank: a round left blank read as H (trf.blank_byes)
    EntryKind.FULL_BYE: "F ",
    EntryKind.ZERO_BYE: "Z- ",
    EntryKind.NOT_PAIRED: " Z",
}
_CANONICAL_RESULT = {
    EntryKind.FORFEIT_WIN: "+",
    EntryKind.FORFEIT_LOSS: "-",
    EntryKind.PAB: "U",
    EntryKind.HALF_BYE: "H",
    EntryKind.FULL_BYE: "F",
    EntryKind.ZERO_BYE: "Z",
    EntryKind.NOT_PAIRED: " ",
}
_BYE_LETTER = {EntryKind.ZERO_BYE: "Z", EntryKind.HALF_BYE: "H", EntryKind.FULL_BYE: "F"}

BLANK_BLOCK = " " * 8


_BLOCK_TEXT: dict[tuple[object, ...], str] = {}


def render_block(entry: RoundEntry) -> str:
    """The 8 significant columns of one round block (opponent, colour, result)."""
    key = (entry.kind, entry.opponent, entry.colour, entry.result)
    text = _BLOCK_TEXT.get(key)
    if text is None:
        text = _render_block(entry)
        if len(_BLOCK_TEXT) > 100_000:
            _BLOCK_TEXT.clear()
        _BLOCK_TEXT[key] = text
    return text


def _render_block(entry: RoundEntry) -> str:
    result = entry.result or " "
    if result.upper() not in _ALLOWED_RESULTS[entry.kind] or (
        entry.kind is EntryKind.PLAYED and result == " "
    ):
        result = _CANONICAL_RESULT.get(entry.kind, "=")
    if entry.opponent is None and result == " ":
        return BLANK_BLOCK
    opponent = "0000" if entry.opponent is None else f"{entry.opponent:>4}"
    colour = entry.colour if entry.colour in ("w", "b") else "-"
    return f"{opponent} {colour} {result}"


# --------------------------------------------------------------------------------------------
# The writer

_GROUP_OF = {
    RecordKind.XX_ROUNDS: "rounds",
    RecordKind.TOTAL_ROUNDS: "rounds",
    RecordKind.XX_COLOURS: "colours",
    RecordKind.INITIAL_COLOUR: "colours",
    RecordKind.XX_SCORING: "scoring",
    RecordKind.BB_SCORING: "scoring",
    RecordKind.POINT_SYSTEM: "scoring",
    RecordKind.XX_ACCELERATION: "acceleration",
    RecordKind.ACCELERATION: "acceleration",
    RecordKind.XX_FORBIDDEN: "forbidden",
    RecordKind.FORBIDDEN: "forbidden",
    RecordKind.XX_ABSENT: "absent",
    RecordKind.TYPE_CODE: "type",
}
_GROUP_ORDER = ("rounds", "colours", "scoring", "type", "acceleration", "forbidden", "absent")
_HEADER_GROUPS_26 = ("rounds", "colours", "scoring", "type")

# Verbatim record kinds that exist only in TRF-2026, with a name for messages.
_TRF26_ONLY = {
    RecordKind.COMMENT: "### comment",
    RecordKind.ABNORMAL_POINTS: "299 abnormal points",
    RecordKind.LINEUP: "300 out-of-order line-up",
    RecordKind.TEAM_RECORD: "310 team",
    RecordKind.TEAM_PAB: "320 team PAB",
    RecordKind.TEAM_FORFEIT: "330 forfeited match",
    RecordKind.CROSSTABLE: "801/802 crosstable",
    RecordKind.NRS: "NRS (national rating)",
}

_XXS_LITERAL = {  # JaVaFo's defaults for the XXS codes
    "WW": Fraction(1),
    "BW": Fraction(1),
    "WD": Fraction(1, 2),
    "BD": Fraction(1, 2),
    "WL": Fraction(0),
    "BL": Fraction(0),
    "ZPB": Fraction(0),
    "HPB": Fraction(1, 2),
    "FPB": Fraction(1),
    "PAB": Fraction(1),
    "FW": Fraction(1),
    "FL": Fraction(0),
}


def bb_can_express(s: Scoring) -> bool:
    """True if bbp's BB? lines can state ``s`` (they tie FW and FPB to W, HPB to D)."""
    return (
        not s.has_colour_values()
        and s.forfeit_win == s.win
        and s.full_bye == s.win
        and s.half_bye == s.draw
    )


def p162_can_express(s: Scoring) -> bool:
    """True if a TRF-2026 162 line can state ``s`` (it also ties ZPB to forfeit loss)."""
    return bb_can_express(s) and s.zero_bye == s.forfeit_loss


def xxs_codes(s: Scoring) -> dict[str, Fraction]:
    return {
        "WW": s.game_value("win", "w"),
        "BW": s.game_value("win", "b"),
        "WD": s.game_value("draw", "w"),
        "BD": s.game_value("draw", "b"),
        "WL": s.game_value("loss", "w"),
        "BL": s.game_value("loss", "b"),
        "ZPB": s.zero_bye,
        "HPB": s.half_bye,
        "FPB": s.full_bye,
        "PAB": s.pab,
        "FW": s.forfeit_win,
        "FL": s.forfeit_loss,
    }


# The XXS codes that each BB? line / 162 symbol sets.
_BB_CODES = {
    "BBW": ("WW", "BW", "FW", "FPB"),
    "BBD": ("WD", "BD", "HPB"),
    "BBL": ("WL", "BL"),
    "BBZ": ("ZPB",),
    "BBF": ("FL",),
    "BBU": ("PAB",),
}
_162_CODES = {
    "W": ("WW", "BW", "FW", "FPB"),
    "D": ("WD", "BD", "HPB"),
    "L": ("WL", "BL"),
    "A": ("ZPB", "FL"),
    "P": ("PAB",),
}


def _present(line: str | None) -> list[str]:
    """``[line]``, or nothing when there is no line."""
    return [] if line is None else [line]


def render_xxs(s: Scoring, also: frozenset[str] | set[str] = frozenset()) -> str | None:
    """One XXS line stating every value that differs from JaVaFo's defaults, or None.

    ``also`` names codes to state even at their default value: those that BB? or 162 lines
    written before this line have set, so that this later XXS line overrides them.
    """
    codes = xxs_codes(s)
    parts: list[str] = []

    def needed(code: str) -> bool:
        return codes[code] != _XXS_LITERAL[code] or code in also

    def take(shortcut: str, members: tuple[str, ...]) -> None:
        values = {codes[m] for m in members}
        if len(values) == 1:
            if any(needed(m) for m in members):
                parts.append(f"{shortcut}={short_number(values.pop())}")
            for m in members:
                codes.pop(m)

    take("W", ("WW", "BW", "FW", "FPB"))
    take("D", ("WD", "BD", "HPB"))
    for code in ("WW", "BW", "FW", "FPB", "WD", "BD", "HPB", "WL", "BL", "ZPB", "FL", "PAB"):
        if code in codes and needed(code):
            parts.append(f"{code}={short_number(codes[code])}")
    return "XXS " + " ".join(parts) if parts else None


def _codes_set_by(
    lines: list[str], table: dict[str, tuple[str, ...]], symbols: Callable[[str], Iterable[str]]
) -> set[str]:
    found: set[str] = set()
    for line in lines:
        for symbol in symbols(line):
            found.update(table.get(symbol, ()))
    return found


def render_bb(s: Scoring) -> list[str]:
    lines = []
    for code, value, default in (
        ("BBW", s.win, Fraction(1)),
        ("BBD", s.draw, Fraction(1, 2)),
        ("BBL", s.loss, Fraction(0)),
        ("BBZ", s.zero_bye, Fraction(0)),
        ("BBF", s.forfeit_loss, Fraction(0)),
        ("BBU", s.pab, s.win),
    ):
        if value != default:
            lines.append(f"{code} {decimal_text(value)[0]:>4}")
    return lines


def render_162(s: Scoring, unknown: Fraction | None = None) -> str | None:
    """The ``162`` line for ``s`` (symbols at their default left out); ``unknown`` is the
    ``X`` value (an unknown result, TRF-2026 4.2), written whenever the file stated it."""
    pairs = []
    for symbol, value, default in (
        ("W", s.win, Fraction(1)),
        ("D", s.draw, Fraction(1, 2)),
        ("L", s.loss, Fraction(0)),
        ("A", s.zero_bye, Fraction(0)),
        ("P", s.pab, s.win),
    ):
        if symbol == "A" and s.zero_bye != s.forfeit_loss:
            continue  # left to the XXS line that must follow
        if value != default:
            pairs.append(f" {symbol}{decimal_text(value)[0]:>4}")
    if unknown is not None:
        pairs.append(f" X{decimal_text(unknown)[0]:>4}")
    return "162 " + "   ".join(pairs) if pairs else None


def acceleration_runs(
    acc: dict[int, dict[int, Fraction]], ids: Iterable[int] = ()
) -> list[tuple[Fraction, int, int, int, int]]:
    """Acceleration as 250 ranges ``(points, first round, last round, first id, last id)``;
    ``ids`` are the tournament's player ids (a range covers every one between its ends)."""
    runs: dict[tuple[Fraction, int, int], list[int]] = {}
    for tpn in sorted(acc):
        rounds = acc[tpn]
        start: int | None = None
        prev, current = 0, Fraction(0)  # the run so far (read only once ``start`` is set)
        for round_ in sorted(rounds):
            value = rounds[round_]
            if start is not None and round_ == prev + 1 and value == current:
                prev = round_
                continue
            if start is not None:
                runs.setdefault((current, start, prev), []).append(tpn)
            start, prev, current = round_, round_, value
        if start is not None:
            runs.setdefault((current, start, prev), []).append(tpn)
    # A range covers every player of the file from its first id to its last: a player between
    # two accelerated ones who is not accelerated (a late entry) splits it; a missing id does not.
    order = sorted(set(ids) | set(acc))
    position = {tpn: i for i, tpn in enumerate(order)}
    result = []
    for (value, first, last), tpns in runs.items():
        low = prev_tpn = tpns[0]
        for tpn in tpns[1:]:
            if position[tpn] != position[prev_tpn] + 1:
                result.append((value, first, last, low, prev_tpn))
                low = tpn
            prev_tpn = tpn
        result.append((value, first, last, low, prev_tpn))
    result.sort(key=lambda run: (run[1], run[2], run[3]))
    return result


class _Writer:
    def __init__(self, t: Tournament, dialect: str) -> None:
        if dialect not in DIALECTS:
            raise ValueError(f"unknown dialect {dialect!r}; expected one of {', '.join(DIALECTS)}")
        self.t = t
        self.dialect = dialect
        self.name = DIALECT_NAMES[dialect]
        self.warnings: list[Problem] = []
        self.recorded = t.recorded_rounds()
        self.next_round = self.recorded + 1
        self.dropped: dict[str, tuple[int, int]] = {}  # what -> (count, first line)
        kinds = {record.kind for record in t.records}
        self.had_xxs = RecordKind.XX_SCORING in kinds
        self.had_bb = RecordKind.BB_SCORING in kinds

    # -- diagnostics ----------------------------------------------------------------------------
    def warn(self, message: str, line: int = 0, column: int = 1) -> None:
        self.warnings.append(Problem(self.t.file, line, column, message, None, WARNING))

    def drop(self, what: str, line: int) -> None:
        count, first = self.dropped.get(what, (0, line))
        self.dropped[what] = (count + 1, first)

    # -- players ------------------------------------------------------------------------------
    def player_line(self, p: Player) -> str:
        t = self.t
        points = p.points
        announced = list(p.announced)
        if self.dialect == "trf16":
            if announced:
                ann = announced[0]
                value = t.scoring.points(ann) if ann.round == self.next_round else 0
                if value and points is not None and points == t.score(p.tpn, self.recorded) + value:
                    points -= value
                self.warn(
                    f"player {p.tpn}: round {ann.round} announcement "
                    f"'{render_block(ann).strip()}' dropped (TRF-16 has no next-round data)"
                    + (
                        f"; points reduced to {decimal_text(points)[0]}"
                        if points != p.points
                        else ""
                    ),
                    p.line,
                )
            announced = []
        elif self.dialect == "trfx":
            kind = t.absent_next.get(p.tpn)
            if kind is not None and not any(e.round == self.next_round for e in announced):
                announced.insert(
                    0, RoundEntry(self.next_round, kind, None, None, _BYE_LETTER.get(kind, "Z"))
                )
        fields = self.static_fields(p, points)
        blocks = [render_block(e) for e in p.entries]
        while blocks and blocks[-1] == BLANK_BLOCK:
            blocks.pop()
        for entry in announced:
            while len(blocks) < entry.round - 1:
                blocks.append(BLANK_BLOCK)
            if len(blocks) == entry.round - 1:
                blocks.append(render_block(entry))
        line = fields + "".join("  " + block for block in blocks)
        return line.rstrip()

    def static_fields(self, p: Player, points: Fraction | None) -> str:
        def fit(value: str, width: int, what: str) -> str:
            value = value or ""
            if len(value) > width:
                self.warn(f"player {p.tpn}: {what} {value!r} cut to {width} characters", p.line)
                return value[:width]
            return value

        if not 1 <= p.tpn <= 9999:
            self.warn(f"player number {p.tpn} does not fit 4 columns", p.line)
        points_text = ""
        if points is not None:
            points_text, exact = decimal_text(points)
            if not exact:
                self.warn(f"player {p.tpn}: points {points} rounded to {points_text}", p.line)
        rating = "" if not p.rating else str(p.rating)
        rank = "" if p.rank is None else str(p.rank)
        return "001 %4s %1s%3s %-33s %4s %-3s %11s %-10s%5s %4s" % (
            p.tpn,
            fit(p.sex, 1, "sex"),
            fit(p.title, 3, "title"),
            fit(p.name, 33, "name"),
            fit(rating, 4, "rating"),
            fit(p.federation, 3, "federation"),
            fit(p.fide_id, 11, "FIDE id"),
            fit(p.birth_date, 10, "birth date"),
            fit(points_text, 5, "points"),
            fit(rank, 4, "rank"),
        )

    # -- groups -------------------------------------------------------------------------------
    def render_group(self, group: str) -> list[str]:
        lines: list[str] = getattr(self, f"group_{group}")()
        return lines

    def group_rounds(self) -> list[str]:
        n = self.t.total_rounds
        if n is None:
            return []
        if self.dialect == "trfx":
            return [f"XXR {n}"]
        if self.dialect == "trf26":
            return [f"142 {n}"]
        self.warn(f"total rounds ({n}) dropped: TRF-16 cannot state them")
        return []

    def group_colours(self) -> list[str]:
        t = self.t
        if self.dialect == "trfx":
            tokens = (["rank"] if t.pair_by_rank else []) + (
                [f"{'white' if t.initial_colour == 'w' else 'black'}1"] if t.initial_colour else []
            )
            return ["XXC " + " ".join(tokens)] if tokens else []
        lines = []
        if self.dialect == "trf26":
            if t.initial_colour:
                lines.append(f"152 {t.initial_colour.upper()}")
            if t.pair_by_rank:
                self.warn(
                    "pairing by file position (XXC rank) has no TRF-2026 record; "
                    "kept as an XXC line"
                )
                lines.append("XXC rank")
            return lines
        if t.initial_colour:
            self.warn(
                f"initial colour ({t.initial_colour}) dropped: TRF-16 cannot state it "
                "(readers infer it from round 1)"
            )
        if t.pair_by_rank:
            self.warn("pairing by file position (XXC rank) dropped: TRF-16 cannot state it")
        return []

    def group_scoring(self) -> list[str]:
        s = self.t.scoring
        x = self.t.unknown_result_points  # 162 X: only TRF-2026 can state it
        if x is not None and self.dialect != "trf26":
            self.warn(
                f"162 X {decimal_text(x)[0]} (unknown result) dropped: only TRF-2026 states it"
            )
        if s.is_default() and (x is None or self.dialect != "trf26"):
            return []
        if self.dialect == "trfx":
            if self.had_xxs and not self.had_bb:
                return _present(render_xxs(s))
            lines = render_bb(s)
            if not bb_can_express(s):
                self.warn(
                    "point system needs values BB? lines cannot state; written as BB? "
                    "lines (read by bbp) plus an XXS line (read by JaVaFo)"
                )
                also = _codes_set_by(lines, _BB_CODES, lambda line: [line[:3]])
                lines += _present(render_xxs(s, also))
            return lines
        if self.dialect == "trf26":
            lines = []
            line = render_162(s, x)
            if line:
                lines.append(line)
            if not p162_can_express(s):
                self.warn(
                    "point system needs values a 162 line cannot state (per-colour values, "
                    "forfeit win or full/half-point bye apart from win/draw, zero-point bye "
                    "apart from forfeit loss); kept as an XXS line"
                )
                also = _codes_set_by(lines, _162_CODES, lambda line: line[5::9])
                lines += _present(render_xxs(s, also))
            return lines
        self.warn(
            "point system " + (render_xxs(s) or "")[4:] + " dropped: in TRF-16 it is only "
            "implicit in the players' points"
        )
        return []

    def group_type(self) -> list[str]:
        code = self.t.type_code
        if not code:
            return []
        if self.dialect == "trf26":
            return [f"192 {code}"]
        self.warn(
            f"tournament type code 192 {code!r} dropped: {self.name} cannot state it "
            "(pairing engines take it on the command line)"
        )
        return []

    def group_acceleration(self) -> list[str]:
        acc = {tpn: rounds for tpn, rounds in self.t.accelerations.items() if rounds}
        if not acc:
            return []
        if self.dialect == "trfx":
            lines = []
            for tpn, rounds in acc.items():
                values = [rounds.get(r, Fraction(0)) for r in range(1, max(rounds) + 1)]
                lines.append(f"XXA {tpn:>4}" + "".join(f" {decimal_text(v)[0]:>4}" for v in values))
            return lines
        if self.dialect == "trf26":
            return [
                f"250 {'':4} {decimal_text(value)[0]:>4} {first:03d} {last:03d} {low:>4} {high:>4}"
                for value, first, last, low, high in acceleration_runs(acc, self.t.players)
            ]
        self.warn(f"acceleration of {len(acc)} player(s) dropped: TRF-16 cannot state it")
        return []

    def group_forbidden(self) -> list[str]:
        t = self.t
        if not t.forbidden_pairs:
            return []
        lines = []
        total = t.total_rounds or ALL_ROUNDS
        for group, first, last in t.forbidden_pairs:
            ids = sorted(group)
            listed = " ".join(str(i) for i in ids)
            if self.dialect == "trfx":
                if first <= 1 and last >= total:
                    lines.append(f"XXP {listed}")
                elif first <= self.next_round <= last:
                    lines.append(f"XXP {listed}")
                    self.warn(
                        f"prohibition {listed} for rounds {first}-{last} written as XXP, "
                        "which holds in all rounds"
                    )
                else:
                    self.warn(
                        f"prohibition {listed} for rounds {first}-{last} dropped: it does "
                        f"not cover round {self.next_round} and XXP holds in all rounds"
                    )
            elif self.dialect == "trf26":
                lines.append(
                    f"260 {first:03d} {min(last, 999):03d}" + "".join(f" {i:>4}" for i in ids)
                )
            else:
                self.warn(
                    f"prohibition {listed} (rounds {first}-{last}) dropped: TRF-16 cannot state it"
                )
        return lines

    def group_absent(self) -> list[str]:
        t = self.t
        if not t.absent_next:
            return []
        if self.dialect == "trfx":
            ids = [tpn for tpn, kind in t.absent_next.items() if kind is EntryKind.ZERO_BYE]
            return ["XXZ " + " ".join(str(i) for i in ids)] if ids else []
        if self.dialect == "trf26":
            lines = []
            for kind in (EntryKind.ZERO_BYE, EntryKind.HALF_BYE, EntryKind.FULL_BYE):
                ids = [tpn for tpn, k in t.absent_next.items() if k is kind]
                if ids:
                    lines.append(
                        f"240 {_BYE_LETTER[kind]} {self.next_round:03d}"
                        + "".join(f" {i:>4}" for i in ids)
                    )
            return lines
        in_column = {
            tpn
            for tpn, p in t.players.items()
            if any(e.round == self.next_round for e in p.announced)
        }  # those are reported with the player's line
        listed = ", ".join(
            f"{tpn} ({kind.value})" for tpn, kind in t.absent_next.items() if tpn not in in_column
        )
        if listed:
            self.warn(f"announcements for round {self.next_round} dropped: {listed}")
        return []

    # -- headers ------------------------------------------------------------------------------
    def header_value(self, code: str) -> str:
        name = HEADER_FIELDS[code]
        return getattr(self.t, name) or ""

    def render_header(self, code: str, value: str, raw: str | None) -> str:
        if raw is not None and raw[4:].rstrip() == value:
            return raw
        return f"{code} {value}".rstrip() if value else code

    # -- the file -----------------------------------------------------------------------------
    def run(self) -> list[str]:  # noqa: C901 - the canonical record order of a dialect, one record kind after another
        t, dialect = self.t, self.dialect
        out: list[str] = []
        done_groups: set[str] = set()
        written: set[int] = set()
        seen_headers: set[str] = set()
        deputies = list(t.deputy_arbiters)
        deputy_index = 0
        first_player = last_player = None
        past_byes = 0

        for record in t.records:
            kind = record.kind
            if kind is RecordKind.PLAYER:
                player = t.players.get(record.tpn) if record.tpn is not None else None
                if player is None or player.tpn in written:
                    continue
                if first_player is None:
                    first_player = len(out)
                out.append(self.player_line(player))
                written.add(player.tpn)
                last_player = len(out)
                continue
            group = _GROUP_OF.get(kind)
            if kind is RecordKind.BYE:
                if self.bye_round(record.raw) == self.next_round:
                    group = "absent"
                elif dialect == "trf26":
                    out.append(record.raw)
                    continue
                else:
                    past_byes += 1
                    self.drop("240 bye", record.line)
                    continue
            if group is not None:
                if group not in done_groups:
                    done_groups.add(group)
                    out.extend(self.render_group(group))
                continue
            if kind is RecordKind.HEADER:
                code = record.raw[:3]
                if dialect != "trf26" and code not in TRF16_HEADERS:
                    self.drop(f"{code} header", record.line)
                    continue
                if code == "112":
                    if deputy_index < len(deputies):
                        out.append(self.render_header(code, deputies[deputy_index], record.raw))
                        deputy_index += 1
                    continue
                if code in HEADER_FIELDS and code not in seen_headers:
                    seen_headers.add(code)
                    out.append(self.render_header(code, self.header_value(code), record.raw))
                    continue
                out.append(record.raw)
                continue
            if dialect != "trf26" and kind in _TRF26_ONLY:
                self.drop(_TRF26_ONLY[kind], record.line)
                continue
            out.append(record.raw)

        # players and headers that the records do not place
        missing = [p for tpn, p in t.players.items() if tpn not in written]
        if missing:
            at = len(out) if last_player is None else last_player
            out[at:at] = [self.player_line(p) for p in missing]
            if first_player is None:
                first_player = at
        top: list[str] = []
        for code in sorted(HEADER_FIELDS):
            if code not in seen_headers and self.header_value(code):
                if dialect != "trf26" and code not in TRF16_HEADERS:
                    self.warn(
                        f"header {code} {self.header_value(code)!r} dropped: "
                        f"{self.name} has no such record"
                    )
                    continue
                top.append(f"{code} {self.header_value(code)}")
            if code == "102":
                top.extend(f"112 {d}".rstrip() for d in deputies[deputy_index:])
                deputy_index = len(deputies)
        if dialect == "trf26":
            for group in _HEADER_GROUPS_26:
                if group not in done_groups:
                    done_groups.add(group)
                    top.extend(self.render_group(group))
        if top:
            at = 0 if first_player is None else first_player
            # headers that the file had stay first; new ones go just before the players
            out[at:at] = top
        for group in _GROUP_ORDER:
            if group not in done_groups:
                if group == "absent" and dialect == "trfx":
                    continue  # the round column already carries them (see player_line)
                out.extend(self.render_group(group))

        for what, (count, line) in self.dropped.items():
            reason = (
                "they repeat the 001 round data"
                if what == "240 bye"
                else f"{self.name} has no such record"
            )
            self.warn(f"{count} {what} line(s) dropped: {reason}", line)
        return out

    @staticmethod
    def bye_round(raw: str) -> int | None:
        text = raw[6:9].strip()
        return int(text) if text.isdigit() else None


def convert(t: Tournament, dialect: str, *, newline: str = "\n") -> Conversion:
    """Render ``t`` in ``dialect``; returns the text and the warnings about lost facts."""
    writer = _Writer(t, dialect)
    lines = writer.run()
    text = newline.join(lines) + newline if lines else ""
    return Conversion(text, writer.warnings)


def write(
    t: Tournament,
    dialect: str = "trf26",
    *,
    newline: str = "\n",
    warnings: list[Problem] | None = None,
) -> str:
    """Render ``t`` as TRF text in ``dialect`` (``trf16``, ``trfx`` or ``trf26``).

    The warnings about facts the dialect cannot hold are appended to ``warnings`` when a list
    is given; otherwise each is issued as a :class:`TrfConversionWarning`.
    """
    result = convert(t, dialect, newline=newline)
    if warnings is not None:
        warnings.extend(result.warnings)
    else:
        for problem in result.warnings:
            _warnings.warn(str(problem), TrfConversionWarning, stacklevel=2)
    return result.text
