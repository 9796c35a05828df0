"""The FIDE Swiss Team Pairing System (C.04.6, 2026) as a pairing system of its own.

:mod:`.rules` reads the ``192`` code, :mod:`.history` derives team rounds from a file,
:mod:`.state` builds a round's input, :mod:`.pairer` pairs it (Arts 3.3-3.6),
:mod:`.colours` allocates colours (Arts 1.7, 4), :mod:`.system` ties them together.
"""
