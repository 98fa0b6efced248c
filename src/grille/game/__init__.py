"""The game layer below every front end: sessions, and saved games in SQLite.

- :mod:`grille.game.session`: :class:`Session`, one puzzle being played (any kind, pure,
  no I/O): moves, undo/redo, restart, the solution shown, savepoints, timer, checking,
  hints, pencil-mark fill and clean-up. Every change is announced as a :class:`Change`.
- :mod:`grille.game.store`: :class:`Store`, the SQLite file (puzzle library, games, moves
  saved as they are made, statistics), safe across threads and processes.
- :mod:`grille.game.record`: :class:`SessionRecord`, a session as data (and JSON);
  :class:`CheckMode`, :class:`Progress`.
- :mod:`grille.game.history`: :class:`HistoryEntry`, :class:`Action`, :class:`Savepoint`,
  :func:`savepoint_name` (what a savepoint may be called).
- :mod:`grille.game.schema` (migrations), :mod:`grille.game.stats`, :mod:`grille.game.paths`.

Errors: ``MoveError`` (from :mod:`grille.errors`) for a bad move, :class:`SessionError` for
an action a session cannot take, :class:`StoreError` (:class:`NotFoundError`,
:class:`ConflictError`) for the database; all are ``ValueError``\\ s.
"""

from __future__ import annotations

from grille.game.errors import ConflictError, NotFoundError, SessionError, StoreError
from grille.game.history import Action, HistoryEntry, Savepoint, savepoint_name
from grille.game.paths import default_db_path
from grille.game.record import CheckMode, Progress, SessionRecord
from grille.game.session import Change, Session
from grille.game.stats import Statistic
from grille.game.store import (
    GameStatus,
    GameSummary,
    ImportResult,
    PoolKey,
    PuzzleRecord,
    PuzzleSource,
    SavedGame,
    Store,
)
from grille.game.timer import Timer

__all__ = [
    "Action",
    "Change",
    "CheckMode",
    "ConflictError",
    "GameStatus",
    "GameSummary",
    "HistoryEntry",
    "ImportResult",
    "NotFoundError",
    "PoolKey",
    "Progress",
    "PuzzleRecord",
    "PuzzleSource",
    "SavedGame",
    "Savepoint",
    "Session",
    "SessionError",
    "SessionRecord",
    "Statistic",
    "Store",
    "StoreError",
    "Timer",
    "default_db_path",
    "savepoint_name",
]
