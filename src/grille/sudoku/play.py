"""Moves applied to a Sudoku grid: placing and clearing digits, toggling pencil marks."""

from __future__ import annotations

from dataclasses import replace

from grille.errors import MoveError
from grille.moves import Move, MoveOp, parse_move
from grille.sudoku.candidates import candidate_masks
from grille.sudoku.grid import Grid

__all__ = ["apply_move"]


def apply_move(grid: Grid, move: str | Move) -> Grid:
    """The grid after ``move``; clues cannot be changed and digits must fit the grid."""
    parsed = parse_move(move) if isinstance(move, str) else move
    if parsed.op is MoveOp.FILL_MARKS:
        return grid.with_marks(candidate_masks(grid))
    cell = _cell_of(grid, parsed)
    if grid.is_given(cell):
        raise MoveError(f"{parsed}: {grid.cell_name(cell)} holds a clue")
    if parsed.op is MoveOp.CLEAR or (parsed.op is MoveOp.SET and parsed.value == 0):
        return _with_digit(grid, cell, 0)
    if not 1 <= parsed.value <= grid.size:
        raise MoveError(f"{parsed}: digits of a {grid.size}x{grid.size} grid are 1..{grid.size}")
    if parsed.op is MoveOp.SET:
        return _with_digit(grid, cell, parsed.value)
    marks = list(grid.marks or (0,) * grid.shape.cell_count)
    marks[cell] ^= 1 << (parsed.value - 1)
    return grid.with_marks(marks)


def _cell_of(grid: Grid, move: Move) -> int:
    if not (0 <= move.row < grid.size and 0 <= move.col < grid.size):
        raise MoveError(f"{move}: the grid has {grid.size} rows and columns")
    return move.row * grid.size + move.col


def _with_digit(grid: Grid, cell: int, digit: int) -> Grid:
    givens = grid.givens if grid.givens is not None else tuple(d != 0 for d in grid.cells)
    cells = list(grid.cells)
    cells[cell] = digit
    return replace(grid, cells=tuple(cells), givens=givens)
