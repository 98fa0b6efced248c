"""Generating Sudoku puzzles with one solution, at a chosen level and symmetry.

A random full grid comes first: independent boxes on the diagonal get random digits, the
solver completes the grid, and random relabelling of digits and shuffles of rows within
bands, bands, columns within stacks and stacks make it uniform-looking. Then
:class:`~grille.sudoku.search.Search` carves it: clues go one symmetry orbit at a time, in
random order, while the solution stays unique; a puzzle above the target level retreats
along its carving to the last puzzle at or below the level's ceiling and carves on under it
(the level-aware carving); one just below the level climbs by local moves. Candidates are
judged by the rating walk itself, stopped as soon as the answer is known
(:mod:`grille.sudoku.grading`), and the puzzle returned is rated by the full rater, so the
level is exact. Grids are tried until one gives a puzzle, up to ``attempts``.

``minimal``: no clue can be removed without losing uniqueness. With a symmetry the clues go
in orbits (both cells of a 180° pair, the four of a 90° turn ...), and minimal means that no
orbit can go: removing a single clue would break the symmetry. Puzzles minimal clue by clue
come from ``symmetry="none"``.

Levels per size (:func:`levels_for`; asking for another one fails at once):

=======  ======================================================================================
size     levels
=======  ======================================================================================
4x4      easy only: all 565,820 puzzles with one solution on the twelve 4x4 grids whose first
         row is 1234 (every grid up to relabelling) rate 1.2 at most (hidden singles).
6x6      easy to diabolical. No extreme: none of 10,000 generated 6x6 puzzles needed a forcing
         chain (the hardest rated 7.2). Medium is rare at this size (1 carving in 2,000) and
         takes seconds. With rot90, mirror or full symmetry a 6x6 grid has few orbits, and
         medium, hard or expert may not be found within the attempts (GenerationError).
8x8 ...  every level. Rating costs grow with the grid: 12x12 rates in about 0.1-0.4 s, 16x16
25x25    puzzles carve to extreme almost always and a full rating of one takes 10-20 s
         (forcing chains), so on 16x16 ``any``, easy, medium and hard take under a second,
         diabolical a few seconds, expert several (its band is narrow), and extreme is
         dominated by the final rating. On 25x25 ``any`` takes about 6 s and easy about 9 s
         (uniqueness checks near the end of the carving are long: from 16x16 up a check
         gives up after :data:`~grille.sudoku.search.CHECK_BUDGET` nodes and the clue
         stays, except for minimal puzzles, which can take minutes at 25x25).
=======  ======================================================================================

``technique``: instead of a level, a technique of grille's full ladder (any case), and the
puzzle's explained path (:func:`~grille.sudoku.logic.explain.explain`) uses it at least once
and nothing that comes after it in the ladder, for practising it (the search and what
"needs" means: :mod:`grille.sudoku.practice`). 4x4 puzzles need hidden singles at most, so
only Full House and Hidden Single are generated at that size; at other sizes a technique
puzzles of that size seldom need ends in :class:`GenerationError` (or the caller's time
limit).

The same seed and options give the same puzzles within a release of grille: every choice
comes from the seeded random generator and the puzzles, never from time. The search order
depends on the solver and the techniques, which a release may improve.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from grille.errors import BudgetExceededError, GrilleError
from grille.sudoku.geometry import Shape, default_shape
from grille.sudoku.grading import Band
from grille.sudoku.grid import Grid
from grille.sudoku.oracle import Oracle, oracle_for
from grille.sudoku.search import Search

__all__ = [
    "ALL_LEVELS",
    "PRACTICE_ATTEMPTS",
    "SYMMETRIES",
    "GenerateParams",
    "GenerationError",
    "generate",
    "generate_many",
    "levels_for",
    "orbits",
    "random_solution",
]

SYMMETRIES = ("none", "rot180", "rot90", "mirror", "diagonal", "full")
"""Clue symmetries: none, 180° rotation, 90° rotation, left-right mirror, main diagonal,
and all eight symmetries of the square at once."""

MAX_ATTEMPTS = 1000
"""Full grids tried before giving up on the requested level."""

PRACTICE_ATTEMPTS = 50_000
"""Full grids tried before giving up on a technique. A grid costs tens of milliseconds of
CPU (its carving, judging and climb of 30 moves: 30-45 ms for the subsets and fish, about
0.25 s for Nishio Forcing Chain's longer ladder), and the rarest techniques asked for take
hundreds of grids, not thousands (measured over 30-40 CPU s: Hidden Triple and Swordfish
one in 80-100; Nishio Forcing Chain, from the level search's extreme puzzles at about 13 ms a
grid, 8 in 4,605); so the caller's time limit, not this cap, usually ends a search that
fails."""

ALL_LEVELS = ("easy", "medium", "hard", "expert", "diabolical", "extreme")
"""The rater's levels, easiest first (:data:`grille.sudoku.logic.rating.LEVELS`)."""

_HIGHEST_LEVEL = {4: "easy", 6: "diabolical"}
"""Sizes whose puzzles do not reach every level: the highest level they reach."""


_HIGHEST_TECHNIQUE = {4: "Hidden Single"}
"""Sizes whose puzzles need only the first techniques of the ladder: the last they need."""


def levels_for(size: int) -> tuple[str, ...]:
    """The levels a ``size`` x ``size`` puzzle can be generated at (``any`` aside)."""
    highest = _HIGHEST_LEVEL.get(size, ALL_LEVELS[-1])
    return ALL_LEVELS[: ALL_LEVELS.index(highest) + 1]


class GenerationError(BudgetExceededError):
    """No puzzle with the requested properties was found within the attempt budget."""


@dataclass(frozen=True, slots=True)
class GenerateParams:
    """What to generate: grid size, level (``any`` skips rating), symmetry, minimality, or
    a technique to practise instead of a level (its name in any case)."""

    size: int = 9
    level: str = "any"
    symmetry: str = "rot180"
    minimal: bool = False
    attempts: int | None = None
    """Full grids tried before giving up (``None``: :data:`MAX_ATTEMPTS` for a level,
    :data:`PRACTICE_ATTEMPTS` for a technique)."""
    technique: str | None = None

    def __post_init__(self) -> None:
        from grille.sudoku.logic.rating import LEVELS

        if self.attempts is not None and self.attempts < 1:
            raise GrilleError(f"attempts must be at least 1, got {self.attempts}")
        try:
            default_shape(self.size)
        except ValueError as error:
            raise GrilleError(str(error)) from None
        levels = ("any", *(name for name, _ in LEVELS))
        if self.level not in levels:
            raise GrilleError(f"unknown level {self.level!r}; levels: {', '.join(levels)}")
        possible = levels_for(self.size)
        if self.level != "any" and self.level not in possible:
            raise GrilleError(
                f"level {self.level!r} is out of reach at {self.size}x{self.size}: puzzles of "
                f"this size are {' to '.join(dict.fromkeys((possible[0], possible[-1])))}"
            )
        if self.symmetry not in SYMMETRIES:
            raise GrilleError(
                f"unknown symmetry {self.symmetry!r}; symmetries: {', '.join(SYMMETRIES)}"
            )
        if self.technique is not None:
            self._check_technique(self.technique)

    def _check_technique(self, name: str) -> None:
        from grille.sudoku.practice import find_technique, practice_ladder

        technique = find_technique(name)
        if self.level != "any":
            raise GrilleError(
                f"a level ({self.level!r}) and a technique ({technique.name!r}) together: "
                "ask for one of them"
            )
        if self.size in _HIGHEST_TECHNIQUE:
            techniques = practice_ladder()
            highest = find_technique(_HIGHEST_TECHNIQUE[self.size])
            if techniques.index(technique) > techniques.index(highest):
                reached = techniques[: techniques.index(highest) + 1]
                raise GrilleError(
                    f"technique {technique.name!r} is out of reach at {self.size}x{self.size}: "
                    f"puzzles of this size need {', '.join(t.name for t in reached)} at most"
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


def random_solution(shape: Shape, rng: random.Random, oracle: Oracle | None = None) -> Grid:
    """A random completely filled grid of ``shape`` (``oracle``: the solver to use)."""
    oracle = oracle or oracle_for(shape)
    while True:
        filled = oracle.solution(_random_diagonal_boxes(shape, rng).cells)
        if filled is not None:  # small grids' diagonal boxes can clash: draw again
            return Grid(shape, _shuffled(filled, shape, rng))


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


# -- searching ------------------------------------------------------------------------------


def generate(params: GenerateParams, seed: int | str) -> Grid:
    """One puzzle for ``params``; the same ``seed`` gives the same puzzle."""
    from grille.sudoku.logic.explain import rate

    rng = random.Random(f"grille-sudoku:{seed}")
    shape = default_shape(params.size)
    oracle = oracle_for(shape)
    if params.technique is not None:
        return _practice(params, params.technique, rng, oracle)
    band = None if params.level == "any" else Band.of(params.level)
    search = Search(oracle, orbits(params.size, params.symmetry), band,
                    minimal=params.minimal, rng=rng)
    attempts = params.attempts or MAX_ATTEMPTS
    for _ in range(attempts):
        solution = random_solution(shape, rng, oracle)
        found = search.puzzle_in(solution.cells)
        if found is None:
            continue
        puzzle = Grid(shape, found)
        if band is None or rate(puzzle).level == params.level:
            return puzzle
    raise GenerationError(
        f"no {params.level} {params.size}x{params.size} puzzle with {params.symmetry} symmetry "
        f"found in {attempts} attempts"
    )


def _practice(params: GenerateParams, name: str, rng: random.Random, oracle: Oracle) -> Grid:
    """A puzzle whose explained path needs technique ``name`` and nothing harder."""
    from grille.sudoku.practice import TechniqueSearch, find_technique

    technique = find_technique(name)
    search = TechniqueSearch(oracle, orbits(params.size, params.symmetry), technique,
                             minimal=params.minimal, rng=rng)
    attempts = params.attempts or PRACTICE_ATTEMPTS
    for _ in range(attempts):
        found = search.puzzle_in(random_solution(oracle.shape, rng, oracle).cells)
        if found is not None:
            return Grid(oracle.shape, found)
    raise GenerationError(
        f"no {params.size}x{params.size} puzzle needing {technique.name} with "
        f"{params.symmetry} symmetry found in {attempts} attempts"
    )


def generate_many(params: GenerateParams, count: int, seed: int | str) -> Iterator[Grid]:
    """``count`` puzzles, the i-th from seed ``f"{seed}/{i}"`` (so each is reproducible)."""
    for index in range(count):
        yield generate(params, f"{seed}/{index}")
