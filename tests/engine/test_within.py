"""Re-pairing a round under another reading of the file stops as soon as the record cannot
come out (engine.dutch.pairer, ``DutchPairer(within=...)``): at the first bracket that fixes
a pair the record lacks, and at the round's last bracket as soon as a matching of its
players is worth more on the criteria than the record's pairs of them (the bracket's pairs
are a best candidate, C.04.3 Art. 4).  Its answer must be the full pairing's, compared with
the record: on the rounds of a long event under 2017 rules and readings of its byes, where
the last brackets' weights are too wide for rustworkx, and on corpus rounds of 2025.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS, NoPairing, pair_round, round_input
from trfaudit.engine.dutch.bracket import BracketMatcher
from trfaudit.engine.dutch.readings.inputs import absence_readings, reproduces
from trfaudit.engine.recorded import recorded_round, with_pending_paired
from trfaudit.trf.model import Tournament
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
LONG = (
    CORPUS / "peers" / "lexisvar-caissify_pairings" / "tests" / "fixtures" / "misc_edge_case_2.trf"
)


def paired_as_recorded(t: Tournament, rnd: int, rules: str) -> bool:
    """The full pairing of round ``rnd`` (no stop) against the record: pairs, PAB, colours."""
    rec = recorded_round(t, rnd)
    try:
        got = pair_round(round_input(with_pending_paired(t, rnd), rnd), EDITIONS[rules])
    except NoPairing:
        return False
    return got.bye == rec.bye and {(b.white, b.black) for b in got.boards} == set(rec.boards)


@pytest.fixture
def near_best_calls(monkeypatch):
    calls = []
    original = BracketMatcher.near_best

    def counted(self):
        calls.append(1)
        return original(self)

    monkeypatch.setattr(BracketMatcher, "near_best", counted)
    return calls


@pytest.mark.parametrize("rnd", [12, 14, 45, 51])
def test_readings_of_a_long_event_under_2017(rnd, near_best_calls):
    t = read(LONG)
    readings = [t] + [other for *_, other in absence_readings(t, rnd, set(t.players))][:5]
    answers = [reproduces(x, rnd, EDITIONS["2017"]) for x in readings]
    assert answers == [paired_as_recorded(x, rnd, "2017") for x in readings]
    if rnd >= 45:
        assert near_best_calls  # the wide last brackets were met


def test_the_two_readings_that_reproduce():
    """The readings the check reports (rounds 12 and 14: a PAB read as 'F'), among those of
    the byes of the players the rounds' findings name."""
    t = read(LONG)
    named = {12: {69, 73, 74, 78, 80}, 14: {65, 69, 74, 75}}
    found = {
        rnd: [
            (tpn, r)
            for tpn, r, _, other in absence_readings(t, rnd, who)
            if reproduces(other, rnd, EDITIONS["2017"])
        ]
        for rnd, who in named.items()
    }
    assert found == {12: [(69, 12)], 14: [(74, 14)]}


@pytest.mark.parametrize("name", ["t000001", "t000050", "t000277"])
def test_corpus_rounds_and_a_swapped_record(name):
    """A 2025 round as recorded reproduces; with two boards' black players swapped, the
    stop says no exactly when the full pairing does."""
    t = read(CORPUS / "dutch2025" / f"{name}.trf")
    for rnd in range(1, t.recorded_rounds() + 1):
        assert reproduces(t, rnd, EDITIONS["2025"])
        swapped = _swap_last_two_boards(t, rnd)
        if swapped is not None:
            assert reproduces(swapped, rnd, EDITIONS["2025"]) == paired_as_recorded(
                swapped, rnd, "2025"
            )


def _swap_last_two_boards(t: Tournament, rnd: int) -> Tournament | None:
    """``t`` with the black players of round ``rnd``'s last two boards exchanged."""
    import dataclasses

    boards = sorted(recorded_round(t, rnd).boards)
    if len(boards) < 2:
        return None
    (w1, b1), (w2, b2) = boards[-2:]
    players = dict(t.players)
    for white, new in ((w1, b2), (w2, b1)):
        for tpn, opp in ((white, new), (new, white)):
            p = players[tpn]
            entries = list(p.entries)
            e = entries[rnd - 1]
            entries[rnd - 1] = dataclasses.replace(e, opponent=opp)
            players[tpn] = dataclasses.replace(p, entries=entries)
    return dataclasses.replace(t, players=players)


