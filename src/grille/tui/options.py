"""What the terminal game offers to choose from: each kind's sizes and levels.

The levels are the ones each kind's generator reaches at a size (``Kind.levels_for``), so a
form never offers a puzzle that cannot be made (a 4x4 Sudoku is easy or nothing).
"""

from __future__ import annotations

from grille.kinds import get_kind

__all__ = ["DEFAULT_SIZES", "KIND_TITLES", "SIZES", "levels_of"]

SIZES: dict[str, tuple[str, ...]] = {
    "sudoku": ("4x4", "6x6", "9x9", "12x12", "16x16", "25x25"),
    "takuzu": ("6x6", "8x8", "10x10", "12x12", "14x14", "16x16"),
    "kakuro": ("6x6", "8x8", "10x10", "12x12", "15x15"),
}
"""The sizes a new game offers, per kind, as :class:`grille.kind.GenerateOptions` spells them."""

DEFAULT_SIZES = {"sudoku": "9x9", "takuzu": "8x8", "kakuro": "8x8"}
"""The size a new game starts with: the ones that fit an 80x24 terminal with room to spare."""

KIND_TITLES = {"sudoku": "Sudoku", "takuzu": "Takuzu", "kakuro": "Kakuro"}
"""How the kinds are named on screen."""


def levels_of(kind: str, size: str) -> tuple[str, ...]:
    """The levels a ``kind`` puzzle of ``size`` can be generated at, easiest first."""
    return get_kind(kind).levels_for(size)
