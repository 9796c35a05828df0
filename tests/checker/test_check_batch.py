"""Batches at scale: ``--format jsonl``, ``--resume``, ``--summary``, ``--scheduler`` (Dask)."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from trfaudit.checker.batch.cluster import SchedulerError, parse_scheduler
from trfaudit.checker.cli import app
from trfaudit.checker.reports.json import schema
from trfaudit.trf.reader import read
from trfaudit.trf.writer import write

from .tamper import tamper_swap_colours

runner = CliRunner()

# Small complete corpus tournaments and their rounds (RoundsNumber of their .cfg).
ROUNDS = {"t000025": 3, "t000036": 4, "t000108": 6, "t000114": 5, "t000234": 6}


def check(*args):
    return runner.invoke(app, ["check", *map(str, args)])


@pytest.fixture()
def batch(tmp_path, corpus_dir):
    """Five clean files, t000098 with the colours of board 1-5 of round 5 swapped (one colour
    discrepancy, 5.2.1: see test_check_cli), and a file that is not a TRF file."""
    folder = tmp_path / "batch"
    folder.mkdir()
    for name in ROUNDS:
        shutil.copy(corpus_dir / "dutch2025" / f"{name}.trf", folder)
    t = read(corpus_dir / "dutch2025" / "t000098.trf")
    colour = next(c for c in tamper_swap_colours(t) if c.players == [1, 5])
    (folder / "colour.trf").write_text(write(colour.tournament))
    (folder / "junk.trf").write_text("this is not a tournament\n")
    return folder


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_jsonl_lines_follow_the_schema_and_the_summary_counts(batch, tmp_path):
    out, summary = tmp_path / "out.jsonl", tmp_path / "summary.json"
    result = check(batch, "--format", "jsonl", "-o", out, "--summary", summary)
    assert result.exit_code == 2, result.output  # junk.trf is not checked
    found = lines(out)
    assert sorted(Path(o["file"]).name for o in found) == sorted(
        [f"{n}.trf" for n in ROUNDS] + ["colour.trf", "junk.trf"]
    )
    whole = schema()
    file_schema = {"$schema": whole["$schema"], "$defs": whole["$defs"], "$ref": "#/$defs/file"}
    for obj in found:
        jsonschema.validate(obj, file_schema)
        assert len(obj["sha256"]) == 64  # junk.trf too: it was read, it is not a TRF file
    s = json.loads(summary.read_text())
    clean_rounds = sum(ROUNDS.values())
    assert (s["files"], s["files_checked"], s["files_clean"], s["files_differing"]) == (7, 6, 5, 1)
    assert (s["rounds"], s["rounds_differing"]) == (clean_rounds + 5, 1)
    assert s["by_kind"] == {"colour": 1} and s["by_criterion"] == {"5.2.1": 1}
    assert s["by_class"] == {"pairing": 1}
    assert [Path(n["file"]).name for n in s["not_checked"]] == ["junk.trf"]
    assert s["exit_code"] == 2
    assert (
        f"7 files (0 resumed from the output), {clean_rounds + 5} rounds checked" in result.stderr
    )
    assert "junk.trf: not checked" in result.stderr


def test_local_cluster_gives_the_same_json_as_jobs_2(batch, tmp_path):
    pytest.importorskip("distributed")
    pool, dask = tmp_path / "pool.json", tmp_path / "dask.json"
    assert check(batch, "-f", "json", "-o", pool, "--jobs", "2").exit_code == 2
    result = check(batch, "-f", "json", "-o", dask, "--scheduler", "local:2")
    assert result.exit_code == 2, result.output
    # the same documents but for the moment of the check (generator.checked_at)
    same = re.compile(r'"checked_at": "[^"]*"')
    assert same.sub("", dask.read_text()) == same.sub("", pool.read_text())
    kinds = {
        Path(f["file"]).name: [
            (d["kind"], d["criterion"]) for r in f["rounds"] for d in r["discrepancies"]
        ]
        for f in json.loads(dask.read_text())["files"]
    }
    assert kinds["colour.trf"] == [("colour", "5.2.1")]


def test_files_sent_as_bytes_give_the_same_lines(batch, tmp_path):
    read_there, sent = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    check(batch, "-f", "jsonl", "-o", read_there, "-j", "2")
    check(batch, "-f", "jsonl", "-o", sent, "-j", "2", "--send-files")
    key = lambda o: o["file"]  # noqa: E731 - completion order differs
    assert sorted(lines(sent), key=key) == sorted(lines(read_there), key=key)


def test_killed_run_resumes_with_every_file_reported_once(tmp_path, corpus_dir):
    folder = tmp_path / "many"
    folder.mkdir()
    # 12-player tournaments: enough work that the run can be killed half-way.
    names = sorted(
        p.name for p in (corpus_dir / "dutch2025").glob("*.trf") if 10 <= len(read(p).players) <= 14
    )[:10]
    for name in names:
        shutil.copy(corpus_dir / "dutch2025" / name, folder)
    out = tmp_path / "out.jsonl"
    command = [
        sys.executable,
        "-m",
        "trfaudit.checker.cli",
        "check",
        str(folder),
        "--format",
        "jsonl",
        "-o",
        str(out),
    ]
    proc = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and out.read_text().count("\n") >= 2:
            break
        time.sleep(0.005)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    before = out.read_text().count("\n")
    assert 2 <= before < len(names), "the run was not killed half-way"
    first = {o["file"] for o in lines(out)}

    result = runner.invoke(
        app, ["check", str(folder), "--format", "jsonl", "-o", str(out), "--resume"]
    )
    assert result.exit_code == 0, result.output
    reported = [o["file"] for o in lines(out)]
    assert sorted(reported) == sorted(str(folder / n) for n in names)  # each exactly once
    assert f"{len(names)} files ({len(first)} resumed from the output)" in result.stderr
    fresh = tmp_path / "fresh.jsonl"
    check(folder, "--format", "jsonl", "-o", fresh)
    key = lambda o: o["file"]  # noqa: E731
    assert sorted(lines(out), key=key) == sorted(lines(fresh), key=key)


def test_resume_checks_again_a_file_that_changed(batch, tmp_path, corpus_dir):
    out = tmp_path / "out.jsonl"
    check(batch, "-f", "jsonl", "-o", out)
    # colour.trf is repaired: its bytes change, so its old line must go.
    shutil.copy(corpus_dir / "dutch2025" / "t000098.trf", batch / "colour.trf")
    with out.open("a") as handle:
        handle.write('{"file": "cut sh')  # the last line of a killed run
    result = check(batch, "-f", "jsonl", "-o", out, "--resume")
    found = lines(out)
    assert len(found) == 7 == len({o["file"] for o in found})
    colour = next(o for o in found if o["file"].endswith("colour.trf"))
    assert colour["status"] == "match"
    # only colour.trf (changed) was checked again; junk.trf has the same bytes, the same verdict
    assert "7 files (6 resumed from the output)" in result.stderr


def test_resume_needs_a_jsonl_output():
    result = check("x.trf", "--resume")
    assert result.exit_code == 2
    assert "--resume needs --format jsonl and -o OUT" in result.stderr


@pytest.mark.parametrize(
    "spec, parsed",
    [("local:3", ("local", 3)), ("tcp://10.0.0.5:8786", ("address", "tcp://10.0.0.5:8786"))],
)
def test_scheduler_specs(spec, parsed):
    assert parse_scheduler(spec) == parsed


@pytest.mark.parametrize("spec", ["local:0", "local:x", "10.0.0.5:8786", "tcp://"])
def test_bad_scheduler_spec_is_refused(spec):
    with pytest.raises(SchedulerError):
        parse_scheduler(spec)
    result = check("x.trf", "--scheduler", spec)
    assert result.exit_code == 2 and "--scheduler" in result.stderr


def _dies_once(i: int, marks: str) -> int:
    """Item 3 kills its worker process the first time it runs; every run leaves a mark."""
    folder = Path(marks)
    (folder / f"ran-{i}-{os.getpid()}-{time.monotonic_ns()}").touch()
    if i == 3 and not (folder / "died").exists():
        (folder / "died").touch()
        os._exit(1)
    time.sleep(0.05)
    return i * i


def test_a_lost_worker_only_reruns_its_tasks(tmp_path):
    pytest.importorskip("distributed")
    import cloudpickle

    from trfaudit.checker.batch.cluster import executor

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # workers cannot import tests
    items = [(i, str(tmp_path)) for i in range(12)]
    got: list[tuple[int, int]] = []
    with executor(scheduler="local:2") as map_unordered:
        for item, result in map_unordered(_dies_once, items):
            got.append((item[0], result))
    assert sorted(got) == [(i, i * i) for i in range(12)]  # each exactly once
    runs = {i: len(list(tmp_path.glob(f"ran-{i}-*"))) for i in range(12)}
    assert (tmp_path / "died").exists() and runs[3] == 2
    # at most the tasks held by the lost worker ran twice: never all of them
    assert sum(runs.values()) - 12 < 12 - 1


@pytest.mark.parametrize("rules", ["auto", "all"])
def test_one_task_per_file_gives_the_json_report_files(batch, tmp_path, rules):
    """The streaming path (one task per file) and the batch path (one task per round) build
    the same per-file objects, under one edition and under every edition side by side."""
    whole, lines_out = tmp_path / "whole.json", tmp_path / "lines.jsonl"
    check(batch, "--rules", rules, "-f", "json", "-o", whole, "-j", "2")
    check(batch, "--rules", rules, "-f", "jsonl", "-o", lines_out, "-j", "2")
    streamed = {o.pop("file"): o for o in lines(lines_out)}
    for obj in streamed.values():
        obj.pop("sha256")
    files = {f.pop("file"): f for f in json.loads(whole.read_text())["files"]}
    assert streamed == files
