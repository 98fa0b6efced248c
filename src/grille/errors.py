"""Errors raised by grille. Every input error is a ``ValueError`` subclass."""

from __future__ import annotations

__all__ = [
    "BudgetExceededError",
    "GrilleError",
    "MoveError",
    "ParseError",
    "SizeError",
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
