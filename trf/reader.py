"""Read a TRF file into a :class:`trf.model.Tournament`.

Reading happens in three steps:

1. bytes are decoded (UTF-8 BOM removed, strict UTF-8, else cp1252) and line endings
   (LF, CRLF, CR) are normalised;
2. the Lark grammar in ``grammar.lark`` splits the text into records by their three-character
   code (LALR parser, contextual lexer);
3. each record's fixed columns are decoded here by slicing, and the cross-record facts
   (recorded rounds, next-round announcements, point system, acceleration, prohibitions) are
   resolved once the whole file is read.

:class:`trf.errors.TrfError` is the only exception that escapes :func:`parse` and :func:`read`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from .errors import NOTE, POINT_SYSTEM, TEAM_ACCELERATION, WARNING, Problem, TrfError
from .model import (
    ALL_ROUNDS,
    HEADER_FIELDS,
    EntryKind,
    Player,
    Record,
    RecordKind,
    RoundEntry,
    Scoring,
    Team,
    Tournament,
    last_recorded_round,
)

if TYPE_CHECKING:
    import lark

# --------------------------------------------------------------------------------------------
# The grammar


def _make_rule_callback(kind: RecordKind) -> Callable[[Any, list[Any]], tuple[RecordKind, Any]]:
    def callback(self: Any, children: list[Any]) -> tuple[RecordKind, Any]:
        return kind, children[0]

    return callback


_PARSER: lark.Lark | None = None  # built on first use: importing lark and building the
# LALR tables costs more than a whole small file's check, and --help needs neither


def grammar_text() -> str:
    try:  # beside this module: importlib.resources would add ~2 ms of imports to a check
        return Path(__file__).with_name("grammar.lark").read_text(encoding="utf-8")
    except OSError:  # pragma: no cover - a package inside a zip archive
        from importlib import resources

        grammar = resources.files("trfaudit.trf").joinpath("grammar.lark")
        return grammar.read_text(encoding="utf-8")


def build_parser(grammar: str, cache: str | bool) -> lark.Lark:
    """The record parser of ``grammar`` (LALR, contextual lexer); ``cache`` is lark's option:
    a file the LALR tables are loaded from when it holds this grammar's, else saved to."""
    import lark

    class _Collect(lark.Transformer[lark.Token, Any]):
        """Turns each record rule into ``(RecordKind, token)`` while the parser runs."""

        def start(self, children: list[Any]) -> list[Any]:
            return children

    for kind in RecordKind:
        if kind is not RecordKind.BLANK:
            setattr(_Collect, kind.value, _make_rule_callback(kind))
    return lark.Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        transformer=_Collect(),
        propagate_positions=False,
        maybe_placeholders=False,
        cache=cache,
    )


def _parser() -> lark.Lark:
    global _PARSER
    if _PARSER is None:
        import lark

        from .lark_cache import cache_file

        # The LALR tables, kept in the user's cache folder (trf.lark_cache): later
        # processes load them instead of building them again.
        grammar = grammar_text()
        _PARSER = build_parser(grammar, cache_file(grammar, lark.__version__))
    return _PARSER


# --------------------------------------------------------------------------------------------
# Text decoding

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")


@dataclass
class _Text:
    text: str
    encoding: str
    bom: bool
    line_ending: str


def _decode(data: bytes | str, file: str | None) -> _Text:
    bom = False
    if isinstance(data, str):
        text, encoding = data, "text"
        if text.startswith("\ufeff"):
            text, bom = text[1:], True
    else:
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TrfError(file, 0, 0, f"cannot read a {type(data).__name__}", "bytes or str")
        data = bytes(data)
        if b"\x00" in data:
            line = data[: data.index(b"\x00")].count(b"\n") + 1
            raise TrfError(file, line, 1, "binary data (NUL byte)", "a text file")
        if data.startswith(b"\xef\xbb\xbf"):
            data, bom = data[3:], True
        try:
            text, encoding = data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            try:
                text, encoding = data.decode("cp1252"), "cp1252"
            except UnicodeDecodeError as exc:
                line = data[: exc.start].count(b"\n") + 1
                raise TrfError(
                    file,
                    line,
                    1,
                    f"byte 0x{data[exc.start]:02x} is neither UTF-8 nor cp1252",
                    "UTF-8 or cp1252 text",
                ) from None
    if text.endswith("\x1a"):  # DOS end-of-file mark
        text = text[:-1]
    line_ending = "\n"
    match = re.search(r"\r\n|\r|\n", text)
    if match:
        line_ending = match.group()
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
    bad = _CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        raise TrfError(
            file,
            line,
            column,
            f"control character U+{ord(bad.group()):04X} in text",
            "printable text (is this a binary file?)",
        )
    return _Text(text, encoding, bom, line_ending)


