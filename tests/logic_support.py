"""Helpers for logic tests: replaying steps and checking each against the known solution."""

from __future__ import annotations

from collections.abc import Sequence

from grille.logic import Step
from grille.sudoku import Grid
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.walk import Technique, walk


def assert_sound(step: Step, solution: Grid) -> None:
    """No placement differs from the solution and no elimination removes a solution digit."""
    for row, col, digit in step.placements:
        assert solution[row, col] == digit, f"{step}: wrong placement r{row + 1}c{col + 1}"
    for row, col, digit in step.eliminations:
        where = f"r{row + 1}c{col + 1}"
        assert solution[row, col] != digit, f"{step}: eliminates the solution at {where}"
    assert step.placements or step.eliminations, f"{step}: changes nothing"
    assert step.explanation, f"{step.technique}: no explanation"


def replay(puzzle: Grid, solution: Grid, ladder: Sequence[Technique]) -> list[Step]:
    """Walk ``puzzle`` with ``ladder``, checking every step; the steps taken."""
    steps = []
    for step, _ in walk(Board.from_grid(puzzle), ladder):
        assert_sound(step, solution)
        steps.append(step)
    return steps
