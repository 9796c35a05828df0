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
    from trfaudit.checker.batch.run import Options, check_file, check_tournament
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


#: Results as a scoresheet writes them (TRF 001 result codes; others as written).
RESULTS = {"=": "½", "D": "½", "W": "1", "L": "0"}


def _result(code: str) -> str:
    code = code.strip()
    return RESULTS.get(code, code) or "?"


def _rounds(t: Any) -> list[dict[str, Any]]:
    """Each recorded round's boards (white, black, the result) and byes."""
    from trfaudit.trf.rounds import read_round

    out = []
    for rnd in range(1, t.recorded_rounds() + 1):
        recorded = read_round(t, rnd)
        boards = []
        for white, black in recorded.boards:
            entry = t.players[white].entries[rnd - 1]
            other = t.players[black].entries[rnd - 1]
            boards.append([white, black, f"{_result(entry.result)}–{_result(other.result)}"])
        out.append({"round": rnd, "boards": boards, "byes": list(recorded.byes)})
    return out


def _standings(t: Any, codes: Any) -> tuple[dict[str, Any] | None, str | None]:
    """The document of ``trfaudit standings`` (with ``--tiebreaks``), or the reason there is
    none (an inconsistent file, as the command says it)."""
    from trfaudit.checker.reports.standings_doc import build_doc
    from trfaudit.trf.validate import validate

    errors = [p for p in validate(t) if p.is_error]
    if errors:
        return None, f"{t.file}: no standings: {len(errors)} error(s)"
    return build_doc(t, codes, None, "auto", None), None


def check_upload(files: list[tuple[str, bytes]], rules: str, tiebreaks: str | None) -> Result:
    """``trfaudit check`` of the uploaded files, as JSON and HTML, and what the page adds."""
    from trfaudit.checker.findings import BatchReport
    from trfaudit.checker.reports import html as report_html
    from trfaudit.checker.reports import json as report_json

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
        view: dict[str, Any] = {"index": i, "name": name, "error": report.error}
        if t is not None and report.error is None:
            view["names"] = {tpn: p.name for tpn, p in t.players.items()}
            view["rounds"] = _rounds(t)
            view["standings"], view["standings_error"] = _standings(t, codes)
        views.append(view)
    batch = BatchReport(reports)
    html = report_html.render(batch, read=kept.get)  # the uploads only: no name is a path
    docs = {
        "json": report_json.render(batch),
        "html": html,
        "exit_code": batch.exit_code,
        "summary": batch.summary(),
        "files": views,
    }
    status = BAD_INPUT if batch.exit_code == 2 else 200
    message = "; ".join(r.error for r in reports if r.error) if status != 200 else ""
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


def explain_upload(
    name: str,
    data: bytes,
    rnd: int | None,
    player: int | None,
    against: int | None,
    rules: str,
) -> Result:
    """``trfaudit explain``: the JSON document and the HTML fragment, and the round's players
    (for the "why not ..." list)."""
    from trfaudit.checker.reports.explain_html import render_explanation_html
    from trfaudit.engine import NoPairing
    from trfaudit.engine.dutch.why import explain

    refused = _rules_error(rules, with_all=False)
    if refused:
        return Result(BAD_INPUT, refused)
    t, problem = _consistent(name, data, "not explained")
    if t is None:
        return Result(BAD_INPUT, problem or "")
    if rnd is None:
        rnd = t.recorded_rounds() + 1
    try:
        e = explain(t, rnd, player=player, against=against, rules=rules)
    except ValueError as exc:
        return Result(BAD_INPUT, f"{name}: {exc}")
    except NoPairing as exc:
        return Result(NO_PAIRING, f"{name}: round {rnd}: no legal pairing: {exc}")
    docs = {
        "json": json.dumps(e.to_json(), indent=2, ensure_ascii=False) + "\n",
        "html": render_explanation_html(e),
        "round": rnd,
        "rounds": t.recorded_rounds(),
        "names": {tpn: p.name for tpn, p in t.players.items()},
        "paired": sorted({tpn for b in e.boards for tpn in b} | ({e.bye} if e.bye else set())),
    }
    return Result(200, "", docs)


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
    "convert": convert_upload,
}
