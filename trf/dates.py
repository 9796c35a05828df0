"""The dates of a tournament file, as real writers put them in ``042``, ``052`` and ``132``.

TRF-16 asks for ``YYYY/MM/DD`` (and ``YY/MM/DD`` for the round dates of ``132``); real files
hold ``2024-10-13``, ``2024.10.13``, ``28.07.2005``, ``28. 07. 2005``, ``21/03/2026``,
``Jun 26, 2020``, ``26 June 2020``, ``Friday, May 29, 2020 18:00`` ...

:func:`date_readings` gives every reading of one text: a date written with figures only and
the year last (``03/04/2021``) or with a two-digit year (``24/01/01``) can be read in more than
one order.  :func:`tournament_dates` reads all the dates of a file together: one writer uses
one order for all its dates of the same shape, and the dates of an event are in order
(start <= round dates <= end), so the other dates of the file usually leave one reading.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from datetime import date

from .model import Tournament

#: Orders of a date written with figures only.
YMD, DMY, MDY = "YYYY/MM/DD", "DD/MM/YYYY", "MM/DD/YYYY"
#: The reading of a date that names its month (or writes an 8-digit YYYYMMDD): one order only.
NAMED = "named"

_MONTHS = {
    name: i + 1
    for i, name in enumerate(
        (
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        )
    )
}
_MONTHS.update({name[:3]: number for name, number in list(_MONTHS.items())})
_MONTHS["sept"] = 9
_FILLER = frozenset(("of", "st", "nd", "rd", "th"))  # 26th of June
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = re.compile(
    r"\b(?:" + "|".join(f"{d[:3]}(?:{d[3:]})?" for d in _WEEKDAYS) + r")\b\.?,?", re.IGNORECASE
)
# A time of day: 18:00, 6:00 PM, 18:00:00.000, T18:00Z, +02:00, UTC.
_TIME = re.compile(
    r"(?:(?<=\d)T|\b)\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[ap]\.?m\.?)?"
    r"(?:\s*(?:z|utc|gmt|[+-]\d{2}:?\d{2}))?(?![\w:])",
    re.IGNORECASE,
)
_TOKEN = re.compile(r"\d+|[^\W\d_]+")


def _two_digit_year(yy: int) -> int:
    """``05`` is 2005, ``98`` is 1998 (FIDE rating lists and TRF start in the 1970s/1990s)."""
    return 2000 + yy if yy < 70 else 1900 + yy


def _make(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


@dataclass(frozen=True)
class Readings:
    """The readings of one date text: ``order`` (YMD, DMY, MDY or NAMED) -> date.

    ``shape`` groups texts that a writer writes the same way (``"d/d/dddd"``): within a file,
    texts of one shape share their order.  No readings: the text is not a date we can read.
    """

    text: str
    shape: str
    dates: dict[str, date] = field(default_factory=dict)

    @property
    def unique(self) -> date | None:
        values = set(self.dates.values())
        return values.pop() if len(values) == 1 else None


def date_readings(text: str) -> Readings:
    """Every reading of ``text`` as a calendar date (see the module docstring)."""
    clean = _TIME.sub(" ", _WEEKDAY.sub(" ", text.strip()))
    tokens = _TOKEN.findall(clean)
    words = [t for t in tokens if not t.isdigit()]
    numbers = [t for t in tokens if t.isdigit()]
    if words:
        month_words = [w for w in words if w.lower() in _MONTHS]
        extra = [w for w in words if w.lower() not in _MONTHS and w.lower() not in _FILLER]
        if len(month_words) != 1 or extra or len(numbers) != 2:
            return Readings(text, "unread")
        month = _MONTHS[month_words[0].lower()]
        four = [n for n in numbers if len(n) == 4]
        if len(four) == 1:
            year, day = int(four[0]), int(next(n for n in numbers if n is not four[0]))
        elif not four and all(len(n) <= 2 for n in numbers):
            day, year = int(numbers[0]), _two_digit_year(int(numbers[1]))
        else:
            return Readings(text, "unread")
        found = _make(year, month, day)
        return Readings(text, "named", {NAMED: found} if found else {})
    if len(numbers) == 1 and len(numbers[0]) == 8:  # 20200529
        n = numbers[0]
        found = _make(int(n[:4]), int(n[4:6]), int(n[6:]))
        return Readings(text, "dddddddd", {NAMED: found} if found else {})
    if len(numbers) != 3 or not re.fullmatch(
        r"\s*\d+\s*[/.\-]\s*\d+\s*[/.\-]\s*\d+\s*\.?\s*", clean
    ):
        return Readings(text, "unread")
    a, b, c = numbers
    shape = "/".join("d" * len(n) if len(n) == 4 else "d" for n in numbers)
    if len(a) == 4 and len(b) <= 2 and len(c) <= 2:
        found = _make(int(a), int(b), int(c))
        return Readings(text, shape, {YMD: found} if found else {})
    if len(c) == 4 and len(a) <= 2 and len(b) <= 2:
        candidates = {DMY: _make(int(c), int(b), int(a)), MDY: _make(int(c), int(a), int(b))}
    elif all(len(n) <= 2 for n in numbers):
        shape = "dd/dd/dd"
        candidates = {
            YMD: _make(_two_digit_year(int(a)), int(b), int(c)),
            DMY: _make(_two_digit_year(int(c)), int(b), int(a)),
            MDY: _make(_two_digit_year(int(c)), int(a), int(b)),
        }
    else:
        return Readings(text, "unread")
    return Readings(text, shape, {k: v for k, v in candidates.items() if v is not None})


@dataclass(frozen=True)
class DateField:
    """One date of the file: where it is (``042``, ``052``, ``132 round 3``) and its text."""

    where: str
    readings: Readings


@dataclass(frozen=True)
class FileDates:
    """What the dates of a file say about when the event started.

    ``starts``: the possible start dates, each with how it was read (one when the file is
    clear; several when an ambiguous date stays ambiguous; none when no date is readable).
    ``source`` is the field the start comes from (``042``, else ``052``, else the first
    ``132`` round date); ``unread`` lists the date fields that could not be read at all.
    """

    starts: dict[date, str]
    source: DateField | None
    unread: list[DateField]

    @property
    def start(self) -> date | None:
        return next(iter(self.starts)) if len(self.starts) == 1 else None


def round_date_texts(text: str) -> list[str]:
    """The round dates of a ``132`` text (from column 5): fields separated by two or more
    blanks (TRF-16 aligns a ``YY/MM/DD`` date with each round's block)."""
    return [part for part in re.split(r"\s{2,}", text.strip()) if part]


def date_fields(t: Tournament) -> list[DateField]:
    fields = []
    for where, text in (("042", t.start_date), ("052", t.end_date)):
        if text and text.strip():
            fields.append(DateField(where, date_readings(text)))
    for i, text in enumerate(round_date_texts(t.round_dates or "")):
        fields.append(DateField(f"132 round {i + 1}", date_readings(text)))
    return fields


def _in_order(chosen: list[tuple[DateField, date]]) -> bool:
    """042 <= every round date <= 052, and the round dates never go back."""
    start = next((d for f, d in chosen if f.where == "042"), None)
    end = next((d for f, d in chosen if f.where == "052"), None)
    rounds = [d for f, d in chosen if f.where.startswith("132")]
    if start and end and start > end:
        return False
    if any(b < a for a, b in itertools.pairwise(rounds)):
        return False
    return not (rounds and (start and rounds[0] < start or end and rounds[-1] > end))


def tournament_dates(t: Tournament) -> FileDates:
    """Read all the dates of ``t`` together (see the module docstring)."""
    fields = date_fields(t)
    readable = [f for f in fields if f.readings.dates]
    unread = [f for f in fields if not f.readings.dates]
    source = next(
        (f for where in ("042", "052", "132") for f in readable if f.where.startswith(where)), None
    )
    if source is None:
        return FileDates({}, None, unread)
    shapes = sorted({f.readings.shape for f in readable})
    # The orders every date of a shape can be read in.
    options = {
        s: sorted(
            set.intersection(*(set(f.readings.dates) for f in readable if f.readings.shape == s))
        )
        for s in shapes
    }
    found: dict[date, list[str]] = {}
    for combo in itertools.product(*(options[s] for s in shapes)):
        order = dict(zip(shapes, combo))
        chosen = [(f, f.readings.dates[order[f.readings.shape]]) for f in readable]
        if not _in_order(chosen):
            continue
        start = source.readings.dates[order[source.readings.shape]]
        found.setdefault(start, []).append(order[source.readings.shape])
    if not found:  # the dates are out of order whatever the reading: read the start alone
        for name, start in source.readings.dates.items():
            found.setdefault(start, []).append(name)
    starts: dict[date, str] = {}
    for start, orders in found.items():
        how = f"{source.where} {source.readings.text.strip()!r}"
        possible = set(source.readings.dates)
        if len(possible) > 1 and len(found) == 1:
            # Several readings of the text itself; the rest of the file leaves one.
            how += f" read as {orders[0]}: the only reading consistent with the file's dates"
        starts[start] = how
    if (
        len(starts) > 1
        and source.where.startswith("132")
        and source.readings.shape == "dd/dd/dd"
        and YMD in source.readings.dates
    ):
        # Two-digit years in 132: YY/MM/DD is the order TRF-16 prescribes there, so a round
        # date is read so unless the file's other dates say otherwise.  042/052 are YYYY/MM/DD
        # in TRF-16: a two-digit year there follows no prescribed order, and both readings
        # stay (13.10.24: 2024-10-13 or 2013-10-24).
        start = source.readings.dates[YMD]
        if start in starts:
            starts = {
                start: f"{source.where} {source.readings.text.strip()!r} read as "
                "YY/MM/DD (the TRF order)"
            }
    return FileDates(starts, source, unread)
