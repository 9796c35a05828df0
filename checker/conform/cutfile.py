"""The file a pairing program is given to pair round r: rounds 1..r-1 and round r's absences.

Written the way the reference engines read a partial TRF (JaVaFo AUM 2.2 "TRF(x)", bbpPairings
README): ``XXR`` and ``XXC white1/black1`` for the total rounds and the initial colour, the
``BB?`` lines for a point system other than 1-1/2-0, ``XXA``/``XXP`` for acceleration and
forbidden pairs, and round r's announced byes in the player's round-r column (``0000 - Z`` /
``0000 - H``), which JaVaFo and both bbpPairings versions read (``XXZ`` repeats the zero-point
ones for JaVaFo).  TRF-2026 readers get the same facts from ``142``, ``152`` and ``240``, added
after the ``XX?`` lines (bbpPairings v6 reads both; v5 ignores them).  Points are those of rounds
1..r-1: an announced bye is not counted in them (bbp v6 accepts both; v5 only this form).
"""

from __future__ import annotations

import copy

from trfaudit.trf.model import EntryKind, Tournament
from trfaudit.trf.writer import write

#: The entries of a round that are announced before it is paired (the generator's plans).
ANNOUNCED = (EntryKind.HALF_BYE, EntryKind.ZERO_BYE, EntryKind.FULL_BYE)
_LETTER = {EntryKind.HALF_BYE: "H", EntryKind.ZERO_BYE: "Z", EntryKind.FULL_BYE: "F"}


def absences(t: Tournament, rnd: int) -> dict[int, EntryKind]:
    """The byes and absences round ``rnd`` of ``t`` records (known before it was paired)."""
    out: dict[int, EntryKind] = {}
    for tpn, p in t.players.items():
        entry = p.entry(rnd)
        if entry is not None and entry.kind in ANNOUNCED:
            out[tpn] = entry.kind
    return out


def before_round(t: Tournament, rnd: int) -> Tournament:
    """A copy of ``t`` holding rounds 1..rnd-1, with round ``rnd``'s absences announced
    (``absent_next``) and the points and ranks of that moment."""
    x = copy.deepcopy(t)
    x.absent_next = absences(t, rnd)
    x.records = [r for r in x.records if r.kind.name not in ("BYE", "XX_ABSENT")]
    x.bye_lines = []
    for p in x.players.values():
        p.entries = p.entries[: rnd - 1]
        p.announced = []
    for p in x.players.values():
        p.points = x.score(p.tpn, rnd - 1)
    order = sorted(x.players.values(), key=lambda p: (-(p.points or 0), p.tpn))
    for rank, p in enumerate(order, 1):
        p.rank = rank
    return x


def round_file(t: Tournament, rnd: int) -> str:
    """The text given to a pairing program to pair round ``rnd`` of ``t`` (see the module
    docstring): the TRF(x) form, then the TRF-2026 ``142``/``152``/``240`` records."""
    x = before_round(t, rnd)
    text = write(x, "trfx", warnings=[])
    extra = []
    if x.total_rounds:
        extra.append(f"142 {x.total_rounds}")
    if x.initial_colour in ("w", "b"):
        extra.append(f"152 {x.initial_colour.upper()}")
    for kind in ANNOUNCED:
        ids = [tpn for tpn, k in x.absent_next.items() if k is kind]
        if ids:
            extra.append(f"240 {_LETTER[kind]} {rnd:03d}" + "".join(f" {i:>4}" for i in ids))
    if not text.endswith("\n"):
        text += "\n"
    return text + "".join(line + "\n" for line in extra)
