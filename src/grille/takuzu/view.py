"""A Takuzu state as a :class:`~grille.view.BoardView`: values 0 and 1 drawn as discs, rows
and columns as regions, and the count of each value a full line holds."""

from __future__ import annotations

from grille.takuzu.grid import EMPTY, TakuzuGrid
from grille.view import BoardView, CellView, Glyphs, LineCounts, Region, values_of_mask

__all__ = ["board_view"]


def board_view(puzzle: TakuzuGrid, state: TakuzuGrid) -> BoardView:
    """The board of ``state``, a player's grid of the game of ``puzzle`` (its clues)."""
    rows, cols = state.height, state.width
    marks = state.marks or (0,) * len(state.cells)
    cells = tuple(
        CellView(
            None if value == EMPTY else value,
            value != EMPTY and puzzle.cells[index] != EMPTY,
            values_of_mask(marks[index], 0) if value == EMPTY else (),
        )
        for index, value in enumerate(state.cells)
    )
    regions = (
        *(Region("row", tuple((r, c) for c in range(cols)), name=f"row {r + 1}", distinct=False)
          for r in range(rows)),
        *(Region("column", tuple((r, c) for r in range(rows)), name=f"column {c + 1}",
                 distinct=False)
          for c in range(cols)),
    )
    return BoardView(
        rows, cols, cells, ("0", "1"), min_value=0, regions=regions,
        counts=LineCounts((0, 1), per_row=cols // 2, per_column=rows // 2),
        mark_grid=(1, 2), glyphs=Glyphs.DISCS, keys=(("0", 0), ("1", 1)),
        clear_keys=("Backspace", "Delete", "x"), title=f"Takuzu {rows}×{cols}",
    )
