"""The routes of ``trfaudit serve``.

Pages: ``GET /`` (the form), ``POST /check`` (checks, keeps the upload in memory and
redirects to ``GET /r/{token}``, the verdict), ``GET /r/{token}/{file}/explain`` (a player's
explanation; ``?fragment=1`` gives the panel alone), downloads ``GET /r/{token}/report.json``
(``check --format json``), ``/r/{token}/report.html`` (``check --format html``) and
``/r/{token}/{file}/trf26`` (``convert --to trf26``).

JSON: ``POST /api/check`` (multipart ``file`` (one or more), ``rules``, ``tiebreaks``: the
document of ``check --format json``), ``POST /api/explain`` (``file``, ``round``, ``player``,
``against``, ``rules``: the document of ``explain --format json``); ``GET /healthz``.  An
error the CLI reports on stderr is ``{"error": message}`` here, with the status of
:mod:`service`.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route

from . import pages
from .app import printable_csp, state
from .service import BAD_INPUT, Result
from .store import Upload
from .workers import TimeLimit, WorkerDied

STATIC = {"app.css": "text/css", "app.js": "text/javascript"}


class Refused(Exception):
    """A request the page answers with ``status`` and ``message`` (no work was done)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


async def _files(request: Request) -> tuple[list[tuple[str, bytes]], dict[str, str]]:
    """The uploaded files (name, bytes) and the text fields of a multipart form."""
    form = await request.form()
    files, fields = [], {}
    for key, value in form.multi_items():
        if isinstance(value, UploadFile):
            if key == "file" and (value.filename or value.size):
                # The name is only shown (escaped), never used as a path.
                files.append((value.filename or "upload", await value.read()))
        else:
            fields[key] = value
    await form.close()
    if not files:
        raise Refused(BAD_INPUT, "no file was uploaded (form field 'file')")
    return files, fields


def _int(fields: dict[str, str], key: str, required: bool = False) -> int | None:
    text = (fields.get(key) or "").strip()
    if not text:
        if required:
            raise Refused(BAD_INPUT, f"{key}: a number is required")
        return None
    if not text.isdigit() or int(text) < 1:
        raise Refused(BAD_INPUT, f"{key}: {text!r} is not a positive whole number")
    return int(text)


async def _run(request: Request, task: str, *args: Any) -> Result:
    """Run ``task`` in a worker; the time limit and a dead worker become a Result."""
    st = state(request)
    try:
        result: Result = await st.pool.run(task, *args)
        return result
    except TimeLimit:
        return Result(
            503,
            f"The request took longer than the time limit of {st.settings.time_limit:g} s and "
            "was stopped. Check the file on the command line (trfaudit check FILE), or start "
            "the server with a longer --time-limit.",
        )
    except WorkerDied:
        return Result(500, "The worker checking this file ended unexpectedly (a defect).")


def _page_error(status: int, message: str) -> HTMLResponse:
    titles = {
        400: "The file cannot be checked",
        404: "Not found",
        413: "File too large",
        422: "No legal pairing",
        503: "Time limit reached",
    }
    return HTMLResponse(pages.error(status, titles.get(status, "Error"), message), status)


async def index(request: Request) -> Response:
    st = state(request)
    host = st.settings.host
    note = (
        "This server listens on this computer only."
        if host in ("127.0.0.1", "localhost", "::1")
        else f"This server listens on {host}: other machines can reach it."
    )
    return HTMLResponse(pages.index(st.settings.max_upload, note))


async def check_page(request: Request) -> Response:
    try:
        files, fields = await _files(request)
    except Refused as exc:
        return _page_error(exc.status, exc.message)
    rules, tiebreaks = fields.get("rules") or "auto", fields.get("tiebreaks") or ""
    result = await _run(request, "check", files, rules, tiebreaks)
    if result.status != 200:
        docs = result.docs
        if docs.get("html"):  # the report says what is wrong, as the CLI's does
            body = pages.error(result.status, "The file cannot be checked", result.message)
            return HTMLResponse(
                body.replace("</main>", pages.report_body(docs["html"]) + "</main>"), result.status
            )
        return _page_error(result.status, result.message)
    token = state(request).store.add(Upload(files, rules, tiebreaks, result.docs))
    return RedirectResponse(f"/r/{token}", status_code=303)


def _upload(request: Request) -> Upload:
    upload: Upload | None = state(request).store.get(request.path_params["token"])
    if upload is None:
        raise Refused(
            404,
            "This verdict is no longer kept (the server keeps the last ones "
            "for an hour). Upload the file again.",
        )
    return upload


def _file_index(request: Request, upload: Upload) -> int:
    i: int = request.path_params["index"]
    if not 0 <= i < len(upload.files):
        raise Refused(404, f"no file {i} in this check")
    return i


