"""Brackets paired without the next scoregroup in the matchings (engine.dutch.lookahead,
``Lookahead.local`` / ``Lookahead.reached``): the pairing stands only when it reaches
C8's bound (C.04.3 2026 Art. 2.4.3) with the rest of the field completable (2.2 [C4]);
otherwise the bracket is paired again with the next group in view.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch.completion import CompletionTests
from trfaudit.engine.dutch.editions import EDITION_2025
from trfaudit.engine.dutch.lookahead import Lookahead
from trfaudit.engine.dutch.pairer import BracketRecord, DutchPairer, RoundPairing
from trfaudit.engine.dutch.state import RoundState
from trfaudit.engine.dutch.trace import trace_of
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


class _SpyLookahead(Lookahead):
    """Records each local attempt's verdict."""

    def __init__(self, rs: RoundState, completion: CompletionTests) -> None:
        super().__init__(rs, completion)
        self.verdicts: list[bool] = []

    def reached(self, floaters: list[int], nxt: list[int]) -> bool:
        got = super().reached(floaters, nxt)
        self.verdicts.append(got)
        return got


class _Spy(DutchPairer):
    look_ahead = _SpyLookahead

    @property
    def verdicts(self) -> list[bool]:
        assert isinstance(self.lookahead, _SpyLookahead)
        return self.lookahead.verdicts


class _NeverLocal(Lookahead):
    def local(self, current: list[int], mdp_count: int, nxt: list[int]) -> bool:
        return False


class _FullOnly(DutchPairer):
    """The next scoregroup always in the matchings (the route before the local one)."""

    look_ahead = _NeverLocal


def _pairs(p: RoundPairing) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in p.boards}


def test_local_pairing_refused_when_c8_bound_is_out_of_reach() -> None:
    """t000167 round 4 (2025).  Scores before the round: 2 and 3 at 2.5, 1, 7, 8 at 1.5,
    4 and 6 at 1, 5 at 0.5.  Bracket 1.5 = MDPs {2, 3} + {1, 7, 8}; next group {4, 6};
    below {5}.  Legal partners: 2: 7, 8; 3: 1, 8; 7: 1, 2, 4, 5; 8: 1, 2, 3, 6; 6: 4, 8
    (not 5: met in round 3); 4: 5, 6, 7.  Colours: 2, 7 prefer white, 8 black.

    Without C8 the bracket prefers 2-8 (both get their colour, C12) and 3-1, floating 7.
    C8's bound for one downfloater is 7 paired into {4, 6}: 7-4, then 6 is left with 5,
    whom he has met, so the round cannot complete that way (7-5 and 4-6 complete it, a
    pair short of the bound).  With 8 floating the bound is reached: 8-6, 4-5.  C8 ranks
    above C12, so the recorded 2-7, 3-1, 8-6, 4-5 is right and the local pairing must be
    refused."""
    t = read(CORPUS / "dutch2025" / "t000167.trf")
    spy = _Spy(round_input(t, 4), EDITION_2025)
    got = spy.pair()
    assert False in spy.verdicts
    assert _pairs(got) == {frozenset(p) for p in ((2, 7), (1, 3), (6, 8), (4, 5))}
    bracket = next(b for b in trace_of(got).brackets if 1 in b.residents)
    assert isinstance(bracket, BracketRecord) and bracket.downfloaters == [8]


@pytest.mark.parametrize(
    "name",
    ["t000005.trf", "t000057.trf", "t000109.trf", "t000134.trf", "t000244.trf", "t000282.trf"],
)
def test_local_route_pairs_as_the_full_matching(name: str) -> None:
    """Every round of these files (each has a round where the local pairing is refused, or
    brackets of 60+ players) pairs the same with and without the local route, bracket by
    bracket (pairs and downfloaters)."""
    t = read(CORPUS / "dutch2025" / name)
    refused = 0
    for rnd in range(2, t.recorded_rounds() + 1):
        inp = round_input(t, rnd)
        spy = _Spy(inp, EDITION_2025)
        local, full = spy.pair(), _FullOnly(inp, EDITION_2025).pair()
        refused += spy.verdicts.count(False)
        assert _pairs(local) == _pairs(full), rnd
        assert [(b.pairs, b.downfloaters) for b in trace_of(local).brackets] == [
            (b.pairs, b.downfloaters) for b in trace_of(full).brackets
        ], rnd
        assert local.bye == full.bye
    assert refused or name in ("t000244.trf", "t000282.trf")


