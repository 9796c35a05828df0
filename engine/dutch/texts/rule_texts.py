"""What each rule asks, in one line, in each edition's words: the checker's sentences quote
them (``C16 (<this text>): ...``, :mod:`checker.wording`).

Keyed by the edition's name and the engine's rule key (``C1``..``C21``, ``C8a``/``C8b``,
``F1``, ``A7d``, the generation-order steps ``4.2``/``4.3``/``4.4``, the round-pairing
``1.9.1`` and the colour rules ``5.2.1``..``5.2.5``); the editions themselves
(:mod:`trfaudit.engine.dutch.editions`) hold the labels and articles.  The 2025/26 wording
is reused where an older text says the same.

>>> describe("2017", "C12")
'players who do not get their colour preference, minimised'
>>> describe("2025", "unknown")
'unknown'
"""

from __future__ import annotations

_C1 = "two players meet at most once (played games; prohibited pairs likewise)"
_C2 = "the PAB only to a player who may receive it"
_C3 = "no two non-topscorers with the same absolute colour preference meet"
_C4 = "the players not yet paired can still be paired completely"
_C5 = "the score of the player who gets the pairing-allocated bye, minimised"
_C6 = "the number of downfloaters, minimised"
_C7 = "the scores of the downfloaters, highest first, minimised"
_C8 = (
    "the downfloaters must let the next bracket pair as many players as possible: the pairs "
    "made in the next bracket"
)
_C8B = (
    "the downfloaters must let the next bracket pair as well as possible: the scores of the "
    "next bracket's downfloaters"
)
_C9 = "the unplayed games of the player who gets the pairing-allocated bye, minimised"
_C10 = (
    "topscorers or their opponents who get a colour difference higher than +2 or lower than "
    "-2, minimised"
)
_C11 = "topscorers or their opponents who get the same colour three times in a row, minimised"
_C12 = "players who do not get their colour preference, minimised"
_C13 = "players who do not get their strong colour preference, minimised"
_C14 = "resident downfloaters who got a downfloat in the previous round, minimised"
_C15 = "MDP opponents who got an upfloat in the previous round, minimised"
_C16 = "resident downfloaters who got a downfloat two rounds before, minimised"
_C17 = "MDP opponents who got an upfloat two rounds before, minimised"
_C18 = "the scores of the downfloaters who got a downfloat in the previous round, minimised"
_C19 = (
    "the score differences of the MDP opponents who got an upfloat in the previous round, minimised"
)
_C20 = "the scores of the downfloaters who got a downfloat two rounds before, minimised"
_C21 = "the score differences of the MDP opponents who got an upfloat two rounds before, minimised"
_PPB = "in the PPB: downfloaters that let the round be completed"
_MERGE = "the lowest brackets are merged until the round is paired"
_D1 = "the transposition of S2 comes first"
_D2 = "the exchange between S1 and S2 comes first"
_D3 = "the MDPs paired (and their opponents) come first"
_ROUND = "every player to be paired is paired once, except at most one (the PAB)"
_E1 = "both colour preferences are granted"
_E2 = "the stronger colour preference is granted"
_E3 = "colours alternate from the latest round in which the two had different colours"
_E4 = "the higher-ranked player's colour preference is granted"
_E5 = "the higher-ranked player gets the initial colour if odd-numbered, else the other one"

_LETTERED_STEPS: dict[str, str] = {
    "4.2": _D1,
    "4.3": _D2,
    "4.4": _D3,
    "1.9.1": _ROUND,
}

_E_RULES: dict[str, str] = {
    "5.2.1": _E1,
    "5.2.2": _E2,
    "5.2.3": _E3,
    "5.2.4": _E4,
    "5.2.5": _E5,
}

