"""A whole Swiss Team file (C.04.6 2026): its team view, edition, standings, next round.

:func:`prepare` reads the file's teams and rules and chooses the edition; the rounds are then
audited one by one (:mod:`.audit`); :func:`standings` checks the recorded team ranks;
:func:`pair` pairs a round from the rounds before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trfaudit.trf.model import Tournament
from trfaudit.trf.team import TeamRecords, team_records

from ..last_file import last_file
from ..result import RoundPairing
from ..systems import Paired, Plan, Request, StandingsCheck
from .history import TeamHistory, build_history
from .pairer import TeamInput, pair_teams
from .rules import EDITION_DATES, CodeError, TeamRules, parse_code
from .state import round_input, teams_for_next, teams_in_round

if TYPE_CHECKING:
    pass

NAME = "FIDE Swiss Team (C.04.6)"


@dataclass
class TeamFile:
    """A team file read for pairing: its records, rules, history and length."""

    t: Tournament
    records: TeamRecords
    rules: TeamRules
    history: TeamHistory
    total_rounds: int

    def initial_colour(self) -> str:
        """Art. 4.1: the 152 record; else read back from round 1 through Art. 4.3.1 (the
        first-team of a round-1 match is its smaller TPN; an odd TPN got the initial colour)."""
        if self.t.initial_colour:
            return self.t.initial_colour
        firsts = []
        for tpn, rs in self.history.rounds.items():
            r = rs[0] if rs else None
            if r is not None and r.played and r.opponent is not None and tpn < r.opponent:
                firsts.append((tpn, r.colour))
        if not firsts:
            return "w"
        tpn, colour = min(firsts)
        assert colour is not None
        return colour if tpn % 2 == 1 else {"w": "b", "b": "w"}[colour]

    def input(self, rnd: int, recorded: bool) -> TeamInput:
        to_pair = (
            teams_in_round(self.history, rnd)
            if recorded
            else teams_for_next(self.t, self.history, rnd)
        )
        inp = round_input(
            self.t, self.records, self.history, self.rules, rnd, to_pair, self.total_rounds
        )
        return TeamInput(
            inp.round, inp.total_rounds, inp.teams, inp.rules, self.initial_colour(), inp.forbidden
        )


def read_team_file(t: Tournament, code: str | None = None) -> TeamFile:
    """The team view of ``t``; ``code`` overrides its 192 code."""
    records = team_records(t)
    rules = parse_code(code or t.type_code or "FIDE_TEAM")
    history = build_history(t, records)
    total = max(t.total_rounds or 0, t.recorded_rounds())
    return TeamFile(t, records, rules, history, total)


def pair_next(tf: TeamFile, rnd: int | None = None) -> RoundPairing:
    """Pair round ``rnd`` (default: the first round not recorded)."""
    rnd = rnd or tf.t.recorded_rounds() + 1
    total = max(tf.total_rounds, rnd)
    tf.total_rounds = total
    recorded = rnd <= tf.t.recorded_rounds()
    return pair_teams(tf.input(rnd, recorded))


def edition(t: Tournament, rules: str) -> tuple[str | None, str]:
    """(edition, why): 2026 from 2026-02-01 (C.04.6 2026 applies from then); an earlier
    start date is the 2024 edition, which is not implemented, and one before 2024-08-01 no
    edition at all (FIDE's Swiss Team rules took effect then); a ``092`` naming a league or
    round robin is no Swiss.  ``--rules 2026`` forces the 2026 text."""
    if rules in ("2026", "team-2026"):
        return "2026", f"--rules {rules}"
    if rules not in ("auto", "all"):
        return None, f"--rules {rules} is a Dutch edition; C.04.6 has team-2026 here"
    from trfaudit.trf.dates import tournament_dates
    from trfaudit.trf.system import not_a_swiss

    other = not_a_swiss(t)
    if other is not None:
        return None, (
            f"092 {other!r} names a league or round robin, not a Swiss system: C.04.6 does not "
            "apply (--rules team-2026 checks the file against it anyway)"
        )
    dates = tournament_dates(t)
    day = dates.start
    if len(dates.starts) > 1:  # an ambiguous date: the edition of its earliest reading binds
        readings = ", ".join(d.isoformat() for d in sorted(dates.starts))
        if min(dates.starts).isoformat() < EDITION_DATES["2026"]:
            return None, (
                f"the start date reads {readings}: the edition is unknown, and only the 2026 "
                "text is implemented (--rules team-2026 checks the file against it)"
            )
        day = min(dates.starts)
    if day is not None and day.isoformat() < EDITION_DATES["2024"]:
        return None, (
            f"start {day.isoformat()}: no FIDE Swiss Team edition applied then (the first, "
            f"C.04.6 2024, applies from {EDITION_DATES['2024']}); not checked (--rules "
            "team-2026 checks the file against the 2026 text)"
        )
    if day is not None and day.isoformat() < EDITION_DATES["2026"]:
        return None, (f"start {day.isoformat()}: the C.04.6 2024 edition was in force "
                      "(applied 2024-08-01 to 2026-01-31); it is not implemented (--rules team-2026 "
                      "checks the file against the 2026 text)")  # fmt: skip
    return "2026", "C.04.6 2026 (applied from 2026-02-01)" + (
        "" if day else "; the file has no date"
    )


def _read(t: Tournament) -> TeamFile:
    """The team view of ``t``: a file without a ``192`` code gets FIDE_TEAM's defaults."""
    return read_team_file(t, None if t.type_code else "FIDE_TEAM")


def prepare(t: Tournament, request: Request) -> Plan:
    """The edition (:func:`edition`), the team records and the rules of ``t``."""

    from .system import TEAM_2026

    plan = Plan()
    name, why = edition(t, request.rules)
    plan.rules_reason = why
    if name is None:
        plan.error = f"a Swiss Team event (C.04.6): {why}"
        return plan
    plan.rules, plan.rules_title = TEAM_2026.name, TEAM_2026.title
    plan.editions, plan.initials = (TEAM_2026,), (None,)
    try:
        tf = _read(t)
    except CodeError as exc:
        plan.error = str(exc)
        return plan
    if not t.type_code:
        plan.warnings.append(
            f"{request.file}: no 192 code: FIDE_TEAM's defaults (type A, MP, GP for colours; "
            "Arts 1.2.2, 1.7)"
        )
    if not tf.records.teams:
        plan.error = "a team event without team records (310 or 013): the teams are unknown"
        return plan
    return plan


@last_file
def team_file(t: Tournament) -> TeamFile:
    """The team view of ``t``, read once for all its rounds (the last file is kept)."""
    return _read(t)


def pair(t: Tournament, rnd: int, rules: str = "auto") -> Paired:
    """Round ``rnd`` paired from the rounds before it (raises ``ValueError`` with the
    reason, ``NoPairing`` when Art. 3.3.3 applies)."""
    from ..recorded import check_round_to_pair
    from .system import TEAM_2026

    try:
        tf = _read(t)
    except CodeError as exc:
        raise ValueError(str(exc)) from exc
    check_round_to_pair(t, rnd)
    recorded = t.recorded_rounds()
    if rnd <= recorded:  # the rounds before it only
        tf.history.rounds = {k: v[: rnd - 1] for k, v in tf.history.rounds.items()}
    tf.total_rounds = max(tf.total_rounds, rnd)
    p = pair_teams(tf.input(rnd, recorded=False))
    return Paired(p, TEAM_2026, tf.rules.code)


def pairing_document(t: Tournament, paired: Paired) -> dict[str, object]:
    """``pair --format json`` for a team round: each board's Art. 4.3 rule and the brackets
    (residents, upfloaters, pairs, criteria values)."""
    from .pairer import team_trace

    p = paired.pairing
    return {
        "system": paired.edition.name,
        "code": paired.reason,
        "round": p.round,
        "boards": [{"white": b.white, "black": b.black, "rule": b.rule} for b in p.boards],
        "bye": p.bye,
        "brackets": [
            {
                "score": str(b.score),
                "residents": b.residents,
                "upfloaters": b.upfloaters,
                "pairs": b.pairs,
                "criteria": b.quality,
            }
            for b in team_trace(p).brackets
        ],
    }


def standings(t: Tournament, tb_rules: str = "auto") -> StandingsCheck:
    """The team standings after the last round, by the primary score and the file's 212/202
    list: a recorded rank (310) the ranking does not give is a ``standings`` finding when
    every tie-break could be computed; otherwise the standings are a note."""
    from trfaudit.engine.findings import Discrepancy, Kind
    from trfaudit.engine.team.standings import standings as team_standings
    from trfaudit.engine.tiebreaks.texts import RULES_2024, RULES_2026

    tf = team_file(t)
    found = StandingsCheck()
    rules = RULES_2024 if tb_rules == "2024" else RULES_2026
    codes = [c for c in (t.standings_codes() or t.tie_break_codes()) if c.name != "PTS"]
    names = {team.tpn: team.name for team in tf.records.teams}
    ranks = {team.tpn: team.rank for team in tf.records.teams}
    rows, notes = team_standings(tf.history, names, ranks, tf.rules.primary, codes, rules)
    found.notes.extend(notes)
    listed = ", ".join(
        f"{r.rank}. {r.name or r.tpn} ({float(r.mp):g} MP, {float(r.gp):g} GP)" for r in rows[:10]
    )
    found.notes.append(f"team standings ({tf.rules.primary} first): {listed}")
    recorded = [r for r in rows if r.recorded_rank is not None]
    if notes or not codes or len(recorded) != len(rows):
        return found
    for r in rows:
        if r.recorded_rank != r.rank:
            text = (
                f"team {r.tpn} is ranked {r.recorded_rank} in the file; the standings give {r.rank}"
            )
            found.discrepancies.append(
                Discrepancy(
                    Kind.STANDINGS, None, [r.tpn], str(r.recorded_rank), str(r.rank), text, text
                )
            )
    return found
