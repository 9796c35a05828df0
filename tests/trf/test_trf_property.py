"""Property tests: damaged corpus files never make the reader raise anything but TrfError, and
whatever it accepts can be validated, written in every dialect and read back."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trfaudit.trf import TrfError, parse
from trfaudit.trf.jsonform import from_dict, to_dict
from trfaudit.trf.model import Scoring
from trfaudit.trf.reader import read
from trfaudit.trf.validate import validate
from trfaudit.trf.writer import DIALECTS, convert

CORPUS = Path(__file__).resolve().parents[2] / "corpus"

RICH = (
    b"012 Rich\n142 5\n152 B\n162  W 3.0    D 1.0\n192 FIDE_DUTCH_2025\n### ruler\n"
    b"001    1 m  GM Alpha, Ann                      2500 NED    12345678 1990/01/01  4.0    1"
    b"     2 b 1     3 w =  0000 - H\n"
    b"001    2 w     Beta, Bo                         2400 BEL                          1.0    3"
    b"     1 w 0  0000 - U\n"
    b"001    3       Gamma                            2300                              2.0    2"
    b"  0000 - H     1 b =\n"
    b"240 H 003    1\n250       1.0 001 002    1    2\n260 001 005    1    3\nXXZ 2\n"
    b"XXA    3  0.5\nXXP 2 3\nXXS FPB=0.5\nBBU  1.0\nBEL    1 m    Alpha, Ann\nDAT    1 X y\n"
    b"013 Team                            1    2\n"
)

BASES = [
    (CORPUS / "seed-example" / "round2-input.trf").read_bytes(),
    (CORPUS / "seed-example" / "round3-input.trf").read_bytes(),
    (CORPUS / "dutch2025" / "t000004.trf").read_bytes(),
    (CORPUS / "dutch2017" / "t000004.trf").read_bytes(),
    RICH,
]
INTERESTING = b"0123456789 wbWB=+-UHFZDL\n\r\t.,#XAPS\x00\x1a\xff\xc3\xa9\xef\xbb\xbf"


@st.composite
def damaged(draw) -> bytes:
    data = bytearray(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        i = draw(st.integers(0, len(data) - 1))
        op = draw(st.sampled_from(["truncate", "delete", "insert", "replace", "dupline", "swap"]))
        if op == "truncate":
            del data[i:]
        elif op == "delete":
            del data[i : i + draw(st.integers(1, 12))]
        elif op == "insert":
            data[i:i] = draw(
                st.binary(min_size=1, max_size=3).map(
                    lambda b: bytes(INTERESTING[x % len(INTERESTING)] for x in b)
                )
            )
        elif op == "replace":
            data[i] = INTERESTING[draw(st.integers(0, len(INTERESTING) - 1))]
        else:
            lines = bytes(data).split(b"\n")
            j = draw(st.integers(0, len(lines) - 1))
            k = draw(st.integers(0, len(lines) - 1))
            if op == "dupline":
                lines.insert(k, lines[j])
            else:
                lines[j], lines[k] = lines[k], lines[j]
            data = bytearray(b"\n".join(lines))
    return bytes(data)


def exercise(data: bytes) -> None:
    try:
        t = parse(data, "fuzz.trf")
    except TrfError as err:
        assert str(err).startswith("fuzz.trf")
        return
    validate(t)
    from_dict(to_dict(t))
    for dialect in DIALECTS:
        text = convert(t, dialect).text
        again = parse(text, f"fuzz.{dialect}")  # what the writer writes, the reader reads
        assert again.players.keys() == t.players.keys()


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damaged_files_raise_only_trf_errors(data):
    exercise(data)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_raise_only_trf_errors(data):
    exercise(data)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("001 XXRBBW240162\n\r=+-UZ.wb12345")), max_size=300))
def test_random_record_soup(text):
    exercise(text.encode())


def test_every_prefix_of_a_file(make_player):
    # truncation at every position of a small file: only TrfError, never a crash
    data = BASES[0][:700] + RICH
    for end in range(0, len(data), 7):
        exercise(data[:end])


# -- convert never writes a file that validate rejects (issue 9) ---------------------------------

VALID_BASES = [
    CORPUS / p
    for p in (
        "seed-example/round3-input.trf",
        "dutch2025/t000004.trf",
        "dutch2025/t000098.trf",
        "dutch2017/t000004.trf",
        "axes/t800002_byes_s310.trf",
        "axes/t800012_baku_byes_pab05.trf",
        "axes/t800013_baku_byes_pab05.trf",
        "axes/t800004_late_withdraw_byes.trf",
        "axes/t800001_baku_forbid.trf",
        "real/sharly-chess__2020_06.trf",
        "real/tornello__input_bbp_Primavera_2.trf",
        "real/ottomilvang-tiebreakserver__held_swiss_9.trf",
    )
]
HALVES = [Fraction(n, 2) for n in range(0, 7)]


@st.composite
def point_systems(draw) -> Scoring:
    """A chess point system: win > draw >= loss >= 0, the PAB and the byes worth one of them."""
    win = draw(st.sampled_from([Fraction(1), Fraction(2), Fraction(3)]))
    drawn = draw(st.sampled_from([h for h in HALVES if h < win]))
    loss = draw(st.sampled_from([h for h in HALVES if h <= drawn and h <= 1]))
    pab = draw(st.sampled_from([win, drawn, loss]))
    half = draw(st.sampled_from([drawn, loss]))
    return Scoring(win=win, draw=drawn, loss=loss, pab=pab, half_bye=half)


def errors(t) -> list[str]:
    return [str(p) for p in validate(t) if p.is_error]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(VALID_BASES), st.sampled_from(DIALECTS), st.one_of(st.none(), point_systems())
)
def test_convert_writes_only_files_validate_accepts(path, dialect, scoring):
    t = read(path)
    if scoring is not None:  # the same results under another point system
        t.scoring = scoring
        recorded = t.recorded_rounds()
        for p in t.players.values():
            p.points = t.score(p.tpn, recorded)
    assert not errors(t)  # the premise: a valid tournament
    again = parse(convert(t, dialect).text, f"converted.{dialect}")
    assert not errors(again)
    assert again.scoring.win == t.scoring.win and again.scoring.draw == t.scoring.draw
