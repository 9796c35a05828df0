"""trfaudit: check the pairings recorded in a FIDE tournament file against the Dutch Swiss system.

The data flows one way: a file is read into the typed :class:`Tournament` model (``trfaudit.trf``),
the engine pairs a round from the rounds before it (``trfaudit.engine``), and the checker compares
the recorded round with the engine's and says which rule decides (``trfaudit.checker``).

>>> import trfaudit
>>> trfaudit.__version__ != ""
True
>>> t = trfaudit.read("corpus/seed-example/round3-input.trf")
>>> len(t.players), t.recorded_rounds()
(14, 2)
>>> pairing = trfaudit.pair(t)            # round 3, the first round not recorded
>>> pairing.round, len(pairing.boards), pairing.bye
(3, 7, None)
>>> report = trfaudit.check(t)           # re-pair rounds 1 and 2 and compare
>>> report.rules, [str(r.status) for r in report.rounds]
('2025', ['match', 'match'])
>>> [p for p in trfaudit.validate(t) if p.is_error]
[]
>>> trfaudit.write(t, "trf26").startswith("012")
True
"""

from __future__ import annotations

# Absolute imports: this file is the repository root's (pyproject's package-dir), and pytest
# imports the root once more under the checkout folder's name, where relative ones would fail.
from pathlib import Path
from typing import TYPE_CHECKING

from trfaudit.trf.errors import Problem, TrfError
from trfaudit.trf.model import EntryKind, Player, RoundEntry, Scoring, Tournament

if TYPE_CHECKING:
    from trfaudit.checker.findings import BatchReport, FileReport
    from trfaudit.corpus.config import GeneratorConfig
    from trfaudit.engine.dutch.editions import Edition
    from trfaudit.engine.explanation import Explanation
    from trfaudit.engine.findings import Discrepancy, FindingClass, Kind, RoundReport, Status
    from trfaudit.engine.result import Board, NoPairing, RoundPairing
    from trfaudit.engine.systems import EDITIONS, EditionInfo
    from trfaudit.trf.reader import parse

# The engine and the checker load on first use (PEP 562), so that `trfaudit --help` and the
# commands that do not pair start quickly.
_LAZY = {
    "trfaudit.checker.findings": ("BatchReport", "FileReport"),
    "trfaudit.engine.findings": (
        "Discrepancy",
        "FindingClass",
        "Kind",
        "RoundReport",
        "Status",
    ),
    "trfaudit.engine.result": ("Board", "NoPairing", "RoundPairing"),
    "trfaudit.engine.dutch.editions": ("Edition",),
    "trfaudit.engine.systems": ("EDITIONS",),
    "trfaudit.trf.reader": ("parse",),
    "trfaudit.engine.explanation": ("Explanation",),
}


def __getattr__(name: str) -> object:
    import importlib

    if name == "__version__":  # the package metadata's version (checker/reports/provenance)
        from trfaudit.checker.reports.provenance import version

        globals()[name] = version()
        return globals()[name]

    for module, names in _LAZY.items():
        if name in names:
            value = getattr(importlib.import_module(module), name)
            globals()[name] = value
            return value
    raise AttributeError(f"module 'trfaudit' has no attribute {name!r}")


__all__ = [
    "EDITIONS",
    "__version__",
    "BatchReport",
    "Board",
    "Discrepancy",
    "Edition",
    "EntryKind",
    "Explanation",
    "FileReport",
    "FindingClass",
    "Kind",
    "NoPairing",
    "Player",
    "Problem",
    "RoundEntry",
    "RoundPairing",
    "RoundReport",
    "Scoring",
    "Status",
    "Tournament",
    "TrfError",
    "check",
    "choose_edition",
    "explain",
    "generate",
    "pair",
    "parse",
    "read",
    "validate",
    "write",
]


def read(path: str | Path) -> Tournament:
    """Read a tournament from a TRF file (any dialect) or trfaudit's JSON form.

    Raises :class:`TrfError` (file, line, column, what was expected) for anything wrong with
    the input, a missing file included.
    """
    from trfaudit.trf.files import load

    return load(path)


def write(t: Tournament, dialect: str = "trf26") -> str:
    """``t`` as text in ``dialect``: ``trf16``, ``trfx``, ``trf26`` or ``json``.

    Facts the dialect cannot hold are issued as :class:`trfaudit.trf.writer.TrfConversionWarning`.
    """
    if dialect == "json":
        from trfaudit.trf.jsonform import to_json

        return to_json(t)
    from trfaudit.trf.writer import write as write_trf

    return write_trf(t, dialect)


