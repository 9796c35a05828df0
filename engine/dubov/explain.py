"""``explain`` for a Dubov round: per player the bracket, G1/G2, ARO, the permutation step,
the upfloat counts, the colour rule and the PAB, each in the words and numbering of
C.04.4.1 (2026); with ``against`` Q, why the player does not meet Q.

The answer is the :class:`trfaudit.checker.why.model.Explanation` that the text, JSON and
HTML renderers of ``explain`` show.
"""

from __future__ import annotations

from trfaudit.engine.explanation import (
    Alternative,
    BracketInfo,
    Bye,
    Explanation,
    PlayerWhy,
    Reason,
    Verdict,
)
from trfaudit.trf.model import EntryKind, Tournament

from ..history import RoundInput, round_input
from ..result import Board, RoundPairing
from .audit import audit_round
from .editions import DUBOV_2026, DubovEdition
from .pairer import BracketTrace, DubovPairer, DubovTrace, legal
from .players import DubovPlayer

_STRENGTH = {1: "mild", 2: "strong", 3: "absolute"}
_COLOUR = {"w": "White", "b": "Black"}


def _pref(p: DubovPlayer) -> str:
    if not p.colours:
        return "mild for Black (no game played yet, Art. 1.6.4)"
    return f"{_STRENGTH[p.strength.value]} for {_COLOUR[p.side]}"


