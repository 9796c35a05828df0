"""What the web page computes, as plain functions of uploaded bytes (run in a worker process).

Each function takes the upload's name and bytes (never a path) and the form's options, and
returns a :class:`Result`: the HTTP status and the documents the CLI would print for the same
input, so that the page and the JSON endpoints show exactly the CLI's reports:

* :func:`check_upload` - ``trfaudit check FILE... --format json`` / ``--format html`` (the
  same :class:`~trfaudit.engine.findings.BatchReport`, rendered by the same modules), plus the
  standings of ``trfaudit standings`` and each recorded round's boards for the page;
* :func:`explain_upload` - ``trfaudit explain FILE --round N [--player P] [--against Q]``;
* :func:`convert_upload` - ``trfaudit convert FILE --to trf26``.

Statuses follow the CLI's exit codes: exit 0 or 1 (a discrepancy) is 200, exit 2 (a file that
cannot be read, an inconsistent file, a bad option) is 400 with the CLI's message
(``file:line:column: what is wrong``), "no legal pairing" (explain's exit 1) is 422.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from trfaudit.trf.model import EntryKind

#: Status of input the CLI answers with exit 2.
BAD_INPUT = 400
#: ``explain`` of a round for which no pairing satisfies the absolute criteria (1.9.3).
NO_PAIRING = 422


@dataclass
class Result:
    """A computed answer: ``status``, the ``message`` shown for an error, the documents."""

    status: int = 200
    message: str = ""
    docs: dict[str, Any] = field(default_factory=dict)


def _load(name: str, data: bytes) -> Any:
    """The tournament in ``data`` (TRF or the JSON form), as ``trf.files.load`` reads a file."""
    from trfaudit.trf.files import load_bytes

    return load_bytes(data, name)


def _rules_error(rules: str, with_all: bool) -> str | None:
    """The CLI's message for a ``--rules`` value it refuses, or None."""
    from trfaudit.engine import EDITIONS
    from trfaudit.engine.systems import edition_names

    allowed = ("auto",) + edition_names() + (("all",) if with_all else ())
    if rules not in allowed:
        return f"rules: {rules!r} is not one of {', '.join(allowed)}"
    if rules not in ("auto", "all") and rules not in EDITIONS:
        implemented = ", ".join(sorted({e.name for e in EDITIONS.values()}))
        return (
            f"--rules {rules}: rules {rules} are not implemented yet (implemented: {implemented})"
        )
    return None


def _tiebreaks(text: str | None) -> Any:
    """The parsed tie-break list, or None when none is given; raises ValueError with the
    CLI's message."""
    from trfaudit.trf.tiebreak_codes import CodeError, parse_list

    if not text or not text.strip():
        return None
    try:
        return parse_list(text)
    except CodeError as exc:
        raise ValueError(f"--tiebreaks: {exc} (at character {exc.offset + 1})") from None


def _report(name: str, data: bytes, rules: str, codes: Any) -> tuple[Any, Any]:
    """One file's :class:`FileReport` as ``check`` makes it, and its tournament (None when it
    cannot be read).  A tie-break list is recorded in the file first (``convert --tiebreaks``)."""
    from trfaudit.checker.audit import Options, check_tournament
    from trfaudit.checker.batch.run import check_file
    from trfaudit.checker.findings import FileReport
    from trfaudit.trf.errors import TrfError

    options = Options(rules=rules)
    try:
        t = _load(name, data)
    except TrfError as exc:
        return FileReport(file=name, error=str(exc)), None
    if codes is None:
        return check_file(name, options, data)[0], t
    t.set_tie_breaks(codes)
    return check_tournament(t, options), t


def is_team(t: Any) -> bool:
    from trfaudit.checker.audit import is_team as team_event

    return team_event(t)


#: Results as a scoresheet writes them (TRF 001 result codes; others as written).
RESULTS = {"=": "½", "D": "½", "W": "1", "L": "0", "+": "1F", "-": "0F"}  # F: by forfeit

#: What a player who is on no board did in a round, in the page's words.
ABSENCE = {
    EntryKind.HALF_BYE: "H (half-point bye)",
    EntryKind.FULL_BYE: "F (full-point bye)",
    EntryKind.ZERO_BYE: "Z (zero-point bye)",
}


def _result(code: str) -> str:
    code = code.strip()
    return RESULTS.get(code, code) or "?"


