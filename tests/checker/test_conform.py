"""``trfaudit conform`` against broken pairing programs (tests/checker/broken_program.py: the
rules' pairing, altered from round 3 on in one way per kind), and against the reference
engine when ``TRFAUDIT_BBP`` / ``TRFAUDIT_BBP5`` name its v6 / v5 binary."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from trfaudit.checker.cli import app
from trfaudit.checker.conform.cutfile import absences, round_file
from trfaudit.checker.conform.engine_cmd import parse_pairing
from trfaudit.checker.conform.harness import Task, round_input, rounds_to_put, tournament_of
from trfaudit.checker.conform.preflight import PLAYERS, ROUND, SEED
from trfaudit.corpus.config import GeneratorConfig, config_from
from trfaudit.corpus.generator import generate

runner = CliRunner()
BROKEN = Path(__file__).with_name("broken_program.py")
FAKE_GEN = Path(__file__).with_name("fake_generator.py")
BBP6 = os.environ.get("TRFAUDIT_BBP")
BBP5 = os.environ.get("TRFAUDIT_BBP5")
SMALL = ["--set", "players=9", "--set", "rounds=5", "--set", "draw_rate=0.3"]


def conform(*args: str):
    return runner.invoke(app, ["conform", *args])


def answers(path: Path, sets: list[str], seeds: range, rules: str = "2025") -> Path:
    """The rules' pairing of every round the run puts (and of the pre-flight round), keyed by
    the input text, for broken_program.py."""
    out: dict[str, object] = {}

    def put(text: str, rnd: int, g, absent: list[int]) -> None:
        key = hashlib.sha256(text.encode()).hexdigest()
        if rnd in g.board_order:
            bye = next(
                (p for p, x in g.tournament.players.items() if x.entry(rnd).kind.name == "PAB"),
                None,
            )
            out[key] = {"round": rnd, "boards": g.board_order[rnd], "bye": bye, "absent": absent}
        else:
            out[key] = {"round": rnd, "none": True, "absent": absent}

    pre = generate(GeneratorConfig(players=PLAYERS, rounds=3, rules=rules), SEED)
    put(round_file(pre.tournament, ROUND), ROUND, pre, [])
    cfg = config_from(None, [s for s in sets if s != "--set"]).replace(rules=rules).check()
    for seed in seeds:
        g, _ = tournament_of(Task(seed, cfg, "x"))
        for rnd in rounds_to_put(g):
            absent = sorted(absences(g.tournament, rnd)) or sorted(g.stop_absent)
            put(round_input(g, rnd), rnd, g, absent)
    path.write_text(json.dumps(out))
    return path


def program(ans: Path, mode: str) -> str:
    return f"{sys.executable} {BROKEN} {ans} {mode} {{in}} {{out}}"


@pytest.fixture(autouse=True)
def _pythonpath(monkeypatch):
    """broken_program.py imports the trfaudit under test for inputs not in its answers."""
    import trfaudit

    link = str(Path(trfaudit.__file__).resolve().parent.parent)
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [link, os.environ.get("PYTHONPATH")]))
    )


@pytest.fixture(scope="module")
def ans(tmp_path_factory) -> Path:
    return answers(tmp_path_factory.mktemp("ans") / "a.json", SMALL, range(1, 3))


def summary_of(out: Path) -> dict:
    return json.loads((out / "summary.json").read_text())


def test_a_program_that_pairs_by_the_rules_matches_every_round(tmp_path, ans):
    out = tmp_path / "o"
    result = conform("--engine", program(ans, "good"), "--count", "2", *SMALL, "-o", str(out))
    assert result.exit_code == 0, result.output
    s = summary_of(out)
    assert s["tournaments"] == 2 and s["rounds"] == s["matching_rounds"] == 10
    assert s["discrepancies"] == 0 and s["engine_failures"]["total"] == 0
    assert s["board_order"]["rounds"] == 0
    assert not (out / "rounds").exists() or not any((out / "rounds").iterdir())


# mode -> (what the summary counts it as, the class or failure, a word the finding says)
KINDS = {
    "colour": ("differs", "pairing", None),
    "opponent": ("differs", "pairing", None),
    "pab": ("differs", "pairing", None),
    "absent": ("differs", "pairing", "paired although absent"),
    "missing": ("differs", "pairing", "left unpaired"),
    "crash": ("failure", "crash", "exit 3"),
    "garbage": ("failure", "unreadable", "line 1"),
    "count": ("failure", "unreadable", "pairs announced"),
    "nooutput": ("failure", "unreadable", "no output file"),
    "stdout": ("failure", "unreadable", "printed on stdout"),
    "directory": ("failure", "unreadable", "is a directory"),
    "nopairing": ("failure", "no-pairing", "the rules pair the round"),
    "hang": ("failure", "timeout", "within 4 s"),
    "reversed": ("order", "pairing", "C.04.2 3.6"),
}


@pytest.mark.parametrize("mode", sorted(KINDS))
def test_each_kind_of_broken_program_is_found_classed_and_kept_for_replay(tmp_path, mode):
    sets = ["--set", "players=9", "--set", "rounds=4", "--set", "draw_rate=0.3"]
    if mode == "absent":  # round 3 or 4 needs an absentee (seed 1 has one in round 3)
        sets = [*sets, "--set", "zero_bye_rate=0.15"]
    ans = answers(tmp_path / "a.json", sets, range(1, 2))
    out = tmp_path / "o"
    limit = "4" if mode == "hang" else "60"  # a loaded machine may take seconds to start one
    result = conform(
        "--engine", program(ans, mode), "--count", "1", *sets, "--timeout", limit, "-o", str(out)
    )
    assert result.exit_code == 1, result.output
    status, klass, word = KINDS[mode]
    s = summary_of(out)
    lines = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    bad = [r for r in lines[0]["rounds"] if r["status"] != "match"]
    if mode == "absent":
        bad = [r for r in bad if r["round"] >= 3]
    assert bad and all(r["round"] >= 3 for r in bad)  # rounds 1-2 match
    first = bad[0]
    if status == "failure":
        assert s["engine_failures"]["by_failure"] == {klass: len(bad)}
        assert word in first["detail"]
        assert s["discrepancies"] == 0
    elif status == "order":
        assert s["discrepancies"] == 0 and s["board_order"]["rounds"] == len(bad)
        assert {f["criterion"] for r in bad for f in r["findings"]} == {"C.04.2 3.6"}
        assert "board 1: your program puts" in first["findings"][0]["summary"]
    else:
        assert s["discrepancies"] == len(bad) and s["by_class"] == {klass: s["findings"]}
        assert "C.04.2 3.6" not in json.dumps(s["by_criterion"])
        if word:
            assert word in first["findings"][0]["summary"]
        f = first["findings"][0]
        assert f["program"] and f["rules"] and "recorded" not in f["summary"]
    folder = out / first["files"]
    for name in ("input.trf", "program.txt", "rules.txt", "diff.txt", "stderr.txt"):
        assert (folder / name).exists(), name
    replay = (folder / "REPLAY.txt").read_text()
    assert f"trfaudit conform --replay {out}/{first['files']}\n" in replay
    assert "--seed 1 --count 1" in replay
    rules = parse_pairing((folder / "rules.txt").read_text())
    assert (folder / "finding.json").exists() and rules.boards
    if mode == "crash":
        assert "second line of the trace" in (folder / "stderr.txt").read_text()
    if status != "failure":
        ours = (folder / "program.txt").read_text()
        assert ours != (folder / "rules.txt").read_text()
        assert "*" in (folder / "diff.txt").read_text()


def test_a_timeout_kills_the_program_and_its_children(tmp_path):
    from trfaudit.checker.conform.engine_cmd import Failure, run_engine

    ans = answers(tmp_path / "a.json", SMALL, range(1, 2))
    g, _ = tournament_of(Task(1, config_from(None, SMALL[1::2]).check(), "x"))
    infile, outfile = tmp_path / "in.trf", tmp_path / "out.txt"
    infile.write_text(round_input(g, 3))
    start = time.monotonic()
    run = run_engine(program(ans, "hang"), infile, outfile, 3.0)
    assert run.failure is Failure.TIMEOUT and time.monotonic() - start < 20
    child = int(Path(str(outfile) + ".child").read_text())
    for _ in range(50):
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"the hung program's child {child} is still running")


def test_replay_reruns_the_round_of_a_kept_folder(tmp_path, ans):
    out = tmp_path / "o"
    conform("--engine", program(ans, "opponent"), "--count", "1", *SMALL, "-o", str(out))
    folder = out / "rounds" / "g000001-r03"
    result = conform("--replay", str(folder))
    assert result.exit_code == 1, result.output
    assert result.output.startswith("tournament 1 round 3: differs")
    assert "your program" in result.output
    good = json.loads((folder / "replay.json").read_text())
    good["engine"] = program(ans, "good")
    (folder / "replay.json").write_text(json.dumps(good))
    assert conform("--replay", str(folder)).output.startswith("tournament 1 round 3: match")
    assert conform("--replay", str(tmp_path)).exit_code == 2


@pytest.mark.parametrize(
    ("engine", "reason"),
    [
        ("/nonexistent/pairing-program {in} {out}", "cannot run /nonexistent/pairing-program"),
        ("MODE:stdout-always", "printed on stdout instead"),
        ("MODE:crash-always", "crash on round 2"),
    ],
)
def test_a_misconfigured_command_stops_at_the_pre_flight_round(tmp_path, ans, engine, reason):
    if engine == "MODE:stdout-always":
        engine = program(ans, "stdout-always")
    elif engine == "MODE:crash-always":
        engine = f"{sys.executable} -c 'import sys; sys.exit(4)' {{in}} {{out}}"
    out = tmp_path / "o"
    result = conform("--engine", engine, "--count", "3", *SMALL, "-o", str(out))
    assert result.exit_code == 2, result.output
    assert "pre-flight" in result.output and reason in result.output
    assert not (out / "results.jsonl").exists()


def test_no_valid_pairing_is_the_right_answer_when_the_rules_agree(tmp_path):
    # 4 players, 4 rounds: after the round robin of rounds 1-3 no pairing of round 4 exists
    sets = ["--set", "players=4", "--set", "rounds=4"]
    ans = answers(tmp_path / "a.json", sets, range(1, 2))
    out = tmp_path / "o"
    result = conform("--engine", program(ans, "good"), "--count", "1", *sets, "-o", str(out))
    assert result.exit_code == 0, result.output
    s = summary_of(out)
    assert s["rounds"] == 4 and s["no_pairing_agreed"] == 1 and s["matching_rounds"] == 4
    # a program that pairs that round anyway is found out by the checker
    ans2 = json.loads(ans.read_text())
    none = next(k for k, v in ans2.items() if v.get("none"))
    ans2[none] = {"round": 4, "boards": [[1, 2], [3, 4]], "bye": None, "absent": []}
    ans.write_text(json.dumps(ans2))
    out2 = tmp_path / "o2"
    result = conform("--engine", program(ans, "good"), "--count", "1", *sets, "-o", str(out2))
    assert result.exit_code == 1, result.output
    (bad,) = summary_of(out2)["discrepant_rounds"]
    assert bad["round"] == 4 and "illegal C1" in bad["findings"][0]


def test_fail_fast_stops_at_the_first_failing_tournament(tmp_path):
    ans = answers(tmp_path / "a.json", SMALL, range(1, 6))
    out = tmp_path / "o"
    result = conform(
        "--engine", program(ans, "crash"), "--count", "5", *SMALL, "--fail-fast", "-o", str(out)
    )
    assert result.exit_code == 1
    assert summary_of(out)["tournaments"] == 1


def test_resume_goes_on_only_with_the_same_settings(tmp_path, ans):
    out = str(tmp_path / "o")
    good = program(ans, "good")
    assert conform("--engine", good, "--count", "1", *SMALL, "-o", out).exit_code == 0
    again = conform("--engine", good, "--count", "2", *SMALL, "-o", out)
    assert again.exit_code == 2 and "--resume" in again.output
    other = conform("--engine", good, "--count", "2", *SMALL, "--mix", "-o", out, "--resume")
    assert other.exit_code == 2 and "other settings: mix False (now True)" in other.output
    resumed = conform("--engine", good, "--count", "2", *SMALL, "-o", out, "--resume")
    assert resumed.exit_code == 0, resumed.output
    lines = (tmp_path / "o" / "results.jsonl").read_text().splitlines()
    assert [json.loads(x)["seed"] for x in lines] == [1, 2]


def test_junit_has_one_case_per_tournament_and_the_finding_as_failure(tmp_path):
    ans = answers(tmp_path / "a.json", SMALL, range(1, 3))
    out, report = tmp_path / "o", tmp_path / "junit.xml"
    engine = program(ans, "opponent")
    result = conform(
        "--engine", engine, "--count", "2", *SMALL, "--junit", str(report), "-o", str(out)
    )
    assert result.exit_code == 1
    root = ET.parse(report).getroot()
    assert root.tag == "testsuites"
    (suite,) = root
    cases = suite.findall("testcase")
    assert [c.get("name", "").split()[0] for c in cases] == ["g000001", "g000002"]
    assert suite.get("tests") == "2" and suite.get("failures") == "2" and suite.get("errors") == "0"
    for case in cases:
        (failure,) = case.findall("failure")
        assert failure.get("message", "").startswith("round 3")
        assert "rounds/" in (failure.text or "")
    xsd = os.environ.get("TRFAUDIT_JUNIT_XSD")  # the Jenkins xunit plugin's junit-10.xsd
    if xsd:
        xmlschema = pytest.importorskip("xmlschema")
        xmlschema.XMLSchema(xsd).validate(str(report))


def test_a_progress_bar_in_a_terminal_and_none_in_a_pipe(tmp_path, ans):
    import pty

    args = [
        sys.executable,
        "-m",
        "trfaudit.checker.cli",
        "conform",
        "--engine",
        program(ans, "good"),
    ]
    args += ["--count", "2", *SMALL]
    piped = subprocess.run([*args, "-o", str(tmp_path / "p")], capture_output=True, text=True)
    assert piped.returncode == 0, piped.stderr
    assert "━" not in piped.stderr and "2/2" not in piped.stderr
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "120"}
    proc = subprocess.Popen(
        [*args, "-o", str(tmp_path / "t")], stdout=subprocess.DEVNULL, stderr=follower, env=env
    )
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    proc.wait()
    os.close(leader)
    assert proc.returncode == 0
    text = seen.decode("utf-8", "replace")
    assert "2/2" in text and "10 rounds, 0 differ" in text


def test_minimise_finds_a_shorter_tournament_with_the_same_finding(tmp_path):
    sets = ["--set", "players=12", "--set", "rounds=6"]
    ans = answers(tmp_path / "a.json", sets, range(1, 2))
    out = tmp_path / "o"
    # the program breaks from round 3: the first failing round of the 6-round tournament
    # is 3, and a 3-round tournament with fewer players shows the same failure
    result = conform(
        "--engine", program(ans, "crash"), "--count", "1", *sets, "--minimise", "-o", str(out)
    )
    assert result.exit_code == 1
    info = json.loads((out / "minimised" / "summary.json").read_text())
    assert info["to"]["rounds"] == 3 and info["to"]["round"] == 3
    assert info["to"]["players"] < 12
    assert info["finding"]["failure"] == "crash"
    folder = out / info["files"]
    assert (folder / "input.trf").exists()
    again = conform("--replay", str(folder))
    assert again.exit_code == 1 and "crash" in again.output


@pytest.mark.parametrize(
    "args",
    [
        ["--count", "1"],
        ["--engine", "prog {in}", "--count", "1"],
        ["--engine", "prog {in} {out}", "--rules", "2012"],
        ["--engine", "prog {in} {out}", "--set", "nonsense=1"],
        ["--engine", "prog {in} {out}", "--try-rules", "foo"],
        ["--engine", "/nonexistent/prog {in} {out}", "--count", "1"],
        ["--reverse", "/nonexistent/gen {config} {out} {seed}", "--count", "1"],
    ],
)
def test_misuse_is_exit_2(tmp_path, args):
    result = conform(*args, "-o", str(tmp_path / "o"))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_pairing_lists_are_read_strictly():
    assert parse_pairing("2\n1 2\n3 0\n").bye == 3
    for bad in ("", "x\n", "2\n1 2\n", "1\n1 2 3\n", "2\n1 0\n2 0\n"):
        with pytest.raises(ValueError):
            parse_pairing(bad)


def generator(mode: str) -> str:
    return f"{sys.executable} {FAKE_GEN} {mode} {{config}} {{out}} {{seed}}"


def test_reverse_passes_every_generator_key_and_checks_the_files(tmp_path):
    out = tmp_path / "o"
    sets = ["--set", "players=10", "--set", "rounds=4", "--set", "ForfeitRate=8"]
    sets += ["--set", "HalfPointByeRate=3", "--set", "PointsForWin=3", "--set", "PointsForDraw=1"]
    result = conform("--reverse", generator("good"), "--count", "2", *sets, "-o", str(out))
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    keys = lines[0]["generator_settings"]
    for key in ("ForfeitRate=8", "HalfPointByeRate=3", "PointsForWin=3", "PointsForDraw=1"):
        assert key in keys
    assert sum(r["contents"]["forfeit_entries"] for r in lines) > 0
    assert sum(r["contents"]["half_byes"] for r in lines) > 0


def test_reverse_judges_points_under_the_point_system_given(tmp_path):
    # 3-1-0 passed; a file whose Points are one off for player 1 fits no other system, and
    # under 3-1-0 only player 1's total is wrong
    sets = [*SMALL, "--set", "PointsForWin=3", "--set", "PointsForDraw=1"]
    out = tmp_path / "o"
    result = conform("--reverse", generator("points"), "--count", "1", *sets, "-o", str(out))
    assert result.exit_code == 1, result.output
    s = summary_of(out)
    assert s["by_class"] == {"generator": 1}
    (bad,) = s["discrepant_rounds"]
    assert "line 5, column 81: player 1: points" in bad["findings"][0]


def test_reverse_reports_an_invalid_generated_file_as_a_generator_defect(tmp_path):
    out = tmp_path / "o"
    result = conform(
        "--reverse", generator("nonreciprocal"), "--count", "1", *SMALL, "-o", str(out)
    )
    assert result.exit_code == 1, result.output
    s = summary_of(out)
    assert s["by_class"] == {"generator": s["findings"]} and s["findings"] >= 1
    assert "1.9.1" not in json.dumps(s["by_criterion"])
    (bad,) = s["discrepant_rounds"]
    assert (
        "line 5, column 92: round 1: player 1 has opponent 2, but 2 has opponent"
        in (bad["findings"][0])
    )


@pytest.mark.skipif(not BBP6, reason="TRFAUDIT_BBP (bbpPairings v6 binary) not set")
def test_bbp_v6_agrees_with_the_2025_rules(tmp_path):
    engine = f"{BBP6} --dutch {{in}} -p {{out}}"
    result = conform("--engine", engine, "--count", "5", "--mix", "-o", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output


@pytest.mark.skipif(not BBP5, reason="TRFAUDIT_BBP5 (bbpPairings v5 binary) not set")
def test_bbp_v5_agrees_with_the_2017_rules(tmp_path):
    engine = f"{BBP5} --dutch {{in}} -p {{out}}"
    result = conform(
        "--engine", engine, "--rules", "2017", "--count", "5", "-o", str(tmp_path / "o")
    )
    assert result.exit_code == 0, result.output


@pytest.mark.skipif(not BBP6, reason="TRFAUDIT_BBP (bbpPairings v6 binary) not set")
def test_reverse_with_bbp_v6_forfeits_byes_and_retirements(tmp_path):
    gen = f"{BBP6} --dutch -g {{config}} -o {{out}} -s {{seed}}"
    sets = ["--set", "ForfeitRate=10", "--set", "RetiredRate=20", "--set", "HalfPointByeRate=4"]
    result = conform("--reverse", gen, "--count", "6", *sets, "-o", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    s = summary_of(tmp_path / "o")
    assert s["rounds"] > 0 and s["discrepancies"] == 0
    lines = [json.loads(x) for x in (tmp_path / "o" / "results.jsonl").read_text().splitlines()]
    assert sum(r["contents"]["forfeit_entries"] for r in lines) > 0
    assert sum(r["contents"]["half_byes"] for r in lines) > 0


def _running(token: str) -> list[int]:
    """The processes whose command line holds ``token``."""
    out = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if token in cmd:
            out.append(int(pid))
    return out


def _hung(token: str) -> dict[int, int]:
    """The programs whose command line holds ``token`` that hang (broken_program.py's
    'hang': asleep beside a child ``sleep 150``), each with that child's pid.  A program's
    own command line is not enough: a program of an earlier round is running for a moment
    too, and so is the copy of the program that fork makes before the child becomes
    ``sleep``."""
    parent_of: dict[int, int] = {}
    for pid in _running("sleep 150"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            stat = Path(f"/proc/{pid}/stat").read_text()
            parent_of[pid] = int(stat.rsplit(")", 1)[1].split()[1])
    programs = set(_running(token))
    return {ppid: pid for pid, ppid in parent_of.items() if ppid in programs}


def _alive(pid: int, seconds: float = 5.0) -> bool:
    """Is process ``pid`` still there (not a zombie) after up to ``seconds``?"""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return False
        if state == "Z":
            return False
        time.sleep(0.1)
    return True


def _left_running(token: str, seconds: float = 5.0) -> list[int]:
    """:func:`_running` once killed processes have had ``seconds`` to go (a program left
    running sleeps far longer)."""
    deadline = time.monotonic() + seconds
    while _running(token) and time.monotonic() < deadline:
        time.sleep(0.1)
    return _running(token)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to list processes")
def test_sigterm_stops_the_workers_and_the_programs_they_run(tmp_path):
    ans = answers(tmp_path / "sigterm-answers.json", SMALL, range(1, 5))
    args = [sys.executable, "-m", "trfaudit.checker.cli", "conform"]
    args += ["--engine", program(ans, "hang"), "--count", "4", *SMALL, "--jobs", "2"]
    proc = subprocess.Popen(
        [*args, "--timeout", "120", "-o", str(tmp_path / "o")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        # both workers' programs hang in round 3 (each started a child 'sleep 150'); on a
        # loaded machine the second may take a while to get there
        hung = f"{ans} hang /"  # a program's command line (the run's own says 'hang {in}')
        deadline = time.monotonic() + 110
        while len(_hung(hung)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        children = _hung(hung)
        assert len(children) == 2, children
        proc.send_signal(15)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 143, err
        assert b"--resume goes on" in err
        assert _left_running(str(ans)) == []  # (a program left running sleeps 150 s)
        # and the children in the programs' groups are killed with them
        assert [pid for pid in children.values() if _alive(pid)] == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        if proc.stderr is not None:
            proc.stderr.close()


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to list processes")
def test_an_orphaned_worker_ends_and_kills_its_program(tmp_path):
    """A worker whose parent is gone without a word (the run stopped while the signal did
    not reach it) ends within a moment and kills the program it runs, rather than going on
    with the next tournament (engine_cmd._watch_parent)."""
    mark = f"orphan-{tmp_path.name}"
    script = tmp_path / "parent.py"
    script.write_text(
        "import multiprocessing, os, sys, time\n"
        "from trfaudit.checker.conform.engine_cmd import run_in_group\n"
        "def work():\n"
        f"    run_in_group([sys.executable, '-c', 'import time; time.sleep(60)', {mark!r}], 120)\n"
        "if __name__ == '__main__':\n"
        "    multiprocessing.set_start_method('fork')\n"
        "    p = multiprocessing.Process(target=work)\n"
        "    p.start()\n"
        f"    open({str(tmp_path / 'worker')!r}, 'w').write(str(p.pid))\n"
        "    def started():\n"  # the program is running (on a loaded machine: not at once)
        "        for pid in filter(str.isdigit, os.listdir('/proc')):\n"
        "            try:\n"
        f"                if {mark!r}.encode() in open(f'/proc/{{pid}}/cmdline', 'rb').read():\n"
        "                    return True\n"
        "            except OSError:\n"
        "                pass\n"
        "        return False\n"
        "    deadline = time.monotonic() + 20\n"
        "    while not started() and time.monotonic() < deadline:\n"
        "        time.sleep(0.05)\n"
        "    os._exit(0)\n"
    )
    subprocess.run(
        [sys.executable, str(script)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=30,
        check=True,
    )
    worker = int((tmp_path / "worker").read_text())
    assert _running(mark), "the program was not running when the parent went"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and (_running(mark) or Path(f"/proc/{worker}").exists()):
        time.sleep(0.1)
    assert _running(mark) == []
    assert (
        not Path(f"/proc/{worker}").exists()
        or "Z" in Path(f"/proc/{worker}/stat").read_text().split()[2]
    )


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to list processes")
def test_a_stop_while_a_program_starts_kills_it_too(tmp_path):
    """SIGTERM reaching a worker just after its program has started, before the worker
    holds it (a race a loaded CI machine hit: the program was left sleeping, its parent
    gone): the stop waits for the program to be held and kills it (engine_cmd._start)."""
    mark = f"starting-{tmp_path.name}"
    script = tmp_path / "worker.py"
    script.write_text(
        "import multiprocessing, os, signal, subprocess, sys\n"
        "from trfaudit.checker.conform import engine_cmd\n"
        "class Popen(subprocess.Popen):\n"
        "    def __init__(self, *args, **kwargs):\n"
        "        super().__init__(*args, **kwargs)\n"
        f"        open({str(tmp_path / 'program')!r}, 'w').write(str(self.pid))\n"
        "        os.kill(os.getpid(), signal.SIGTERM)  # the stop, the program just started\n"
        "def work():\n"
        "    engine_cmd.subprocess.Popen = Popen\n"
        f"    engine_cmd.run_in_group([sys.executable, '-c', 'import time; time.sleep(60)', {mark!r}], 120)\n"
        "    os._exit(0)  # not reached: the stop ends the worker\n"
        "if __name__ == '__main__':\n"
        "    multiprocessing.set_start_method('fork')\n"
        "    p = multiprocessing.Process(target=work)\n"
        "    p.start()\n"
        "    p.join()\n"
        "    print(p.exitcode)\n"
    )
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=30, check=True
    )
    assert done.stdout.strip() == str(128 + 15), done.stderr
    assert (tmp_path / "program").exists()
    assert _left_running(mark) == []


def test_findings_are_put_in_the_authors_terms():
    from trfaudit.checker.conform.wording import in_author_terms

    assert in_author_terms("the recorded board 3 differs from the engine's") == (
        "your program's board 3 differs from the rules'"
    )
    assert in_author_terms("as the engine pairs it; the record is worse") == (
        "as the rules pair it; your program's pairing is worse"
    )
    assert in_author_terms("the bye: recorded Dien, Tomas (6), the engine's Kaistou") == (
        "the bye: your program's Dien, Tomas (6), the rules' Kaistou"
    )
    # words whose change would garble the sentence are left alone
    assert in_author_terms("the points recorded for round 2") == "the points recorded for round 2"
