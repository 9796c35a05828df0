#!/usr/bin/env python3
"""Run other projects' Dutch test cases (``../shared/peers/CASES.tsv``) and print the tally.

    python3 bench/peers.py [--root DIR] [--only SUBSTRING] [--all]

``--root`` is a folder with a ``CASES.tsv`` (default ``../shared/peers``, else the copy in
``corpus/peers``); each row names the input, the expectation and how to read it (see the
folder's README).  Every Dutch row is run (``--all``: the other systems too, which must be
refused clearly) and printed as ``PASS``/``FAIL``/``SKIP`` with the reason, then the tally.

How each kind is judged:

* ``next-round-pairing``: ``pair`` under the row's edition; the pairs, colours and PAB must be
  the expected file's (bbp/JaVaFo ``N`` + ``white black`` lines, or the derived ``#`` files;
  ``UNORDERED`` ones without colours); "NO legal pairing" rows must give none; rows without a
  stored answer are compared with bbpPairings (v6 for 2025, v5 for 2017) when
  ``/work/scratch/bbp`` has it, else skipped; chesspairing's JSON scenarios are turned into
  a TRF per round as the row's recipe says;
* ``whole-file-check``: ``check`` must find every round as recorded (or the verdict the row
  or its derived file states); where the row marks that expectation unverified and
  bbpPairings is here, a round-for-round agreement with its ``--check`` under both editions
  (v6: 2025, v5: 2017) passes instead;
* ``parse-only``: the file is read (or rejected, when the row says so).

Exit 0 when no case fails.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
BBP = {
    "2025": Path("/work/scratch/bbp/v6/bbpPairings.exe"),
    "2017": Path("/work/scratch/bbp/v5/bbpPairings.exe"),
}


@dataclass
class Outcome:
    case: str
    verdict: str  # PASS, FAIL, SKIP
    reason: str


def is_dutch(row: dict[str, str]) -> bool:
    """A Dutch row: it names the system, or JaVaFo (a Dutch-only engine)."""
    text = row["edition_system"].lower()
    named = "dutch" in text or "javafo" in text
    return named and "not dutch" not in text and "burstein (!)" not in text


def edition_of(row: dict[str, str]) -> str:
    """The edition the row's engine applied: 2017 for JaVaFo and bbp v5, 2025 for bbp v6 and
    the 2026 engines (the 2025 and 2026 texts are one edition here), else the file's own."""
    first = re.search(r"2017|2025|2026|JaVaFo", row["edition_system"])  # the first named
    if first is None:
        return "auto"
    return "2017" if first.group() in ("2017", "JaVaFo") else "2025"


# -- reading expectations ----------------------------------------------------------------------


def read_pairing(path: Path) -> tuple[list[tuple[int, int]], int | None]:
    """A bbp/JaVaFo pairing file or a derived one (``#`` lines first): boards and PAB."""
    lines = [
        x.split() for x in path.read_text().splitlines() if x.strip() and not x.startswith("#")
    ]
    if lines and len(lines[0]) == 1:  # the bbp/JaVaFo count line
        lines = lines[1:]
    boards, bye = [], None
    for a, b in (x[:2] for x in lines):
        if b == "0":
            bye = int(a)
        else:
            boards.append((int(a), int(b)))
    return boards, bye


def same(got, want, colours: bool) -> str | None:
    """None when the pairings agree, else what differs."""
    (gb, gbye), (wb, wbye) = got, want
    if colours:
        g, w = set(gb), set(wb)
    else:
        g, w = {frozenset(x) for x in gb}, {frozenset(x) for x in wb}
    if g == w and gbye == wbye:
        return None
    only_g = sorted(tuple(x) for x in g - w)[:4]
    only_w = sorted(tuple(x) for x in w - g)[:4]
    return f"engine {only_g} bye {gbye}; expected {only_w} bye {wbye}"


# -- running trfaudit ----------------------------------------------------------------------------


