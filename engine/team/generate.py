"""Random Swiss Team tournaments, paired round by round, written as TRF-2026.

Each team has a strength; each board's result follows the FIDE expected-score curve of the
two teams' strengths with a set draw rate.  Before each round a team may announce a
half-point bye or an absence (``240`` H/Z for that round, GHR 3.3).  The pairing of each
round comes from a callback (trfaudit's engine by default, or another program), so the same
simulation feeds both sides of a cross-check.  The same seed gives the same bytes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from .rules import CodeError, parse_code

#: A pairer: (TRF text with the rounds so far, round) -> (pairs (white, black), PAB team).
Pairer = Callable[[str, int], tuple[list[tuple[int, int]], int | None]]


@dataclass(frozen=True)
class TeamGenConfig:
    teams: int = 10
    boards: int = 4
    rounds: int = 7
    code: str = "FIDE_TEAM_TYPEA_MP_GP"
    seed: int = 1
    draw_rate: float = 0.3
    half_bye_rate: float = 0.0  # per team and round
    absence_rate: float = 0.0  # per team and round
    initial_colour: str = "W"
    baku: bool = False  # write Baku 250 lines (C.04.7) and the _BAKU code
    board_forfeit_rate: float = 0.0  # per board: one player does not come ('+'/'-')
    match_forfeit_rate: float = 0.0  # per match: one team does not come (330, every board)


@dataclass
class _Round:
    pairs: list[tuple[int, int]] = field(default_factory=list)
    bye: int | None = None
    away: dict[int, str] = field(default_factory=dict)  # team -> 'H' / 'Z'
    results: dict[tuple[int, int], list[str]] = field(default_factory=dict)  # board results
    forfeits: dict[tuple[int, int], str] = field(default_factory=dict)  # 330 kind by match


def _expected(diff: float) -> float:
    return 1 / (1 + 10 ** (-diff / 400))


class TeamTournament:
    """The simulation's state, and its TRF-2026 text."""

    def __init__(self, cfg: TeamGenConfig) -> None:
        self.cfg = cfg
        self.rng = random.Random(cfg.seed)
        self.strength = {
            t: 2400 - 600 * (t - 1) / max(cfg.teams - 1, 1) + self.rng.uniform(-40, 40)
            for t in range(1, cfg.teams + 1)
        }
        self.rounds: list[_Round] = []
        self.colours = "".join("W" if b % 2 == 0 else "B" for b in range(cfg.boards))

    def player(self, team: int, board: int) -> int:
        return (team - 1) * self.cfg.boards + board

    def announce(self) -> _Round:
        """A new round with its announced byes and absences (not paired yet)."""
        r = _Round()
        for t in range(1, self.cfg.teams + 1):
            x = self.rng.random()
            if x < self.cfg.half_bye_rate:
                r.away[t] = "H"
            elif x < self.cfg.half_bye_rate + self.cfg.absence_rate:
                r.away[t] = "Z"
        self.rounds.append(r)
        return r

    def play(self, r: _Round) -> None:
        for w, b in r.pairs:
            if self.rng.random() < self.cfg.match_forfeit_rate:
                kind = self.rng.choice(["+-", "-+"])
                r.forfeits[(w, b)] = kind
                mine = "+" if kind == "+-" else "-"
                r.results[(w, b)] = [mine] * self.cfg.boards  # white team's view, every board
                continue
            results = []
            for board in range(self.cfg.boards):
                white_team = w if self.colours[board] == "W" else b
                black_team = b if white_team == w else w
                p = _expected(self.strength[white_team] - self.strength[black_team] + 30)
                x = self.rng.random()
                draw = self.cfg.draw_rate
                if x < draw:
                    res = "="
                elif x < draw + (1 - draw) * p:
                    res = "1"
                else:
                    res = "0"
                if self.rng.random() < self.cfg.board_forfeit_rate:
                    res = self.rng.choice("+-")
                results.append(res)  # from the white team's (board 1 White) point of view
            r.results[(w, b)] = results

    # -- text -----------------------------------------------------------------------------------
    def board_result(self, r: _Round, team: int) -> list[tuple[int | None, str, str]]:
        """(opponent player, colour, result) per board of ``team`` in round ``r``."""
        for (w, b), results in r.results.items():
            if team in (w, b):
                out: list[tuple[int | None, str, str]] = []
                for board, res in enumerate(results):
                    mine_white_team = team == w
                    colour = self.colours[board].lower()
                    if not mine_white_team:
                        colour = "b" if colour == "w" else "w"
                    if mine_white_team:
                        mine = res
                    else:
                        mine = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}[res]
                    opp = self.player(b if mine_white_team else w, board + 1)
                    out.append((opp, colour, mine))
                return out
        if r.bye == team:
            return [(None, "-", "U")] * self.cfg.boards
        return [(None, "-", r.away.get(team, "Z"))] * self.cfg.boards

    def text(self) -> str:  # noqa: C901 - one TRF-2026 team file written record by record
        cfg = self.cfg
        played = [r for r in self.rounds if r.results or r.bye is not None]
        code = cfg.code + ("_BAKU" if cfg.baku and not cfg.code.endswith("_BAKU") else "")
        lines = [
            f"012 Generated team tournament {cfg.seed}",
            "042 2026/03/01",
            f"082 {cfg.teams}",
            f"142 {cfg.rounds}",
            f"152 {cfg.initial_colour}",
            "162  P 0.0",
            f"192 {code}",
            f"352 {self.colours}",
            "362 TW 2.0   TD 1.0   TL 0.0",
        ]
        mp = {t: Fraction(0) for t in range(1, cfg.teams + 1)}
        gp = dict(mp)
        value = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "H": Fraction(1, 2),
                 "+": Fraction(1)}  # fmt: skip
        players: dict[int, list[tuple[int | None, str, str]]] = {}
        for r in played:
            for t in range(1, cfg.teams + 1):
                boards = self.board_result(r, t)
                for board, entry in enumerate(boards, start=1):
                    players.setdefault(self.player(t, board), []).append(entry)
                if r.bye == t or r.away.get(t) == "H":
                    mp[t] += 1
                    gp[t] += Fraction(cfg.boards, 2)
                elif boards[0][0] is not None:
                    mine = sum(value.get(e[2], Fraction(0)) for e in boards)
                    mp[t] += 2 if mine * 2 > cfg.boards else 1 if mine * 2 == cfg.boards else 0
                    gp[t] += mine
        for i, r in enumerate(self.rounds, start=1):
            for kind in "HZ":
                ids = [t for t, k in sorted(r.away.items()) if k == kind]
                if ids:
                    lines.append(f"240 {kind} {i:3d} " + " ".join(f"{t:4d}" for t in ids))
        for i, r in enumerate(self.rounds, start=1):
            for (w, b), kind in sorted(r.forfeits.items()):
                lines.append(f"330 {kind} {i:3d} {w:3d} {b:3d}")
        if cfg.baku:
            lines.extend(self.baku_lines())
        for t in range(1, cfg.teams + 1):
            for board in range(1, cfg.boards + 1):
                tpn = self.player(t, board)
                entries = players.get(tpn, [])
                pts = sum(value.get(e[2], Fraction(0)) for e in entries)
                rating = int(self.strength[t]) + 50 - 25 * board
                row = f"001 {tpn:4d} m    {f'Player T{t}B{board}':<33} {rating:4d} FID {tpn:>11} 2000/01/01 {float(pts):4.1f} {tpn:4d}"
                for opp, colour, res in entries:
                    row += f"  {opp:4d} {colour} {res}" if opp else f"  0000 - {res}"
                lines.append(row)
        for t in range(1, cfg.teams + 1):
            members = "".join(f" {self.player(t, b):4d}" for b in range(1, cfg.boards + 1))
            lines.append(
                f"310 {t:3d} {f'Team {t}':<32} {'':5} {int(self.strength[t]):6d} "
                f"{float(mp[t]):6.1f} {float(gp[t]):6.1f} {'':3} {members}"
            )
        byes = [r.bye or 0 for r in played]
        if any(byes):
            lines.append("320  1.0 " + f"{cfg.boards / 2:4.1f}" + "".join(f" {b:3d}" for b in byes))
        return "\n".join(lines) + "\n"

    def baku_lines(self) -> list[str]:
        """C.04.7 Baku as 250 lines: group A (2*ceil(N/4) teams) gets 2 MP in the first half
        of the accelerated rounds (ceil(R/2)), 1 MP in the rest."""
        from .state import baku

        table = baku(list(range(1, self.cfg.teams + 1)), self.cfg.rounds, Fraction(2), Fraction(1))
        if not table:
            return []
        last = max(table)
        rounds = sorted(next(iter(table.values())).items())
        out = []
        for rnd, v in rounds:
            gp = v * self.cfg.boards / 2
            out.append(f"250 {float(v):4.1f} {float(gp):4.1f} {rnd:3d} {rnd:3d} {1:4d} {last:4d}")
        return out


