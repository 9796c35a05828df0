"""The Dutch system's audit of a recorded round: which rule of C.04.3 the record breaks.

:func:`~.round.check_round` re-pairs the round and compares: ``legality`` (1.9.1, C1-C3),
``colour`` (Art. 5.2 on the pairs both share), ``quality`` (the first criterion C4-C21, or
Art. 4's order, from the pairer's trace), ``localise`` (the bracket where the two part).
"""
