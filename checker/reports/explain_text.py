"""``trfaudit explain --format text``: one block per player, one reason per line."""

from __future__ import annotations

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


def render_text(e: Explanation) -> str:
    """The explanation as a terminal report."""
    kind = "recorded round" if e.recorded else "the engine's next round"
    lines = [f"Round {e.round} ({kind}), rules {e.rules} ({e.rules_reason})"]
    if e.finding:
        lines.append(f"check: {e.finding}")
        lines.append("explained below as the engine pairs it.")
    lines += [f"note: {n}" for n in e.notes]
    for p in e.players:
        lines.append("")
        lines.append(headline(p))
        for r in p.reasons:
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
