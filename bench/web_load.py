"""Load test of ``trfaudit serve`` on loopback: POST /api/check of one file, N requests with C
in flight, bounded in count and time; prints requests per second and the latency
percentiles.  The figures depend on the machine's load (the checks are CPU-bound and run in
the server's worker processes): quote them with that load.

    python3 bench/web_load.py [--file corpus/dutch2025/t000244.trf] [--requests 12]
                              [--concurrency 4] [--workers 2] [--max-seconds 240]
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", default=str(ROOT / "corpus/dutch2025/t000244.trf"))
    parser.add_argument("--requests", type=int, default=12, help="At most 500.")
    parser.add_argument("--concurrency", type=int, default=4, help="Requests in flight.")
    parser.add_argument("--workers", type=int, default=2, help="Server worker processes.")
    parser.add_argument("--max-seconds", type=float, default=240, help="No request starts later.")
    args = parser.parse_args()
    count = max(1, min(args.requests, 500))
    import httpx

    from trfaudit.checker.web import Settings
    from trfaudit.checker.web.live import LiveServer

    path = Path(args.file)
    data = path.read_bytes()
    players = sum(1 for line in data.splitlines() if line.startswith(b"001"))
    times: list[float] = []
    statuses: list[int] = []
    lock = threading.Lock()
    issued = 0
    with LiveServer(Settings(workers=args.workers, time_limit=600)) as url:
        assert url.startswith("http://127.0.0.1:")  # loopback only
        with httpx.Client(base_url=url, timeout=600) as warm:  # workers load the engine
            warm.get("/healthz")
        start = time.perf_counter()

        def client() -> None:
            nonlocal issued
            with httpx.Client(base_url=url, timeout=600) as c:
                while True:
                    with lock:
                        if issued >= count or time.perf_counter() - start > args.max_seconds:
                            return
                        issued += 1
                    t0 = time.perf_counter()
                    r = c.post("/api/check", files={"file": (path.name, data)})
                    with lock:
                        times.append(time.perf_counter() - t0)
                        statuses.append(r.status_code)

        threads = [threading.Thread(target=client) for _ in range(args.concurrency)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - start
    ok = statuses.count(200)
    print(
        f"{path.name} ({players} players): {len(times)} requests, {ok} ok, concurrency "
        f"{args.concurrency}, {args.workers} workers, {wall:.1f} s"
    )
    print(
        f"requests/s {len(times) / wall:.2f}; latency p50 {statistics.median(times):.2f} s, "
        f"p95 {percentile(times, 95):.2f} s, max {max(times):.2f} s"
    )


if __name__ == "__main__":
    main()
