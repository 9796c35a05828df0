"""Running a pairing program the way JaVaFo and bbpPairings are run, and reading its pairing.

The command is a template: ``{in}`` is replaced by the TRF to pair, ``{out}`` by the file the
program writes its pairing to (``bbpPairings.exe --dutch {in} -p {out}``).  The pairing list is
the JaVaFo/bbpPairings output (JaVaFo AUM 2.2, bbpPairings README): the number of pairs, then
one ``white black`` line per board by pairing number, ``id 0`` for the pairing-allocated bye.
A program that finds no valid pairing says so by its exit status (bbpPairings README "Error
codes": 1), which ``no_pairing_exit`` names.

The program runs in a process group of its own (a new session), so that a timeout or an
interruption kills it with every child it started.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

#: The exit status by which bbpPairings says that no valid pairing exists (its README).
NO_PAIRING_EXIT = 1


class Failure(StrEnum):
    """How a run of the program can fail to give a pairing (counted per round)."""

    CRASH = "crash"  # a non-zero exit status, or killed by a signal
    TIMEOUT = "timeout"  # still running after the time limit (then killed)
    UNREADABLE = "unreadable"  # no output file, or not a pairing list
    NO_PAIRING = "no-pairing"  # the program says no valid pairing exists (not always wrong)


class TemplateError(ValueError):
    """An engine command without the placeholders it needs (a usage error)."""


@dataclass(frozen=True)
class EnginePairing:
    """A pairing as a program gave it: boards in its order, and the PAB (or None)."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None = None

    def as_list(self) -> str:
        """The pairing in the JaVaFo/bbpPairings list form."""
        lines = [f"{w} {b}" for w, b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return f"{len(lines)}\n" + "".join(line + "\n" for line in lines)


@dataclass
class EngineRun:
    """One run: the pairing read, or the failure and what shows it."""

    pairing: EnginePairing | None
    failure: Failure | None = None
    detail: str = ""
    output: str = ""  # the output file as written (decoded leniently), kept for replay
    stderr: str = field(default="", repr=False)
    stdout: str = field(default="", repr=False)
    seconds: float = 0.0  # wall-clock time of the program's run


def command(template: str, **values: str) -> list[str]:
    """The argument list of ``template`` with ``{name}`` placeholders filled in; each
    placeholder of ``values`` must occur in it."""
    for name in values:
        if "{" + name + "}" not in template:
            raise TemplateError(f"the engine command {template!r} has no {{{name}}} placeholder")
    try:
        words = shlex.split(template)
    except ValueError as exc:
        raise TemplateError(f"the engine command {template!r} cannot be split: {exc}") from None
    if not words:
        raise TemplateError("the engine command is empty")
    out = []
    for word in words:
        for name, value in values.items():
            word = word.replace("{" + name + "}", value)
        out.append(word)
    return out


def parse_pairing(text: str) -> EnginePairing:
    """Read a pairing list; a ``ValueError`` says which line is wrong and what was expected."""
    lines = [line.strip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise ValueError("line 1: empty output (expected the number of pairs)")
    if not lines[0].isdigit():
        raise ValueError(f"line 1: {lines[0][:40]!r} (expected the number of pairs)")
    count = int(lines[0])
    if len(lines) - 1 != count:
        raise ValueError(f"{count} pairs announced on line 1, {len(lines) - 1} lines follow")
    boards: list[tuple[int, int]] = []
    bye: int | None = None
    for number, line in enumerate(lines[1:], 2):
        words = line.split()
        if len(words) != 2 or not all(w.isdigit() for w in words):
            raise ValueError(f"line {number}: {line[:40]!r} (expected 'white black')")
        white, black = int(words[0]), int(words[1])
        if black == 0:
            if bye is not None:
                raise ValueError(f"line {number}: a second bye ({white} 0)")
            bye = white
        else:
            boards.append((white, black))
    return EnginePairing(tuple(boards), bye)


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill the program and every process of its group, and reap it."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


#: The program run now in this process (a worker kills it when told to stop).
_RUNNING: list[subprocess.Popen[bytes]] = []
#: Held while a program is started and not yet in ``_RUNNING``: a stop then waits for it.
_STARTING = threading.Lock()
#: A signal that came while the main thread held ``_STARTING`` (acted on once it is let go).
_DEFERRED: list[int] = []


def _stop_worker(signum: int, _frame: object) -> None:
    """SIGTERM/SIGINT in a worker process: kill the program's group and end the worker (a
    pool worker would catch an exception and go on with the next task).

    A program already started but not yet in ``_RUNNING`` would be left running: in the main
    thread (which holds ``_STARTING`` then) the stop waits until :func:`_start` has put it
    there; another thread (the parent watch) waits for the lock."""
    if threading.current_thread() is threading.main_thread():
        if _STARTING.locked():
            _DEFERRED.append(signum)
            return
    else:
        _STARTING.acquire()
    for proc in _RUNNING:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    os._exit(128 + signum)


def _start(argv: list[str]) -> subprocess.Popen[bytes]:
    """Start ``argv`` in a session of its own, in ``_RUNNING`` before a stop can act; raises
    ``OSError`` as ``subprocess.Popen`` does."""
    _stop_on_sigterm()
    try:
        with _STARTING:
            proc = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
            _RUNNING.append(proc)
    finally:
        if _DEFERRED:
            _stop_worker(_DEFERRED[0], None)
    return proc


def _finish(proc: subprocess.Popen[bytes]) -> None:
    """Kill what is left of the program's group (an interrupted run, or children an exited
    program left in the background), then take it out of ``_RUNNING``."""
    _kill_group(proc)  # (an exited program's wait() returns at once)
    _RUNNING.remove(proc)


#: The parent a worker watches, once it has run a program (:func:`_watch_parent`).
_WATCHED: list[int] = []


def _watch_parent() -> None:
    """A worker whose parent is gone ends as on SIGTERM, its program's group killed: a run
    stopped while the pool was starting or replacing a worker may not have reached it, and
    it would go on with the next tournament, holding the run's pipes open."""
    parent = os.getppid()
    _WATCHED.append(parent)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        _stop_worker(signal.SIGTERM, None)

    threading.Thread(target=watch, name="trfaudit-parent-watch", daemon=True).start()


def _stop_on_sigterm() -> None:
    """In a worker process (not the main one, whose command line handles its signals),
    make SIGTERM and SIGINT kill the program it runs, with its group, and end the worker;
    and end it the same way when its parent is gone."""
    import multiprocessing

    if multiprocessing.parent_process() is None:
        return
    for signum in (signal.SIGTERM, signal.SIGINT):
        if signal.getsignal(signum) is not _stop_worker:
            signal.signal(signum, _stop_worker)
    if not _WATCHED:
        _watch_parent()


def run_in_group(argv: list[str], timeout: float) -> subprocess.CompletedProcess[bytes]:
    """``subprocess.run`` with the program in a process group of its own, killed whole (its
    children too) on a timeout or an interruption; raises ``TimeoutExpired`` and ``OSError``
    as ``subprocess.run`` does."""
    proc = _start(argv)
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        _finish(proc)
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


def _last_line(text: str) -> str:
    return (text.strip().splitlines()[-1:] or ["no message"])[0][:200]


def run_engine(
    template: str,
    infile: Path,
    outfile: Path,
    timeout: float,
    no_pairing_exit: int | None = NO_PAIRING_EXIT,
) -> EngineRun:
    """Run the program on ``infile``; never raises for anything the program does."""
    argv = command(template, **{"in": str(infile), "out": str(outfile)})
    try:
        outfile.unlink(missing_ok=True)
    except OSError:  # a directory a previous run made
        import shutil

        shutil.rmtree(outfile, ignore_errors=True)
    start = time.perf_counter()
    try:
        proc = _start(argv)
    except OSError as exc:
        return EngineRun(None, Failure.CRASH, f"cannot run {argv[0]}: {exc.strerror or exc}")
    try:
        out_bytes, err_bytes = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        out_bytes, err_bytes = proc.communicate()
        stderr = err_bytes.decode("utf-8", "replace")
        return EngineRun(
            None,
            Failure.TIMEOUT,
            f"no answer within {timeout:g} s",
            stderr=stderr,
            stdout=out_bytes.decode("utf-8", "replace"),
            seconds=time.perf_counter() - start,
        )
    finally:
        _finish(proc)  # children left in the background too
    seconds = time.perf_counter() - start
    stderr = err_bytes.decode("utf-8", "replace")
    stdout = out_bytes.decode("utf-8", "replace")
    output, unreadable = "", ""
    if outfile.is_dir():
        unreadable = f"{outfile.name} (the {{out}} file) is a directory"
    elif outfile.exists():
        try:
            output = outfile.read_bytes().decode("utf-8", "replace")
        except OSError as exc:
            unreadable = f"the output file cannot be read: {exc.strerror or exc}"
    done = EngineRun(None, None, "", output, stderr, stdout, seconds)
    if proc.returncode != 0:
        if proc.returncode == no_pairing_exit:
            done.failure = Failure.NO_PAIRING
            done.detail = f"exit {proc.returncode} (no valid pairing): {_last_line(stderr)}"
            return done
        how = f"signal {-proc.returncode}" if proc.returncode < 0 else f"exit {proc.returncode}"
        done.failure, done.detail = Failure.CRASH, f"{how}: {_last_line(stderr)}"
        return done
    if not unreadable and not outfile.exists():
        unreadable = "no output file written"
        try:
            parse_pairing(stdout)
            unreadable += " (a pairing list was printed on stdout instead: write it to {out})"
        except ValueError:
            pass
    if unreadable:
        done.failure, done.detail = Failure.UNREADABLE, unreadable
        return done
    try:
        done.pairing = parse_pairing(output)
    except ValueError as exc:
        done.failure, done.detail = Failure.UNREADABLE, str(exc)
    return done
