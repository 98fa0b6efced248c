"""Pencil marks as a player pencils them: the values each empty cell may take by the rules.

A value is a candidate of an empty cell when writing it there breaks no rule at once: no
three alike next to each other in its row or column, no more than half of its row or column
alike, and, under the unique-lines rule, no finished row or column equal to another. Like
Sudoku's candidates (the digits its row, column and box leave), these are what the rules
say about one cell, not deductions: the marks of a puzzle that needs thought are not its
solution.

>>> from grille.takuzu.grid import TakuzuGrid
>>> candidate_masks(TakuzuGrid.from_string("11../..../..../...."))[2]  # only a 0 fits
1
"""

from __future__ import annotations

from collections.abc import Sequence

from grille.takuzu.grid import EMPTY, TakuzuGrid

__all__ = ["candidate_masks", "with_candidates"]


def candidate_masks(grid: TakuzuGrid) -> list[int]:
    """Per cell, bit 0 if a 0 and bit 1 if a 1 may be written by the rules (0 when filled)."""
    h, w = grid.height, grid.width
    rows = [grid.row(r) for r in range(h)]
    cols = [grid.col(c) for c in range(w)]
    finished_rows = {row for row in rows if EMPTY not in row} if grid.unique_lines else set()
    finished_cols = {col for col in cols if EMPTY not in col} if grid.unique_lines else set()
    masks = [0] * (h * w)
    for r in range(h):
        for c in range(w):
            if rows[r][c] != EMPTY:
                continue
            for value in (0, 1):
                if _fits(rows[r], c, value, finished_rows) and _fits(
                    cols[c], r, value, finished_cols
                ):
                    masks[r * w + c] |= 1 << value
    return masks


def _fits(line: Sequence[int], index: int, value: int, finished: set[tuple[int, ...]]) -> bool:
    """Whether ``value`` written at ``index`` of ``line`` keeps the line within the rules."""
    placed = (*line[:index], value, *line[index + 1 :])
    if 2 * placed.count(value) > len(placed):
        return False
    for start in range(max(0, index - 2), min(index, len(placed) - 3) + 1):
        if placed[start] == placed[start + 1] == placed[start + 2] == value:
            return False
    return EMPTY in placed or placed not in finished


def with_candidates(grid: TakuzuGrid) -> TakuzuGrid:
    """``grid`` with its pencil marks filled in."""
    return grid.with_marks(candidate_masks(grid))