# --------------------------------------------------------------------------------------------
# Field helpers

_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?$")
VALID_RESULTS = frozenset("10=WDL+-HFUZ ")
_BLOCK_CACHE: dict[str, tuple[EntryKind, int | None, str | None, str]] = {}
_BYE_KINDS = {"H": EntryKind.HALF_BYE, "F": EntryKind.FULL_BYE, "Z": EntryKind.ZERO_BYE}


_NUMBER_CACHE: dict[str, Fraction | None] = {}


def _number(text: str) -> Fraction | None:
    """A decimal number such as ``2.5``, ``17`` or ``2,5``; None if ``text`` is not one."""
    try:
        return _NUMBER_CACHE[text]
    except KeyError:
        pass
    stripped = text.strip()
    value = Fraction(stripped.replace(",", ".")) if _NUMBER.match(stripped) else None
    if len(_NUMBER_CACHE) < 10_000:
        _NUMBER_CACHE[text] = value
    return value


class _Reader:
    def __init__(self, file: str | None) -> None:
        self.file = file
        self.t = Tournament(file=file)
        self.raw_entries: dict[int, list[RoundEntry]] = {}
        self.player_lines: dict[int, int] = {}
        self.scoring_settings: list[tuple[str, int, str, Fraction]] = []
        self.xxs_seen = False
        self.xxz: list[tuple[int, int]] = []  # (tpn, line)
        self.bye_lines: list[tuple[EntryKind, int, list[int], int]] = []
        self.xxa: list[tuple[int, dict[int, Fraction], int]] = []
        self.acc_ranges: list[tuple[Fraction, int, int, int, int, int]] = []
        self.xxp: list[tuple[frozenset[int], int]] = []
        self.ranged_pairs: list[tuple[frozenset[int], int, int]] = []
        self.total_rounds_seen: list[tuple[int, int]] = []

    # -- diagnostics ----------------------------------------------------------------------------
    def error(self, line: int, column: int, message: str, expected: str | None = None) -> TrfError:
        return TrfError(self.file, line, column, message, expected)

    def warn(self, line: int, column: int, message: str, expected: str | None = None) -> None:
        self.t.warnings.append(Problem(self.file, line, column, message, expected, WARNING))

    @overload
    def int_field(self, text: str, line: int, column: int, what: str) -> int: ...
    @overload
    def int_field(
        self, text: str, line: int, column: int, what: str, *, required: bool
    ) -> int | None: ...
    def int_field(
        self, text: str, line: int, column: int, what: str, *, required: bool = True
    ) -> int | None:
        stripped = text.strip()
        if not stripped:
            if required:
                raise self.error(line, column, f"{what} is missing", "a number")
            return None
        if not stripped.isascii() or not stripped.isdigit():
            raise self.error(line, column, f"{what} {stripped!r} is not a number", "digits")
        return int(stripped)

    def id_list(self, raw: str, start: int, line: int, what: str) -> list[int]:
        """Whitespace-separated player numbers from index ``start`` on."""
        ids = []
        for match in re.finditer(r"\S+", raw[start:]):
            token = match.group()
            column = start + match.start() + 1
            if not token.isascii() or not token.isdigit():
                raise self.error(
                    line, column, f"{what}: {token!r} is not a player number", "digits"
                )
            ids.append(int(token))
        return ids

    def fixed_ids(self, raw: str, start: int, line: int, what: str) -> list[int]:
        """Player numbers in 4-column fields every 5 columns from index ``start`` on."""
        ids = []
        pos = start
        while pos < len(raw):
            field = raw[pos : pos + 4]
            if field.strip():
                ids.append(self.int_field(field, line, pos + 1, what))
            pos += 5
        return ids

    # -- records ------------------------------------------------------------------------------
    def add(self, kind: RecordKind, raw: str, line: int) -> None:
        record = Record(kind, raw, line)
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, record)
        self.t.records.append(record)

    def on_unknown(self, record: Record) -> None:
        if not record.raw.strip():
            record.kind = RecordKind.BLANK
            return
        self.warn(record.line, 1, f"unknown record type {record.raw[:3]!r}; kept verbatim")

    def on_player(self, record: Record) -> None:
        player, entries = self.decode_player(record.raw, record.line)
        if player.tpn in self.t.players:
            raise self.error(
                record.line,
                5,
                f"duplicate player number {player.tpn} "
                f"(first defined at line {self.player_lines[player.tpn]})",
                "unique player numbers",
            )
        record.tpn = player.tpn
        self.t.players[player.tpn] = player
        self.raw_entries[player.tpn] = entries
        self.player_lines[player.tpn] = record.line

    def decode_player(self, raw: str, line: int) -> tuple[Player, list[RoundEntry]]:
        n = len(raw)
        if n > 3 and raw[3] != " ":
            raise self.error(line, 4, f"unexpected {raw[3]!r} after the record code", "a blank")
        if n > 8 and raw[8] != " ":
            raise self.error(
                line,
                9,
                "player number does not fit columns 5-8",
                "a number of at most 4 digits, right-aligned in columns 5-8",
            )
        tpn = self.int_field(raw[4:8], line, 5, "player number")
        if tpn < 1:
            raise self.error(line, 5, f"player number {tpn} is out of range", "1-9999")
        rating_text = raw[48:52].strip()
        rating = 0
        if rating_text:
            rating = self.int_field(rating_text, line, 49, "rating")
        points_text = raw[80:84]
        if n > 79 and raw[79] != " ":  # 100.0 and more spill into the separator column
            points_text = raw[79:84]
        points = None
        if points_text.strip():
            points = _number(points_text)
            if points is None:
                raise self.error(
                    line,
                    81,
                    f"points {points_text.strip()!r} are not a number",
                    "a decimal such as 2.5 in columns 81-84",
                )
            if "," in points_text:
                self.warn(line, 81, "decimal comma in points", "a decimal point")
        rank = self.int_field(raw[85:89], line, 86, "rank", required=False)
        if raw[89:91].strip():
            raise self.error(
                line,
                90,
                f"unexpected {raw[89:91]!r} in columns 90-91 "
                "(misaligned line: a player number wider than 4 digits, or a wrong decoding?)",
                "blanks before the first round at column 92",
            )
        player = Player(
            tpn=tpn,
            name=raw[14:47].strip(),
            sex=raw[9:10].strip(),
            title=raw[10:13].strip(),
            rating=rating,
            federation=raw[53:56].strip(),
            fide_id=raw[57:68].strip(),
            birth_date=raw[69:79].strip(),
            points=points,
            rank=rank,
            line=line,
        )
        return player, self.decode_blocks(raw, line)

    def decode_blocks(self, raw: str, line: int) -> list[RoundEntry]:
        entries: list[RoundEntry] = []
        append = entries.append
        cache = _BLOCK_CACHE
        last_data = 0
        n = len(raw)
        pos = 91
        round_ = 1
        while pos < n:
            block = raw[pos : pos + 10]
            decoded = cache.get(block)
            if decoded is None:
                if block.strip():
                    decoded = self.decode_block(block, pos, round_, line)
                else:
                    decoded = (EntryKind.ZERO_BYE, None, None, " ")
            if decoded[3] != " " or decoded[1] is not None:
                last_data = round_
            append(
                RoundEntry(round_, decoded[0], decoded[1], decoded[2], decoded[3], line, pos + 1)
            )
            pos += 10
            round_ += 1
        del entries[last_data:]  # trailing all-blank blocks carry no information
        return entries

    def decode_block(  # noqa: C901 - one 001 round block, every field of TRF-16 and its dialects in turn
        self, block: str, pos: int, round_: int, line: int
    ) -> tuple[EntryKind, int | None, str | None, str]:
        """Decode one round block: (kind, opponent, colour, result).

        Blocks that decode without a warning are cached by their text: the same few thousand
        blocks recur across a file and across files.
        """
        warnings_before = len(self.t.warnings)
        # block columns: 0-3 opponent, 4 blank, 5 colour, 6 blank, 7 result, 8-9 blank
        for offset in (4, 6, 8, 9):
            if offset < len(block) and block[offset] != " ":
                raise self.error(
                    line,
                    pos + offset + 1,
                    f"unexpected {block[offset]!r} in round {round_}'s block "
                    "(misaligned line: a player number wider than 4 digits, or a wrong "
                    "decoding?)",
                    "opponent at columns %d-%d, colour at %d, result at %d"
                    % (pos + 1, pos + 4, pos + 6, pos + 8),
                )
        opp_text = block[0:4].strip()
        opponent = None
        if opp_text:
            if not opp_text.isascii() or not opp_text.isdigit():
                raise self.error(
                    line,
                    pos + 1,
                    f"round {round_}: opponent {opp_text!r} is not a number",
                    "a player number or 0000",
                )
            opponent = int(opp_text) or None
        colour_char = block[5:6]
        colour: str | None = colour_char.lower()
        if colour not in ("w", "b"):
            if colour_char not in ("-", " ", ""):
                raise self.error(
                    line,
                    pos + 6,
                    f"round {round_}: unknown colour {colour_char!r}",
                    "w, b or -",
                )
            colour = None
        elif colour_char != colour:
            self.warn(line, pos + 6, f"round {round_}: upper-case colour {colour_char!r}", "w or b")
        result = block[7:8] or " "
        code = result.upper()
        if code not in VALID_RESULTS:
            raise self.error(
                line,
                pos + 8,
                f"round {round_}: unknown result code {result!r}",
                "one of 1 = 0 W D L + - H F U Z or blank",
            )
        if opponent is not None:
            if code in "10=WDL":
                if colour is None:
                    raise self.error(
                        line,
                        pos + 6,
                        f"round {round_}: a played game without a colour",
                        "w or b",
                    )
                kind = EntryKind.PLAYED
            elif code == "+":
                kind = EntryKind.FORFEIT_WIN
            elif code == "-":
                kind = EntryKind.FORFEIT_LOSS
            elif code in ("Z", " "):
                if colour is None:
                    raise self.error(
                        line,
                        pos + 6,
                        f"round {round_}: opponent {opponent} without colour or result "
                        "(truncated line?)",
                        "a colour and a result",
                    )
                kind = EntryKind.NOT_PAIRED  # a paired game without a result yet
            else:
                raise self.error(
                    line,
                    pos + 8,
                    f"round {round_}: result {result!r} is a bye but has opponent {opponent}",
                    "0000 as opponent of a bye",
                )
        else:
            if code == "U" or code == "+":
                kind = EntryKind.PAB
            elif code == "H" or code == "=":
                kind = EntryKind.HALF_BYE
            elif code == "F":
                kind = EntryKind.FULL_BYE
            elif code in ("Z", "-", " "):
                kind = EntryKind.ZERO_BYE
            else:
                raise self.error(
                    line,
                    pos + 8,
                    f"round {round_}: result {result!r} needs an opponent",
                    "an opponent, or a bye code (U H F Z)",
                )
            if colour is not None:
                self.warn(line, pos + 6, f"round {round_}: colour {colour!r} on a bye ignored", "-")
                colour = None
        decoded = (kind, opponent, colour, result)
        if len(self.t.warnings) == warnings_before:
            if len(_BLOCK_CACHE) > 200_000:
                _BLOCK_CACHE.clear()
            _BLOCK_CACHE[block] = decoded
        return decoded

    def on_team(self, record: Record) -> None:
        raw = record.raw
        members = self.fixed_ids(raw, 36, record.line, "team member")
        self.t.teams.append(Team(raw[4:36].strip(), members, record.line))

    def on_header(self, record: Record) -> None:
        code = record.raw[:3]
        text = record.raw[4:].rstrip()
        if code == "112":
            self.t.deputy_arbiters.append(text)
            return
        name = HEADER_FIELDS.get(code)
        if name is None:  # 172: starting-rank method per federation; kept verbatim
            return
        current = getattr(self.t, name)
        if current:  # a repeated header: the first one is the model's, the others verbatim
            self.warn(record.line, 1, f"header {code} repeated; the first one is used")
            return
        setattr(self.t, name, text)
        if code in ("202", "212"):
            self.check_codes(text, record.line)

    def check_codes(self, text: str, line: int) -> None:
        """TRF-2026 202/212: warn about codes outside the MTB26 grammar (kept as written)."""
        from .tiebreak_codes import CodeError, parse_code, split_codes

        for item, offset in split_codes(text):
            try:
                parse_code(item, offset)
            except CodeError as exc:
                self.warn(
                    line,
                    5 + offset,
                    str(exc),
                    "an MTB26 code such as BH/C1, SB, DE, ARO/M1 or OTHER_x",
                )

    def on_total_rounds(self, record: Record) -> None:
        value = self.int_field(
            record.raw[3:], record.line, 5, f"{record.raw[:3]} total rounds", required=False
        )
        if value is not None:
            self.total_rounds_seen.append((value, record.line))

    def on_initial_colour(self, record: Record) -> None:
        text = record.raw[4:].strip().upper()
        if text not in ("W", "B"):
            raise self.error(record.line, 5, f"152 initial colour {text!r}", "W or B")
        self.set_initial_colour(text.lower(), record.line)

    def set_initial_colour(self, colour: str, line: int) -> None:
        if self.t.initial_colour not in (None, colour):
            self.warn(line, 1, "conflicting initial colours; the first one is used")
            return
        self.t.initial_colour = colour

    def on_point_system(self, record: Record) -> None:
        raw = record.raw
        rest = raw[4:]
        pairs = list(re.finditer(r"([A-Za-z])\s*(-?\d+(?:[.,]\d+)?)", rest))
        leftover = re.sub(r"([A-Za-z])\s*(-?\d+(?:[.,]\d+)?)", "", rest).strip()
        if leftover or not pairs:
            raise self.error(
                record.line,
                5,
                f"162 point system {rest.strip()!r} not understood",
                "symbol/value pairs such as 'W 3.0    D 1.0'",
            )
        for match in pairs:
            symbol = match.group(1).upper()
            value = _number(match.group(2))
            assert value is not None  # the pattern above is a number
            column = 5 + match.start()
            targets = {
                "W": ("win_white", "win_black", "forfeit_win", "full_bye"),
                "D": ("draw_white", "draw_black", "half_bye"),
                "L": ("loss_white", "loss_black"),
                "A": ("zero_bye", "forfeit_loss"),
                "Z": ("zero_bye", "forfeit_loss"),
                "P": ("pab",),
            }.get(symbol)
            if symbol == "X":  # an unknown result (TRF-2026 4.2): no 001 code scores it
                self.t.unknown_result_points = value
                continue
            if targets is None:
                self.warn(
                    record.line,
                    column,
                    f"162 symbol {symbol!r} is not modelled; ignored",
                    "W D L A P X",
                )
                continue
            for target in targets:
                self.scoring_settings.append(("162", record.line, target, value))

    def on_type_code(self, record: Record) -> None:
        self.t.type_code = record.raw[4:].rstrip()

    def on_bye(self, record: Record) -> None:
        raw = record.raw
        letter = raw[4:5].upper()
        kind = _BYE_KINDS.get(letter)
        if kind is None:
            raise self.error(record.line, 5, f"240 bye type {raw[4:5]!r}", "F, H or Z")
        round_ = self.int_field(raw[6:9], record.line, 7, "240 round")
        ids = self.fixed_ids(raw, 10, record.line, "240 player")
        self.bye_lines.append((kind, round_, ids, record.line))

    def on_acceleration(self, record: Record) -> None:
        raw, line = record.raw, record.line
        mp = raw[4:8].strip()
        if mp and _number(mp) != 0:
            self.t.warnings.append(
                Problem(
                    self.file,
                    line,
                    5,
                    "250 match points (team events) are not modelled",
                    None,
                    WARNING,
                    TEAM_ACCELERATION,
                )
            )
        if mp and _number(mp) not in (None, 0) and not raw[9:13].strip():
            return  # a team event's match-point acceleration only (TRF-2026 4.4)
        gp = _number(raw[9:13])
        if gp is None:
            raise self.error(line, 10, f"250 points {raw[9:13].strip()!r}", "a decimal number")
        first = self.int_field(raw[14:17], line, 15, "250 first round")
        last = self.int_field(raw[18:21], line, 19, "250 last round")
        low = self.int_field(raw[22:26], line, 23, "250 first player")
        high = self.int_field(raw[27:31], line, 28, "250 last player")
        self.acc_ranges.append((gp, first, last, low, high, line))

    def on_forbidden(self, record: Record) -> None:
        raw, line = record.raw, record.line
        first = self.int_field(raw[4:7], line, 5, "260 first round")
        last = self.int_field(raw[8:11], line, 9, "260 last round")
        ids = self.fixed_ids(raw, 12, line, "260 player")
        self.ranged_pairs.append((frozenset(ids), first, last))

    def on_abnormal_points(self, record: Record) -> None:
        """``299 T  MMMM  GGGG  RRR IIII ...`` (TRF-2026 4.5, :mod:`trf.abnormal`).  Writers
        do not all keep these columns (the TEC's own team sample shifts them by one): a
        record that does not fit them is kept verbatim with a warning and not applied, so
        the Points it would explain are then reported by the validator."""
        from .abnormal import TYPES, AbnormalPoints

        raw, line = record.raw, record.line
        kind = raw[4:5] or " "
        if kind != " " and kind not in TYPES:
            self.warn(line, 5, f"299 type {kind!r}; record not applied", "W D L F H Z + - or blank")
            return
        values: list[Fraction | None] = []
        for start, what in ((7, "match points"), (13, "points")):
            text = raw[start : start + 4]
            value = _number(text) if text.strip() else None
            if text.strip() and value is None:
                self.warn(
                    line,
                    start + 1,
                    f"299 {what} {text.strip()!r} (columns {start + 1}-{start + 4}); record "
                    "not applied",
                    "[-]11.5",
                )
                return
            values.append(value)
        mp, gp = values
        try:
            rnd = self.int_field(raw[19:22], line, 20, "299 round", required=False)
            ids = self.fixed_ids(raw, 23, line, "299 player")
        except TrfError as exc:
            self.warn(line, exc.column, f"{exc.message}; record not applied", exc.expected)
            return
        if mp is None and gp is None:
            self.warn(line, 8, "299 gives no points; record not applied", "points at 14-17")
            return
        self.t.abnormal_points.append(AbnormalPoints(kind, gp, mp, rnd or None, tuple(ids), line))

    def on_nrs(self, record: Record) -> None:
        text = record.raw[4:8].strip()
        if text.isascii() and text.isdigit():
            record.tpn = int(text)
        else:  # not a national rating line after all
            record.kind = RecordKind.UNKNOWN
            self.on_unknown(record)

    def on_xx_rounds(self, record: Record) -> None:
        self.on_total_rounds(record)

    def on_xx_colours(self, record: Record) -> None:
        for match in re.finditer(r"\S+", record.raw[3:]):
            token = match.group().lower()
            if token == "rank":
                self.t.pair_by_rank = True
            elif token in ("white1", "black1"):
                self.set_initial_colour(token[0], record.line)
            else:
                self.warn(
                    record.line,
                    4 + match.start(),
                    f"XXC option {match.group()!r} ignored",
                    "rank, white1 or black1",
                )

    def on_xx_acceleration(self, record: Record) -> None:
        raw, line = record.raw, record.line
        tpn = self.int_field(raw[4:8], line, 5, "XXA player number")
        values: dict[int, Fraction] = {}
        pos, round_ = 9, 1
        while pos < len(raw):
            text = raw[pos : pos + 4]
            if text.strip():
                value = _number(text)
                if value is None:
                    raise self.error(
                        line,
                        pos + 1,
                        f"XXA round {round_}: {text.strip()!r}",
                        "a decimal number such as 1.0",
                    )
                if value:
                    values[round_] = value
            pos += 5
            round_ += 1
        self.xxa.append((tpn, values, line))

    def on_xx_forbidden(self, record: Record) -> None:
        ids = self.id_list(record.raw, 3, record.line, "XXP")
        self.xxp.append((frozenset(ids), record.line))

    _XXS_CODES = {
        "WW": ("win_white",),
        "BW": ("win_black",),
        "WD": ("draw_white",),
        "BD": ("draw_black",),
        "WL": ("loss_white",),
        "BL": ("loss_black",),
        "ZPB": ("zero_bye",),
        "HPB": ("half_bye",),
        "FPB": ("full_bye",),
        "PAB": ("pab",),
        "FW": ("forfeit_win",),
        "FL": ("forfeit_loss",),
        "W": ("win_white", "win_black", "forfeit_win", "full_bye"),
        "D": ("draw_white", "draw_black", "half_bye"),
        "L": ("loss_white", "loss_black"),
    }

    def on_xx_scoring(self, record: Record) -> None:
        self.xxs_seen = True
        for match in re.finditer(r"\S+", record.raw[3:]):
            token = match.group()
            column = 4 + match.start()
            code, sep, value_text = token.partition("=")
            targets = self._XXS_CODES.get(code.upper())
            value = _number(value_text) if sep else None
            if targets is None:
                self.warn(record.line, column, f"XXS code {code!r} unknown; ignored")
                continue
            if value is None:
                raise self.error(record.line, column, f"XXS {token!r}", "CODE=number")
            for target in targets:
                self.scoring_settings.append(("XXS", record.line, target, value))

    def on_xx_absent(self, record: Record) -> None:
        for tpn in self.id_list(record.raw, 3, record.line, "XXZ"):
            self.xxz.append((tpn, record.line))

    _BB_TARGETS = {
        "BBW": ("win_white", "win_black", "forfeit_win", "full_bye"),
        "BBD": ("draw_white", "draw_black", "half_bye"),
        "BBL": ("loss_white", "loss_black"),
        "BBZ": ("zero_bye",),
        "BBF": ("forfeit_loss",),
        "BBU": ("pab",),
    }

    def on_bb_scoring(self, record: Record) -> None:
        tokens = record.raw[3:].split()
        value = _number(tokens[0]) if tokens else None
        if value is None:
            raise self.error(
                record.line,
                5,
                f"{record.raw[:3]} value missing or not a number",
                "a decimal number such as 3.0",
            )
        for target in self._BB_TARGETS[record.raw[:3]]:
            self.scoring_settings.append(("BB", record.line, target, value))

    # -- resolution --------------------------------------------------------------------------
    def finish(self) -> Tournament:
        t = self.t
        if not t.players:
            raise self.error(
                1, 1, "no player records (001) found", "a TRF file with 001 player lines"
            )
        if self.total_rounds_seen:
            t.total_rounds = self.total_rounds_seen[0][0]
            for value, line in self.total_rounds_seen[1:]:
                if value != t.total_rounds:
                    self.warn(line, 5, f"total rounds {value} conflicts with {t.total_rounds}")
        self.resolve_rounds()
        self.resolve_absences()
        t.scoring = self.resolve_scoring()
        self.read_blank_half_byes()
        if not self.scoring_settings and not self.xxs_seen:
            self.infer_scoring()
        self.resolve_acceleration()
        last = t.total_rounds or ALL_ROUNDS
        t.forbidden_pairs = [(group, 1, last) for group, _ in self.xxp] + self.ranged_pairs
        return t

    def resolve_rounds(self) -> None:
        last = last_recorded_round(list(self.raw_entries.values()))
        for tpn, entries in self.raw_entries.items():
            player = self.t.players[tpn]
            recorded = entries[:last]
            for round_ in range(len(recorded) + 1, last + 1):
                recorded.append(
                    RoundEntry(
                        round_,
                        EntryKind.NOT_PAIRED,
                        None,
                        None,
                        " ",
                        player.line,
                        92 + 10 * (round_ - 1),
                    )
                )
            player.entries = recorded
            player.announced = [e for e in entries[last:] if e.result != " "]
        self.recorded = last

    def resolve_absences(self) -> None:
        t, next_round = self.t, self.recorded + 1
        absent: dict[int, tuple[EntryKind, str]] = {}

        def announce(tpn: int, kind: EntryKind, source: str, line: int, column: int) -> None:
            if tpn in absent and absent[tpn][0] is not kind:
                self.warn(
                    line,
                    column,
                    f"player {tpn}: {source} conflicts with the {absent[tpn][1]} "
                    f"announcement for round {next_round}; the first one is used",
                )
                return
            absent.setdefault(tpn, (kind, source))

        for player in t.players.values():
            for entry in player.announced:
                if entry.round == next_round:
                    announce(player.tpn, entry.kind, "in-column", entry.line, entry.column)
                else:
                    self.warn(
                        entry.line,
                        entry.column,
                        f"player {player.tpn}: entry for round {entry.round} lies beyond "
                        f"the round to be paired ({next_round}); kept but not used",
                    )
        for kind, round_, ids, line in self.bye_lines:
            if round_ == next_round:
                for tpn in ids:
                    announce(tpn, kind, "240", line, 11)
            elif round_ > next_round:
                self.warn(
                    line,
                    7,
                    f"240 for round {round_} lies beyond the round to be paired "
                    f"({next_round}); kept but not used",
                )
        for tpn, line in self.xxz:
            announce(tpn, EntryKind.ZERO_BYE, "XXZ", line, 5)
        t.absent_next = {tpn: kind for tpn, (kind, _) in absent.items()}
        t.bye_lines = list(self.bye_lines)

    _LITERAL_DEFAULTS = {  # JaVaFo's XXS defaults, each independent of the others
        "forfeit_win": Fraction(1),
        "full_bye": Fraction(1),
        "half_bye": Fraction(1, 2),
        "pab": Fraction(1),
    }

    def resolve_scoring(self) -> Scoring:
        explicit: dict[str, Fraction] = {}
        for _source, _line, target, value in self.scoring_settings:
            explicit[target] = value  # later values win
        values: dict[str, Fraction] = {}
        for outcome, default in (("win", 1), ("draw", Fraction(1, 2)), ("loss", 0)):
            white = explicit.get(f"{outcome}_white", Fraction(default))
            black = explicit.get(f"{outcome}_black", Fraction(default))
            values[outcome] = white
            if white != black:
                values[f"{outcome}_white"] = white
                values[f"{outcome}_black"] = black
        for name in ("zero_bye", "forfeit_loss"):
            if name in explicit:
                values[name] = explicit[name]
        for name, literal in self._LITERAL_DEFAULTS.items():
            if name in explicit:
                values[name] = explicit[name]
            elif self.xxs_seen:
                values[name] = literal
        return Scoring(**values)

    def read_blank_half_byes(self) -> None:
        """Rounds left blank whose half point the Points count are half-point byes
        (:mod:`trf.blank_byes`); players whose Points may hold acceleration or 299 points
        are left as read."""
        from .abnormal import adjusted_players
        from .blank_byes import read_blank_half_byes

        adjusted = adjusted_players(self.t.abnormal_points)
        if adjusted is None:
            return
        skip = adjusted | {tpn for tpn, _values, _line in self.xxa}
        for _gp, _first, _last, low, high, _line in self.acc_ranges:
            skip |= {tpn for tpn in self.t.players if low <= tpn <= high}
        read_blank_half_byes(self.t, frozenset(skip), self.file)

    def infer_scoring(self) -> None:
        """No point system stated (TRF-16 has no record for it): when the players' Points are
        not 1-1/2-0 but fit exactly one other system, that is the file's (a note says so)."""
        from .scoring import describe, infer_scoring, usual_system_fits

        if usual_system_fits(self.t):
            return
        found = infer_scoring(self.t)
        if found is None or found[0] == self.t.scoring:
            return
        scoring, assumed = found
        if not (scoring.win > scoring.draw >= scoring.loss >= 0):
            return  # not a chess point system: leave the Points to the validator
        self.t.scoring = scoring
        line = next((p.line for p in self.t.players.values()), 1)
        self.t.warnings.append(
            Problem(
                self.file,
                line,
                81,
                "no point system stated; the players' points give "
                f"{describe(scoring)}"
                + (
                    f" (for results the file does not have, assumed: {', '.join(assumed)})"
                    if assumed
                    else ""
                ),
                None,
                NOTE,
                POINT_SYSTEM,
            )
        )

    def resolve_acceleration(self) -> None:
        t = self.t
        acc: dict[int, dict[int, Fraction]] = {}
        for tpn, values, _line in self.xxa:
            acc.setdefault(tpn, {}).update(values)
        for gp, first, last, low, high, line in self.acc_ranges:
            for tpn in t.players:
                if low <= tpn <= high:
                    rounds = acc.setdefault(tpn, {})
                    for round_ in range(first, last + 1):
                        if rounds.get(round_, gp) != gp:
                            self.warn(
                                line,
                                10,
                                f"250 conflicts with earlier acceleration of "
                                f"player {tpn} in round {round_}; the later value is used",
                            )
                        rounds[round_] = gp
        t.accelerations = {tpn: rounds for tpn, rounds in acc.items() if rounds}


