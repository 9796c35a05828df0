"""The point system of a file that states none, read from its players' points and results.

TRF-16 has no record for the point system: a 3-1-0 event exported by a real program (or by
``trfaudit convert --to trf16``) states nothing, and only the Points column (81-84) shows it.
:func:`infer_scoring` solves, in exact rational arithmetic, for the values that make every
player's Points the sum of their results:

    points(p) = sum over kinds k of count(p, k) * value(k)

one equation per player, over the nine values of :attr:`Scoring.FIELDS`.  Where the players'
results leave a value open (no forfeit in the event, say), the usual relations fill it, in this
order, as long as they agree with the equations: a loss, a zero-point bye and a forfeit loss
are worth 0; a forfeit win, a full-point bye and the PAB are worth a win; a half-point bye is
worth a draw; a draw is worth half a win.  The answer is given only when the equations and
these relations leave exactly one point system, and at least one player's equation
beyond those that fix it confirms it (two players' wrong Points are not a point system).
"""

from __future__ import annotations

from fractions import Fraction

from .model import EntryKind, RecordKind, Scoring, Tournament

FIELDS = Scoring.FIELDS  # win draw loss zero_bye forfeit_loss forfeit_win full_bye half_bye pab
_INDEX = {name: i for i, name in enumerate(FIELDS)}
_KIND_FIELD = {
    EntryKind.FORFEIT_WIN: "forfeit_win",
    EntryKind.FORFEIT_LOSS: "forfeit_loss",
    EntryKind.PAB: "pab",
    EntryKind.HALF_BYE: "half_bye",
    EntryKind.FULL_BYE: "full_bye",
    EntryKind.ZERO_BYE: "zero_bye",
}
_OUTCOME_FIELD = {"1": "win", "W": "win", "=": "draw", "D": "draw", "0": "loss", "L": "loss"}

Row = list[Fraction]  # coefficients of the nine values, then the right-hand side


def _relation(a: str, b: str | None = None, factor: Fraction = Fraction(1)) -> Row:
    """``a = factor * b`` (or ``a = 0`` when ``b`` is None) as a row."""
    row = [Fraction(0)] * (len(FIELDS) + 1)
    row[_INDEX[a]] = Fraction(1)
    if b is not None:
        row[_INDEX[b]] -= factor
    return row


#: The usual relations, in the order they are tried (see the module docstring).
DEFAULTS: tuple[tuple[str, Row], ...] = (
    ("loss 0", _relation("loss")),
    ("zero-point bye 0", _relation("zero_bye")),
    ("forfeit loss 0", _relation("forfeit_loss")),
    ("forfeit win = win", _relation("forfeit_win", "win")),
    ("full-point bye = win", _relation("full_bye", "win")),
    ("PAB = win", _relation("pab", "win")),
    ("half-point bye = draw", _relation("half_bye", "draw")),
    ("draw = win / 2", _relation("draw", "win", Fraction(1, 2))),
)


def _reduce(rows: list[Row]) -> tuple[list[Row], bool]:
    """Reduced row echelon form; False when the system has no solution."""
    rows = [list(r) for r in rows]
    n = len(FIELDS)
    pivot_row = 0
    for col in range(n):
        found = next((i for i in range(pivot_row, len(rows)) if rows[i][col] != 0), None)
        if found is None:
            continue
        rows[pivot_row], rows[found] = rows[found], rows[pivot_row]
        lead = rows[pivot_row][col]
        rows[pivot_row] = [x / lead for x in rows[pivot_row]]
        for i in range(len(rows)):
            if i != pivot_row and rows[i][col] != 0:
                f = rows[i][col]
                rows[i] = [x - f * y for x, y in zip(rows[i], rows[pivot_row])]
        pivot_row += 1
    rows = [r for r in rows if any(r)]
    consistent = all(any(r[:n]) for r in rows)
    return rows, consistent


def _field_of(kind: EntryKind, result: str) -> int | None:
    name = _OUTCOME_FIELD.get(result.upper()) if kind is EntryKind.PLAYED else _KIND_FIELD.get(kind)
    return None if name is None else _INDEX[name]


