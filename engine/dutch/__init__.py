"""The FIDE (Dutch) System (C.04.3 2026; the 2017 and 2012 editions): the engine's first
pairing system (:mod:`trfaudit.engine.systems`).

``pairer`` (brackets, matchings, the generation order of Art. 4), ``criteria`` (one class per
criterion, a term of a matching weight), ``colours`` (Art. 5.2), ``editions`` (the editions as
data), ``players`` (the per-player facts of Art. 1) and ``system`` (the registry entry).
Nothing is imported here: the edition registry loads without the pairer.
"""