def _byes(t: Any, rnd: int, paired: set[int]) -> list[list[Any]]:
    """``[tpn, what]`` for every player on no board of round ``rnd``: the PAB, H, F, Z or
    absent (no entry), in TPN order."""
    out = []
    for tpn, p in sorted(t.players.items()):
        if tpn in paired:
            continue
        e = p.entry(rnd)
        if e is not None and e.kind is EntryKind.PAB:
            out.append([tpn, "PAB (pairing-allocated bye)"])
        elif e is not None and e.kind in ABSENCE:
            out.append([tpn, ABSENCE[e.kind]])
        else:
            out.append([tpn, "absent (not paired)"])
    return out


def _rounds(t: Any, rules: str | None) -> list[dict[str, Any]]:
    """Each recorded round's boards (white, black, the result) in C.04.2 3.6 board order -
    the order of the verdict's tables - and everyone on no board."""
    from trfaudit.checker.audit import system_to_check

    system, _ = system_to_check(t, rules or "auto")
    out = []
    for rnd in range(1, t.recorded_rounds() + 1):
        ordered = system.recorded_boards(t, rnd, rules or "auto") if system else []
        boards = []
        for white, black in ordered:
            entry, other = t.players[white].entry(rnd), t.players[black].entry(rnd)
            result = f"{_result(entry.result)}–{_result(other.result)}" if entry and other else "?"
            boards.append([white, black, result])
        paired = {x for b in ordered for x in b}
        out.append({"round": rnd, "boards": boards, "byes": _byes(t, rnd, paired)})
    return out


def _standings(t: Any, codes: Any) -> tuple[dict[str, Any] | None, str | None]:
    """The document of ``trfaudit standings`` (with ``--tiebreaks``), or the reason there is
    none (an inconsistent file, as the command says it)."""
    from trfaudit.checker.reports.standings import build_doc
    from trfaudit.trf.validate import validate

    errors = [p for p in validate(t) if p.is_error]
    if errors:
        return None, f"{t.file}: no standings: {len(errors)} error(s)"
    return build_doc(t, codes, None, "auto", None), None


#: The page's words for a team on no board (the team system's kinds).
TEAM_ABSENCE = {
    "pab": "PAB (pairing-allocated bye)",
    "half_bye": ABSENCE[EntryKind.HALF_BYE],
    "full_bye": ABSENCE[EntryKind.FULL_BYE],
    "zero_bye": ABSENCE[EntryKind.ZERO_BYE],
    "absent": "absent (not paired)",
}


def _team_tables(t: Any) -> Any:
    """The team system's tables of ``t`` (names, members, rounds, standings), or None."""
    from trfaudit.checker.audit import system_to_check

    system, _ = system_to_check(t, "auto")
    return system.team_tables(t) if system is not None else None


def _team_rounds(tables: Any) -> list[dict[str, Any]]:
    return [
        {**r, "byes": [[who, TEAM_ABSENCE[kind]] for who, kind in r["byes"]]} for r in tables.rounds
    ]


def _downloads(t: Any, report: Any) -> dict[str, str]:
    """What ``check`` writes beside its report: the JaVaFo checker text (``--format
    javafo``) and the TRF-2026 annotated with the rules' rounds (``--annotate``)."""
    import copy

    from trfaudit.checker.annotate import annotated
    from trfaudit.checker.reports.javafo import render_file

    out = {"javafo": "".join(line + "\n" for line in render_file(report, t))}
    try:
        out["annotated"] = annotated(copy.deepcopy(t), report)[0]
    except Exception as exc:  # noqa: BLE001 - a file the writer cannot hold: said in place
        out["annotated_error"] = f"not written: {exc}"
    return out


def _problems(name: str, data: bytes) -> list[str]:
    """The consistency errors of a file ``check`` refuses, each with its line and column."""
    from trfaudit.trf.errors import TrfError
    from trfaudit.trf.validate import validate

    try:
        t = _load(name, data)
    except TrfError as exc:
        return [str(exc)]
    return [str(p) for p in validate(t) if p.is_error]


def _choices(t: Any, report: Any, rules: str) -> list[str]:
    """Editions of the rules the page offers for a file that was not checked under
    ``rules``: a Swiss Team event dated before any implemented C.04.6 edition is offered the
    implemented one (the user's choice, as ``--rules`` is on the command line)."""
    from trfaudit.engine.systems import edition_names

    if t is None or report.error is None or rules != "auto":
        return []
    if is_team(t):
        return [n for n in edition_names() if n.startswith("team-")]
    return []


