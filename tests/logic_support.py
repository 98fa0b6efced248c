"""Helpers for logic tests: replaying steps and checking each against the known solution."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from grille.logic import Step, walk
from grille.sudoku import Grid
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board

Technique = Callable[[Board], Step | None]


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


def pattern(spec: dict[str, str], shape: Shape | None = None) -> Board:
    """A board whose only empty cells are ``spec``'s (``{"r1c2": "45"}``), the rest filled."""
    shape = shape or Shape(3, 3)
    n = shape.size
    cells = [n] * (n * n)
    marks = [0] * (n * n)
    for name, digits in spec.items():
        row, col = name[1:].split("c")
        cell = (int(row) - 1) * n + int(col) - 1
        cells[cell] = 0
        marks[cell] = sum(1 << (int(d) - 1) for d in digits)
    return Board(shape, cells, marks)