class _AskBoth(CompletionTests):
    """Asks the full completion test (a maximum matching of everybody left) each time the
    one-swap test around the players below answers, and records both answers."""

    def __init__(self, rs: RoundState) -> None:
        super().__init__(rs)
        self.answers: list[tuple[bool, bool]] = []

    def complete_around(self, left: frozenset[int]) -> bool:
        got = super().complete_around(left)
        rs = self.rs
        full = self.complete(sorted(left | rs.bk.lower), lambda v: not rs.noncand[v])
        self.answers.append((got, full))
        return got


class _CompletionSpy(DutchPairer):
    completion_tests = _AskBoth


@pytest.mark.parametrize("name", ["t000005.trf", "t000109.trf", "t000167.trf", "t000244.trf"])
def test_one_swap_completion_never_claims_more_than_the_full_test(name: str) -> None:
    """The one-swap test (C4 with the PAB to a candidate, 2.2/2.3) is sufficient only: when
    it says the round completes, a maximum matching of everybody left agrees; and it does
    answer some of the questions (otherwise it buys nothing)."""
    t = read(CORPUS / "dutch2025" / name)
    answers: list[tuple[bool, bool]] = []
    for rnd in range(2, t.recorded_rounds() + 1):
        spy = _CompletionSpy(round_input(t, rnd), EDITION_2025)
        spy.pair()
        assert isinstance(spy.completion, _AskBoth)
        answers += spy.completion.answers
    assert all(full for got, full in answers if got)
    assert any(got for got, _ in answers)


@pytest.mark.parametrize("rules", ["2017", "2012"])
@pytest.mark.parametrize("name", ["t000246.trf", "t000289.trf", "t000299.trf"])
def test_local_route_pairs_as_the_full_matching_2017(name: str, rules: str) -> None:
    """2017/2012 (C.7 judged afterwards, outside the PPB).  t000299 round 4 (2017): bracket
    1 point of 13, next group {15, 25}, the last; 29 is PAB-ineligible.  Floating 29 (paired
    with 15 next) or pairing him here counts the same for C.7 (every ineligible player
    paired), so 4.2 decides: 20-23 before 20-29, and 29 floats.  Had the local matching
    kept C.7's credit for pairing 29 inside the bracket, it would float 23 instead: the
    look-ahead criteria are left out of the local weights."""
    t = read(CORPUS / "dutch2017" / name)
    edition = EDITIONS[rules]
    for rnd in range(2, t.recorded_rounds() + 1):
        inp = round_input(t, rnd)
        local, full = DutchPairer(inp, edition).pair(), _FullOnly(inp, edition).pair()
        assert _pairs(local) == _pairs(full), rnd
        assert local.bye == full.bye


class _CheckNear(CompletionTests):
    """Checks every matching of the players below that the round keeps or repairs."""

    def __init__(self, rs: RoundState) -> None:
        super().__init__(rs)
        self.seen = 0

    def near_perfect_of(self, players: frozenset[int]) -> dict[int, int]:
        got = super().near_perfect_of(players)
        if -2 not in got:
            self.seen += 1
            assert set(got) - {-1} == set(players)  # everybody, nobody else
            for v, m in got.items():
                assert got[m] == v
                if -1 not in (v, m):
                    assert self.rs.ok(v, m)  # C1, C3
            assert (-1 in got) == (len(players) % 2 == 1)  # one left over when odd
        return got


class _NearSpy(DutchPairer):
    completion_tests = _CheckNear


@pytest.mark.parametrize("name", ["t000109.trf", "t000244.trf"])
def test_kept_and_repaired_matchings_below_are_complete(name: str) -> None:
    """The matchings of the players below a bracket (repaired from the previous bracket's
    when a scoregroup leaves) pair everybody below, or all but one, with legal pairs."""
    t = read(CORPUS / "dutch2025" / name)
    seen = 0
    for rnd in range(2, t.recorded_rounds() + 1):
        spy = _NearSpy(round_input(t, rnd), EDITION_2025)
        spy.pair()
        assert isinstance(spy.completion, _CheckNear)
        seen += spy.completion.seen
    assert seen
