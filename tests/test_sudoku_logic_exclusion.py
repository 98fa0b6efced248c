"""Aligned pair and triplet exclusion, on hand-made boards and replayed on shared puzzles; the
compiled search against the plain-Python one."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import shared_file
from grille.logic import walk
from grille.sudoku import Grid
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board, bits
from grille.sudoku.logic.exclusion.aligned import (
    aligned_pair_exclusion,
    aligned_triplet_exclusion,
    scan,
    search,
)
from grille.sudoku.logic.explain import ladder
from grille.sudoku.solver import solve
from logic_support import pattern, replay

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


# -- the compiled search (exclusion_scan) against the plain-Python reference -----------------------

RATED = (28, 77, 1100)
"""magictour top1465 puzzles whose rating walks meet boards with and without exclusions."""


@pytest.fixture(scope="module")
def rated_boards() -> list[Board]:
    """Every board met while rating the :data:`RATED` puzzles."""
    puzzles = shared_file("sudoku", "magictour_top1465.txt").read_text().split()
    boards = []
    for number in RATED:
        board = Board.from_grid(Grid.from_string(puzzles[number]))
        boards.append(board)
        boards.extend(after for _, after in walk(board, ladder(unique=True, rating=True)))
    return boards


def test_kernel_takes_the_reference_step_on_rated_boards(rated_boards: list[Board]) -> None:
    found = {2: 0, 3: 0}
    for board in rated_boards:
        for degree in (2, 3):
            step = search(board, degree)
            assert scan(board, degree) == step
            found[degree] += step is not None
    assert found[2] > 20 and found[3] > 20  # the boards do exercise both searches


@st.composite
def candidate_boards(draw: st.DrawFn) -> Board:
    """A 4x4, 6x6 or 9x9 board with any candidates: two to four a cell, some cells filled and
    a few naked singles."""
    shape = draw(st.sampled_from((Shape(2, 2), Shape(2, 3), Shape(3, 3))))
    n = shape.size
    size = n * n
    digits = st.sets(st.integers(1, n), min_size=2, max_size=4)
    candidates = draw(st.lists(digits, min_size=size, max_size=size))
    filled = draw(st.sets(st.integers(0, size - 1), max_size=size // 2))
    singles = draw(st.sets(st.integers(0, size - 1), max_size=2))
    cells = [1 if cell in filled else 0 for cell in range(size)]
    marks = []
    for cell, held in enumerate(candidates):
        if cell in singles:
            held = {min(held)}
        marks.append(0 if cells[cell] else sum(1 << (digit - 1) for digit in held))
    return Board(shape, cells, marks)


@settings(max_examples=200, deadline=None)
@given(candidate_boards())
def test_kernel_takes_the_reference_step_on_any_board(board: Board) -> None:
    for degree in (2, 3):
        assert scan(board, degree) == search(board, degree)


def _random_board(shape: Shape, rng: random.Random) -> Board:
    """Two to five candidates in most cells, a few filled or single."""
    n = shape.size
    cells = []
    marks = []
    for _ in range(n * n):
        size = rng.choice((0, 1, 2, 2, 2, 3, 3, 3, 4, 5)) if rng.random() < 0.3 else 2
        digits = rng.sample(range(n), size)
        cells.append(0 if digits else 1)
        marks.append(sum(1 << digit for digit in digits))
    return Board(shape, cells, marks)


@pytest.mark.parametrize("shape", [Shape(3, 4), Shape(4, 4), Shape(5, 5)], ids=str)
def test_kernel_takes_the_reference_step_on_big_grids(shape: Shape) -> None:
    """Grids of more than 63 cells: the kernel's cell sets span several words."""
    rng = random.Random(shape.size)
    found = 0
    for _ in range(3):
        board = _random_board(shape, rng)
        for degree in (2, 3):
            step = search(board, degree)
            assert scan(board, degree) == step
            found += step is not None
    assert found


_PLAIN = """
import json, sys
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.exclusion.kernel import first_bases
for size, box_rows, box_cols, marks, degree in json.load(sys.stdin):
    print(json.dumps(first_bases(Shape(box_rows, box_cols), tuple(marks), degree)))
"""


def test_kernel_run_as_plain_python_finds_the_reference_cells(rated_boards: list[Board]) -> None:
    """With compiling off (GRILLE_JIT=0), the kernel's source runs as plain Python on NumPy
    values, where integer types differ from numba's; it must find the same base cells."""
    boards = rated_boards[::10]
    jobs = [
        (board.n, board.shape.box_rows, board.shape.box_cols, list(board.marks), degree)
        for board in boards
        for degree in (2, 3)
    ]
    done = subprocess.run(
        [sys.executable, "-c", _PLAIN], input=json.dumps(jobs), capture_output=True, text=True,
        env={**os.environ, "GRILLE_JIT": "0"}, check=True,
    )
    found = [json.loads(line) for line in done.stdout.splitlines()]
    expected = []
    for board in boards:
        for degree in (2, 3):
            step = search(board, degree)
            cells = step and [row * board.n + col for row, col in step.cells[:degree]]
            expected.append(cells)
    assert found == expected
    assert any(found)
