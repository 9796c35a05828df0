"""What a page shows of a Swiss Team file's record, in the system's own terms: the teams'
names and players, each recorded round's matches in C.04.2 3.6 order (the pairer's board
key, Art. 3.6 of the team text), the teams in no match, and the team standings table.

The front-end asks for these through the protocol's ``team_tables`` and words them."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from trfaudit.trf.model import Tournament

from ..systems import TeamTables
from .audit import _recorded
from .file import team_file
from .pairer import _board_key, _Round


def team_tables(t: Tournament) -> TeamTables:
    """The tables of team file ``t`` (see :class:`TeamTables`)."""
    from trfaudit.trf.team import team_records

    tf = team_file(t)
    names = {team.tpn: team.name for team in tf.records.teams}
    members = {
        team.tpn: [[m, t.players[m].name] for m in team.members if m in t.players]
        for team in team_records(t).teams
    }
    rounds, recorded = [], {}
    for rnd in range(1, t.recorded_rounds() + 1):
        pairs, bye, colours = _recorded(tf, rnd)
        recorded[rnd] = (pairs, bye, colours)
        r = _Round(tf.input(rnd, recorded=True))
        matches: list[tuple[int, int, str]] = []
        for a, b in pairs:
            w, bl = (a, b) if colours.get(a) != "b" else (b, a)
            mw, mb = (tf.history.rounds[x][rnd - 1].gp for x in (w, bl))
            matches.append((w, bl, f"{float(mw):g}–{float(mb):g}"))
        known = [x for x in matches if x[0] in r.by_tpn and x[1] in r.by_tpn]
        known.sort(key=lambda x: _board_key(r, x[0], x[1]))
        boards = [list(x) for x in known + [x for x in matches if x not in known]]
        byes: list[list[Any]] = [[bye, "pab"]] if bye is not None else []
        in_match = {x for b in boards for x in b[:2]} | ({bye} if bye else set())
        for tpn in sorted(tf.history.rounds):
            if tpn not in in_match:
                kind = tf.history.rounds[tpn][rnd - 1].kind
                byes.append(
                    [tpn, kind if kind in ("half_bye", "full_bye", "zero_bye") else "absent"]
                )
        rounds.append({"round": rnd, "boards": boards, "byes": byes})
    return TeamTables(names, members, rounds, recorded, _standings(t))


def _standings(t: Tournament) -> dict[str, Any]:
    """The team standings (MP, GP and the file's team tie-breaks) as a table document."""
    from trfaudit.engine.tiebreaks.texts import RULES_2026

    from .standings import standings

    tf = team_file(t)
    codes = [c for c in (t.standings_codes() or t.tie_break_codes()) if c.name != "PTS"]
    names = {team.tpn: team.name for team in tf.records.teams}
    ranks = {team.tpn: team.rank for team in tf.records.teams}
    rows, notes = standings(tf.history, names, ranks, tf.rules.primary, codes, RULES_2026)
    labels = list(rows[0].values) if rows else []
    players = [
        {
            "rank": r.rank,
            "tpn": r.tpn,
            "name": r.name or f"team {r.tpn}",
            "mp": f"{float(r.mp):g}",
            "gp": f"{float(r.gp):g}",
            "values": {label: _tb_value(r, label) for label in labels},
            "recorded_rank": r.recorded_rank,
        }
        for r in rows
    ]
    return {"team": True, "round": t.recorded_rounds(), "primary": tf.rules.primary,
            "tiebreaks": labels, "players": players, "notes": list(notes), "unavailable": {},
            "differences": []}  # fmt: skip


def _tb_value(row: Any, label: str) -> str | None:
    """A team tie-break value as shown (``8.5``), None where it cannot be computed."""
    v = row.values.get(label)
    if v is None or v == "-":
        return None
    try:
        return f"{float(Fraction(v)):g}"
    except ValueError:
        return str(v)