def trfaudit_pairer(text: str, rnd: int) -> tuple[list[tuple[int, int]], int | None]:
    """Pair round ``rnd`` of ``text`` with trfaudit's Swiss Team engine."""
    from trfaudit.trf.reader import parse

    from ..result import NoPairing
    from .file import pair_next, read_team_file

    t = parse(text)
    try:
        p = pair_next(read_team_file(t), rnd)
    except NoPairing:
        return [], None  # Art. 3.3.3: the Chief Arbiter decides; the simulation stops here
    return [(b.white, b.black) for b in p.boards], p.bye


def generate(cfg: TeamGenConfig, pairer: Pairer = trfaudit_pairer) -> str:
    """A whole tournament, each round paired by ``pairer`` from the rounds before it; it
    stops before a round ``pairer`` cannot pair (no pairs and no PAB: Art. 3.3.3)."""
    parse_code(cfg.code)  # a bad code fails before any work
    tt = TeamTournament(cfg)
    for rnd in range(1, cfg.rounds + 1):
        r = tt.announce()
        text = tt.text()
        pairs, bye = pairer(text, rnd)
        if not pairs and bye is None:
            tt.rounds.pop()
            break
        r.pairs, r.bye = pairs, bye
        tt.play(r)
    return tt.text()


def generate_team(
    output: object, teams: int, boards: int, rounds: int, seed: int, code: str, baku: bool,
    count: int | None, settings: list[str],
) -> tuple[str, int]:  # fmt: skip
    """``trfaudit generate --system team``: (message, exit code).  ``--set`` keys:
    draw_rate, half_bye_rate, absence_rate, board_forfeit_rate, match_forfeit_rate (floats),
    initial_colour (W/B)."""
    from dataclasses import replace
    from pathlib import Path

    try:
        parse = parse_code(code).code
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
