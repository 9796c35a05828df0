"""``--junit FILE``: the run as a JUnit XML report, the form CI systems read.

One ``testsuites`` holding one ``testsuite`` ("trfaudit conform", the edition), one
``testcase`` per tournament (name ``gSEED``, time the program's own); a tournament with a
round that differs or got no pairing has one ``failure`` whose ``message`` is its first
finding and whose text lists every one, with the replay folder of each round.  Attributes
follow the Jenkins/Surefire schema (``testsuite`` needs ``name``, ``tests``, ``failures``,
``errors``; ``testcase`` needs ``name``).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path
from typing import Any


def _lines(result: dict[str, Any]) -> list[str]:
    out = []
    for r in result["rounds"]:
        where = f"round {r['round']}" + (f" ({r['files']})" if r.get("files") else "")
        if r["status"] == "failure":
            out.append(f"{where}: {r['failure']}: {r['detail']}")
        elif r["status"] == "differs":
            for f in r["findings"]:
                out.append(f"{where}: {f['kind']} {f['criterion'] or '-'}: {f['summary']}")
    return out


def junit_xml(results: list[dict[str, Any]], rules: str, seconds: float) -> bytes:
    """The JUnit XML text of a run's results (in seed order)."""
    failing = [r for r in results if _lines(r)]
    total = f"{seconds:.3f}"
    suites = ET.Element(
        "testsuites",
        name="trfaudit conform",
        tests=str(len(results)),
        failures=str(len(failing)),
        errors="0",
        time=total,
    )
    suite = ET.SubElement(
        suites,
        "testsuite",
        name=f"trfaudit conform (rules {rules})",
        tests=str(len(results)),
        failures=str(len(failing)),
        errors="0",
        skipped="0",
        time=total,
        timestamp=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S"),
    )
    for r in results:
        case = ET.SubElement(
            suite,
            "testcase",
            name=f"{r['name']} ({r['players']} players, {len(r['rounds'])} rounds)",
            classname=f"conform.rules{r['rules']}",
            time=f"{r.get('program_seconds', 0.0):.3f}",
        )
        lines = _lines(r)
        if lines:
            failure = ET.SubElement(
                case, "failure", message=lines[0][:500], type="trfaudit.conform"
            )
            failure.text = "\n".join(lines) + "\n"
    ET.indent(suites)
    text: bytes = ET.tostring(suites, encoding="utf-8", xml_declaration=True)
    return text + b"\n"


def write_junit(path: Path, results: list[dict[str, Any]], rules: str, seconds: float) -> None:
    path.write_bytes(junit_xml(results, rules, seconds))