def test_the_pairing_key_reads_every_state_field_but_the_games():
    """Two inputs with one key are paired alike (engine.dutch.players.pairing_key): every
    field of a player's state the pairer reads changes the key; the games, which only
    build_states reads, do not."""
    import dataclasses

    from trfaudit.engine.dutch.players import PlayerState, build_states, pairing_key

    inp = round_input(read(LONG), 31)
    states = build_states(inp, EDITIONS["2017"])
    key = pairing_key(inp, states)
    p = states[37]
    other_value = {
        int: lambda v: v + 1,
        bool: lambda v: not v,
        list: lambda v: [*v, "w"],
        dict: lambda v: {**v, 1: "up" if v.get(1) != "up" else "down"},
        set: lambda v: {*v, 999},
    }
    changed = []
    for f in dataclasses.fields(PlayerState):
        old = getattr(p, f.name)
        if f.name == "games":
            new = old[:-1]
        elif old is None or isinstance(old, str):
            new = "b" if old == "w" else "w"
        else:
            new = other_value[type(old)](old)
        setattr(p, f.name, new)
        if pairing_key(inp, states) != key:
            changed.append(f.name)
        setattr(p, f.name, old)
    assert changed == [f.name for f in dataclasses.fields(PlayerState) if f.name != "games"]
    assert pairing_key(inp, states) == key


def test_readings_the_pairer_cannot_tell_apart_are_paired_once():
    """Player 37's half-point byes of rounds 24 and 26 read as zero leave round 31's input
    the same to the pairer: one re-pairing answers both, as each alone would."""
    from trfaudit.engine.dutch.readings.inputs import _Repairings

    t = read(LONG)
    readings = [(tpn, r, other) for tpn, r, _, other in absence_readings(t, 31, {37, 78})]
    assert {(37, 24), (37, 26)} <= {(tpn, r) for tpn, r, _ in readings}
    repairings = _Repairings(t, 31, EDITIONS["2017"], None)
    answers = [repairings.reproduces(other, tpn) for tpn, _, other in readings]
    assert answers == [reproduces(other, 31, EDITIONS["2017"]) for *_, other in readings]
    assert repairings.repeated >= 2
    assert len(repairings.answers) == len(readings) - repairings.repeated


@pytest.mark.parametrize(
    ("path", "rounds", "met"),
    [
        (
            LONG,
            [2, 3, 12, 14, 31],
            {"round 1", "this round", "earlier", "paired otherwise", "another player's state"},
        ),
        (CORPUS / "dutch2017" / "t000003.trf", [2, 3, 4, 5], {"round 1", "paired otherwise"}),
        # Player 1's round-1 PAB read as 'F': he no longer takes part in round 1, and the
        # initial colour inferred from its boards is the other one.
        (CORPUS / "dutch2017" / "t000251.trf", [2, 3], {"round 1", "colour inferred otherwise"}),
        # Player 18, absent in round 2, had a round-1 'F': read as a PAB he took part, and
        # the pairing numbers below his move down (bbp #30).
        (CORPUS / "dutch2017" / "t000261.trf", [2], {"round 1", "pairing numbers move"}),
    ],
    ids=["long", "t000003", "t000251", "t000261"],
)
def test_a_reading_reads_one_player_anew(path, rounds, met):
    """A reading's round input, with the one re-read player's record and place read anew
    (engine.history.reread_input), is the round input of the re-read file: the byes of
    every player, round 1's among them (the initial colour is inferred in these files) and
    the round's own (the player then is paired, or no longer).  Its players' states, his
    and his last two opponents' built anew (players.restate), are those of the re-read
    file, under both float rules (2025 1.4, 2017 A.4.b)."""
    from trfaudit.engine.dutch.players import build_states, restate
    from trfaudit.engine.history import reread_input

    t = read(path)
    assert t.initial_colour is None
    kinds = set()
    for rnd in rounds:
        base = round_input(with_pending_paired(t, rnd), rnd)
        base_states = {ed: build_states(base, EDITIONS[ed]) for ed in ("2025", "2017")}
        for tpn, r, _, other in absence_readings(t, rnd, set(t.players)):
            fresh = round_input(with_pending_paired(other, rnd), rnd)
            assert reread_input(base, with_pending_paired(other, rnd), tpn) == fresh
            kinds.add("round 1" if r == 1 else "this round" if r == rnd else "earlier")
            if fresh.to_pair != base.to_pair:
                kinds.add("paired otherwise")
            if fresh.initial_colour != base.initial_colour:
                kinds.add("colour inferred otherwise")
            # His state and only the states that read his record are built anew.
            for ed, states in base_states.items():
                anew = restate(fresh, EDITIONS[ed], base, states, tpn)
                assert anew == build_states(fresh, EDITIONS[ed])
                # A state that comes out as before is the one it was (its identity tells a
                # family's re-pairings who changed: DutchPairer._trail).
                assert all(anew[x] is states[x] for x in anew if anew[x] == states.get(x))
                if any(anew[x] != states.get(x) for x in anew if x != tpn):
                    kinds.add("another player's state")
                if any(anew[x].rank != states[x].rank for x in anew if x in states):
                    kinds.add("pairing numbers move")
    assert met <= kinds


