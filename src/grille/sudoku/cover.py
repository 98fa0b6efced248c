"""Sudoku as exact cover: the reference solver, on :mod:`grille.engine.xcc`.

Every item is primary: each cell is filled (``r1c1``), and each row, column and box has
each digit (``r1#5``, ``c1#5``, ``b1#5``). Option ``(cell, digit)`` covers four of them. A
filled cell keeps only its own digit's option; an empty cell loses the digits its filled
peers use. Clues that clash therefore leave no solution rather than raising.

It is plain and slow next to :mod:`grille.sudoku.solver`, which it serves to check.
"""

from __future__ import annotations

import functools

from grille.engine.xcc import XCCProblem, count
from grille.kind import Solutions
from grille.sudoku.geometry import Shape
from grille.sudoku.grid import Grid

__all__ = ["Placement", "encode", "solve"]

Placement = tuple[int, int]
"""A digit in a cell: ``(cell, digit)``."""


def encode(grid: Grid) -> tuple[XCCProblem, tuple[Placement, ...]]:
    """``grid`` as an exact cover problem, and the placement each option stands for.

    Every filled cell counts, clue or not; pencil marks are ignored.
    """
    shape = grid.shape
    n = shape.size
    used = _used_digits(grid)
    options: list[tuple[int, int, int, int]] = []
    placements: list[Placement] = []
    for cell, filled in enumerate(grid.cells):
        row, col = divmod(cell, n)
        box = shape.box_of(cell)
        taken = used[row] | used[n + col] | used[2 * n + box]
        digits = (filled,) if filled else [d for d in range(1, n + 1) if not taken >> d & 1]
        for digit in digits:
            options.append(_items(n, cell, row, col, box, digit))
            placements.append((cell, digit))
    problem = XCCProblem.from_indices(4 * n * n, 0, options, names=_item_names(shape))
    return problem, tuple(placements)


def _used_digits(grid: Grid) -> list[int]:
    """A bitmask (bit ``d``) of the digits filled in each row, then column, then box."""
    n = grid.size
    used = [0] * (3 * n)
    for cell, digit in enumerate(grid.cells):
        if digit:
            row, col = divmod(cell, n)
            for unit in (row, n + col, 2 * n + grid.shape.box_of(cell)):
                used[unit] |= 1 << digit
    return used


def _items(
    n: int, cell: int, row: int, col: int, box: int, digit: int
) -> tuple[int, int, int, int]:
    """The four items covered by ``digit`` in ``cell``."""
    square = n * n
    d = digit - 1
    return (cell, square + row * n + d, 2 * square + col * n + d, 3 * square + box * n + d)


@functools.cache
def _item_names(shape: Shape) -> tuple[str, ...]:
    n = shape.size
    cells = [f"r{r + 1}c{c + 1}" for r in range(n) for c in range(n)]
    units = [f"{kind}{u + 1}#{d + 1}" for kind in "rcb" for u in range(n) for d in range(n)]
    return (*cells, *units)


def solve(
    grid: Grid, *, limit: int = 2, budget: int | None = None, backend: str = "auto"
) -> Solutions[Grid]:
    """Up to ``limit`` solutions (0: all, keeping the first few) of ``grid``, by exact cover."""
    problem, placements = encode(grid)
    result = count(problem, limit=limit, budget=budget, backend=backend)
    return Solutions(
        count=result.count,
        found=tuple(_filled(grid, placements, chosen) for chosen in result.found),
        exhausted=result.exhausted,
        nodes=result.nodes,
        budget_reached=result.budget_reached,
    )


def _filled(grid: Grid, placements: tuple[Placement, ...], chosen: tuple[int, ...]) -> Grid:
    """``grid`` with the placements of the ``chosen`` options made (and no pencil marks)."""
    cells = list(grid.cells)
    for option in chosen:
        cell, digit = placements[option]
        cells[cell] = digit
    solved = grid.with_cells(cells)
    return solved if solved.marks is None else solved.with_marks(None)
