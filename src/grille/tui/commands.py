"""``grille tui``: the game in the terminal.

Only argparse work happens at import; Textual and the store load when the command runs,
so ``grille --help`` stays fast.
"""

from __future__ import annotations

import argparse

from grille.cliargs import CommandFactory, positive
from grille.extras import require

__all__ = ["add_commands", "cmd_tui"]


def cmd_tui(args: argparse.Namespace) -> int:
    """Run the terminal game on the store at ``--db``."""
    require("tui", "grille tui")
    from grille.tui.app import GrilleApp

    # no warm-up here: the app's own process runs no kernel; its worker processes' fork
    # server warms them (grille.game.preload)
    GrilleApp(args.db, game=args.game, pool=True).run()  # new games kept ready meanwhile
    return 0


def add_commands(command: CommandFactory) -> None:
    """Add ``grille tui``."""
    tui = command(
        "tui", cmd_tui,
        "Play grille's puzzles in the terminal: new games of any kind at a size and level, "
        "resume, hints, undo, pencil marks, step-by-step solving, statistics. Games are "
        "saved as you play, in the same database as the browser game (grille play).",
    )
    tui.add_argument("--db", metavar="PATH",
                     help="the games database (default: grille.sqlite3 in your data folder)")
    tui.add_argument("--game", type=positive, metavar="ID",
                     help="open this saved game straight away")
