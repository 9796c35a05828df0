"""Checking a batch: expand the inputs, prepare each file, check its rounds (in N processes).

Each file is prepared and checked by :mod:`trfaudit.checker.audit`.  A file that cannot be
checked (unreadable, inconsistent, of a system the engine does not have, an edition it does
not implement, ``--round`` beyond its rounds) gets a :class:`FileReport` with ``error`` set,
and the batch goes on.  The rounds of all files are independent tasks: with
``jobs > 1`` they run in a :class:`concurrent.futures.ProcessPoolExecutor`, each worker reading
a file once (the tournament is not sent between processes).

The streaming and Dask paths (``--format jsonl``, ``--scheduler``) make one task per *file*
instead (:func:`check_file`, :func:`iter_files`): a file's report is complete when its task
ends, so it can be written at once, and a task can run on any machine (reading the path there,
or the bytes sent with it).  Both paths give the same :class:`FileReport` for a file.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from trfaudit.checker.audit import (
    Options,
    Prepared,
    check_all,
    check_prepared,
    failed_round,
    prepare,
    prepare_bytes,
)
from trfaudit.checker.collector import RareFullCollections, rare_full_collections
from trfaudit.checker.findings import BatchReport, FileReport
from trfaudit.engine.findings import RoundReport
from trfaudit.engine.systems import TaskMap, named
from trfaudit.trf.model import Tournament

if TYPE_CHECKING:
    from trfaudit.checker.batch.cluster import MapUnordered


def expand(inputs: Iterable[str]) -> list[str]:
    """Files as given, directories replaced by the ``*.trf`` files below them (sorted)."""
    out: list[str] = []
    for item in inputs:
        path = Path(item)
        if item != "-" and path.is_dir():
            found = sorted(str(p) for p in path.rglob("*.trf") if p.is_file())
            out.extend(found if found else [item])
        else:
            out.append(item)
    return out


_CACHE: dict[str, Tournament] = {}


def _worker(
    task: tuple[str, int, str, tuple[str, ...], tuple[str | None, ...], bool, int | None],
) -> tuple[str, int, RoundReport]:
    path, rnd, system, edition_names, initials, known, assumed_rounds = task
    from trfaudit.trf.files import load

    with rare_full_collections():
        t = _CACHE.get(path)
        if t is None:
            _CACHE.clear()  # tasks come file by file: keep one tournament per worker
            t = _CACHE[path] = load(path)
            if assumed_rounds is not None:  # as the system's preparation read the file
                t.total_rounds = assumed_rounds
        editions = tuple(named(system).by_name[n] for n in edition_names)
        return path, rnd, check_prepared(t, rnd, editions, initials, known)


def run(
    inputs: Iterable[str], options: Options, progress: Callable[[int, int], None] | None = None
) -> BatchReport:
    """Check every round of every input; ``progress(done, total)`` is called as rounds end."""
    paths = expand(inputs)
    prepared = [prepare(p, options) for p in paths]
    total = sum(len(p.rounds) for p in prepared)
    done = 0
    if progress:
        progress(0, total)
    results: dict[tuple[int, int], RoundReport] = {}
    pool_tasks = []
    for i, prep in enumerate(prepared):
        with rare_full_collections():
            for rnd in prep.rounds:
                if options.jobs > 1 and paths[i] != "-":
                    pool_tasks.append((i, rnd))
                else:
                    assert prep.tournament is not None  # a prepared round has its tournament
                    results[(i, rnd)] = check_prepared(
                        prep.tournament, rnd, prep.editions, prep.initials, prep.known
                    )
                    done += 1
                    if progress:
                        progress(done, total)
            if options.jobs <= 1:
                # Finished before the next file is checked: its searches (the readings of
                # a differing round's byes) then start from this process's pairings of its
                # rounds, which the engine keeps for the file checked last.
                _finish_file(prep, [results[(i, rnd)] for rnd in prep.rounds], map)
    if not pool_tasks:
        if options.jobs > 1:
            _finish(prepared, results, map)
        return BatchReport([p.report for p in prepared])
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=min(options.jobs, len(pool_tasks))) as pool:
        futures = {
            pool.submit(
                _worker,
                (
                    paths[i],
                    rnd,
                    _system_name(prepared[i]),
                    tuple(e.name for e in prepared[i].editions),
                    prepared[i].initials,
                    prepared[i].known,
                    prepared[i].plan.assumed_rounds,
                ),
            ): (i, rnd)
            for i, rnd in pool_tasks
        }
        for fut in as_completed(futures):
            i, rnd = futures[fut]
            try:
                results[(i, rnd)] = fut.result()[2]
            except Exception as exc:  # noqa: BLE001 - a worker died
                results[(i, rnd)] = failed_round(rnd, f"({type(exc).__name__}: {exc})")
            done += 1
            if progress:
                progress(done, total)
        # The files' finishing searches (the readings of a differing round's byes, say)
        # run in the same processes.
        _finish(prepared, results, lambda fn, items: pool.map(RareFullCollections(fn), items))
    return BatchReport([p.report for p in prepared])


def _finish(
    prepared: list[Prepared], results: dict[tuple[int, int], RoundReport], tasks: TaskMap
) -> None:
    """Each file's report from its rounds' (``results``, by file index and round), finished
    by its system (``tasks``: how its independent searches run)."""
    for i, prep in enumerate(prepared):
        _finish_file(prep, [results[(i, rnd)] for rnd in prep.rounds], tasks)


def _finish_file(prep: Prepared, rounds: list[RoundReport], tasks: TaskMap) -> None:
    """One file's report from its rounds', finished by its system."""
    with rare_full_collections():
        prep.report.rounds = prep.finish(rounds, tasks)


def _system_name(prep: Prepared) -> str:
    assert prep.system is not None  # a prepared round has its system
    return prep.system.name


def default_jobs() -> int:
    return max(
        1,
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1),
    )


# -- one task per file: the streaming and Dask paths -----------------------------------------


def check_file(
    path: str, options: Options, data: bytes | None = None
) -> tuple[FileReport, str | None]:
    """Check every round of one file where this runs, and hash the bytes checked.

    The file is read from ``path`` (the worker must see it), or from ``data`` when the caller
    sent its bytes; the report names ``path`` either way, so both give the same report.
    """
    from trfaudit.checker.batch.stream import bytes_hash, file_hash

    if data is None:
        prep = prepare(path, options)
        sha = file_hash(path)  # None only when unreadable: --resume tries those again
    else:
        prep = prepare_bytes(data, FileReport(file=path), options)
        sha = bytes_hash(data)
    return check_all(prep), sha


def _sent(path: str) -> bytes | None:
    """The bytes of ``path`` to send to a worker, or None to let the worker report the error."""
    try:
        return Path(path).read_bytes()
    except OSError:
        return None


#: Under Dask, files are grouped into tasks of about this many bytes: a task then holds a few
#: seconds of work, so the scheduler's cost per task (milliseconds) stays small beside it.  A
#: 50-player, 9-round file is ~9 KB and takes ~0.3 s; a 200-player file is a task by itself.
DASK_TASK_BYTES = 32_000


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def iter_files(
    paths: Iterable[str],
    options: Options,
    map_unordered: MapUnordered,
    send_files: bool = False,
    task_bytes: int = 0,
) -> Iterator[tuple[int, FileReport, str | None]]:
    """``(index, report, sha256)`` for each path, in completion order.

    ``map_unordered`` comes from :func:`checker.cluster.executor`; stdin (``-``) is read and
    checked here.  With ``send_files`` the file's bytes travel with the task.  Consecutive
    files make one task until it holds ``task_bytes`` bytes (0: one file per task).
    """
    remote: list[tuple[int, str]] = []
    for i, path in enumerate(paths):
        if path == "-":
            report, sha = check_file(path, options)
            yield i, report, sha
        else:
            remote.append((i, path))

    def tasks() -> Iterator[tuple[list[tuple[int, str, bytes | None]], Options]]:
        group: list[tuple[int, str, bytes | None]] = []
        size = 0
        for i, path in remote:
            data = _sent(path) if send_files else None
            group.append((i, path, data))
            size += len(data) if data is not None else _size(path)
            if size >= task_bytes:
                yield group, options
                group, size = [], 0
        if group:
            yield group, options

    for _, results in map_unordered(_check_group, tasks()):
        yield from results


def _check_group(
    group: list[tuple[int, str, bytes | None]], options: Options
) -> list[tuple[int, FileReport, str | None]]:
    """One task: the files of ``group`` (index, path, bytes or None), checked in turn."""
    out = []
    for i, path, data in group:
        report, sha = check_file(path, options, data)
        out.append((i, report, sha))
    return out