class _Why:
    def __init__(self, inp: RoundInput, result: RoundPairing, edition: DubovEdition,
                 names: dict[int, str]) -> None:  # fmt: skip
        assert isinstance(result.trace, DubovTrace)
        self.inp, self.result, self.edition, self.names = inp, result, edition, names
        self.tr: DubovTrace = result.trace
        self.ps = self.tr.players
        self.board: dict[int, Board] = {}
        for b in result.boards:
            self.board[b.white] = self.board[b.black] = b
        self.bracket_of: dict[int, BracketTrace] = {}
        for br in self.tr.brackets:
            for t in br.residents + br.upfloaters:
                self.bracket_of[t] = br

    def nm(self, tpn: int) -> str:
        n = self.names.get(tpn, "")
        return f"{n} ({tpn})" if n else str(tpn)

    def score(self, value: int) -> str:
        return self.inp.points.show(value)

    def bye_reasons(self, tpn: int) -> list[Reason]:
        tr, ps = self.tr, self.ps
        out: list[Reason] = []
        if tr.bye == tpn:
            p = ps[tpn]
            out.append(Reason("bye", "3.1", (
                f"Art. 3.1: {self.nm(tpn)} gets the pairing-allocated bye: no PAB or win without "
                f"playing before ([C2]), the others can all be paired ([C4]), and first in the "
                f"order of 3.1.3-3.1.5 (lowest score, then most games played, then largest TPN): "
                f"score {self.score(p.score)}, {p.played} game{'s' if p.played != 1 else ''} "
                f"played, TPN {p.rank}")))  # fmt: skip
            skipped = tr.bye_candidates[: tr.bye_candidates.index(tpn)]
            if skipped:
                out.append(Reason("bye", "3.1.2", (
                    "Art. 3.1.2: " + ", ".join(self.nm(s) for s in skipped)
                    + " came first in the order of 3.1.3-3.1.5, but the remaining players "
                    "could not all be paired without them")))  # fmt: skip
        elif tr.bye is not None and not ps[tpn].bye_eligible:
            out.append(Reason("bye", "C2", (
                f"[C2] (Art. 2.1.2): {self.nm(tpn)} may not get the PAB: already had a PAB or "
                "a win's points without playing")))  # fmt: skip
        return out

    def float_reasons(self, tpn: int, br: BracketTrace) -> list[Reason]:
        p = self.ps[tpn]
        counts = (f"upfloated {p.upfloats} time{'s' if p.upfloats != 1 else ''} before "
                  f"(MaxT = {self.tr.max_t}, Art. 1.8.2)"
                  + ("; upfloated in the previous round" if p.upfloated_last else ""))  # fmt: skip
        if tpn not in br.upfloaters:
            return []
        k = len(br.upfloaters)
        return [Reason("float", "3.2.2", (
            f"Art. 3.2.1-3.2.2: the {self.score(br.score)} bracket needs {k} upfloater"
            f"{'s' if k != 1 else ''} ([C5]); {self.nm(tpn)} ({self.score(p.score)}) is in the "
            f"first set in the order of Art. 4.2 (descending score, then ascending TPN) of "
            f"those that pair best on [C1]-[C10]; {counts}"))]  # fmt: skip

    def group_reasons(self, tpn: int, br: BracketTrace) -> list[Reason]:
        p = self.ps[tpn]
        out: list[Reason] = []
        if br.by_tpn:
            where = "G1" if tpn in br.g1 else "G2"
            out.append(Reason("opponent", "3.2.3", (
                f"Art. 3.2.3: nobody in the bracket has played yet, so G1 is the first half "
                f"by TPN: {self.nm(tpn)} is in {where}")))  # fmt: skip
        else:
            where = "G1 (White seekers)" if tpn in br.g1 else "G2"
            out.append(
                Reason(
                    "opponent",
                    "3.2.3",
                    (f"Art. 3.2.3: colour preference {_pref(p)}: {self.nm(tpn)} starts in {where}"),
                )
            )
        if tpn in br.to_g1 or tpn in br.to_g2:
            to = "G1" if tpn in br.to_g1 else "G2"
            out.append(Reason("opponent", "3.2.4", (
                f"Art. 3.2.4 (G1/G2 re-composition): {self.nm(tpn)} is shifted to {to}, the "
                "first such player in the order of Art. 4.3 (White seekers by ascending ARO, "
                "Black seekers by TPN, numbered from the middle outwards) that keeps a legal "
                "pairing with the best [C7]")))  # fmt: skip
        return out

    def opponent_reasons(self, tpn: int, br: BracketTrace) -> list[Reason]:
        p = self.ps[tpn]
        b = self.board[tpn]
        q = b.black if b.white == tpn else b.white
        out: list[Reason] = []
        if tpn in br.s1:
            i = br.s1.index(tpn)
            s1 = ", ".join(f"{self.nm(s)} [ARO {self.ps[s].aro}]" for s in br.s1)
            out.append(Reason("opponent", "3.2.5", (
                f"Art. 3.2.5: S1 (G1 by ascending ARO, then TPN) is {s1}; {self.nm(tpn)} is "
                f"S1 number {i + 1} and meets T2 number {i + 1}, {self.nm(q)}: T2 is the first "
                "transposition of G2 (ascending TPN, Art. 4.4) that yields a legal pairing")))  # fmt: skip
            pool = sorted((t for t in br.t2), key=lambda t: self.ps[t].rank)
            taken = set(br.t2[:i])
            for other in pool:
                if other == q:
                    break
                why = self.why_not(tpn, other, taken)
                out.append(Reason("opponent", why[0], why[1]))
        else:
            out.append(Reason("opponent", "3.2.5", (
                f"Art. 3.2.5: {self.nm(tpn)} is in G2 (T2) and meets {self.nm(q)} of S1 "
                f"(ARO {self.ps[q].aro}); ARO of {self.nm(tpn)}: {p.aro}")))  # fmt: skip
        return out

    def why_not(self, a: int, other: int, taken: set[int]) -> tuple[str, str]:
        pa, po = self.ps[a], self.ps[other]
        if other in taken:
            return "3.2.5", (f"not {self.nm(other)}: an earlier S1 player meets them in the "
                             "first legal transposition")  # fmt: skip
        if not legal(pa, po, self.inp.forbidden):
            if other in pa.opponents:
                return "C1", f"not {self.nm(other)}: they already played ([C1], Art. 2.1.1)"
            if frozenset((a, other)) in self.inp.forbidden:
                return "C1", f"not {self.nm(other)}: the organiser forbade the pair"
            return "C3", (f"not {self.nm(other)}: both have an absolute preference for "
                          f"{_COLOUR[pa.side]} ([C3], Art. 2.1.3)")  # fmt: skip
        return "3.2.5", (f"not {self.nm(other)}: with that pair the rest of the bracket has no "
                         "legal pairing (Art. 3.2.5)")  # fmt: skip

    def colour_reasons(self, tpn: int) -> list[Reason]:
        b = self.board[tpn]
        q = b.black if b.white == tpn else b.white
        rule = self.edition.colour_rules[b.rule]
        mine = "White" if b.white == tpn else "Black"
        return [Reason("colour", b.rule, (
            f"Art. {rule.article} ({rule.text}): {self.nm(tpn)} gets {mine}; preferences "
            f"{self.nm(tpn)} {_pref(self.ps[tpn])}, {self.nm(q)} {_pref(self.ps[q])}"))]  # fmt: skip

    def player(self, tpn: int, t: Tournament) -> PlayerWhy:
        name = self.names.get(tpn, "")
        if tpn not in self.ps:
            rec = self.inp.players.get(tpn)
            e = t.players[tpn].entry(self.inp.round)
            kind = e.kind if e is not None else None
            bye: Bye = (
                "H" if kind is EntryKind.HALF_BYE else "F" if kind is EntryKind.FULL_BYE else "Z"
            )
            score = self.score(rec.score_before(self.inp.round)) if rec else "0"
            why = Reason(
                "bye",
                "C.04.1",
                f"{self.nm(tpn)} is not paired this round (absent or a requested bye)",
            )
            return PlayerWhy(tpn, name, score, None, None, None, bye, None, False, (why,))
        p = self.ps[tpn]
        if self.tr.bye == tpn:
            return PlayerWhy(tpn, name, self.score(p.score), None, None, None, "PAB", None, False,
                             tuple(self.bye_reasons(tpn)))  # fmt: skip
        br = self.bracket_of[tpn]
        info = BracketInfo(self.score(br.score), tuple(br.residents), tuple(br.upfloaters))
        b = self.board[tpn]
        q = b.black if b.white == tpn else b.white
        reasons = (
            self.float_reasons(tpn, br)
            + self.group_reasons(tpn, br)
            + self.opponent_reasons(tpn, br)
            + self.colour_reasons(tpn)
            + self.bye_reasons(tpn)
        )
        up = tpn in br.upfloaters
        return PlayerWhy(tpn, name, self.score(p.score), info, q,
                         "w" if b.white == tpn else "b", None, "up" if up else None, False,
                         tuple(reasons))  # fmt: skip


