"""The application under uvicorn in a background thread, on 127.0.0.1 and a free port: for the
browser tests, the load test (``bench/web_load.py``) and the screenshots."""

from __future__ import annotations

import threading
import time

from .app import Settings, create_app


class LiveServer:
    """``with LiveServer(settings) as url:`` serves until the block ends (loopback only)."""

    def __init__(self, settings: Settings | None = None) -> None:
        import uvicorn

        app = create_app(settings or Settings())
        config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.05)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)
