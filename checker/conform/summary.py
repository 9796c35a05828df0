"""The summary of a ``trfaudit conform`` run: counts, and the text printed on stdout.

``summary.json`` holds at least ``tournaments``, ``rounds``, ``discrepancies`` (rounds whose
pairing differs), ``by_class`` / ``by_kind`` / ``by_criterion`` (findings, by the TEC class,
the kind and the criterion as the edition labels it) and ``engine_failures`` (rounds without a
pairing: by failure, and each one with its tournament, round and message).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

#: Entries listed one by one in the summary (the counts are always complete).
LISTED = 200


def summarise(results: list[dict[str, Any]], settings: dict[str, Any]) -> dict[str, Any]:
    rounds = [(r, x) for r in results for x in r["rounds"]]
    differing = [(r, x) for r, x in rounds if x["status"] == "differs"]
    failed = [(r, x) for r, x in rounds if x["status"] == "failure"]
    findings = [f for _, x in differing for f in x["findings"]]
    matches: Counter[str] = Counter(m for _, x in differing for m in x.get("matches", []))
    return {
        "settings": settings,
        "tournaments": len(results),
        "rounds": len(rounds),
        "matching_rounds": len(rounds) - len(differing) - len(failed),
        "discrepancies": len(differing),
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
    lines = [
        (
            f"{s['tournaments']} tournaments, {s['rounds']} rounds: {s['matching_rounds']} "
            f"match, {s['discrepancies']} differ ({100 * s['discrepancies'] / rounds:.2f} %), "
            f"{fails['total']} without a pairing from the program"
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
    for f in fails["rounds"][:20]:
        lines.append(f"  {f['tournament']} round {f['round']}: {f['failure']}: {f['detail']}")
    return "\n".join(lines) + "\n"
