"""``check`` for Swiss Team events (C.04.6 2026): every recorded round re-paired by
:mod:`trfaudit.engine.team` and compared (pairs, colours, the PAB), the findings in the
system's own terms ([C1]-[C10], Arts 3.4, 3.5.4, 3.6.3, 4.3.x); standings by match and game
points.  A separate path from the Dutch one: it shares the report model and formats only.
"""

from __future__ import annotations

from trfaudit.engine.team.evaluate import Difference, difference
from trfaudit.engine.team.pairer import NoPairing, TeamPairing
from trfaudit.engine.team.rules import CRITERIA, EDITION_DATES, CodeError, is_team_code
from trfaudit.engine.team.system import TeamFile, read_team_file
from trfaudit.trf.dates import tournament_dates
from trfaudit.trf.model import RecordKind, Tournament

from .model import DIFFERS, MATCH, Discrepancy, FileReport, Pairing, RoundReport

_TEAM_RECORDS = (
    RecordKind.TEAM_RECORD,
    RecordKind.TEAM_PAB,
    RecordKind.TEAM_FORFEIT,
    RecordKind.LINEUP,
)
ARTICLES = {
    "3.4.1": "the PAB team leaves a legal pairing for all teams",
    "3.4.2": "the PAB goes to the lowest score",
    "3.4.3": "then to the team that played the most matches",
    "3.4.4": "then to the largest TPN",
    "3.5.4": "the sets of upfloaters in lexicographic order of their TPNs",
    "3.6.3": "the pairings in lexicographic order of their identifiers",
    "260": "a prohibited pairing of the competition (TRF-2026 260)",
}


def is_team_event(t: Tournament) -> bool:
    """A Swiss Team event: a ``192 FIDE_TEAM...`` code, TRF-2026 team records, or TRF-16
    ``013`` team lines in a file whose ``092`` says it is a team event (Swiss-Manager)."""
    if is_team_code(t.type_code):
        return True
    if any(r.kind in _TEAM_RECORDS for r in t.records):
        return True
    return bool(t.teams) and "TEAM" in (t.tournament_type or "").upper()


def _label(criterion: str) -> str:
    if criterion in CRITERIA:
        art, words = CRITERIA[criterion]
        return f"{criterion} (Art. {art}: {words})"
    return f"Art. {criterion} ({ARTICLES.get(criterion, 'C.04.6 2026')})"


def _recorded(tf: TeamFile, rnd: int) -> tuple[list[tuple[int, int]], int | None, dict[int, str]]:
    """The recorded pairs (smaller TPN first), the PAB team, and each team's colour."""
    pairs, bye, colours = set(), None, {}
    for tpn, rs in tf.history.rounds.items():
        r = rs[rnd - 1]
        if r.kind == "pab":
            bye = tpn
        elif r.opponent is not None and r.kind in ("played", "forfeit_win", "forfeit_loss"):
            pairs.add((min(tpn, r.opponent), max(tpn, r.opponent)))
            if r.colour:
                colours[tpn] = r.colour
    return sorted(pairs), bye, colours


def _finding(rnd: int, d: Difference) -> Discrepancy:
    label = _label(d.criterion)
    teams = ", ".join(str(t) for t in d.teams)
    if d.kind == "order":
        text = f"as good on [C4]-[C10], but {label} puts the engine's first: {d.expected}"
    elif d.kind == "illegal":
        text = f"{label}: the record has {d.recorded}"
    elif d.kind == "unexplained":
        text = f"the record looks better on {label} ({d.recorded} against {d.expected}): an engine defect"
    else:
        text = f"{label}: the record has {d.recorded}; the engine's pairing has {d.expected}"
    summary = f"Round {rnd}, teams {teams}: {text}"
    return Discrepancy(d.kind, d.criterion, d.teams, d.recorded, d.expected, text, summary)


