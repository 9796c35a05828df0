"""The model contract: entry kinds, recorded rounds, announcements, scoring."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trfaudit.trf import EntryKind, RoundEntry, Scoring, parse, read


@pytest.mark.parametrize(
    "block, kind, opponent, colour, played",
    [
        ("   2 w 1", EntryKind.PLAYED, 2, "w", True),
        ("   2 b 0", EntryKind.PLAYED, 2, "b", True),
        ("   2 w =", EntryKind.PLAYED, 2, "w", True),
        ("   2 b W", EntryKind.PLAYED, 2, "b", True),
        ("   2 w D", EntryKind.PLAYED, 2, "w", True),
        ("   2 b L", EntryKind.PLAYED, 2, "b", True),
        ("   2 w +", EntryKind.FORFEIT_WIN, 2, "w", False),
        ("   2 b -", EntryKind.FORFEIT_LOSS, 2, "b", False),
        ("   2 - -", EntryKind.FORFEIT_LOSS, 2, None, False),
        ("0000 - U", EntryKind.PAB, None, None, False),
        ("0000 - +", EntryKind.PAB, None, None, False),
        ("0000 - H", EntryKind.HALF_BYE, None, None, False),
        ("0000 - =", EntryKind.HALF_BYE, None, None, False),
        ("0000 - F", EntryKind.FULL_BYE, None, None, False),
        ("0000 - Z", EntryKind.ZERO_BYE, None, None, False),
        ("0000 - -", EntryKind.ZERO_BYE, None, None, False),
        ("   2 w Z", EntryKind.NOT_PAIRED, 2, "w", False),
        ("   2 w  ", EntryKind.NOT_PAIRED, 2, "w", False),
    ],
)
def test_entry_kinds(make_player, block, kind, opponent, colour, played):
    # player 3 has a game in the same round so that it counts as recorded
    t = parse(
        "\n".join(
            [
                make_player(1, [block, "   3 w 1"]),
                make_player(3, ["   4 w 1", "   1 b 0"]),
                make_player(4, ["   3 b 0"]),
            ]
        )
    )
    entry = t.players[1].entries[0]
    assert (entry.kind, entry.opponent, entry.colour) == (kind, opponent, colour)
    assert entry.played is played
    assert entry.round == 1 and entry.line == 1 and entry.column == 92
    assert entry.result == block[7]
    assert t.players[1].entries[1].column == 102


def test_seed_round2_absence_is_an_announcement(corpus_dir):
    t = read(corpus_dir / "seed-example" / "round2-input.trf")
    assert t.recorded_rounds() == 1
    assert t.next_round() == 2
    assert t.absent_next == {12: EntryKind.ZERO_BYE}
    p12 = t.players[12]
    assert len(p12.entries) == 1
    assert [(e.round, e.kind) for e in p12.announced] == [(2, EntryKind.ZERO_BYE)]
    assert all(len(p.entries) == 1 for p in t.players.values())
    assert (t.total_rounds, t.initial_colour, t.pair_by_rank) == (3, "w", False)


def test_seed_round3_byes_are_recorded(corpus_dir):
    t = read(corpus_dir / "seed-example" / "round3-input.trf")
    assert t.recorded_rounds() == 2
    assert t.absent_next == {}
    assert t.players[14].entries[1].kind is EntryKind.PAB  # the round-2 PAB, written U
    assert t.players[12].entries[1].kind is EntryKind.ZERO_BYE
    assert t.players[12].announced == []
    assert t.score(14, 2) == 1 and t.score(5, 2) == 2
    assert all(t.score(p.tpn, 2) == p.points for p in t.players.values())


def test_recorded_rounds_rule(make_player):
    # a trailing bye column alone is not a recorded round; a PAB or a '+' without opponent is
    base = [make_player(1, ["   2 w 1"]), make_player(2, ["   1 b 0"])]
    assert (
        parse("\n".join(base + [make_player(3, ["0000 - Z", "0000 - H"])])).recorded_rounds() == 1
    )
    assert (
        parse("\n".join(base + [make_player(3, ["0000 - Z", "0000 - U"])])).recorded_rounds() == 2
    )
    assert (
        parse("\n".join(base + [make_player(3, ["0000 - Z", "0000 - +"])])).recorded_rounds() == 2
    )


def test_entries_are_padded_to_recorded_rounds(make_player):
    t = parse(
        "\n".join(
            [
                make_player(1, ["   2 w 1", "   2 b 1", "   2 w 1"]),
                make_player(2, ["   1 b 0", "   1 w 0", "   1 b 0"]),
                make_player(3, ["0000 - Z"]),
            ]
        )
    )
    entries = t.players[3].entries
    assert [e.kind for e in entries] == [
        EntryKind.ZERO_BYE,
        EntryKind.NOT_PAIRED,
        EntryKind.NOT_PAIRED,
    ]
    assert [e.round for e in entries] == [1, 2, 3]
    assert t.players[3].entry(3).kind is EntryKind.NOT_PAIRED
    assert t.players[3].entry(4) is None


def test_scoring_defaults():
    s = Scoring()
    assert (s.win, s.draw, s.loss, s.zero_bye, s.forfeit_loss) == (1, Fraction(1, 2), 0, 0, 0)
    assert (s.forfeit_win, s.full_bye, s.half_bye, s.pab) == (1, 1, Fraction(1, 2), 1)
    s = Scoring(win=3, draw=1)
    assert (s.forfeit_win, s.full_bye, s.half_bye, s.pab) == (3, 3, 1, 3)
    assert Scoring(win=3, pab=1).pab == 1
    assert Scoring().is_default() and not Scoring(win=3).is_default()
    assert isinstance(Scoring(draw=0.5).draw, Fraction)


@pytest.mark.parametrize(
    "kind, result, colour, points",
    [
        (EntryKind.PLAYED, "1", "w", 3),
        (EntryKind.PLAYED, "W", "b", Fraction(5, 2)),  # colour-specific win
        (EntryKind.PLAYED, "=", "w", 1),
        (EntryKind.PLAYED, "D", "b", 1),
        (EntryKind.PLAYED, "0", "w", Fraction(1, 4)),
        (EntryKind.PLAYED, "L", "b", Fraction(1, 4)),
        (EntryKind.FORFEIT_WIN, "+", "w", 2),
        (EntryKind.FORFEIT_LOSS, "-", "b", -1),
        (EntryKind.PAB, "U", None, Fraction(3, 2)),
        (EntryKind.HALF_BYE, "H", None, Fraction(1, 2)),
        (EntryKind.FULL_BYE, "F", None, Fraction(7, 4)),
        (EntryKind.ZERO_BYE, "Z", None, Fraction(1, 8)),
        (EntryKind.NOT_PAIRED, " ", None, 0),
    ],
)
def test_scoring_points(kind, result, colour, points):
    s = Scoring(
        win=3,
        draw=1,
        loss=Fraction(1, 4),
        zero_bye=Fraction(1, 8),
        forfeit_loss=-1,
        forfeit_win=2,
        full_bye=Fraction(7, 4),
        half_bye=Fraction(1, 2),
        pab=Fraction(3, 2),
        win_black=Fraction(5, 2),
    )
    assert (
        s.points(
            RoundEntry(
                1, kind, 2 if kind.value.startswith(("played", "forfeit")) else None, colour, result
            )
        )
        == points
    )


def test_score_after_round(two_rounds_text):
    t = parse(two_rounds_text)
    assert [t.score(tpn, 1) for tpn in (1, 2, 3, 4)] == [1, 1, 0, 0]
    assert [t.score(tpn, 2) for tpn in (1, 2, 3, 4)] == [Fraction(3, 2), Fraction(3, 2), 1, 0]
    assert t.score(1, 0) == 0
    assert t.score(1, 99) == Fraction(3, 2)


def test_score_uses_the_files_point_system(make_player):
    t = parse(
        "\n".join(
            [
                make_player(1, ["   2 w 1", "0000 - U"]),
                make_player(2, ["   1 b 0", "0000 - H"]),
                "BBW 3.0",
                "BBD 1.0",
                "BBU 1.0",
            ]
        )
    )
    assert t.score(1, 2) == 4
    assert t.score(2, 2) == 1


def test_round_entry_properties():
    assert RoundEntry(1, EntryKind.PLAYED, 2, "w", "1").played
    assert not RoundEntry(1, EntryKind.FORFEIT_WIN, 2, "w", "+").played
    assert RoundEntry(1, EntryKind.NOT_PAIRED, 2, "w", " ").pending
    assert not RoundEntry(1, EntryKind.NOT_PAIRED, None, None, " ").pending
    assert RoundEntry(1, EntryKind.PAB, None, None, "U").is_bye