@pytest.mark.parametrize(
    ("path", "rnd", "edition", "least"),
    [
        (LONG, 31, "2017", 12),
        (LONG, 45, "2025", 12),
        # Brackets of the same players under two criteria contexts (A.8's lowest score, C.7's
        # look at the next bracket): a key without the context pairs some readings wrong.
        (CORPUS / "dutch2017" / "t000003.trf", 6, "2017", 4),
    ],
    ids=["long-31", "long-45", "t000003-6"],
)
def test_a_family_pairs_each_reading_as_the_reading_alone(path, rnd, edition, least):
    """Re-pairings of one round that share their brackets' openings (engine.dutch.family)
    pair every reading as the pairer alone does: the same boards and bye, whole rounds
    (no ``within``), while most brackets are opened from the family."""
    from trfaudit.engine.dutch.family import RoundFamily
    from trfaudit.engine.dutch.pairer import DutchPairer
    from trfaudit.engine.history import reread_input

    ed = EDITIONS[edition]
    t = read(path)
    base = round_input(with_pending_paired(t, rnd), rnd)
    family = RoundFamily(base, ed)
    paired = 0
    for tpn, _, _, other in absence_readings(t, rnd, set(t.players)):
        inp = reread_input(base, with_pending_paired(other, rnd), tpn)
        try:
            alone = DutchPairer(inp, ed).pair()
        except NoPairing:
            continue
        shared = DutchPairer(inp, ed, family=family).pair()
        assert (shared.boards, shared.bye) == (alone.boards, alone.bye)
        paired += 1
    assert paired >= least
    assert family.hits > 0


def _near_perfect_holds(rs, players: frozenset[int], mate: dict[int, int]) -> bool:
    """``mate`` pairs every one of ``players`` (legal pairs, C1 and C3), one at most with
    the stand-in -1 (when they are odd), or is ``{-2: -2}`` and no such matching exists."""
    from trfaudit.engine.dutch.completion import CompletionTests

    if -2 in mate:
        return CompletionTests(rs).with_stand_in(sorted(players), lambda v: True) is None
    odd = len(players) % 2 == 1
    if set(mate) != set(players) | ({-1} if odd else set()):
        return False
    for v, m in mate.items():
        if mate.get(m) != v or (v >= 0 and m >= 0 and not rs.ok(min(v, m), max(v, m))):
            return False
    return True


