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

from trfaudit.engine.absolute import c3_clash, prohibited, rounds_met
from trfaudit.engine.dutch.editions import Edition
from trfaudit.engine.dutch.players import PlayerState
from trfaudit.engine.findings import ILLEGAL, INPUT, Cause, Discrepancy, FindingClass
from trfaudit.engine.history import RoundInput
from trfaudit.engine.recorded import RecordedRound, StructureProblem
from trfaudit.trf.errors import SAME_COLOUR

_COLOUR_WORD = {"w": "white", "b": "black"}


def structure(rec: RecordedRound, edition: Edition) -> list[Discrepancy]:
    """1.9.1: the recorded round is not a round-pairing; one finding per fault, in the order
    of ``rec.problems``.  Both sides of a game with one colour is no pairing fault but the
    file contradicting itself (:func:`contradiction`)."""
    article = edition.round_pairing_article
    return [
        contradiction(p, rec.round)
        if p.code == SAME_COLOUR
        else Discrepancy(
            ILLEGAL,
            article,
            sorted(set(p.players)),
            None,
            None,
            f"{article}: not a round-pairing: {p.text}",
        )
        for p in rec.problems
    ]


def contradiction(p: StructureProblem, rnd: int) -> Discrepancy:
    """A game the file records in two ways that exclude each other (TRF-16 001: each side
    of a game is on its player's line): class ``input``, with the line and column of each
    side."""
    where = "; ".join(f"line {line}, column {column}: {text!r}" for line, column, text in p.where)
    return Discrepancy(
        INPUT,
        None,
        sorted(p.players),
        "-".join(map(str, p.players)),
        None,
        f"the file contradicts itself in round {rnd}: {p.text}",
        cause=Cause.CONTRADICTION,
        evidence=where or None,
        finding_class=FindingClass.INPUT,
    )


def contradictions(rec: RecordedRound) -> list[Discrepancy]:
    """The games of the round whose two results exclude each other (both won)."""
    return [contradiction(p, rec.round) for p in rec.contradictions]


def ineligibility(inp: RoundInput, edition: Edition, tpn: int) -> tuple[str, int] | None:
    """Why ``tpn`` may not get the PAB (C2): what he had in the first earlier round that
    made him ineligible (``had the pairing-allocated bye``, ``won by forfeit``, ...) and
    that round; None when no round of his explains it."""
    games = inp.players[tpn].games
    for k in range(1, len(games) + 1):
        if not edition.bye_eligible(games[:k], inp.points):
            g = games[k - 1]
            what = {
                "pab": "had the pairing-allocated bye",
                "forfeit_win": "won by forfeit",
                "full_bye": "had a full-point bye",
            }.get(g.kind.value, f"scored {inp.points.show(g.points)} without playing")
            return what, g.round
    return None


def _ineligibility(inp: RoundInput, edition: Edition, tpn: int) -> str:
    """:func:`ineligibility` as words: ``won by forfeit in round 4``."""
    why = ineligibility(inp, edition, tpn)
    return "is not eligible" if why is None else f"{why[0]} in round {why[1]}"


def absolute_criteria(
    rec: RecordedRound, inp: RoundInput, states: dict[int, PlayerState], edition: Edition
) -> list[Discrepancy]:
    """C1, C2 and C3 on the recorded pairs and PAB (players outside ``states`` are skipped:
    they are already reported by :func:`structure`)."""
    out: list[Discrepancy] = []
    c1, c2, c3 = (edition.label(k) for k in ("C1", "C2", "C3"))
    for pair in sorted(rec.boards + rec.colourless, key=lambda p: min(p)):
        a, b = sorted(pair)
        if a not in states or b not in states:
            continue
        shown = f"{pair[0]}-{pair[1]}"
        pa, pb = states[a], states[b]
        rounds = rounds_met(pa, b)
        if rounds:
            out.append(
                Discrepancy(
                    ILLEGAL,
                    c1,
                    [a, b],
                    shown,
                    "no rematch",
                    f"{c1}: {a} and {b} already played each other in round "
                    + ", ".join(map(str, rounds)),
                )
            )
        elif prohibited(a, b, inp.forbidden):
            out.append(
                Discrepancy(
                    ILLEGAL,
                    c1,
                    [a, b],
                    shown,
                    "not paired",
                    f"{c1}: {a} and {b} may not meet in round {inp.round} (a prohibited pairing, "
                    "XXP/260)",
                )
            )
        clash = c3_clash(pa, pb)
        if clash is not None:
            colour = _COLOUR_WORD.get(clash, "?")
            out.append(
                Discrepancy(
                    ILLEGAL,
                    c3,
                    [a, b],
                    shown,
                    "not paired",
                    f"{c3}: {a} and {b} both have an absolute preference for {colour} and neither "
                    "is a topscorer",
                )
            )
    for tpn in rec.byes:
        st = states.get(tpn)
        if st is not None and not st.bye_eligible:
            out.append(
                Discrepancy(
                    ILLEGAL,
                    c2,
                    [tpn],
                    f"PAB {tpn}",
                    "an eligible player",
                    f"{c2}: {tpn} gets the pairing-allocated bye but "
                    f"{_ineligibility(inp, edition, tpn)}",
                )
            )
    return out
