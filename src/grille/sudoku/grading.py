"""Deciding whether a puzzle is below, within or above a level, as cheaply as the rater allows.

A generator tries thousands of candidate puzzles against one level. Each needs the rater's
answer to a yes/no question (is ER above the level's floor, and at most its ceiling?), not
a full rating, so :func:`grade` walks the rating ladder of
:func:`grille.sudoku.logic.explain.rate` with two shortcuts:

- it stops at the first step harder than the cap: that step alone puts ER above the cap;
- it leaves out the techniques that come after the cap on the ladder (the ladder is
  ordered by difficulty, so those never give a step at or below the cap): when the rest
  find nothing, the next step would be harder than the cap.

Up to the cap the walk is the rater's own (the same techniques, the same order, the same
board after each step), so a grade that is not over the cap has the rater's ER exactly.
Extreme has no ceiling: it is graded with diabolical's ceiling as the cap, and a puzzle
over it is extreme.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grille.sudoku.grid import Grid

if TYPE_CHECKING:
    from grille.sudoku.logic.techniques import SudokuTechnique

__all__ = ["Band", "Grade", "grade", "truncated_ladder"]

TOLERANCE = 1e-9
"""Difficulties are decimal fractions: a step counts as over a cap only beyond this."""


@dataclass(frozen=True, slots=True)
class Band:
    """The ER range of a level: above ``low``, up to ``high`` (``cap`` is the highest
    difficulty a grade must look at: ``high``, or ``low`` for the open-ended top level)."""

    level: str
    low: float
    high: float
    open_ended: bool

    def __repr__(self) -> str:
        top = "" if self.open_ended else f"{self.high:.1f}"
        return f"<Band {self.level} ({self.low:.1f}, {top}]>"

    @classmethod
    def of(cls, level: str) -> Band:
        """The band of one of the rater's levels (:data:`~grille.sudoku.logic.rating.LEVELS`)."""
        from grille.sudoku.logic.rating import LEVELS

        low = 0.0
        for index, (name, high) in enumerate(LEVELS):
            if name == level:
                return cls(level, low, high, index == len(LEVELS) - 1)
            low = high
        raise ValueError(f"unknown level {level!r}")

    @property
    def cap(self) -> float:
        """The highest difficulty a grade for this band needs to tell apart."""
        return self.low if self.open_ended else self.high

    def place(self, graded: Grade) -> int:
        """-1 below the band, 0 within it, 1 above it."""
        if graded.over:
            return 0 if self.open_ended else 1
        return -1 if graded.er <= self.low + TOLERANCE else 0


@dataclass(frozen=True, slots=True)
class Grade:
    """A walk of the rating ladder up to a cap: the hardest step ``er`` seen (the puzzle's
    ER when not ``over``), and whether some step would be harder than the cap."""

    er: float
    over: bool

    def __repr__(self) -> str:
        return f"<Grade {'over' if self.over else 'ER'} {self.er:.1f}>"


def grade(puzzle: Grid, cap: float) -> Grade:
    """The rating walk of ``puzzle`` (which has one solution) stopped past ``cap``."""
    from grille.logic import walk
    from grille.sudoku.logic.board import Board

    board = Board.from_grid(puzzle)
    hardest = 0.0
    for step, after in walk(board, truncated_ladder(cap)):
        if step.difficulty > cap + TOLERANCE:
            return Grade(hardest, True)
        hardest = max(hardest, step.difficulty)
        board = after
    return Grade(hardest, not board.solved)


@functools.cache
def truncated_ladder(cap: float) -> tuple[SudokuTechnique, ...]:
    """The rating ladder for unique puzzles without the techniques whose easiest step is
    harder than ``cap`` (they come last: the ladder rises in difficulty)."""
    from grille.sudoku.logic.explain import ladder

    techniques = ladder(unique=True, rating=True)
    cut = next(
        (at for at, technique in enumerate(techniques) if technique.value > cap + TOLERANCE),
        len(techniques),
    )
    return techniques[:cut]