def check_upload(files: list[tuple[str, bytes]], rules: str, tiebreaks: str | None) -> Result:
    """``trfaudit check`` of the uploaded files, as JSON and HTML, and what the page adds:
    per file the round tables, the standings, the downloads; for a file that cannot be
    checked, its problems in place.  The status is 400 only when no file could be checked
    (or an option is wrong): one bad file does not hide the others."""
    from trfaudit.checker.findings import BatchReport
    from trfaudit.checker.reports import html as report_html
    from trfaudit.checker.reports import json as report_json
    from trfaudit.checker.reports.classes import file_line
    from trfaudit.checker.reports.provenance import generator

    refused = _rules_error(rules, with_all=True)
    if refused:
        return Result(BAD_INPUT, refused)
    try:
        codes = _tiebreaks(tiebreaks)
    except ValueError as exc:
        return Result(BAD_INPUT, str(exc))
    reports, views = [], []
    names = [name for name, _ in files]
    kept: dict[str, Any] = {}
    for i, (name, data) in enumerate(files):
        report, t = _report(name, data, rules, codes)
        reports.append(report)
        if t is not None and names.count(name) == 1:
            kept[name] = t
        view: dict[str, Any] = {"index": i, "name": name, "error": report.error,
                                "rules": report.rules, "summary": report.summary()}  # fmt: skip
        if report.error is not None:
            view["problems"] = _problems(name, data)
            view["choices"] = _choices(t, report, rules)
        elif t is not None:
            view["findings"] = {
                r.round: [[list(d.players), d.summary or d.explanation, d.finding_class]
                          for d in r.discrepancies]
                for r in report.differing
            }  # fmt: skip
            view["team"] = is_team(t)
            view["classes"] = file_line(report)
            view["recorded"] = t.recorded_rounds()
            tables = _team_tables(t) if view["team"] else None
            if tables is not None:
                view["names"], view["rounds"] = tables.names, _team_rounds(tables)
                view["members"] = tables.members
                view["standings"], view["standings_error"] = tables.standings, None
            else:
                view["names"] = {tpn: p.name for tpn, p in t.players.items()}
                view["rounds"] = _rounds(t, report.rules)
                view["standings"], view["standings_error"] = _standings(t, codes)
                view["downloads"] = _downloads(t, report)
        views.append(view)
    batch = BatchReport(reports)
    made = generator()
    html = report_html.render(batch, read=kept.get, gen=made)  # the uploads only: no path
    docs = {
        "json": report_json.render(batch, made),
        "html": html,
        "generator": made,
        "exit_code": batch.exit_code,
        "summary": batch.summary(),
        "files": views,
    }
    checked = any(r.error is None for r in reports)
    status = 200 if checked else BAD_INPUT
    message = "" if checked else "; ".join(r.error for r in reports if r.error)
    return Result(status, message, docs)


def _consistent(name: str, data: bytes, refusal: str) -> tuple[Any, str | None]:
    """The tournament, or the CLI's messages for a file it refuses (``load_consistent``)."""
    from trfaudit.trf.errors import TrfError
    from trfaudit.trf.validate import validate

    try:
        t = _load(name, data)
    except TrfError as exc:
        return None, str(exc)
    errors = [p for p in validate(t) if p.is_error]
    if errors:
        lines = [str(p) for p in errors] + [f"{t.file}: {refusal}: {len(errors)} error(s)"]
        return None, "\n".join(lines)
    return t, None


_COLOUR = {"w": "White", "b": "Black"}


def _named(names: dict[int, str], tpn: int | None) -> str:
    if tpn is None:
        return "?"
    name = names.get(tpn) or ""
    return f"{name} ({tpn})" if name else str(tpn)


def _what(names: dict[int, str], opponent: int | None, colour: str | None, bye: str | None) -> str:
    """``plays Bruno (7) with Black``, ``the pairing-allocated bye``, ``not paired``."""
    if bye == "PAB":
        return "the pairing-allocated bye"
    if bye in ("H", "F", "Z"):
        return {"H": "a half-point bye", "F": "a full-point bye", "Z": "a zero-point bye"}[bye]
    if opponent is not None:
        side = f" with {_COLOUR[colour]}" if colour in _COLOUR else ""
        return f"plays {_named(names, opponent)}{side}"
    return "not paired"


