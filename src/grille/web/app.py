"""The web application: :func:`create_app` builds it over one saved-games store.

The JSON API lives under ``/api`` (OpenAPI description at ``/api/openapi.json``); the page
and its modules are served from the package's ``static`` folder. Every error answer is
JSON ``{"error": "..."}``: bad input gets 4xx with a sentence that says what was wrong
(400 malformed JSON, 404 unknown game, 405 a method the path does not serve, with
``Allow``, 409 changed elsewhere, 413 too large, 422 a bad move, puzzle or field (request
bodies are strict: ``false`` is not a position), 429 too many generations), never a 5xx.
``HEAD`` is answered wherever ``GET`` is.

>>> import tempfile, pathlib
>>> from fastapi.testclient import TestClient
>>> folder = tempfile.TemporaryDirectory()
>>> app = create_app(pathlib.Path(folder.name) / "games.sqlite3", durable=False)
>>> with TestClient(app) as client:
...     game = client.post("/api/puzzles", json={"text": "..4..2....3..3.."}).json()
...     client.post(f"/api/games/{game['id']}/moves", json={"move": "r1c1=3"}).json()["position"]
1
>>> folder.cleanup()
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from grille import __version__
from grille.game import ConflictError, NotFoundError, Store, StoreError
from grille.web.api import Services, router
from grille.web.catalog import PuzzleTooLargeError, kind_titles
from grille.web.jobs import BusyError
from grille.web.limits import MAX_BODY, BodyLimit

__all__ = ["STATIC", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"
"""The page: index.html, CSS and JavaScript modules."""

SECURITY_HEADERS = (
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
     b"connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
"""Sent with every answer: the page loads nothing from elsewhere and is never framed."""

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def create_app(
    store_path: str | os.PathLike[str] | None = None,
    *,
    store: Store | None = None,
    durable: bool = True,
    workers: int = 2,
    allowed_hosts: list[str] | None = None,
    max_body: int = MAX_BODY,
    pool: bool = False,
) -> ASGIApp:
    """The application over the store at ``store_path`` (default: the user's data folder),
    or over ``store`` when given (it is then left open at shutdown).

    ``durable`` syncs each move to disk; ``workers`` small generation jobs run at once;
    ``pool`` keeps new games ready, generating them in the background;
    ``allowed_hosts`` (e.g. ``["127.0.0.1", "localhost"]``) refuses other ``Host``
    headers (DNS rebinding); ``max_body`` caps request bodies (413 beyond).
    """
    owned = store is None
    the_store = store if store is not None else Store(store_path, durable=durable)
    services = Services(the_store, workers=workers, pool=pool)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        services.start()
        try:
            yield
        finally:
            services.shutdown()
            if owned:
                the_store.close()

    app = FastAPI(
        title="grille",
        version=__version__,
        description=f"Play {kind_titles()}: games saved move by move.",
        openapi_url="/api/openapi.json",
        docs_url=None,  # Swagger UI and ReDoc load from a CDN; the page works offline
        redoc_url=None,
        lifespan=lifespan,
        redirect_slashes=False,  # a redirect would replay a DELETE on another path
    )
    app.state.services = services
    app.include_router(router)
    _add_error_handlers(app)

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        """The page links its icon; this answers the browsers and tools that ask here."""
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml",
                            headers={"cache-control": "max-age=86400"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    guarded = _RequestGuard(_SecurityHeaders(_HeadAsGet(app)), allowed_hosts=allowed_hosts)
    return BodyLimit(guarded, limit=max_body)


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def _add_error_handlers(app: FastAPI) -> None:
    """Every failure as JSON ``{"error": ...}`` with the right status."""

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        allowed = path_methods(request.url.path)
        if allowed and request.method not in allowed:  # DELETE /api/games/last
            return _method_not_allowed(request.method, allowed)
        problems = error.errors()
        for problem in problems:
            if problem.get("type") == "json_invalid":
                detail = problem.get("ctx", {}).get("error", "")
                return _error(400, f"malformed JSON: {detail}".rstrip(": "))
        return _error(422, "; ".join(_describe(problem) for problem in problems))

    @app.exception_handler(StarletteHTTPException)
    async def http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        allowed = path_methods(request.url.path)
        if error.status_code == 405 and allowed:
            return _method_not_allowed(request.method, allowed)
        return _error(error.status_code, str(error.detail), getattr(error, "headers", None))

    @app.exception_handler(NotFoundError)
    async def not_found(_: Request, error: NotFoundError) -> JSONResponse:
        return _error(404, str(error))

    @app.exception_handler(ConflictError)
    async def conflict(_: Request, error: ConflictError) -> JSONResponse:
        return _error(409, str(error))

    @app.exception_handler(StoreError)
    async def store_failed(_: Request, error: StoreError) -> JSONResponse:
        return _error(500, str(error))

    @app.exception_handler(PuzzleTooLargeError)
    async def too_large(_: Request, error: PuzzleTooLargeError) -> JSONResponse:
        return _error(413, str(error))

    @app.exception_handler(BusyError)
    async def busy(_: Request, error: BusyError) -> JSONResponse:
        return _error(429, str(error), {"retry-after": "5"})

    @app.exception_handler(ValueError)
    async def bad_value(_: Request, error: ValueError) -> JSONResponse:
        return _error(422, str(error) or type(error).__name__)

    @app.exception_handler(sqlite3.OperationalError)
    async def database_busy(_: Request, error: sqlite3.OperationalError) -> JSONResponse:
        return _error(503, f"the saved-games database is busy ({error}); try again",
                      {"retry-after": "1"})

    @app.exception_handler(Exception)
    async def failed(_: Request, error: Exception) -> JSONResponse:
        return _error(500, f"internal error: {type(error).__name__}: {error}")


def path_methods(path: str) -> frozenset[str]:
    """The methods the API serves at ``path`` (empty: none). Fixed segments win over
    parameters, as in routing: ``/api/games/last`` is that route's, not game ``last``'s.

    >>> sorted(path_methods("/api/games")), sorted(path_methods("/api/games/last"))
    (['GET', 'POST'], ['GET'])
    >>> sorted(path_methods("/api/games/7")), path_methods("/api/nothing")
    (['DELETE', 'GET'], frozenset())
    """
    matching = [
        route for route in router.routes
        if isinstance(route, APIRoute) and route.path_regex.match(path)
    ]
    if not matching:
        return frozenset()
    fewest = min(len(route.param_convertors) for route in matching)
    return frozenset(
        method for route in matching if len(route.param_convertors) == fewest
        for method in route.methods or ()
    )


def _method_not_allowed(method: str, allowed: frozenset[str]) -> JSONResponse:
    listed = ", ".join(sorted(allowed))
    return _error(405, f"method {method} is not allowed here; allowed: {listed}",
                  {"allow": listed})


def _describe(problem: Any) -> str:
    """One validation problem: ``body.move: String should have at most 40 characters``."""
    location = tuple(problem.get("loc", ()))
    where = ".".join(str(part) for part in location if part != "body")
    if not where and location == ("body",):
        where = "body"  # no body, or not a JSON object
    message = str(problem.get("msg", "invalid")).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


class _HeadAsGet:
    """Answers ``HEAD`` wherever ``GET`` is served: the request goes on as a ``GET`` and
    the answer keeps its status and headers but drops its body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Any) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


class _SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


class _RequestGuard:
    """Refuses requests for another host name than ``allowed_hosts`` (DNS rebinding, 400)
    and state-changing requests a browser sends from another site (403)."""

    def __init__(self, app: ASGIApp, *, allowed_hosts: list[str] | None = None) -> None:
        self.app = app
        self.allowed = frozenset(allowed_hosts) if allowed_hosts else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {name.decode("latin-1"): value.decode("latin-1")
                   for name, value in scope.get("headers", ())}
        host = headers.get("host", "")
        response = None
        if self.allowed is not None and _host_name(host) not in self.allowed:
            response = _error(400, f"unknown host {host!r}; open the page at the address "
                              "grille play printed")
        elif scope["method"] in UNSAFE_METHODS:
            origin = headers.get("origin")
            if origin is not None and urlsplit(origin).netloc != host:
                response = _error(403, f"cross-site request from {origin!r} refused")
        if response is not None:
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _host_name(host: str) -> str:
    """``127.0.0.1`` from ``127.0.0.1:8000``, ``::1`` from ``[::1]:8000``."""
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host
