"""A deliberately plain second computation of the C.07 tie-breaks, written for the tests from
the formulas of ../shared/reference/tiebreaks.md (2.1-2.4, 3.2), sharing no code with
engine/tiebreaks: lists and loops, Decimal rounding, the rating tables parsed from the
digest's text, a linear search for PTP.  Swiss events only (Art. 16 applies)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from trfaudit.trf.model import EntryKind, Tournament

# tiebreaks.md 2.4, as printed there
DP_TEXT = """1.00:800 .99:677 .98:589 .97:538 .96:501 .95:470 .94:444 .93:422 .92:401 .91:383
.90:366 .89:351 .88:336 .87:322 .86:309 .85:296 .84:284 .83:273 .82:262 .81:251 .80:240
.79:230 .78:220 .77:211 .76:202 .75:193 .74:184 .73:175 .72:166 .71:158 .70:149 .69:141
.68:133 .67:125 .66:117 .65:110 .64:102 .63:95 .62:87 .61:80 .60:72 .59:65 .58:57 .57:50
.56:43 .55:36 .54:29 .53:21 .52:14 .51:7 .50:0"""
PD_TEXT = """0-3:.50 4-10:.51 11-17:.52 18-25:.53 26-32:.54 33-39:.55 40-46:.56 47-53:.57 54-61:.58
62-68:.59 69-76:.60 77-83:.61 84-91:.62 92-98:.63 99-106:.64 107-113:.65 114-121:.66
122-129:.67 130-137:.68 138-145:.69 146-153:.70 154-162:.71 163-170:.72 171-179:.73
180-188:.74 189-197:.75 198-206:.76 207-215:.77 216-225:.78 226-235:.79 236-245:.80
246-256:.81 257-267:.82 268-278:.83 279-290:.84 291-302:.85 303-315:.86 316-328:.87
329-344:.88 345-357:.89 358-374:.90 375-391:.91 392-411:.92 412-432:.93 433-456:.94
457-484:.95 485-517:.96 518-559:.97 560-619:.98 620-735:.99"""

DP = {
    Decimal(k if k.startswith("1") else "0" + k): int(v)
    for k, v in (item.split(":") for item in DP_TEXT.split())
}
PD = []
for item in PD_TEXT.split():
    span, p = item.split(":")
    a, b = span.split("-")
    PD.append((int(a), int(b), int(p[1:])))  # in hundredths


def dp_of(p: Decimal) -> int:
    if p >= Decimal("0.50"):
        return DP[p]
    return -DP[Decimal(1) - p]


PD_BY_DIFF = [next(p for a, b, p in PD if a <= d <= b) for d in range(736)]


def pd_of(diff: int) -> int:
    """The expected score in hundredths."""
    value = PD_BY_DIFF[abs(diff)] if abs(diff) <= 735 else 100
    return value if diff >= 0 else 100 - value


def round_half(x: Fraction, places: str) -> Decimal:
    return (Decimal(x.numerator) / Decimal(x.denominator)).quantize(
        Decimal(places), rounding=ROUND_HALF_UP
    )


class Plain:
    """``rows[p]`` = per round (kind, opponent, colour, points, result)."""

    def __init__(self, t: Tournament, rules: str, fore: bool = False) -> None:
        self.t, self.rules = t, rules
        self.n = t.recorded_rounds()
        self.final = max(t.total_rounds or 0, self.n)
        self.w, self.d = t.scoring.win, t.scoring.draw
        names = {
            EntryKind.PLAYED: "G",
            EntryKind.FORFEIT_WIN: "FW",
            EntryKind.FORFEIT_LOSS: "FL",
            EntryKind.PAB: "PAB",
            EntryKind.FULL_BYE: "FPB",
            EntryKind.HALF_BYE: "HPB",
            EntryKind.ZERO_BYE: "ZPB",
            EntryKind.NOT_PAIRED: "ZPB",
        }
        self.rows: dict[int, list[tuple]] = {}
        for p, player in t.players.items():
            row = []
            for i in range(self.n):
                e = player.entries[i] if i < len(player.entries) else None
                if e is None or e.kind is EntryKind.NOT_PAIRED:
                    row.append(("ZPB", None, None, Fraction(0), None))
                    continue
                k = names[e.kind]
                opp = e.opponent if k in ("G", "FW", "FL") else None
                res = None
                if k == "G":
                    res = {
                        "1": Fraction(1),
                        "W": Fraction(1),
                        "=": Fraction(1, 2),
                        "D": Fraction(1, 2),
                    }.get(e.result.upper(), Fraction(0))
                pts = t.scoring.points(e)
                if fore and i + 1 == self.final and opp is not None:
                    k, pts, res = "G", self.d, Fraction(1, 2)
                row.append((k, opp, e.colour, pts, res))
            self.rows[p] = row
        self.own = {p: sum(r[3] for r in row) for p, row in self.rows.items()}
        self.adj = {}
        for p, row in self.rows.items():
            total = Fraction(0)
            for i, r in enumerate(row):
                later_all_vur = all(x[0] in ("FL", "HPB", "ZPB") for x in row[i + 1 :])
                if r[0] in ("HPB", "ZPB") and later_all_vur:
                    total += self.d
                else:
                    total += r[3]
            self.adj[p] = total

    def dummy(self, p: int, r: tuple) -> Fraction:
        if self.rules == "2024":
            return self.own[p]
        if r[0] in ("FW", "FL") and r[1] is not None:
            return min(self.own[p], self.adj[r[1]])
        return min(self.own[p], self.d * self.n)

    def items(self, p: int) -> list[tuple[Fraction, Fraction, bool]]:
        """(score, own points, VUR) per round."""
        out = []
        for r in self.rows[p]:
            if r[0] == "G":
                out.append((self.adj[r[1]], r[3], False))
            else:
                out.append((self.dummy(p, r), r[3], r[0] in ("FL", "HPB", "ZPB")))
        return out

    def bh(self, p: int, cut: int = 0, median: int = 0) -> Fraction:
        items = self.items(p)
        for _ in range(cut + median):
            if not items:
                break
            vurs = [x for x in items if x[2]]
            pool = vurs if vurs else items  # 16.5: for Buchholz a VUR always goes first
            items.remove(min(pool, key=lambda x: x[0]))
        for _ in range(median):
            if items:
                items.remove(max(items, key=lambda x: x[0]))
        return sum((x[0] for x in items), Fraction(0))

    def sb(self, p: int, cut: int = 0) -> Fraction:
        items = self.items(p)
        for _ in range(cut):
            if not items:
                break
            low = min(x[0] for x in items)
            lsv = min((x for x in items if x[0] == low), key=lambda x: x[0] * x[1])
            vurs = [x for x in items if x[2]]
            if vurs:
                v = min(vurs, key=lambda x: x[0] * x[1])
                if v[0] * v[1] >= lsv[0] * lsv[1]:
                    lsv = v
            items.remove(lsv)
        return sum((x[0] * x[1] for x in items), Fraction(0))

    def opponents(self, p: int) -> list[int]:
        return [r[1] for r in self.rows[p] if r[0] == "G"]

    def aob(self, p: int, fore_plain: Plain | None = None) -> Decimal | None:
        opps = self.opponents(p)
        if not opps:
            return None
        src = fore_plain or self
        return round_half(Fraction(sum(src.bh(o) for o in opps), len(opps)), "0.01")

    def aro(self, p: int, cut: int = 0) -> int | None:
        rs = sorted(self.t.players[o].rating for o in self.opponents(p))[cut:]
        if not rs:
            return None
        return int(round_half(Fraction(sum(rs), len(rs)), "1"))

    def tpr(self, p: int) -> int | None:
        games = [r for r in self.rows[p] if r[0] == "G"]
        if not games:
            return None
        pts = sum(r[4] for r in games)
        return self.aro(p) + dp_of(round_half(Fraction(pts, len(games)), "0.01"))

    def ptp(self, p: int) -> int | None:
        games = [r for r in self.rows[p] if r[0] == "G"]
        if not games:
            return None
        pts = sum(r[4] for r in games)
        rs = [self.t.players[r[1]].rating for r in games]
        if pts == 0:
            return min(rs) - 800
        # walk from the average rating: down while the score is still expected, then up
        # until it is (the expected score grows with the rating)
        target = int(pts * 100)
        rp = sum(rs) // len(rs)
        while sum(pd_of(rp - 1 - x) for x in rs) >= target:
            rp -= 1
        while sum(pd_of(rp - x) for x in rs) < target:
            rp += 1
        return rp

    def own_counts(self, p: int) -> dict[str, Fraction | int]:
        row = self.rows[p]
        ps, run = [], Fraction(0)
        for r in row:
            run += r[3]
            ps.append(run)
        std = Fraction(0)
        for i, r in enumerate(row):
            other = self.rows[r[1]][i][3] if r[1] is not None else self.d
            std += 1 if r[3] > other else Fraction(1, 2) if r[3] == other else 0
        return {
            "WIN": sum(1 for r in row if r[3] >= self.w),
            "WON": sum(1 for r in row if r[0] == "G" and r[4] == 1),
            "BPG": sum(1 for r in row if r[0] == "G" and r[2] == "b"),
            "BWG": sum(1 for r in row if r[0] == "G" and r[2] == "b" and r[4] == 1),
            "PS": sum(ps, Fraction(0)),
            "PS/C1": sum(ps[1:], Fraction(0)),
            "REP": self.n - sum(1 for r in row if r[0] in ("FL", "HPB", "ZPB")),
            "STD": std,
            "KS": sum(
                (r[3] for r in row if r[1] is not None and self.own[r[1]] >= self.w * self.n / 2),
                Fraction(0),
            ),
        }


def plain_values(t: Tournament, rules: str) -> dict[str, dict[int, object]]:
    """Every value the cross-check compares, by code then TPN."""
    base, fore = Plain(t, rules), Plain(t, rules, fore=True)
    if base.final > base.n:
        fore = base  # the final round is not among those counted: FB = BH
    out: dict[str, dict[int, object]] = {
        c: {}
        for c in (
            "BH",
            "BH/C1",
            "BH/C2",
            "BH/M1",
            "FB",
            "FB/C1",
            "SB",
            "SB/C1",
            "SB/C2",
            "AOB",
            "AOB/F",
            "ARO",
            "ARO/C1",
            "TPR",
            "PTP",
            "WIN",
            "WON",
            "BPG",
            "BWG",
            "PS",
            "PS/C1",
            "REP",
            "STD",
            "KS",
        )
    }
    rated = all(p.rating for p in t.players.values())
    for p in t.players:
        out["BH"][p] = base.bh(p)
        out["BH/C1"][p] = base.bh(p, 1)
        out["BH/C2"][p] = base.bh(p, 2)
        out["BH/M1"][p] = base.bh(p, 0, 1)
        out["FB"][p] = fore.bh(p)
        out["FB/C1"][p] = fore.bh(p, 1)
        out["SB"][p] = base.sb(p)
        out["SB/C1"][p] = base.sb(p, 1)
        out["SB/C2"][p] = base.sb(p, 2)
        out["AOB"][p] = base.aob(p)
        out["AOB/F"][p] = base.aob(p, fore)
        if rated:
            out["ARO"][p] = base.aro(p)
            out["ARO/C1"][p] = base.aro(p, 1)
            out["TPR"][p] = base.tpr(p)
            out["PTP"][p] = base.ptp(p)
        for code, value in base.own_counts(p).items():
            out[code][p] = value
    if not rated:
        for code in ("ARO", "ARO/C1", "TPR", "PTP"):
            del out[code]
    return out
