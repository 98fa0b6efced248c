"""The rule check of a variant Sudoku: rows, columns, boxes or jigsaw regions, constraints."""

from __future__ import annotations

from grille.kind import Status, Violation
from grille.sudoku.grid import Grid
from grille.sudoku.variants.families.jigsaw import Regions
from grille.sudoku.variants.model import Board, Variant, cell_text

__all__ = ["is_solution", "status", "violations"]


def violations(grid: Grid) -> list[Violation]:
    """Every repeat in a row, column and box (regions in a jigsaw), then every constraint
    broken, each naming the constraint (``thermometer r1c1..r1c4: 5 before 3``)."""
    variant = grid.variant or Variant()
    n = grid.size
    board = Board(n, grid.cells, variant)
    jigsaw = any(isinstance(c, Regions) for c in variant.constraints)
    out: list[Violation] = []
    for index, unit in enumerate(grid.shape.units):
        if jigsaw and index >= 2 * n:
            break
        seen: dict[int, list[int]] = {}
        for cell in unit:
            if grid.cells[cell]:
                seen.setdefault(grid.cells[cell], []).append(cell)
        for digit, cells in seen.items():
            if len(cells) > 1:
                places = [divmod(cell, n) for cell in cells]
                names = " and ".join(cell_text(place) for place in places)
                out.append(Violation(f"{names} both hold {digit} in "
                                     f"{grid.shape.unit_name(index)}", tuple(places)))
    for constraint in variant.constraints:
        out += constraint.violations(board)
    if grid.variant is not None:
        out += _dead_cells(grid)
    return out


def _dead_cells(grid: Grid) -> list[Violation]:
    """Empty cells left without a candidate (by the rules, or by the marks where marked)."""
    from grille.sudoku.candidates import candidate_masks

    fresh = candidate_masks(grid)
    marks = grid.marks or fresh
    n = grid.size
    return [
        Violation(f"{cell_text(divmod(i, n))} has no candidate left", (divmod(i, n),))
        for i, (mark, rule) in enumerate(zip(marks, fresh, strict=True))
        if grid.cells[i] == 0 and ((mark or rule) & rule) == 0
    ]


def status(grid: Grid) -> Status:
    """Invalid when a rule is broken, else solved when full, else incomplete."""
    if violations(grid):
        return Status.INVALID
    return Status.SOLVED if grid.empty_count == 0 else Status.INCOMPLETE


def is_solution(grid: Grid) -> bool:
    """Whether ``grid`` is full and breaks no rule."""
    return grid.empty_count == 0 and not violations(grid)
