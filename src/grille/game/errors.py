"""Errors of the game layer; like every grille input error they are ``ValueError``\\ s."""

from __future__ import annotations

from grille.errors import GrilleError

__all__ = ["ConflictError", "NotFoundError", "SessionError", "StoreError"]


class SessionError(GrilleError):
    """An action a game session cannot take: nothing to undo, an unknown savepoint, a puzzle
    without one solution to show or check against, a record that does not replay."""


class StoreError(GrilleError):
    """A database grille cannot use (not SQLite, another program's, a newer schema)."""


class NotFoundError(StoreError):
    """No puzzle or game with the id asked for."""


class ConflictError(StoreError):
    """The game was changed elsewhere (another window or process) since it was opened here."""