def _recorded_side(
    t: Any, rnd: int, who: int, team: bool
) -> tuple[int | None, str | None, str | None]:
    """What the record gives ``who`` (a player, or a team of a team event) in round ``rnd``:
    (opponent, colour, bye code)."""
    if team:
        tables = _team_tables(t)
        if tables is None or rnd not in tables.recorded:
            return None, None, None
        pairs, bye, colours = tables.recorded[rnd]
        if bye == who:
            return None, None, "PAB"
        for a, b in pairs:
            if who in (a, b):
                return (b if a == who else a), colours.get(who), None
        return None, None, None
    e = t.players[who].entry(rnd)
    if e is None:
        return None, None, None
    if e.kind is EntryKind.PAB:
        return None, None, "PAB"
    codes = {EntryKind.HALF_BYE: "H", EntryKind.FULL_BYE: "F", EntryKind.ZERO_BYE: "Z"}
    if e.kind in codes:
        return None, None, codes[e.kind]
    return e.opponent, e.colour, None


def _changed(
    engine: list[list[int]], alternative: list[list[int]]
) -> tuple[list[list[int]], list[list[int]]]:
    """The boards of each round that the other has not (by players, colours aside)."""
    a = {frozenset(b) for b in engine}
    b = {frozenset(x) for x in alternative}
    return [x for x in engine if frozenset(x) not in b], [
        x for x in alternative if frozenset(x) not in a
    ]


def explain_upload(
    name: str,
    data: bytes,
    rnd: int | None,
    player: int | None,
    against: int | None,
    rules: str,
    team: int | None = None,
) -> Result:
    """``trfaudit explain``: the JSON document and the HTML fragment; for one player (or
    team) what the record gave him beside what the rules give, and for "why not Q" only the
    boards that change."""
    import dataclasses

    from trfaudit import explain
    from trfaudit.checker.reports.explain_html import render_explanation_html
    from trfaudit.checker.reports.provenance import generator
    from trfaudit.engine import NoPairing

    refused = _rules_error(rules, with_all=False)
    if refused:
        return Result(BAD_INPUT, refused)
    t, problem = _consistent(name, data, "not explained")
    if t is None:
        return Result(BAD_INPUT, problem or "")
    if rnd is None:
        rnd = t.recorded_rounds() + 1
    team_event = is_team(t)
    try:
        e = explain(t, rnd, player=player, against=against, rules=rules, team=team)
    except ValueError as exc:
        return Result(BAD_INPUT, f"{name}: {exc}")
    except NoPairing as exc:
        return Result(NO_PAIRING, f"{name}: round {rnd}: no legal pairing: {exc}")
    if team_event:
        from trfaudit.trf.team import team_records

        names = {x.tpn: x.name for x in team_records(t).teams}
    else:
        names = {tpn: p.name for tpn, p in t.players.items()}
    docs: dict[str, Any] = {
        "json": json.dumps({"generator": generator(), **e.to_json()}, indent=2, ensure_ascii=False)
        + "\n",
        "html": render_explanation_html(dataclasses.replace(e, finding=None, verdict=None)),
        "round": rnd,
        "rounds": t.recorded_rounds(),
        "team": team_event,
        "names": names,
        "paired": sorted({x for b in e.boards for x in b} | ({e.bye} if e.bye else set())),
        "finding": e.finding,
    }
    who = e.players[0] if len(e.players) == 1 else None
    if who is not None:
        rules_side = _what(names, who.opponent, who.colour, who.bye)
        side: dict[str, Any] = {"who": _named(names, who.tpn), "rules": rules_side,
                                "team": team_event}  # fmt: skip
        if e.recorded:
            opp, colour, bye = _recorded_side(t, rnd, who.tpn, team_event)
            side["recorded"] = _what(names, opp, colour, bye)
            side["same"] = (opp, bye) == (who.opponent, who.bye) and (
                colour is None or colour == who.colour
            )
        docs["side"] = side
    if e.verdict is not None and e.alternative is not None:
        mine = [list(b) for b in e.boards] + ([[e.bye]] if e.bye else [])
        alt = [list(b) for b in e.alternative.pairs]
        alt += [[e.alternative.bye]] if e.alternative.bye else []
        gone, new = _changed(mine, alt)
        docs["why_not"] = {"kind": e.verdict.kind, "criterion": e.verdict.criterion,
                           "text": e.verdict.text, "engine": gone, "alternative": new}  # fmt: skip
    elif e.verdict is not None:
        docs["why_not"] = {"kind": e.verdict.kind, "criterion": e.verdict.criterion,
                           "text": e.verdict.text, "engine": [], "alternative": []}  # fmt: skip
    return Result(200, "", docs)


