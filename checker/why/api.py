"""``explain``: one round, every player (or one), and optionally "why not Q"."""

from __future__ import annotations

from trfaudit.engine.dutch.editions import Edition
from trfaudit.engine.edition_choice import choose_edition
from trfaudit.engine.systems import EDITIONS
from trfaudit.trf.model import Tournament

from ..recorded import recorded_round
from . import forced, reasons
from .model import BracketInfo, Bye, Explanation, PlayerWhy, Reason
from .trace import Trace, pair, pairing_input

#: Extra pairings (one per alternative measured) for a whole round and for one player.
ROUND_BUDGET = 12
PLAYER_BUDGET = 6


def _bracket(tr: Trace, p: int) -> BracketInfo | None:
    i = tr.paired_in.get(p)
    if i is None:
        if p == tr.result.bye:  # alone in the lowest score group: left over
            return BracketInfo(tr.show(tr.states[p].score), (p,), ())
        return None
    br = tr.brackets[i]
    return BracketInfo(
        tr.show(br.score), tuple(tr.ranked(list(br.residents))), tuple(tr.ranked(list(br.mdps)))
    )


def player_why(tr: Trace, p: int, budget: reasons.Budget, depth: int) -> PlayerWhy:
    """Everything about ``p``'s round (see :mod:`checker.why.reasons`)."""
    name = tr.names.get(p, "")
    absent = tr.absent(p)
    if absent is not None:
        what = {"H": "a half-point bye", "F": "a full-point bye"}.get(absent, "absent")
        label = tr.edition.round_pairing_article
        text = f"{tr.who(p)} does not take part in round {tr.inp.round} ({what}): not paired."
        return PlayerWhy(p, name, "-", None, None, None, absent, None, False,
                         (Reason("bye", label, text),))  # fmt: skip
    st = tr.states[p]
    i = tr.paired_in.get(p)
    br = tr.brackets[i] if i is not None else None
    out: list[Reason] = []
    fl, why_float = reasons.floats(tr, p, budget)
    opp = tr.partner.get(p)
    if opp is not None and br is not None:
        out += reasons.opponent(tr, br, p, budget, depth)
        out.append(reasons.colour(tr, p))
    out += why_float
    bye: Bye | None = "PAB" if p == tr.result.bye else None
    if bye:
        out += reasons.bye_holder(tr, p, budget)
    elif (depth > 2 and tr.result.bye is not None) or p in reasons.nearest_to_bye(tr):
        r = reasons.bye_other(tr, p, budget)
        if r is not None:
            out.append(r)
    if tr.edition.name == "2012":
        out = [Reason(r.about, r.rule, r.text, True) for r in out]
    colour = tr.colour.get(p)
    return PlayerWhy(
        p,
        name,
        tr.show(st.score),
        _bracket(tr, p),
        opp,
        colour,  # type: ignore[arg-type]
        bye,
        fl,  # type: ignore[arg-type]
        br is not None and p in br.mdps,
        tuple(out),
    )


def _finding(t: Tournament, rnd: int, tr: Trace) -> str | None:
    """The check finding when the recorded round differs from the engine's."""
    rec = recorded_round(t, rnd)
    if rec.pairs == set(tr.rule) and rec.bye == tr.result.bye and not rec.problems:
        colours = {p: c for p, c in tr.colour.items()}
        if all(rec.colour.get(p) in (None, c) for p, c in colours.items()):
            return None
    from ..compare import check_round

    report = check_round(t, rnd, tr.edition)
    if not report.discrepancies:
        return None
    d = report.discrepancies[0]
    return d.summary or d.explanation


def _edition(t: Tournament, rules: str) -> tuple[Edition, str]:
    choice = choose_edition(t, rules)
    if choice.edition is None:
        raise ValueError(choice.reason)
    edition = EDITIONS.get(choice.edition)
    if edition is None:
        raise ValueError(f"rules {choice.edition} are not implemented ({choice.reason})")
    return edition, choice.reason


