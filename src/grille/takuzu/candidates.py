"""Pencil marks from the rules: the values line consistency leaves each empty cell."""

from __future__ import annotations

from grille.takuzu.grid import EMPTY, TakuzuGrid
from grille.takuzu.lines import line_options

__all__ = ["candidate_masks", "with_candidates"]


def candidate_masks(grid: TakuzuGrid) -> list[int]:
    """Per cell, bit 0 if a 0 fits and bit 1 if a 1 fits its row and column (0 when filled)."""
    h, w = grid.height, grid.width
    masks = [0 if value != EMPTY else 3 for value in grid.cells]
    for r in range(h):
        options = line_options(grid.row(r)) or [0] * w
        for c in range(w):
            masks[r * w + c] &= options[c]
    for c in range(w):
        options = line_options(grid.col(c)) or [0] * h
        for r in range(h):
            masks[r * w + c] &= options[r]
    return masks


def with_candidates(grid: TakuzuGrid) -> TakuzuGrid:
    """``grid`` with its pencil marks filled in."""
    return grid.with_marks(candidate_masks(grid))
