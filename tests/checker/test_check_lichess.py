"""lichess Swiss exports of 250 players or more: lichess pairs them with another system
(lila's ``PairingSystem.scala``: ``--dutch`` below 250 players, ``--burstein`` below 700,
``--fast`` from 700), so ``check`` says so at the top and classes the Dutch findings
``interpretation``, never a broken rule (``engine.lichess``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.checker.audit import Options, check_tournament
from trfaudit.engine.lichess import other_system
from trfaudit.trf.model import EntryKind, RoundEntry
from trfaudit.trf.reader import parse, read

from ..conftest import player_line, trf_text

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
LICHESS_HEADER = "022 https://lichess.org/swiss/AbCdEfGh\n032 Lichess\n092 Individual: Swiss-System"


def _field(n: int, header: str = LICHESS_HEADER):
    lines = ["012 Field", *header.split("\n")]
    lines += [player_line(tpn, (), rating=2000) for tpn in range(1, n + 1)]
    return parse(trf_text(*lines), "field.trf")


@pytest.mark.parametrize(
    ("n", "system"),
    [
        (249, None),
        (250, "a Burstein variant"),
        (699, "a Burstein variant"),
        (700, "its fast pairer"),
    ],  # fmt: skip
)
def test_the_thresholds(n, system):
    found = other_system(_field(n))
    if system is None:
        assert found is None
    else:
        assert found is not None and f"paired with {system} once it had 250 players" in found


def test_only_a_lichess_export():
    assert other_system(_field(300, "022 Dublin\n092 Individual: Swiss-System")) is None
    assert other_system(_field(300, LICHESS_HEADER + "\n192 FIDE_DUTCH_2025")) is None


def test_the_real_lichess_exports_are_dutch_sized():
    for name in (
        "openswisspairings__lichess_swiss_2024.10.13_hId1KZmF_rapid.trf",  # 127 players
        "sharly-chess__2020_06.trf",  # 13 players
    ):
        assert other_system(read(CORPUS / "real" / name)) is None


def test_a_500_player_lichess_swiss_gets_interpretation_findings():
    text = (CORPUS / "large" / "open500-2025.trf").read_text()
    text = text.replace("092 FIDE_DUTCH_2025", LICHESS_HEADER)
    t = parse(text, "lichess500.trf")
    # One board of round 1 with its colours swapped: a colour finding under the Dutch rules.
    w = next(p for p in t.players.values() if p.entries[0].colour == "w")
    e = w.entries[0]
    assert e.opponent is not None
    b = t.players[e.opponent]
    eb = b.entries[0]
    w.entries[0] = RoundEntry(1, EntryKind.PLAYED, b.tpn, "b", e.result, e.line, e.column)
    b.entries[0] = RoundEntry(1, EntryKind.PLAYED, w.tpn, "w", eb.result, eb.line, eb.column)
    report = check_tournament(t, Options(rules="2017", round=1))
    assert report.warnings[0].startswith("lichess500.trf: a lichess Swiss of 500 players")
    [r] = report.rounds
    assert r.discrepancies and {d.finding_class for d in r.discrepancies} == {"interpretation"}
    assert all("(paired by another system" in d.explanation for d in r.discrepancies)