def explain_round(
    t: Tournament,
    rnd: int,
    edition: DubovEdition = DUBOV_2026,
    player: int | None = None,
    against: int | None = None,
    rules_reason: str = "",
) -> Explanation:
    """Why round ``rnd`` of ``t`` is paired as the Dubov text pairs it (a recorded round or
    the next one); ``player`` limits the answer to one player, ``against`` asks why not Q."""
    recorded = t.recorded_rounds()
    if not 1 <= rnd <= recorded + 1:
        raise ValueError(f"cannot explain round {rnd}: rounds 1..{recorded + 1} can be")
    for who in (player, against):
        if who is not None and who not in t.players:
            raise ValueError(f"player {who} is not in the tournament")
    inp = round_input(t, rnd)
    result = DubovPairer(inp, edition).pair()
    names = {tpn: p.name for tpn, p in t.players.items()}
    why = _Why(inp, result, edition, names)
    chosen = [player] if player is not None else sorted(t.players)
    players = tuple(why.player(p, t) for p in chosen)
    finding = None
    if rnd <= recorded:
        report = audit_round(t, rnd, edition, names)
        if report.discrepancies:
            finding = report.discrepancies[0].summary
    alt = verdict = None
    if against is not None and player is not None:
        alt, verdict = _against(why, player, against)
    return Explanation(
        rnd, edition.name, rules_reason or edition.title, rnd <= recorded, players,
        tuple((b.white, b.black) for b in result.boards), result.bye, finding, player, against,
        alt, verdict,
    )  # fmt: skip


def _against(why: _Why, p: int, q: int) -> tuple[Alternative | None, Verdict]:
    ps = why.ps
    b = why.board.get(p)
    if b is not None and q in (b.white, b.black):
        return None, Verdict(
            "same", None, None, None, f"the engine pairs {why.nm(p)} with {why.nm(q)}"
        )
    if p not in ps or q not in ps:
        return None, Verdict("illegal", None, None, None, "one of them is not paired this round")
    if not legal(ps[p], ps[q], why.inp.forbidden):
        key, text = why.why_not(p, q, set())
        return None, Verdict("illegal", key, None, None, text)
    bp, bq = why.bracket_of.get(p), why.bracket_of.get(q)
    if bp is not bq:
        text = (f"{why.nm(p)} is paired in the {why.score(bp.score) if bp else '-'} bracket and "
                f"{why.nm(q)} in the {why.score(bq.score) if bq else '-'} bracket: meeting would "
                "upfloat one of them where the brackets' [C5]-[C10] choice did not "
                "(Art. 3.2.2)")  # fmt: skip
        return None, Verdict("quality", "C5", None, None, text, uncertain=True)
    br = bp
    assert br is not None
    if (p in br.s1) == (q in br.s1):
        group = "G1" if p in br.s1 else "G2"
        return None, Verdict("order", "3.2.4", None, None, (
            f"{why.nm(p)} and {why.nm(q)} are both in {group} after Art. 3.2.4 (G1/G2 "
            "re-composition): S1 players meet G2 players only"))  # fmt: skip
    s, g = (p, q) if p in br.s1 else (q, p)
    b = why.board[s]
    got = b.black if b.white == s else b.white
    return None, Verdict("order", "3.2.5", None, None, (
        f"Art. 3.2.5: {why.nm(s)} (S1) meets {why.nm(got)}, who comes first in the transposition "
        f"order of G2 (Art. 4.4: ascending TPN) among the opponents that leave a legal pairing "
        f"of the bracket; {why.nm(g)} does not come before"))  # fmt: skip
