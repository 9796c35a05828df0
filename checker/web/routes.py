"""The routes of ``trfaudit serve``.

Pages: ``GET /`` (the form), ``POST /check`` (checks, keeps the upload in memory and
redirects to ``GET /r/{token}``, the verdict), ``GET /r/{token}/{file}/explain`` (a player's
explanation; ``?fragment=1`` gives the panel alone), downloads ``GET /r/{token}/report.json``
(``check --format json``), ``/r/{token}/report.html`` (``check --format html``) and
``/r/{token}/{file}/trf26`` (``convert --to trf26``).

JSON: ``POST /api/check`` (multipart ``file`` (one or more), ``rules``, ``tiebreaks``: the
document of ``check --format json``), ``POST /api/explain`` (``file``, ``round``, ``player``,
``against``, ``team``, ``rules``: the document of ``explain --format json``), ``POST
/api/pair`` (``file``, ``round``, ``rules``: ``{round, rules, boards, bye}``); ``GET /healthz``.
Pages also: ``POST /r/{token}/recheck`` (the kept files with another ``rules``),
``/r/{token}/{file}/next`` (the next round, ``next.trf``, ``next.txt``), ``javafo.txt`` and
``annotated.trf`` (``check --format javafo``, ``check --annotate``).  A POST from another
origin, or a request naming another host, is refused (:mod:`.app`).  An
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
            f"The request took longer than this server's time limit of "
            f"{st.settings.time_limit:g} s and was stopped. Check the file on the command line, "
            "or ask for a server with a longer time limit.",
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
    return await _checked(request, files, rules, tiebreaks)


async def _checked(
    request: Request, files: list[tuple[str, bytes]], rules: str, tiebreaks: str
) -> Response:
    """Check ``files``, keep them, and answer with the verdict (a redirect), or - when no
    file could be checked - the files' problems in place, with the choices that would let
    them be checked."""
    result = await _run(request, "check", files, rules, tiebreaks)
    docs = result.docs
    if not docs.get("files"):
        return _page_error(result.status, result.message)
    token = state(request).store.add(Upload(files, rules, tiebreaks, docs))
    if result.status == 200:
        return RedirectResponse(f"/r/{token}", status_code=303)
    body = pages.error(result.status, "The file cannot be checked", result.message)
    extra = "".join(pages._not_checked(token, v) for v in docs["files"])
    return HTMLResponse(
        body.replace("</main>", extra + pages.report_body(docs["html"]) + "</main>"),
        result.status,
    )


async def recheck(request: Request) -> Response:
    """The kept files checked again with another choice of rules (the page's rules control)."""
    upload = _upload(request)
    form = await request.form()
    rules = str(form.get("rules") or "auto")
    return await _checked(request, upload.files, rules, upload.tiebreaks)


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
    team = _int(query, "team")
    key = (i, rnd, player, against, team)
    docs = upload.explained.get(key)
    if docs is None:
        name, data = upload.files[i]
        rules = upload.rules if upload.rules != "all" else "auto"
        result = await _run(request, "explain", name, data, rnd, player, against, rules, team)
        if result.status != 200:
            return _page_error(result.status, result.message)
        docs = upload.explained[key] = result.docs
    token, name = request.path_params["token"], upload.files[i][0]
    view = upload.docs["files"][i]
    findings = view.get("findings", {}).get(docs["round"], [])
    args = (token, i, name, docs, player, against, findings, team)
    if query.get("fragment"):
        return HTMLResponse(pages.explanation_panel(*args))
    return HTMLResponse(pages.explanation(*args))


async def _next(request: Request) -> tuple[Upload, int, dict[str, Any]]:
    """The rules' pairing of the next round of a kept file (computed once)."""
    upload = _upload(request)
    i = _file_index(request, upload)
    key = (i, None, None, None, -1)  # the pairing, kept beside the explanations
    docs = upload.explained.get(key)
    if docs is None:
        name, data = upload.files[i]
        rules = upload.rules if upload.rules != "all" else "auto"
        result = await _run(request, "pair", name, data, None, rules)
        if result.status != 200:
            raise Refused(result.status, result.message)
        docs = upload.explained[key] = result.docs
    return upload, i, docs


async def next_page(request: Request) -> Response:
    upload, i, docs = await _next(request)
    token = request.path_params["token"]
    return HTMLResponse(pages.next_round(token, i, upload.docs["files"][i], docs))


def _stem(name: str) -> str:
    stem = name.rsplit("/", 1)[-1].rsplit(".", 1)[0] or "tournament"
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in stem)


