"""``grille play``: serve the game on a local port and open it in the browser.

The server binds 127.0.0.1 unless told otherwise, and says what it risks when it is told
to bind elsewhere (grille has no login: whoever reaches the port plays and deletes your
games). It prints its address, opens the page (which reopens the last unfinished game)
and runs until Ctrl+C.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
import webbrowser
from typing import TextIO

from grille.errors import GrilleError

__all__ = ["LOOPBACK", "bind", "is_loopback", "page_url", "serve"]

LOOPBACK = ("127.0.0.1", "localhost", "::1")
"""Host names that reach only this machine."""

BROWSER_WAIT = 10.0
"""Seconds to wait for the server to start before opening the browser anyway."""

KEEP_ALIVE = 30
"""Seconds an idle connection is kept open. Longer than HTTP clients keep an idle connection
for reuse (httpx: 5 s), so the server never closes one just as a client sends on it (which
resets it: the client sees an error for a request the server never read)."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    return host in LOOPBACK or host.startswith("127.")


def page_url(host: str, port: int) -> str:
    """The page's address: ``http://127.0.0.1:8000/`` (brackets around IPv6 hosts;
    a wildcard host is shown as the loopback address that reaches it)."""
    shown = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (0: any free port); ``GrilleError`` saying
    what to do when the port is taken or the host unknown."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as error:
        raise GrilleError(f"cannot bind to host {host!r}: {error.strerror}") from None
    sock = socket.socket(family, kind, proto)
    try:
        if os.name != "nt":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        raise GrilleError(
            f"cannot listen on {host}:{port} ({error.strerror or error}); "
            "try another --port, or --port 0 for any free one"
        ) from None
    sock.set_inheritable(True)
    return sock


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    open_browser: bool = True,
    out: TextIO | None = None,
) -> int:
    """Run the game server until interrupted; returns the exit status."""
    import uvicorn

    from grille.game import Store
    from grille.web.app import create_app

    err = out or sys.stderr
    loopback = is_loopback(host)
    if not loopback:
        print(
            f"grille: warning: serving on {host}, not 127.0.0.1: anyone who can reach this "
            f"machine on port {port} can play, change and delete your saved games "
            "(grille has no login)",
            file=err,
        )
    # No warm-up in this process: it runs no kernel (searches, generating and hints run
    # in the game's worker processes, whose fork server warms them: grille.game.preload);
    # warming here too compiled every kernel twice on a cold install.
    store = Store(db)
    sock = bind(host, port)
    url = page_url(host, sock.getsockname()[1])
    allowed = [host, "127.0.0.1", "localhost", "::1"] if loopback else None
    app = create_app(store=store, allowed_hosts=allowed, pool=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            timeout_keep_alive=KEEP_ALIVE)
    server = uvicorn.Server(config)
    last = store.last_unfinished_game()
    resume = f" (reopening your last {last.kind} game)" if last is not None else ""
    print(f"grille: playing at {url}{resume}; saved games in {store.path}", file=err)
    print("grille: press Ctrl+C to stop", file=err)
    if open_browser:
        threading.Thread(target=_open_when_ready, args=(server, url), daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        store.close()
    return 0


def _open_when_ready(server: object, url: str) -> None:
    deadline = time.monotonic() + BROWSER_WAIT
    while not getattr(server, "started", False) and time.monotonic() < deadline:
        time.sleep(0.05)
    webbrowser.open(url)
