"""The ``colour`` kind: the same pair, other colours.  Which rule of Art. 5.2 decides, in words.

The engine's :func:`engine.colours.allocate` gives the colour and the deciding rule
(5.2.1 both preferences, 5.2.2 the stronger one, 5.2.3 alternate from the last round with
different colours, 5.2.4 the higher-ranked player's preference, 5.2.5 the initial colour by
the higher-ranked player's pairing number); this module says it as a sentence a committee
can check against the players' colour histories.
"""

from __future__ import annotations

from trfaudit.engine.colours import allocate, higher_ranked
from trfaudit.engine.players import PlayerState

from .model import COLOUR, Discrepancy

WORD = {"w": "white", "b": "black"}


def preference_words(p: PlayerState) -> str:
    """``an absolute preference for white`` (1.7)."""
    if p.preference is None:
        return "no colour preference"
    strength = "absolute" if p.absolute else "strong" if p.strong else "mild"
    article = "an" if strength == "absolute" else "a"
    return f"{article} {strength} preference for {WORD[p.preference]}"


def _last_difference(a: PlayerState, b: PlayerState) -> tuple[int, str, str] | None:
    """Games back (1 = latest) and the colours of the latest played game, aligned from the
    end (C.04.2 3.4), in which ``a`` and ``b`` had different colours."""
    for back, (x, y) in enumerate(zip(reversed(a.colours), reversed(b.colours)), start=1):
        if x != y:
            return back, x, y
    return None


def colour_rule(a: PlayerState, b: PlayerState, initial: str) -> tuple[int, int, str]:
    """(white, black, rule) for the pair ``a``-``b`` by Art. 5."""
    colour, rule = allocate(a, b, initial)
    return (a.tpn, b.tpn, rule) if colour == "w" else (b.tpn, a.tpn, rule)


def explain(white: PlayerState, black: PlayerState, rule: str, label: str,
            initial: str) -> str:
    """Why ``white`` gets white against ``black`` under ``rule`` (labelled ``label``)."""
    w, b = white.tpn, black.tpn
    if rule == "5.2.1":
        if white.preference is None:
            return (f"{label}: {w} has no colour preference, so {b}'s preference for black "
                    "is granted")
        if black.preference is None:
            return (f"{label}: {b} has no colour preference, so {w}'s preference for white "
                    "is granted")
        return f"{label}: both preferences are granted: {w} prefers white, {b} black"
    if rule == "5.2.2":
        winner, loser = (white, black) if white.preference == "w" else (black, white)
        text = (f"{label}: both prefer {WORD[winner.preference]}; the stronger preference is "
                f"granted: {winner.tpn} has {preference_words(winner)}, {loser.tpn} "
                f"{preference_words(loser)}")
        if winner.absolute and loser.absolute:
            text += (f" (colour difference {winner.imbalance} against {loser.imbalance}: "
                     "the wider one wins)")
        return text
    if rule == "5.2.3":
        diff = _last_difference(white, black)
        where = ""
        if diff is not None:
            back, x, _ = diff
            when = "last played game" if back == 1 else f"played game {back} from the end"
            where = (f" (in their {when} {w} had {WORD[x]}, {b} "
                     f"{WORD['b' if x == 'w' else 'w']})")
        return (f"{label}: both prefer {WORD.get(white.preference or 'w')} equally; colours "
                f"alternate from the latest round in which they had different colours{where}")
    top = white if higher_ranked(white, black) else black
    if rule == "5.2.4":
        colour = "white" if top is white else "black"
        return (f"{label}: 5.2.1-5.2.3 cannot separate them; the higher-ranked player {top.tpn} "
                f"gets their preference ({colour})")
    # 5.2.5
    colour = "white" if top is white else "black"
    number = top.rank + 1
    shown = f"pairing number {top.tpn}" if number == top.tpn else (
        f"pairing number {number} among the players taking part (TPN {top.tpn})")
    parity = "odd" if number % 2 else "even"
    gets = "the initial colour" if number % 2 else "the opposite of the initial colour"
    return (f"{label}: no preference decides; the higher-ranked player {top.tpn} has {shown} "
            f"({parity}) and gets {gets} ({colour}; initial colour {WORD.get(initial, initial)})")


def colour_discrepancies(boards: list[tuple[int, int]], states: dict[int, PlayerState],
                         initial: str, edition) -> list[Discrepancy]:
    """A ``colour`` discrepancy for each recorded (white, black) board whose colours Art. 5
    gives the other way round."""
    out = []
    labels = getattr(edition, "colour_rule_labels", {}) or {}
    for rw, rb in boards:
        if rw not in states or rb not in states:
            continue
        ew, eb, rule = colour_rule(states[rw], states[rb], initial)
        if ew == rw:
            continue
        label = labels.get(rule, rule)
        out.append(Discrepancy(
            COLOUR, label, [ew, eb], f"{rw}-{rb}", f"{ew}-{eb}",
            explain(states[ew], states[eb], rule, label, initial)))
    return out
