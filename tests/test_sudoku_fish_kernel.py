"""The compiled finned fish test (``fish_kernel.has_finned``) against the plain search.

For every digit and size, on random candidate planes of 4x4 to 16x16 grids and on the boards
of generated puzzles' paths: the kernel says a finned or sashimi fish eliminates exactly when
``fish._finned_steps`` yields a step.
"""

from __future__ import annotations

import random

import pytest

from grille.engine._jit import jit_enabled
from grille.sudoku.generate import GenerateParams, generate
from grille.sudoku.geometry import default_shape
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.single_digit import fish, fish_kernel
from grille.sudoku.practice import path_techniques

pytestmark = pytest.mark.skipif(not jit_enabled(), reason="numba is off (GRILLE_JIT=0)")


def agree(board: Board) -> tuple[int, int]:
    """(tests made, fish found): asserts the kernel and the search agree on each."""
    made = found = 0
    for digit in range(1, board.n + 1):
        rows, cols = fish.digit_lines(board.n, board.planes[digit - 1])
        for size in (2, 3, 4):
            expected = next(fish._finned_steps(board, size, digit), None) is not None
            assert fish_kernel.has_finned(board, size, rows, cols) == expected, (
                board.n, digit, size, rows)
            made += 1
            found += expected
    return made, found


@pytest.mark.parametrize("n", [4, 6, 8, 9, 12, 16])
def test_the_kernel_agrees_on_random_planes(n: int) -> None:
    shape = default_shape(n)
    rng = random.Random(n)
    full = (1 << n) - 1
    total = hits = 0
    for _ in range(40 if n <= 9 else 8):
        density = rng.uniform(0.15, 0.6)
        marks = [sum(1 << d for d in range(n) if rng.random() < density) or 1
                 for _ in range(n * n)]
        board = Board(shape, [0] * (n * n), [m & full for m in marks])
        made, found = agree(board)
        total, hits = total + made, hits + found
    assert hits and hits < total  # both answers were checked


def test_the_kernel_agrees_along_solve_paths() -> None:
    total = hits = 0
    for name, seed in (("Finned X-Wing", 0), ("Finned X-Wing", 1), ("Finned Swordfish", 0)):
        puzzle = generate(GenerateParams(technique=name), seed)
        board = Board.from_grid(puzzle)
        for _found, step in path_techniques(puzzle):
            made, found = agree(board)
            total, hits = total + made, hits + found
            board = board.apply(step)
    assert hits and hits < total
