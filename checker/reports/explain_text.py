"""``trfaudit explain --format text``: one block per player, one reason per line."""

from __future__ import annotations

from trfaudit.checker.reports.terms import terms
from trfaudit.engine.explanation import Explanation, PlayerWhy

_COLOUR = {"w": "white", "b": "black"}


def headline(p: PlayerWhy) -> str:
    """``Bruno (2), 1.0 points: plays 7 with white; bracket 1.0``."""
    who = f"{p.name} ({p.tpn})" if p.name else f"player {p.tpn}"
    if p.bye is not None:
        what = "the pairing-allocated bye" if p.bye == "PAB" else f"bye {p.bye} (not paired)"
    elif p.opponent is not None:
        what = f"plays {p.opponent} with {_COLOUR.get(p.colour or '', '?')}"
    else:
        what = "not paired"
    extra = []
    if p.bracket is not None:
        extra.append(f"{p.bracket.score}-point bracket")
    if p.float:
        extra.append(f"floats {p.float}")
    if p.mdp:
        extra.append("MDP")
    tail = f" ({', '.join(extra)})" if extra else ""
    score = f", {p.score} points" if p.score != "-" else ""
    return f"{who}{score}: {what}{tail}"


def _games(pairs: tuple[tuple[int, int], ...], bye: int | None) -> dict[int, str]:
    """What a round-pairing gives each player: ``plays 7 with white`` / ``the PAB``."""
    out = {w: f"plays {b} with white" for w, b in pairs}
    out |= {b: f"plays {w} with black" for w, b in pairs}
    if bye is not None:
        out[bye] = "the pairing-allocated bye"
    return out


def side_by_side(e: Explanation, tpn: int) -> str | None:
    """``recorded: plays 7 with black; the rules: plays 9 with white`` for a player whom the
    recorded round gives otherwise than the rules (None when they agree)."""
    if e.record is None:
        return None
    rec = _games(e.record.pairs, e.record.bye).get(tpn, "not paired")
    rules = _games(e.boards, e.bye).get(tpn, "not paired")
    return None if rec == rules else f"recorded: {rec}; the rules: {rules}"


def render_text(e: Explanation) -> str:
    """The explanation as a terminal report."""
    kind = "recorded round" if e.recorded else "the engine's next round"
    lines = [f"Round {e.round} ({kind}), rules {e.rules} ({e.rules_reason})"]
    if e.finding:
        if e.finding_class == "input":
            lines.append(f"check (class input: the file is at fault, not the pairing): {e.finding}")
            lines.append("explained below as the engine pairs the file as written.")
        else:
            tag = f" (class {e.finding_class})" if e.finding_class else ""
            lines.append(f"check{tag}: {e.finding}")
            lines.append("explained below as the engine pairs it.")
    lines += [f"note: {n}" for n in e.notes]
    words = terms(r.text for p in e.players for r in p.reasons)
    if words is not None:
        lines.append(f"terms: {words}")
    shown: set[int] = set()  # a whole round prints each pair's reasons once
    for p in e.players:
        lines.append("")
        lines.append(headline(p))
        if e.player is not None and p.summary:
            lines.append(f"  In short: {p.summary}")
        both = side_by_side(e, p.tpn)
        if both is not None:
            lines.append(f"  {both}")
        repeat = e.player is None and p.opponent in shown
        if repeat:
            lines.append(f"  (the pair with {p.opponent} and its colours: see {p.opponent} above)")
        if p.opponent is not None:
            shown.add(p.tpn)
        for r in p.reasons:
            if repeat and r.about in ("opponent", "colour"):
                continue
            mark = " (uncertain)" if r.uncertain else ""
            lines.append(f"  [{r.about} {r.rule}] {r.text}{mark}")
    if e.against is not None and e.verdict is not None:
        v = e.verdict
        lines.append("")
        lines.append(f"Why not {e.player}-{e.against}: {v.kind} {v.criterion or ''}".rstrip())
        lines.append(f"  {v.text}")
        if e.alternative is not None:
            pairs = ", ".join(f"{w}-{b}" for w, b in e.alternative.pairs)
            bye = f"; PAB {e.alternative.bye}" if e.alternative.bye is not None else ""
            lines.append(f"  alternative: {pairs}{bye}")
    return "\n".join(lines) + "\n"
