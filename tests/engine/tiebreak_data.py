"""The worked examples of the tie-break digest (../shared/reference/tiebreaks.md 6) as TRF.

Result tokens as in the digest: ``+W9`` a win with White against 9, ``=``/``-`` draw/loss,
``+F9``/``-F9`` a forfeit win/loss against 9, ``PAB HPB ZPB`` the byes.
"""

from __future__ import annotations

from trfaudit.trf.model import Tournament
from trfaudit.trf.reader import parse

_BYES = {"PAB": "U", "HPB": "H", "ZPB": "Z", "FPB": "F"}


def block(token: str) -> str:
    if token in _BYES:
        return f"  0000 - {_BYES[token]}"
    sign, colour, opp = token[0], token[1], int(token[2:])
    if colour == "F":
        return f"  {opp:4d} {'w' if sign == '+' else 'b'} {'+' if sign == '+' else '-'}"
    result = {"+": "1", "=": "=", "-": "0"}[sign]
    return f"  {opp:4d} {colour.lower()} {result}"


def points(token: str) -> float:
    if token in ("PAB", "FPB"):
        return 1.0
    if token == "HPB":
        return 0.5
    if token == "ZPB":
        return 0.0
    return {"+": 1.0, "=": 0.5, "-": 0.0}[token[0]]


def tournament(
    rows: list[tuple[int, str, int, str]],
    total_rounds: int,
    start: str = "2024/08/01",
    extra: str = "",
    ranks: dict[int, int] | None = None,
) -> Tournament:
    """``rows``: (tpn, name, rating, "token token ...")."""
    lines = ["012 Worked example", f"042 {start}", f"142 {total_rounds}"]
    if extra:
        lines.append(extra)
    for tpn, name, rating, tokens in sorted(rows):
        toks = tokens.split()
        pts = sum(points(tk) for tk in toks)
        rank = (ranks or {}).get(tpn)
        line = f"001 {tpn:4d}      {name}".ljust(48) + (f"{rating:4d}" if rating else "    ")
        line = line.ljust(80) + f"{pts:4.1f}" + (f"{rank:5d}" if rank else "     ")
        line += "".join(block(tk) for tk in toks)
        lines.append(line)
    return parse("\n".join(lines) + "\n", "<example>")


# tiebreaks.md 6.1 ([TEC] Swiss, 16 x 5): Nick (12) withdrew after round 3.
TEC_SWISS = [
    (1, "Alyx", 2200, "+W9 =B13 =W2 +B15 =W4"),
    (2, "Bruno", 2150, "+B10 +W7 =B1 +W16 =B3"),
    (3, "Charline", 2100, "=W11 +B6 +W8 =B4 =W2"),
    (4, "David", 2050, "+B12 HPB +W13 =W3 =B1"),
    (5, "Helene", 2000, "-W13 -B15 +W11 =B7 +W10"),
    (6, "Franck", 1950, "-B14 -W3 PAB +W10 +B8"),
    (7, "Genevieve", 1900, "+W15 -B2 -B16 =W5 -B11"),
    (8, "Irina", 1850, "=B16 +W14 -B3 +W13 -W6"),
    (9, "Jessica", 1800, "-B1 -W10 HPB -F11 PAB"),
    (10, "Lais", 1750, "-W2 +B9 -W15 -B6 -B5"),
    (11, "Maria", 1700, "=B3 -W16 -B5 +F9 +W7"),
    (12, "Nick", 1650, "-W4 PAB +F14 ZPB ZPB"),
    (13, "Opal", 1600, "+B5 =W1 -B4 -B8 -W14"),
    (14, "Paul", 1550, "+W6 -B8 -F12 ZPB +B13"),
    (15, "Reine", 1500, "-B7 +W5 +B10 -W1 -B16"),
    (16, "Stephan", 1450, "=W8 +B11 +W7 -B2 +W15"),
]

# tiebreaks.md 6.2 ([TEC] round robin, 6 players; Franck lost to Helene by forfeit).
TEC_RR = [
    (1, "Alyx", 2200, "=W5 +W2 +B3 -W4 +B6"),
    (2, "Bruno", 2150, "+W6 -B1 +W5 =W3 +B4"),
    (3, "Charline", 2100, "+W4 +B6 -W1 =B2 +W5"),
    (4, "David", 2050, "-B3 -B5 =W6 +B1 -W2"),
    (5, "Franck", 1950, "=B1 +W4 -B2 -F6 -B3"),
    (6, "Helene", 2000, "-B2 -W3 =B4 +F5 -W1"),
]

