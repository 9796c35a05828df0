"""``explain`` for Swiss Team events (C.04.6 2026): why a round is paired as it is, per team
(or for the team of one player), in the system's own terms - the bracket (Art. 3.5: the
top-scoregroup and its upfloaters, [C4]-[C7]), the pairing inside it (Art. 3.6, [C8]-[C10]),
the colours (Art. 4.2 first-team, the Art. 4.3 rule that applied, the preferences of Art. 1.7)
and the pairing-allocated bye (Art. 3.4, [C2]).

Every sentence is read off the pairer's own result (:mod:`.pairer`): the bracket it built,
the criteria values it measured and the Art. 4.3 rule it applied.
"""

from __future__ import annotations

from fractions import Fraction

from trfaudit.engine.explanation import BracketInfo, Colour, Explanation, PlayerWhy, Reason
from trfaudit.trf.model import Tournament

from ..result import RoundPairing
from .colours import Preference, colour_difference, first_team
from .file import TeamFile, read_team_file
from .pairer import Bracket, Contender, TeamInput, _colour_team, _Round, pair_teams, team_trace

_WORD = {"w": "White", "b": "Black"}
_OTHER = {"w": "b", "b": "w"}


def _pts(x: Fraction) -> str:
    return f"{float(x):g}"


def _pref(p: Preference | None) -> str:
    if p is None:
        return "no colour preference"
    strength = "" if p.strength == "simple" else f" ({p.strength})"
    return f"a preference for {_WORD[p.colour]}{strength}"


