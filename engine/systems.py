"""The pairing systems the engine has: the :class:`System` protocol and its registry.

A pairing system is one subpackage of :mod:`trfaudit.engine` holding everything that knows
its rules (pairer, audit of a recorded round, explanations, rule texts, file readings,
generator), plus one line in :func:`builtin_systems` — the way bbpPairings' ``swisssystems``
hands out one entry per system and python-chess finds a variant by name.  Everything outside
the system's folder (the checker, the command line, the web page, the Python API) knows it
only through this protocol: which system a file is (:func:`recognise`), its editions, and
the calls below.

>>> system_for("FIDE_DUTCH_2017_BAKU").name
'FIDE_DUTCH'
>>> system_for("FIDE_BURSTEIN") is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from trfaudit.trf.model import Tournament
    from trfaudit.trf.system import PairingSystem

    from .explanation import Explanation
    from .findings import Discrepancy, RoundReport
    from .history import RoundInput
    from .result import RoundPairing

#: The system of a file that names none (``192``/``092`` absent, no team records).
DEFAULT = "FIDE_DUTCH"


class EditionInfo(Protocol):
    """What everyone outside a system reads of one of its editions."""

    @property
    def name(self) -> str:
        """The name a user gives it (``--rules 2025``)."""

    @property
    def title(self) -> str:
        """Its title in words (``the FIDE (Dutch) System, C.04.3 2025/2026``)."""

    @property
    def in_force_from(self) -> date | None:
        """First day it applies (None: from the beginning of what is implemented)."""

    @property
    def in_force_until(self) -> date | None:
        """Last day it applies (None: still in force)."""

    @property
    def model_gaps(self) -> str:
        """What of the text the engine does not model ("" when nothing): a finding under
        such an edition is the engine's reading, class ``interpretation``."""


@dataclass(frozen=True)
class Request:
    """What the user asked of a file's check: ``rules`` (``auto``, an edition's name, or
    ``all``: every edition side by side), one ``round`` (None: all), the C.07 text
    (``tb_rules``: ``auto``, ``2024``, ``2026``) for the standings; ``file`` is the name
    the report gives the file (warnings start with it); ``total_rounds``: the number of
    rounds of a file that states none (``check --rounds``), for an acceleration that needs
    it."""

    rules: str = "auto"
    round: int | None = None
    tb_rules: str = "auto"
    file: str = "<tournament>"
    total_rounds: int | None = None


@dataclass
class Plan:
    """What a system makes of one file before its rounds are audited (:meth:`System.prepare`).

    ``error`` set: the file cannot be checked (the reason, in words).  Otherwise ``editions``
    are the editions each round is audited under (the one in force first) with their
    initial colours ``initials``; ``known`` is False when the file's dates cannot give the
    edition; ``findings`` are file-level findings reported in the round they are found in.
    """

    rules: str | None = None
    rules_reason: str = ""
    rules_title: str = ""
    editions: tuple[EditionInfo, ...] = ()
    initials: tuple[str | None, ...] = ()
    known: bool = True
    rounds: tuple[int, ...] = ()
    findings: dict[int, Discrepancy] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    #: The file says it was paired by another system than the one it is checked by (a
    #: lichess export of 250 or more players): its pairing findings are class
    #: ``interpretation``, the sentence says why.
    other_system: str | None = None
    #: The edition is the default for want of a type code and a date.
    fallback: bool = False
    #: The number of rounds the system assumed for a file that states none (it set
    #: ``t.total_rounds``; a process that reads the file again must do the same).
    assumed_rounds: int | None = None


