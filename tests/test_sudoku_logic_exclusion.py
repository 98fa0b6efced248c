"""Aligned pair and triplet exclusion, on hand-made boards and replayed on shared puzzles."""

from __future__ import annotations

import itertools

import pytest

from conftest import shared_file
from grille.sudoku import Grid
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board, bits
from grille.sudoku.logic.exclusion import aligned_pair_exclusion, aligned_triplet_exclusion
from grille.sudoku.logic.explain import ladder
from grille.sudoku.solver import solve
from logic_support import replay
from test_sudoku_logic_chains import pattern

ALIGNED_ROW = {"r1c1": "123", "r1c4": "12", "r1c7": "13", "r1c8": "23"}


def test_pair_in_a_row_removes_the_digit_every_pair_rules_out() -> None:
    step = aligned_pair_exclusion(pattern(ALIGNED_ROW))
    assert step is not None and step.technique == "Aligned Pair Exclusion"
    assert step.eliminations == ((0, 0, 3),)
    assert step.difficulty == 6.2
    assert step.cells[:2] == ((0, 0), (0, 3))  # the base cells, then the excluders
    assert set(step.cells[2:]) == {(0, 6), (0, 7)}
    assert "3/1 would leave r1c7 empty" in step.explanation
    assert "3 is removed from r1c1" in step.explanation


def test_pair_cells_need_not_see_each_other() -> None:
    spec = {"r1c1": "123", "r2c5": "12", "r1c5": "13", "r2c2": "23"}
    step = aligned_pair_exclusion(pattern(spec))
    assert step is not None and step.eliminations == ((0, 0, 3),)


def test_pair_needs_two_shared_excluders() -> None:
    assert aligned_pair_exclusion(pattern({"r1c1": "123", "r2c5": "12", "r1c5": "13"})) is None


def test_pair_ignores_cells_next_to_a_naked_single() -> None:
    assert aligned_pair_exclusion(pattern({**ALIGNED_ROW, "r2c1": "5"})) is None


TRIPLET = {"r1c1": "345", "r2c2": "12", "r3c3": "12", "r1c2": "123", "r2c1": "14"}


def test_triplet_uses_trivalue_excluders() -> None:
    step = aligned_triplet_exclusion(pattern(TRIPLET))
    assert step is not None and step.technique == "Aligned Triplet Exclusion"
    assert step.difficulty == 7.5
    assert (0, 0, 3) in step.eliminations
    assert "would leave r3c3 empty" in step.explanation
    assert "a digit cannot repeat in a unit" in step.explanation
    assert _brute_force(pattern(TRIPLET), step.cells[:3]) == set(step.eliminations)


def test_triplet_on_a_6x6_grid() -> None:
    spec = {"r1c1": "345", "r2c2": "12", "r2c3": "12", "r1c2": "123", "r2c1": "14"}
    shape = Shape(2, 3)
    step = aligned_triplet_exclusion(pattern(spec, shape))
    assert step is not None
    assert _brute_force(pattern(spec, shape), step.cells[:3]) == set(step.eliminations)


def _brute_force(board: Board, cells: tuple[tuple[int, int], ...]) -> set[tuple[int, int, int]]:
    """The eliminations of aligned exclusion on ``cells``, by trying every filling."""
    index = [row * board.n + col for row, col in cells]
    size = len(index)
    excluders = [
        peer for peer in board.empty_cells
        if all(board.sees(peer, cell) for cell in index)
        and 2 <= len(bits(board.marks[peer])) <= size
    ]
    used: list[set[int]] = [set() for _ in index]
    for combo in itertools.product(*(bits(board.marks[cell]) for cell in index)):
        if any(
            combo[i] == combo[j] and board.sees(index[i], index[j])
            for i, j in itertools.combinations(range(size), 2)
        ):
            continue
        if any(set(bits(board.marks[peer])) <= set(combo) for peer in excluders):
            continue
        for i, digit in enumerate(combo):
            used[i].add(digit)
    return {
        board.candidate(cell, digit)
        for i, cell in enumerate(index)
        for digit in bits(board.marks[cell])
        if digit not in used[i]
    }


@pytest.mark.parametrize(
    ("number", "technique"),
    [(243, "Aligned Pair Exclusion"), (279, "Aligned Pair Exclusion"),
     (20, "Aligned Triplet Exclusion"), (28, "Aligned Triplet Exclusion")],
)
def test_rating_ladder_replays_soundly(number: int, technique: str) -> None:
    """Shared puzzles (magictour top1465) whose SE-order solve path needs an exclusion."""
    puzzle = shared_file("sudoku", "magictour_top1465.txt").read_text().split()[number]
    grid = Grid.from_string(puzzle)
    result = solve(grid, limit=2)
    assert result.unique and result.solution is not None
    steps = replay(grid, result.solution, ladder(unique=True, rating=True))
    assert technique in {step.technique for step in steps}
