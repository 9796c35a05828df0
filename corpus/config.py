"""Settings of the random tournament generator, and the configuration files that hold them.

A configuration file has one ``Name=Value`` setting per line; ``#`` starts a comment, blank
lines are ignored, CR, LF and CRLF line endings are all accepted.  Two vocabularies are read,
and may be mixed in one file:

* trfaudit's own keys (``players``, ``rounds``, ``draw_rate`` ...: the fields of
  :class:`GeneratorConfig`).  Rates are probabilities between 0 and 1.
* the keys of the random tournament generators of JaVaFo (1.4 interface) and bbpPairings
  (``PlayersNumber``, ``RoundsNumber``, ``DrawPercentage``, ``ForfeitRate``, ``RetiredRate``,
  ``HalfPointByeRate`` (and its misspelling ``HalfPointByteRate``), ``HighestRating``,
  ``LowestRating``, ``PointsForWin``, ``PointsForDraw``, ``PointsForLoss``, ``PointsForZPB``,
  ``PointsForForfeitLoss``, ``PointsForPAB``), so that existing test rigs can switch over.
  Their rates are "1 in N": ``ForfeitRate=20`` forfeits one game in 20 on average.

An unknown key, a malformed line or a value out of range raises :class:`ConfigError`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from trfaudit.corpus.editions import (
    RULES,  # the editions the generator can write (a type code names them)
)
from trfaudit.corpus.extras import Amount
from trfaudit.trf.model import Scoring

CURVES = ("fide", "logistic")
COLOURS = ("random", "w", "b")
LATE_BYES = ("Z", "H", "mixed")
#: C.04.2: pairing numbers may not change after round 4, and the generator gives a late
#: entrant its pairing number by rating from the start, so entries come in rounds 2..4.
LATE_LAST_ROUND = 4


#: The settings of corpus/extras.py (written only when set).
EXTRAS = (
    "half_zero",
    "zero_half",
    "zero_zero",
    "half_byes_per_round",
    "zero_byes_per_round",
    "tiebreaks",
)


class ConfigError(ValueError):
    """A configuration that cannot be used; the message names the file and line if any."""


@dataclass(frozen=True)
class GeneratorConfig:
    """Everything that shapes a random tournament (the seed aside).

    Rates are probabilities:

    * ``forfeit_rate``: per game, the chance it is not played and one side wins by forfeit
      (``+``/``-``); ``double_forfeit_share`` of those are double forfeits (``-``/``-``).
    * ``half_bye_rate``: per player, the chance of requesting one half-point bye (``H``), in a
      round drawn uniformly; it is announced before that round is paired.
    * ``zero_bye_rate``: per player and round, the chance of an announced absence (``Z``).
    * ``withdraw_rate``: per player, the chance of withdrawing after a round drawn uniformly
      among 1..rounds-1; the player is absent (``Z``) from then on.
    * ``late_rate``: per player, the chance of joining late, in a round drawn uniformly among
      ``late_first``..min(rounds, ``late_last``) (2..4 by default; TPNs may not change after
      round 4, C.04.2); the rounds missed are ``late_bye`` entries (``Z``, ``H``, or
      ``mixed``: each missed round ``H`` or ``Z`` at even odds).
    * ``forbidden_pairs``: how many pairs of players may not meet in any round (drawn
      uniformly among the players; written as ``XXP`` in TRF(x), ``260`` in TRF-2026).
    """

    players: int = 0  # 0: not set (the command line or the file must give it)
    rounds: int = 0
    # A range (``players=10-40``): each tournament draws its size from players..players_max
    # (and its length from rounds..rounds_max); 0 = no range.
    players_max: int = 0
    rounds_max: int = 0
    rules: str = "2025"
    rating_high: int = 2600
    rating_low: int = 1400
    unrated_rate: float = 0.0
    draw_rate: float = 0.3
    curve: str = "fide"
    forfeit_rate: float = 0.0
    double_forfeit_share: float = 0.0
    half_bye_rate: float = 0.0
    zero_bye_rate: float = 0.0
    withdraw_rate: float = 0.0
    late_rate: float = 0.0
    late_bye: str = "Z"
    late_first: int = 2
    late_last: int = LATE_LAST_ROUND
    forbidden_pairs: int = 0
    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    zero_bye: Fraction = Fraction(0)
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction | None = None  # None: the value of a win
    baku: bool = False
    initial_colour: str = "random"
    # corpus/extras.py: unusual results, byes per round (a count or a rate), tie-breaks
    half_zero: Amount = Amount()
    zero_half: Amount = Amount()
    zero_zero: Amount = Amount()
    half_byes_per_round: Amount = Amount()
    zero_byes_per_round: Amount = Amount()
    tiebreaks: str = ""  # TRF-2026 codes, written as 202/212; ranks by them

    def extras(self) -> dict[str, str]:
        """The corpus/extras.py settings that are set, as ``key -> value`` text."""
        return {n: str(getattr(self, n)) for n in EXTRAS if getattr(self, n)}

    # -- derived ----------------------------------------------------------------------------
    def scoring(self) -> Scoring:
        return Scoring(
            win=self.win,
            draw=self.draw,
            loss=self.loss,
            zero_bye=self.zero_bye,
            forfeit_loss=self.forfeit_loss,
            pab=self.pab,  # type: ignore[arg-type]  # None: a win's value (Scoring.__post_init__)
        )

    def as_dict(self) -> dict[str, object]:
        """The settings as JSON-friendly values (point values as decimal strings)."""
        out: dict[str, object] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Fraction):
                value = _show(value)
            elif isinstance(value, Amount):
                value = str(value)
            if f.name in EXTRAS and not getattr(self, f.name):
                continue  # unset: manifests of files made without it stay as they were
            out[f.name] = value
        return out

    def as_settings(self) -> list[tuple[str, str]]:
        """The settings as ``(key, value)`` pairs that :func:`parse_setting` reads back (a
        settings file that makes the same tournaments)."""
        out: list[tuple[str, str]] = []
        for f in dataclasses.fields(self):
            name, value = f.name, getattr(self, f.name)
            if name in ("players_max", "rounds_max", "late_last"):
                continue
            if name in ("players", "rounds"):
                high = getattr(self, f"{name}_max")
                text = f"{value}-{high}" if high else str(value)
            elif name == "late_first":
                name, text = "late_rounds", f"{self.late_first}-{self.late_last}"
            elif name == "pab" and value is None:
                text = "win"
            elif isinstance(value, bool):
                text = "yes" if value else "no"
            elif isinstance(value, Fraction):
                text = _show(value)
            elif isinstance(value, Amount) and not value:
                continue  # unset: files made without it keep their settings list
            elif name == "tiebreaks" and not value:
                continue
            else:
                text = str(value)
            out.append((name, text))
        return out

    def replace(self, **changes: Any) -> GeneratorConfig:
        return dataclasses.replace(self, **changes)

    def check(self) -> GeneratorConfig:  # noqa: C901 - every setting's range, each with its own message
        """Raise :class:`ConfigError` unless the settings can make a tournament."""
        if self.players < 2:
            raise ConfigError(
                "players: at least 2 are needed"
                + (" (give --players or PlayersNumber)" if not self.players else "")
            )
        if self.players > 9999:
            raise ConfigError("players: at most 9999 (the TRF player number has 4 digits)")
        if self.rounds < 1:
            raise ConfigError(
                "rounds: at least 1 is needed"
                + (" (give --rounds or RoundsNumber)" if not self.rounds else "")
            )
        if self.rounds > 99:
            raise ConfigError("rounds: at most 99")
        for name, low in (("players", self.players), ("rounds", self.rounds)):
            high = getattr(self, f"{name}_max")
            if high and high < low:
                raise ConfigError(f"{name}: range {low}-{high} is empty")
        if self.players_max > 9999 or self.rounds_max > 99:
            raise ConfigError("ranges: at most 9999 players and 99 rounds")
        if self.rules not in RULES:
            raise ConfigError(f"rules: {self.rules!r} is not one of {', '.join(RULES)}")
        if not 0 < self.rating_low <= self.rating_high <= 3000:
            raise ConfigError(
                f"ratings: need 0 < lowest ({self.rating_low}) <= highest "
                f"({self.rating_high}) <= 3000"
            )
        for name in (
            "unrated_rate",
            "draw_rate",
            "forfeit_rate",
            "double_forfeit_share",
            "half_bye_rate",
            "zero_bye_rate",
            "withdraw_rate",
            "late_rate",
        ):
            value = getattr(self, name)
            if not 0 <= value <= 1:
                raise ConfigError(f"{name}: {value} is not a probability between 0 and 1")
        if self.curve not in CURVES:
            raise ConfigError(f"curve: {self.curve!r} is not one of {', '.join(CURVES)}")
        if not 2 <= self.late_first <= self.late_last <= LATE_LAST_ROUND:
            raise ConfigError(
                f"late entries: rounds {self.late_first}-{self.late_last} must lie "
                f"within 2-{LATE_LAST_ROUND} (C.04.2: pairing numbers are fixed "
                "after round 4)"
            )
        if not 0 <= self.forbidden_pairs <= self.players * (self.players - 1) // 2:
            raise ConfigError(
                f"forbidden_pairs: {self.forbidden_pairs} is not between 0 and "
                "the number of pairs of players"
            )
        if self.late_bye not in LATE_BYES:
            raise ConfigError(f"late_bye: {self.late_bye!r} is not one of {', '.join(LATE_BYES)}")
        if self.initial_colour not in COLOURS:
            raise ConfigError(
                f"initial_colour: {self.initial_colour!r} is not one of {', '.join(COLOURS)}"
            )
        values = [self.win, self.draw, self.loss]
        if self.pab is not None:
            values.append(self.pab)
        if any(v < 0 or v > 99 for v in values):
            raise ConfigError("point values for games and the PAB must lie between 0 and 99")
        if any(v < -9 or v > 99 for v in (self.zero_bye, self.forfeit_loss)):
            raise ConfigError(
                "point values for absences and forfeit losses must lie between -9 and 99"
            )
        if not self.loss <= self.draw <= self.win or self.win == self.loss:
            raise ConfigError(
                f"point values: need loss ({_show(self.loss)}) <= draw "
                f"({_show(self.draw)}) <= win ({_show(self.win)}), win > loss"
            )
        if self.baku and (self.win, self.draw) != (Fraction(1), Fraction(1, 2)):
            raise ConfigError(
                "baku: the Baku acceleration (C.04.5.1) applies only to the "
                "standard 1-1/2-0 scoring"
            )
        return self


def _show(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return format(float(value), "g")


# ------------------------------------------------------------------------------------------
# Parsing


def _int(text: str) -> int:
    return int(text)


def _size(name: str) -> Callable[[str], dict[str, int]]:
    """``N`` or a range ``N-M``, as the fields ``name`` and ``name_max``."""

    def parse(text: str) -> dict[str, int]:
        low, sep, high = text.partition("-")
        if not sep:
            return {name: int(text), f"{name}_max": 0}
        return {name: int(low), f"{name}_max": int(high)}

    return parse


def _float(text: str) -> float:
    return float(text)


def _points(text: str) -> Fraction:
    value = Fraction(text)
    if 10 % value.denominator:
        raise ValueError("not a multiple of 0.1 (the TRF points field has one decimal)")
    return value


def _bool(text: str) -> bool:
    low = text.lower()
    if low in ("1", "true", "yes", "on"):
        return True
    if low in ("0", "false", "no", "off"):
        return False
    raise ValueError("not a yes/no value")


def _pab(text: str) -> Fraction | None:
    return None if text.lower() in ("win", "") else _points(text)


def _choice(options: Collection[str]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in options:
            raise ValueError(f"not one of {', '.join(options)}")
        return text

    return parse


def _colour(text: str) -> str:
    """``w``/``b``/``random``, or the TRF(x) spelling ``white1``/``black1``."""
    names = {"white1": "w", "black1": "b", "white": "w", "black": "b"}
    value = names.get(text.lower(), text)
    if value not in COLOURS:
        raise ValueError("not one of white1, black1, random (or w, b)")
    return value


def _late_rounds(text: str) -> dict[str, int]:
    """``late_rounds=3-4``: the rounds late entrants may join in (``3`` = only round 3)."""
    low, sep, high = text.partition("-")
    return {"late_first": int(low), "late_last": int(high if sep else low)}


def _acceleration(text: str) -> bool:
    low = text.lower()
    if low in ("baku", "yes", "1", "true", "on"):
        return True
    if low in ("none", "no", "0", "false", "off", ""):
        return False
    raise ValueError("not one of Baku, none")


def _scoring_name(text: str) -> dict[str, Fraction]:
    names: dict[str, tuple[int, Fraction | int]] = {
        "standard": (1, Fraction(1, 2)),
        "1-0.5-0": (1, Fraction(1, 2)),
        "3-1-0": (3, 1),
    }
    if text not in names:
        raise ValueError("not one of standard, 3-1-0")
    win, draw = names[text]
    return {"win": Fraction(win), "draw": Fraction(draw)}


#: trfaudit's own keys: field -> parser.
def _tiebreaks(text: str) -> str:
    """A tie-break list in TRF-2026 codes (``BH/C1,BH,SB``), checked and kept as written."""
    from trfaudit.trf.tiebreak_codes import CodeError, parse_list

    try:
        parse_list(text)
    except CodeError as exc:
        raise ValueError(f"{exc} (at character {exc.offset + 1})") from None
    return text.strip()


def _ratings(text: str) -> dict[str, object]:
    """``LOW-HIGH``: the rating range."""
    low, sep, high = text.partition("-")
    if not sep:
        raise ValueError("expected LOW-HIGH, e.g. 1400-2600")
    return {"rating_low": int(low), "rating_high": int(high)}


NATIVE_KEYS = {
    "rules": _choice(RULES),
    "rating_high": _int,
    "rating_low": _int,
    "unrated_rate": _float,
    "draw_rate": _float,
    "curve": _choice(CURVES),
    "forfeit_rate": _float,
    "double_forfeit_share": _float,
    "half_bye_rate": _float,
    "zero_bye_rate": _float,
    "withdraw_rate": _float,
    "late_rate": _float,
    "late_bye": _choice(LATE_BYES),
    "win": _points,
    "draw": _points,
    "loss": _points,
    "zero_bye": _points,
    "forfeit_loss": _points,
    "pab": _pab,
    "baku": _bool,
    "initial_colour": _colour,
    "forbidden_pairs": _int,
    "half_zero": Amount.parse,
    "zero_half": Amount.parse,
    "zero_zero": Amount.parse,
    "half_byes_per_round": Amount.parse,
    "zero_byes_per_round": Amount.parse,
    "tiebreaks": _tiebreaks,
}
#: Keys that set several fields.
SHORTCUTS: dict[str, Callable[[str], Mapping[str, object]]] = {
    "ratings": _ratings,
    "scoring": _scoring_name,
    "players": _size("players"),
    "rounds": _size("rounds"),
    "late_rounds": _late_rounds,
}


def _one_in(minimum: int) -> Callable[[str], float]:
    def parse(text: str) -> float:
        n = int(text)
        if n < minimum:
            raise ValueError(f"must be at least {minimum} (it means 1 in N)")
        return 1.0 / n

    return parse


def _percentage(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 100:
        raise ValueError("must lie between 0 and 100")
    return value / 100


#: JaVaFo/bbpPairings generator keys: key -> (field, parser).
RTG_KEYS = {
    "PlayersNumber": ("players", _int),  # also resets players_max (see apply_settings)
    "RoundsNumber": ("rounds", _int),
    "DrawPercentage": ("draw_rate", _percentage),
    "ForfeitRate": ("forfeit_rate", _one_in(1)),
    "RetiredRate": ("withdraw_rate", _one_in(2)),
    "HalfPointByeRate": ("half_bye_rate", _one_in(1)),
    "HalfPointByteRate": ("half_bye_rate", _one_in(1)),
    "HighestRating": ("rating_high", _int),
    "LowestRating": ("rating_low", _int),
    "PointsForWin": ("win", _points),
    "PointsForDraw": ("draw", _points),
    "PointsForLoss": ("loss", _points),
    "PointsForZPB": ("zero_bye", _points),
    "PointsForForfeitLoss": ("forfeit_loss", _points),
    "PointsForPAB": ("pab", _points),
    # The axes of a conformance corpus, in the same vocabulary (trfaudit's names: no other
    # generator has these keys; rates are "1 in N" like the keys above).
    "ForbiddenPairsNumber": ("forbidden_pairs", _int),
    "InitialColour": ("initial_colour", _colour),
    "UnratedRate": ("unrated_rate", _one_in(1)),
    "LateEntryRate": ("late_rate", _one_in(1)),
    "LateEntryBye": ("late_bye", _choice(LATE_BYES)),
    "ZeroPointByeRate": ("zero_bye_rate", _one_in(1)),
    "Acceleration": ("baku", _acceleration),
}
#: RTG-style keys that set several fields.
RTG_SHORTCUTS: dict[str, Callable[[str], Mapping[str, object]]] = {
    "LateEntryRounds": _late_rounds,
    "ScoringSystem": _scoring_name,
}


def known_keys() -> list[str]:
    return sorted(NATIVE_KEYS) + sorted(SHORTCUTS) + sorted(RTG_KEYS) + sorted(RTG_SHORTCUTS)


def parse_setting(key: str, text: str, where: str = "") -> dict[str, object]:
    """One ``key=value`` setting as the fields it sets; raises :class:`ConfigError`."""
    prefix = f"{where}: " if where else ""
    try:
        if key in NATIVE_KEYS:
            return {key: NATIVE_KEYS[key](text)}
        if key in SHORTCUTS:
            return dict(SHORTCUTS[key](text))
        if key in RTG_KEYS:
            name, parse = RTG_KEYS[key]
            return {name: parse(text)}
        if key in RTG_SHORTCUTS:
            return dict(RTG_SHORTCUTS[key](text))
    except (ValueError, ArithmeticError) as exc:
        raise ConfigError(f"{prefix}{key}={text}: {exc or 'bad value'}") from None
    raise ConfigError(f"{prefix}unknown key {key!r}; known keys: {', '.join(known_keys())}")


def apply_settings(
    config: GeneratorConfig, settings: list[tuple[str, str, str]]
) -> GeneratorConfig:
    """Apply ``(key, value, where)`` settings in order (a later one wins).

    ``PointsForForfeitLoss`` also sets the zero-point-bye value, as bbpPairings 6 does, unless
    ``PointsForZPB`` is given too (in any order).
    """
    changes: dict[str, object] = {}
    keys = {key for key, _, _ in settings}
    for key, text, where in settings:
        changes.update(parse_setting(key, text, where))
        if key == "PointsForForfeitLoss" and "PointsForZPB" not in keys:
            changes["zero_bye"] = changes["forfeit_loss"]
        if key == "PlayersNumber":
            changes["players_max"] = 0
        if key == "RoundsNumber":
            changes["rounds_max"] = 0
    return config.replace(**changes)


def read_settings(text: str, name: str = "<config>") -> list[tuple[str, str, str]]:
    """The ``(key, value, where)`` settings of a configuration file's text."""
    settings = []
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{name}:{number}"
        if "=" not in line:
            raise ConfigError(f"{where}: expected Name=Value, got {raw.strip()!r}")
        key, value = (part.strip() for part in line.split("=", 1))
        if not key:
            raise ConfigError(f"{where}: missing key before '='")
        parse_setting(key, value, where)  # reject unknown keys and bad values early
        settings.append((key, value, where))
    return settings


