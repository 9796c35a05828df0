"""Readings of a Dutch-paired file that would reproduce its rounds: the file's own faults.

Before a pairing is blamed, :mod:`.inputs` tries other readings of the file (another
initial colour, acceleration, bye code, forbidden pairs; :mod:`.starting_rank`: another
initial ranking); a cause the file itself proves is class ``input``.
"""
