"""corpus/dubov: whole tournaments whose every round CPPDubovSystem and py4swiss paired as
trfaudit does; ``check`` finds every round matching, and a swapped pair of opponents in a
late round is found with a Dubov criterion named."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.engine.dubov.audit import audit_round
from trfaudit.engine.findings import Kind, Status
from trfaudit.trf.model import EntryKind, Tournament
from trfaudit.trf.reader import read

FILES = sorted((Path(__file__).resolve().parents[2] / "corpus" / "dubov").glob("*.trf"))
LABELS = {"C1", "C3", "C5", "C6", "C7", "C8", "C9", "C10", "3.2.4", "3.2.5", "4.2"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_round_matches(path: Path) -> None:
    report = check_tournament(read(path), Options())
    assert report.error is None
    assert report.rounds and all(r.status == Status.MATCH for r in report.rounds)


def swapped(t: Tournament, rnd: int) -> Tournament | None:
    """Round ``rnd`` with the black players of its first two played boards exchanged."""
    boards = [
        (tpn, e.opponent)
        for tpn, p in t.players.items()
        if (e := p.entry(rnd)) and e.kind is EntryKind.PLAYED and e.colour == "w" and e.opponent
    ]
    if len(boards) < 2:
        return None
    x = copy.deepcopy(t)
    (w1, b1), (w2, b2) = boards[0], boards[1]
    for w, b in ((w1, b2), (w2, b1)):
        x.players[w].entries[rnd - 1].opponent = b
        x.players[b].entries[rnd - 1].opponent = w
    return x


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_swapped_opponents_are_found(path: Path) -> None:
    t = read(path)
    rnd = t.recorded_rounds()
    x = swapped(t, rnd)
    assert x is not None
    report = audit_round(x, rnd)
    assert report.status == Status.DIFFERS
    d = report.discrepancies[0]
    assert d.kind in (Kind.ILLEGAL, Kind.QUALITY, Kind.ORDER)
    assert d.criterion in LABELS
    label = f"[{d.criterion}]" if d.criterion.startswith("C") else f"Art. {d.criterion}"
    assert label in d.explanation
