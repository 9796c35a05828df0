"""The pairing engine: the FIDE (Dutch) System, one round at a time.

>>> from trfaudit.trf.reader import read
>>> from trfaudit.engine import pair_round, round_input
>>> pairing = pair_round(round_input(read("corpus/seed-example/round3-input.trf"), 3))
"""

from .dutch import Board, BracketRecord, NoPairing, RoundPairing, pair_round
from .editions import EDITIONS, EDITION_2025, Edition
from .history import RoundInput, round_input

__all__ = ["Board", "BracketRecord", "NoPairing", "RoundPairing", "pair_round", "EDITIONS",
           "EDITION_2025", "Edition", "RoundInput", "round_input"]
