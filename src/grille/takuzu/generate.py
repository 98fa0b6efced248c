"""Generating Takuzu puzzles with one solution, at a chosen level.

A random valid solution comes first (the exact solver with a random branching order and
random first values). Cells are then cleared one at a time in random order, keeping a
clearing only while the solution stays unique (the grid with the cleared cell set to the
other digit must have no solution within :data:`CHECK_BUDGET` nodes) and, for a level,
while the logical solver limited to that level's techniques still finishes. On big sparse
grids the exact solver can need millions of nodes on such a puzzle, so clues are then put
back (about 2% of the empty cells at a time) until it needs fewer than
:data:`SOLVE_BUDGET`; the puzzle may then not be minimal (``minimal=True`` checks without
budgets and puts nothing back). A puzzle that ends easier than its target level is
rejected and another solution tried, so the level is exact. Symmetry is not supported.

The same seed and options give the same puzzle within a release of grille.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from grille.errors import BudgetExceededError, GrilleError
from grille.takuzu._kernel import STOP_BUDGET, STOP_DONE
from grille.takuzu.grid import EMPTY, TakuzuGrid

__all__ = ["GenerateParams", "GenerationError", "generate", "random_solution", "size_of"]

MAX_ATTEMPTS = 50
"""Solutions tried before giving up on the requested level."""

DEFAULT_SIZE = (8, 8)

CHECK_BUDGET = 100
"""Search nodes a uniqueness check may use; a check that runs out keeps the clue."""

SOLVE_BUDGET = 2000
"""Search nodes the exact solver may need on a finished puzzle; clues are put back until
it needs fewer (sparse big grids can otherwise take the search millions of nodes)."""


class GenerationError(BudgetExceededError):
    """No puzzle with the requested properties was found within the attempt budget."""


@dataclass(frozen=True, slots=True)
class GenerateParams:
    """What to generate: rows, columns, level (``any`` skips rating), minimality, rules."""

    height: int = 8
    width: int = 8
    level: str = "any"
    minimal: bool = False
    unique_lines: bool = True
    attempts: int = MAX_ATTEMPTS

    def __post_init__(self) -> None:
        from grille.takuzu.logic.rating import LEVEL_NAMES

        if self.height < 2 or self.width < 2 or self.height % 2 or self.width % 2:
            raise GrilleError(f"Takuzu sides are even numbers, got {self.height}x{self.width}")
        if self.level != "any" and self.level.replace("-", " ") not in LEVEL_NAMES:
            raise GrilleError(
                f"unknown Takuzu level {self.level!r}; known: {', '.join(LEVEL_NAMES)}, any"
            )


def size_of(text: str | None) -> tuple[int, int]:
    """(rows, columns) from ``None`` (8x8), ``"10"`` or ``"10x6"``."""
    if text is None:
        return DEFAULT_SIZE
    rows, _, cols = text.lower().partition("x")
    if not rows.isdigit() or (cols and not cols.isdigit()):
        raise GrilleError(f"a Takuzu size is like 8, 8x8 or 10x6 (rows x columns): {text!r}")
    height, width = int(rows), int(cols or rows)
    if height < 2 or width < 2 or height % 2 or width % 2:
        raise GrilleError(f"Takuzu sides are even numbers, got {text!r}")
    return height, width


def _fast(cells: int) -> bool:
    from grille.engine._jit import jit_enabled

    return jit_enabled() and cells > 36


def random_solution(
    height: int, width: int, rng: random.Random, *, unique_lines: bool = True
) -> TakuzuGrid:
    """A random solved grid."""
    from grille.takuzu.solver import search_cells

    empty = (EMPTY,) * (height * width)
    found, _, _, _ = search_cells(height, width, unique_lines, empty, limit=1, keep=1,
                                  fast=_fast(height * width), rng=rng)
    if not found:
        raise GrilleError(f"no {height}x{width} grid obeys the rules")
    return TakuzuGrid(height, width, found[0], unique_lines=unique_lines)


def _unique_without(
    grid: TakuzuGrid, cells: list[int], cell: int, *, fast: bool, exact: bool = False
) -> bool:
    """Whether clearing ``cell`` keeps the solution unique (its other digit has no solution);
    ``exact``: without a node budget."""
    from grille.takuzu.solver import search_cells

    trial = list(cells)
    trial[cell] = 1 - trial[cell]
    _, count, _, stop = search_cells(grid.height, grid.width, grid.unique_lines, trial,
                                     limit=1, keep=1, fast=fast,
                                     budget=None if exact else CHECK_BUDGET)
    return count == 0 and stop == STOP_DONE


def _level(params: GenerateParams) -> str:
    return params.level.replace("-", " ")


def _reduce(solution: TakuzuGrid, rng: random.Random, params: GenerateParams) -> TakuzuGrid:
    from grille.takuzu.logic.explain import explain, ladder_for, trial_and_error

    fast = _fast(len(solution.cells))
    level = _level(params)
    ladder = () if level == "any" else tuple(
        t for t in ladder_for(level) if t.find is not trial_and_error
    )
    clues = list(solution.cells)
    order = list(range(len(clues)))
    rng.shuffle(order)
    for cell in order:
        if not _unique_without(solution, clues, cell, fast=fast, exact=params.minimal):
            continue
        value = clues[cell]
        clues[cell] = EMPTY
        if ladder and not explain(solution.with_cells(clues).clues_only(), ladder).solved:
            clues[cell] = value
    if params.minimal and ladder:
        for cell in order:
            if clues[cell] != EMPTY:
                value = clues[cell]
                if _unique_without(solution, clues, cell, fast=fast, exact=True):
                    clues[cell] = EMPTY
    return TakuzuGrid(solution.height, solution.width, tuple(clues),
                      unique_lines=solution.unique_lines)


def _tractable(puzzle: TakuzuGrid, solution: TakuzuGrid, rng: random.Random) -> TakuzuGrid:
    """``puzzle`` with clues of ``solution`` put back until the exact solver needs fewer than
    :data:`SOLVE_BUDGET` nodes to solve it and prove it unique."""
    from grille.takuzu.solver import search_cells

    fast = _fast(len(puzzle.cells))
    cells = list(puzzle.cells)
    empty = [cell for cell, value in enumerate(cells) if value == EMPTY]
    rng.shuffle(empty)
    while empty:
        _, _, _, stop = search_cells(puzzle.height, puzzle.width, puzzle.unique_lines, cells,
                                     limit=2, keep=1, budget=SOLVE_BUDGET, fast=fast)
        if stop != STOP_BUDGET:
            break
        for cell in empty[-max(1, len(empty) // 50):]:
            cells[cell] = solution.cells[cell]
        del empty[-max(1, len(empty) // 50):]
    return TakuzuGrid(puzzle.height, puzzle.width, tuple(cells),
                      unique_lines=puzzle.unique_lines)


def generate(params: GenerateParams, seed: int | str) -> TakuzuGrid:
    """A puzzle with one solution as ``params`` ask; the same seed gives the same puzzle."""
    from grille.takuzu.logic.explain import rate

    rng = random.Random(f"takuzu/{seed}")
    level = _level(params)
    for _ in range(params.attempts):
        solution = random_solution(params.height, params.width, rng,
                                   unique_lines=params.unique_lines)
        puzzle = _reduce(solution, rng, params)
        if not params.minimal:
            puzzle = _tractable(puzzle, solution, rng)
        if level == "any" or rate(puzzle).level == level:
            return puzzle
    raise GenerationError(
        f"no {level} {params.height}x{params.width} Takuzu found in {params.attempts} attempts"
    )
