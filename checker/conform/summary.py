"""The summary of a ``trfaudit conform`` run: counts, and the text printed on stdout.

``summary.json`` holds at least ``tournaments``, ``rounds``, ``discrepancies`` (rounds whose
pairing differs), ``board_order`` (rounds with the rules' pairs and colours in another board
order, C.04.2 3.6), ``no_pairing_agreed`` (rounds the rules cannot pair, and the program said
so), ``program_seconds`` / ``program_cpu`` / ``trfaudit_cpu`` (the program's time and CPU,
trfaudit's CPU, summed over the tournaments), ``by_class`` / ``by_kind`` / ``by_criterion`` (findings, by the TEC class,
the kind and the criterion as the edition labels it) and ``engine_failures`` (rounds without a
pairing: by failure, and each one with its tournament, round and message).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .judge import BOARD_ORDER

#: Entries listed one by one in the summary (the counts are always complete).
LISTED = 200


def _board_order_only(x: dict[str, Any]) -> bool:
    return all(f["criterion"] == BOARD_ORDER for f in x["findings"])


def summarise(results: list[dict[str, Any]], settings: dict[str, Any]) -> dict[str, Any]:
    """The counts of a run (see the module docstring); a round whose only finding is its
    board order (C.04.2 3.6) is counted under ``board_order``, apart from the pairing
    discrepancies."""
    rounds = [(r, x) for r in results for x in r["rounds"]]
    all_differing = [(r, x) for r, x in rounds if x["status"] == "differs"]
    ordered = [(r, x) for r, x in all_differing if _board_order_only(x)]
    differing = [(r, x) for r, x in all_differing if not _board_order_only(x)]
    failed = [(r, x) for r, x in rounds if x["status"] == "failure"]
    findings = [f for _, x in differing for f in x["findings"]]
    matches: Counter[str] = Counter(m for _, x in differing for m in x.get("matches", []))
    return {
        "settings": settings,
        "tournaments": len(results),
        "rounds": len(rounds),
        "matching_rounds": len(rounds) - len(all_differing) - len(failed),
        "no_pairing_agreed": sum(1 for _, x in rounds if x.get("no_pairing")),
        "discrepancies": len(differing),
        "board_order": {
            "rounds": len(ordered),
            "listed": [
                {
                    "tournament": r["name"],
                    "round": x["round"],
                    "files": x["files"],
                    "finding": x["findings"][0]["summary"],
                }
                for r, x in ordered[:LISTED]
            ],
        },
        "program_seconds": round(sum(r.get("program_seconds", 0.0) for r in results), 1),
        "program_cpu": round(sum(r.get("program_cpu", 0.0) for r in results), 1),
        "trfaudit_cpu": round(sum(r.get("trfaudit_cpu", 0.0) for r in results), 1),
        "slowest_round": max(
            (
                {"tournament": r["name"], "round": x["round"], "seconds": x["seconds"]}
                for r, x in rounds
                if "seconds" in x
            ),
            key=lambda d: d["seconds"],
            default=None,
        ),
        "findings": len(findings),
        "by_class": dict(Counter(f["class"] for f in findings)),
        "by_kind": dict(Counter(f["kind"] for f in findings)),
        "by_criterion": dict(Counter(f"{f['kind']} {f['criterion'] or '-'}" for f in findings)),
        "discrepant_rounds_matching_other_rules": dict(matches),
        "engine_failures": {
            "total": len(failed),
            "by_failure": dict(Counter(x["failure"] for _, x in failed)),
            "rounds": [
                {
                    "tournament": r["name"],
                    "round": x["round"],
                    "failure": x["failure"],
                    "detail": x["detail"],
                    "files": x["files"],
                }
                for r, x in failed[:LISTED]
            ],
        },
        "discrepant_rounds": [
            {
                "tournament": r["name"],
                "seed": r["seed"],
                "round": x["round"],
                "files": x["files"],
                "matches": x.get("matches", []),
                "findings": [
                    f"{f['class']} {f['kind']} {f['criterion'] or '-'}: {f['summary']}"
                    for f in x["findings"]
                ],
            }
            for r, x in differing[:LISTED]
        ],
        "stopped_early": sum(1 for r in results if r["stopped"]),
    }


def _counts(title: str, counts: dict[str, int]) -> list[str]:
    if not counts:
        return []
    return [f"  {title}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))]


def summary_text(s: dict[str, Any]) -> str:
    """The summary as printed on stdout."""
    rounds = s["rounds"] or 1
    fails = s["engine_failures"]
    reverse = s["settings"].get("direction") == "reverse"
    lines = [
        (
            f"{s['tournaments']} tournaments, {s['rounds']} rounds: {s['matching_rounds']} "
            f"match, {s['discrepancies']} differ ({100 * s['discrepancies'] / rounds:.2f} %), "
            f"{fails['total']} without "
            + ("a file from your generator" if reverse else "a pairing from your program")
            + (
                f", {s['board_order']['rounds']} in another board order"
                if s["board_order"]["rounds"]
                else ""
            )
        ),
    ]
    lines += _counts("findings by class", s["by_class"])
    lines += _counts("by kind", s["by_kind"])
    lines += _counts("by criterion", s["by_criterion"])
    lines += _counts("program failures", fails["by_failure"])
    for edition, n in sorted(s["discrepant_rounds_matching_other_rules"].items()):
        lines.append(
            f"  {n} of the {s['discrepancies']} differing rounds match the {edition} rules"
            + (" (all of them)" if n == s["discrepancies"] else "")
        )
    for d in s["discrepant_rounds"][:20]:
        lines.append(f"  {d['tournament']} round {d['round']}: {d['findings'][0]}")
    for b in s["board_order"]["listed"][:5]:
        lines.append(f"  {b['tournament']} round {b['round']}: order {BOARD_ORDER}: {b['finding']}")
    for f in fails["rounds"][:20]:
        lines.append(f"  {f['tournament']} round {f['round']}: {f['failure']}: {f['detail']}")
    first = (s["discrepant_rounds"] or fails["rounds"] or [None])[0]
    out = s["settings"].get("output")
    if first and out and not reverse:
        lines.append(
            f"  replay a round: trfaudit conform --replay {out}/{first['files']} "
            f"(or the tournament alone: {out}/{first['files']}/REPLAY.txt)"
        )
    return "\n".join(lines) + "\n"