@dataclass(frozen=True)
class Paired:
    """A round the system paired (:meth:`System.pair`): the pairing, the edition and why."""

    pairing: RoundPairing
    edition: EditionInfo
    reason: str
    #: What the user should know of how it was paired (a stated assumption, say).
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class GenerateRequest:
    """``trfaudit generate --system KEY``: where to write (``-``: stdout; with ``count``, a
    folder of ``count`` files, seeds ``seed``, ``seed + 1``, ...), the field's ``size``
    (players or teams; None: the system's default), ``rounds`` (None: its default),
    ``boards`` per match (team systems), the ``192`` ``code`` (None: the system's), the
    Baku acceleration, and ``settings`` (``--set KEY=VALUE``, the system's own keys)."""

    output: str
    size: int | None = None
    rounds: int | None = None
    seed: int = 1
    count: int | None = None
    boards: int = 4
    code: str | None = None
    baku: bool = False
    settings: tuple[str, ...] = ()

    @property
    def seeds(self) -> list[int]:
        """The seed of each tournament asked for."""
        return [self.seed] if self.count is None else list(range(self.seed, self.seed + self.count))

    def write(self, texts: list[str], stem: str) -> str:
        """Write ``texts`` (one per seed) where the request says: ``STEM-SEED.trf`` files in
        the folder (made when missing) with ``count``, else the one file or stdout; returns
        where they went."""
        from pathlib import Path

        out = Path(self.output)
        if self.count is not None:
            out.mkdir(parents=True, exist_ok=True)
            for seed, text in zip(self.seeds, texts):
                (out / f"{stem}-{seed}.trf").write_text(text)
        elif self.output == "-":
            print(texts[0], end="")
        else:
            out.write_text(texts[0])
        return str(out)


@dataclass
class TeamTables:
    """``names``: team names by team number; ``members``: each team's players (starting
    rank, name) in board order; ``rounds``: per recorded round ``{"round", "boards":
    [[white team, black team, "2.5–1.5"], ...], "byes": [[team, kind], ...]}`` where
    ``kind`` is ``pab``, ``half_bye``, ``full_bye``, ``zero_bye`` or ``absent``;
    ``recorded``: per round the record's pairs (smaller number first), PAB team and colours;
    ``standings``: the team standings table (MP, GP and the file's team tie-breaks)."""

    names: dict[int, str]
    members: dict[int, list[list[Any]]]
    rounds: list[dict[str, Any]]
    recorded: dict[int, tuple[list[tuple[int, int]], int | None, dict[int, str]]]
    standings: dict[str, Any] = field(default_factory=dict)


@dataclass
class StandingsCheck:
    """A system's own verdict on the recorded standings (:meth:`System.standings`)."""

    discrepancies: list[Discrepancy] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


_T = TypeVar("_T")
_R = TypeVar("_R")


class TaskMap(Protocol):
    """How a system runs the independent tasks of one file's finish: the built-in ``map``,
    or a process pool's ``map`` (the checker's ``--jobs``).  The results come in the order
    of the items; a task is a module-level function of picklable arguments."""

    def __call__(self, fn: Callable[[_T], _R], items: Iterable[_T], /) -> Iterable[_R]: ...


