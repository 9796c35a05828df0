"""A JSON form of :class:`trf.model.Tournament`, described by ``schema/tournament.schema.json``.

Point values are strings that :class:`fractions.Fraction` reads back exactly: ``"2.5"``,
``"3"``, and ``"1/3"`` for values without a finite decimal form.  Dictionary keys that are
numbers in the model (TPNs, rounds) are strings in JSON.  ``to_dict`` and ``from_dict`` are
inverse: ``to_dict(from_dict(to_dict(t))) == to_dict(t)``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from importlib import resources
from typing import Any

from .abnormal import AbnormalPoints
from .errors import Problem, TrfError
from .model import (
    EntryKind,
    Player,
    Record,
    RecordKind,
    RoundEntry,
    Scoring,
    Team,
    Tournament,
)
from .tiebreak_codes import TieBreakCode
from .writer import decimal_text

FORMAT = "trfaudit-tournament"
VERSION = 1

_HEADER_NAMES = (
    "name",
    "city",
    "federation",
    "start_date",
    "end_date",
    "players_count",
    "rated_players_count",
    "teams_count",
    "chief_arbiter",
    "time_control",
    "round_dates",
    "pairing_controller",
    "tie_breaks",
    "standings_order",
    "time_control_code",
    "board_colours",
    "team_points",
)


def number(value: Fraction | None) -> str | None:
    if value is None:
        return None
    if value.denominator == 1:
        return str(value.numerator)
    text, exact = decimal_text(value, 1)
    return text if exact else f"{value.numerator}/{value.denominator}"


def _fraction(text: str | None) -> Fraction | None:
    return None if text is None else Fraction(text)


def _entry(e: RoundEntry) -> dict[str, Any]:
    return {
        "round": e.round,
        "kind": e.kind.value,
        "opponent": e.opponent,
        "colour": e.colour,
        "result": e.result,
        "line": e.line,
        "column": e.column,
    }


def _code(c: TieBreakCode) -> dict[str, Any]:
    """A 202/212 code, typed; derived from the header text, which stays the source."""
    return {
        "code": c.text,
        "name": c.name,
        "score": c.score,
        "variants": [v.text() for v in c.variants],
    }


def _player(p: Player) -> dict[str, Any]:
    return {
        "tpn": p.tpn,
        "name": p.name,
        "sex": p.sex,
        "title": p.title,
        "rating": p.rating,
        "federation": p.federation,
        "fide_id": p.fide_id,
        "birth_date": p.birth_date,
        "points": number(p.points),
        "rank": p.rank,
        "line": p.line,
        "entries": [_entry(e) for e in p.entries],
        "announced": [_entry(e) for e in p.announced],
    }


def _pibe(t: Tournament) -> list[dict[str, object]]:
    from .pibe import pibe_lines

    return [line.as_dict() for line in pibe_lines(t)]


def to_dict(t: Tournament) -> dict[str, Any]:
    """A JSON-ready dictionary holding everything the model holds; a team file also gets its
    team records typed (``team_records``, :func:`trfaudit.trf.team.to_json`; informative:
    reading takes them from ``records``)."""
    out = _to_dict(t)
    from .team import team_records, to_json

    records = team_records(t)
    if records.source:
        out["team_records"] = to_json(records)
    pibe = _pibe(t)  # the ### PIBE records typed (trf.pibe); absent when there are none
    if pibe:
        out["pibe"] = pibe
    return out


def _to_dict(t: Tournament) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "file": t.file,
        "encoding": t.encoding,
        "bom": t.bom,
        "line_ending": t.line_ending,
        "headers": {name: getattr(t, name) for name in _HEADER_NAMES},
        "tie_break_lists": {
            "202": [_code(c) for c in t.tie_break_codes()],
            "212": [_code(c) for c in t.standings_codes()],
        },
        "deputy_arbiters": list(t.deputy_arbiters),
        "tournament_type": t.tournament_type,
        "type_code": t.type_code,
        "total_rounds": t.total_rounds,
        "recorded_rounds": t.recorded_rounds(),
        "initial_colour": t.initial_colour,
        "pair_by_rank": t.pair_by_rank,
        "scoring": {name: number(value) for name, value in t.scoring.as_dict().items()},
        "unknown_result_points": number(t.unknown_result_points),
        "accelerations": {
            str(tpn): {str(r): number(v) for r, v in rounds.items()}
            for tpn, rounds in t.accelerations.items()
        },
        "forbidden_pairs": [
            {"players": sorted(group), "first_round": first, "last_round": last}
            for group, first, last in t.forbidden_pairs
        ],
        "absent_next": {str(tpn): kind.value for tpn, kind in t.absent_next.items()},
        "bye_lines": [
            {"kind": kind.value, "round": round_, "players": list(ids), "line": line}
            for kind, round_, ids, line in t.bye_lines
        ],
        "abnormal_points": [
            {
                "kind": a.kind,
                "points": number(a.points),
                "match_points": number(a.match_points),
                "round": a.round,
                "players": list(a.players),
                "line": a.line,
            }
            for a in t.abnormal_points
        ],
        "players": [_player(p) for p in t.players.values()],
        "teams": [{"name": x.name, "members": list(x.members), "line": x.line} for x in t.teams],
        "records": [
            {"kind": r.kind.value, "line": r.line, "raw": r.raw, "tpn": r.tpn} for r in t.records
        ],
        "warnings": [
            {
                "line": w.line,
                "column": w.column,
                "message": w.message,
                "expected": w.expected,
                "severity": w.severity,
            }
            for w in t.warnings
        ],
    }


def _entry_from(d: dict[str, Any]) -> RoundEntry:
    return RoundEntry(
        d["round"],
        EntryKind(d["kind"]),
        d.get("opponent"),
        d.get("colour"),
        d.get("result", " "),
        d.get("line", 0),
        d.get("column", 0),
    )


def from_dict(d: dict[str, Any]) -> Tournament:
    """Rebuild a Tournament from :func:`to_dict`'s output.

    Raises :class:`TrfError` (line 0) when ``d`` is not such a dictionary.
    """
    file = d.get("file") if isinstance(d, dict) else None
    try:
        if d.get("format") != FORMAT:
            raise ValueError(f"'format' is not {FORMAT!r}")
        t = Tournament()
        for name, value in d.get("headers", {}).items():
            if name in _HEADER_NAMES:
                setattr(t, name, value or "")
        t.deputy_arbiters = list(d.get("deputy_arbiters", []))
        t.tournament_type = d.get("tournament_type")
        t.type_code = d.get("type_code")
        t.total_rounds = d.get("total_rounds")
        t.initial_colour = d.get("initial_colour")
        t.pair_by_rank = bool(d.get("pair_by_rank", False))
        t.scoring = Scoring(
            **{
                k: _fraction(v)  # type: ignore[arg-type]  # None: the default
                for k, v in d.get("scoring", {}).items()
            }
        )
        t.unknown_result_points = _fraction(d.get("unknown_result_points"))
        t.accelerations = {
            int(tpn): {int(r): Fraction(v) for r, v in rounds.items()}
            for tpn, rounds in d.get("accelerations", {}).items()
        }
        t.forbidden_pairs = [
            (frozenset(x["players"]), x["first_round"], x["last_round"])
            for x in d.get("forbidden_pairs", [])
        ]
        t.absent_next = {int(k): EntryKind(v) for k, v in d.get("absent_next", {}).items()}
        t.bye_lines = [
            (EntryKind(x["kind"]), x["round"], list(x["players"]), x.get("line", 0))
            for x in d.get("bye_lines", [])
        ]
        t.abnormal_points = [
            AbnormalPoints(
                x["kind"],
                _fraction(x.get("points")),
                _fraction(x.get("match_points")),
                x.get("round"),
                tuple(x.get("players", [])),
                x.get("line", 0),
            )
            for x in d.get("abnormal_points", [])
        ]
        for p in d.get("players", []):
            player = Player(
                tpn=p["tpn"],
                name=p.get("name", ""),
                sex=p.get("sex", ""),
                title=p.get("title", ""),
                rating=p.get("rating", 0),
                federation=p.get("federation", ""),
                fide_id=p.get("fide_id", ""),
                birth_date=p.get("birth_date", ""),
                points=_fraction(p.get("points")),
                rank=p.get("rank"),
                line=p.get("line", 0),
                entries=[_entry_from(e) for e in p.get("entries", [])],
                announced=[_entry_from(e) for e in p.get("announced", [])],
            )
            t.players[player.tpn] = player
        t.teams = [
            Team(x["name"], list(x["members"]), x.get("line", 0)) for x in d.get("teams", [])
        ]
        t.records = [
            Record(RecordKind(r["kind"]), r.get("raw", ""), r.get("line", 0), r.get("tpn"))
            for r in d.get("records", [])
        ]
        t.encoding = d.get("encoding", "utf-8")
        t.bom = bool(d.get("bom", False))
        t.line_ending = d.get("line_ending", "\n")
        t.file = file
        t.warnings = [
            Problem(
                file,
                w["line"],
                w["column"],
                w["message"],
                w.get("expected"),
                w.get("severity", "warning"),
            )
            for w in d.get("warnings", [])
        ]
    except (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError) as exc:
        raise TrfError(file, 0, 0, f"not a trfaudit tournament JSON: {exc}") from None
    return t


def to_json(t: Tournament, *, indent: int | None = 1) -> str:
    return json.dumps(to_dict(t), indent=indent, ensure_ascii=False) + "\n"


def from_json(text: str | bytes, filename: str | None = None) -> Tournament:
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        line = getattr(exc, "lineno", 0)
        column = getattr(exc, "colno", 0)
        raise TrfError(filename, line, column, f"invalid JSON: {exc}") from None
    if isinstance(data, dict) and filename is not None:
        data["file"] = filename
    return from_dict(data)


def schema() -> dict[str, Any]:
    """The JSON Schema of :func:`to_dict`'s output."""
    text = (
        resources.files("trfaudit.trf").joinpath("schema/tournament.schema.json").read_text("utf-8")
    )
    loaded: dict[str, Any] = json.loads(text)
    return loaded