def load_config(path: Path | str, base: GeneratorConfig | None = None) -> GeneratorConfig:
    """Read a configuration file on top of ``base`` (default: the built-in settings).

    The result is not checked for completeness (players and rounds may still be missing);
    call :meth:`GeneratorConfig.check` once every source of settings is applied.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    return apply_settings(base or GeneratorConfig(), read_settings(text, str(path)))


def parse_config(
    text: str, base: GeneratorConfig | None = None, name: str = "<config>"
) -> GeneratorConfig:
    """Like :func:`load_config`, from text."""
    return apply_settings(base or GeneratorConfig(), read_settings(text, name))


__all__ = [
    "ConfigError",
    "GeneratorConfig",
    "load_config",
    "parse_config",
    "parse_setting",
    "apply_settings",
    "read_settings",
    "known_keys",
    "RTG_KEYS",
    "NATIVE_KEYS",
]


def config_from(path: Path | str | None, sets: list[str]) -> GeneratorConfig:
    """The built-in settings, then the configuration file ``path`` (if any), then each
    ``--set KEY=VALUE`` in order: what ``generate`` and ``conform`` take from their options
    (not yet checked for completeness, as :func:`load_config`)."""
    config = GeneratorConfig() if path is None else load_config(path, GeneratorConfig())
    pairs = []
    for item in sets:
        if "=" not in item:
            raise ConfigError(f"--set {item}: expected KEY=VALUE")
        key, value = (part.strip() for part in item.split("=", 1))
        pairs.append((key, value, f"--set {item}"))
    return apply_settings(config, pairs)
