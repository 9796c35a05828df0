"""The input of one round-pairing, from a file's earlier rounds (:mod:`.history`)."""

from __future__ import annotations

import math
from fractions import Fraction

from trfaudit.trf.model import EntryKind, Tournament
from trfaudit.trf.team import TeamAcceleration, TeamRecords

from .colours import preference
from .history import TeamHistory
from .pairer import Contender, TeamInput
from .rules import TeamRules

#: A team that had one of these is barred from the PAB ([C2], Art. 2.1.2).
PAB_BARRING = ("pab", "forfeit_win", "full_bye")


def baku(
    tpns: list[int], total_rounds: int, win: Fraction, draw: Fraction
) -> dict[int, dict[int, Fraction]]:
    """C.04.7 Art. 1.4 (Baku) for teams: group A is the first 2*ceil(N/4) teams by TPN; in the
    first ceil(R/2) rounds they get virtual match points, a win's value in the first half
    of them (rounded up), a draw's in the rest (the 11-round example: 2 MP in rounds 1-3,
    1 MP in rounds 4-6)."""
    group_a = sorted(tpns)[: min(2 * math.ceil(len(tpns) / 4), len(tpns))]
    accelerated = math.ceil(total_rounds / 2)
    full = math.ceil(accelerated / 2)
    values = {r: (win if r <= full else draw) for r in range(1, accelerated + 1)}
    return {tpn: dict(values) for tpn in group_a}


def virtual_points(
    accs: list[TeamAcceleration], rules: TeamRules, tpns: list[int], total: int,
    mp: dict[str, Fraction],
) -> dict[int, dict[int, Fraction]]:  # fmt: skip
    """Virtual points of the primary score by team and round: the file's 250 lines (they
    override _BAKU, TRF-2026 4.4), else Baku when the code says so."""
    out: dict[int, dict[int, Fraction]] = {}
    if accs:
        for acc in accs:
            value = acc.match_points if rules.primary == "MP" else acc.game_points
            for tpn in range(acc.first, acc.last + 1):
                for rnd in range(acc.first_round, acc.last_round + 1):
                    out.setdefault(tpn, {})[rnd] = (value or Fraction(0)) + out.get(tpn, {}).get(
                        rnd, 0
                    )
        return out
    if rules.baku:
        return baku(tpns, total, mp["W"], mp["D"])
    return out


def round_input(
    t: Tournament, records: TeamRecords, history: TeamHistory, rules: TeamRules, rnd: int,
    to_pair: list[int], total_rounds: int,
) -> TeamInput:  # fmt: skip
    """The round-pairing input of round ``rnd`` for the teams ``to_pair`` (rounds before
    ``rnd`` are read from ``history``)."""
    tpns = sorted(history.rounds)
    virtual = virtual_points(records.accelerations, rules, tpns, total_rounds, history.mp_values)

    def pairing_score(tpn: int, before: int) -> Fraction:
        return history.score(tpn, before - 1, rules.primary) + virtual.get(tpn, {}).get(before, 0)

    teams = []
    last = rnd == total_rounds
    for tpn in to_pair:
        past = history.rounds[tpn][: rnd - 1]
        sequence = "".join(r.colour or "" for r in past if r.played)
        prev = past[-1] if past else None
        floated = bool(
            prev is not None and prev.played and prev.opponent is not None
            and pairing_score(tpn, rnd - 1) != pairing_score(prev.opponent, rnd - 1)
        )  # fmt: skip
        teams.append(
            Contender(
                tpn=tpn,
                score=pairing_score(tpn, rnd),
                primary=history.score(tpn, rnd - 1, rules.primary),
                secondary=history.score(tpn, rnd - 1, rules.secondary),
                sequence=sequence,
                pref=preference(sequence, rules.colours, last),
                played=sum(1 for r in past if r.played),
                floated=floated,
                pab_barred=any(r.kind in PAB_BARRING for r in past),
                opponents=frozenset(r.opponent for r in past if r.played and r.opponent),
            )
        )
    forbidden = frozenset(
        frozenset((a, b))
        for ids, first, last_r in t.forbidden_pairs
        if first <= rnd <= last_r
        for a in ids
        for b in ids
        if a < b
    )
    initial = t.initial_colour or "w"
    return TeamInput(rnd, total_rounds, tuple(teams), rules, initial, forbidden)


def teams_in_round(history: TeamHistory, rnd: int) -> list[int]:
    """The teams paired in a recorded round: a match (played or forfeited) or the PAB."""
    return sorted(
        tpn
        for tpn, rs in history.rounds.items()
        if len(rs) >= rnd and rs[rnd - 1].kind in ("played", "forfeit_win", "forfeit_loss", "pab")
    )


def teams_for_next(t: Tournament, history: TeamHistory, rnd: int) -> list[int]:
    """The teams to pair in round ``rnd`` (not recorded yet): all but those a 240 line for
    that round gives a bye or absence (GHR 3.3)."""
    away = {tpn for kind, r, ids, _ in t.bye_lines if r == rnd for tpn in ids}
    _ = EntryKind
    return [tpn for tpn in sorted(history.rounds) if tpn not in away]
