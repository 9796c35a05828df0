"""The ASGI application of ``trfaudit serve``: :func:`create_app`.

Safety is in the middleware and the settings, not in each route: :class:`Guard` refuses
(403) a request naming a host this server does not answer to and a POST from another
origin (:func:`cross_site`), answers a request body over the upload limit with 413 (read and discarded up to a cap, so that a
browser still uploading gets the page, not a reset connection), and sets the security
headers on every response (a Content-Security-Policy that allows only this server's own
scripts and styles, no framing, no sniffing, no referrer to other sites).
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartParser
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import pages
from .store import Store
from .workers import Pool

#: The policy of every page: this server's scripts and styles only, nothing inline.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)

#: Above the limit, a body is still read (and dropped) up to this many bytes before the 413.
DRAIN_CAP = 64_000_000


def printable_csp() -> str:
    """The policy of the printable report (``check --format html``: one inline style sheet,
    allowed by its hash; still no script)."""
    from trfaudit.checker.reports.html import CSS

    digest = base64.b64encode(hashlib.sha256(CSS.encode("utf-8")).digest()).decode("ascii")
    return f"default-src 'none'; style-src 'sha256-{digest}'; base-uri 'none'"


LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass(frozen=True)
class Settings:
    max_upload: int = 10_000_000  # bytes of a request body
    time_limit: float = 120.0  # seconds of work per request
    workers: int = 2  # worker processes
    host: str = "127.0.0.1"

    def allowed_hosts(self) -> tuple[str, ...] | None:
        """The names a request's Host header may give (any port): on a loopback address,
        the loopback names only - a page of another site that resolves its own name to
        127.0.0.1 (DNS rebinding) is refused; None (any) on another address."""
        if self.host in LOOPBACK:
            return LOOPBACK
        if self.host in ("0.0.0.0", "::", ""):
            return None
        return (self.host, *LOOPBACK)


def _host_name(value: str) -> str:
    """``127.0.0.1:8000`` -> ``127.0.0.1``; ``[::1]:80`` -> ``[::1]``."""
    if value.startswith("["):
        return value.split("]", 1)[0] + "]"
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def cross_site(scope: Scope, allowed: tuple[str, ...] | None) -> str | None:
    """Why a request is refused (403), or None: a Host header this server does not answer
    to, or a POST whose Origin is not this server (a form of another site posting here)."""
    headers = dict(scope.get("headers", []))
    host = headers.get(b"host", b"").decode("latin-1").strip().lower()
    if allowed is not None and _host_name(host) not in allowed:
        return f"this server does not answer to the host name {host!r}"
    if scope.get("method") == "POST":
        origin = headers.get(b"origin", b"").decode("latin-1").strip().lower()
        if origin and origin != "null":
            netloc = origin.split("://", 1)[-1]
            if netloc != host:
                return f"a form of another site ({origin}) cannot post to this server"
        elif origin == "null":
            return "a form of an opaque origin cannot post to this server"
        fetch_site = headers.get(b"sec-fetch-site", b"").decode("latin-1").lower()
        if fetch_site == "cross-site":
            return "a request of another site cannot post to this server"
    return None


class TooLarge(Exception):
    """The request body passed the upload limit."""


class Guard:
    """Pure ASGI middleware: the upload limit (413) and the security headers."""

    def __init__(
        self, app: ASGIApp, max_upload: int, allowed: tuple[str, ...] | None = LOOPBACK
    ) -> None:
        self.app, self.max_upload, self.allowed = app, max_upload, allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                names = {k.lower() for k, _ in headers}
                extra = {
                    b"content-security-policy": CSP.encode(),
                    b"x-content-type-options": b"nosniff",
                    # same-origin, not no-referrer: under no-referrer a browser sends
                    # "Origin: null" with this page's own forms, and the Origin check needs them
                    b"referrer-policy": b"same-origin",
                    b"x-frame-options": b"DENY",
                }
                headers += [(k, v) for k, v in extra.items() if k not in names]
                message = {**message, "headers": headers}
            await send(message)

        refused = cross_site(scope, self.allowed)
        if refused is not None:
            await self._forbid(scope, receive, send_with_headers, refused)
            return
        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.max_upload:
            await self._refuse(scope, receive, send_with_headers, int(length), True)
            return
        seen, more = 0, True

        async def counted() -> Message:
            nonlocal seen, more
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                more = message.get("more_body", False)
                if seen > self.max_upload:
                    raise TooLarge
            return message

        try:
            await self.app(scope, counted, send_with_headers)
        except TooLarge:
            if started:
                raise
            await self._refuse(scope, receive, send_with_headers, None, more)

    async def _forbid(self, scope: Scope, receive: Receive, send: Send, text: str) -> None:
        """Answer 403 without reading the body."""
        response: Response
        if scope.get("path", "").startswith("/api/"):
            from starlette.responses import JSONResponse

            response = JSONResponse({"error": text}, status_code=403)
        else:
            response = HTMLResponse(pages.error(403, "Request refused", text), status_code=403)
        response.headers["connection"] = "close"
        await response(scope, receive, send)

    async def _refuse(
        self, scope: Scope, receive: Receive, send: Send, length: int | None, more: bool
    ) -> None:
        """Answer 413, after reading the rest of the body (``more``: some is unread) up to
        :data:`DRAIN_CAP` bytes."""
        if length is None or length <= DRAIN_CAP:
            seen = 0
            while more and seen <= DRAIN_CAP:
                message = await receive()
                if message["type"] != "http.request":
                    return  # the client left
                seen += len(message.get("body", b""))
                more = message.get("more_body", False)
        mb = self.max_upload / 1_000_000
        text = f"The upload is larger than this server's limit of {mb:g} MB."
        response: Response
        if scope.get("path", "").startswith("/api/"):
            from starlette.responses import JSONResponse

            response = JSONResponse({"error": text}, status_code=413)
        else:
            response = HTMLResponse(pages.error(413, "File too large", text), status_code=413)
        response.headers["connection"] = "close"
        await response(scope, receive, send)


def create_app(settings: Settings | None = None) -> Starlette:
    """The application; its worker processes start and stop with its lifespan."""
    from .routes import routes

    settings = settings or Settings()
    # An upload stays in memory up to the limit (Starlette spools files over 1 MB to a
    # temporary file otherwise); the limit bounds the body, so the spool never rolls over.
    MultiPartParser.spool_max_size = settings.max_upload + 1
    pool = Pool(settings.workers, settings.time_limit)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        pool.start()
        try:
            yield
        finally:
            pool.close()

    app = Starlette(
        routes=routes(), lifespan=lifespan, exception_handlers={HTTPException: _http_error}
    )
    app.state.settings = settings
    app.state.pool = pool
    app.state.store = Store()
    app.add_middleware(Guard, max_upload=settings.max_upload, allowed=settings.allowed_hosts())
    return app


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (a malformed multipart body, a wrong method): as the page's
    other errors, JSON under ``/api/``."""
    from starlette.responses import JSONResponse

    status = exc.status_code if isinstance(exc, HTTPException) else 500
    detail = exc.detail if isinstance(exc, HTTPException) else "error"
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": detail}, status_code=status)
    return HTMLResponse(pages.error(status, "Request refused", str(detail)), status_code=status)


def state(request: Request) -> Any:
    """The application's settings, pool and store."""
    return request.app.state
