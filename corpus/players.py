"""Random players: names, sex, titles, federations and ratings like those of an open.

Ratings follow a normal curve centred at 35 % of the configured range with a standard
deviation of 20 % of it, redrawn until they fall inside the range: many club players, fewer
and fewer strong ones, as in an open.  Titles are given by rating (and sex, for the women's
titles) with probabilities that grow with the rating.  ``unrated_rate`` of the players are
unrated (rating 0 in the file); their playing strength, used only to draw results, is drawn
from the lower part of the range.

Pairing numbers follow C.04.2's initial order: rating (highest first, unrated last), then
FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then alphabetical order of names.
"""

from __future__ import annotations

from dataclasses import dataclass

from .dice import Dice

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", "")

FEDERATIONS = (
    "ARM",
    "AUT",
    "AZE",
    "BEL",
    "BUL",
    "CRO",
    "CZE",
    "ENG",
    "ESP",
    "FRA",
    "GEO",
    "GER",
    "GRE",
    "HUN",
    "IND",
    "ISR",
    "ITA",
    "NED",
    "NOR",
    "POL",
    "ROU",
    "SRB",
    "SUI",
    "SWE",
    "TUR",
    "UKR",
    "USA",
)

_ONSETS = (
    "B",
    "Br",
    "D",
    "Dr",
    "F",
    "G",
    "Gr",
    "H",
    "K",
    "Kr",
    "L",
    "M",
    "N",
    "P",
    "R",
    "S",
    "St",
    "T",
    "V",
    "Z",
)
_VOWELS = ("a", "e", "i", "o", "u", "ai", "ei", "ou")
_MIDDLES = ("b", "d", "g", "l", "m", "n", "r", "s", "t", "v", "z", "ll", "nn", "rd", "st")
_ENDINGS = ("", "n", "r", "s", "ek", "in", "ov", "er", "as", "en", "ic", "berg", "sen", "ini")
_MEN = (
    "Adam",
    "Boris",
    "Carlos",
    "David",
    "Emil",
    "Felix",
    "Georg",
    "Hugo",
    "Igor",
    "Jan",
    "Karel",
    "Luca",
    "Marek",
    "Nikola",
    "Oscar",
    "Pavel",
    "Rafael",
    "Stefan",
    "Tomas",
    "Viktor",
    "Yuri",
    "Zoltan",
)
_WOMEN = (
    "Anna",
    "Beata",
    "Clara",
    "Dana",
    "Elena",
    "Freya",
    "Greta",
    "Hana",
    "Irina",
    "Julia",
    "Katya",
    "Lena",
    "Maria",
    "Nina",
    "Olga",
    "Petra",
    "Rosa",
    "Sara",
    "Tamara",
    "Vera",
    "Zara",
)

# (lowest rating, [(title, probability), ...]) from the top down; the first band the rating
# reaches applies.
_MEN_TITLES = (
    (2500, (("GM", 0.85), ("IM", 0.15))),
    (2400, (("GM", 0.1), ("IM", 0.5), ("FM", 0.3))),
    (2300, (("IM", 0.15), ("FM", 0.5), ("CM", 0.1))),
    (2200, (("FM", 0.3), ("CM", 0.2))),
    (2100, (("CM", 0.1),)),
)
_WOMEN_TITLES = (
    (2400, (("GM", 0.4), ("IM", 0.3), ("WGM", 0.3))),
    (2300, (("IM", 0.2), ("WGM", 0.5), ("WIM", 0.3))),
    (2200, (("WGM", 0.1), ("WIM", 0.5), ("WFM", 0.3))),
    (2100, (("WIM", 0.2), ("WFM", 0.5))),
    (2000, (("WFM", 0.2), ("WCM", 0.4))),
)


@dataclass
class Entrant:
    name: str
    sex: str  # 'm' / 'w'
    title: str
    rating: int  # 0 = unrated
    strength: int  # the playing strength results are drawn from
    federation: str


def _surname(dice: Dice) -> str:
    parts = [dice.pick(_ONSETS), dice.pick(_VOWELS)]
    if dice.chance(0.7):
        parts += [dice.pick(_MIDDLES), dice.pick(_VOWELS)]
    parts.append(dice.pick(_ENDINGS))
    return "".join(parts)


def _title(dice: Dice, sex: str, rating: int) -> str:
    for floor, options in _WOMEN_TITLES if sex == "w" else _MEN_TITLES:
        if rating >= floor:
            u = dice.uniform()
            for title, p in options:
                if u < p:
                    return title
                u -= p
            return ""
    return ""


def rating_in(dice: Dice, low: int, high: int) -> int:
    if low == high:
        return low
    span = high - low
    for _ in range(1000):
        value = round(dice.normal(low + 0.35 * span, 0.2 * span))
        if low <= value <= high:
            return value
    return low + dice.below(span + 1)  # pragma: no cover - practically unreachable


def make_entrants(
    dice: Dice, count: int, low: int, high: int, unrated_rate: float = 0.0
) -> list[Entrant]:
    """``count`` entrants with distinct names, in initial order (index 0 gets TPN 1)."""
    names: set[str] = set()
    people = []
    for _ in range(count):
        sex = "w" if dice.chance(0.15) else "m"
        while True:
            first = dice.pick(_WOMEN if sex == "w" else _MEN)
            name = f"{_surname(dice)}, {first}"
            if name not in names:
                names.add(name)
                break
        federation = dice.pick(FEDERATIONS)
        if dice.chance(unrated_rate):
            strength = max(100, round(dice.normal(low + 0.1 * (high - low), 0.15 * (high - low))))
            people.append(Entrant(name, sex, "", 0, strength, federation))
        else:
            rating = rating_in(dice, low, high)
            people.append(Entrant(name, sex, _title(dice, sex, rating), rating, rating, federation))
    people.sort(key=initial_order_key)
    return people


def initial_order_key(e: Entrant) -> tuple[bool, int, int, str, str]:
    """C.04.2 initial order: rating (unrated last), title, name."""
    return (e.rating == 0, -e.rating, TITLE_ORDER.index(e.title), e.name.casefold(), e.name)
