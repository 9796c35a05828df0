"""Each team's rounds, derived from the players' ``001`` entries and the team records.

A team's round is a match (its players against one other team's players), a forfeited match
(``330``, or every board forfeited), the team PAB (``320``, or every member ``U``), a bye
(``240`` F/H/Z with a team number) or an absence.  Game points are the sum of its players'
points (``162``); match points compare the two teams' game points (``362``: TW/TD/TL).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from trfaudit.trf.abnormal import AbnormalPoints
from trfaudit.trf.model import EntryKind, RoundEntry, Tournament
from trfaudit.trf.team import TeamRecords

RoundKind = Literal[
    "played", "forfeit_win", "forfeit_loss", "pab", "full_bye", "half_bye", "zero_bye", "absent"
]

DEFAULT_MP = {"W": Fraction(2), "D": Fraction(1), "L": Fraction(0)}  # TRF-2026 362 default


@dataclass(frozen=True)
class TeamRound:
    """One team's round.  ``colour`` is the colour of its first board, for a match actually
    played only (C.04.6 Art. 1.6.1)."""

    round: int
    kind: RoundKind
    opponent: int | None
    colour: str | None
    mp: Fraction
    gp: Fraction

    @property
    def played(self) -> bool:
        return self.kind == "played"


@dataclass
class TeamHistory:
    """Every team's rounds 1..N (``rounds[tpn][r-1]``), the event's boards and point values."""

    rounds: dict[int, list[TeamRound]]
    boards: int
    mp_values: dict[str, Fraction]
    pab_points: tuple[Fraction, Fraction]  # (MP, GP) of the PAB, Art. 1.4

    def score(self, tpn: int, upto: int, which: str) -> Fraction:
        """MP or GP of ``tpn`` after round ``upto``."""
        rs = self.rounds[tpn][:upto]
        return sum((r.mp if which == "MP" else r.gp for r in rs), Fraction(0))


def _match_points(mine: Fraction, theirs: Fraction, mp: dict[str, Fraction]) -> Fraction:
    return mp["W"] if mine > theirs else mp["D"] if mine == theirs else mp["L"]


def _board_order(records: TeamRecords, t: Tournament) -> dict[int, list[int]]:
    return {team.tpn: [m for m in team.members if m in t.players] for team in records.teams}


def _entries(t: Tournament, members: list[int], rnd: int) -> list[tuple[int, RoundEntry]]:
    out = []
    for m in members:
        e = t.players[m].entry(rnd)
        if e is not None:
            out.append((m, e))
    return out


def _points(t: Tournament, e: RoundEntry) -> Fraction:
    """A player's points; ``0000 - +`` on a team board is a forfeit win against an undefined
    opponent (TRF-2026 4.3), not the legacy PAB notation of individual files."""
    if e.kind is EntryKind.PAB and e.result == "+":
        return t.scoring.forfeit_win
    return t.scoring.points(e)


_ON_A_BOARD = (EntryKind.PLAYED, EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS)


def _lineup(entries: list[tuple[int, RoundEntry]]) -> list[int]:
    """The boards of a round without a ``300`` line: the members (``310`` order) who sat at
    a board, played or forfeited (``0000 - +``: a forfeit win against an empty board)."""
    return [
        m
        for m, e in entries
        if e.kind in _ON_A_BOARD or (e.kind is EntryKind.PAB and e.result == "+")
    ]


def _board_one_colour(
    games: list[tuple[int, RoundEntry]], boards_of: list[int], pattern: str
) -> str | None:
    """Art. 1.6.1: the colour the player on the first board was scheduled to play: the
    first board with a colour, read back through the ``352`` pattern (alternating, WBWB...,
    when the file has none) when it is not board 1 (an empty or forfeited first board)."""
    entry = dict(games)
    for k, p in enumerate(boards_of):
        colour = entry[p].colour if p in entry else None
        if colour in ("w", "b"):
            seq = pattern or "WB" * (k // 2 + 1)
            same = k >= len(seq) or seq[k] == seq[0]
            return colour if same else {"w": "b", "b": "w"}[colour]
    return None


def _bye(rnd: int, kind: EntryKind, mp: dict[str, Fraction], win_gp: Fraction) -> TeamRound:
    """A team bye of ``240`` (F/H/Z): a won, drawn or lost match's points."""
    if kind is EntryKind.FULL_BYE:
        return TeamRound(rnd, "full_bye", None, None, mp["W"], win_gp)
    if kind is EntryKind.HALF_BYE:
        return TeamRound(rnd, "half_bye", None, None, mp["D"], win_gp / 2)
    return TeamRound(rnd, "zero_bye", None, None, mp["L"], Fraction(0))


