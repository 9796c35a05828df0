"""Rounds the file itself declares changed: the TRF-2026 PIBE lines (:mod:`trf.pibe`).

A ``### MPA @ Round n`` line (manual pairing alteration) whose change turns the engine's
pairing into the recorded one, exactly (the pairs it removes are the engine's, the pairs it
adds are the record's, and nothing else differs), puts the round down to the arbiter: one
finding of class ``input``, cause ``manual-change``, quoting the line, instead of the pairing
findings.  A declared change that does not account for the difference is reported beside the
pairing findings.  Several ``MPA`` lines for one round are read together (their changes applied
at once) when no one of them accounts for the round alone.  An ``Import`` line is shown with its round (a warning of the file): the round
was not paired by the program that wrote the file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from trfaudit.checker.findings import FileReport
from trfaudit.engine.findings import DIFFERS, INPUT, Cause, Discrepancy, Pairing, RoundReport
from trfaudit.trf.model import Tournament
from trfaudit.trf.pibe import Board, PibeLine, pibe_lines


def _boards(p: Pairing) -> set[Board]:
    return set(p.boards) | ({(p.bye, 0)} if p.bye is not None else set())


def _show(boards: set[Board]) -> str:
    return " ".join(f"{w}=PAB" if b == 0 else f"{w}-{b}" for w, b in sorted(boards)) or "none"


def accounts_for(line: PibeLine, recorded: Pairing, expected: Pairing) -> str | None:
    """None when ``line``'s change turns ``expected`` into ``recorded`` exactly; else what is
    left over, in words."""
    if line.engine is None or line.result is None:
        return "the line does not state the pairs it changed"
    engine, record = _boards(expected), _boards(recorded)
    removed, added = set(line.engine), set(line.result)
    problems = []
    if removed - engine:
        problems.append(f"it removes {_show(removed - engine)}, which the engine did not pair")
    if added - record:
        problems.append(f"it adds {_show(added - record)}, which the record does not have")
    after = (engine - removed) | added
    if not problems and after != record:
        problems.append(
            f"with it applied the record still differs: {_show(record - after)} recorded, "
            f"{_show(after - record)} expected"
        )
    return "; ".join(problems) or None


def declared_only(findings: Iterable[Discrepancy]) -> bool:
    """Whether a round's findings are all a manual change the file declares and that turns
    the engine's pairing into the record (see the module docstring): the round is explained by
    the file, so it does not make ``check`` exit 1."""
    items = list(findings)
    return bool(items) and all(d.cause == Cause.MANUAL_CHANGE and d.evidence for d in items)


def combined(lines: list[PibeLine]) -> PibeLine | None:
    """The MPA lines of one round as one change (their pairs together), or None when one of
    them does not state its pairs."""
    if any(ln.engine is None or ln.result is None for ln in lines):
        return None
    return replace(
        lines[0],
        engine=tuple(b for ln in lines for b in ln.engine or ()),
        result=tuple(b for ln in lines for b in ln.result or ()),
    )


def _quoted(lines: list[PibeLine]) -> str:
    return " and ".join(f"line {ln.line}: '{ln.raw.strip()}'" for ln in lines)


def _mpa_finding(
    line: PibeLine, left: str | None, together: list[PibeLine] | None = None
) -> Discrepancy:
    players = sorted({x for b in (line.result or ()) for x in b if x})
    quoted = _quoted(together or [line])
    if left is None:
        text = f"the round was changed by hand and the change is declared ({quoted})"
        return Discrepancy(
            INPUT,
            None,
            players,
            _show(set(line.result or ())),
            _show(set(line.engine or ())),
            text,
            summary=f"Round {line.round}: {text}",
            cause=Cause.MANUAL_CHANGE,
            evidence=f"the declared change turns the engine's pairing into the record ({quoted})",
        )
    text = f"the declared manual change ({quoted}) does not account for the difference: {left}"
    return Discrepancy(
        INPUT,
        None,
        players,
        None,
        None,
        text,
        summary=f"Round {line.round}: {text}",
        cause=Cause.MANUAL_CHANGE,
        evidence=None,
    )


def apply_declared(
    t: Tournament, file: FileReport, reports: list[RoundReport]
) -> list[RoundReport]:
    """``reports`` with the rounds the file's PIBE lines declare changed judged by them."""
    lines = pibe_lines(t)
    if not lines:
        return reports
    for line in lines:
        if line.is_import:
            file.warnings.append(
                f"round {line.round}: imported, not paired by the program "
                f"(line {line.line}: '{line.raw.strip()}')"
            )
    mpa: dict[int, list[PibeLine]] = {}
    for line in lines:
        if line.is_mpa:
            mpa.setdefault(line.round, []).append(line)
    out = []
    for r in reports:
        declared = mpa.get(r.round, [])
        if not declared:
            out.append(r)
            continue
        if r.status != DIFFERS or r.recorded is None or r.expected is None:
            if r.status != DIFFERS:
                file.warnings.append(
                    f"round {r.round}: a manual change is declared (line {declared[0].line}) "
                    "but the round follows the rules"
                )
            out.append(r)
            continue
        left = [accounts_for(line, r.recorded, r.expected) for line in declared]
        exact = next((ln for ln, rest in zip(declared, left) if rest is None), None)
        both = combined(declared) if exact is None and len(declared) > 1 else None
        if exact is not None:
            out.append(replace(r, discrepancies=[_mpa_finding(exact, None)]))
        elif both is not None and accounts_for(both, r.recorded, r.expected) is None:
            out.append(replace(r, discrepancies=[_mpa_finding(both, None, declared)]))
        else:
            notes = [_mpa_finding(ln, rest) for ln, rest in zip(declared, left)]
            out.append(replace(r, discrepancies=notes + list(r.discrepancies)))
    return out
