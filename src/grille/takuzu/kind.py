"""Takuzu as a :class:`grille.kind.Kind`: the surface the front ends use."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from grille.gridkind import GridKind
from grille.hints import Hint
from grille.info import KindInfo
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
from grille.logic import Explanation, Step
from grille.takuzu import candidates, formats, rules
from grille.takuzu.grid import EMPTY, TakuzuGrid
from grille.takuzu.info import INFO
from grille.takuzu.logic.rating import Rating

if TYPE_CHECKING:
    from grille.kind import KernelGroup
    from grille.view import BoardView

__all__ = ["SMALL_SIDE", "TakuzuKind"]

SMALL_SIDE = 4
"""Grids with no side longer than this reach only the easy level."""


class TakuzuKind(GridKind[TakuzuGrid]):
    """Takuzu (binairo) of any even size, rectangles too, with or without unique lines."""

    info: KindInfo = INFO
    registry = formats.REGISTRY
    rating_columns: tuple[str, ...] = ("level", "score", "hardest")
    empty = EMPTY
    lowest = 0

    def width(self, grid: TakuzuGrid) -> int:
        """The grid's number of columns."""
        return grid.width

    def candidate_masks(self, grid: TakuzuGrid) -> Sequence[int]:
        """The values each empty cell's row and column still allow."""
        return candidates.candidate_masks(grid)

    def with_values(self, grid: TakuzuGrid, values: Sequence[int]) -> TakuzuGrid:
        """``grid`` with ``values`` in its cells, its clues kept."""
        return grid.with_cells(values)

    def value_error(self, grid: TakuzuGrid, value: int) -> str | None:
        """Cells hold 0 or 1."""
        return None if value in (0, 1) else "Takuzu cells hold 0 or 1"

    def fixed(self, grid: TakuzuGrid, cell: int) -> str | None:
        """Clues cannot be changed."""
        return "holds a clue" if grid.is_given(cell) else None

    def solve(
        self, puzzle: TakuzuGrid, *, limit: int = 2, budget: int | None = None
    ) -> Solutions[TakuzuGrid]:
        """Up to ``limit`` solutions (0 = all), by line propagation and search."""
        from grille.takuzu import solver

        return solver.solve(puzzle, limit=limit, budget=budget)

    def solve_many(
        self, puzzles: Sequence[TakuzuGrid], *, limit: int = 2, budget: int | None = None
    ) -> list[Solutions[TakuzuGrid]]:
        """:meth:`solve` for many puzzles, compiled."""
        from grille.takuzu import solver

        return solver.solve_many(puzzles, limit=limit, budget=budget)

    def clues_of(self, state: TakuzuGrid) -> TakuzuGrid:
        """The givens alone."""
        return state.clues_only()

    def check(self, puzzle: TakuzuGrid) -> list[Violation]:
        """Three in a row, too many of a digit in a line, equal finished lines."""
        return rules.violations(puzzle)

    def status(self, puzzle: TakuzuGrid) -> Status:
        """Solved, incomplete or invalid."""
        return rules.status(puzzle)

    def view(self, puzzle: TakuzuGrid, state: TakuzuGrid) -> BoardView:
        """The board of ``state`` (a player's grid of the game of ``puzzle``) as front ends
        draw it."""
        from grille.takuzu.view import board_view

        return board_view(puzzle, state)

    def size_of(self, puzzle: TakuzuGrid) -> str:
        """``"8x8"``, ``"10x6"``: rows by columns, as the generator reads it."""
        return puzzle.size

    def kernel_groups(self, uses: Collection[str]) -> tuple[KernelGroup, ...]:
        """The compiled kernels ``uses`` runs, in groups (see :mod:`grille.takuzu.warm`)."""
        from grille.takuzu import warm

        return warm.kernel_groups(uses)

    def explain(self, puzzle: TakuzuGrid, **options: Any) -> Explanation[TakuzuGrid]:
        """The step-by-step solve, easiest technique first."""
        from grille.takuzu.logic.explain import explain

        return explain(puzzle, **kind_options(self.info, "explain", options))

    def rate(self, puzzle: TakuzuGrid, **options: Any) -> Rating:
        """Level (easy, medium, hard, very hard) and the hardest technique."""
        from grille.takuzu.logic.explain import rate

        return rate(puzzle, **kind_options(self.info, "rate", options))

    def hint(self, state: TakuzuGrid, *, depth: int = 1, **options: Any) -> Hint[TakuzuGrid]:
        """The next hint for a player at ``state``."""
        from grille.takuzu.logic.explain import hint

        return hint(state, depth=depth, **kind_options(self.info, "hint", options))

    def generate(self, options: GenerateOptions, seed: int | str) -> TakuzuGrid:
        """A unique puzzle of the asked size and level (default 8x8; symmetry is ignored)."""
        from grille.takuzu.generate import GenerateParams, generate, size_of

        height, width = size_of(options.size)
        check_reach(self, options)
        unique_lines = not self._rule_set(options.rules)
        params = GenerateParams(
            height, width, options.level, minimal=options.minimal, unique_lines=unique_lines
        )
        puzzle = generate(params, seed)
        return dataclasses.replace(puzzle, metadata=(*puzzle.metadata, *options.metadata))

    def levels_for(self, size: str | None) -> tuple[str, ...]:
        """Every level, except on grids of 4x4 and less, which are easy only: no 4x4
        puzzle needs more than the easy techniques (the generator found none at medium or
        above in thousands of attempts), while 4x6 and 6x6 reach very hard."""
        from grille.takuzu.generate import size_of

        height, width = size_of(size)
        return self.levels[:1] if max(height, width) <= SMALL_SIDE else self.levels

    def step_states(self, puzzle: TakuzuGrid, steps: Sequence[Step]) -> list[TakuzuGrid]:
        """The grids of the explained solve: each step's placements written in."""
        from grille.takuzu.logic.board import apply_step

        states = [puzzle]
        for step in steps:
            states.append(apply_step(states[-1], step))
        return states

    def generate_choices(self) -> GenerateChoices:
        """Any even sides, every level, minimal on request, the no-unique-lines variant."""
        from grille.takuzu.generate import DEFAULT_SIZE

        rows, cols = DEFAULT_SIZE
        return GenerateChoices(
            sizes=f"N or RxC (rows x columns), even sides (default {rows}x{cols})",
            levels=self.levels,
            level_limits=((f"{SMALL_SIDE}x{SMALL_SIDE} and smaller", self.levels[0]),),
            minimal=True,
            rules=("no-unique-lines",),
        )

    def with_rules(self, puzzle: TakuzuGrid, rules: frozenset[str]) -> TakuzuGrid:
        """``puzzle`` with the no-unique-lines variant when ``rules`` names it."""
        if self._rule_set(rules):
            return dataclasses.replace(puzzle, unique_lines=False)
        return puzzle

    def _rule_set(self, rules: frozenset[str]) -> bool:
        """Whether ``rules`` asks for no-unique-lines (it is the only variant)."""
        if rules - {"no-unique-lines"}:
            raise unknown_rules(self.name, rules, ("no-unique-lines",))
        return bool(rules)
