"""Moves applied to a Kakuro grid: writing and clearing digits, toggling pencil marks."""

from __future__ import annotations

from grille.errors import MoveError
from grille.kakuro.grid import KakuroGrid
from grille.moves import Move, MoveOp, parse_move

__all__ = ["apply_move", "candidate_marks"]


def candidate_marks(grid: KakuroGrid) -> tuple[int, ...]:
    """Pencil marks from the rules: each empty white cell's digits that some filling of both
    its runs (distinct digits making the sums, with the digits written so far) allows."""
    from grille.kakuro.solver import consistent_masks

    masks = [1 << (grid.cells[c] - 1) if grid.cells[c] else 0x1FF for c in grid.whites]
    narrowed = consistent_masks(grid, masks)
    marks = [0] * (grid.rows * grid.cols)
    for i, cell in enumerate(grid.whites):
        if not grid.cells[cell]:
            marks[cell] = 0 if narrowed is None else narrowed[i]
    return tuple(marks)


def apply_move(grid: KakuroGrid, move: str | Move) -> KakuroGrid:
    """The grid after ``move``; only white cells take digits 1-9."""
    parsed = parse_move(move) if isinstance(move, str) else move
    if parsed.op is MoveOp.FILL_MARKS:
        return grid.with_marks(candidate_marks(grid))
    if not (0 <= parsed.row < grid.rows and 0 <= parsed.col < grid.cols):
        raise MoveError(f"{parsed}: the grid has {grid.rows} rows and {grid.cols} columns")
    cell = parsed.row * grid.cols + parsed.col
    if not grid.is_white(cell):
        raise MoveError(f"{parsed}: {grid.cell_name(cell)} is a block")
    if parsed.op is not MoveOp.CLEAR and not 1 <= parsed.value <= 9:
        raise MoveError(f"{parsed}: Kakuro digits are 1..9")
    if parsed.op is MoveOp.TOGGLE_MARK:
        marks = list(grid.marks or (0,) * (grid.rows * grid.cols))
        marks[cell] ^= 1 << (parsed.value - 1)
        return grid.with_marks(marks)
    values = list(grid.cells)
    values[cell] = parsed.value if parsed.op is MoveOp.SET else 0
    return grid.with_values(values)
