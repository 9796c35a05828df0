"""Running a pairing program the way JaVaFo and bbpPairings are run, and reading its pairing.

The command is a template: ``{in}`` is replaced by the TRF to pair, ``{out}`` by the file the
program writes its pairing to (``bbpPairings.exe --dutch {in} -p {out}``).  The pairing list is
the JaVaFo/bbpPairings output (JaVaFo AUM 2.2, bbpPairings README): the number of pairs, then
one ``white black`` line per board by pairing number, ``id 0`` for the pairing-allocated bye.
"""

from __future__ import annotations

import shlex
import subprocess
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path


class Failure(StrEnum):
    """How a run of the program can fail to give a pairing (counted per round)."""

    CRASH = "crash"  # a non-zero exit status, or killed by a signal
    TIMEOUT = "timeout"  # still running after the time limit (then killed)
    UNREADABLE = "unreadable"  # no output file, or not a pairing list


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


def run_engine(template: str, infile: Path, outfile: Path, timeout: float) -> EngineRun:
    """Run the program on ``infile``; never raises for anything the program does."""
    argv = command(template, **{"in": str(infile), "out": str(outfile)})
    outfile.unlink(missing_ok=True)
    try:
        done = subprocess.run(argv, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return EngineRun(None, Failure.TIMEOUT, f"no answer within {timeout:g} s")
    except OSError as exc:
        return EngineRun(None, Failure.CRASH, f"cannot run {argv[0]}: {exc.strerror or exc}")
    stderr = done.stderr.decode("utf-8", "replace")
    output = outfile.read_bytes().decode("utf-8", "replace") if outfile.exists() else ""
    if done.returncode != 0:
        last = stderr.strip().splitlines()[-1:] or ["no message"]
        how = f"signal {-done.returncode}" if done.returncode < 0 else f"exit {done.returncode}"
        return EngineRun(None, Failure.CRASH, f"{how}: {last[0][:200]}", output, stderr)
    if not outfile.exists():
        return EngineRun(None, Failure.UNREADABLE, "no output file written", "", stderr)
    try:
        pairing = parse_pairing(output)
    except ValueError as exc:
        return EngineRun(None, Failure.UNREADABLE, str(exc), output, stderr)
    return EngineRun(pairing, None, "", output, stderr)