class System(Protocol):
    """What the checker, the front-ends and the API need of a pairing system.

    ``code`` is the TRF-2026 ``192`` code naming the system (an edition's code extends it:
    ``FIDE_DUTCH_2025``; ``_BAKU`` asks for the Baku acceleration, C.04.7); ``team`` says
    whether it pairs teams; ``editions`` are its editions, newest first, and ``by_name``
    every name a user may give one (aliases included).
    """

    @property
    def name(self) -> str: ...
    @property
    def key(self) -> str:
        """The short name a user gives the system (``--system dutch``)."""

    @property
    def title(self) -> str: ...
    @property
    def code(self) -> str: ...
    @property
    def team(self) -> bool: ...
    @property
    def editions(self) -> tuple[EditionInfo, ...]: ...
    @property
    def by_name(self) -> Mapping[str, EditionInfo]: ...

    def recognise(self, stated: PairingSystem) -> bool:
        """Whether a file stating ``stated`` (its ``192``/``092`` code, its team records)
        was paired by this system."""

    def edition_named_by(self, code: str) -> EditionInfo | None:
        """The edition a type code names (``FIDE_DUTCH_2017_BAKU`` -> 2017), if any."""

    def edition_in_force(self, day: date) -> EditionInfo:
        """The edition in force on ``day``."""

    def edition_for(self, t: Tournament, rules: str = "auto") -> tuple[EditionInfo, str]:
        """The edition ``rules`` (``auto``: the file's code, else its dates) chooses for
        ``t``, and why in words; raises ``ValueError`` with the reason when none can be."""

    def prepare(self, t: Tournament, request: Request) -> Plan:
        """Validate ``t`` for this system, choose the editions and rounds to audit."""

    def audit_round(
        self, t: Tournament, rnd: int, edition: EditionInfo, initial: str | None
    ) -> RoundReport:
        """Re-pair round ``rnd`` from the rounds before it and say where the record differs,
        naming the rule that decides (the edition's label) with both values."""

    def finish(
        self, t: Tournament, plan: Plan, reports: list[RoundReport], tasks: TaskMap = map
    ) -> list[RoundReport]:
        """The audited rounds once the whole file is seen: file readings that explain
        differing rounds (class ``input``), the edition's gaps.  ``tasks`` runs what is
        independent (:class:`TaskMap`)."""

    def standings(self, t: Tournament, tb_rules: str) -> StandingsCheck | None:
        """The system's own check of the recorded standings; None: the individual standings
        of C.07 apply (the checker verifies them)."""

    def pair(self, t: Tournament, rnd: int, rules: str = "auto") -> Paired:
        """Pair round ``rnd`` of ``t`` from the rounds before it under the edition ``rules``
        chooses (as :meth:`prepare` does); raises ``NoPairing`` when the rules allow none,
        ``ValueError`` (the reason in words) when the round cannot be paired."""

    def pairing_json(self, t: Tournament, paired: Paired) -> dict[str, object]:
        """``pair --format json``'s document (boards with their colour rules, the bye, the
        brackets) for a pairing of :meth:`pair`."""

    def explain(
        self,
        t: Tournament,
        rnd: int,
        rules: str = "auto",
        player: int | None = None,
        against: int | None = None,
        team: int | None = None,
    ) -> Explanation:
        """Why round ``rnd`` is paired as it is, per player (or for ``player`` alone, and
        why not ``against``; in a team event for ``team``), in the terms of the edition
        ``rules`` chooses; raises ``ValueError`` (the reason in words) when it cannot be
        explained."""

    def explain_players(
        self, t: Tournament, rnd: int, rules: str, players: list[int]
    ) -> Explanation:
        """The explanations a ``check`` report embeds for the ``players`` of a differing
        round: one round's worth of measured alternatives in all, no finding (the report
        has it)."""

    def recorded_boards(self, t: Tournament, rnd: int, rules: str) -> list[tuple[int, int]]:
        """The record's boards of round ``rnd`` (white, black) in the system's board order
        (the order of its verdicts' tables)."""

    def team_tables(self, t: Tournament) -> TeamTables | None:
        """A team system's tables of a file for a page (team names and players, matches,
        team standings); None for a system that pairs players."""

    def generate(self, request: GenerateRequest) -> tuple[str, int]:
        """Random tournaments paired round by round by this system (``trfaudit generate``):
        the message for the user and the exit code (0, or 2 for bad settings)."""


@runtime_checkable
class RoundInputSystem(Protocol):
    """A system that pairs the shared :class:`~trfaudit.engine.history.RoundInput` (the
    individual systems): the engine's own :func:`pair_round` and the generators use it."""

    def pair_input(self, inp: RoundInput, edition: EditionInfo) -> RoundPairing: ...


_SYSTEMS: dict[str, System] = {}


def _load() -> dict[str, System]:
    if not _SYSTEMS:
        _SYSTEMS.update((s.name, s) for s in builtin_systems())
    return _SYSTEMS


