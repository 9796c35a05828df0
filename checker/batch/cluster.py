"""Where a batch's tasks run: in this process, in a process pool, or on a Dask cluster.

:func:`executor` gives a function ``map_unordered(fn, items)`` that calls ``fn(*item)`` for
each item and yields ``(item, result)`` pairs **in completion order**, with at most a bounded
number of tasks in flight (memory stays flat on 50,000 files).  ``fn`` must be a module-level
function (it is sent to other processes by name) and should not raise: the batch functions
report a failure in their result.

The scheduler spec of ``--scheduler``:

* ``tcp://HOST:PORT`` (or ``tls://…``): an existing ``dask scheduler`` with its workers;
* ``local`` / ``local:N``: a ``distributed.LocalCluster`` of N single-threaded worker
  processes on this machine (N defaults to the CPUs available).

Dask is imported only when a scheduler is asked for (``pip install 'trfaudit[dask]'``).  When
a worker is lost mid-batch, the scheduler runs again only the tasks that were on it (Dask's
own recovery); the results already received are kept.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any

Item = tuple[Any, ...]
MapUnordered = Callable[[Callable[..., Any], Iterable[Item]], Iterator[tuple[Item, Any]]]


class SchedulerError(ValueError):
    """A ``--scheduler`` that cannot be used (bad spec, Dask missing, no connection)."""


def cpus() -> int:
    return max(
        1,
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1),
    )


def parse_scheduler(spec: str) -> tuple[str, int | str]:
    """``("local", N)`` or ``("address", "tcp://host:port")``; raises :class:`SchedulerError`."""
    if spec == "local" or spec.startswith("local:"):
        count = spec.partition(":")[2]
        if not count:
            return "local", cpus()
        if not count.isdigit() or int(count) < 1:
            raise SchedulerError(f"--scheduler {spec}: expected local:N with N >= 1")
        return "local", int(count)
    if "://" in spec and spec.split("://", 1)[1]:
        return "address", spec
    raise SchedulerError(f"--scheduler {spec}: expected tcp://HOST:PORT, local or local:N")


def _serial(fn: Callable[..., Any], items: Iterable[Item]) -> Iterator[tuple[Item, Any]]:
    for item in items:
        yield item, fn(*item)


def _pool(workers: int, window: int) -> tuple[MapUnordered, ProcessPoolExecutor]:
    pool = ProcessPoolExecutor(max_workers=workers)

    def map_unordered(fn: Callable[..., Any], items: Iterable[Item]) -> Iterator[tuple[Item, Any]]:
        pending: dict[Future[Any], Item] = {}
        source = iter(items)
        exhausted = False
        while True:
            while not exhausted and len(pending) < window:
                item = next(source, None)
                if item is None:
                    exhausted = True
                else:
                    pending[pool.submit(fn, *item)] = item
            if not pending:
                return
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                yield pending.pop(fut), fut.result()

    return map_unordered, pool


def _dask_map(client: Any, window: int) -> MapUnordered:
    from distributed import as_completed

    def map_unordered(fn: Callable[..., Any], items: Iterable[Item]) -> Iterator[tuple[Item, Any]]:
        source = iter(items)
        owner: dict[str, Item] = {}

        def submit() -> Any:
            item = next(source, None)
            if item is None:
                return None
            fut = client.submit(fn, *item, pure=False)
            owner[fut.key] = item
            return fut

        first = [f for f in (submit() for _ in range(window)) if f is not None]
        # with_results: results are fetched in the background as tasks end, not one
        # round trip per task
        queue = as_completed(first, with_results=True)
        for fut, result in queue:
            item = owner.pop(fut.key)
            fut.release()
            yield item, result
            nxt = submit()
            if nxt is not None:
                queue.add(nxt)

    return map_unordered


#: Dask's housekeeping made rarer on the local cluster: its event-loop watchdog (20 ms), system
#: monitor (0.5 s) and memory monitor (0.1 s) run in every process beside the task's thread, and
#: on a machine whose cores all run tasks they took ~10 % of a 50-player tournament's CPU
#: (bench/corpus_scale.py); with these and the worker profiler off, ~1 %.  Workers of a remote cluster take the same
#: settings from their environment (README: a cluster of several machines).
QUIET = {
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.worker.memory.monitor-interval": "1s",
    # The worker's statistical profiler samples the task's stack every 10 ms: a dashboard
    # feature, and a per-cent or two of the CPU.
    "distributed.worker.profile.enabled": False,
}


@contextmanager
def dask_client(spec: str) -> Iterator[tuple[Any, int]]:
    """A connected ``distributed.Client`` and the number of worker threads; closed on exit
    (with the local cluster it started, if any)."""
    kind, value = parse_scheduler(spec)
    try:
        import logging

        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise SchedulerError(
            f"--scheduler {spec}: Dask is not installed (pip install 'trfaudit[dask]')"
        ) from None
    if kind == "local":
        # the nannies hand this configuration to the worker processes they start
        with (
            dask.config.set(QUIET),
            LocalCluster(
                n_workers=int(value),
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            ) as cluster,
            Client(cluster) as client,
        ):
            yield client, int(value)
        return
    try:
        client = Client(str(value), timeout=30)
    except (OSError, TimeoutError) as exc:
        raise SchedulerError(f"--scheduler {spec}: cannot connect: {exc}") from None
    with client:
        workers = max(
            1,
            sum(w.get("nthreads", 1) for w in client.scheduler_info().get("workers", {}).values()),
        )
        yield client, workers


@contextmanager
def executor(jobs: int = 1, scheduler: str | None = None) -> Iterator[MapUnordered]:
    """The ``map_unordered`` of ``--scheduler`` if given, else of a pool of ``jobs`` processes
    (in this process when ``jobs`` is 1)."""
    if scheduler:
        with dask_client(scheduler) as (client, workers):
            yield _dask_map(client, window=8 * workers + 16)
    elif jobs > 1:
        map_unordered, pool = _pool(jobs, window=4 * jobs)
        try:
            yield map_unordered
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    else:
        yield _serial
