"""The pairing systems the engine has: one registry, asked by TRF ``192`` code, name or edition.

A pairing system is a subpackage of :mod:`trfaudit.engine` with one :class:`System` entry here
(the FIDE (Dutch) System, C.04.3, is :mod:`trfaudit.engine.dutch`), the way python-chess finds
a variant by name and bbpPairings' ``swisssystems`` hands out an ``Info`` per system.  Every
user asks this module: the edition choice (:mod:`trfaudit.engine.edition_choice`), ``pair``,
``check`` (which also reads a system's ``explainer``) and ``generate``.  A file whose code
names no registered system is refused by ``check`` as before; a file naming no system at all
is taken for a :data:`DEFAULT` (Dutch) one, as every Dutch engine's input is.

>>> system_for("FIDE_DUTCH_2017_BAKU").name
'FIDE_DUTCH'
>>> system_for("FIDE_BURSTEIN") is None
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import date
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from trfaudit.trf.model import Tournament

    from .dutch.editions import Edition
    from .history import RoundInput
    from .result import RoundPairing

#: The system of a file that names none (``192``/``092`` absent).
DEFAULT = "FIDE_DUTCH"


class System(Protocol):
    """What the engine and the checker need of a pairing system.

    ``code`` is the TRF-2026 ``192`` code naming the system (an edition's code extends it:
    ``FIDE_DUTCH_2025``; a ``_BAKU`` suffix asks for C.04.5.1); ``editions`` its editions,
    newest first, and ``by_name`` every name a user may give one (aliases included);
    ``explainer`` the checker's function that reads the system's trace of a round, as
    ``"module:function"`` (a name, so that the engine imports nothing of the checker).
    """

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def code(self) -> str: ...
    @property
    def team(self) -> bool: ...
    @property
    def editions(self) -> tuple[Edition, ...]: ...
    @property
    def by_name(self) -> Mapping[str, Edition]: ...
    @property
    def explainer(self) -> str: ...

    def edition_named_by(self, code: str) -> Edition | None:
        """The edition a type code names (``FIDE_DUTCH_2017_BAKU`` -> 2017), if any."""

    def edition_in_force(self, day: date) -> Edition:
        """The edition in force on ``day``."""

    def pair(self, inp: RoundInput, edition: Edition) -> RoundPairing:
        """Pair round ``inp.round`` under ``edition``; raises ``NoPairing`` when none exists."""


_SYSTEMS: dict[str, System] = {}


def _load() -> dict[str, System]:
    if not _SYSTEMS:
        _SYSTEMS.update((s.name, s) for s in builtin_systems())
    return _SYSTEMS


def register(system: System) -> System:
    """Add ``system`` to the registry (its name must be new); returns it."""
    systems = _load()
    if system.name in systems:
        raise ValueError(f"pairing system {system.name} is already registered")
    systems[system.name] = system
    return system


def unregister(name: str) -> None:
    """Remove the system ``name`` (a test's toy system, say); the default stays."""
    if name == DEFAULT:
        raise ValueError(f"the default system {DEFAULT} cannot be removed")
    _load().pop(name, None)


def systems() -> tuple[System, ...]:
    """Every registered system, the default first."""
    return tuple(_load().values())


def builtin_systems() -> tuple[System, ...]:
    """The systems the package itself registers (the command line's ``--rules`` choices are
    read from them when it loads; :func:`register` adds to the registry at run time)."""
    from .dubov.system import DUBOV
    from .dutch.system import DUTCH
    from .team.registry import TEAM

    return (DUTCH, TEAM, DUBOV)  # type: ignore[return-value]  # TEAM pairs team inputs (engine/team)


def edition_names() -> tuple[str, ...]:
    """The built-in systems' edition names, newest first (``--rules``, ``--rules all``)."""
    return tuple(e.name for s in builtin_systems() for e in s.editions)


def named(name: str) -> System:
    return _load()[name]


def default() -> System:
    return _load()[DEFAULT]


def system_for(code: str | None, team: bool = False) -> System | None:
    """The system a type code names (None: the default), or None when none is registered.

    ``team``: the file is a team event (a system answers only for its own kind of event)."""
    if code is None:
        found: System | None = default()
    else:
        base = code.strip().upper().removesuffix("_BAKU")
        found = next(
            (s for s in _load().values() if base == s.code or base.startswith(s.code + "_")),
            None,
        )
    return found if found is not None and found.team == team else None


def system_of_file(t: Tournament) -> System | None:
    """The registered system ``t`` was paired by (``192``/``092``, team records), if any."""
    from trfaudit.trf.system import pairing_system

    found = pairing_system(t)
    return system_for(found.code, found.team)


def system_of(edition: Edition) -> System:
    """The system ``edition`` belongs to."""
    for system in _load().values():
        if any(e is edition for e in system.editions):
            return system
    raise KeyError(f"edition {edition.name} belongs to no registered pairing system")


class _Editions(Mapping[str, "Edition"]):
    """Every registered system's editions by name (aliases included), as registered now."""

    def __getitem__(self, name: str) -> Edition:
        for system in _load().values():
            if name in system.by_name:
                return system.by_name[name]
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (n for s in _load().values() for n in s.by_name)

    def __len__(self) -> int:
        return sum(len(s.by_name) for s in _load().values())


#: Every edition the engine can pair, by name: ``EDITIONS["2017"]``.
EDITIONS: Mapping[str, Edition] = _Editions()


def pair_round(inp: RoundInput, edition: Edition | None = None) -> RoundPairing:
    """Pair round ``inp.round`` under ``edition`` (default: the default system's newest) by
    the system it belongs to; raises ``NoPairing`` when the rules allow no pairing."""
    chosen = edition if edition is not None else default().editions[0]
    return system_of(chosen).pair(inp, chosen)