def pair_upload(name: str, data: bytes, rnd: int | None, rules: str) -> Result:
    """``trfaudit pair``: the rules' pairing of round ``rnd`` (default: the next one) as
    ``{round, rules, boards: [[white, black], ...], bye}``, the JaVaFo list, and the file
    with the round filled in (TRF-2026, games without results)."""

    refused = _rules_error(rules, with_all=False)
    if refused:
        return Result(BAD_INPUT, refused)
    t, problem = _consistent(name, data, "not paired")
    if t is None:
        return Result(BAD_INPUT, problem or "")
    from trfaudit.engine.recorded import round_to_pair_fault

    rnd = t.recorded_rounds() + 1 if rnd is None else rnd
    fault = round_to_pair_fault(t, rnd)
    if fault is not None:
        return Result(BAD_INPUT, f"{name}: {fault}")
    if is_team(t):
        return _pair_team(name, t, rnd)
    from trfaudit import pair
    from trfaudit.engine import NoPairing
    from trfaudit.engine.output import as_list

    try:
        p = pair(t, rnd, rules)
    except ValueError as exc:
        return Result(BAD_INPUT, f"{name}: {exc}")
    except NoPairing as exc:
        return Result(NO_PAIRING, f"{name}: round {rnd}: no legal pairing: {exc}")
    from trfaudit import choose_edition

    edition, _ = choose_edition(t, rules)
    boards = [[b.white, b.black] for b in p.boards]
    doc = {"round": rnd, "rules": edition.name, "boards": boards, "bye": p.bye}
    return Result(200, "", {"doc": doc, "list": as_list(p),
                            "trf": _with_round(t, rnd, boards, p.bye)})  # fmt: skip


def _pair_team(name: str, t: Any, rnd: int) -> Result:
    from trfaudit.checker.audit import pair
    from trfaudit.engine import NoPairing
    from trfaudit.engine.output import as_list

    try:
        paired = pair(t, rnd)
    except ValueError as exc:
        return Result(BAD_INPUT, f"{name}: {exc}")
    except NoPairing as exc:
        return Result(NO_PAIRING, f"{name}: round {rnd}: no legal pairing: {exc}")
    p = paired.pairing
    boards = [[b.white, b.black] for b in p.boards]
    doc = {"round": rnd, "rules": paired.edition.name, "boards": boards, "bye": p.bye}
    return Result(200, "", {"doc": doc, "list": as_list(p), "trf": None})


def _with_round(t: Any, rnd: int, boards: list[list[int]], bye: int | None) -> str | None:
    """The file as TRF-2026 with round ``rnd`` paired (no results yet); the rounds after it
    are dropped.  None for a round that is already recorded."""
    import copy

    from trfaudit.trf.model import RoundEntry
    from trfaudit.trf.writer import convert

    if rnd != t.recorded_rounds() + 1:
        return None
    x = copy.deepcopy(t)
    entries: dict[int, RoundEntry] = {}
    for w, b in boards:
        entries[w] = RoundEntry(rnd, EntryKind.NOT_PAIRED, b, "w", " ")
        entries[b] = RoundEntry(rnd, EntryKind.NOT_PAIRED, w, "b", " ")
    if bye is not None:
        entries[bye] = RoundEntry(rnd, EntryKind.PAB, None, None, "U")
    for tpn, p in x.players.items():
        kept = p.entries[: rnd - 1]
        own = p.entry(rnd)
        if tpn in entries:
            kept.append(entries[tpn])
        elif own is not None and own.is_bye:  # an announced H/F/Z stays
            kept.append(own)
        p.entries = kept
        p.points = x.score(tpn, rnd)  # a PAB or an announced bye counts at once
    return convert(x, "trf26").text


def convert_upload(name: str, data: bytes, tiebreaks: str | None) -> Result:
    """``trfaudit convert FILE --to trf26 [--tiebreaks LIST]``: the text and its warnings."""
    from trfaudit.trf.writer import convert

    t, problem = _consistent(name, data, "not converted")
    if t is None:
        return Result(BAD_INPUT, problem or "")
    try:
        codes = _tiebreaks(tiebreaks)
    except ValueError as exc:
        return Result(BAD_INPUT, str(exc))
    if codes is not None:
        t.set_tie_breaks(codes)
    result = convert(t, "trf26")
    return Result(200, "", {"text": result.text, "warnings": [str(w) for w in result.warnings]})


#: The functions a worker runs, by name (what the parent sends over the pipe).
TASKS: dict[str, Callable[..., Result]] = {
    "check": check_upload,
    "explain": explain_upload,
    "pair": pair_upload,
    "convert": convert_upload,
}
