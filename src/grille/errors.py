"""Errors raised by grille. Every input error is a ``ValueError`` subclass."""

from __future__ import annotations

import re

__all__ = [
    "BudgetExceededError",
    "GrilleError",
    "MoveError",
    "ParseError",
    "SizeError",
    "long_number_error",
    "quoted",
]


class GrilleError(ValueError):
    """Base class of grille's input errors."""


class ParseError(GrilleError):
    """Text that is not a puzzle in the expected format.

    ``line`` and ``column`` are 1-based; ``source`` names the file (or ``<input>``).
    The message reads ``source:line:column: what was wrong``.
    """

    def __init__(
        self,
        reason: str,
        *,
        line: int = 1,
        column: int = 1,
        source: str = "<input>",
    ) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        self.source = source
        super().__init__(f"{source}:{line}:{column}: {reason}")

    def located(self, *, source: str | None = None, line_offset: int = 0) -> ParseError:
        """The same error, moved to ``source`` and shifted down by ``line_offset`` lines."""
        return type(self)(
            self.reason,
            line=self.line + line_offset,
            column=self.column,
            source=self.source if source is None else source,
        )

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}({self.reason!r}, line={self.line}, "
            f"column={self.column}, source={self.source!r})"
        )


class SizeError(ParseError):
    """A puzzle of a size grille does not support."""


class MoveError(GrilleError):
    """A move string that is malformed or not legal in the current state."""


class BudgetExceededError(GrilleError):
    """A search stopped because it reached its node budget."""


def quoted(text: str) -> str:
    """``text`` in single quotes for a message, as the user typed it: a backslash stays one
    backslash (``'16\\23'``), only invisible characters are escaped (``'\\t'``)."""
    shown = "".join(
        char if char.isprintable() else repr(char)[1:-1] for char in text
    )
    return f"'{shown}'"


_LONG_NUMBER = re.compile(r"\d{4301,}")
"""More digits than ``int`` converts (Python's limit on integer strings, 4300)."""


def long_number_error(error: ValueError, text: str, source: str) -> ParseError | None:
    """``error`` as a ``ParseError`` at the first number of ``text`` too long for ``int``
    (which refuses it with a bare ``ValueError``), or ``None`` if it is about something else.
    """
    match = _LONG_NUMBER.search(text)
    if isinstance(error, GrilleError) or match is None or "digits" not in str(error):
        return None
    rows = (text[: match.start()] + "#").splitlines()  # "#" stands for the number
    return ParseError(f"a number of {len(match[0])} digits is too long", line=len(rows),
                      column=len(rows[-1]), source=source)
