"""The rules of Sudoku: violations, status, and the independent solution checker."""

from __future__ import annotations

from grille.kind import Status, Violation
from grille.sudoku.candidates import candidate_masks
from grille.sudoku.grid import Grid
from grille.sudoku.symbols import digit_char

__all__ = ["is_solution", "status", "violations"]


def violations(grid: Grid) -> list[Violation]:
    """Every digit repeated in a unit, and every empty cell left with no candidate."""
    return [*_repeats(grid), *_dead_cells(grid)]


def _repeats(grid: Grid) -> list[Violation]:
    n = grid.size
    found = []
    for unit_index, unit in enumerate(grid.shape.units):
        seen: dict[int, list[int]] = {}
        for cell in unit:
            if grid.cells[cell]:
                seen.setdefault(grid.cells[cell], []).append(cell)
        for digit, cells in seen.items():
            if len(cells) > 1:
                names = " and ".join(grid.cell_name(cell) for cell in cells)
                found.append(Violation(
                    f"{names} both hold {digit_char(digit)} in {grid.shape.unit_name(unit_index)}",
                    tuple(divmod(cell, n) for cell in cells),
                ))
    return found


def _dead_cells(grid: Grid) -> list[Violation]:
    """Empty cells without a candidate; a cell without pencil marks (0) is unmarked, not dead."""
    masks = grid.marks if grid.marks is not None else candidate_masks(grid)
    basic = candidate_masks(grid)
    return [
        Violation(f"{grid.cell_name(cell)} has no candidate left", (divmod(cell, grid.size),))
        for cell, (mask, fresh) in enumerate(zip(masks, basic, strict=True))
        if grid.cells[cell] == 0 and ((mask or fresh) & fresh) == 0
    ]


def is_solution(grid: Grid, puzzle: Grid | None = None) -> bool:
    """Whether ``grid`` is completely and correctly filled (and agrees with ``puzzle``'s clues)."""
    n = grid.size
    every_digit = set(range(1, n + 1))
    if any({grid.cells[cell] for cell in unit} != every_digit for unit in grid.shape.units):
        return False
    if puzzle is None:
        return True
    return all(
        clue == 0 or clue == digit for clue, digit in zip(puzzle.cells, grid.cells, strict=True)
    )


def status(grid: Grid) -> Status:
    """Solved, incomplete, or invalid (a repeated digit or a cell with no candidate)."""
    if _repeats(grid):
        return Status.INVALID
    if grid.empty_count == 0:
        return Status.SOLVED
    return Status.INVALID if _dead_cells(grid) else Status.INCOMPLETE