async def verdict(request: Request) -> Response:
    upload = _upload(request)
    return HTMLResponse(pages.verdict(request.path_params["token"], upload.docs))


async def report_json(request: Request) -> Response:
    upload = _upload(request)
    return Response(
        upload.docs["json"],
        media_type="application/json",
        headers={"content-disposition": "attachment; filename=trfaudit-report.json"},
    )


async def report_html(request: Request) -> Response:
    upload = _upload(request)
    return HTMLResponse(upload.docs["html"], headers={"content-security-policy": printable_csp()})


async def trf26(request: Request) -> Response:
    upload = _upload(request)
    i = _file_index(request, upload)
    name, data = upload.files[i]
    result = await _run(request, "convert", name, data, upload.tiebreaks)
    if result.status != 200:
        return _page_error(result.status, result.message)
    stem = name.rsplit("/", 1)[-1].rsplit(".", 1)[0] or "tournament"
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in stem)
    return Response(
        result.docs["text"],
        media_type="text/plain; charset=utf-8",
        headers={"content-disposition": f"attachment; filename={safe}-trf26.trf"},
    )


async def explain_page(request: Request) -> Response:
    upload = _upload(request)
    i = _file_index(request, upload)
    query = dict(request.query_params)
    rnd, player, against = _int(query, "round"), _int(query, "player"), _int(query, "against")
    key = (i, rnd, player, against)
    docs = upload.explained.get(key)
    if docs is None:
        name, data = upload.files[i]
        rules = upload.rules if upload.rules != "all" else "auto"
        result = await _run(request, "explain", name, data, rnd, player, against, rules)
        if result.status != 200:
            return _page_error(result.status, result.message)
        docs = upload.explained[key] = result.docs
    token, name = request.path_params["token"], upload.files[i][0]
    if query.get("fragment"):
        return HTMLResponse(pages.explanation_panel(token, i, name, docs, player, against))
    return HTMLResponse(pages.explanation(token, i, name, docs, player, against))


def _json_error(result: Result) -> Response:
    return JSONResponse({"error": result.message}, status_code=result.status)


async def api_check(request: Request) -> Response:
    try:
        files, fields = await _files(request)
    except Refused as exc:
        return JSONResponse({"error": exc.message}, status_code=exc.status)
    rules, tiebreaks = fields.get("rules") or "auto", fields.get("tiebreaks") or ""
    result = await _run(request, "check", files, rules, tiebreaks)
    if "json" not in result.docs:
        return _json_error(result)
    return Response(result.docs["json"], result.status, media_type="application/json")


async def api_explain(request: Request) -> Response:
    try:
        files, fields = await _files(request)
        if len(files) != 1:
            raise Refused(BAD_INPUT, "explain takes one file")
        rnd = _int(fields, "round", required=True)
        player, against = _int(fields, "player"), _int(fields, "against")
    except Refused as exc:
        return JSONResponse({"error": exc.message}, status_code=exc.status)
    (name, data), rules = files[0], fields.get("rules") or "auto"
    result = await _run(request, "explain", name, data, rnd, player, against, rules)
    if result.status != 200:
        return _json_error(result)
    return Response(result.docs["json"], media_type="application/json")


async def healthz(request: Request) -> Response:
    return PlainTextResponse("ok")


async def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name == "report.css":  # the CLI's report style, shared by the verdict page
        from trfaudit.checker.reports.html import CSS

        return Response(CSS, media_type="text/css")
    if name not in STATIC:  # a fixed list: the name is never a path
        return PlainTextResponse("not found", 404)
    text = resources.files("trfaudit.checker.web").joinpath("static", name).read_text("utf-8")
    return Response(text, media_type=STATIC[name], headers={"cache-control": "max-age=300"})


def _refusals(handler: Any) -> Any:
    """``handler`` with :class:`Refused` answered as a page."""

    async def wrapped(request: Request) -> Response:
        try:
            response: Response = await handler(request)
            return response
        except Refused as exc:
            return _page_error(exc.status, exc.message)

    return wrapped


def routes() -> list[Route]:
    return [
        Route("/", index),
        Route("/check", check_page, methods=["POST"]),
        Route("/r/{token}", _refusals(verdict)),
        Route("/r/{token}/report.json", _refusals(report_json)),
        Route("/r/{token}/report.html", _refusals(report_html)),
        Route("/r/{token}/{index:int}/trf26", _refusals(trf26)),
        Route("/r/{token}/{index:int}/explain", _refusals(explain_page)),
        Route("/api/check", api_check, methods=["POST"]),
        Route("/api/explain", api_explain, methods=["POST"]),
        Route("/healthz", healthz),
        Route("/static/{name}", static),
    ]
