"""The two texts of the FIDE tie-break regulations (C.07) as data, and which one a file is
judged by.

"2024" is the text in force from 1 April 2024 (the September 2023 rewrite, clarified April and
August 2024, same definitions) to 28 February 2026; "2026" the text in force from
1 March 2026.  They differ in (C.07 2026 vs 2024):

- Art. 16.4: the dummy opponent's score is capped in 2026 (forfeits: the scheduled opponent's
  adjusted score; other unplayed rounds: D x R);
- Art. 15.2: with predetermined pairings, 2026 drops every forfeit from the rating-based
  tie-breaks (Art. 10) and forfeit losses from the Type B tie-breaks (Art. 7);
- Art. 10: the first rating is used (TRF files carry one rating anyway);
- Art. 8: Buchholz is barred from round robins in 2026 (computed all the same, with a note);
- STD (7.7), TPN (7.8) and RTNG (10.6) are new in 2026.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class TieBreakRules:
    name: str  # "2024" / "2026"
    title: str
    dummy_caps: bool  # C.07 2026 16.4: dummy score = min(own, cap)
    forfeits_unrated_in_rr: bool  # C.07 2026 15.2: Art. 10 ignores forfeits in round robins
    forfeit_losses_unplayed_type_b_rr: bool  # C.07 2026 15.2: Type B ignores forfeit losses
    buchholz_in_rr: bool  # C.07 2024 Art. 8 allows BH in round robins, 2026 does not
    new_codes: frozenset[str]  # tie-breaks this text defines that the other does not


RULES_2024 = TieBreakRules(
    "2024",
    "FIDE C.07 tie-break regulations, text in force 1 Apr 2024 - 28 Feb 2026",
    dummy_caps=False,
    forfeits_unrated_in_rr=False,
    forfeit_losses_unplayed_type_b_rr=False,
    buchholz_in_rr=True,
    new_codes=frozenset(),
)
RULES_2026 = TieBreakRules(
    "2026",
    "FIDE C.07 tie-break regulations, text in force from 1 Mar 2026",
    dummy_caps=True,
    forfeits_unrated_in_rr=True,
    forfeit_losses_unplayed_type_b_rr=True,
    buchholz_in_rr=False,
    new_codes=frozenset({"STD", "TPN", "RTNG"}),
)

TB_RULES = {"2024": RULES_2024, "2026": RULES_2026}

#: C.07 2026 applies from this date (the checker chooses by the start date, 042).
IN_FORCE_2026 = date(2026, 3, 1)