class _Why:
    """One round of one team file, paired, with the names to say it."""

    def __init__(self, tf: TeamFile, inp: TeamInput, pairing: RoundPairing) -> None:
        self.tf, self.inp, self.p = tf, inp, pairing
        self.r = _Round(inp)
        self.by = self.r.by_tpn
        self.names = {team.tpn: team.name for team in tf.records.teams}
        self.unit = tf.rules.primary
        self.colour: dict[int, tuple[Colour, int, str]] = {}  # team -> (colour, opponent, rule)
        for b in pairing.boards:
            self.colour[b.white] = ("w", b.black, b.rule)
            self.colour[b.black] = ("b", b.white, b.rule)
        self.bracket_of: dict[int, Bracket] = {}
        for br in team_trace(pairing).brackets:
            for tpn in br.residents + br.upfloaters:
                self.bracket_of[tpn] = br

    def who(self, tpn: int) -> str:
        name = self.names.get(tpn)
        return f"{name} ({tpn})" if name else f"team {tpn}"

    def whos(self, tpns: list[int]) -> str:
        return ", ".join(self.who(t) for t in tpns)

    def score(self, tpn: int) -> str:
        return f"{_pts(self.by[tpn].score)} {self.unit}"

    # -- Art. 3.5 and 3.6 ---------------------------------------------------------------------
    def bracket_reasons(self, tpn: int, br: Bracket) -> list[Reason]:
        top = _pts(br.score)
        out = [
            Reason(
                "opponent",
                "3.5",
                f"{self.who(tpn)} is paired in the {top}-{self.unit} bracket: the top-scoregroup "
                f"of the teams still to pair ({self.whos(br.residents)})"
                + (f" with its upfloaters {self.whos(br.upfloaters)}" if br.upfloaters else "")
                + " (Art. 3.5).",
            )
        ]
        if br.upfloaters:
            n = len(br.upfloaters)
            words = "upfloater" if n == 1 else "upfloaters"
            out.append(
                Reason(
                    "opponent",
                    "C4",
                    f"The bracket takes {n} {words}: the fewest that give a legal pairing of the "
                    "bracket and leave the other teams pairable ([C4], [C3]); the set has the "
                    f"highest scores that allow a legal set ([C5]: "
                    f"{', '.join(self.score(t) for t in br.upfloaters)}) "
                    "and is the first by TPN (Art. 3.5.4) among those that comply best with "
                    f"[C6] ({'complied with' if br.quality.get('C6') == 0 else 'not complied with'})"
                    f" and [C7] ({br.quality.get('C7', 0)} previous-round floater(s)).",
                )
            )
        return out

    def pairing_reason(self, tpn: int, br: Bracket) -> Reason:
        opp = self.colour[tpn][1]
        met = sorted(o for o in self.by[tpn].opponents if o in self.bracket_of and o != tpn)
        met_in = [o for o in met if self.bracket_of.get(o) is br]
        q = br.quality
        text = (
            f"Against {self.who(opp)}: the bracket's pairing is the first by identifier "
            "(Art. 3.6.2: the top members in ascending TPN, then their bottom members) among "
            "the legal pairings with the fewest unfulfilled colour preferences ([C8] "
            f"{q.get('C8', 0)}, [C9] {q.get('C9', 0)}, [C10] {q.get('C10', 0)} in this bracket; "
            "Art. 3.6.4)."
        )
        if met_in:
            text += (
                f" {self.who(tpn)} has already played {self.whos(met_in)} of this bracket ([C1])."
            )
        return Reason("opponent", "3.6.4", text)

    def float_reason(self, tpn: int, br: Bracket) -> Reason | None:
        if tpn not in br.upfloaters:
            return None
        return Reason(
            "float",
            "3.5",
            f"{self.who(tpn)} ({self.score(tpn)}) floats up into the {_pts(br.score)}-"
            f"{self.unit} bracket: with fewer upfloaters, no set gives a legal pairing of the "
            "bracket's residents "
            f"({self.whos(br.residents)}) that leaves the other teams pairable ([C1], [C3], "
            "[C4]; Art. 3.5).",
        )

    # -- Art. 4 -------------------------------------------------------------------------------
    def colour_reason(self, tpn: int) -> Reason:
        colour, opp, rule = self.colour[tpn]
        a, b = self.by[tpn], self.by[opp]
        use_secondary = self.tf.rules.secondary_used
        first, second = (
            (a, b) if first_team(_colour_team(a), _colour_team(b), use_secondary) else (b, a)
        )
        if first.primary != second.primary:
            why_first = (
                f"more {self.tf.rules.primary}: {_pts(first.primary)} against "
                f"{_pts(second.primary)}, Art. 4.2.1"
            )
        elif use_secondary and first.secondary != second.secondary:
            why_first = (
                f"equal {self.tf.rules.primary}, more {self.tf.rules.secondary}: "
                f"{_pts(first.secondary)} against {_pts(second.secondary)}, Art. 4.2.2"
            )
        else:
            why_first = "equal scores, the smaller TPN, Art. 4.2.3"
        f, s = self.who(first.tpn), self.who(second.tpn)
        prefs = f"{f} has {_pref(first.pref)}, {s} {_pref(second.pref)} (Art. 1.7)"
        fc = self.colour[first.tpn][0]
        text = {
            "4.3.1": f"neither team has played a match: the first-team {f} gets "
            f"{_WORD[fc]}, by the initial colour ({_WORD[self.inp.initial_colour]}) and the "
            "parity of its TPN",
            "4.3.2": f"{prefs}: the only preference is granted",
            "4.3.3": f"{prefs}: the preferences differ and both are granted",
            "4.3.4": f"{prefs}: the strong preference is granted over the mild one",
            "4.3.5": f"{prefs}; their colour differences are {colour_difference(first.sequence)} "
            f"and {colour_difference(second.sequence)}: White goes to the lower",
            "4.3.6": f"{prefs}; equal colour differences: in the latest match in which their "
            f"colours differed, the first-team {f} had {_WORD[_OTHER[fc]]}, so it now gets "
            f"{_WORD[fc]}",
            "4.3.7": f"{prefs}: the first-team's preference is granted",
            "4.3.8": f"{prefs}: the first-team {f} gets the colour opposite to its last",
            "4.3.9": f"{prefs}: the first-team {f} gets the second-team's last colour",
        }.get(rule, prefs)
        return Reason(
            "colour",
            rule,
            f"{self.who(tpn)} has {_WORD[colour]}: {f} is the first-team ({why_first}); {text} "
            f"(Art. {rule}).",
        )

    # -- Art. 3.4 -----------------------------------------------------------------------------
    def _bye_order(self) -> list[Contender]:
        return sorted(self.by.values(), key=lambda c: (c.score, -c.played, -c.tpn))

    def bye_reasons(self, tpn: int) -> list[Reason]:
        """The PAB team: who came before it and could not take it, and the rule that then
        decided (3.4.2 score, 3.4.3 matches played, 3.4.4 TPN), each only when it decided."""
        me = self.by[tpn]
        before = []
        for c in self._bye_order():
            if c.tpn == tpn:
                break
            before.append(c)
        barred = [c.tpn for c in before if c.pab_barred]
        skipped = [c.tpn for c in before if not c.pab_barred]
        out = []
        if barred:
            out.append(
                Reason(
                    "bye",
                    "C2",
                    f"{self.whos(barred)} cannot receive the PAB: a PAB, a forfeit win or a "
                    "full-point bye before ([C2], Art. 2.1.2).",
                )
            )
        if skipped:
            out.append(
                Reason(
                    "bye",
                    "3.4.1",
                    f"{self.whos(skipped)} would leave no legal pairing of the other teams "
                    "(Art. 3.4.1).",
                )
            )
        rivals = [c for c in self.by.values() if c.tpn != tpn and not c.pab_barred]
        rivals = [c for c in rivals if c.tpn not in skipped]
        same = [c for c in rivals if c.score == me.score]
        if not same:
            rule, why = (
                "3.4.2",
                f"the lowest score of the teams that may receive it ({self.score(tpn)})",
            )
        elif all(c.played < me.played for c in same):
            rule = "3.4.3"
            why = (
                f"of the teams with {self.score(tpn)} ({self.whos([c.tpn for c in same])}), "
                f"the most matches played ({me.played})"
            )
        else:
            rule = "3.4.4"
            why = (
                f"of the teams with {self.score(tpn)} and {me.played} matches played "
                f"({self.whos([c.tpn for c in same if c.played == me.played])}), the largest TPN"
            )
        out.append(Reason("bye", rule, f"{self.who(tpn)} receives the PAB: {why} (Art. {rule})."))
        return out

    def not_bye(self, tpn: int) -> Reason | None:
        """Why a team near the PAB did not get it (only asked for one team)."""
        bye = self.p.bye
        if bye is None or tpn == bye:
            return None
        me, him = self.by[tpn], self.by[bye]
        if me.pab_barred:
            rule, why = "C2", "it had a PAB, a forfeit win or a full-point bye before"
        elif (me.score, -me.played, -me.tpn) < (him.score, -him.played, -him.tpn):
            rule, why = "3.4.1", "giving it the PAB leaves no legal pairing of the others"
        elif me.score > him.score:
            rule = "3.4.2"
            why = f"a higher score ({self.score(tpn)} against {self.score(bye)})"
        elif me.played < him.played:
            rule = "3.4.3"
            why = f"fewer matches played ({me.played} against {him.played})"
        else:
            rule, why = "3.4.4", f"a smaller TPN than {self.who(bye)}"
        article = "[C2], Art. 2.1.2" if rule == "C2" else f"Art. {rule}"
        return Reason("bye", rule, f"Not the PAB: {why} ({article}).")

    # -- one team -----------------------------------------------------------------------------
    def team_why(self, tpn: int, alone: bool) -> PlayerWhy:
        name = self.names.get(tpn, "")
        if tpn not in self.by:
            text = (
                f"{self.who(tpn)} does not take part in round {self.inp.round} (a bye or an "
                "absence in the file): not paired (Art. 3.3.1)."
            )
            return PlayerWhy(tpn, name, "-", None, None, None, None, None, False,
                             (Reason("bye", "3.3.1", text),))  # fmt: skip
        reasons: list[Reason] = []
        br = self.bracket_of.get(tpn)
        opponent = colour = None
        if br is not None and tpn in self.colour:
            colour, opponent, _ = self.colour[tpn]
            reasons += self.bracket_reasons(tpn, br)
            reasons.append(self.pairing_reason(tpn, br))
            reasons.append(self.colour_reason(tpn))
            fl = self.float_reason(tpn, br)
            if fl is not None:
                reasons.append(fl)
        if tpn == self.p.bye:
            reasons += self.bye_reasons(tpn)
        elif alone:
            nb = self.not_bye(tpn)
            if nb is not None:
                reasons.append(nb)
        info = (
            BracketInfo(_pts(br.score), tuple(br.residents), tuple(br.upfloaters))
            if br is not None
            else None
        )
        return PlayerWhy(
            tpn,
            name,
            _pts(self.by[tpn].score),
            info,
            opponent,
            colour,
            "PAB" if tpn == self.p.bye else None,
            "up" if br is not None and tpn in br.upfloaters else None,
            False,
            tuple(reasons),
        )


