"""Consistency checks of a parsed tournament.

:func:`validate` returns a list of :class:`trf.errors.Problem`; the tournament is valid when
none has severity ``error``.  Checks:

* every opponent exists and is not the player;
* games are reciprocal: the opponent's entry for that round names the player back, with the
  opposite colour and the complementary result (win/loss, draw/draw, forfeit win/forfeit loss,
  double forfeit);
* nobody appears twice in a round;
* Points equal the sum of the results under the point system (acceleration and a next-round
  half/full-point bye may be included or not, as JaVaFo and bbp allow);
* the total number of rounds is not below the recorded rounds;
* the ids named by XXZ, 240, XXP, 260, XXA and 250 exist; at most one PAB per round; pending
  games and 240 lines contradicting the 001 data are reported as warnings.

Each problem carries a ``code`` (:mod:`trf.errors`) and, when it is about one round's pairing
(read by :func:`trf.rounds.read_round`), that ``round``.
"""

from __future__ import annotations

from fractions import Fraction

from . import errors
from .errors import ERROR, WARNING, Problem
from .model import EntryKind, RecordKind, RoundEntry, Tournament
from .rounds import RoundFault, read_round

__all__ = ["Problem", "validate", "errors_only"]

_OUTCOME = {"1": "win", "W": "win", "0": "loss", "L": "loss", "=": "draw", "D": "draw"}
#: Played games whose sides' results are not complementary, but may be recorded.
_UNUSUAL = {("=", "0"), ("0", "="), ("0", "0")}
_COMPLEMENT = {"win": "loss", "loss": "win", "draw": "draw"}


def _pts(value: Fraction) -> str:
    from .writer import decimal_text  # on use: only messages print points

    return decimal_text(value)[0]


