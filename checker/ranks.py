"""Checking the recorded standings: the 001 rank column against the ranking that C.07 and the
declared tie-breaks (TRF-2026 ``212``, else ``PTS`` + ``202``) give.

A rank is blamed only when the file claims a ranking that can be verified:

- no rank recorded: nothing to check;
- a rank column that does not follow the points of the recorded rounds is not the standings
  of this file (a starting rank, or another round's standings): not verified, said in a note;
- no tie-break declared: the order within equal points is not verified (a note);
- a tie-break that cannot be computed (team or organiser-defined codes, unrated players
  without a rule): the ranks from that item on are not verified (a note);
- places still tied after the whole list may be in any order (C.07 4.2: lots).

TRF-2026 records no per-participant tie-break values (``212`` lists codes only), so the
recorded values that can be compared are the points, which the validator already checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from trfaudit.checker.findings import FileReport
from trfaudit.engine.findings import Discrepancy, Kind
from trfaudit.engine.tiebreaks import (
    IN_FORCE_2026,
    RULES_2024,
    RULES_2026,
    TB_RULES,
    Standings,
    Step,
    TieBreakRules,
    compute,
    num,
)
from trfaudit.engine.tiebreaks.direct import DirectEncounter
from trfaudit.trf.dates import tournament_dates
from trfaudit.trf.model import RecordKind, Tournament
from trfaudit.trf.tiebreak_codes import TieBreakCode

_ORDINALS = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
)


@dataclass(frozen=True)
class RulesChoice:
    rules: TieBreakRules
    reason: str


def choose_tb_rules(t: Tournament, requested: str = "auto") -> RulesChoice:
    """``--tb-rules 2024|2026`` when given, else the start date (042) against 1 March 2026
    (C.07 2026 is applied from that date; whether it covers events begun earlier is not
    settled, tiebreaks.md 8: the start date decides, as in Gacrux), else the current text."""
    if requested != "auto":
        return RulesChoice(TB_RULES[requested], f"--tb-rules {requested}")
    dates = tournament_dates(t)  # 042, else 052, else the first 132 round date
    start = dates.start
    if start is not None and dates.source is not None:
        where = dates.source.where
        if start >= IN_FORCE_2026:
            return RulesChoice(
                RULES_2026,
                f"start date {start.isoformat()} ({where}): in force "
                f"from {IN_FORCE_2026.isoformat()}",
            )
        return RulesChoice(
            RULES_2024,
            f"start date {start.isoformat()} ({where}): before {IN_FORCE_2026.isoformat()}",
        )
    if len(dates.starts) > 1:
        readings = ", ".join(d.isoformat() for d in sorted(dates.starts))
        if min(dates.starts) >= IN_FORCE_2026 or max(dates.starts) < IN_FORCE_2026:
            rules = RULES_2026 if min(dates.starts) >= IN_FORCE_2026 else RULES_2024
            return RulesChoice(rules, f"the start date reads {readings}: the same C.07 text")
        return RulesChoice(
            RULES_2026, f"the start date reads {readings}, across 2026-03-01: the current text"
        )
    return RulesChoice(RULES_2026, "no readable start date (042): the current text")


@dataclass(frozen=True)
class Declared:
    codes: list[TieBreakCode]
    points_first: bool  # PTS implied before the list (202, --tiebreaks)
    source: str  # "212", "202", "--tiebreaks" or "" (none)
    note: str = ""  # 212 and 202 disagree, or 212 leaves the points out


def declared(t: Tournament, option: list[TieBreakCode] | None = None) -> Declared:
    """The list that ranks ``t`` (TRF-2026 5.3): ``--tiebreaks``, else ``212`` exactly as
    written, else ``PTS`` + ``202``; none: points only."""
    if option is not None:
        return Declared(option, True, "--tiebreaks")
    if t.standings_order.strip():
        codes = t.standings_codes()
        note = ""
        if t.tie_breaks.strip() and [c.canonical() for c in codes] != ["PTS"] + [
            c.canonical() for c in t.tie_break_codes()
        ]:
            note = "212 is not PTS followed by the 202 list: 212 is used (TRF-2026 5.3)"
        if not any(c.name == "PTS" for c in codes):
            note = (note + "; " if note else "") + "212 does not name PTS: points not used"
        return Declared(codes, False, "212", note)
    if t.tie_breaks.strip():
        return Declared(t.tie_break_codes(), True, "202")
    return Declared([], True, "")


@dataclass
class StandingsCheck:
    """What ``check`` found about the recorded ranks of one file."""

    rules: str
    rules_reason: str
    source: str
    discrepancies: list[Discrepancy] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def recorded_ranks(t: Tournament) -> dict[int, int]:
    return {tpn: p.rank for tpn, p in t.players.items() if p.rank}


def is_ranking(scores: Mapping[int, Fraction], ranks: dict[int, int]) -> bool:
    """Nobody is ranked below someone with fewer points (one pass over the ranks in order:
    every rank's best score is at most the worst score of the ranks above it)."""
    by_rank: dict[int, list[int]] = {}
    for tpn, rank in ranks.items():
        by_rank.setdefault(rank, []).append(tpn)
    above = None  # the lowest score ranked above
    for rank in sorted(by_rank):
        group = [scores[tpn] for tpn in by_rank[rank]]
        if above is not None and max(group) > above:
            return False
        low = min(group)
        above = low if above is None else min(above, low)
    return True


def _ordinal(i: int) -> str:
    return _ORDINALS[i] if i < len(_ORDINALS) else f"{i + 1}th"


def explain_pair(st: Standings, a: int, b: int) -> tuple[str, str]:
    """Why ``a`` ranks before ``b`` in ``st``: the deciding item (label and article) and the
    sentence "BH/C1 32 against 31.5 (the second tie-break decides; the first ties at 35)"
    with how each value is made up."""
    i = st.deciding(a, b)
    if i is None:
        return "", "they stay tied"
    step = st.steps[i]
    tb = step.tiebreak
    article = tb.article if tb is not None else ""
    label = f"{step.label} ({article})" if article else step.label

    def tie(s: Step) -> str:
        if isinstance(s.tiebreak, DirectEncounter):
            return f"{s.label} leaves them tied"
        what = "the points tie" if s.code.name == "PTS" else f"{s.label} ties"
        return f"{what} at {num(s.values[a].number)}"

    tie_text = "; ".join(tie(s) for s in st.steps[:i])
    position = (
        "the points decide"
        if step.code.name == "PTS"
        else (f"the {_ordinal(i - (1 if st.steps[0].code.name == 'PTS' else 0))} tie-break decides")
    )
    if isinstance(tb, DirectEncounter):
        group = [p for p in st.trail if st.trail[p][:i] == st.trail[a][:i]]
        text = (
            f"{step.label} puts {a} before {b} among {sorted(group)} (separate standings "
            f"{tb.explain(st.event, sorted(group))}) ({position}"
        )
    else:
        va, vb = step.values[a], step.values[b]
        text = f"{step.label} {num(va.number)} for {a} against {num(vb.number)} for {b} ({position}"
    text += f"; {tie_text})" if tie_text else ")"
    if not isinstance(tb, DirectEncounter) and step.code.name != "PTS":
        text += f". {a}: {step.values[a].how}. {b}: {step.values[b].how}"
    return label, text


def _summary(explanation: str) -> str:
    """The quotable sentence: the explanation without how each value is made up."""
    return "Standings: " + explanation.split("). ", 1)[0] + (")" if "). " in explanation else "")


def compare(t: Tournament, st: Standings, ranks: dict[int, int]) -> list[Discrepancy]:
    """Every recorded rank the computed ranking does not allow, with the deciding item."""
    found: list[Discrepancy] = []
    seen: set[int] = set()
    order = sorted(ranks, key=lambda p: (ranks[p], p))
    rows = {r.tpn: r for r in st.rows}
    for a, b in zip(order, order[1:]):
        ra, rb = rows[a], rows[b]
        if b in ra.group:
            continue  # tied (or undetermined) together: any order is allowed
        if rb.rank < ra.rank:
            label, why = explain_pair(st, b, a)
            found.append(
                Discrepancy(
                    Kind.STANDINGS,
                    label,
                    [a, b],
                    f"{a} rank {ranks[a]}, {b} rank {ranks[b]}",
                    f"{b} rank {rb.rank}, {a} rank {ra.rank}",
                    f"ranks {ranks[a]} ({a}) and {ranks[b]} ({b}) are in the wrong order, {b} "
                    f"ranks before {a}: {why}",
                )
            )
            found[-1].summary = _summary(found[-1].explanation)
            seen.update((a, b))
        elif ranks[a] == ranks[b]:
            label, why = explain_pair(st, a, b)
            found.append(
                Discrepancy(
                    Kind.STANDINGS,
                    label,
                    [a, b],
                    f"{a} and {b} tied at rank {ranks[a]}",
                    f"{a} rank {ra.rank}, {b} rank {rb.rank}",
                    f"{a} and {b} are recorded as tied at rank {ranks[a]}, but {why}",
                )
            )
            found[-1].summary = _summary(found[-1].explanation)
            seen.update((a, b))
    for tpn in order:
        row = rows[tpn]
        low, high = row.rank, row.rank + len(row.group) - 1
        if tpn not in seen and not low <= ranks[tpn] <= high:
            place = str(low) if low == high else f"{low}-{high}"
            found.append(
                Discrepancy(
                    Kind.STANDINGS,
                    "C.07 4.2",
                    [tpn],
                    f"rank {ranks[tpn]}",
                    f"rank {place}",
                    f"{tpn} is recorded at rank {ranks[tpn]} but its place is {place} "
                    f"({len([p for p in rows if rows[p].rank < low])} participants rank above it;"
                    " tied participants share the place and the next ones skip it)",
                )
            )
            found[-1].summary = "Standings: " + found[-1].explanation
    return found


def verify(
    t: Tournament, requested: str = "auto", unrated_rating: int | None = None
) -> StandingsCheck | None:
    """Check the recorded ranks of ``t``; None when it records none."""
    ranks = recorded_ranks(t)
    if not ranks:
        return None
    choice = choose_tb_rules(t, requested)
    decl = declared(t)
    result = StandingsCheck(choice.rules.name, choice.reason, decl.source or "none")
    if decl.note:
        result.notes.append(decl.note)
    if len(ranks) < len(t.players):
        result.notes.append(
            f"ranks recorded for {len(ranks)} of {len(t.players)} "
            "participants: standings not verified"
        )
        return result
    if any(e.pending for p in t.players.values() for e in p.entries):
        result.notes.append(
            "games without results: the ranks may be those before that round; not verified"
        )
        return result
    if any(r.kind is RecordKind.ABNORMAL_POINTS for r in t.records):
        result.notes.append(
            "299 point adjustments: how they enter tie-breaks is not stated by C.07; not verified"
        )
        return result
    st = compute(
        t, decl.codes, choice.rules, points_first=decl.points_first, unrated_rating=unrated_rating
    )
    rounds = st.rounds
    # Points first, implied (202) or written (212 PTS, ...): ranks that do not follow them
    # are no standings of this file.
    by_points = decl.points_first or bool(decl.codes and decl.codes[0].name == "PTS")
    if by_points and not is_ranking(st.event.score, ranks):
        result.notes.append(
            f"the rank column does not follow the points after round {rounds}"
            ": it is not the standings of this file (a starting rank, or "
            "another round's standings); not verified"
        )
        return result
    if not decl.source:
        result.notes.append(
            "no tie-breaks declared (202/212): ranks checked against the points only"
        )
        return result
    result.notes.extend(st.notes)
    result.discrepancies = compare(t, st, ranks)
    if result.discrepancies and requested == "auto" and choice.reason.startswith("no readable"):
        # which text applies is unknown: blame only what both texts blame
        other = RULES_2024 if choice.rules is RULES_2026 else RULES_2026
        st_other = compute(
            t, decl.codes, other, points_first=decl.points_first, unrated_rating=unrated_rating
        )
        if not compare(t, st_other, ranks):
            result.notes.append(
                f"the ranks follow the C.07 {other.name} text but not the "
                f"{choice.rules.name} text, and no start date (042) says "
                "which applies: not blamed"
            )
            result.discrepancies = []
    return result


def points_value(x: Fraction | int | None) -> float | int | None:
    """A value for JSON: an integer when whole, else a float (values are halves, quarters
    or hundredths)."""
    if x is None:
        return None
    f = Fraction(x)
    return int(f) if f.denominator == 1 else float(f)


def attach(t: Tournament, report: FileReport, requested: str = "auto") -> None:
    """``check``'s hook: put the standings findings and notes of ``t`` on ``report``."""
    try:
        found = verify(t, requested)
    except Exception as exc:  # noqa: BLE001 - a defect here must not stop the pairing check
        report.standings_notes.append(
            f"standings not verified: the checker failed ({type(exc).__name__}: {exc}): a defect"
        )
        return
    if found is None:
        return
    report.standings = found.discrepancies
    if found.source == "none":
        report.standings_notes = [f"standings: {note}" for note in found.notes]
    else:
        report.standings_notes = [
            f"standings ({found.source}; C.07 {found.rules}: {found.rules_reason}): {note}"
            for note in found.notes
        ]
