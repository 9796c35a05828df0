"""``check`` for a Dubov round: the round re-paired from the rounds before it and compared
with the record; a difference is named by the first Dubov criterion (C.04.4.1 2026) on
which the record is worse, with both values, the players and the boards.

The record is judged in the text's order: a recorded pair that breaks an absolute criterion
([C1], [C3]) or a PAB [C2] forbids; the PAB's Art. 3.1 order; then bracket by bracket (Art.
3.2) the quality criteria [C5]..[C10] of the pairs involving the bracket's residents; when
the record is as good on all of them, the set of upfloaters (Art. 4.2), the G1/G2
re-composition (Art. 3.2.4) or the transposition (Art. 3.2.5) that the text puts first.
"""

from __future__ import annotations

from dataclasses import dataclass

from trfaudit.engine.findings import (
    BoardDiff,
    Discrepancy,
    Kind,
    Pairing,
    PlayerInfo,
    RoundReport,
    Side,
    Status,
)
from trfaudit.trf.model import EntryKind, Tournament

from ..history import RoundInput, round_input
from ..result import NoPairing, RoundPairing
from ..systems import Plan, Request
from .editions import DUBOV_2026, DubovEdition
from .pairer import BracketTrace, DubovPairer, DubovTrace, legal
from .players import DubovPlayer

_GAME = (EntryKind.PLAYED, EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS)


