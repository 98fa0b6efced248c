"""Sudoku as a :class:`grille.kind.Kind`: the surface the front ends use."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from grille.errors import GrilleError
from grille.gridkind import GridKind
from grille.hints import Hint
from grille.info import KindInfo
from grille.kind import (
    GenerateChoices,
    GenerateOptions,
    Solutions,
    Status,
    Violation,
    kind_options,
    unknown_rules,
)
from grille.logic import Explanation, Step, replay
from grille.sudoku import candidates, formats, rules
from grille.sudoku.formats.sniffing import declared_kind
from grille.sudoku.grid import Grid
from grille.sudoku.info import INFO
from grille.sudoku.logic.hodoku.scale import HodokuRating
from grille.sudoku.logic.rating import Rating

if TYPE_CHECKING:
    from grille.kind import KernelGroup
    from grille.view import BoardView

__all__ = ["SudokuKind"]

DEFAULT_SYMMETRY = "rot180"
"""The clue symmetry of generated puzzles unless another is asked for."""


class SudokuKind(GridKind[Grid]):
    """Sudoku of every supported size (4x4 to 25x25, square and rectangular boxes)."""

    info: KindInfo = INFO
    registry = formats.REGISTRY
    rating_columns: tuple[str, ...] = ("level", "ER", "EP", "ED")
    zero_clears = True

    def width(self, grid: Grid) -> int:
        """The grid's side."""
        return grid.size

    def candidate_masks(self, grid: Grid) -> Sequence[int]:
        """The digits absent from each empty cell's row, column and box."""
        return candidates.candidate_masks(grid)

    def with_values(self, grid: Grid, values: Sequence[int]) -> Grid:
        """``grid`` with ``values`` as its digits, its clues kept."""
        return grid.with_cells(values)

    def value_error(self, grid: Grid, value: int) -> str | None:
        """Digits are 1 to the grid's side."""
        n = grid.size
        return None if 1 <= value <= n else f"digits of a {n}x{n} grid are 1..{n}"

    def fixed(self, grid: Grid, cell: int) -> str | None:
        """Clues cannot be changed."""
        return "holds a clue" if grid.is_given(cell) else None

    def peers(self, grid: Grid, cell: int) -> Iterable[int]:
        """The cells of its row, column and box; of a variant, every cell that must differ
        from it (jigsaw region, diagonals, cages ...)."""
        if grid.variant is not None:
            from grille.sudoku.variants.candidates import peers

            return peers(grid.variant, grid.shape)[cell]
        return grid.shape.peers[cell]

    def grid_text(self, rows: int, cols: int) -> str:
        """``"9 rows and columns"``."""
        return f"{rows} rows and columns"

    def with_candidates(self, puzzle: Grid) -> Grid:
        """``puzzle`` with pencil marks: the digits absent from each empty cell's peers, kept
        narrower where the cell was marked already."""
        return candidates.with_candidates(puzzle)

    def sniff(self, text: str) -> bool:
        """Whether ``text`` looks like Sudoku in a known format (JSON naming no other kind)."""
        fmt = formats.sniff(text)
        if fmt == "json":
            return declared_kind(text) in (None, self.name)
        return fmt is not None

    def solve(self, puzzle: Grid, *, limit: int = 2, budget: int | None = None) -> Solutions[Grid]:
        """Up to ``limit`` solutions (0 = all), by the fast specialised solver (a variant by
        :mod:`grille.sudoku.variants.solve`)."""
        from grille.sudoku import solver

        if puzzle.variant is not None:
            from grille.sudoku.variants import solve

            return solve.solve(puzzle, limit=limit, budget=budget)
        return solver.solve(puzzle, limit=limit, budget=budget)

    def solve_many(
        self, puzzles: Sequence[Grid], *, limit: int = 2, budget: int | None = None
    ) -> list[Solutions[Grid]]:
        """:meth:`solve` for many puzzles in one compiled call."""
        from grille.sudoku import solver

        if any(puzzle.variant is not None for puzzle in puzzles):
            return [self.solve(puzzle, limit=limit, budget=budget) for puzzle in puzzles]
        return solver.solve_many(puzzles, limit=limit, budget=budget)

    def clues_of(self, state: Grid) -> Grid:
        """The givens alone."""
        return state.clues_only()

    def check(self, puzzle: Grid) -> list[Violation]:
        """Repeated digits in a unit, and empty cells with no candidate left; of a variant,
        repeats in its rows, columns and boxes or regions, then each constraint broken."""
        if puzzle.variant is not None:
            from grille.sudoku.variants import check

            return check.violations(puzzle)
        return rules.violations(puzzle)

    def status(self, puzzle: Grid) -> Status:
        """Solved, incomplete or invalid."""
        if puzzle.variant is not None:
            from grille.sudoku.variants import check

            return check.status(puzzle)
        return rules.status(puzzle)

    def view(self, puzzle: Grid, state: Grid) -> BoardView:
        """The board of ``state`` (a player's grid of the game of ``puzzle``) as front ends
        draw it."""
        from grille.sudoku.view import board_view

        return board_view(puzzle, state)

    def size_of(self, puzzle: Grid) -> str:
        """"9x9", "16x16" ...: rows by columns."""
        return f"{puzzle.size}x{puzzle.size}"

    def kernel_groups(self, uses: Collection[str]) -> tuple[KernelGroup, ...]:
        """The compiled kernels ``uses`` runs, in groups (see :mod:`grille.sudoku.warm`)."""
        from grille.sudoku import warm

        return warm.kernel_groups(uses)

    def explain(self, puzzle: Grid, **options: Any) -> Explanation[Grid]:
        """The step-by-step solve, easiest technique first: grille's full ladder, or with
        ``scale`` exactly the path that scale rates (carrying its rating)."""
        from grille.sudoku.logic.explain import explain

        _plain_only(puzzle, "explaining")

        return explain(puzzle, **kind_options(self.info, "explain", options))

    def rate(self, puzzle: Grid, **options: Any) -> Rating | HodokuRating:
        """Level and ER/EP/ED on ``scale`` (default SE's; on ``scale="hodoku"``: HoDoKu's
        level and score)."""
        from grille.sudoku.logic.explain import rate

        _plain_only(puzzle, "rating")

        rated: Rating | HodokuRating = rate(puzzle, **kind_options(self.info, "rate", options))
        return rated

    def hint(self, state: Grid, *, depth: int = 1, **options: Any) -> Hint[Grid]:
        """The next hint for a player at ``state``: the next step of grille's full ladder,
        or with ``scale`` of that scale's ladder."""
        from grille.sudoku.logic.explain import hint

        _plain_only(state, "giving hints on")

        return hint(state, depth=depth, **kind_options(self.info, "hint", options))

    def with_rules(self, puzzle: Grid, rules: frozenset[str]) -> Grid:
        """Sudoku has no rule variants: ``puzzle`` itself, or an error for any rule."""
        if rules:
            raise unknown_rules(self.name, rules, ())
        return puzzle

    def generate(self, options: GenerateOptions, seed: int | str) -> Grid:
        """A unique puzzle of the asked size, level and symmetry (default 9x9, rot180), or
        one whose explained path needs the ``technique`` option and nothing harder (it
        carries the technique's name as ``technique`` metadata)."""
        from grille.sudoku.generate import GenerateParams, generate

        if options.rules:
            raise unknown_rules(self.name, options.rules, ())
        own = kind_options(self.info, "generate", dict(options.options))
        params = GenerateParams(
            size=_size_of(options.size),
            level=options.level,
            symmetry=options.symmetry or DEFAULT_SYMMETRY,
            minimal=options.minimal,
            technique=own["technique"],
        )
        puzzle = generate(params, seed)
        practised = (("technique", own["technique"]),) if own["technique"] else ()
        return dataclasses.replace(
            puzzle, metadata=(*puzzle.metadata, *options.metadata, *practised))

    def levels_for(self, size: str | None) -> tuple[str, ...]:
        """Every level from 8x8 up; 4x4 is easy only, 6x6 easy to diabolical."""
        from grille.sudoku.generate import levels_for

        return levels_for(_size_of(size))

    def step_states(self, puzzle: Grid, steps: Sequence[Step]) -> list[Grid]:
        """The grids of the explained solve, candidates as marks (the logic board's replay)."""
        from grille.sudoku.logic.board import Board

        return replay(Board.from_grid(puzzle), puzzle, steps)

    def generate_choices(self) -> GenerateChoices:
        """Sizes 4 to 25 that have boxes, every level (fewer at 4x4 and 6x6), six symmetries."""
        from grille.sudoku.generate import SYMMETRIES, levels_for
        from grille.sudoku.geometry import supported_sizes

        sizes = supported_sizes()
        return GenerateChoices(
            sizes=f"N for NxN, N one of {', '.join(map(str, sizes))} (default 9)",
            levels=self.levels,
            level_limits=tuple(
                (f"{n}x{n}", levels_for(n)[-1]) for n in sizes if levels_for(n) != self.levels
            ),
            symmetries=(DEFAULT_SYMMETRY, *(s for s in SYMMETRIES if s != DEFAULT_SYMMETRY)),
            minimal=True,
        )


def _plain_only(puzzle: Grid, what: str) -> None:
    """Refuse a variant: its logic and rating come in the next step of issue #19. The
    message suits a player in a game as well as the command line (a hint's refusal is
    shown on the page and in the terminal game)."""
    if puzzle.variant is not None:
        from grille.sudoku.variants.draw import variant_title

        raise GrilleError(f"{what} a variant Sudoku ({variant_title(puzzle.variant)}) is not "
                          "supported yet; its rules are checked (grille check, or checking "
                          "while playing) and its solution is known")


def _size_of(text: str | None) -> int:
    """9 from ``None``, ``"9"`` or ``"9x9"``."""
    if text is None:
        return 9
    rows, _, cols = text.lower().partition("x")
    if not rows.isdigit() or (cols and cols != rows):
        raise GrilleError(f"a Sudoku size is one number, like 9 or 16 (or 9x9): {text!r}")
    return int(rows)