def build_history(t: Tournament, records: TeamRecords, rounds: int | None = None) -> TeamHistory:
    """The team rounds 1..``rounds`` (default: the rounds the file records)."""
    n_rounds = t.recorded_rounds() if rounds is None else rounds
    boards = records.boards
    mp = {**DEFAULT_MP, **records.match_points}
    win = t.scoring.win
    pab = records.pab
    # Art. 1.4: "as many match points and game points as are rewarded for a draw".
    pab_mp = pab.match_points if pab and pab.match_points is not None else mp["D"]
    pab_gp = pab.game_points if pab and pab.game_points is not None else win * boards / 2
    team_of = records.team_of()
    order = _board_order(records, t)
    byes = {(rnd, tpn): kind for kind, rnd, ids, _ in t.bye_lines for tpn in ids}
    forfeits: dict[tuple[int, int], tuple[RoundKind, int]] = {}
    for f in records.forfeits:
        forfeits[(f.round, f.white)] = (
            "forfeit_win" if f.kind == "+-" else "forfeit_loss",
            f.black,
        )
        forfeits[(f.round, f.black)] = (
            "forfeit_win" if f.kind == "-+" else "forfeit_loss",
            f.white,
        )
    lineups = {(lu.round, lu.team): list(lu.players) for lu in records.lineups}  # 0: empty
    out: dict[int, list[TeamRound]] = {tpn: [] for tpn in order}
    gp_of: dict[tuple[int, int], Fraction] = {}
    pending: list[tuple[int, int, int, str | None, bool]] = []
    outcome: dict[tuple[int, int], str] = {}  # W/D/L of each match by its game points
    for rnd in range(1, n_rounds + 1):
        for tpn, members in order.items():
            boards_of = lineups.get((rnd, tpn))
            if boards_of is not None:
                members = [p for p in boards_of if p in t.players]
            entries = _entries(t, members, rnd)
            gp = sum((_points(t, e) for _, e in entries), Fraction(0))
            if pab is not None and pab.team(rnd) == tpn:
                out[tpn].append(TeamRound(rnd, "pab", None, None, pab_mp, pab_gp))
                continue
            if (rnd, tpn) in forfeits:
                lost, opp = forfeits[(rnd, tpn)]
                value = mp["W"] if lost == "forfeit_win" else mp["L"]
                out[tpn].append(TeamRound(rnd, lost, opp, None, value, gp))
                continue
            if (rnd, tpn) in byes:
                out[tpn].append(_bye(rnd, byes[(rnd, tpn)], mp, win * boards))
                continue
            games = [(m, e) for m, e in entries if e.opponent is not None and e.opponent in team_of]
            if not games:
                kinds = Counter(e.kind for _, e in entries)
                if kinds and kinds.most_common(1)[0][0] is EntryKind.PAB:
                    out[tpn].append(TeamRound(rnd, "pab", None, None, pab_mp, pab_gp))
                else:
                    out[tpn].append(TeamRound(rnd, "absent", None, None, mp["L"], gp))
                continue
            opp = Counter(team_of[e.opponent] for _, e in games).most_common(1)[0][0]  # type: ignore[index]
            lineup = boards_of if boards_of is not None else _lineup(entries)
            colour = _board_one_colour(games, lineup, records.board_colours)
            played = any(e.played for _, e in games)
            gp_of[(rnd, tpn)] = gp
            pending.append((rnd, tpn, opp, colour, played))
            out[tpn].append(TeamRound(rnd, "played", opp, None, Fraction(0), gp))
    for rnd, tpn, opp, colour, played in pending:
        mine, theirs = gp_of[(rnd, tpn)], gp_of.get((rnd, opp), Fraction(0))
        value = _match_points(mine, theirs, mp)
        how: RoundKind = "played"
        if not played:
            how = "forfeit_win" if mine > theirs else "forfeit_loss"
        out[tpn][rnd - 1] = TeamRound(rnd, how, opp, colour if played else None, value, mine)
        outcome[(rnd, tpn)] = "W" if mine > theirs else "D" if mine == theirs else "L"
    if t.abnormal_points:
        _apply_abnormal(t.abnormal_points, out, outcome)
    return TeamHistory(out, boards, mp, (pab_mp, pab_gp))


#: The ``299`` result type each team round kind is (TRF-2026 4.5: ``W D L F H Z + -``); a
#: played match is ``W``/``D``/``L`` by its outcome, the PAB and an absence have no type.
_TYPE_OF: dict[str, str] = {
    "forfeit_win": "+",
    "forfeit_loss": "-",
    "full_bye": "F",
    "half_bye": "H",
    "zero_bye": "Z",
}


def _apply_abnormal(
    records: list[AbnormalPoints],
    out: dict[int, list[TeamRound]],
    outcome: dict[tuple[int, int], str],
) -> None:
    """TRF-2026 4.5 in a team event: the ``299`` ids are team numbers (as in 240/250/260),
    ``MMMM`` the match points and ``GGGG`` the game points.  A typed record gives that result
    its points (a team forfeit loss worth 1 MP); a blank-typed one adds its points to the
    team's score in its round (round ``000``: before round 1, as :mod:`trf.abnormal`)."""
    for tpn, rounds in out.items():
        for i, tr in enumerate(rounds):
            rtype = outcome.get((tr.round, tpn)) if tr.kind == "played" else _TYPE_OF.get(tr.kind)
            if tr.kind in ("forfeit_win", "forfeit_loss") and (tr.round, tpn) in outcome:
                rtype = _TYPE_OF[tr.kind]  # every board forfeited: the match is a forfeit
            mp, gp = tr.mp, tr.gp
            for a in records:
                if a.bonus or not a.concerns(tpn, tr.round) or a.kind != rtype:
                    continue
                mp = a.match_points if a.match_points is not None else mp
                gp = a.points if a.points is not None else gp
            for a in records:
                concerned = not a.players or tpn in a.players
                if a.bonus and concerned and (a.round or 1) == tr.round:
                    mp += a.match_points or 0
                    gp += a.points or 0
            if (mp, gp) != (tr.mp, tr.gp):
                rounds[i] = replace(tr, mp=mp, gp=gp)