def player_rows(t: Tournament) -> list[Row]:
    """One equation per player whose Points can only be the sum of their results (players with
    acceleration or a next-round bye are left out: their Points may include either).
    Duplicate equations are dropped."""
    recorded = t.recorded_rounds()
    adjusted = _adjusted(t)
    seen: dict[tuple[object, ...], Row] = {}
    fields: dict[tuple[EntryKind, str], int | None] = {}
    for p in t.players.values():
        if p.points is None or p.tpn in t.accelerations or p.tpn in t.absent_next:
            continue
        if adjusted is None or p.tpn in adjusted:
            continue
        counts = [0] * len(FIELDS)
        for e in p.entries[:recorded]:
            key = (e.kind, e.result)
            i = fields[key] if key in fields else fields.setdefault(key, _field_of(*key))
            if i is not None:
                counts[i] += 1
        key2 = (*counts, p.points)
        if key2 not in seen:
            seen[key2] = [Fraction(c) for c in counts] + [Fraction(p.points)]
    return list(seen.values())


def _adjusted(t: Tournament) -> set[int] | None:
    """Players whose Points include a 299 record's points (None: every player)."""
    from .abnormal import adjusted_players

    return adjusted_players(t.abnormal_points)


def usual_system_fits(t: Tournament) -> bool:
    """Every player's Points fit 1-1/2-0 (with the byes and the PAB worth their usual values).

    The fast test the reader runs on every file that states no point system: under the usual
    system a result character is worth the same whatever the entry is (``+``, ``U``, ``F``,
    ``1``, ``W`` one point; ``=``, ``D``, ``H`` half a point; the rest nothing), so the
    characters at columns 99, 109, ... of the 001 lines are enough.
    """
    recorded = t.recorded_rounds()
    adjusted = _adjusted(t)
    if adjusted is None:
        return True  # a 299 record changes everyone's points: nothing to infer from them
    for record in t.records:
        if record.kind is not RecordKind.PLAYER or record.tpn is None:
            continue
        p = t.players[record.tpn]
        if p.points is None or p.tpn in t.accelerations or p.tpn in t.absent_next:
            continue
        if p.tpn in adjusted:  # its 299 record explains its Points
            continue
        results = record.raw[98::10][:recorded]
        halves = 2 * sum(map(results.count, "1W+UF")) + sum(map(results.count, "=DH"))
        if halves != 2 * p.points:
            return False
    return True


def infer_scoring(t: Tournament) -> tuple[Scoring, list[str]] | None:
    """The one point system that gives every player's Points, and the relations assumed for
    the values the results leave open; None when there is no such system or more than one."""
    rows = player_rows(t)
    usual = [Fraction(getattr(t.scoring, name)) for name in FIELDS]
    if not rows or all(sum(c * v for c, v in zip(r, usual)) == r[-1] for r in rows):
        return None  # the file's own (default) point system fits: nothing to infer
    reduced, consistent = _reduce(rows)
    if not consistent or len(rows) <= len(reduced):
        # No solution, or no player left over to confirm the one found: a file whose Points
        # are simply wrong must not be explained away by an invented point system.
        return None
    assumed: list[str] = []
    for name, relation in DEFAULTS:
        if len(reduced) == len(FIELDS):
            break
        trial, ok = _reduce(reduced + [relation])
        if ok and len(trial) > len(reduced):
            reduced, assumed = trial, assumed + [name]
    if len(reduced) != len(FIELDS):
        return None
    values = {name: Fraction(0) for name in FIELDS}
    for r in reduced:
        col = next(i for i, x in enumerate(r[:-1]) if x != 0)
        values[FIELDS[col]] = r[-1]
    if any(v < 0 for v in values.values()):
        return None
    return Scoring(**values), assumed


def describe(s: Scoring) -> str:
    """``W 3 D 1 L 0`` and the values that differ from their usual relation."""

    def num(x: Fraction | None) -> str:
        x = Fraction(x or 0)
        return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"

    text = f"W {num(s.win)} D {num(s.draw)} L {num(s.loss)}"
    extras = [
        ("PAB", s.pab, s.win),
        ("forfeit win", s.forfeit_win, s.win),
        ("full-point bye", s.full_bye, s.win),
        ("half-point bye", s.half_bye, s.draw),
        ("zero-point bye", s.zero_bye, Fraction(0)),
        ("forfeit loss", s.forfeit_loss, Fraction(0)),
    ]
    for name, value, usual in extras:
        if value != usual:
            text += f", {name} {num(value)}"
    return text