@pytest.mark.parametrize(
    ("path", "rnd", "edition"),
    [(LONG, 31, "2017"), (LONG, 45, "2012")],
    ids=["long-31", "long-45-2012"],
)
def test_a_family_s_completion_tests_answer_each_reading_in_its_own_places(
    path, rnd, edition, monkeypatch
):
    """What a family's members share of the completion tests (CompletionTests.complete and
    .near_perfect_of, by the players' C1 and C3 facts) answers each reading in its own
    places: every matching of a set of players pairs them legally, and every answer of the
    full test is the test's own on that reading - also where a reading's players stand in
    other places than those of the reading that found it."""
    from trfaudit.engine.dutch.completion import CompletionTests
    from trfaudit.engine.dutch.family import RoundFamily
    from trfaudit.engine.dutch.pairer import DutchPairer
    from trfaudit.engine.dutch.players import build_states, restate
    from trfaudit.engine.history import reread_input

    ed = EDITIONS[edition]
    t = read(path)
    base = round_input(with_pending_paired(t, rnd), rnd)
    base_states = build_states(base, ed)
    family = RoundFamily(base, ed)
    first_order: list[int] = []
    moved = {"near": 0, "complete": 0}
    near, complete = CompletionTests.near_perfect_of, CompletionTests.complete

    def places_moved(rs) -> bool:
        order = [p.tpn for p in rs.order]
        if not first_order:
            first_order.extend(order)
        return order != first_order

    def checked_near(self, players):
        ck = self.rs.compat_key
        shared = frozenset(ck[v] for v in players) in family.near
        got = near(self, players)
        assert _near_perfect_holds(self.rs, players, got)
        moved["near"] += shared and places_moved(self.rs)
        return got

    def checked_complete(self, rest, candidates):
        ck, spare = self.rs.compat_key, candidates or (lambda v: True)
        key = (frozenset(ck[v] for v in rest), frozenset(ck[v] for v in rest if spare(v)))
        shared = key in family.completes
        got = complete(self, rest, candidates)
        assert got == (self.with_stand_in(rest, spare) is not None)
        moved["complete"] += shared and places_moved(self.rs)
        return got

    monkeypatch.setattr(CompletionTests, "near_perfect_of", checked_near)
    monkeypatch.setattr(CompletionTests, "complete", checked_complete)
    for tpn, _, _, other in absence_readings(t, rnd, set(t.players)):
        inp = reread_input(base, with_pending_paired(other, rnd), tpn)
        states = restate(inp, ed, base, base_states, tpn)
        with contextlib.suppress(NoPairing):
            DutchPairer(inp, ed, states=states, family=family).pair()
    assert moved["near"] > 0 and moved["complete"] > 0


@pytest.mark.parametrize(
    ("path", "rnd", "edition"),
    [
        (LONG, 31, "2017"),
        (LONG, 45, "2017"),
        (LONG, 45, "2012"),
        (CORPUS / "dutch2017" / "t000003.trf", 6, "2017"),
        # A reading whose player, read otherwise, leaves the players below a bracket
        # unpairable (A.9) where the earlier reading's could all be paired: resumed above it.
        (CORPUS / "dutch2017" / "t000013.trf", 7, "2017"),
        (CORPUS / "dutch2017" / "t000013.trf", 12, "2017"),
    ],
    ids=["long-31", "long-45", "long-45-2012", "t000003-6", "t000013-7", "t000013-12"],
)
def test_a_family_resumes_a_reading_where_an_earlier_one_left_the_same_brackets(path, rnd, edition):
    """Re-pairings of one round resume from an earlier one's state after the brackets above
    every player whose state the reading changed (DutchPairer._resume): each reading,
    its states built as the readings build them (players.restate), pairs as the pairer
    alone pairs it - whole rounds, NoPairing alike - while brackets are resumed."""
    from trfaudit.engine.dutch.family import RoundFamily
    from trfaudit.engine.dutch.pairer import DutchPairer
    from trfaudit.engine.dutch.players import build_states, restate
    from trfaudit.engine.history import reread_input

    ed = EDITIONS[edition]
    t = read(path)
    base = round_input(with_pending_paired(t, rnd), rnd)
    base_states = build_states(base, ed)
    family = RoundFamily(base, ed)

    def outcome(pairer: DutchPairer) -> object:
        try:
            got = pairer.pair()
        except NoPairing:
            return "no pairing"
        return got.boards, got.bye

    readings = 0
    for tpn, _, _, other in absence_readings(t, rnd, set(t.players)):
        inp = reread_input(base, with_pending_paired(other, rnd), tpn)
        states = restate(inp, ed, base, base_states, tpn)
        alone = outcome(DutchPairer(inp, ed, states=states))
        assert outcome(DutchPairer(inp, ed, states=states, family=family)) == alone
        readings += 1
    assert readings >= 4
    assert family.resumed > readings  # brackets taken from marks: more than one a reading


