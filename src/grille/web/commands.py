"""The ``grille play`` subcommand: the game in the browser.

Only argparse and grille's core are imported here; FastAPI and uvicorn load when the
command runs, so ``grille --help`` stays fast.
"""

from __future__ import annotations

import argparse

from grille.cliargs import CommandFactory
from grille.errors import GrilleError
from grille.extras import require

__all__ = ["add_commands", "cmd_play", "port_number"]


def port_number(text: str) -> int:
    """A TCP port for argparse: 0 (any free port) to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, got {port}")
    return port


def cmd_play(args: argparse.Namespace) -> int:
    """Serve the game page and open it in the browser."""
    require("web", "grille play")
    from grille.web.server import serve

    if not args.host.strip():
        raise GrilleError("--host needs a host name or address")
    return serve(host=args.host, port=args.port, db=args.db, open_browser=not args.no_browser)


def add_commands(command: CommandFactory) -> None:
    """Add ``play`` to the command line."""
    from grille.web.catalog import kind_titles

    play = command(
        "play", cmd_play,
        f"Play {kind_titles()} in the browser: new games by kind, size and level, "
        "your own puzzles, hints, undo, savepoints. Every move is saved as you make it; "
        "the page reopens your last unfinished game.",
    )
    play.add_argument("--host", default="127.0.0.1",
                      help="address to serve on (default 127.0.0.1, this machine only)")
    play.add_argument("--port", type=port_number, default=8000,
                      help="port (default 8000; 0 picks a free one)")
    play.add_argument("--no-browser", action="store_true",
                      help="do not open the page in a browser")
    play.add_argument("--db", metavar="PATH",
                      help="saved-games database (default: grille.sqlite3 in your data folder)")