def team_of(tf: TeamFile, player: int) -> int | None:
    """The team whose line lists ``player`` (a starting rank), if any."""
    for team in tf.records.teams:
        if player in team.members:
            return team.tpn
    return None


def explain_team(
    t: Tournament,
    rnd: int,
    team: int | None = None,
    player: int | None = None,
    against: int | None = None,
    rules: str = "auto",
) -> Explanation:
    """Why round ``rnd`` of the team file ``t`` is paired as it is: every team, or ``team``,
    or the team of ``player`` (a player's match is his team's).

    Raises ValueError for a round, team, player or edition that cannot be explained and
    :class:`.pairer.NoPairing` when the round has no pairing (Art. 3.3.3)."""
    from .audit import check_round
    from .file import edition

    if against is not None:
        raise ValueError("--against is not available for a Swiss Team event yet")
    name, why = edition(t, rules)
    if name is None:
        raise ValueError(f"a Swiss Team event (C.04.6): {why}")
    tf = read_team_file(t, None if t.type_code else "FIDE_TEAM")
    recorded = t.recorded_rounds()
    if not 1 <= rnd <= recorded + 1:
        raise ValueError(f"cannot explain round {rnd}: rounds 1..{recorded + 1} can be")
    notes: list[str] = []
    if player is not None:
        if player not in t.players:
            raise ValueError(f"player {player} is not in the tournament")
        team = team_of(tf, player)
        if team is None:
            raise ValueError(f"player {player} is on no team's line (310/013)")
        p = t.players[player]
        notes.append(
            f"{p.name or f'player {player}'} ({player}) plays for "
            f"{tf.records.teams[[x.tpn for x in tf.records.teams].index(team)].name or team} "
            f"({team}): teams are paired, not players (C.04.6 Art. 1.1); his team's pairing follows."
        )
    teams = sorted(tf.history.rounds)
    if team is not None and team not in teams:
        raise ValueError(f"team {team} is not in the tournament")
    if rnd <= recorded:
        inp = tf.input(rnd, recorded=True)
    else:
        tf.total_rounds = max(tf.total_rounds, rnd)
        inp = tf.input(rnd, recorded=False)
    pairing = pair_teams(inp)
    w = _Why(tf, inp, pairing)
    chosen = [team] if team is not None else teams
    players = tuple(w.team_why(x, team is not None) for x in chosen)
    finding = None
    if rnd <= recorded:
        report = check_round(tf, rnd)
        if report.discrepancies:
            d = report.discrepancies[0]
            finding = d.summary or d.explanation
    return Explanation(
        round=rnd,
        rules=f"team-{name}",
        rules_reason=why,
        recorded=rnd <= recorded,
        players=players,
        boards=tuple((b.white, b.black) for b in pairing.boards),
        bye=pairing.bye,
        finding=finding,
        player=team,
        notes=tuple(notes),
    )