def load(path: Path):
    from trfaudit.trf.files import load as load_file
    from trfaudit.trf.validate import validate

    t = load_file(path)
    errors = [p for p in validate(t) if p.is_error]
    return t, errors


def engine_pairing(path: Path, rules: str):
    """(boards, bye) trfaudit gives the next round, or a string saying why there is none."""
    from trfaudit import pair
    from trfaudit.engine import NoPairing
    from trfaudit.trf.errors import TrfError

    try:
        t, errors = load(path)
    except TrfError as exc:
        return f"not read: {exc}"
    if errors:
        return f"invalid: {errors[0]}"
    try:
        result = pair(t, rules=rules)
    except NoPairing as exc:
        return f"no pairing: {exc}"
    return [(b.white, b.black) for b in result.boards], result.bye


def bbp_pairing(path: Path, edition: str):
    exe = BBP.get(edition)
    if exe is None or not exe.exists():
        return None
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.txt"
        done = subprocess.run(
            [str(exe), "--dutch", str(path), "-p", str(out)],
            capture_output=True,
            timeout=120,
            check=False,
        )
        if done.returncode != 0 or not out.exists():
            return f"bbp exit {done.returncode}"
        return read_pairing(out)


def bbp_differing_rounds(path: Path, edition: str) -> set[int] | str | None:
    """The rounds bbpPairings' ``--check`` pairs otherwise than ``path`` records them (None:
    no bbpPairings here; a string: why it gave no answer).  A ``162`` line that states only
    the default points is left out of its copy (bbp v6 rejects the ``A`` and ``X`` symbols)."""
    from trfaudit.trf.model import Scoring
    from trfaudit.trf.reader import read

    exe = BBP.get(edition)
    if exe is None or not exe.exists():
        return None
    text = path.read_text(encoding="latin-1")
    if re.search(r"^162", text, re.MULTILINE):
        if read(path).scoring != Scoring():
            return "bbp cannot read the file's 162 point system"
        text = re.sub(r"^162.*\n", "", text, flags=re.MULTILINE)
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / path.name
        copy.write_text(text, encoding="latin-1")
        done = subprocess.run(
            [str(exe), "--dutch", str(copy), "-c"], capture_output=True, text=True, timeout=300
        )
    if done.returncode not in (0, 1):
        return f"bbp exit {done.returncode}: {done.stderr.strip()[:80]}"
    rounds = re.findall(r"Round #(\d+)\n(  Checker pairings)?", done.stdout)
    return {int(r) for r, table in rounds if table}


def check_verdict(path: Path, rules: str):
    """The FileReport of ``check`` (team events and bad input give ``error``)."""
    from trfaudit.checker.audit import Options, check_prepared, prepare

    prep = prepare(str(path), Options(rules=rules))
    rounds = [
        check_prepared(prep.tournament, r, prep.editions, prep.initials, prep.known)
        for r in prep.rounds
    ]
    prep.report.rounds = prep.finish(rounds)
    return prep.report


# -- the kinds -------------------------------------------------------------------------------------


