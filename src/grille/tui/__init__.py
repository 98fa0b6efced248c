"""The game in the terminal (``grille tui``), built with Textual.

- :mod:`grille.tui.app`: the app and its screens (menu, new game, enter and solve a
  puzzle, generate puzzles, saved games, puzzle library, statistics);
- :mod:`grille.tui.game`: the game screen and its keys;
- :mod:`grille.tui.board`: the board widget (any kind, scaled to the terminal);
- :mod:`grille.tui.options`: each kind's sizes and levels;
- :mod:`grille.tui.commands`: the ``tui`` subcommand.

Games live in the same SQLite store as the browser game (:mod:`grille.game.store`).
"""
