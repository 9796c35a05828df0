"""Input cause ``starting-rank``: the pairing numbers are not the ranking the rounds were
paired with (C.04.2: rating, then title, then name), or follow the final standings.

The prescribed ranking and, for round 1, the smallest re-ranking (one player moved) are
tried (:data:`checker.inputs.MAX_MOVERS`); a cheap model of round 1 (one bracket, S1 against
S2) only proposes the candidate re-rankings, the engine decides.
"""

from __future__ import annotations

from trfaudit.engine.dutch.editions import Edition
from trfaudit.engine.dutch.readings.inputs import (
    MAX_MOVERS,
    Explained,
    _file_order,
    _matching,
    _rounds_text,
    reproduces,
)
from trfaudit.engine.findings import DIFFERS, Cause, RoundReport
from trfaudit.engine.recorded import recorded_round
from trfaudit.trf.model import Tournament

# -- starting rank (C.04.2) ------------------------------------------------------------------

#: C.04.2 (initial ranking): titles in this order after the rating; one-letter TRF-16 codes.
_TITLES = {
    "GM": 0,
    "G": 0,
    "IM": 1,
    "M": 1,
    "WGM": 2,
    "WG": 2,
    "FM": 3,
    "F": 3,
    "WIM": 4,
    "WM": 4,
    "CM": 5,
    "C": 5,
    "WFM": 6,
    "WF": 6,
    "WCM": 7,
    "WC": 7,
}


def prescribed_order(t: Tournament) -> list[int]:
    """The initial ranking C.04.2 prescribes: rating (highest first, unrated last), then
    title, then name (alphabetically); pairing numbers break what remains tied."""

    def key(tpn: int) -> tuple[int, int, str, int]:
        p = t.players[tpn]
        return (
            -(p.rating or 0),
            _TITLES.get(p.title.strip().upper(), 99),
            p.name.strip().casefold(),
            tpn,
        )

    return sorted(t.players, key=key)


def follows_final_standings(t: Tournament) -> bool:
    """True when the pairing numbers follow the final standings: the points never rise
    along the pairing numbers (and do fall), while the ratings do not explain the order."""
    order = _file_order(t)
    if len(order) < 8:  # too few players to tell the standings from chance
        return False
    last = t.recorded_rounds()
    points = [t.score(tpn, last) for tpn in order]
    if any(b > a for a, b in zip(points, points[1:])) or points[0] == points[-1]:
        return False
    return prescribed_order(t) != order


def _round1_model(order: list[int]) -> tuple[set[frozenset[int]], int | None]:
    """Round 1 of one score bracket as C.04.3 pairs it when nothing else intervenes: S1
    (the upper half) against S2 in order, the last player out when odd (1.9.2, 4.2)."""
    h = len(order) // 2
    pairs = {frozenset((order[i], order[i + h])) for i in range(h)}
    return pairs, (order[-1] if len(order) % 2 else None)


def _moved(order: list[int], tpn: int, to: int) -> list[int]:
    rest = [x for x in order if x != tpn]
    return rest[:to] + [tpn] + rest[to:]


def round1_moves(t: Tournament) -> list[tuple[int, list[int]]]:
    """Re-rankings that move one player and make round 1's pairs those recorded, by the
    cheap model of :func:`_round1_model`, smallest move first: (player, full rank order)."""
    rec = recorded_round(t, 1)
    if rec.problems:
        return []
    full = _file_order(t)
    playing = set(rec.participants)
    order = [tpn for tpn in full if tpn in playing]
    target = (rec.pairs, rec.bye)
    pairs, bye = _round1_model(order)
    if (pairs, bye) == target:
        return []
    wrong = {x for p in pairs - rec.pairs for x in p} | {x for x in (bye, rec.bye) if x}
    partner = {a: b for p in rec.pairs for a, b in (tuple(p), tuple(p)[::-1])}
    h = len(order) // 2

    def fits(cand: list[int]) -> bool:  # _round1_model(cand) == target, failing early
        return (cand[-1] == rec.bye if len(cand) % 2 else rec.bye is None) and all(
            partner.get(cand[i]) == cand[i + h] for i in range(h)
        )

    found: list[tuple[int, int, list[int]]] = []
    for tpn in sorted(wrong, key=order.index)[:MAX_MOVERS]:
        at = order.index(tpn)
        for to in range(len(order)):
            if to == at:
                continue
            cand = _moved(order, tpn, to)
            if fits(cand):
                found.append((abs(to - at), tpn, cand))
    found.sort(key=lambda f: f[0])
    out = []
    for _, tpn, cand in found:
        # The moved player goes just before the participant now after them (or last).
        i = cand.index(tpn)
        rest = [x for x in full if x != tpn]
        at_full = rest.index(cand[i + 1]) if i + 1 < len(cand) else len(rest)
        out.append((tpn, rest[:at_full] + [tpn] + rest[at_full:]))
    return out


def _between(order: list[int], tpn: int) -> str:
    i = order.index(tpn)
    before = order[i - 1] if i > 0 else None
    after = order[i + 1] if i + 1 < len(order) else None
    if before is None:
        return f"#{tpn} ranked first, before #{after}"
    if after is None:
        return f"#{tpn} ranked last, after #{before}"
    return f"#{tpn} ranked between #{before} and #{after}"