def run_pairing_case(root: Path, row: dict[str, str]) -> tuple[str, str]:
    path, fmt, rules = root / row["input_path"], row["expected_format"], edition_of(row)
    got = engine_pairing(path, rules)
    if "NO legal pairing" in fmt:
        ok = isinstance(got, str) and got.startswith("no pairing")
        return ("PASS", "no pairing, as expected") if ok else ("FAIL", f"a pairing: {got}")
    if isinstance(got, str):
        return "FAIL", got
    expected = row["expected_path"].split(";")[0]
    if expected:
        colours = "UNORDERED" not in fmt
        want = read_pairing(root / expected)
        if "PARTIAL" in fmt:  # only some boards are stated: those must be the engine's
            stated = set(want[0])
            ok = stated <= set(got[0]) and (want[1] is None or want[1] == got[1])
            missing = sorted(stated - set(got[0]))
            return ("PASS", f"the {len(stated)} stated boards") if ok else ("FAIL", f"{missing}")
        diff = same(got, want, colours)
        return (
            ("PASS", "as expected" + ("" if colours else " (pairs)"))
            if diff is None
            else ("FAIL", diff)
        )
    listed = re.search(r"round 1 with XXC white1: ([\d,\- ]+)", fmt)
    if listed:
        want = [tuple(map(int, p.split("-"))) for p in listed.group(1).strip(" ,").split(",")]
        diff = same(got, (want, None), True)
        return ("PASS", "the listed round 1") if diff is None else ("FAIL", diff)
    if "no exact expected" in fmt:
        return "PASS", f"a complete pairing ({len(got[0])} boards)"
    oracle = bbp_pairing(path, rules)
    if oracle is None:
        return "SKIP", "no stored expected and no bbpPairings here"
    if isinstance(oracle, str):
        return "SKIP", oracle
    diff = same(got, oracle, True)
    return ("PASS", f"as bbpPairings ({rules})") if diff is None else ("FAIL", f"vs bbp: {diff}")


def run_check_case(root: Path, row: dict[str, str]) -> tuple[str, str]:
    path, fmt, rules = root / row["input_path"], row["expected_format"], edition_of(row)
    expected = row["expected_path"]
    if expected:
        text = (root / expected).read_text()
        per_edition = re.findall(r"^dutch(\d{4}): (clean|not clean)$", text, re.MULTILINE)
        if per_edition:
            bad = []
            for year, want in per_edition:
                report = check_verdict(path, "2025" if year == "2026" else year)
                if (report.status == "match") != (want == "clean"):
                    bad.append(f"{year}: {report.status}")
            return ("PASS", "every edition's verdict") if not bad else ("FAIL", "; ".join(bad))
        stated = re.search(r"^round (\d+): (ILLEGAL|DIFFERENT)$", text, re.MULTILINE)
        if stated:
            rnd, what = int(stated.group(1)), stated.group(2)
            report = check_verdict(path, rules)
            if (
                report.error
                and report.error.startswith("inconsistent file")
                and ("consistency finding is also legitimate" in row["notes"])
            ):
                return "PASS", f"refused as the row allows: {report.error[:70]}..."
            if report.error:
                return "FAIL", report.error
            r = next((x for x in report.rounds if x.round == rnd), None)
            ok = r is not None and r.status == "differs"
            if ok and what == "ILLEGAL":
                ok = any(d.kind == "illegal" for d in r.discrepancies)
            return ("PASS", f"round {rnd} {what.lower()}") if ok else ("FAIL", report.summary())
    report = check_verdict(
        path, "auto" if "selected by record 192" in row["edition_system"] else rules
    )
    if report.error:
        return "FAIL", f"not checked: {report.error}"
    want_clean = "NOT Dutch-clean" not in fmt
    ok = (report.status == "match") == want_clean
    tag = " (expectation unverified)" if "UNVERIFIED" in fmt else ""
    if not ok and want_clean and rules == "auto":
        # The row names no edition: an engine may have paired with another edition than the
        # one the file's date puts in force (bbp v6 applied the 2025 text, C.04.3 2025, which
        # is in force from 2026-02-01, to events of 2025).
        for other in ("2025", "2017"):
            if other != report.rules and check_verdict(path, other).status == "match":
                return "PASS", (
                    f"every round as the {other} edition pairs it, not the {report.rules} "
                    f"edition the file's date gives ({report.summary().split(': ', 2)[-1]})" + tag
                )
    if not ok and tag:
        agreed = agrees_with_bbp(path)
        if agreed is not None:
            return "PASS", f"{agreed}{tag}"
    return ("PASS" if ok else "FAIL"), report.summary().split(": ", 1)[-1] + tag