# tiebreaks.md 6.3 ([TEC] Ex. 25: the 6.1 event extended to 9 rounds).
TEC_SWISS_9 = [
    (3, "Charline", 2100, "=W11 +B6 +W8 =B4 -W2 +B16 =W1 +W14 +B10"),
    (1, "Alyx", 2200, "+W9 =B13 =W2 +B15 =W4 =B6 =B3 =W16 +B8"),
    (2, "Bruno", 2150, "+B10 +W7 =B1 +W16 +B3 =W4 -W6 =B15 =W5"),
    (4, "David", 2050, "+B12 HPB +W13 =W3 =B1 =B2 =W16 =B6 +W15"),
    (6, "Franck", 1950, "-B14 -W3 PAB +W10 +B8 =W1 +B2 =W4 +B16"),
    (7, "Genevieve", 1900, "+W15 -B2 -B16 =W5 -B11 -B10 +W13 +W9 +B14"),
    (8, "Irina", 1850, "=B16 +W14 -B3 +W13 -W6 =B11 =W15 +B5 -W1"),
    (16, "Stephan", 1450, "=W8 +B11 +W7 -B2 +W15 -W3 =B4 =B1 -W6"),
    (5, "Helene", 2000, "-W13 -B15 +W11 =B7 +W10 -B14 +B9 -W8 =B2"),
    (10, "Lais", 1750, "-W2 +B9 -W15 -B6 -B5 +W7 +B12 +W11 -W3"),
    (14, "Paul", 1550, "+W6 -B8 -F12 ZPB +B13 +W5 +W11 -B3 -W7"),
    (15, "Reine", 1500, "-B7 +W5 +B10 -W1 -B16 +W12 =B8 =W2 -B4"),
    (11, "Maria", 1700, "=B3 -W16 -B5 +F9 +W7 =W8 -B14 -B10 =W13"),
    (9, "Jessica", 1800, "-B1 -W10 HPB -F11 PAB +B13 -W5 -B7 =W12"),
    (12, "Nick", 1650, "-W4 PAB +F14 ZPB ZPB -B15 -W10 =B13 =B9"),
    (13, "Opal", 1600, "+B5 =W1 -B4 -B8 -W14 -W9 -B7 =W12 =B11"),
]

# tiebreaks.md 6.5 ([PL] Swiss, 2026 rules, 14 x 5).
PL_SWISS = [
    (1, "Durand", 2400, "+W14 +W2 =B3 =B5 +W7"),
    (2, "Arcim", 2500, "+W12 -B1 +B8 +W6 +B3"),
    (3, "Baltus", 2500, "+B11 +W9 =W1 +B4 -W2"),
    (4, "Erian", 2300, "+B13 =W6 +F7 -W3 =B5"),
    (5, "Calder", 2400, "=B7 +W11 =B6 =W1 =W4"),
    (6, "Falk", 2485, "+W10 =B4 =W5 -B2 +W9"),
    (7, "Nexius", 2150, "=W5 +B12 -F4 +W9 -B1"),
    (8, "Rambert", 2000, "-B9 PAB -W2 =B10 +W14"),
    (9, "Gilbert", 2250, "+W8 -B3 +W10 -B7 -B6"),
    (10, "Martial", 2150, "-B6 +W13 -B9 =W8 =B11"),
    (11, "Lumath", 2150, "-W3 -B5 +W13 =B12 =W10"),
    (12, "Krinia", 2250, "-B2 -W7 =B14 =W11 =B13"),
    (13, "Palomar", 2050, "-W4 -B10 -B11 +W14 =W12"),
    (14, "Oustides", 2100, "-B1 ZPB =W12 -B13 -B8"),
]

# tiebreaks.md 6.6 ([CR] SB cut with two VURs, Swiss, 4 rounds).
CR_SB = [
    (1, "P1", 0, "+W4 +B3 +F2 +B5"),
    (2, "P2", 0, "+W5 HPB -F1 +W4"),
    (3, "P3", 0, "PAB -W1 +W5 ZPB"),
    (4, "P4", 0, "-B1 =B5 PAB -B2"),
    (5, "P5", 0, "-B2 =W4 -B3 -W1"),
]


def lone(
    own: list[str], overrides: dict[int, dict[int, str]] | None = None, start: str = "2024/08/01"
) -> Tournament:
    """One participant (TPN 1) whose round k is ``own[k-1]``: ``"W:5"`` a win against an
    opponent whose final score is 5, ``D``/``L`` likewise, ``FW:4.5``/``FL:7.5`` a forfeit
    against such an opponent, or ``ZPB``/``HPB``/``PAB``.  Each opponent plays its other rounds
    against a filler of its own, scoring what reaches its final score; ``overrides[k]`` fixes
    some of round k's opponent's rounds (``{8: "ZPB"}``), which then count in that score.
    Built for the Arbiters' Manual examples (tiebreaks.md 6.4), which give only the
    opponents' scores."""
    rounds = len(own)
    overrides = overrides or {}
    rows: dict[int, list[str]] = {1: []}
    names: dict[int, str] = {1: "Subject"}
    for k, spec in enumerate(own, start=1):
        if ":" not in spec:
            rows[1].append(spec)
            continue
        kind, target = spec.split(":")
        opp, filler = 1 + k, 100 + k
        names[opp], names[filler] = f"Opp{k}", f"Filler{k}"
        own_tok = {"W": "+W", "D": "=W", "L": "-W", "FW": "+F", "FL": "-F"}[kind]
        opp_tok = {"W": "-B", "D": "=B", "L": "+B", "FW": "-F", "FL": "+F"}[kind]
        rows[1].append(f"{own_tok}{opp}")
        fixed = overrides.get(k, {})
        have = points(opp_tok + "1") + sum(points(t) for t in fixed.values())
        need = float(target) - have
        opp_row, fill_row = [], []
        for r in range(1, rounds + 1):
            if r == k:
                opp_row.append(f"{opp_tok}1")
                fill_row.append("ZPB")
            elif r in fixed:
                opp_row.append(fixed[r])
                fill_row.append("ZPB")
            else:
                tok = "+" if need >= 1 else "=" if need >= 0.5 else "-"
                need -= points(tok + "W0")
                opp_row.append(f"{tok}W{filler}")
                fill_row.append({"+": "-", "=": "=", "-": "+"}[tok] + f"B{opp}")
        assert need == 0, f"score {target} not reachable for round {k}'s opponent"
        rows[opp], rows[filler] = opp_row, fill_row
    # the subject's opponent tokens name TPN 1 as "...1"
    out = [(tpn, names[tpn], 0, " ".join(toks)) for tpn, toks in rows.items()]
    return tournament(out, rounds, start=start)
