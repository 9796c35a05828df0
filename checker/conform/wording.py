"""Findings in a pairing-program author's terms.

``check`` judges a recorded round against trfaudit's engine: its findings say "recorded" for
the file and "the engine's" for trfaudit.  In ``conform`` the round "recorded" is the one the
author's program made and trfaudit's engine stands for the rules, so the fields are named
``program`` and ``rules`` and the sentences say "your program" and "the rules".
"""

from __future__ import annotations

import re
from typing import Any

#: ``check``'s words for the two sides, and the author's; only phrases whose grammar survives
#: the change (a word left as it is is better than a garbled sentence).
_NOUNS = r"(round|board|boards|pairing|pairs|pair|colours|colour|bye|PAB)"
_WORDS = (
    (r"\bthe engine pairs\b", "the rules pair"),
    (r"\bthe engine gives\b", "the rules give"),
    (r"\bthe engine's\b", "the rules'"),
    (r"\bThe engine's\b", "The rules'"),
    (r"\bthe record and the engine\b", "your program and the rules"),
    (r"\bthe recorded " + _NOUNS, r"your program's \1"),
    (r"\bThe recorded " + _NOUNS, r"Your program's \1"),
    (r"\brecorded " + _NOUNS, r"your program's \1"),
    (r"\brecorded (?=[A-Z0-9])", "your program's "),  # "recorded Name (6)", "recorded 3-5"
    (r"\bthe record\b(?!')", "your program's pairing"),
    (r"\bThe record\b(?!')", "Your program's pairing"),
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
