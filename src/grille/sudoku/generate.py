"""Generating Sudoku puzzles with one solution, at a chosen level and symmetry.

A random full grid comes first: independent boxes on the diagonal get random digits, the
solver completes the grid, and random relabelling of digits and shuffles of rows within
bands, bands, columns within stacks and stacks make it uniform-looking. Clues are then
removed one symmetry orbit at a time, in random order, keeping a removal only while the
solution stays unique and the logical solver still finishes without a step harder than the
target level allows. A puzzle that ends below its target level is rejected and another grid
is tried, so the level is exact.

The same seed and options give the same puzzles within a release of grille (the search
order depends on the solver and the techniques, which a release may improve).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from grille.errors import GrilleError
from grille.sudoku.geometry import Shape, default_shape
from grille.sudoku.grid import Grid

__all__ = [
    "SYMMETRIES",
    "GenerateParams",
    "GenerationError",
    "generate",
    "generate_many",
    "orbits",
    "random_solution",
    "solves_within",
]

SYMMETRIES = ("none", "rot180", "rot90", "mirror", "diagonal", "full")
"""Clue symmetries: none, 180° rotation, 90° rotation, left-right mirror, main diagonal,
and all eight symmetries of the square at once."""

MAX_ATTEMPTS = 200
"""Full grids tried before giving up on the requested level."""


class GenerationError(GrilleError):
    """No puzzle with the requested properties was found within the attempt budget."""


@dataclass(frozen=True, slots=True)
class GenerateParams:
    """What to generate: grid size, level (``any`` skips rating), symmetry, minimality."""

    size: int = 9
    level: str = "any"
    symmetry: str = "rot180"
    minimal: bool = False
    attempts: int = MAX_ATTEMPTS

    def __post_init__(self) -> None:
        from grille.sudoku.logic.rating import LEVELS

        try:
            default_shape(self.size)
        except ValueError as error:
            raise GrilleError(str(error)) from None
        levels = ("any", *(name for name, _ in LEVELS))
        if self.level not in levels:
            raise GrilleError(f"unknown level {self.level!r}; levels: {', '.join(levels)}")
        if self.symmetry not in SYMMETRIES:
            raise GrilleError(
                f"unknown symmetry {self.symmetry!r}; symmetries: {', '.join(SYMMETRIES)}"
            )


# -- symmetry ------------------------------------------------------------------------------


def _images(row: int, col: int, n: int, symmetry: str) -> set[tuple[int, int]]:
    last = n - 1
    rotations = [(row, col), (col, last - row), (last - row, last - col), (last - col, row)]
    if symmetry == "none":
        return {(row, col)}
    if symmetry == "rot180":
        return {rotations[0], rotations[2]}
    if symmetry == "rot90":
        return set(rotations)
    if symmetry == "mirror":
        return {(row, col), (row, last - col)}
    if symmetry == "diagonal":
        return {(row, col), (col, row)}
    return set(rotations) | {(c, r) for r, c in rotations}


def orbits(size: int, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """The cells grouped by ``symmetry``: each group is kept or emptied as a whole."""
    seen: set[int] = set()
    groups = []
    for cell in range(size * size):
        if cell in seen:
            continue
        group = tuple(sorted(r * size + c for r, c in _images(*divmod(cell, size), size, symmetry)))
        seen.update(group)
        groups.append(group)
    return tuple(groups)


# -- a random full grid ----------------------------------------------------------------------


def random_solution(shape: Shape, rng: random.Random) -> Grid:
    """A random completely filled grid of ``shape``."""
    from grille.sudoku.solver import solve

    while True:
        filled = solve(_random_diagonal_boxes(shape, rng), limit=1).solution
        if filled is not None:  # small grids' diagonal boxes can clash: draw again
            return Grid(shape, _shuffled(filled.cells, shape, rng))


def _random_diagonal_boxes(shape: Shape, rng: random.Random) -> Grid:
    """An empty grid whose boxes on the diagonal (no two in a row or column) hold random
    digits."""
    n = shape.size
    cells = [0] * (n * n)
    bands, stacks = n // shape.box_rows, n // shape.box_cols
    for box in range(min(bands, stacks)):
        digits = rng.sample(range(1, n + 1), n)
        for index, digit in enumerate(digits):
            row = box * shape.box_rows + index // shape.box_cols
            col = box * shape.box_cols + index % shape.box_cols
            cells[row * n + col] = digit
    return Grid(shape, tuple(cells))


def _shuffled(cells: Sequence[int], shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """``cells`` with digits relabelled and rows/columns permuted within bands/stacks."""
    n = shape.size
    relabel = [0, *rng.sample(range(1, n + 1), n)]
    rows = _line_order(n, shape.box_rows, rng)
    cols = _line_order(n, shape.box_cols, rng)
    return tuple(relabel[cells[rows[r] * n + cols[c]]] for r in range(n) for c in range(n))


def _line_order(n: int, group: int, rng: random.Random) -> list[int]:
    """A permutation of ``n`` lines that keeps groups of ``group`` lines together."""
    blocks = rng.sample(range(n // group), n // group)
    return [
        block * group + offset for block in blocks for offset in rng.sample(range(group), group)
    ]


# -- carving clues ---------------------------------------------------------------------------


def _is_unique(cells: Sequence[int], shape: Shape) -> bool:
    from grille.sudoku.solver import solve

    return solve(Grid(shape, tuple(cells)), limit=2).unique


def _carve(
    solution: Grid,
    groups: Sequence[tuple[int, ...]],
    rng: random.Random,
    acceptable: Callable[[list[int]], bool],
) -> list[int]:
    """Empty each group in random order while ``acceptable`` holds for the result."""
    cells = list(solution.cells)
    for group in rng.sample(list(groups), len(groups)):
        kept = [cells[cell] for cell in group]
        for cell in group:
            cells[cell] = 0
        if not acceptable(cells):
            for cell, digit in zip(group, kept, strict=True):
                cells[cell] = digit
    return cells


def _is_minimal(cells: Sequence[int], shape: Shape) -> bool:
    """Whether removing any one clue would lose uniqueness."""
    trial = list(cells)
    for cell, digit in enumerate(cells):
        if not digit:
            continue
        trial[cell] = 0
        if _is_unique(trial, shape):
            return False
        trial[cell] = digit
    return True


def solves_within(puzzle: Grid, ceiling: float) -> bool:
    """Whether the rating ladder finishes ``puzzle`` (known unique) with no step above
    ``ceiling``; it stops at the first harder step, so easy targets stay cheap."""
    from grille.sudoku.logic.board import Board
    from grille.sudoku.logic.explain import ladder
    from grille.sudoku.logic.walk import walk

    board = Board.from_grid(puzzle)
    for step, after in walk(board, ladder(unique=True, rating=True)):
        if step.difficulty > ceiling + 1e-9:
            return False
        board = after
    return board.solved


def generate(params: GenerateParams, seed: int | str) -> Grid:
    """One puzzle for ``params``; the same ``seed`` gives the same puzzle."""
    from grille.sudoku.logic.explain import rate
    from grille.sudoku.logic.rating import LEVELS

    rng = random.Random(f"grille-sudoku:{seed}")
    shape = default_shape(params.size)
    groups = orbits(params.size, params.symmetry)
    ceilings = dict(LEVELS)
    ceiling = ceilings.get(params.level)

    def acceptable(cells: list[int]) -> bool:
        if not _is_unique(cells, shape):
            return False
        return ceiling is None or solves_within(Grid(shape, tuple(cells)), ceiling)

    for _ in range(params.attempts):
        solution = random_solution(shape, rng)
        cells = _carve(solution, groups, rng, acceptable)
        if params.minimal and not _is_minimal(cells, shape):
            continue
        puzzle = Grid(shape, tuple(cells))
        if params.level == "any" or rate(puzzle).level == params.level:
            return puzzle
    raise GenerationError(
        f"no {params.level} {params.size}x{params.size} puzzle with {params.symmetry} symmetry "
        f"found in {params.attempts} attempts"
    )


def generate_many(params: GenerateParams, count: int, seed: int | str) -> Iterator[Grid]:
    """``count`` puzzles, the i-th from seed ``f"{seed}/{i}"`` (so each is reproducible)."""
    for index in range(count):
        yield generate(params, f"{seed}/{index}")