def validate(t: Tournament) -> list[Problem]:
    """The consistency problems of ``t`` (errors and warnings; ``Problem.is_error`` tells)."""
    from trfaudit.trf.validate import validate as validate_trf

    return validate_trf(t)


def choose_edition(t: Tournament, rules: str = "auto") -> tuple[EditionInfo, str]:
    """The edition ``t`` is judged by and why (``rules``: ``auto``, ``2025``, ``2017``, ``2012``).

    Raises ValueError when the file is not a Dutch tournament or names an edition the engine
    does not have.
    """
    from trfaudit.engine.edition_choice import choose_edition as choose
    from trfaudit.engine.systems import EDITIONS

    choice = choose(t, rules)
    if choice.edition is None:
        raise ValueError(choice.reason)
    if choice.edition not in EDITIONS:
        raise ValueError(f"rules {choice.edition} are not implemented ({choice.reason})")
    return EDITIONS[choice.edition], choice.reason


def pair(t: Tournament, round: int | None = None, rules: str = "auto") -> RoundPairing:
    """Pair ``round`` (default: the first round with no recorded pairing) from the rounds
    before it, by the pairing system and edition ``rules`` chooses (the file's ``192`` code
    names the system: :mod:`trfaudit.engine.systems`).

    Raises :class:`NoPairing` when no pairing satisfies the absolute criteria (C.04.3 1.9.3:
    the arbiter decides), ValueError for a round that cannot be paired.
    """
    from trfaudit.checker.audit import pair as pair_file

    return pair_file(t, round, rules).pairing


def check(t: Tournament, rules: str = "auto", round: int | None = None) -> FileReport:
    """Re-pair every recorded round of ``t`` (or only ``round``) and compare it with the record.

    The :class:`FileReport` says which edition was used and why, and per round whether it
    matches and, where it does not, each :class:`Discrepancy` with its kind and criterion.
    """
    from trfaudit.checker.audit import Options, check_tournament

    return check_tournament(t, Options(rules=rules, round=round))


def explain(
    tournament: Tournament,
    round: int,
    player: int | None = None,
    against: int | None = None,
    rules: str = "auto",
    team: int | None = None,
) -> Explanation:
    """Why round ``round`` is paired as it is, per player (or ``player``), in the rules' terms
    (``trfaudit explain``): bracket, float, opponent, colour and bye, each with its reasons.

    A Swiss Team event is explained per team, in C.04.6's terms (``team``: one team;
    ``player``: the team of that player): :mod:`trfaudit.engine.team.why`.

    ``against`` (with ``player``): the best round the rules allow with the two paired, and
    the verdict (illegal, quality or order).  A recorded round is explained as the engine
    pairs it (a differing record's ``check`` finding is in ``finding``); round
    ``recorded_rounds() + 1`` is the engine's next round.  ``Explanation.to_json()`` is the
    document of ``checker/reports/schema/explain.schema.json``.

    >>> t = read("corpus/seed-example/round3-input.trf")
    >>> e = explain(t, 3, player=3)
    >>> p = e.players[0]
    >>> p.opponent, p.colour, [r.rule for r in p.reasons if r.about == "opponent"][:3]
    (4, 'w', ['4.2', '4.3', 'C1'])
    """
    from trfaudit.checker.audit import explain as explain_round

    return explain_round(tournament, round, player=player, against=against, rules=rules, team=team)


def generate(
    players: int,
    rounds: int,
    seed: int = 1,
    *,
    config: GeneratorConfig | None = None,
    **settings: object,
) -> Tournament:
    """A random tournament paired round by round by trfaudit's engine (``trfaudit generate``).

    ``settings`` are :class:`~trfaudit.corpus.config.GeneratorConfig` fields (``draw_rate``,
    ``rules``, ...); the same seed gives the same tournament.

    >>> t = generate(10, 3, seed=7)
    >>> len(t.players), t.recorded_rounds()
    (10, 3)
    """
    from trfaudit.corpus.config import GeneratorConfig
    from trfaudit.corpus.generator import generate as generate_one

    base = config if config is not None else GeneratorConfig()
    cfg = base.replace(players=players, rounds=rounds, **settings)
    return generate_one(cfg, seed).tournament
