"""``trfaudit serve``: the web page of :mod:`trfaudit.checker.web` under uvicorn (the extra
``trfaudit[web]``: loaded when the command runs)."""

import re
from typing import Any

import typer

from .app import EXIT_INVALID, say

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def parse_size(text: str) -> int:
    """``10MB``, ``500kB``, ``2000000`` as bytes (decimal units); ValueError otherwise."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(|b|kb|mb|gb)\s*", text.lower())
    if not m:
        raise ValueError(f"{text!r} is not a size (e.g. 10MB, 500kB, 2000000)")
    scale = {"": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9}[m.group(2)]
    return int(float(m.group(1)) * scale)


def host_warning(host: str) -> str | None:
    """The warning for an address other machines can reach (None for loopback)."""
    if host in LOOPBACK:
        return None
    return (
        f"warning: listening on {host}: every machine that can reach this one can "
        "upload files and read the verdicts (there is no login)"
    )


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port (0: any free)."),
    open_: bool = typer.Option(False, "--open", help="Open the page in the web browser."),
    max_upload: str = typer.Option("10MB", "--max-upload", help="Largest request body."),
    time_limit: float = typer.Option(
        120.0, "--time-limit", min=1, help="Seconds of work per request before it stops."
    ),
    workers: int = typer.Option(2, "--workers", min=1, help="Worker processes."),
) -> None:
    """Serve the arbiter's web page: upload a TRF, read the verdict, the standings and
    each player's explanation.  Listens on this computer only unless --host says
    otherwise.  Needs the extra: pip install 'trfaudit[web]'."""
    try:
        limit = parse_size(max_upload)
    except ValueError as exc:
        say(f"--max-upload: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID)
    try:
        import uvicorn

        from trfaudit.checker.web import Settings, create_app
    except ImportError as exc:
        say(f"trfaudit serve needs the web extra: pip install 'trfaudit[web]' ({exc})", err=True)
        raise typer.Exit(EXIT_INVALID)
    warning = host_warning(host)
    if warning:
        say(warning, err=True)
    settings = Settings(max_upload=limit, time_limit=time_limit, workers=workers, host=host)
    config = uvicorn.Config(create_app(settings), host=host, port=port, log_level="warning")
    server = uvicorn.Server(config)
    _announce(server, host, open_)
    server.run()


def _announce(server: Any, host: str, open_: bool) -> None:
    """Print the address once the server listens (and open it with --open)."""
    import threading
    import time

    def wait() -> None:
        while not server.started:
            if server.should_exit:
                return
            time.sleep(0.05)
        port = server.servers[0].sockets[0].getsockname()[1]
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        url = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}/"
        where = (
            "this computer only" if host in LOOPBACK else f"{host}, reachable from other machines"
        )
        say(f"trfaudit serve: {url} (listening on {where}; Ctrl-C stops)", err=True)
        if open_:
            import webbrowser

            webbrowser.open(url)

    threading.Thread(target=wait, daemon=True).start()
