"""lichess.org Swiss exports: which system lichess paired them with.

lichess pairs a Swiss with bbpPairings, choosing the system by the number of players when the
round is paired: the Dutch system below 250 players, a Burstein variant from 250, a fast
greedy one from 700 (lila, ``modules/swiss/src/main/PairingSystem.scala``).  Its TRF export
states no system (``092 Individual: Swiss-System``, no ``192``), names the site in ``022``
(``https://lichess.org/swiss/<id>``) and gives in ``062`` the final number of players, late
joiners included.  So a field of 250 or more was (at least in its later rounds) not paired
by the Dutch rules, and a Dutch finding there is a question of which system applied, not a
broken rule (class ``interpretation``).
"""

from __future__ import annotations

from dataclasses import replace

from trfaudit.engine.findings import FindingClass, RoundReport
from trfaudit.trf.model import Tournament

#: lichess's thresholds: Dutch below, Burstein from 250, the fast pairer from 700 players.
BURSTEIN_FROM = 250
FAST_FROM = 700


def is_lichess_swiss(t: Tournament) -> bool:
    """The file is a lichess Swiss export: its site (022) or arbiter line (102) is lichess's
    Swiss page, and it names no pairing system (192)."""
    site = f"{t.city} {t.chief_arbiter}".lower()
    return "lichess.org/swiss" in site and not (t.type_code or "").strip()


def other_system(t: Tournament) -> str | None:
    """For a lichess Swiss export of 250 or more players, the sentence that says lichess
    paired it with another system; None otherwise."""
    if not is_lichess_swiss(t):
        return None
    n = len(t.players)
    if n < BURSTEIN_FROM:
        return None
    system = "a Burstein variant" if n < FAST_FROM else "its fast pairer"
    return (
        f"a lichess Swiss of {n} players: lichess pairs the Dutch system only below "
        f"{BURSTEIN_FROM} players, from {BURSTEIN_FROM} a Burstein variant and from {FAST_FROM} a "
        f"fast pairer, so this field was paired with {system} once it had {BURSTEIN_FROM} "
        "players (the file gives the final count only); the Dutch findings below say where "
        "that system's pairing differs from the Dutch rules, not that a rule was broken"
    )


def as_other_system(r: RoundReport) -> RoundReport:
    """A round's pairing findings as the other system's differences: class
    ``interpretation`` ("paired by another system"); findings about the file stay."""
    changed = [
        replace(
            d,
            finding_class=FindingClass.INTERPRETATION,
            explanation=f"{d.explanation} (paired by another system: lichess's pairer for "
            f"{BURSTEIN_FROM} players or more, not the Dutch rules)",
        )
        if d.finding_class == FindingClass.PAIRING
        else d
        for d in r.discrepancies
    ]
    return replace(r, discrepancies=changed)
