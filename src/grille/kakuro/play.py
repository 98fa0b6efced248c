"""Moves applied to a Kakuro grid: writing and clearing digits, toggling pencil marks.

``fill`` pencils every empty white cell with the digits its runs' combinations allow (see
:mod:`grille.kakuro.candidates`), keeping the player's own eliminations. Also the move lists
a game session needs: a placed digit's removal from the marks of its across and down runs,
the moves between two states, and a logical step as moves.
"""

from __future__ import annotations

from grille.errors import MoveError
from grille.kakuro.candidates import candidate_masks
from grille.kakuro.grid import KakuroGrid
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

__all__ = [
    "apply_move",
    "moves_between",
    "peer_moves",
    "step_moves",
    "wrong_cells",
]


def apply_move(grid: KakuroGrid, move: str | Move) -> KakuroGrid:
    """The grid after ``move``; only white cells take digits 1-9."""
    parsed = parse_move(move) if isinstance(move, str) else move
    if parsed.op is MoveOp.FILL_MARKS:
        return grid.with_marks(keep_eliminations(candidate_masks(grid), grid.marks))
    cell = _white_cell_of(grid, parsed)
    if parsed.op is not MoveOp.CLEAR and not 1 <= parsed.value <= 9:
        raise MoveError(f"{parsed}: Kakuro digits are 1..9")
    if parsed.op is MoveOp.TOGGLE_MARK:
        marks = list(grid.marks or (0,) * (grid.rows * grid.cols))
        marks[cell] ^= 1 << (parsed.value - 1)
        return grid.with_marks(marks)
    values = list(grid.cells)
    values[cell] = parsed.value if parsed.op is MoveOp.SET else 0
    return grid.with_values(values)


def peer_moves(grid: KakuroGrid, move: str | Move) -> tuple[str, ...]:
    """The toggles that take a placed digit out of the marks of its across and down runs."""
    parsed = parse_move(move) if isinstance(move, str) else move
    if parsed.op is not MoveOp.SET or parsed.value == 0:
        return ()
    cell = _white_cell_of(grid, parsed)
    topology = grid.topology
    peers = {
        other
        for run in (topology.across[cell], topology.down[cell])
        if run >= 0
        for other in topology.runs[run].cells
        if other != cell
    }
    return tuple(unmark_moves(grid.marks, sorted(peers), parsed.value, grid.cols))


def moves_between(before: KakuroGrid, after: KakuroGrid) -> tuple[str, ...]:
    """The moves that turn ``before``'s digits and marks into ``after``'s."""
    cols = before.cols
    return tuple(
        value_moves(before.cells, after.cells, cols) + mark_moves(before.marks, after.marks, cols)
    )


def step_moves(grid: KakuroGrid, step: Step) -> tuple[str, ...]:
    """A logical step as moves: its placements, and its eliminations from the marks."""
    return tuple(moves_for_step(
        step.placements, step.eliminations, grid.marks, lambda: candidate_masks(grid), grid.cols
    ))


def wrong_cells(grid: KakuroGrid, solution: KakuroGrid) -> tuple[tuple[int, int], ...]:
    """The white cells holding a digit other than the solution's."""
    return differing_cells(grid.cells, solution.cells, grid.cols)


def _white_cell_of(grid: KakuroGrid, move: Move) -> int:
    if not (0 <= move.row < grid.rows and 0 <= move.col < grid.cols):
        raise MoveError(f"{move}: the grid has {grid.rows} rows and {grid.cols} columns")
    cell = move.row * grid.cols + move.col
    if not grid.is_white(cell):
        raise MoveError(f"{move}: {grid.cell_name(cell)} is a block")
    return cell