def test_a_resumed_reading_is_in_the_state_the_pairer_alone_reaches_there():
    """Where a re-pairing resumes (DutchPairer._resume), its round state is the one the
    pairer alone has after the same brackets: the context, the pairs fixed and dropped, the
    players unpaired, the pairs' values, the brackets' records, the next bracket."""
    from trfaudit.engine.dutch.family import Mark, RoundFamily
    from trfaudit.engine.dutch.pairer import DutchPairer
    from trfaudit.engine.dutch.players import build_states, restate
    from trfaudit.engine.history import reread_input

    resumed: list[tuple[object, ...]] = []

    class Watched(DutchPairer):
        def _resume(self, trail, brackets):  # type: ignore[no-untyped-def]
            got = super()._resume(trail, brackets)
            rs = self.rs
            if got is not None:  # resumed (else started from the top): its state as it is now
                current, mdp_count, pos, ctx = got
                resumed.append(
                    (pos, tuple(current), mdp_count, tuple(brackets), replace(ctx),
                     dict(rs.final), set(rs.alive), set(rs.dropped), dict(rs.vals),
                     self.local_misses)
                )  # fmt: skip
            return got

    def state(mark: Mark) -> tuple[object, ...]:
        values: dict[object, object] = {}
        for v in mark.values:
            values.update(v)
        return (mark.pos, mark.current, mark.mdp_count, mark.brackets, mark.ctx,
                mark.final, set(mark.alive), set(mark.dropped), values, mark.local_misses)  # fmt: skip

    ed = EDITIONS["2017"]
    t = read(LONG)
    compared = 0
    for rnd in (31,):
        base = round_input(with_pending_paired(t, rnd), rnd)
        base_states = build_states(base, ed)
        family = RoundFamily(base, ed)
        for tpn, _, _, other in absence_readings(t, rnd, set(t.players)):
            inp = reread_input(base, with_pending_paired(other, rnd), tpn)
            states = restate(inp, ed, base, base_states, tpn)
            alone = RoundFamily(base, ed)  # a family of its own: its marks, nothing resumed
            resumed.clear()
            for fam in (alone, family):
                with contextlib.suppress(NoPairing):
                    Watched(inp, ed, states=states, family=fam).pair()
            if resumed:
                (got,) = resumed
                marks = {m.pos: state(m) for m in alone.trails[-1].marks}
                assert got == marks[got[0]]
                compared += 1
    assert compared >= 10


def test_a_family_keeps_its_openings_within_its_budget():
    """The oldest openings go first once their pairs pass the family's budget, and an
    opening larger than the whole budget is not kept."""
    from trfaudit.engine.dutch.family import Opening, RoundFamily
    from trfaudit.engine.dutch.weights import WeightLayout

    t = read(LONG)
    family = RoundFamily(round_input(t, 31), EDITIONS["2017"])
    family.kept_pairs = 10
    layout = WeightLayout([], [], 0)

    def opening(n: int) -> Opening:
        return Opening({(0, i): [] for i in range(1, n + 1)}, [], layout, 0, {})

    for key, n in (("a", 4), ("b", 4), ("c", 4), ("d", 11)):
        family.keep(key, opening(n))
    assert list(family.openings) == ["b", "c"]
    assert family.pairs == 8
    assert family.opening("a") is None and family.opening("c") is not None