def _rank_dependent(report: RoundReport, edition: Edition) -> bool:
    """True when every finding of the round depends on the ranking alone: Art. 4's order of
    generation, and the colour rules that look at ranks (5.2.4, 5.2.5)."""
    colour_rules = {edition.label(k) for k in ("5.2.4", "5.2.5")}
    return bool(report.discrepancies) and all(
        d.kind == "order" or (d.kind == "colour" and d.criterion in colour_rules)
        for d in report.discrepancies
    )


def round1_out_of_order(t: Tournament) -> list[int]:
    """Round-1 players whose recorded pairing no ranking by pairing number gives: round 1
    is one score group without history, so (absent forbidden pairs and acceleration) Art. 4.2's
    first candidate, S1 against S2 in order, is the pairing; a recorded round 1 that is not it
    was paired from another ranking.  Empty when it is, or when the argument does not hold."""
    if (
        t.accelerations
        or (t.type_code or "").strip().upper().endswith("_BAKU")
        or any(first <= 1 for _, first, _ in t.forbidden_pairs)
    ):
        return []
    rec = recorded_round(t, 1)
    if rec.problems or not rec.pairs:
        return []
    order = [tpn for tpn in _file_order(t) if tpn in set(rec.participants)]
    pairs, bye = _round1_model(order)
    wrong = sorted(
        {x for p in rec.pairs - pairs for x in p}
        | ({rec.bye} if rec.bye != bye and rec.bye else set())
    )
    return wrong


def starting_rank_readings(
    t: Tournament,
    edition: Edition,
    left: list[int],
    reports: list[RoundReport],
    initial: str | None,
) -> list[Explained]:
    """Rounds the initial ranking explains (C.04.2).

    The file's ranking is shown not to be the one the rounds were paired with when the
    pairing numbers follow the final standings, when round 1 is not S1 against S2 by them
    (:func:`round1_out_of_order`), or when another ranking reproduces a round.  Then each
    round reproduced by another ranking, and each round whose findings depend on the ranking
    alone (:func:`_rank_dependent`), is put down to it; quality and illegal findings do not
    depend on the ranking and stay."""
    file_order = _file_order(t)
    facts: list[str] = []
    if follows_final_standings(t):
        last = t.recorded_rounds()
        shown = ", ".join(f"{float(t.score(x, last)):g}" for x in file_order[:6])
        facts.append(
            f"the pairing numbers follow the final standings (points {shown}, ...), "
            "which cannot be known when the rounds are paired"
        )
    wrong = round1_out_of_order(t)
    if wrong:
        facts.append(
            "round 1 is not S1 against S2 by the pairing numbers (Art. 4.2's first candidate, "
            "which nothing else can reject in round 1): players "
            + ", ".join(map(str, wrong[:12]))
            + (" ..." if len(wrong) > 12 else "")
            + " are paired otherwise, so round 1 was paired from another ranking (or the file "
            "lacks a forbidden pair or an arbiter's change)"
        )
    proven = bool(facts)  # the file shows its numbers are not the ranking paired with
    out: list[Explained] = []
    explained: set[int] = set()
    if 1 in left:
        moves = [
            m
            for m in round1_moves(t)[:3]
            if reproduces(t, 1, edition, initial=initial, rank_order=m[1])
        ]
        if moves:
            tpn, order = moves[0]
            rounds = [
                r.round
                for r in reports
                if r.round == 1
                or reproduces(t, r.round, edition, initial=initial, rank_order=order)
            ]
            fixed = [r for r in rounds if r in left]
            explained.update(fixed)
            out.append(
                Explained(
                    Cause.STARTING_RANK,
                    fixed,
                    "round 1 was paired from another initial ranking than the pairing numbers",
                    f"with {_between(order, tpn)}, {_rounds_text(rounds)} match",
                    [tpn],
                    proven=proven,
                )
            )
    prescribed = prescribed_order(t)
    rest = [r for r in left if r not in explained]
    # The initial ranking holds for the whole event: the rounds that match as written must
    # match under it too (tested first: the first that does not ends the search).
    if (
        prescribed != file_order
        and rest
        and all(
            reproduces(t, r.round, edition, initial=initial, rank_order=prescribed)
            for r in reports
            if r.status != DIFFERS
        )
    ):
        rounds = _matching(
            rest, lambda r: reproduces(t, r, edition, initial=initial, rank_order=prescribed)
        )
        if rounds:
            explained.update(rounds)
            out.append(
                Explained(
                    Cause.STARTING_RANK,
                    rounds,
                    "the pairing numbers are not the initial ranking C.04.2 prescribes (rating, "
                    "then title, then name)",
                    f"with the players ranked by rating, title and name, {_rounds_text(rounds)} "
                    "match",
                    proven=proven,
                )
            )
    if facts:
        for e in out:
            e.evidence += "; " + "; ".join(facts)
    if facts:  # only a ranking the file disproves explains rounds it does not reproduce
        ranked = [
            r.round
            for r in reports
            if r.round in left and r.round not in explained and _rank_dependent(r, edition)
        ]
        if ranked:
            out.append(
                Explained(
                    Cause.STARTING_RANK,
                    ranked,
                    "the file's pairing numbers are not the ranking the rounds were paired with, "
                    "and the round differs only where the ranking decides (Art. 4, 5.2.4, 5.2.5)",
                    "; ".join(facts),
                )
            )
    return out