def agrees_with_bbp(path: Path) -> str | None:
    """For an unverified expectation: the sentence that every round's verdict under the 2025
    and the 2017 rules is bbpPairings' (v6, v5), or None when bbp is absent or disagrees."""
    said = []
    for edition in ("2025", "2017"):
        theirs = bbp_differing_rounds(path, edition)
        if not isinstance(theirs, set):
            return None
        ours = {r.round for r in check_verdict(path, edition).rounds if r.status != "match"}
        if ours != theirs:
            return None
        said.append(f"{edition}: rounds {sorted(ours)} differ" if ours else f"{edition}: none")
    return "every round's verdict is bbpPairings v6's and v5's (" + "; ".join(said) + ")"


def run_parse_case(root: Path, row: dict[str, str]) -> tuple[str, str]:
    from trfaudit.trf.errors import TrfError

    path, fmt = root / row["input_path"], row["expected_format"]
    try:
        _, errors = load(path)
    except TrfError as exc:
        errors = [exc]
    if "REJECT" in fmt:
        return ("PASS", f"rejected: {errors[0]}") if errors else ("FAIL", "accepted")
    return ("FAIL", f"rejected: {errors[0]}") if errors else ("PASS", "read")


def run_refusal_case(root: Path, row: dict[str, str]) -> tuple[str, str]:
    """A case of another system: ``check`` must say what it is (exit 2), not crash."""
    report = check_verdict(root / row["input_path"], "auto")
    if report.error and "not a Dutch individual tournament" in report.error:
        return "PASS", report.error
    if report.rules and report.rules.startswith("team"):  # checked by the Swiss Team system
        return "PASS", f"checked as a Swiss Team event ({report.rules}): {report.summary()}"
    if report.error and "Swiss Team event" in report.error:  # refused by the team system
        return "PASS", report.error
    return "FAIL", report.error or report.summary()


def run_scenario_case(root: Path, row: dict[str, str]) -> tuple[str, str]:
    """chesspairing's JSON scenario: each round's TRF built from the expected earlier rounds
    (the row's recipe), paired, compared board for board."""
    folder = (root / row["input_path"]).parent
    if (folder / "scenario.json").exists():
        scenario = json.loads((folder / "scenario.json").read_text())
    else:  # a TournamentState before round 1: the players only
        state = json.loads((folder / "input.json").read_text())
        if state.get("Rounds") or state.get("CurrentRound") != 1:
            return "SKIP", "TournamentState JSON with rounds played: not converted"
        scenario = {"players": state["Players"], "totalRounds": 1, "description": row["case_id"]}
    rounds = [root / p for p in row["expected_path"].split(";") if p]
    order = sorted(range(len(scenario["players"])), key=lambda i: -scenario["players"][i]["Rating"])
    tpn = {scenario["players"][i]["ID"]: k + 1 for k, i in enumerate(order)}
    failures = []
    history: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, path in enumerate(rounds, start=1):
            trf = Path(tmp) / f"round{n}.trf"
            trf.write_text(scenario_trf(scenario, tpn, history, n))
            got = engine_pairing(trf, edition_of(row))
            want_doc = json.loads(path.read_text())
            want = (
                [(tpn[p["WhiteID"]], tpn[p["BlackID"]]) for p in want_doc.get("Pairings") or []],
                next((tpn[b["PlayerID"]] for b in want_doc.get("Byes") or []), None),
            )
            diff = got if isinstance(got, str) else same(got, want, True)
            if diff is not None:
                failures.append(f"round {n}: {diff}")
            history.append(want_doc)
    if failures:
        return "FAIL", f"{len(failures)} of {len(rounds)} rounds: {failures[0]}"
    return "PASS", f"{len(rounds)} rounds as expected"