_HANDLERS = {
    RecordKind.PLAYER: _Reader.on_player,
    RecordKind.TEAM: _Reader.on_team,
    RecordKind.HEADER: _Reader.on_header,
    RecordKind.TOTAL_ROUNDS: _Reader.on_total_rounds,
    RecordKind.INITIAL_COLOUR: _Reader.on_initial_colour,
    RecordKind.POINT_SYSTEM: _Reader.on_point_system,
    RecordKind.TYPE_CODE: _Reader.on_type_code,
    RecordKind.BYE: _Reader.on_bye,
    RecordKind.ACCELERATION: _Reader.on_acceleration,
    RecordKind.FORBIDDEN: _Reader.on_forbidden,
    RecordKind.ABNORMAL_POINTS: _Reader.on_abnormal_points,
    RecordKind.NRS: _Reader.on_nrs,
    RecordKind.XX_ROUNDS: _Reader.on_xx_rounds,
    RecordKind.XX_COLOURS: _Reader.on_xx_colours,
    RecordKind.XX_ACCELERATION: _Reader.on_xx_acceleration,
    RecordKind.XX_FORBIDDEN: _Reader.on_xx_forbidden,
    RecordKind.XX_SCORING: _Reader.on_xx_scoring,
    RecordKind.XX_ABSENT: _Reader.on_xx_absent,
    RecordKind.BB_SCORING: _Reader.on_bb_scoring,
    RecordKind.UNKNOWN: _Reader.on_unknown,
}