def _attachment(text: str, filename: str) -> Response:
    return Response(
        text,
        media_type="text/plain; charset=utf-8",
        headers={"content-disposition": f"attachment; filename={filename}"},
    )


async def next_trf(request: Request) -> Response:
    upload, i, docs = await _next(request)
    if not docs.get("trf"):
        raise Refused(404, "no TRF for this pairing (a Swiss Team event: use the JaVaFo list)")
    rnd = docs["doc"]["round"]
    return _attachment(docs["trf"], f"{_stem(upload.files[i][0])}-round{rnd}.trf")


async def next_list(request: Request) -> Response:
    upload, i, docs = await _next(request)
    rnd = docs["doc"]["round"]
    return _attachment(docs["list"], f"{_stem(upload.files[i][0])}-round{rnd}.txt")


async def file_download(request: Request) -> Response:
    """``check --format javafo`` and ``check --annotate`` of one kept file."""
    upload = _upload(request)
    i = _file_index(request, upload)
    what = request.path_params["what"]
    downloads = upload.docs["files"][i].get("downloads") or {}
    key = {"javafo.txt": "javafo", "annotated.trf": "annotated"}.get(what)
    if key is None or key not in downloads:
        raise Refused(404, downloads.get(f"{key}_error") or "no such download for this file")
    suffix = "-javafo.txt" if key == "javafo" else "-annotated.trf"
    return _attachment(downloads[key], _stem(upload.files[i][0]) + suffix)


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
    team = _int(fields, "team")
    result = await _run(request, "explain", name, data, rnd, player, against, rules, team)
    if result.status != 200:
        return _json_error(result)
    return Response(result.docs["json"], media_type="application/json")


async def api_pair(request: Request) -> Response:
    """``{round, rules, boards: [[white, black], ...], bye}``: the rules' pairing of
    ``round`` (default: the next one)."""
    try:
        files, fields = await _files(request)
        if len(files) != 1:
            raise Refused(BAD_INPUT, "pair takes one file")
        rnd = _int(fields, "round")
    except Refused as exc:
        return JSONResponse({"error": exc.message}, status_code=exc.status)
    (name, data), rules = files[0], fields.get("rules") or "auto"
    result = await _run(request, "pair", name, data, rnd, rules)
    if result.status != 200:
        return _json_error(result)
    from trfaudit.checker.reports.provenance import generator

    return JSONResponse({**result.docs["doc"], "generator": generator()})


#: The page's icon: a knight's square (SVG, this server's own).
FAVICON = (
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'>"
    "<rect width='16' height='16' rx='3' fill='#222'/>"
    "<path d='M5 13h7v-1.5H10.5L10 8c1-1 1.5-2.5 1-4L8.5 3 6 5.5 4.5 7l1 1 2-1-2.5 4.5H5z' "
    "fill='#fff'/></svg>"
)


async def favicon(request: Request) -> Response:
    return Response(FAVICON, media_type="image/svg+xml", headers={"cache-control": "max-age=86400"})


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
        Route("/r/{token}/recheck", _refusals(recheck), methods=["POST"]),
        Route("/r/{token}/{index:int}/next", _refusals(next_page)),
        Route("/r/{token}/{index:int}/next.trf", _refusals(next_trf)),
        Route("/r/{token}/{index:int}/next.txt", _refusals(next_list)),
        Route("/r/{token}/{index:int}/{what}", _refusals(file_download)),
        Route("/api/check", api_check, methods=["POST"]),
        Route("/api/explain", api_explain, methods=["POST"]),
        Route("/api/pair", api_pair, methods=["POST"]),
        Route("/favicon.ico", favicon),
        Route("/healthz", healthz),
        Route("/static/{name}", static),
    ]