def builtin_systems() -> tuple[System, ...]:
    """The systems the package registers, the default first: one line each."""
    from .berger.system import BERGER_SYSTEM
    from .dubov.system import DUBOV
    from .dutch.system import DUTCH
    from .team.system import TEAM

    return (DUTCH, TEAM, BERGER_SYSTEM, DUBOV)


def register(system: System) -> System:
    """Add ``system`` to the registry (its name must be new); returns it."""
    systems = _load()
    if system.name in systems:
        raise ValueError(f"pairing system {system.name} is already registered")
    systems[system.name] = system
    return system


def unregister(name: str) -> None:
    """Remove the system ``name`` (a test's system, say); the default stays."""
    if name == DEFAULT:
        raise ValueError(f"the default system {DEFAULT} cannot be removed")
    _load().pop(name, None)


def systems() -> tuple[System, ...]:
    """Every registered system, the default first."""
    return tuple(_load().values())


def edition_names(team: bool | None = None) -> tuple[str, ...]:
    """The built-in systems' edition names, newest first (``--rules``, ``--rules all``);
    ``team``: only team (True) or individual (False) systems' editions."""
    return tuple(
        e.name for s in builtin_systems() if team is None or s.team == team for e in s.editions
    )


def named(name: str) -> System:
    return _load()[name]


def by_key(key: str) -> System | None:
    """The system a user names by its short name (``dutch``, ``team``)."""
    return next((s for s in _load().values() if s.key == key), None)


def default() -> System:
    return _load()[DEFAULT]


def system_for(code: str | None, team: bool = False) -> System | None:
    """The system a type code names (None: the default), or None when none is registered.

    ``team``: the file is a team event (a system answers only for its own kind of event)."""
    if code is None:
        found: System | None = default() if not team else None
        if team:
            found = next((s for s in _load().values() if s.team), None)
    else:
        from trfaudit.trf.system import PairingSystem

        stated = PairingSystem(code.strip(), "192")
        found = next((s for s in _load().values() if s.recognise(stated)), None)
    return found if found is not None and found.team == team else None


def recognise(t: Tournament) -> System | None:
    """The one answer to "which system is this file": the registered system that says it
    paired ``t`` (its ``192``/``092`` code, a ``092`` that calls it a round robin, its team
    records), the default when the file names none, None when it names a system the engine
    does not have."""
    from trfaudit.trf.system import pairing_system

    stated = pairing_system(t)
    # A system that claims the file by what it says comes before the default, which also
    # claims a file that names no system.
    systems = sorted(_load().values(), key=lambda s: s.name == DEFAULT)
    return next((s for s in systems if s.recognise(stated)), None)


def system_of(edition: EditionInfo) -> System:
    """The system ``edition`` belongs to."""
    for system in _load().values():
        if any(e is edition for e in system.editions):
            return system
    raise KeyError(f"edition {edition.name} belongs to no registered pairing system")


class _Editions(Mapping[str, EditionInfo]):
    """Every registered system's editions by name (aliases included), as registered now."""

    def __getitem__(self, name: str) -> EditionInfo:
        for system in _load().values():
            if name in system.by_name:
                return system.by_name[name]
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (n for s in _load().values() for n in s.by_name)

    def __len__(self) -> int:
        return sum(len(s.by_name) for s in _load().values())


#: Every edition the engine can pair, by name: ``EDITIONS["2017"]``.
EDITIONS: Mapping[str, EditionInfo] = _Editions()


def pair_round(inp: RoundInput, edition: EditionInfo | None = None) -> RoundPairing:
    """Pair round ``inp.round`` under ``edition`` (default: the default system's newest) by
    the system it belongs to; raises ``NoPairing`` when the rules allow no pairing."""
    chosen = edition if edition is not None else default().editions[0]
    system = system_of(chosen)
    if not isinstance(system, RoundInputSystem):
        raise TypeError(f"{system.title} does not pair individual players' rounds")
    return system.pair_input(inp, chosen)
