"""Moves applied to a Sudoku grid: placing and clearing digits, toggling pencil marks.

Also the move lists a game session needs: a placed digit's removal from the marks of its
row, column and box, the moves between two states, and a logical step as moves.
"""

from __future__ import annotations

from dataclasses import replace

from grille.errors import MoveError
from grille.logic import Step
from grille.moves import (
    Move,
    MoveOp,
    differing_cells,
    keep_eliminations,
    mark_moves,
    moves_for_step,
    parse_move,
    unmark_moves,
    value_moves,
)
from grille.sudoku.candidates import candidate_masks
from grille.sudoku.grid import Grid

__all__ = ["apply_move", "moves_between", "peer_moves", "step_moves", "wrong_cells"]


def apply_move(grid: Grid, move: str | Move) -> Grid:
    """The grid after ``move``; clues cannot be changed and digits must fit the grid."""
    parsed = parse_move(move) if isinstance(move, str) else move
    if parsed.op is MoveOp.FILL_MARKS:
        return grid.with_marks(keep_eliminations(candidate_masks(grid), grid.marks))
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


def peer_moves(grid: Grid, move: str | Move) -> tuple[str, ...]:
    """The toggles that take a placed digit out of the marks of its row, column and box."""
    parsed = parse_move(move) if isinstance(move, str) else move
    if parsed.op is not MoveOp.SET or parsed.value == 0:
        return ()
    cell = _cell_of(grid, parsed)
    return tuple(unmark_moves(grid.marks, grid.shape.peers[cell], parsed.value, grid.size))


def moves_between(before: Grid, after: Grid) -> tuple[str, ...]:
    """The moves that turn ``before``'s digits and marks into ``after``'s."""
    n = before.size
    return tuple(
        value_moves(before.cells, after.cells, n) + mark_moves(before.marks, after.marks, n)
    )


def step_moves(grid: Grid, step: Step) -> tuple[str, ...]:
    """A logical step as moves: its placements, and its eliminations from the marks."""
    return tuple(moves_for_step(
        step.placements, step.eliminations, grid.marks, lambda: candidate_masks(grid), grid.size
    ))


def wrong_cells(grid: Grid, solution: Grid) -> tuple[tuple[int, int], ...]:
    """The cells holding a digit other than the solution's."""
    return differing_cells(grid.cells, solution.cells, grid.size)


def _cell_of(grid: Grid, move: Move) -> int:
    if not (0 <= move.row < grid.size and 0 <= move.col < grid.size):
        raise MoveError(f"{move}: the grid has {grid.size} rows and columns")
    return move.row * grid.size + move.col


def _with_digit(grid: Grid, cell: int, digit: int) -> Grid:
    givens = grid.givens if grid.givens is not None else tuple(d != 0 for d in grid.cells)
    cells = list(grid.cells)
    cells[cell] = digit
    return replace(grid, cells=tuple(cells), givens=givens)
