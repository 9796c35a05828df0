"""A whole file under the FIDE (Dutch) System: what is checked before and after its rounds.

Before (:func:`prepare`): the file is consistent (:func:`trfaudit.trf.validate.validate`;
one round's pairing faults are that round's findings), the edition is chosen
(:func:`trfaudit.engine.edition_choice.choose_edition`: ``--rules``, the type code, the
dates), the initial colour is read or inferred (5.1: the ``152``/``XXC`` record, else
round 1) and a stated colour that round 1 contradicts is one finding.  After
(:func:`finish`): the differing rounds a reading of the file explains are its fault
(:func:`.readings.inputs.diagnose`).  :func:`pair` pairs the next round of a file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..edition_choice import EditionChoice, choose_edition
from ..recorded import pending_warnings
from ..systems import Paired, Plan, Request, TaskMap
from .editions import EDITIONS, Edition
from .system import dutch_edition

if TYPE_CHECKING:
    from trfaudit.trf.errors import Problem
    from trfaudit.trf.model import Tournament

    from ..findings import RoundReport


def _round_fault(problem: Problem) -> bool:
    """Validator findings about one round's pairing (reported per round by the audit)."""
    return problem.round is not None


def _edition(t: Tournament, rules: str) -> tuple[Edition | None, str, EditionChoice]:
    """The edition ``rules`` gives for ``t`` (None: the reason says why), the reason, and
    the choice (its name, the candidate editions when the dates cannot tell)."""
    choice = choose_edition(t, "auto" if rules == "all" else rules)
    if choice.edition is None:
        return None, choice.reason, choice
    edition = EDITIONS.get(choice.edition)
    if edition is None:
        implemented = ", ".join(sorted({e.name for e in EDITIONS.values()}))
        why = f"rules {choice.edition} are not implemented yet ({choice.reason}); "
        return None, why + f"implemented: {implemented}", choice
    return edition, choice.reason, choice


def edition_for(t: Tournament, rules: str = "auto") -> tuple[Edition, str]:
    """The edition ``rules`` chooses for ``t`` and why (ValueError: none can be)."""
    edition, why, _ = _edition(t, rules)
    if edition is None:
        raise ValueError(why)
    return edition, why


def prepare(t: Tournament, request: Request) -> Plan:
    """The editions and initial colours to audit ``t``'s rounds under, with the file-level
    findings (see the module docstring)."""
    from trfaudit.trf.system import not_a_swiss
    from trfaudit.trf.validate import validate

    from ..acceleration import assume_total_rounds
    from ..lichess import other_system
    from .audit.round import initial_colour
    from .readings.fallback import is_fallback
    from .readings.inputs import initial_colour_finding

    plan = Plan()
    league = not_a_swiss(t) if request.rules == "auto" else None
    if league is not None:
        plan.error = (
            f"not a Swiss tournament: 092 {league!r} names a league or round robin (use --rules "
            "to check it against the Dutch rules anyway)"
        )
        return plan
    problems = validate(t)
    fatal = [p for p in problems if p.is_error and not _round_fault(p)]
    plan.warnings = [str(p) for p in problems if not p.is_error or _round_fault(p)]
    if fatal:
        shown = "; ".join(str(p) for p in fatal[:3])
        more = f" (and {len(fatal) - 3} more)" if len(fatal) > 3 else ""
        plan.error = f"inconsistent file: {shown}{more}"
        return plan
    edition, why, choice = _edition(t, request.rules)
    plan.rules, plan.rules_reason, candidates = choice.edition, choice.reason, choice.candidates
    if edition is None:
        plan.error = why
        return plan
    plan.rules_title = edition.title
    plan.warnings += pending_warnings(t, request.file)
    assumed = assume_total_rounds(t, request.total_rounds)
    if assumed is not None:
        plan.warnings.append(f"{request.file}: {assumed}")
        plan.assumed_rounds = t.total_rounds
    plan.other_system = other_system(t)
    if plan.other_system is not None:
        plan.warnings.insert(0, f"{request.file}: {plan.other_system}")
    plan.fallback = is_fallback(choice.reason, choice.candidates, request.rules)
    initial, note = initial_colour(t, edition)
    if note:
        plan.warnings.append(f"{request.file}: {note}")
    contradicted = initial_colour_finding(t, edition)
    if contradicted is not None:
        initial = contradicted[0]
        plan.findings[1] = contradicted[1]
    names = list(candidates) or [edition.name]
    if request.rules == "all":
        names += [e.name for e in EDITIONS.values() if e.name not in names]
    editions = tuple(EDITIONS[n] for n in names if n in EDITIONS)
    # A 152/XXC that round 1 contradicts is one finding; every edition pairs with the colour
    # round 1 shows (readings.inputs).
    plan.initials = (initial,) + tuple(
        initial if contradicted is not None else initial_colour(t, e)[0] for e in editions[1:]
    )
    plan.editions = editions
    plan.known = not candidates
    return plan


def finish(
    t: Tournament, plan: Plan, reports: list[RoundReport], tasks: TaskMap = map
) -> list[RoundReport]:
    """The differing rounds a reading of the file explains, reported as its fault; then the
    notes on an edition taken by default and on a file paired by another system.  ``tasks``
    runs the rounds' searches of bye readings (:func:`.readings.inputs.diagnose`)."""
    from ..lichess import as_other_system
    from .readings.fallback import other_edition_line
    from .readings.inputs import diagnose

    initial = plan.initials[0] if plan.initials else None
    edition = dutch_edition(plan.editions[0])
    reports = diagnose(t, edition, reports, initial, tasks)
    # The default edition for want of a code and a date: another edition that reproduces
    # every round is named; a file paired by another system: its findings are readings.
    if plan.fallback:
        line = other_edition_line(t, dutch_edition(plan.editions[0]), reports)
        if line is not None:
            plan.warnings.append(line)
    if plan.other_system is not None:
        reports = [as_other_system(r) for r in reports]
    return reports


def pair(t: Tournament, rnd: int, rules: str = "auto") -> Paired:
    """Round ``rnd`` of ``t`` paired from the rounds before it, honouring the announced
    absences and requested byes of that round (``XXZ``, ``240``, ``0000 - Z/H/F``)."""
    from ..history import players_to_pair
    from ..recorded import check_round_to_pair
    from .pairer import DutchPairer

    check_round_to_pair(t, rnd)
    edition, why = edition_for(t, rules)
    inp = players_to_pair(t, rnd)
    notes: tuple[str, ...] = ()
    code = (t.type_code or "").strip().upper()
    if code.endswith("_BAKU") and not t.total_rounds and not t.accelerations:
        notes = (
            f"192 {code}: the file states no number of rounds (XXR/142), so the rounds the Baku "
            "acceleration covers (the first half, C.04.5.1) cannot be known: paired without it",
        )
    return Paired(DutchPairer(inp, edition).pair(), edition, why, notes)


def pairing_document(t: Tournament, paired: Paired) -> dict[str, object]:
    """``pair --format json``: boards with their colour rules, the bye, the brackets."""
    from ..history import round_input
    from ..output import boards_document
    from .trace import trace_of

    p = paired.pairing
    points = round_input(t, p.round).points
    return {
        **boards_document(paired),
        "bye_score": None if p.bye_score is None else points.show(p.bye_score),
        "brackets": [
            {
                "score": points.show(b.score),
                "residents": b.residents,
                "mdps": b.mdps,
                "pairs": [list(x) for x in b.pairs],
                "downfloaters": b.downfloaters,
            }
            for b in trace_of(p).brackets
        ],
    }