@dataclass(frozen=True)
class Recorded:
    """The recorded round: boards (white, black) and the PAB."""

    boards: list[tuple[int, int]]
    bye: int | None

    def partner(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for w, b in self.boards:
            out[w], out[b] = b, w
        return out


def recorded_round(t: Tournament, rnd: int) -> Recorded:
    boards: list[tuple[int, int]] = []
    bye = None
    for tpn, p in t.players.items():
        e = p.entry(rnd)
        if e is None:
            continue
        if e.kind is EntryKind.PAB:
            bye = tpn
        elif (
            e.kind in _GAME
            and e.opponent
            and (e.colour == "w" or (e.colour != "b" and tpn < e.opponent))
        ):
            boards.append((tpn, e.opponent))
    return Recorded(boards, bye)


def _name(names: dict[int, str], tpn: int) -> str:
    n = names.get(tpn, "")
    return f"{n} ({tpn})" if n else str(tpn)


def _show(inp: RoundInput, value: int) -> str:
    return inp.points.show(value)


def _values(
    ps: dict[int, DubovPlayer],
    top: int,
    pairs: list[tuple[int, int]],
    ups: list[int],
    tr: DubovTrace,
) -> dict[str, tuple[int, ...]]:
    """[C5]..[C10] of a bracket's pairs, each as a tuple compared lexicographically (smaller
    is better)."""
    out: dict[str, tuple[int, ...]] = {
        "C5": (len(ups),),
        "C6": tuple(sorted((top - ps[u].score for u in ups), reverse=True)),
        "C7": (sum(1 for a, b in pairs if ps[a].side == ps[b].side),),
    }
    if not tr.last_round:
        maxed = [u for u in ups if ps[u].upfloats >= tr.max_t]
        out["C8"] = (len(maxed),)
        out["C9"] = (sum(ps[u].upfloats for u in maxed),)
        out["C10"] = (sum(1 for u in ups if ps[u].upfloated_last),)
    return out


def _words(key: str, value: tuple[int, ...], inp: RoundInput) -> str:
    if key == "C5":
        return f"{value[0]} upfloater{'s' if value[0] != 1 else ''}"
    if key == "C6":
        return "score differences " + (", ".join(_show(inp, v) for v in value) or "none")
    if key == "C7":
        return f"{value[0]} player{'s' if value[0] != 1 else ''} without their colour preference"
    if key == "C8":
        return f"{value[0]} maximum upfloater{'s' if value[0] != 1 else ''} upfloated"
    if key == "C9":
        return f"maximum upfloaters' upfloats {value[0]}"
    return f"{value[0]} upfloater{'s' if value[0] != 1 else ''} who upfloated last round"


class RoundAudit:
    """One recorded round against the engine's pairing."""

    def __init__(
        self, t: Tournament, rnd: int, edition: DubovEdition, names: dict[int, str]
    ) -> None:
        self.t, self.rnd, self.edition, self.names = t, rnd, edition, names
        self.inp = round_input(t, rnd)
        self.rec = recorded_round(t, rnd)

    def nm(self, tpn: int) -> str:
        return _name(self.names, tpn)

    def finding(
        self,
        kind: Kind,
        key: str,
        players: list[int],
        recorded: str | None,
        expected: str | None,
        text: str,
    ) -> Discrepancy:
        summary = f"Round {self.rnd}, players {', '.join(self.nm(p) for p in players)}: {text}"
        return Discrepancy(kind, key, players, recorded, expected, text, summary)

    def run(self) -> RoundReport:
        rec = self.rec
        recorded = Pairing(list(rec.boards), rec.bye)
        try:
            engine = DubovPairer(self.inp, self.edition).pair()
        except NoPairing as exc:
            d = self.finding(
                Kind.UNEXPLAINED, "C4", [], None, None, f"the engine finds no pairing: {exc}"
            )
            return RoundReport(self.rnd, Status.DIFFERS, [d], recorded, None)
        assert isinstance(engine.trace, DubovTrace)
        expected = Pairing([(b.white, b.black) for b in engine.boards], engine.bye)
        same_pairs = {frozenset(b) for b in rec.boards} == {
            frozenset(b) for b in expected.boards
        } and rec.bye == engine.bye
        if same_pairs:
            found = self.colours(engine)
        else:
            found = [self.first_difference(engine, engine.trace)]
        if not found:
            return RoundReport(self.rnd, Status.MATCH)
        return RoundReport(
            self.rnd,
            Status.DIFFERS,
            found,
            recorded,
            expected,
            differing=self.board_diffs(expected),
            players=self.infos(sorted({p for d in found for p in d.players}), engine.trace),
        )

    def colours(self, engine: RoundPairing) -> list[Discrepancy]:
        rec = set(self.rec.boards)
        out = []
        for b in engine.boards:
            if (b.black, b.white) in rec:
                rule = self.edition.colour_rules[b.rule]
                text = (
                    f"Art. {rule.article} ({rule.text}) gives White to {self.nm(b.white)} "
                    f"against {self.nm(b.black)}; the record gives White to {self.nm(b.black)}"
                )
                out.append(
                    self.finding(
                        Kind.COLOUR,
                        b.rule,
                        [b.white, b.black],
                        f"{b.black}-{b.white}",
                        f"{b.white}-{b.black}",
                        text,
                    )
                )
        return out

    def first_difference(self, engine: RoundPairing, tr: DubovTrace) -> Discrepancy:
        ps = tr.players
        partner = self.rec.partner()
        eng_partner: dict[int, int] = {}
        for bd in engine.boards:
            eng_partner[bd.white], eng_partner[bd.black] = bd.black, bd.white
        # absolute criteria on the recorded pairs
        for w, b in self.rec.boards:
            if w not in ps or b not in ps:
                continue
            if not legal(ps[w], ps[b], self.inp.forbidden):
                return self.illegal(w, b, ps)
        # the PAB (Art. 3.1)
        if self.rec.bye != engine.bye:
            return self.bye(engine, tr)
        # bracket by bracket (Art. 3.2)
        for br in tr.brackets:
            res = set(br.residents)
            rec_pairs = sorted(
                {tuple(sorted((r, partner[r]))) for r in br.residents if r in partner}
            )
            eng_pairs = sorted({tuple(sorted((r, eng_partner[r]))) for r in br.residents})
            if rec_pairs == eng_pairs:
                continue
            rec_ups = sorted({partner[r] for r in br.residents if r in partner} - res)
            return self.bracket(
                br, tr, [(a, b) for a, b in rec_pairs], rec_ups, eng_partner, partner
            )
        return self.finding(Kind.UNEXPLAINED, None, [], None, None, "the pairings differ")  # type: ignore[arg-type]

    def illegal(self, w: int, b: int, ps: dict[int, DubovPlayer]) -> Discrepancy:
        pw = ps[w]
        if b in pw.opponents or frozenset((w, b)) in self.inp.forbidden:
            met = [g.round for g in self.inp.players[w].games if g.played and g.opponent == b]
            why = (
                f"they already played in round {met[0]}"
                if met
                else "the organiser forbade the pair"
            )
            key = "C1"
        else:
            c = "White" if pw.side == "w" else "Black"
            why = f"both have an absolute colour preference for {c}"
            key = "C3"
        rule = self.edition.rules[key]
        text = f"[{key}] (Art. {rule.article}: {rule.text}): the record pairs {self.nm(w)} with {self.nm(b)}, but {why}"
        return self.finding(Kind.ILLEGAL, key, [w, b], f"{w}-{b}", "not paired", text)

    def bye(self, engine: RoundPairing, tr: DubovTrace) -> Discrepancy:
        ps = tr.players
        r, e = self.rec.bye, engine.bye
        if r is None or e is None:
            return self.finding(Kind.ILLEGAL, "3.1", [x for x in (r, e) if x], str(r), str(e),
                                "the record and the engine disagree on whether a PAB is due")  # fmt: skip
        pr, pe = ps[r], ps[e]
        sr = _show(self.inp, pr.score)
        se = _show(self.inp, pe.score)
        if not pr.bye_eligible:
            rule = self.edition.rules["C2"]
            text = (f"[C2] (Art. {rule.article}: {rule.text}): the record gives the PAB to "
                    f"{self.nm(r)}, who already had a PAB or a win's points without playing; "
                    f"the engine gives it to {self.nm(e)}")  # fmt: skip
            return self.finding(Kind.ILLEGAL, "C2", [r, e], f"PAB {r}", f"PAB {e}", text)
        if pr.score != pe.score:
            key, rv, ev, what = "3.1.3", sr, se, "lowest score"
            kind = Kind.QUALITY if pr.score > pe.score else Kind.UNEXPLAINED
        elif pr.played != pe.played:
            key, rv, ev, what = "3.1.4", str(pr.played), str(pe.played), "most games played"
            kind = Kind.QUALITY if pr.played < pe.played else Kind.UNEXPLAINED
        else:
            key, rv, ev, what = "3.1.5", str(pr.rank), str(pe.rank), "largest TPN"
            kind = Kind.ORDER if pr.rank < pe.rank else Kind.UNEXPLAINED
        text = (f"Art. {key} (the PAB goes to the {what}): the record gives it to {self.nm(r)} "
                f"({rv}), the engine to {self.nm(e)} ({ev})")  # fmt: skip
        if kind is Kind.UNEXPLAINED:
            text = (f"the record's PAB {self.nm(r)} looks better on Art. {key} ({rv} against "
                    f"{ev} for {self.nm(e)}): unless {self.nm(r)}'s absence leaves no complete "
                    "pairing ([C4], Art. 3.1.2), an engine defect")  # fmt: skip
        return self.finding(kind, key, [r, e], rv, ev, text)

    def bracket(
        self,
        br: BracketTrace,
        tr: DubovTrace,
        rec_pairs: list[tuple[int, int]],
        rec_ups: list[int],
        eng_partner: dict[int, int],
        partner: dict[int, int],
    ) -> Discrepancy:
        ps = tr.players
        top = br.score
        eng_pairs = sorted({tuple(sorted((r, eng_partner[r]))) for r in br.residents})
        ev = _values(ps, top, [(a, b) for a, b in eng_pairs], br.upfloaters, tr)
        rv = _values(ps, top, rec_pairs, rec_ups, tr)
        score = _show(self.inp, top)
        for key in ("C5", "C6", "C7", "C8", "C9", "C10"):
            if key not in ev or rv[key] == ev[key]:
                continue
            rule = self.edition.rules[key]
            worse = rv[key] > ev[key]
            involved = (
                sorted(set(rec_ups) ^ set(br.upfloaters))
                if key != "C7"
                else sorted(
                    {p for pr in rec_pairs for p in pr if ps[pr[0]].side == ps[pr[1]].side}
                    ^ {p for pr in eng_pairs for p in pr if ps[pr[0]].side == ps[pr[1]].side}
                )
            )
            text = (
                f"in the {score} bracket, [{key}] (Art. {rule.article}: {rule.text}): the record "
                f"has {_words(key, rv[key], self.inp)}, the engine's pairing "
                f"{_words(key, ev[key], self.inp)}"
            )
            if not worse:
                text = "the record looks better: " + text + ": an engine defect"
            return self.finding(
                Kind.QUALITY if worse else Kind.UNEXPLAINED,
                key,
                involved,
                _words(key, rv[key], self.inp),
                _words(key, ev[key], self.inp),
                text,
            )
        if sorted(rec_ups) != sorted(br.upfloaters):
            extra = sorted(set(rec_ups) - set(br.upfloaters))
            missing = sorted(set(br.upfloaters) - set(rec_ups))
            text = (
                f"in the {score} bracket, Art. 3.2.2 and 4.2 (the first set of upfloaters by "
                f"descending score, then TPN, among those that pair as well): the engine "
                f"upfloats {', '.join(self.nm(p) for p in missing)}, the record "
                f"{', '.join(self.nm(p) for p in extra)}"
            )
            return self.finding(Kind.ORDER, "4.2", missing + extra, ", ".join(map(str, extra)),
                                ", ".join(map(str, missing)), text)  # fmt: skip
        g1 = set(br.s1)
        for s in br.s1:
            r = partner.get(s)
            e = eng_partner[s]
            if r == e:
                continue
            aro = ps[s].aro
            if r is not None and (r in g1):
                text = (
                    f"in the {score} bracket, Art. 3.2.4 (G1/G2 re-composition, the first set of "
                    f"shifters in the order of Art. 4.3): {self.nm(s)} and {self.nm(r)} are both "
                    f"in G1 after it; the record pairs them, the engine pairs {self.nm(s)} "
                    f"with {self.nm(e)}"
                )
                key = "3.2.4"
            else:
                text = (
                    f"in the {score} bracket, Art. 3.2.5 (S1: G1 by ascending ARO, then TPN; T2: "
                    f"the first legal transposition of G2 by TPN): {self.nm(s)} (ARO {aro}) meets "
                    f"{self.nm(e)} in the first legal transposition; the record pairs "
                    f"{self.nm(s)} with {self.nm(r) if r is not None else 'nobody'}"
                )
                key = "3.2.5"
            players = [s, e] + ([r] if r is not None else [])
            return self.finding(Kind.ORDER, key, players, f"{s}-{r}", f"{s}-{e}", text)
        return self.finding(Kind.UNEXPLAINED, "3.2", list(br.residents), None, None,
                            f"in the {score} bracket the pairings differ")  # fmt: skip

    def board_diffs(self, expected: Pairing) -> list[BoardDiff]:
        def sides(boards: list[tuple[int, int]], bye: int | None) -> list[Side]:
            out = [Side(i, w, b) for i, (w, b) in enumerate(boards, start=1)]
            if bye is not None:
                out.append(Side(None, bye, None))
            return out

        rs, es = sides(self.rec.boards, self.rec.bye), sides(expected.boards, expected.bye)
        rk = {(s.white, s.black) for s in rs}
        ek = {(s.white, s.black) for s in es}
        only_r = [s for s in rs if (s.white, s.black) not in ek]
        only_e = [s for s in es if (s.white, s.black) not in rk]
        n = max(len(only_r), len(only_e))
        return [
            BoardDiff(
                only_r[i] if i < len(only_r) else None, only_e[i] if i < len(only_e) else None
            )
            for i in range(n)
        ]

    def infos(self, tpns: list[int], tr: DubovTrace) -> list[PlayerInfo]:
        out = []
        for tpn in tpns:
            p = self.t.players.get(tpn)
            st = tr.players.get(tpn)
            if p is None or st is None:
                continue
            out.append(
                PlayerInfo(
                    tpn,
                    p.name,
                    p.rating or None,
                    _show(self.inp, st.score),
                    "".join(st.colours[-4:]),
                )
            )
        return out


def audit_round(
    t: Tournament, rnd: int, edition: DubovEdition = DUBOV_2026, names: dict[int, str] | None = None
) -> RoundReport:
    """Round ``rnd`` of ``t`` re-paired from the rounds before it and compared with the record
    (C.04.4.1 2026)."""
    if names is None:
        names = {tpn: p.name for tpn, p in t.players.items()}
    return RoundAudit(t, rnd, edition, names).run()


def prepare(t: Tournament, request: Request) -> Plan:
    """The 2026 text (the only one implemented: an earlier file is judged by it, and the
    reason says so) and a consistent file."""
    from trfaudit.trf.validate import validate

    plan = Plan()
    code = (t.type_code or "").strip()
    plan.rules, plan.rules_title = DUBOV_2026.name, DUBOV_2026.title
    plan.rules_reason = f"192 {code}" if code else f"--rules {request.rules}"
    plan.editions, plan.initials = (DUBOV_2026,), (None,)
    problems = validate(t)
    # as for the Dutch system: a problem of one round's pairing is that round's finding
    fatal = [p for p in problems if p.is_error and p.round is None]
    plan.warnings = [str(p) for p in problems if p not in fatal]
    if fatal:
        more = f" (and {len(fatal) - 3} more)" if len(fatal) > 3 else ""
        plan.error = "inconsistent file: " + "; ".join(str(p) for p in fatal[:3]) + more
    return plan