def check_round(tf: TeamFile, rnd: int) -> RoundReport:
    """Round ``rnd`` re-paired from the rounds before it and compared with the record."""
    pairs, bye, colours = _recorded(tf, rnd)
    inp = tf.input(rnd, recorded=True)
    recorded = Pairing([(a, b) if colours.get(a) != "b" else (b, a) for a, b in pairs], bye)
    try:
        engine: TeamPairing = _pair(inp)
    except NoPairing as exc:
        d = Discrepancy(
            "unexplained", "3.3.3", [], None, None, f"the engine finds no pairing: {exc}"
        )
        return RoundReport(rnd, DIFFERS, [d], recorded, None)
    expected = Pairing([(b.white, b.black) for b in engine.boards], engine.bye)
    found = []
    same = sorted(tuple(sorted(p)) for p in expected.boards) == pairs and engine.bye == bye
    if not same:
        d = difference(inp, engine, pairs, bye)
        if d is not None:
            found.append(_finding(rnd, d))
        else:
            found.append(Discrepancy("unexplained", None, [], None, None, "the pairings differ"))
    else:
        for b in engine.boards:
            if b.white in colours and colours[b.white] != "w":
                text = f"Art. {b.rule} gives White to team {b.white}; the record gives it to team {b.black}"
                found.append(Discrepancy("colour", b.rule, [b.white, b.black], f"{b.black}-{b.white}",
                                         f"{b.white}-{b.black}", text, f"Round {rnd}: {text}"))  # fmt: skip
    status = DIFFERS if found else MATCH
    if not found:
        return RoundReport(rnd, status)
    return RoundReport(rnd, status, found, recorded, expected)


def _pair(inp):  # type: ignore[no-untyped-def]
    from trfaudit.engine.team.pairer import pair_round

    return pair_round(inp)


def edition(t: Tournament, rules: str) -> tuple[str | None, str]:
    """(edition, why): 2026 from 2026-02-01 (C.04.6 2026 applies from then); an earlier
    start date is the 2024 edition, which is not implemented; ``--rules 2026`` forces it."""
    if rules in ("2026", "team-2026"):
        return "2026", f"--rules {rules}"
    if rules not in ("auto", "all"):
        return None, f"--rules {rules} is a Dutch edition; C.04.6 has team-2026 here"
    day = tournament_dates(t).start
    if day is not None and day.isoformat() < EDITION_DATES["2026"]:
        return None, (f"start {day.isoformat()}: the C.04.6 2024 edition was in force "
                      "(applied 2024-08-01 to 2026-01-31); it is not implemented (--rules 2026 "
                      "checks the file against the 2026 text)")  # fmt: skip
    return "2026", "C.04.6 2026 (applied from 2026-02-01)" + (
        "" if day else "; the file has no date"
    )


def check_team(t: Tournament, rules: str = "auto", only: int | None = None) -> FileReport:
    """The report of one team file (``error`` set when it cannot be checked)."""
    report = FileReport(file=t.file or "<tournament>", event=t.name or None, city=t.city or None)
    name, why = edition(t, rules)
    report.rules_reason = why
    if name is None:
        report.error = f"a Swiss Team event (C.04.6): {why}"
        return report
    report.rules, report.rules_title = f"team-{name}", f"FIDE Swiss Team System (C.04.6 {name})"
    report.editions = [report.rules]
    try:
        tf = read_team_file(t, None if t.type_code else "FIDE_TEAM")
    except CodeError as exc:
        report.error = str(exc)
        return report
    if not t.type_code:
        report.warnings.append(
            f"{report.file}: no 192 code: FIDE_TEAM's defaults (type A, MP, GP for colours; Arts 1.2.2, 1.7)"
        )
    if not tf.records.teams:
        report.error = "a team event without team records (310 or 013): the teams are unknown"
        return report
    if any(r.kind is RecordKind.ABNORMAL_POINTS for r in t.records):
        report.warnings.append(
            f"{report.file}: 299 abnormal points are not applied to the team scores"
        )
    rounds = [only] if only else range(1, t.recorded_rounds() + 1)
    report.rounds = [check_round(tf, rnd) for rnd in rounds]
    return report
