"""The FIDE round-robin system: the Berger tables of the General Regulations for Competitions
(C.05 Annex 1), for a single, double or repeated round-robin.

Everything that knows these rules is in this folder: the tables (:mod:`.tables`), the
editions and ``192`` codes (:mod:`.editions`), the schedule of a file (:mod:`.schedule`), the
pairer (:mod:`.pairer`), the audit of a recorded round (:mod:`.audit`), the explanation of a
player's round (:mod:`.explain`), the whole-file check (:mod:`.check`) and the generator
(:mod:`.generate`).  The registry's entry is :mod:`.system`.
"""
