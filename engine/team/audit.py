"""The audit of one recorded round of a Swiss Team event (C.04.6 2026): re-paired by
:mod:`.pairer` from the rounds before it and compared (pairs, colours, the PAB), the
findings in the system's own terms ([C1]-[C10], Arts 3.4, 3.5.4, 3.6.3, 4.3.x)."""

from __future__ import annotations

from trfaudit.engine.findings import DIFFERS, MATCH, Discrepancy, Kind, Pairing, RoundReport
from trfaudit.engine.result import NoPairing, RoundPairing
from trfaudit.engine.team.evaluate import Difference, difference
from trfaudit.engine.team.file import TeamFile
from trfaudit.engine.team.pairer import TeamInput
from trfaudit.engine.team.rules import CRITERIA

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
    return Discrepancy(Kind(d.kind), d.criterion, d.teams, d.recorded, d.expected, text, summary)


def check_round(tf: TeamFile, rnd: int) -> RoundReport:
    """Round ``rnd`` re-paired from the rounds before it and compared with the record."""
    pairs, bye, colours = _recorded(tf, rnd)
    inp = tf.input(rnd, recorded=True)
    recorded = Pairing([(a, b) if colours.get(a) != "b" else (b, a) for a, b in pairs], bye)
    try:
        engine: RoundPairing = _pair(inp)
    except NoPairing as exc:
        d = Discrepancy(
            Kind.UNEXPLAINED, "3.3.3", [], None, None, f"the engine finds no pairing: {exc}"
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
            found.append(Discrepancy(Kind.UNEXPLAINED, None, [], None, None, "the pairings differ"))
    else:
        for b in engine.boards:
            if b.white in colours and colours[b.white] != "w":
                text = f"Art. {b.rule} gives White to team {b.white}; the record gives it to team {b.black}"
                found.append(Discrepancy(Kind.COLOUR, b.rule, [b.white, b.black], f"{b.black}-{b.white}",
                                         f"{b.white}-{b.black}", text, f"Round {rnd}: {text}"))  # fmt: skip
    status = DIFFERS if found else MATCH
    if not found:
        return RoundReport(rnd, status)
    return RoundReport(rnd, status, found, recorded, expected)


def _pair(inp: TeamInput) -> RoundPairing:
    from trfaudit.engine.team.pairer import pair_teams

    return pair_teams(inp)
