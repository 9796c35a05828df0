"""A given round-pairing seen through the criteria of C.04.6 (2026): its brackets in
pairing order (Art. 3.3.2), each with the values of [C4]-[C10], and where it first parts
from the engine's (the first criterion on which it is worse, or the order that decides)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..result import RoundPairing
from .pairer import TeamInput, _Round, team_trace


@dataclass
class BracketValues:
    """One bracket of a pairing: score, residents, upfloaters, pairs and criteria values."""

    score: Fraction
    residents: list[int]
    upfloaters: list[int]
    pairs: list[tuple[int, int]]
    values: dict[str, object]


@dataclass
class Difference:
    """Where a recorded pairing parts from the engine's: ``kind`` is ``illegal``, ``quality``
    (the record is worse on ``criterion``), ``order`` (as good; ``criterion`` names the
    ordering article) or ``unexplained`` (the record is better: an engine defect)."""

    kind: str
    criterion: str
    recorded: str
    expected: str
    teams: list[int]
    bracket: BracketValues | None = None


def brackets(inp: TeamInput, pairs: list[tuple[int, int]], bye: int | None) -> list[BracketValues]:
    """The brackets of ``pairs`` as Art. 3.3.2 forms them: the top-scoregroup of the teams
    not yet paired, with the pairs whose higher score is its score."""
    r = _Round(inp)
    remaining = sorted(t for t in r.by_tpn if t != bye)
    out = []
    while remaining:
        top = max(r.by_tpn[t].score for t in remaining)
        mine = [p for p in pairs if p[0] in remaining and max(r.by_tpn[t].score for t in p) == top]
        teams = {t for p in mine for t in p}
        residents = sorted(t for t in remaining if r.by_tpn[t].score == top)
        ups = sorted(
            (t for t in teams if r.by_tpn[t].score < top), key=lambda t: (-r.by_tpn[t].score, t)
        )
        rest = [t for t in remaining if t not in teams and t not in residents]
        values: dict[str, object] = {
            "C4": len(ups),
            "C5": tuple(sorted(r.by_tpn[t].score for t in ups)),
            "C6": 0 if r.c6(top, rest) else 1,
            "C7": r.c7(ups),
        }
        ordered = sorted((min(p), max(p)) for p in mine)
        values.update(r.colour_quality(top, ordered))
        out.append(BracketValues(top, residents, ups, ordered, values))
        paired = teams | set(residents)
        if not paired:
            break
        remaining = [t for t in remaining if t not in paired]
    return out


def _worse(criterion: str, rec: object, eng: object) -> int:
    """-1 when the record is better on ``criterion``, 1 when worse, 0 when equal."""
    if rec == eng:
        return 0
    if criterion == "C5":  # maximise the upfloaters' scores taken in ascending order
        return 1 if rec < eng else -1  # type: ignore[operator]
    return 1 if rec > eng else -1  # type: ignore[operator]


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(str(v) for v in value) + ")" if value else "none"
    return str(value)


def pab_difference(inp: TeamInput, rec_bye: int, eng_bye: int) -> Difference:
    """Art. 3.4: why the engine gives the PAB to ``eng_bye`` rather than ``rec_bye``."""
    r = _Round(inp)
    rec, eng = r.by_tpn[rec_bye], r.by_tpn[eng_bye]
    if rec.pab_barred:
        return Difference("illegal", "C2", f"PAB {rec_bye}", f"PAB {eng_bye}", [rec_bye])
    if not r.pairable([t for t in r.by_tpn if t != rec_bye]):
        return Difference("illegal", "3.4.1", f"PAB {rec_bye}", f"PAB {eng_bye}", [rec_bye])
    for art, a, b in (("3.4.2", rec.score, eng.score), ("3.4.3", -rec.played, -eng.played),
                      ("3.4.4", -rec.tpn, -eng.tpn)):  # fmt: skip
        if a != b:
            kind = "quality" if a > b else "unexplained"
            return Difference(kind, art, f"PAB {rec_bye}", f"PAB {eng_bye}", [rec_bye, eng_bye])
    return Difference("unexplained", "3.4", f"PAB {rec_bye}", f"PAB {eng_bye}", [rec_bye])


def difference(inp: TeamInput, engine: RoundPairing, pairs: list[tuple[int, int]],
               bye: int | None) -> Difference | None:  # fmt: skip
    """Why ``pairs``/``bye`` (a recorded round) is not the engine's pairing, or None."""
    r = _Round(inp)
    seen: dict[int, int] = {}
    for t in [t for p in pairs for t in p] + ([bye] if bye is not None else []):
        seen[t] = seen.get(t, 0) + 1
    twice = sorted(t for t, n in seen.items() if n > 1 or t not in r.by_tpn)
    twice += sorted(t for t in r.by_tpn if t not in seen)  # a team to be paired left out
    if twice:  # Art. 3.3.1: not a round-pairing (a team paired twice, or not to be paired)
        return Difference("illegal", "3.3.1", ", ".join(map(str, twice)), "", twice)
    for a, b in pairs:
        if not r.legal(a, b):
            why = "C1" if b in r.by_tpn[a].opponents else "260"
            return Difference("illegal", why, f"{a}-{b}", "", [a, b])
    if bye is not None and engine.bye is not None and bye != engine.bye:
        return pab_difference(inp, bye, engine.bye)
    if bye is not None and bye in r.by_tpn and r.by_tpn[bye].pab_barred:
        return Difference("illegal", "C2", f"PAB {bye}", "", [bye])
    eng_pairs = [p for br in team_trace(engine).brackets for p in br.pairs]
    rec_br = brackets(inp, pairs, bye)
    eng_br = brackets(inp, eng_pairs, engine.bye)
    for rb, eb in zip(rec_br, eng_br):
        if rb.pairs == eb.pairs:
            continue
        for crit in ("C4", "C5", "C6", "C7", "C8", "C9", "C10"):
            side = _worse(crit, rb.values[crit], eb.values[crit])
            if side:
                kind = "quality" if side > 0 else "unexplained"
                teams = sorted(
                    {
                        t
                        for p in rb.pairs + eb.pairs
                        for t in p
                        if p not in eb.pairs or p not in rb.pairs
                    }
                )
                return Difference(
                    kind, crit, _show(rb.values[crit]), _show(eb.values[crit]), teams, rb
                )
        art = "3.5.4" if rb.upfloaters != eb.upfloaters else "3.6.3"
        teams = sorted({t for p in set(rb.pairs) ^ set(eb.pairs) for t in p})
        return Difference("order", art, " ".join(f"{a}-{b}" for a, b in rb.pairs),
                          " ".join(f"{a}-{b}" for a, b in eb.pairs), teams, rb)  # fmt: skip
    return None
