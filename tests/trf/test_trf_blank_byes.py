"""Rounds left blank whose points the Points column counts (Swiss-Manager and Irish exports):
read as byes, stated in a note, written back as read (``trf.blank_byes``).

TRF-16 001 columns 81-84 hold the points; a round block holds opponent, colour and result
("H half-point bye", "U pairing-allocated bye").  The copies in ``corpus/blank-byes`` are
reference-paired corpus files (``corpus/dutch2025``) with the ``0000 - H`` / ``0000 - U``
blocks blanked as the Irish exports write them, so the expected readings are the original
files' own codes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.trf.errors import BLANK_HALF_BYE, NOTE, POINTS
from trfaudit.trf.model import EntryKind
from trfaudit.trf.reader import parse, read
from trfaudit.trf.validate import errors_only, validate
from trfaudit.trf.writer import write

from ..conftest import player_line, trf_text

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
BLANK_H = CORPUS / "blank-byes" / "t000267-blank-h.trf"  # "0000 -  " for "0000 - H"
BLANK_HU = CORPUS / "blank-byes" / "t000049-blank-h-u.trf"  # "     -  " for H and U
REAL = CORPUS / "real"


def _codes(path: Path, code: str) -> set[tuple[int, int]]:
    """(player, round) of every ``0000 - <code>`` block of a file, read off its text."""
    out = set()
    for line in path.read_text().splitlines():
        if line.startswith("001"):
            blocks = line[91:]
            for i in range(0, len(blocks), 10):
                if blocks[i : i + 8] == f"0000 - {code}":
                    out.add((int(line[4:8]), i // 10 + 1))
    return out


def _kinds(t, kind):
    return {(p.tpn, e.round) for p in t.players.values() for e in p.entries if e.kind is kind}


def test_blank_rounds_are_the_original_half_point_byes():
    original = CORPUS / "dutch2025" / "t000267.trf"
    t = read(BLANK_H)
    assert (
        _kinds(t, EntryKind.HALF_BYE)
        == _codes(original, "H")
        == {
            (8, 4),
            (11, 5),
            (15, 7),
            (20, 7),
        }
    )
    assert errors_only(validate(t)) == []
    notes = [w for w in t.warnings if w.code == BLANK_HALF_BYE]
    assert len(notes) == 1 and notes[0].severity == NOTE
    assert (
        "read as half-point byes (H): 8 (Test0008 Player0008) round 4; 11 (Test0011 "
        "Player0011) round 5; 15 (Test0015 Player0015) round 7; 20 (Test0020 Player0020) round 7"
    ) in notes[0].message


def test_a_blank_round_worth_a_full_point_is_the_rounds_pab():
    """C.04.1 (a player left without opponent gets the PAB, at most one per round): a blank
    round whose player's Points need a full point, in a round where nobody holds the PAB."""
    original = CORPUS / "dutch2025" / "t000049.trf"
    t = read(BLANK_HU)
    assert _kinds(t, EntryKind.HALF_BYE) == _codes(original, "H") == {(8, 1), (9, 3)}
    assert _kinds(t, EntryKind.PAB) == _codes(original, "U") == {(17, 4), (18, 2)}
    assert errors_only(validate(t)) == []
    note = next(w for w in t.warnings if w.code == BLANK_HALF_BYE)
    assert "read as the pairing-allocated bye (U), nobody else having it in that round: " in (
        note.message
    )
    assert "17 (Test0017 Player0017) round 4; 18 (Test0018 Player0018) round 2" in note.message


@pytest.mark.parametrize(("path", "blanked"), [(BLANK_H, "H"), (BLANK_HU, "HU")])
def test_the_writer_keeps_the_blank_rounds_as_read(path, blanked):
    t = read(path)
    text = write(t, "trfx")
    assert not any(f"0000 - {code}" in text for code in blanked)
    again = parse(text, "again.trf")
    assert _kinds(again, EntryKind.HALF_BYE) == _kinds(t, EntryKind.HALF_BYE)
    assert _kinds(again, EntryKind.PAB) == _kinds(t, EntryKind.PAB)


def test_an_excess_covering_some_blank_rounds_only_is_left_to_the_validator():
    """Two blank rounds and half a point more than the results: which round was the bye
    cannot be known, so nothing is read and the points are reported (TRF-16 001 col. 81)."""
    text = trf_text(
        "012 Blank rounds",
        player_line(1, ("   2 w 1", "        ", "   3 b 0"), points="1.5"),
        player_line(2, ("   1 b 0", "   3 w 1", "        "), points="1.0"),
        player_line(3, ("        ", "   2 b 0", "   1 w 1"), points="1.5"),
    )
    t = parse(text, "x.trf")
    # 1: one blank, half a point missing (H); 3: one blank, half a point missing (H);
    # 2: one blank, nothing missing: an unplayed round worth nothing, as written.
    assert _kinds(t, EntryKind.HALF_BYE) == {(1, 2), (3, 1)}
    assert errors_only(validate(t)) == []
    text = trf_text(
        "012 Blank rounds",
        player_line(1, ("   2 w 1", "        ", "        "), points="1.5"),
        player_line(2, ("   1 b 0", "   3 w 1", "   4 b 1"), points="2.0"),
        player_line(3, ("   4 w =", "   2 b 0", "        "), points="0.5"),
        player_line(4, ("   3 b =", "        ", "   2 w 0"), points="0.5"),
    )
    t = parse(text, "y.trf")
    assert _kinds(t, EntryKind.HALF_BYE) == set()
    assert not [w for w in t.warnings if w.code == BLANK_HALF_BYE]
    problems = errors_only(validate(t))
    assert [(p.code, p.line) for p in problems] == [(POINTS, 2)]


def test_the_irish_exports_are_read():
    """Read by hand: Bunratty's 11 players whose Points exceed their results by 0.5 have one
    blank round each; the junior championship's 4 (round 1) and 14 (rounds 4, 5) need 0.5 a
    round, and 19 (round 1), 24 (round 4), 31 (round 5) a full point in a round of 33
    players present (34 less one half-point bye) where nobody else has a bye."""
    bunratty = read(REAL / "sanichi-icu_tournament__bunratty_major_2011.tab")
    assert errors_only(validate(bunratty)) == []
    assert _kinds(bunratty, EntryKind.HALF_BYE) == {
        (1, 2),
        (2, 6),
        (10, 1),
        (14, 6),
        (16, 4),
        (26, 4),
        (27, 1),
        (28, 1),
        (42, 6),
        (43, 1),
        (49, 1),
    }
    assert bunratty.players[40].points == 0  # his five blank rounds are worth nothing
    junior = read(REAL / "sanichi-icu_tournament__irish_junior_champs_2011.tab")
    assert errors_only(validate(junior)) == []
    assert _kinds(junior, EntryKind.HALF_BYE) == {(4, 1), (14, 4), (14, 5)}
    assert _kinds(junior, EntryKind.PAB) == {(19, 1), (24, 4), (31, 5)}