_TEXTS_2025: dict[str, str] = {
    "C1": _C1,
    "C2": _C2,
    "C3": _C3,
    "C4": _C4,
    "F1": _C4,
    "C5": _C5,
    "C6": _C6,
    "C7": _C7,
    "C8": _C8,
    "C8a": _C8,
    "C8b": _C8B,
    "C9": _C9,
    "C10": _C10,
    "C11": _C11,
    "C12": _C12,
    "C13": _C13,
    "C14": _C14,
    "C15": _C15,
    "C16": _C16,
    "C17": _C17,
    "C18": _C18,
    "C19": _C19,
    "C20": _C20,
    "C21": _C21,
    "4.2": _D1,
    "4.3": _D2,
    "4.4": _D3,
    "1.9.1": _ROUND,
    "5.2.1": _E1,
    "5.2.2": _E2,
    "5.2.3": _E3,
    "5.2.4": _E4,
    "5.2.5": _E5,
}

_TEXTS_2017: dict[str, str] = {
    "C1": _C1,
    "C2": _C2,
    "C3": _C3,
    "C4": _PPB,
    "F1": _PPB,
    "C5": _C5,
    "C6": "the number of pairs, maximised",
    "C7": "the PSD, the score differences of the pairs and of the downfloaters (A.8), highest "
    "first, minimised",
    "C8": _C8 + " (not in the PPB or CLB)",
    "C8a": "the downfloaters must let the next bracket make as many pairs as possible: the pairs "
    "the next bracket can make",
    "C8b": "the downfloaters must let the next bracket make the lowest PSD: the lowest PSD the "
    "next bracket can make",
    "C10": _C10,
    "C11": _C11,
    "C12": _C12,
    "C13": _C13,
    "C14": "players who receive the same downfloat as in the previous round, minimised",
    "C15": "players who receive the same upfloat as in the previous round, minimised",
    "C16": "players who receive the same downfloat as two rounds before, minimised",
    "C17": "players who receive the same upfloat as two rounds before, minimised",
    "C18": "the score differences of the players who receive the same downfloat as in the "
    "previous round, minimised",
    "C19": "the score differences of the players who receive the same upfloat as in the previous "
    "round, minimised",
    "C20": "the score differences of the players who receive the same downfloat as two rounds "
    "before, minimised",
    "C21": "the score differences of the players who receive the same upfloat as two rounds "
    "before, minimised",
    **_LETTERED_STEPS,
    **_E_RULES,
}

_TEXTS_2012: dict[str, str] = {
    "C1": _C1,
    "C2": _C2,
    "C3": _C3,
    "C4": _MERGE,
    "F1": _MERGE,
    "C5": _C5,
    "C6": "the number of pairs P, maximised",
    "C7": "the score differences of the pairs and of the players moved down, highest first, as "
    "small as possible",
    "C8": _C8 + " (backtracking)",
    "C8a": "backtracking: the players moved down must let the next bracket make as many pairs as "
    "possible: the pairs made in the next bracket",
    "C8b": "score differences in the next bracket (backtracking)",
    "C10": _C10,
    "C11": _C11,
    "A7d": "players with a strong preference, treated as absolute in odd rounds, who do not get "
    "it, minimised",
    "C12": "players who do not get their colour preference, X: as many preferences granted as "
    "possible",
    "C13": "players who do not get their strong colour preference, Z, even rounds",
    "C14": "players who get the same downfloat as in the previous round, to be avoided",
    "C15": "players who get the same upfloat as in the previous round, to be avoided",
    "C16": "players who get the same downfloat as two rounds before, to be avoided",
    "C17": "players who get the same upfloat as two rounds before, to be avoided",
    **_LETTERED_STEPS,
    **_E_RULES,
}


_TEXTS: dict[str, dict[str, str]] = {"2025": _TEXTS_2025, "2017": _TEXTS_2017, "2012": _TEXTS_2012}


def describe(edition: str, key: str) -> str:
    """What rule ``key`` asks under ``edition`` (its name), in one line (``key`` itself when
    the edition's text says nothing of it)."""
    return _TEXTS.get(edition, {}).get(key, key)