def explain(
    t: Tournament,
    round: int,
    player: int | None = None,
    against: int | None = None,
    rules: str = "auto",
) -> Explanation:
    """Why round ``round`` of ``t`` is paired as it is, per player, in the rules' terms.

    ``round`` is a recorded round (explained as the engine pairs it; a differing record gets
    the ``check`` finding in ``finding``) or the next round.  ``player`` limits the answer to
    one player; ``against`` (with ``player``) asks why not that opponent: the best round the
    rules allow with the pair is given (``alternative``) and compared (``verdict``).

    Raises ValueError for a round, player or edition that cannot be explained, and
    :class:`trfaudit.NoPairing` when no round-pairing exists.
    """
    if against is not None and player is None:
        raise ValueError("--against needs --player")
    if against is not None and against == player:
        raise ValueError(f"--against {against}: a player cannot be paired with himself")
    edition, reason = _edition(t, rules)
    if edition.name == "dubov":  # the Dubov System explains its own rounds (engine/dubov)
        from trfaudit.engine.dubov.explain import explain_round

        return explain_round(t, round, edition, player, against, reason)  # type: ignore[arg-type]
    who = None if player is None else [player]
    return explain_players(t, round, who, against=against, rules=rules)


def explain_players(
    t: Tournament,
    round: int,
    players: list[int] | None,
    against: int | None = None,
    rules: str = "auto",
    budget: int | None = None,
    finding: bool = True,
) -> Explanation:
    """:func:`explain` for several players (None: all) sharing one pairing of the round; each
    listed player is measured as a single one is (the ``check`` report's player tables).
    ``budget``: at most this many alternatives measured in all (default: per player as for
    one); ``finding``: look for the ``check`` finding of a recorded round."""
    recorded = t.recorded_rounds()
    if not 1 <= round <= recorded + 1:
        raise ValueError(f"cannot explain round {round}: rounds 1..{recorded + 1} can be")
    edition, reason = _edition(t, rules)
    if edition.name == "dubov":  # the Dubov System explains its own rounds (engine/dubov)
        from dataclasses import replace

        from trfaudit.engine.dubov.explain import explain_round

        one = players[0] if players and len(players) == 1 else None
        e = explain_round(t, round, edition, one, against, reason)  # type: ignore[arg-type]
        if players is None:
            return e
        return replace(e, players=tuple(p for p in e.players if p.tpn in players))
    for who in [*(players or []), against]:
        if who is not None and who not in t.players:
            raise ValueError(f"player {who} is not in the tournament")
    tr = pair(t, pairing_input(t, round), edition)
    player = players[0] if players and len(players) == 1 else None
    if against is not None and (player not in tr.states or against not in tr.states):
        missing = player if player not in tr.states else against
        raise ValueError(f"player {missing} is not paired in round {round}")
    listed = players is not None
    size = PLAYER_BUDGET * len(players) if players is not None else ROUND_BUDGET
    spent = reasons.Budget(size if budget is None else budget)
    chosen = players if players is not None else sorted(t.players)
    out = tuple(player_why(tr, p, spent, 3 if listed else 1) for p in chosen)
    alt = verdict = None
    if against is not None and player is not None:
        alt, verdict = forced.against(tr, player, against)
    notes: list[str] = []
    if edition.name == "2012":
        notes.append(
            "the 2012 edition is not modelled in full by the engine: every reason is uncertain "
            "(confirm by hand)"
        )
    if spent.left <= 0 and (not listed or budget is not None):
        notes.append(
            f"some alternatives were not measured (at most {spent.size} here); ask for one "
            "player for all of his"
        )
    return Explanation(
        round=round,
        rules=edition.name,
        rules_reason=reason,
        recorded=round <= recorded,
        players=out,
        boards=tuple((b.white, b.black) for b in tr.result.boards),
        bye=tr.result.bye,
        finding=_finding(t, round, tr) if finding and round <= recorded else None,
        player=player,
        against=against,
        alternative=alt,
        verdict=verdict,
        notes=tuple(notes),
    )