class _Checker:
    def __init__(self, t: Tournament, file: str | None) -> None:
        from .system import pairing_system

        self.t = t
        self.file = file if file is not None else t.file
        self.problems: list[Problem] = []
        # A team event (C.04.6): a team's PAB gives each of its players a U, and the 240/250
        # lines name teams, not players; the individual checks of those do not apply.
        self.team = pairing_system(t).team

    def add(
        self,
        line: int,
        column: int,
        message: str,
        expected: str | None = None,
        severity: str = ERROR,
        *,
        code: str,
        round_: int | None = None,
    ) -> None:
        self.problems.append(
            Problem(self.file, line, column, message, expected, severity, code, round_)
        )

    def run(self) -> list[Problem]:
        t = self.t
        self.recorded = t.recorded_rounds()
        self.check_starting_numbers()
        self.check_rounds()
        self.check_games()
        self.check_points()
        self.check_references()
        self.check_team_lines()
        self.problems.sort(key=lambda p: (p.line, p.column))
        return self.problems

    def check_starting_numbers(self) -> None:
        """The starting numbers run 1..N, one per player (C.04.2: the pairing numbers are the
        initial ranking 1..N; TRF-16 001 columns 5-8).  A gap is a missing player, not a
        numbering the engine may take: every opponent and rank column refers to them."""
        players = self.t.players
        missing = [n for n in range(1, len(players) + 1) if n not in players]
        if not missing:
            return
        after = min((tpn for tpn in players if tpn > missing[0]), default=max(players))
        shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        self.add(
            players[after].line,
            5,
            f"starting number{'s' if len(missing) > 1 else ''} {shown} missing: the "
            f"{len(players)} players are numbered up to {max(players)}",
            f"starting numbers 1-{len(players)}",
            code=errors.STARTING_NUMBERS,
        )

    # -- rounds ---------------------------------------------------------------------------------
    def check_rounds(self) -> None:
        t = self.t
        if t.total_rounds is not None and t.total_rounds < self.recorded:
            line = next(
                (
                    r.line
                    for r in t.records
                    if r.kind in (RecordKind.XX_ROUNDS, RecordKind.TOTAL_ROUNDS)
                ),
                1,
            )
            self.add(
                line,
                5,
                f"total rounds {t.total_rounds} is less than the {self.recorded} rounds recorded",
                f"at least {self.recorded}",
                code=errors.TOTAL_ROUNDS,
            )

    # -- games ------------------------------------------------------------------------------------
    def check_games(self) -> None:
        """Each round as :func:`trf.rounds.read_round` reads it: its faults in the validator's
        words, then the results of each reciprocal pair."""
        players = self.t.players
        for round_ in range(1, self.recorded + 1):
            for player in players.values():
                entry = player.entry(round_)
                if entry is not None and entry.pending:
                    self.add(
                        entry.line,
                        entry.column + 7,
                        f"round {round_}: game {player.tpn}-{entry.opponent} has no result "
                        "yet (pending)",
                        "a result",
                        WARNING,
                        code=errors.PENDING,
                        round_=round_,
                    )
            rec = read_round(self.t, round_)
            for fault in rec.faults:
                self.report(fault)
            for pair in rec.boards + rec.colourless:
                a, b = sorted(pair)
                first, second = players[a].entry(round_), players[b].entry(round_)
                assert first is not None and second is not None
                self.check_results(a, first, b, second)

    def report(self, fault: RoundFault) -> None:
        """One fault of a recorded round, as a problem at the entry that records it."""
        rnd, code, entry = fault.round, fault.code, fault.entries[0]
        where = (entry.line, entry.column)
        if code == errors.SELF_PAIRED:
            self.add(
                *where,
                f"round {rnd}: player {fault.players[0]} is paired with themself",
                "another player's number",
                code=code,
                round_=rnd,
            )
        elif code == errors.UNKNOWN_OPPONENT:
            self.add(
                *where,
                f"round {rnd}: opponent {fault.players[1]} does not exist",
                "the number of a 001 player",
                code=code,
                round_=rnd,
            )
        elif code == errors.PAIRED_TWICE:
            opp, first = fault.players[0], fault.entries[0]
            for again in fault.entries[1:]:
                self.add(
                    again.line,
                    again.column,
                    f"round {rnd}: player {opp} appears twice "
                    f"in the round (also opponent on line {first.line})",
                    "one game per player",
                    code=code,
                    round_=rnd,
                )
        elif code == errors.NOT_RECIPROCAL:
            tpn, opp = fault.players
            other = fault.other
            seen = (
                "no entry"
                if other is None
                else (
                    f"opponent {other.opponent}"
                    if other.opponent
                    else f"'{other.result.strip() or ' '}' without opponent"
                )
            )
            self.add(
                *where,
                f"round {rnd}: player {tpn} has opponent {opp}, but {opp} has {seen}",
                f"player {opp} to name {tpn} in round {rnd}",
                code=code,
                round_=rnd,
            )
        elif code == errors.SAME_COLOUR:
            tpn, opp = fault.players
            self.add(
                entry.line,
                entry.column + 5,
                f"round {rnd}: {tpn} and {opp} both have colour {entry.colour!r}",
                "opposite colours",
                code=code,
                round_=rnd,
            )
        elif code == errors.ONE_COLOUR:
            tpn, opp = fault.players
            self.add(
                entry.line,
                entry.column + 5,
                f"round {rnd}: only one of {tpn} and {opp} has a colour",
                "opposite colours on both sides",
                WARNING,
                code=code,
                round_=rnd,
            )
        elif code == errors.SEVERAL_PABS:
            if self.team:
                return
            second = fault.entries[1]
            self.add(
                second.line,
                second.column + 7,
                f"round {rnd}: {len(fault.players)} pairing-allocated byes "
                f"(players {', '.join(map(str, fault.players))})",
                "at most one",
                WARNING,
                code=code,
                round_=rnd,
            )
        else:  # NO_OPPONENT: a game without opponent (a Tournament built in code)
            self.add(
                *where,
                f"round {rnd}: player {fault.players[0]} has a game without an opponent",
                "an opponent",
                code=code,
                round_=rnd,
            )

    def check_results(self, tpn: int, entry: RoundEntry, opp: int, other: RoundEntry) -> None:
        """The results of the two sides of a reciprocal pair match (``tpn`` < ``opp``)."""
        round_ = entry.round
        a, b = entry.result.upper(), other.result.upper()
        kinds = (entry.kind, other.kind)
        ok = True
        if EntryKind.NOT_PAIRED in kinds:
            ok = entry.kind is other.kind  # both pending
        elif entry.kind is EntryKind.PLAYED and other.kind is EntryKind.PLAYED:
            ok = _COMPLEMENT[_OUTCOME[a]] == _OUTCOME[b]
            if not ok and (a, b) in _UNUSUAL:
                # 1/2-0, 0-1/2, 0-0: not complementary, but an arbiter may score a game so
                # (C.04.1 leaves points to the arbiter; TRF-16 records each side's result)
                ok = True
                self.add(
                    entry.line,
                    entry.column + 7,
                    f"round {round_}: {tpn} '{entry.result}' vs {opp} '{other.result}': an "
                    "unusual result (1/2-0, 0-1/2 or 0-0)",
                    "complementary results, unless the arbiter scored the game so",
                    WARNING,
                    code=errors.RESULTS,
                    round_=round_,
                )
            if ok and (a in "10=") != (b in "10="):
                self.add(
                    entry.line,
                    entry.column + 7,
                    f"round {round_}: {tpn} '{entry.result}' vs {opp} '{other.result}' mixes "
                    "rated and unrated (W D L) codes",
                    "the same kind of code on both sides",
                    WARNING,
                    code=errors.MIXED_RESULTS,
                    round_=round_,
                )
        else:
            ok = (a, b) in (("+", "-"), ("-", "+"), ("-", "-"))
        if not ok:
            self.add(
                entry.line,
                entry.column + 7,
                f"round {round_}: results of {tpn} ('{entry.result}') and {opp} "
                f"('{other.result}') do not match",
                "complementary results (1-0, =-=, +--, --)",
                code=errors.RESULTS,
                round_=round_,
            )

    # -- points -----------------------------------------------------------------------------------
    def check_points(self) -> None:
        t = self.t
        abnormal = any(r.kind is RecordKind.ABNORMAL_POINTS for r in t.records)
        next_round = self.recorded + 1
        for player in t.players.values():
            if player.points is None:
                continue
            base = t.score(player.tpn, self.recorded)
            candidates = {base}
            rounds = t.accelerations.get(player.tpn)
            if rounds:
                acc_played = sum((v for r, v in rounds.items() if r < next_round), Fraction(0))
                candidates.add(base + acc_played)
                candidates.add(base + acc_played + rounds.get(next_round, Fraction(0)))
            kind = t.absent_next.get(player.tpn)
            if kind is not None:
                bye = t.scoring.points(RoundEntry(next_round, kind, None, None, " "))
                candidates |= {c + bye for c in list(candidates)}
            if player.points not in candidates:
                self.add(
                    player.line,
                    81,
                    f"player {player.tpn}: points {_pts(player.points)} do not match the results",
                    f"{_pts(base)} under the point system"
                    + ("; a 299 line may explain it" if abnormal else ""),
                    WARNING if abnormal else ERROR,
                    code=errors.POINTS,
                )

    # -- references ------------------------------------------------------------------------------
    def check_references(self) -> None:
        t = self.t
        players = t.players

        def line_of(*kinds: RecordKind) -> int:
            return next((r.line for r in t.records if r.kind in kinds), 0)

        for tpn in t.absent_next:
            if tpn not in players:
                self.add(
                    line_of(RecordKind.XX_ABSENT, RecordKind.BYE),
                    1,
                    f"absence announced for unknown player {tpn}",
                    "a 001 player",
                    ERROR,
                    code=errors.UNKNOWN_PLAYER,
                )
        for group, first, last in t.forbidden_pairs:
            unknown = sorted(i for i in group if i not in players)
            if unknown:
                self.add(
                    line_of(RecordKind.XX_FORBIDDEN, RecordKind.FORBIDDEN),
                    1,
                    f"prohibited pairing names unknown player(s) {unknown}",
                    "001 players",
                    WARNING,
                    code=errors.UNKNOWN_PLAYER,
                )
            if first > last:
                self.add(
                    line_of(RecordKind.FORBIDDEN),
                    5,
                    f"prohibition for rounds {first}-{last} is empty",
                    "first <= last",
                    WARNING,
                    code=errors.EMPTY_RANGE,
                )
        if self.team:
            return  # 240 and 250 name teams (TRF-2026 4.4); trf.team reads them
        unknown_acc = sorted(tpn for tpn in t.accelerations if tpn not in players)
        if unknown_acc:
            self.add(
                line_of(RecordKind.XX_ACCELERATION),
                5,
                f"acceleration for unknown player(s) {unknown_acc}",
                "001 players",
                WARNING,
                code=errors.UNKNOWN_PLAYER,
            )
        for kind, round_, ids, line in t.bye_lines:
            for tpn in ids:
                if tpn not in players:
                    self.add(
                        line,
                        11,
                        f"240 names unknown player {tpn}",
                        "a 001 player",
                        code=errors.UNKNOWN_PLAYER,
                    )
                    continue
                if round_ <= self.recorded:
                    entry = players[tpn].entry(round_)
                    if entry is None or entry.kind is not kind:
                        found = "nothing" if entry is None else entry.kind.value
                        self.add(
                            line,
                            11,
                            f"240 gives player {tpn} a {kind.value} in round "
                            f"{round_}, but the 001 line has {found}",
                            "the same bye on both",
                            WARNING,
                            code=errors.BYE_MISMATCH,
                        )

    def check_team_lines(self) -> None:
        """Say how ``013`` team lines are read when ``092`` calls the event individual
        (trf.system.says_individual): as an individual event's teams, its games paired
        player by player."""
        from .system import says_individual

        teams = [r for r in self.t.records if r.kind is RecordKind.TEAM]
        if not teams or self.team or not says_individual(self.t.tournament_type):
            return
        said = (self.t.tournament_type or "").strip()
        self.add(
            teams[0].line,
            1,
            f"{len(teams)} team line{'s' if len(teams) > 1 else ''} (013) read as the teams of "
            f"an individual event: 092 says {said!r}",
            None,
            errors.NOTE,
            code=errors.TEAM_CLASSIFICATION,
        )


def validate(t: Tournament, file: str | None = None) -> list[Problem]:
    """Consistency problems of ``t``, sorted by position; includes the reader's warnings."""
    checker = _Checker(t, file)
    problems = [w for w in t.warnings if not (checker.team and w.code == errors.TEAM_ACCELERATION)]
    problems.extend(checker.run())
    problems.sort(key=lambda p: (p.line, p.column))
    return problems


def errors_only(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.is_error]
