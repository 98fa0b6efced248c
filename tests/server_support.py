"""The game server in a thread and the browser the page tests drive, shared by the browser
tests (tests/test_web_e2e.py, tests/test_null_kind.py, the variant page tests)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's chromium (``make browser``): the browser tests never download one."""

BROWSER_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"]


def services_of(app: Any) -> Any:
    """The services behind the application ``app`` (under its middleware)."""
    while not hasattr(app, "state"):
        app = app.app
    return app.state.services


@contextlib.contextmanager
def serving_app(db: Path) -> Iterator[tuple[str, Any]]:
    """The game server on a free loopback port, in a thread, over the database ``db``: its
    address and its services (to slow its hints down)."""
    import uvicorn

    from grille.web.app import create_app
    from grille.web.server import bind

    app = create_app(db, durable=False)
    sock = bind("127.0.0.1", 0)
    instance = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=instance.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not instance.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert instance.started, "the server did not start"
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}", services_of(app)
    finally:
        instance.should_exit = True
        thread.join(timeout=10)
        sock.close()


@contextlib.contextmanager
def serving(db: Path) -> Iterator[str]:
    """:func:`serving_app`'s address alone."""
    with serving_app(db) as (address, _):
        yield address


@contextlib.contextmanager
def browser_page(sync_api: Any, width: int = 1280, height: int = 900) -> Iterator[Any]:
    """A page in Debian's chromium, driven by Playwright's ``sync_api``; on leaving, checks
    that the page threw no error."""
    errors: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=BROWSER_ARGS)
        opened = browser.new_page(viewport={"width": width, "height": height})
        opened.on("pageerror", lambda error: errors.append(str(error)))
        yield opened
        browser.close()
    assert errors == [], errors
