"""Findings in a pairing-program author's terms.

``check`` judges a recorded round against trfaudit's engine: its findings say "recorded" for
the file and "the engine's" for trfaudit.  In ``conform`` the round "recorded" is the one the
author's program made and trfaudit's engine stands for the rules, so the fields are named
``program`` and ``rules`` and the sentences say "your program" and "the rules".
"""

from __future__ import annotations

import re
from typing import Any

#: ``check``'s words for the two sides, and the author's (longest first: "the recorded
#: pairing" before "recorded").
_WORDS = (
    (r"\bthe engine's pairing\b", "the rules' pairing"),
    (r"\bthe engine's\b", "the rules'"),
    (r"\bthe engine\b", "the rules"),
    (r"\bThe engine\b", "The rules"),
    (r"\bthe recorded pairing\b", "your program's pairing"),
    (r"\bthe recorded round\b", "your program's round"),
    (r"\bthe record\b", "your program's pairing"),
    (r"\bThe record\b", "Your program's pairing"),
    (r"\brecorded\b", "your program's"),
    (r"\bRecorded\b", "Your program's"),
)


def in_author_terms(text: str) -> str:
    """``text`` with ``check``'s "recorded" / "the engine's" put as "your program's" / "the
    rules'"."""
    for pattern, words in _WORDS:
        text = re.sub(pattern, words, text)
    return text


def for_program(d: Any) -> dict[str, Any]:
    """A :class:`checker.findings.Discrepancy` as a ``conform`` finding (JSON-friendly)."""
    return {
        "class": d.finding_class,
        "kind": d.kind,
        "criterion": d.criterion,
        "cause": d.cause,
        "summary": in_author_terms(d.summary or d.explanation),
        "program": d.recorded,
        "rules": d.expected,
    }
