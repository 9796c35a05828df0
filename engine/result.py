"""What pairing a round gives, whatever the system: shared by every pairing system."""

from __future__ import annotations


class NoPairing(Exception):
    """No round-pairing satisfies the absolute criteria (C.04.3 1.9.3: the arbiter decides)."""
