"""``check`` for Swiss Team events (C.04.6 2026): every recorded round re-paired by
:mod:`trfaudit.engine.team` and compared (pairs, colours, the PAB), the findings in the
system's own terms ([C1]-[C10], Arts 3.4, 3.5.4, 3.6.3, 4.3.x); standings by match and game
points.  A separate path from the Dutch one: it shares the report model and formats only.
"""

from __future__ import annotations

from trfaudit.checker.findings import FileReport
from trfaudit.engine.findings import DIFFERS, MATCH, Discrepancy, Pairing, RoundReport
from trfaudit.engine.team.evaluate import Difference, difference
from trfaudit.engine.team.pairer import NoPairing, RoundInput, TeamPairing
from trfaudit.engine.team.rules import CRITERIA, EDITION_DATES, CodeError
from trfaudit.engine.team.system import TeamFile, read_team_file
from trfaudit.trf.dates import tournament_dates
from trfaudit.trf.model import Tournament
from trfaudit.trf.system import not_a_swiss

ARTICLES = {
    "3.3.1": "a round-pairing pairs every team once (teams paired twice or not to be paired)",
    "3.4.1": "the PAB team leaves a legal pairing for all teams",
    "3.4.2": "the PAB goes to the lowest score",
    "3.4.3": "then to the team that played the most matches",
    "3.4.4": "then to the largest TPN",
    "3.5.4": "the sets of upfloaters in lexicographic order of their TPNs",
    "3.6.3": "the pairings in lexicographic order of their identifiers",
}


def _label(criterion: str) -> str:
    if criterion == "260":
        return "a prohibited pairing of the competition (TRF-2026 record 260)"
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
        diff = difference(inp, engine, pairs, bye)
        if diff is not None:
            found.append(_finding(rnd, diff))
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


def _pair(inp: RoundInput) -> TeamPairing:
    from trfaudit.engine.team.pairer import pair_round

    return pair_round(inp)


def edition(t: Tournament, rules: str) -> tuple[str | None, str]:
    """(edition, why): 2026 from 2026-02-01 (C.04.6 2026 applies from then); an earlier
    start date is the 2024 edition, which is not implemented, and one before 2024-08-01 no
    edition at all (FIDE's Swiss Team rules took effect then); a ``092`` naming a league or
    round robin is no Swiss.  ``--rules 2026`` forces the 2026 text."""
    if rules in ("2026", "team-2026"):
        return "2026", f"--rules {rules}"
    if rules not in ("auto", "all"):
        return None, f"--rules {rules} is a Dutch edition; C.04.6 has team-2026 here"
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
    rounds = [only] if only else range(1, t.recorded_rounds() + 1)
    report.rounds = [check_round(tf, rnd) for rnd in rounds]
    if only is None:
        attach_standings(tf, report)
    return report


def pair_team(t: Tournament, rnd: int | None, fmt: str) -> tuple[str, str, int]:
    """``trfaudit pair`` for a team file: (output, message for stderr, exit code 0/1/2).

    ``list`` is the bbpPairings/JaVaFo layout by team number (number of pairs, ``white
    black`` per board, ``T 0`` for the PAB); ``json`` adds each board's Art. 4.3 rule and the
    brackets (residents, upfloaters, pairs, criteria values)."""
    import json

    try:
        tf = read_team_file(t, None if t.type_code else "FIDE_TEAM")
    except CodeError as exc:
        return "", str(exc), 2
    recorded = t.recorded_rounds()
    rnd = rnd or recorded + 1
    if not 1 <= rnd <= recorded + 1:
        return "", f"cannot pair round {rnd}: rounds 1..{recorded + 1} can be paired", 2
    if rnd <= recorded:  # the rounds before it only
        tf.history.rounds = {k: v[: rnd - 1] for k, v in tf.history.rounds.items()}
    try:
        p = _pair(tf.input(rnd, recorded=False))
    except NoPairing as exc:
        return "", f"round {rnd}: no legal pairing: {exc}", 1
    why = f"FIDE Swiss Team System (C.04.6 2026), {tf.rules.code}"
    if fmt == "json":
        data = {
            "system": "team-2026",
            "code": tf.rules.code,
            "round": rnd,
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
                for b in p.brackets
            ],
        }
        return json.dumps(data, indent=2) + "\n", why, 0
    lines = [str(len(p.boards) + (1 if p.bye else 0))]
    lines += [f"{b.white} {b.black}" for b in p.boards] + ([f"{p.bye} 0"] if p.bye else [])
    return "\n".join(lines) + "\n", why, 0


