"""Where the saved games live by default."""

from __future__ import annotations

from pathlib import Path

__all__ = ["DB_NAME", "default_db_path"]

DB_NAME = "grille.sqlite3"


def default_db_path() -> Path:
    """``grille.sqlite3`` in the user's data directory (``~/.local/share/grille`` on Linux)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("grille", appauthor=False)) / DB_NAME
