"""``check --format javafo``: the checker text of JaVaFo and bbpPairings (``-c``), line for line.

The layout, as bbpPairings v6.0.0 prints it (observed on its output; recorded sample in
``corpus/javafo/``):

* one line per round checked, ``<file stem>: Round #<r>``;
* for a round whose pairing is not the checker's, the block headed ``  Checker pairings``
  (eight blanks) ``Tournament pairings ``: one row per recorded pair that involves a player of
  a pair the checker makes differently (same pair with other colours included), the checker's
  pairs beside them (``    WWW - BBB`` + 16 blanks + ``WWW - BBB``, numbers right-aligned in 3
  columns, the PAB as ``N - 0``, nine blanks when the checker's column has run out; rows beyond
  the recorded column are not printed), then an empty line;
* ``No valid pairing exists for round <r>.`` and an empty line when the checker finds none;
* an empty line after the last round.

Both columns are in board order: games before the bye, by the higher player's score, the lower
player's score (before the round, without acceleration), then the higher player's rank.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from trfaudit.checker.findings import BatchReport, FileReport
from trfaudit.engine.findings import Pairing
from trfaudit.trf.model import Tournament

HEADER = "  Checker pairings" + " " * 8 + "Tournament pairings "
Pair = tuple[int, int]  # (white, black); (p, p) is p's bye


def _pairs(p: Pairing) -> list[Pair]:
    return list(p.boards) + ([(p.bye, p.bye)] if p.bye is not None else [])


def _board_key(
    pair: Pair, score: dict[int, Fraction], rank: dict[int, int]
) -> tuple[bool, Fraction, Fraction, int]:
    w, b = pair
    higher, lower = (w, b) if (score[w], -rank[w]) >= (score[b], -rank[b]) else (b, w)
    return (w == b, -score[higher], -score[lower], rank[higher])


def _cell(pair: Pair | None) -> str:
    if pair is None:
        return " " * 9
    w, b = pair
    return f"{w:>3} - {b if b != w else 0:>3}"


def round_block(t: Tournament, rnd: int, recorded: Pairing, expected: Pairing) -> list[str]:
    """The rows of one differing round (empty when the two pairings agree)."""
    record = {}
    for w, b in _pairs(recorded):
        record[w] = (w, b)
        record[b] = (w, b)
    wrong = [pair for pair in _pairs(expected) if record.get(pair[0]) != pair]
    if not wrong:
        return []
    shown: list[Pair] = []
    for w, b in wrong:
        for player in dict.fromkeys((w, b)):
            mine = record.get(player, (player, player))
            other = mine[1] if mine[0] == player else mine[0]
            if player <= other:
                shown.append(mine)
    score = {tpn: t.score(tpn, rnd - 1) for tpn in t.players}
    order = list(t.players) if t.pair_by_rank else sorted(t.players)
    rank = {tpn: i for i, tpn in enumerate(order)}
    shown.sort(key=lambda p: _board_key(p, score, rank))
    wrong.sort(key=lambda p: _board_key(p, score, rank))
    rows = [HEADER]
    for i, mine in enumerate(shown):
        rows.append("    " + _cell(wrong[i] if i < len(wrong) else None) + " " * 16 + _cell(mine))
    return rows + [""]


def render_file(report: FileReport, t: Tournament | None) -> list[str]:
    name = Path(report.file).stem
    lines = []
    for r in report.rounds:
        lines.append(f"{name}: Round #{r.round}")
        if r.recorded is None or t is None:
            continue
        if r.expected is None:
            lines += [f"No valid pairing exists for round {r.round}.", ""]
            continue
        lines += round_block(t, r.round, r.recorded, r.expected)
    return lines + [""]  # the reference checker ends its output with an empty line


def render(batch: BatchReport) -> str:
    """Every file's checker text (files that could not be checked print nothing here; the
    reason goes to stderr as for the other formats)."""
    from trfaudit.trf.errors import TrfError
    from trfaudit.trf.files import load

    out: list[str] = []
    for f in batch.files:
        if f.error is not None:
            continue
        try:
            t = load(f.file) if any(r.recorded is not None for r in f.rounds) else None
        except TrfError:
            t = None
        out += render_file(f, t)
    return "".join(line + "\n" for line in out)
