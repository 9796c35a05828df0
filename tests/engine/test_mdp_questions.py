"""How 4.4's questions are asked (engine.dutch.mdps): several MDPs per matching, each in a
field of its own, the earlier MDP's above the later one's, pair the bracket exactly as one
question per MDP (C.04.3 2026 Art. 4.4: the MDPs paired earliest first, each with the
earliest resident that keeps a best candidate; a lexicographic maximum over the fields is
that sequence of answers).  The route of one question per MDP is written out below as the
witness, beside the batched route on the same rounds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfaudit.engine import EDITIONS, round_input
from trfaudit.engine.dutch.bracket import BracketMatcher
from trfaudit.engine.dutch.mdps import MdpChoice
from trfaudit.engine.dutch.pairer import DutchPairer, RoundPairing
from trfaudit.engine.dutch.state import RoundState, _Bracket
from trfaudit.engine.dutch.trace import trace_of
from trfaudit.trf.reader import read

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
LONG = (
    CORPUS / "peers" / "lexisvar-caissify_pairings" / "tests" / "fixtures" / "misc_edge_case_2.trf"
)


class _OneByOne(MdpChoice):
    """One matching per MDP question (the route before the batched questions)."""

    def choose(
        self, st: _Bracket, mate: dict[int, int]
    ) -> tuple[list[int], dict[tuple[int, int], int], dict[int, int]]:
        order, rset, Q, X_MDP = self.rs.order, st.rset, st.hint, st.hint + st.q_width
        selected: list[int] = []
        mdp_bonus: dict[tuple[int, int], int] = {}
        k = 0
        while k < len(st.mdps):
            s = order[st.mdps[k]].score
            group = [v for v in st.mdps[k:] if order[v].score == s]
            k += len(group)
            can = sum(1 for v in group if mate.get(v) in rset)
            left = len(group)
            for v in group:
                if can == 0:
                    break
                if left <= can:
                    selected.append(v)
                    left -= 1
                    can -= 1
                    self.matcher.bonus(mdp_bonus, v, rset, 1 << X_MDP)
                    continue
                left -= 1
                if mate.get(v) not in rset:
                    q = dict(mdp_bonus)
                    self.matcher.bonus(q, v, rset, 1 << Q)
                    mate = self.matcher.solve(q)
                if mate.get(v) in rset:
                    selected.append(v)
                    can -= 1
                    self.matcher.bonus(mdp_bonus, v, rset, 1 << X_MDP)
        return selected, mdp_bonus, mate

    def pair(
        self,
        st: _Bracket,
        selected: list[int],
        mdp_bonus: dict[tuple[int, int], int],
        mate: dict[int, int],
    ) -> tuple[list[tuple[int, int]], dict[int, int]]:
        pairs: list[tuple[int, int]] = []
        for v in selected:
            cands = [r for r in st.residents if r not in self.rs.final and self.matcher.has(v, r)]
            if cands and mate.get(v) != cands[0]:
                q = dict(mdp_bonus)
                for rank, r in enumerate(reversed(cands)):
                    e = (v, r) if v < r else (r, v)
                    q[e] = q.get(e, 0) + ((rank + 1) << st.hint)
                mate = self.matcher.solve(q)
            partner = mate[v]
            pairs.append((v, partner))
            self.matcher.finalize(v, partner)
            for e in [e for e in mdp_bonus if v in e or partner in e]:
                del mdp_bonus[e]
        return pairs, mate


class _Counted(BracketMatcher):
    """Counts the bracket matchings asked."""

    def __init__(self, rs: RoundState, completion: object) -> None:
        super().__init__(rs, completion)  # type: ignore[arg-type]
        self.asked = 0

    def solve(self, extra: dict[tuple[int, int], int] | None = None) -> dict[int, int]:
        self.asked += 1
        return super().solve(extra)


class _Narrow(_Counted):
    wide_question_bits = 0  # the bits of a wide bracket as before


class _Batched(DutchPairer):
    bracket_matcher = _Counted


class _Witness(DutchPairer):
    bracket_matcher = _Narrow
    mdp_choice = _OneByOne


def _brackets(p: RoundPairing) -> list[tuple[list[tuple[int, int]], list[int]]]:
    return [(sorted(b.pairs), b.downfloaters) for b in trace_of(p).brackets]


def _asked(p: DutchPairer) -> int:
    assert isinstance(p.matcher, _Counted)
    return p.matcher.asked


@pytest.mark.parametrize(
    ("path", "rules", "rounds", "saves"),
    [
        # Late rounds of a long event: wide brackets (criteria past rustworkx's bits) with
        # many MDPs of many scores.
        (LONG, "2025", [44], True),
        (LONG, "2017", [40], True),
        (CORPUS / "dutch2025" / "t000109.trf", "2025", None, False),
        (CORPUS / "dutch2017" / "t000246.trf", "2017", None, False),
    ],
)
def test_batched_mdp_questions_pair_as_one_question_each(
    path: Path, rules: str, rounds: list[int] | None, saves: bool
) -> None:
    t = read(path)
    edition = EDITIONS[rules]
    new_asked = old_asked = 0
    for rnd in rounds or range(2, t.recorded_rounds() + 1):
        inp = round_input(t, rnd)
        new, old = _Batched(inp, edition), _Witness(inp, edition)
        got, ref = new.pair(), old.pair()
        assert _brackets(got) == _brackets(ref), rnd
        assert [(b.white, b.black) for b in got.boards] == [(b.white, b.black) for b in ref.boards]
        assert got.bye == ref.bye
        new_asked, old_asked = new_asked + _asked(new), old_asked + _asked(old)
    assert new_asked <= old_asked
    assert new_asked < old_asked or not saves  # where many MDPs float, fewer matchings
