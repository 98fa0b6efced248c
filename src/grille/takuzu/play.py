"""Moves applied to a Takuzu grid: writing 0 or 1, clearing, toggling pencil marks.

``r3c5=0`` and ``r3c5=1`` write a digit, ``r3c5-`` clears, ``r3c5^1`` toggles the pencil
mark 1, ``fill`` fills every empty cell's marks from the rules, keeping the values the player
already ruled out (see :mod:`grille.moves`). Takuzu has no peers whose marks a placement
would clean up.
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
    value_moves,
)
from grille.takuzu.candidates import candidate_masks
from grille.takuzu.grid import EMPTY, TakuzuGrid, cell_name

__all__ = ["apply_move", "moves_between", "step_moves", "wrong_cells"]


def apply_move(grid: TakuzuGrid, move: str | Move) -> TakuzuGrid:
    """The grid after ``move``; clues cannot be changed and values are 0 or 1."""
    parsed = parse_move(move) if isinstance(move, str) else move
    if parsed.op is MoveOp.FILL_MARKS:
        return grid.with_marks(keep_eliminations(candidate_masks(grid), grid.marks))
    if not (0 <= parsed.row < grid.height and 0 <= parsed.col < grid.width):
        raise MoveError(f"{parsed}: the grid has {grid.height} rows and {grid.width} columns")
    cell = parsed.row * grid.width + parsed.col
    if grid.is_given(cell):
        raise MoveError(f"{parsed}: {cell_name(parsed.row, parsed.col)} holds a clue")
    if parsed.op is MoveOp.CLEAR:
        return _with_value(grid, cell, EMPTY)
    if parsed.value not in (0, 1):
        raise MoveError(f"{parsed}: Takuzu cells hold 0 or 1")
    if parsed.op is MoveOp.SET:
        return _with_value(grid, cell, parsed.value)
    marks = list(grid.marks or (0,) * len(grid.cells))
    marks[cell] ^= 1 << parsed.value
    return grid.with_marks(marks)


def moves_between(before: TakuzuGrid, after: TakuzuGrid) -> tuple[str, ...]:
    """The moves that turn ``before``'s values and marks into ``after``'s."""
    width = before.width
    values = value_moves(before.cells, after.cells, width, empty=EMPTY)
    return tuple(values + mark_moves(before.marks, after.marks, width, lowest=0))


def step_moves(grid: TakuzuGrid, step: Step) -> tuple[str, ...]:
    """A logical step as moves: its placements, and its eliminations from the marks."""
    return tuple(moves_for_step(
        step.placements, step.eliminations, grid.marks, lambda: candidate_masks(grid),
        grid.width, lowest=0,
    ))


def wrong_cells(grid: TakuzuGrid, solution: TakuzuGrid) -> tuple[tuple[int, int], ...]:
    """The cells holding a value other than the solution's."""
    return differing_cells(grid.cells, solution.cells, grid.width, empty=EMPTY)


def _with_value(grid: TakuzuGrid, cell: int, value: int) -> TakuzuGrid:
    givens = grid.givens if grid.givens is not None else tuple(v != EMPTY for v in grid.cells)
    cells = list(grid.cells)
    cells[cell] = value
    return replace(grid, cells=tuple(cells), givens=givens)
