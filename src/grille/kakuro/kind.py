"""Kakuro as a :class:`grille.kind.Kind`: the surface the front ends use."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from grille.gridkind import GridKind
from grille.hints import Hint
from grille.info import KindInfo
from grille.kakuro import candidates, formats, rules
from grille.kakuro.grid import KakuroGrid
from grille.kakuro.info import INFO
from grille.kakuro.logic.rating import Rating
from grille.kind import (
    GenerateChoices,
    GenerateOptions,
    Solutions,
    Status,
    Violation,
    check_reach,
    kind_options,
    unknown_rules,
)
from grille.logic import Explanation, Step, replay

if TYPE_CHECKING:
    from grille.kind import KernelGroup
    from grille.view import BoardView

__all__ = ["VERY_HARD_CELLS", "KakuroKind"]

VERY_HARD_CELLS = 15
"""The fewest cells inside the clue row and column a very hard puzzle was found with."""


class KakuroKind(GridKind[KakuroGrid]):
    """Kakuro (cross sums), optionally with the distinct-combinations rule."""

    info: KindInfo = INFO
    registry = formats.REGISTRY
    rating_columns: tuple[str, ...] = ("level", "score", "hardest")

    def width(self, grid: KakuroGrid) -> int:
        """The grid's number of columns."""
        return grid.cols

    def candidate_masks(self, grid: KakuroGrid) -> Sequence[int]:
        """The digits the combinations of each empty white cell's runs allow."""
        return candidates.candidate_masks(grid)

    def with_values(self, grid: KakuroGrid, values: Sequence[int]) -> KakuroGrid:
        """``grid`` with ``values`` as its digits."""
        return grid.with_values(values)

    def value_error(self, grid: KakuroGrid, value: int) -> str | None:
        """Digits are 1 to 9."""
        return None if 1 <= value <= 9 else "Kakuro digits are 1..9"

    def fixed(self, grid: KakuroGrid, cell: int) -> str | None:
        """Only white cells take digits."""
        return None if grid.is_white(cell) else "is a block"

    def peers(self, grid: KakuroGrid, cell: int) -> Iterable[int]:
        """The other cells of its across and down runs."""
        topology = grid.topology
        return sorted({
            other
            for run in (topology.across[cell], topology.down[cell])
            if run >= 0
            for other in topology.runs[run].cells
            if other != cell
        })

    def solve(
        self, puzzle: KakuroGrid, *, limit: int = 2, budget: int | None = None
    ) -> Solutions[KakuroGrid]:
        """Up to ``limit`` solutions (0 = all); the digits written in count as given."""
        from grille.kakuro import solver

        return solver.solve(puzzle, limit=limit, budget=budget)

    def solve_many(
        self, puzzles: Sequence[KakuroGrid], *, limit: int = 2, budget: int | None = None
    ) -> list[Solutions[KakuroGrid]]:
        """:meth:`solve` for many puzzles, compiled."""
        from grille.kakuro import solver

        return solver.solve_many(puzzles, limit=limit, budget=budget)

    def clues_of(self, state: KakuroGrid) -> KakuroGrid:
        """The clue cells alone: every white cell empty."""
        return state.puzzle_only()

    def check(self, puzzle: KakuroGrid) -> list[Violation]:
        """Repeated digits, runs over or under their sums, twin runs with one digit set."""
        return rules.violations(puzzle)

    def status(self, puzzle: KakuroGrid) -> Status:
        """Solved, incomplete or invalid."""
        return rules.status(puzzle)

    def view(self, puzzle: KakuroGrid, state: KakuroGrid) -> BoardView:
        """The board of ``state`` (a player's grid of the game of ``puzzle``) as front ends
        draw it."""
        from grille.kakuro.view import board_view

        return board_view(puzzle, state)

    def size_of(self, puzzle: KakuroGrid) -> str:
        """``"12x10"``: columns by rows, as the generator reads it."""
        return f"{puzzle.cols}x{puzzle.rows}"

    def kernel_groups(self, uses: Collection[str]) -> tuple[KernelGroup, ...]:
        """The compiled kernels ``uses`` runs, in groups (see :mod:`grille.kakuro.warm`)."""
        from grille.kakuro import warm

        return warm.kernel_groups(uses)

    def explain(self, puzzle: KakuroGrid, **options: Any) -> Explanation[KakuroGrid]:
        """The step-by-step solve, easiest technique first."""
        from grille.kakuro.logic.explain import explain

        return explain(puzzle, **kind_options(self.info, "explain", options))

    def rate(self, puzzle: KakuroGrid, **options: Any) -> Rating:
        """Level (easy, medium, hard, very hard), score and hardest technique."""
        from grille.kakuro.logic.explain import rate

        return rate(puzzle, **kind_options(self.info, "rate", options))

    def hint(self, state: KakuroGrid, *, depth: int = 1, **options: Any) -> Hint[KakuroGrid]:
        """The next hint for a player at ``state``."""
        from grille.kakuro.logic.explain import hint

        return hint(state, depth=depth, **kind_options(self.info, "hint", options))

    def generate(self, options: GenerateOptions, seed: int | str) -> KakuroGrid:
        """A unique puzzle of the asked size (``WxH``, default 8x8) and level."""
        from grille.kakuro.generate import GenerateParams, generate, parse_size

        if options.rules:
            raise unknown_rules(f"{self.name}'s generator", options.rules, ())
        cols, rows = parse_size(options.size)
        check_reach(self, options)
        params = GenerateParams(rows=rows, cols=cols, level=options.level,
                                symmetry=options.symmetry or "rot180")
        puzzle = generate(params, seed)
        return dataclasses.replace(puzzle, metadata=(*puzzle.metadata, *options.metadata))

    def levels_for(self, size: str | None) -> tuple[str, ...]:
        """Every level, except very hard on grids with fewer than :data:`VERY_HARD_CELLS`
        cells inside the clue row and column (4x4, 4x5, 5x4: the generator found none in
        80 attempts each, while 4x6 and 5x5 have some)."""
        from grille.kakuro.generate import parse_size

        cols, rows = parse_size(size)
        inner = (cols - 1) * (rows - 1)
        return self.levels if inner >= VERY_HARD_CELLS else self.levels[:-1]

    def step_states(self, puzzle: KakuroGrid, steps: Sequence[Step]) -> list[KakuroGrid]:
        """The grids of the explained solve: every digit in each empty cell at first, less
        its runs' placed digits, then each step's eliminations and placements."""
        from grille.kakuro.logic.board import Board

        return replay(Board.from_grid(puzzle), puzzle, steps)

    def generate_choices(self) -> GenerateChoices:
        """Sizes 4 to 40 a side, every level, two layout symmetries, the standard rules only
        (the generator does not make distinct-combinations puzzles)."""
        from grille.kakuro.generate import MAX_SIZE, MIN_SIZE, SYMMETRIES

        return GenerateChoices(
            sizes=f"WxH (columns x rows) or N, {MIN_SIZE} to {MAX_SIZE} a side (default 8x8)",
            levels=self.levels,
            level_limits=tuple(
                (size, self.levels_for(size)[-1])
                for cols in range(MIN_SIZE, MIN_SIZE + VERY_HARD_CELLS)
                for rows in range(MIN_SIZE, MIN_SIZE + VERY_HARD_CELLS)
                if self.levels_for(size := f"{cols}x{rows}") != self.levels
            ),
            symmetries=SYMMETRIES,
        )

    def with_rules(self, puzzle: KakuroGrid, rules: frozenset[str]) -> KakuroGrid:
        """``puzzle`` with the distinct-combinations rule when ``rules`` names it."""
        if rules - {"distinct-combinations"}:
            raise unknown_rules(self.name, rules, ("distinct-combinations",))
        if rules:
            return dataclasses.replace(puzzle, distinct_combinations=True)
        return puzzle