# --------------------------------------------------------------------------------------------
# Entry points


def parse(data: bytes | str, filename: str | None = None) -> Tournament:
    """Parse the contents of a TRF file (bytes, or already decoded text)."""
    decoded = _decode(data, filename)
    text = decoded.text
    if not text.strip():
        raise TrfError(filename, 1, 1, "empty file", "a TRF file with 001 player lines")
    if not text.endswith("\n"):
        text += "\n"
    parser = _parser()
    import lark

    try:
        items: list[tuple[RecordKind, lark.Token]] = parser.parse(text)  # type: ignore[assignment]
    except lark.exceptions.LarkError as exc:  # pragma: no cover - the grammar accepts any line
        raise TrfError(
            filename,
            getattr(exc, "line", 1) or 1,
            getattr(exc, "column", 1) or 1,
            f"cannot split the file into records: {exc.__class__.__name__}",
        ) from None
    reader = _Reader(filename)
    reader.t.encoding = decoded.encoding
    reader.t.bom = decoded.bom
    reader.t.line_ending = decoded.line_ending
    expected_line = 1
    add = reader.add
    for kind, token in items:
        line: int = token.line  # type: ignore[assignment]  # the lexer tracks positions
        while expected_line < line:  # empty lines produce no token
            reader.t.records.append(Record(RecordKind.BLANK, "", expected_line))
            expected_line += 1
        add(kind, token[:-1], line)  # the token includes its "\n"
        expected_line = line + 1
    total_lines = text.count("\n")
    while expected_line <= total_lines:
        reader.t.records.append(Record(RecordKind.BLANK, "", expected_line))
        expected_line += 1
    return reader.finish()


def read(path: str | Path) -> Tournament:
    """Read and parse the TRF file at ``path``."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise TrfError(name, 0, 0, f"cannot read file: {exc.strerror or exc}") from None
    return parse(data, name)
