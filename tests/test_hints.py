"""The hint template every kind follows (grille.hints.judged_hint): mistakes are judged
against the solution only when the clues have exactly one."""

from __future__ import annotations

from typing import Any

import pytest

from grille.hints import SOLVED, UNFIT, entry_mistakes
from grille.kinds import get_kind

SEVERAL = {
    "sudoku": "1234\n3412\n....\n....",
    "takuzu": "0101\n1010\n....\n....",
    "kakuro": "#    3\\   3\\\n\\3   .    .\n\\3   .    .",
}
"""A puzzle of each kind with two solutions or more."""


def _other_solution_entry(kind: Any, puzzle: Any) -> str:
    """A move that writes a value of some solution where the first solution found differs."""
    found = kind.solve(puzzle, limit=0).found
    first = set(kind.moves_between(puzzle, found[0]))
    return next(move for other in found[1:] for move in kind.moves_between(puzzle, other)
                if move not in first)


@pytest.mark.parametrize("name", sorted(SEVERAL))
def test_entry_of_another_solution_is_not_wrong(name: str) -> None:
    kind = get_kind(name)
    puzzle = kind.read(SEVERAL[name])[0].puzzle
    assert kind.solve(puzzle).count >= 2
    state = kind.apply(puzzle, _other_solution_entry(kind, puzzle))
    for depth in range(1, 6):
        found = kind.hint(state, depth=depth)
        assert not found.mistakes and "wrong" not in found.text, found.text
        assert found.step is not None


@pytest.mark.parametrize(("name", "moves"), [
    ("sudoku", ["r3c1=1"]), ("takuzu", ["r3c1=0", "r3c2=0", "r3c3=0"]), ("kakuro", ["r2c2=3"]),
])
def test_rule_breaking_entry_is_named_on_several_solutions(name: str, moves: list[str]) -> None:
    kind = get_kind(name)
    state = kind.read(SEVERAL[name])[0].puzzle
    for move in moves:
        state = kind.apply(state, move)
    assert kind.check(state)
    found = kind.hint(state)
    assert "several solutions" in found.text and found.cells and not found.mistakes


def test_entries_fitting_no_solution_are_flagged_without_a_cell() -> None:
    kind = get_kind("takuzu")
    puzzle = kind.read(SEVERAL["takuzu"])[0].puzzle
    state = kind.apply(kind.apply(puzzle, "r3c1=0"), "r3c3=0")  # columns 1 and 3 would match
    assert not kind.check(state)
    found = kind.hint(state)
    assert found.text == UNFIT
    assert not found.cells and not found.mistakes


@pytest.mark.parametrize("name", sorted(SEVERAL))
def test_full_grid_is_solved(name: str) -> None:
    kind = get_kind(name)
    puzzle = kind.read(SEVERAL[name])[0].puzzle
    solution = kind.solve(puzzle, limit=1).found[0]
    state = puzzle
    for move in kind.moves_between(puzzle, solution):
        state = kind.apply(state, move)
    assert kind.hint(state).text == SOLVED


def test_entry_mistakes_of_a_flat_grid() -> None:
    found = entry_mistakes([-1, 1, 0, -1], [0b01, 0, 0, 0], [1, 1, 1, 0], 2, empty=-1, lowest=0)
    assert [(m.row, m.col) for m in found] == [(0, 0), (1, 0)]
    assert [(m.row, m.col) for m in entry_mistakes([0, 5], None, [1, 2], 2, cells=[1])] == [
        (0, 1)
    ]
