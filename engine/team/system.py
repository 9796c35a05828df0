"""The Swiss Team system as a whole: a file in, one round-pairing out."""

from __future__ import annotations

from dataclasses import dataclass

from trfaudit.trf.model import Tournament
from trfaudit.trf.team import TeamRecords, team_records

from .history import TeamHistory, build_history
from .pairer import RoundInput, TeamPairing, pair_round
from .rules import TeamRules, parse_code
from .state import round_input, teams_for_next, teams_in_round

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

    def input(self, rnd: int, recorded: bool) -> RoundInput:
        to_pair = (
            teams_in_round(self.history, rnd)
            if recorded
            else teams_for_next(self.t, self.history, rnd)
        )
        inp = round_input(
            self.t, self.records, self.history, self.rules, rnd, to_pair, self.total_rounds
        )
        return RoundInput(
            inp.round, inp.total_rounds, inp.teams, inp.rules, self.initial_colour(), inp.forbidden
        )


def read_team_file(t: Tournament, code: str | None = None) -> TeamFile:
    """The team view of ``t``; ``code`` overrides its 192 code."""
    records = team_records(t)
    rules = parse_code(code or t.type_code or "FIDE_TEAM")
    history = build_history(t, records)
    total = max(t.total_rounds or 0, t.recorded_rounds())
    return TeamFile(t, records, rules, history, total)


def pair_next(tf: TeamFile, rnd: int | None = None) -> TeamPairing:
    """Pair round ``rnd`` (default: the first round not recorded)."""
    rnd = rnd or tf.t.recorded_rounds() + 1
    total = max(tf.total_rounds, rnd)
    tf.total_rounds = total
    recorded = rnd <= tf.t.recorded_rounds()
    return pair_round(tf.input(rnd, recorded))