def test_a_family_keeps_its_completion_tests_within_their_budget():
    """The completion tests' sets (answers and matchings) hold at most the family's budget
    of members: the oldest answers go first, then the oldest matchings, and a set larger
    than the whole budget is not kept."""
    from trfaudit.engine.dutch.family import RoundFamily

    family = RoundFamily(round_input(read(LONG), 31), EDITIONS["2017"])
    family.kept_set_members = 12
    family.keep_near(frozenset({1, 2}), {1: 2, 2: 1})  # 4 members (the matching's too)
    family.keep_complete((frozenset({1, 2, 3}), frozenset({3})), True)  # 4
    family.keep_near(frozenset({4, 5}), {4: 5, 5: 4})  # 4: 12 in all
    assert family.set_members == 12 and len(family.completes) == 1 and len(family.near) == 2
    family.keep_complete((frozenset({6}), frozenset()), False)  # 1: the answer goes
    assert list(family.completes) == [(frozenset({6}), frozenset())]
    family.keep_near(frozenset({7, 8}), {7: 8, 8: 7})  # 4: the answer goes
    assert not family.completes and family.set_members == 12 and len(family.near) == 3
    family.keep_near(frozenset({9, 10}), {9: 10, 10: 9})  # 4: the oldest matching goes
    assert list(family.near) == [frozenset({4, 5}), frozenset({7, 8}), frozenset({9, 10})]
    family.keep_near(frozenset(range(7)), {})  # 14: more than the budget, not kept
    assert len(family.near) == 3 and family.set_members == 12


@pytest.mark.parametrize("rnd", [12, 31])
def test_a_differing_round_s_readings_start_from_the_check_s_pairing(rnd):
    """A round the check pairs otherwise under 2017 keeps its pairing's family for the
    round's readings of byes (.family.keep_checked): the readings then resume more
    brackets, from the check's marks as well as from each other's, and every reading
    answers as the reading paired alone."""
    from trfaudit.engine.dutch.audit.round import check_round
    from trfaudit.engine.dutch.readings.inputs import _Repairings
    from trfaudit.engine.findings import DIFFERS

    t, ed = read(LONG), EDITIONS["2017"]
    readings = list(absence_readings(t, rnd, set(t.players)))
    assert len(readings) >= 4
    resumed = []
    for checked_first in (False, True):
        if checked_first:
            assert check_round(t, rnd, ed).status == DIFFERS
        repairings = _Repairings(t, rnd, ed, None)
        answers = [repairings.reproduces(other, tpn) for tpn, _, _, other in readings]
        assert answers == [reproduces(other, rnd, ed) for *_, other in readings]
        assert repairings.family is not None
        resumed.append(repairings.family.resumed)
    assert resumed[1] > resumed[0]


def test_a_checked_round_is_kept_once_for_its_own_file_within_a_budget(monkeypatch):
    """Only a differing round checked under the 2017/2012 route, with byes to read
    otherwise, of the file checked last, is kept; it is taken once,
    and only for the very file object that was checked; past the budget of their openings'
    pairs the oldest kept round goes first."""
    from trfaudit.engine.dutch import family
    from trfaudit.engine.dutch.audit.round import check_round

    t, ed = read(LONG), EDITIONS["2017"]
    monkeypatch.setattr(family, "_CHECKED", {})
    check_round(t, 2, ed)  # matches its record
    check_round(t, 12, EDITIONS["2025"])  # no family under 2025
    # Differs, but no player it names has a bye to read otherwise (no readings follow).
    assert check_round(read(CORPUS / "large" / "long100x60-2025.trf"), 15, ed).status == "differs"
    assert family._CHECKED == {}
    check_round(t, 12, ed)
    assert family.take_checked(read(LONG), 12, ed) is None  # an equal file, not this one
    assert family.take_checked(t, 12, EDITIONS["2012"]) is None
    kept = family.take_checked(t, 12, ed)
    assert kept is not None and kept.round == 12 and kept.family.trails
    assert family.take_checked(t, 12, ed) is None  # taken once
    check_round(t, 12, ed)
    check_round(t, 14, ed)
    assert set(family._CHECKED) == {(id(t), 12, "2017"), (id(t), 14, "2017")}
    monkeypatch.setattr(family, "_CHECKED_PAIRS", family._CHECKED[(id(t), 14, "2017")].family.pairs)
    check_round(t, 14, ed)  # kept again: the newest stays, the oldest goes
    assert set(family._CHECKED) == {(id(t), 14, "2017")}
    monkeypatch.setattr(family, "_CHECKED_PAIRS", 10**9)
    check_round(t, 12, ed)
    other = read(LONG)
    check_round(other, 12, ed)  # another file: the first one's rounds go
    assert set(family._CHECKED) == {(id(other), 12, "2017")}
    check_round(other, 14, ed)
    family.drop_checked(other)  # what diagnose does with the rounds no reading took
    assert family._CHECKED == {}
