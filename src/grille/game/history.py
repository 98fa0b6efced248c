"""What a game's history is made of: entries of moves, and named savepoints.

An entry is one thing the player did, as the list of move strings (see :mod:`grille.moves`)
it applies in order: a placement with the pencil-mark clean-up that goes with it, a fill of
candidates, a restart, the solution shown, a hint applied. Undo and redo step over whole
entries, so a placement and its clean-up come and go together.
"""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass

from grille.game.errors import SessionError

__all__ = ["MAX_SAVEPOINT_NAME", "Action", "HistoryEntry", "Savepoint", "savepoint_name"]

MAX_SAVEPOINT_NAME = 40
"""Characters a savepoint name may have."""


class Action(enum.Enum):
    """Why an entry is in the history."""

    MOVE = "move"
    """A player's move (and, for a placement, its marks clean-up)."""
    FILL = "fill"
    """Candidates filled in, keeping the values the player had ruled out."""
    RESTART = "restart"
    """Back to the puzzle as given: every entry and mark cleared."""
    SOLUTION = "solution"
    """The solution shown."""
    HINT = "hint"
    """A hint's step applied (hint depth 5)."""


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One undoable step of a game: why, its moves in order, and when (clock seconds)."""

    action: Action
    moves: tuple[str, ...]
    made_at: float = 0.0

    def __str__(self) -> str:
        return f"{self.action.value}: {self.text}" if self.moves else self.action.value

    def __repr__(self) -> str:
        return f"HistoryEntry(Action.{self.action.name}, {self.moves!r}, made_at={self.made_at!r})"

    @property
    def text(self) -> str:
        """The moves separated by spaces, as the store keeps them."""
        return " ".join(self.moves)

    @classmethod
    def from_text(cls, action: str, text: str, made_at: float = 0.0) -> HistoryEntry:
        """The entry a store row spells; raises ``ValueError`` for an unknown action."""
        return cls(Action(action), tuple(text.split()), made_at)


@dataclass(frozen=True, slots=True)
class Savepoint:
    """A named position in the history to come back to after trying a "what if".

    It stays valid while the history up to ``position`` is unchanged: a new move made
    further back than it drops it.
    """

    name: str
    position: int
    created: float = 0.0


def savepoint_name(name: str) -> str:
    """``name`` trimmed, as a savepoint may be called; ``SessionError`` says why not.

    A name is a label a player reads and a front end puts in a URL path segment or a
    terminal line, so it is 1 to :data:`MAX_SAVEPOINT_NAME` printable characters: no
    control, format or bidirectional-override characters (NUL, U+202E, zero-width
    spaces ...), no ``/`` or ``\\``, and not ``.`` or ``..`` (which URLs resolve away).

    >>> savepoint_name("  before the X-Wing ")
    'before the X-Wing'
    >>> savepoint_name("..")
    Traceback (most recent call last):
    ...
    grille.game.errors.SessionError: a savepoint cannot be called '..'
    """
    label = name.strip()
    if not label:
        raise SessionError("a savepoint needs a name")
    if len(label) > MAX_SAVEPOINT_NAME:
        raise SessionError(
            f"a savepoint name has {MAX_SAVEPOINT_NAME} characters at most, "
            f"got {len(label)}: {label[:MAX_SAVEPOINT_NAME]!r}..."
        )
    if label in (".", ".."):
        raise SessionError(f"a savepoint cannot be called {label!r}")
    for index, char in enumerate(label, 1):
        if char in "/\\":
            raise SessionError(
                f"a savepoint name cannot hold {char!r} (character {index} of {label!r})"
            )
        if unicodedata.category(char).startswith(("C", "Z")) and char != " ":
            code = f"U+{ord(char):04X}"
            what = unicodedata.name(char, "a control character").lower()
            raise SessionError(
                f"a savepoint name cannot hold {code} ({what}; character {index} of "
                f"{label!r})"
            )
    return label
