"""Is the recorded round a legal round-pairing?  The absolute criteria (C.04.3 2026 Art. 2.1).

* 1.9.1: a round-pairing pairs every player to be paired exactly once, except at most one;
* C1 (2.1.1): two players meet at most once; only *played* games count (C.04.2 2026 3.5:
  forfeits do not block a later pairing); pairs the organiser forbade (XXP/260) are treated
  like C1, as the engine treats them;
* C2 (2.1.2): the PAB only to an eligible player (C.04.1 Art. 4; the edition's rule);
* C3 (2.1.3): no two non-topscorers with the same absolute colour preference.

Every finding is a :class:`checker.model.Discrepancy` of kind ``illegal`` naming the players.
"""

from __future__ import annotations

from trfaudit.engine.history import RoundInput
from trfaudit.engine.players import PlayerState

from .model import ILLEGAL, Discrepancy
from .recorded import RecordedRound

#: The article that defines a round-pairing, per edition.
ROUND_PAIRING_ARTICLE = {"2025": "1.9.1", "2017": "A.9", "2012": "A.9"}

_COLOUR_WORD = {"w": "white", "b": "black"}


def _label(edition, key: str) -> str:
    return edition.label(key)


def structure(rec: RecordedRound, edition) -> list[Discrepancy]:
    """1.9.1: the recorded round is not a round-pairing."""
    article = ROUND_PAIRING_ARTICLE.get(edition.name, "1.9.1")
    return [Discrepancy(ILLEGAL, article, sorted(set(p.players)), None, None,
                        f"{article}: not a round-pairing: {p.text}")
            for p in rec.problems]


def _met_in(inp: RoundInput, a: int, b: int) -> list[int]:
    """Rounds in which ``a`` played a game (not a forfeit) against ``b``."""
    return [g.round for g in inp.players[a].games if g.played and g.opponent == b]


def _ineligibility(inp: RoundInput, edition, tpn: int) -> str:
    """Why ``tpn`` may not get the PAB: the first earlier round that made them ineligible."""
    games = inp.players[tpn].games
    for k in range(1, len(games) + 1):
        if not edition.bye_eligible(games[:k], inp.points):
            g = games[k - 1]
            what = {
                "pab": "had the pairing-allocated bye",
                "forfeit_win": "won by forfeit",
                "full_bye": "had a full-point bye",
            }.get(g.kind.value, f"scored {inp.points.show(g.points)} without playing")
            return f"{what} in round {g.round}"
    return "is not eligible"


def absolute_criteria(rec: RecordedRound, inp: RoundInput, states: dict[int, PlayerState],
                      edition) -> list[Discrepancy]:
    """C1, C2 and C3 on the recorded pairs and PAB (players outside ``states`` are skipped:
    they are already reported by :func:`structure`)."""
    out: list[Discrepancy] = []
    c1, c2, c3 = (_label(edition, k) for k in ("C1", "C2", "C3"))
    for pair in sorted(rec.boards + rec.colourless, key=lambda p: min(p)):
        a, b = sorted(pair)
        if a not in states or b not in states:
            continue
        shown = f"{pair[0]}-{pair[1]}"
        rounds = _met_in(inp, a, b)
        if rounds:
            out.append(Discrepancy(
                ILLEGAL, c1, [a, b], shown, "no rematch",
                f"{c1}: {a} and {b} already played each other in round "
                + ", ".join(map(str, rounds))))
        elif frozenset((a, b)) in inp.forbidden:
            out.append(Discrepancy(
                ILLEGAL, c1, [a, b], shown, "not paired",
                f"{c1}: {a} and {b} may not meet in round {inp.round} (a prohibited pairing, "
                "XXP/260)"))
        pa, pb = states[a], states[b]
        if (pa.absolute and pb.absolute and pa.preference == pb.preference
                and not (pa.topscorer or pb.topscorer)):
            colour = _COLOUR_WORD.get(pa.preference or "", "?")
            out.append(Discrepancy(
                ILLEGAL, c3, [a, b], shown, "not paired",
                f"{c3}: {a} and {b} both have an absolute preference for {colour} and neither "
                "is a topscorer"))
    for tpn in rec.byes:
        st = states.get(tpn)
        if st is not None and not st.bye_eligible:
            out.append(Discrepancy(
                ILLEGAL, c2, [tpn], f"PAB {tpn}", "an eligible player",
                f"{c2}: {tpn} gets the pairing-allocated bye but "
                f"{_ineligibility(inp, edition, tpn)}"))
    return out
