"""The FIDE Dubov System (C.04.4.1, text approved 28/10/2025, applied from 1 February 2026).

One self-contained folder: :mod:`.players` (what the text reads of each player: colour
preference, ARO, upfloats), :mod:`.pairer` (the PAB, the brackets, G1/G2 and the
transposition), :mod:`.colours` (Article 5), :mod:`.system` (the registry entry),
:mod:`.audit`, :mod:`.explain` and :mod:`.generate`.  The digest of the text the code follows
is ``docs/dubov.md``.
"""
