"""Worker processes for the page's checks, with a per-request time limit.

Pairing is CPU-bound Python: a thread cannot be stopped and would hold the event loop's
process.  Each task therefore runs in one of ``size`` worker processes (fresh interpreters
started with ``subprocess``, so nothing of the server's state is copied and the caller's
``__main__`` is not imported again, as multiprocessing's spawn would); the server's event loop
only waits.  A task that passes
the time limit has its worker killed and replaced - the only way to stop it - and the
request is answered with :class:`TimeLimit`; a worker that dies is replaced the same way.
Tasks and results cross the pipe as plain data (bytes, strings, dicts).
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from multiprocessing.connection import Connection
from typing import Any

from .service import Result


class TimeLimit(Exception):
    """The task ran longer than the time limit and was stopped."""


class WorkerDied(Exception):
    """The worker process ended while it ran the task (a defect, or out of memory)."""


def serve_fd(fd: int) -> None:  # pragma: no cover - runs in the worker process
    """The worker's loop: tasks in, results out, over the socket ``fd``."""
    from . import service

    conn = Connection(fd)

    # Load the engine and the checker before the first task arrives.

    while True:
        try:
            name, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            result = service.TASKS[name](*args)
        except Exception as exc:  # noqa: BLE001 - a defect: reported, the worker goes on
            result = Result(500, f"trfaudit failed on this input ({type(exc).__name__}: {exc})")
        conn.send(result)


class _Worker:
    def __init__(self) -> None:
        parent, child = socket.socketpair()
        env = dict(os.environ)
        # The worker imports trfaudit exactly as this process does.
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        code = "import sys; from trfaudit.checker.web.workers import serve_fd; serve_fd(int(sys.argv[1]))"
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, str(child.fileno())],
            pass_fds=(child.fileno(),),
            env=env,
            stdin=subprocess.DEVNULL,
        )
        child.close()
        self.conn = Connection(parent.detach())

    def run(self, task: tuple[str, tuple[Any, ...]], timeout: float) -> Result:
        """Send ``task`` and wait for its result (blocking: called in a thread)."""
        self.conn.send(task)
        if not self.conn.poll(timeout):
            raise TimeLimit
        try:
            result: Result = self.conn.recv()
        except (EOFError, OSError):
            raise WorkerDied from None
        return result

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(5)
        self.conn.close()


class Pool:
    """``size`` worker processes; :meth:`run` waits for an idle one."""

    def __init__(self, size: int, time_limit: float) -> None:
        self.size = size
        self.time_limit = time_limit
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: list[_Worker] = []

    def start(self) -> None:
        self._idle = asyncio.Queue()
        for _ in range(self.size):
            worker = _Worker()
            self._all.append(worker)
            self._idle.put_nowait(worker)

    def close(self) -> None:
        for worker in self._all:
            worker.stop()
        self._all.clear()

    async def run(self, name: str, *args: Any) -> Result:
        """Run task ``name`` of :data:`service.TASKS`; raises TimeLimit or WorkerDied."""
        assert self._idle is not None, "Pool.start() first"
        worker = await self._idle.get()
        healthy = False
        try:
            result = await asyncio.to_thread(worker.run, (name, args), self.time_limit)
            healthy = True
            return result
        finally:
            # A time limit, a dead worker, or a cancelled request (the client left while the
            # task ran): the worker may still be busy, so it is replaced.
            if not healthy:
                self._all.remove(worker)
                worker.stop()
                worker = _Worker()
                self._all.append(worker)
            self._idle.put_nowait(worker)
