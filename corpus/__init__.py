"""Test corpus of tournaments paired by a FIDE-endorsed reference engine (see README.md).

The corpus generator will live in this package.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent
