"""Conformance testing of pairing programs (``trfaudit conform``).

:mod:`.cutfile` writes the partial TRF a program pairs, :mod:`.engine_cmd` runs the program and
reads its pairing list, :mod:`.judge` compares it with trfaudit's engine, :mod:`.harness` drives
a batch of generated tournaments, :mod:`.reverse` checks the program's own generated files,
:mod:`.summary` counts the results.
"""