def scenario_trf(scenario: dict, tpn: dict[str, int], history: list[dict], rnd: int) -> str:
    """The TRF(x) of a chesspairing scenario before round ``rnd`` (CASES.tsv's recipe)."""
    players = scenario["players"]
    rating = {p["ID"]: p["Rating"] for p in players}
    strategy = scenario.get("resultStrategy", "higher-rated-wins")
    withdrawn = scenario.get("withdrawAfterRound") or {}
    blocks: dict[str, list[str]] = {p["ID"]: [] for p in players}
    points: dict[str, float] = {p["ID"]: 0.0 for p in players}
    for doc in history:
        seen = set()
        for g in doc.get("Pairings") or []:
            w, b = g["WhiteID"], g["BlackID"]
            if strategy == "lower-id-wins":
                sw = 1.0 if w < b else 0.0
            else:
                sw = 1.0 if rating[w] > rating[b] else 0.0 if rating[w] < rating[b] else 0.5
            code = {1.0: ("1", "0"), 0.0: ("0", "1"), 0.5: ("=", "=")}[sw]
            blocks[w].append(f"{tpn[b]:4d} w {code[0]}")
            blocks[b].append(f"{tpn[w]:4d} b {code[1]}")
            points[w] += sw
            points[b] += 1 - sw
            seen |= {w, b}
        for bye in doc.get("Byes") or []:
            blocks[bye["PlayerID"]].append("0000 - F")
            points[bye["PlayerID"]] += 1.0
            seen.add(bye["PlayerID"])
        for pid, out in blocks.items():
            if pid not in seen:
                out.append("0000 - Z")
    lines = [f"012 {scenario.get('description', 'scenario')}", f"062 {len(players)}"]
    for p in sorted(players, key=lambda p: tpn[p["ID"]]):
        pid = p["ID"]
        out = list(blocks[pid])
        after = withdrawn.get(pid) if isinstance(withdrawn, dict) else None
        if after is not None and rnd > after:
            out.append("0000 - Z")
        line = f"001 {tpn[pid]:4d}      {pid:<33} {p['Rating']:4d}{'':28}{points[pid]:4.1f} {tpn[pid]:4d}"
        lines.append(line + "".join(f"  {b}" for b in out))
    lines += [f"XXR {scenario['totalRounds']}", "XXC white1"]
    return "\n".join(lines) + "\n"


def run_case(root: Path, row: dict[str, str]) -> Outcome:
    kind, fmt = row["kind"], row["expected_format"]
    try:
        if not is_dutch(row):
            verdict, reason = run_refusal_case(root, row)
        elif fmt.startswith(("chesspairing JSON", "input.json = TournamentState")):
            verdict, reason = run_scenario_case(root, row)
        elif kind == "next-round-pairing":
            verdict, reason = run_pairing_case(root, row)
        elif kind == "whole-file-check":
            verdict, reason = run_check_case(root, row)
        elif kind == "parse-only":
            verdict, reason = run_parse_case(root, row)
        else:
            verdict, reason = "SKIP", f"kind {kind} not run here"
    except Exception as exc:  # noqa: BLE001 - a crash is a failure of trfaudit, reported
        verdict, reason = "FAIL", f"crashed: {type(exc).__name__}: {exc}"
    return Outcome(row["case_id"], verdict, reason)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default = HERE / ".." / "shared" / "peers"
    parser.add_argument(
        "--root", type=Path, default=default if default.exists() else HERE / "corpus" / "peers"
    )
    parser.add_argument("--only", default="", help="run the cases whose id contains this")
    parser.add_argument("--all", action="store_true", help="also the other systems' cases")
    args = parser.parse_args(argv)
    rows = list(csv.DictReader((args.root / "CASES.tsv").open(), delimiter="\t"))
    rows = [r for r in rows if args.only in r["case_id"] and (args.all or is_dutch(r))]
    tally: dict[str, int] = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    for row in rows:
        out = run_case(args.root, row)
        tally[out.verdict] += 1
        print(f"{out.verdict} {out.case}: {out.reason}", flush=True)
    print(f"{len(rows)} cases: {tally['PASS']} pass, {tally['FAIL']} fail, {tally['SKIP']} skipped")
    return 1 if tally["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main())