def generate_team(
    output: object, teams: int, boards: int, rounds: int, seed: int, code: str, baku: bool,
    count: int | None, settings: list[str],
) -> tuple[str, int]:  # fmt: skip
    """``trfaudit generate --system team``: (message, exit code).  ``--set`` keys:
    draw_rate, half_bye_rate, absence_rate, board_forfeit_rate, match_forfeit_rate (floats),
    initial_colour (W/B)."""
    from dataclasses import replace
    from pathlib import Path

    from trfaudit.engine.team.generate import TeamGenConfig, generate

    try:
        parse = parse_code_or_raise(code)
        cfg = TeamGenConfig(teams, boards, rounds, parse, seed, baku=baku)
        keys = ("draw_rate", "half_bye_rate", "absence_rate", "board_forfeit_rate",
                "match_forfeit_rate", "initial_colour")  # fmt: skip
        for item in settings:
            key, _, value = item.partition("=")
            key = key.strip()
            if key not in keys:
                return f"--set {item}: unknown key for --system team ({', '.join(keys)})", 2
            if key == "initial_colour":
                cfg = replace(cfg, initial_colour=value.strip().upper())
            else:
                cfg = replace(cfg, **{key: float(value)})  # type: ignore[arg-type]
    except (CodeError, ValueError) as exc:
        return str(exc), 2
    if teams < 2 or boards < 1 or rounds < 1:
        return "--teams >= 2, --boards >= 1 and --rounds >= 1 are needed", 2
    out = Path(str(output))
    if count:
        out.mkdir(parents=True, exist_ok=True)
        for i in range(count):
            (out / f"team-{seed + i}.trf").write_text(generate(replace(cfg, seed=seed + i)))
        return f"{count} team tournaments written to {out}", 0
    text = generate(cfg)
    if str(output) == "-":
        print(text, end="")
    else:
        out.write_text(text)
    return f"{out}: {teams} teams, {boards} boards, {code}", 0


def parse_code_or_raise(code: str) -> str:
    from trfaudit.engine.team.rules import parse_code

    return parse_code(code).code


def attach_standings(tf: TeamFile, report: FileReport, tb_rules: str = "auto") -> None:
    """The team standings after the last round, by the primary score and the file's 212/202
    list: a recorded rank (310) the ranking does not give is a ``standings`` finding when
    every tie-break could be computed; otherwise the standings are a note."""
    from trfaudit.engine.team.standings import standings
    from trfaudit.engine.tiebreaks.texts import RULES_2024, RULES_2026

    t = tf.t
    rules = RULES_2024 if tb_rules == "2024" else RULES_2026
    codes = [c for c in (t.standings_codes() or t.tie_break_codes()) if c.name != "PTS"]
    names = {team.tpn: team.name for team in tf.records.teams}
    ranks = {team.tpn: team.rank for team in tf.records.teams}
    rows, notes = standings(tf.history, names, ranks, tf.rules.primary, codes, rules)
    report.standings_notes.extend(notes)
    listed = ", ".join(
        f"{r.rank}. {r.name or r.tpn} ({float(r.mp):g} MP, {float(r.gp):g} GP)" for r in rows[:10]
    )
    report.standings_notes.append(f"team standings ({tf.rules.primary} first): {listed}")
    recorded = [r for r in rows if r.recorded_rank is not None]
    if notes or not codes or len(recorded) != len(rows):
        return
    for r in rows:
        if r.recorded_rank != r.rank:
            text = (
                f"team {r.tpn} is ranked {r.recorded_rank} in the file; the standings give {r.rank}"
            )
            report.standings.append(
                Discrepancy(
                    "standings", None, [r.tpn], str(r.recorded_rank), str(r.rank), text, text
                )
            )
