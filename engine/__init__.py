"""The pairing engine: one round at a time, by the pairing system a file names.

The systems are in :mod:`.systems` (the protocol and the registry); each system is one
subpackage (the FIDE (Dutch) System is :mod:`.dutch`, the Swiss Team system :mod:`.team`).
What every system shares stays here: ``history`` (what the engine reads of a tournament),
``result`` (a round's pairing), ``matching``, ``absolute`` (C1, C3), ``acceleration``,
``output``, ``findings`` and ``explanation`` (what an audit and an explanation say),
``recorded`` (a file's recorded round), ``tiebreaks``.

>>> from trfaudit.trf.reader import read
>>> from trfaudit.engine import pair_round, round_input
>>> pairing = pair_round(round_input(read("corpus/seed-example/round3-input.trf"), 3))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .history import RoundInput, round_input
    from .result import Board, NoPairing, RoundPairing
    from .systems import EDITIONS, pair_round

__all__ = [
    "Board",
    "NoPairing",
    "RoundPairing",
    "pair_round",
    "EDITIONS",
    "RoundInput",
    "round_input",
]

# Each name loads its module on first use (PEP 562): importing a submodule (the edition
# registry for the command line's choices, say) does not load the pairer.
_LAZY = {
    "result": ("Board", "NoPairing", "RoundPairing"),
    "history": ("RoundInput", "round_input"),
    "systems": ("EDITIONS", "pair_round"),
}


def __getattr__(name: str) -> object:
    for module, names in _LAZY.items():
        if name in names:
            # __import__ rather than importlib.import_module: `python -X importtime` reports it
            value = getattr(__import__(f"{__name__}.{module}", fromlist=[name]), name)
            globals()[name] = value
            return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
