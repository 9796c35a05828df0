"""Test tournaments (see README.md) and the random tournament generator.

The generator behind ``trfaudit generate``: :mod:`corpus.generator` (making tournaments),
:mod:`corpus.config` (settings and settings files), :mod:`corpus.rules` (the editions it can
write), :mod:`corpus.players`, :mod:`corpus.results`, :mod:`corpus.dice`, and
:mod:`corpus.replay` (re-pairing recorded rounds with the engine).
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent
