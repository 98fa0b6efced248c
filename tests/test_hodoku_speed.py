"""The shortcuts that keep HoDoKu's path fast: they must give the very same steps."""

from __future__ import annotations

import functools

import pytest

from grille.sudoku import parse, solve
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.hodoku import hodoku_path, patterns
from grille.sudoku.logic.hodoku.state import HodokuGrid, count_solutions
from grille.sudoku.logic.single_digit.patterns import empty_rectangle as grille_empty_rectangle
from grille.sudoku.logic.single_digit.patterns import turbot_fish as grille_turbot_fish

PATHS = [  # hard, unfair and extreme puzzles of tests/test_hodoku_scale.py
    "........1........2..3..4...........5.....6.3.15....7.........4...8.73.9.2..1.....",
    "..............1..2.34....5........3.1....67..8............5.......43..9.2.8.....1",
    "........1.......23..4..5........46...1..2....6.......5....16......3.....7.2...8..",
    ".................1..2..3..4.......5......4.....3..678.....9.2...1.5.....64.1.....",
]


@functools.cache
def _boards(puzzle: str) -> list[Board]:
    """Every board met on HoDoKu's path of ``puzzle`` (the tests share them)."""
    board = Board.from_grid(parse(puzzle))
    boards = [board]
    for step, _, _ in hodoku_path(parse(puzzle)):
        board = board.apply(step)
        boards.append(board)
    return boards


@pytest.mark.parametrize("puzzle", PATHS)
def test_turbot_fish_and_empty_rectangle_are_grilles(puzzle: str) -> None:
    patterns._TURBOT_BY_PLANE.clear()
    patterns._RECTANGLE_BY_PLANE.clear()
    turbots = rectangles = 0
    for board in _boards(puzzle):
        ours, theirs = patterns.turbot_fish(board), grille_turbot_fish(board)
        assert ours == theirs
        turbots += ours is not None
        ours, theirs = patterns.empty_rectangle(board), grille_empty_rectangle(board)
        assert ours == theirs
        rectangles += ours is not None
    assert turbots and rectangles


@pytest.mark.parametrize("puzzle", PATHS)
def test_finned_fish_are_grilles(puzzle: str) -> None:
    from grille.sudoku.logic.hodoku import fins
    from grille.sudoku.logic.single_digit import fish

    fins._BY_PLANE.clear()
    met = 0
    for board in _boards(puzzle):
        for size in (2, 3, 4):
            ours, theirs = fins._finned(board, size), fish._finned(board, size)
            assert ours == theirs
            met += ours is not None
    assert met


def test_basic_fish_per_digit_cache_keeps_the_first_fish() -> None:
    for board in _boards(PATHS[2]):
        grid = HodokuGrid.__new__(HodokuGrid)
        grid.planes = [0, *board.planes]
        for size in (2, 3, 4):
            warm = patterns.basic_fish(grid, size)
            patterns._FISH_BY_PLANE.clear()
            assert patterns.basic_fish(grid, size) == warm


EASY = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."


def test_count_solutions() -> None:
    puzzle = parse(EASY)
    grid = HodokuGrid(list(puzzle.cells))
    count, solution = count_solutions(grid)
    assert count == 1
    assert solution == list(solve(puzzle).found[0].cells)
    two = HodokuGrid([0, *solution[1:80], 0])
    assert count_solutions(two)[0] == 1  # two open cells of one solution: still one
    empty = HodokuGrid([0] * 81)
    assert count_solutions(empty)[0] == 2
    assert count_solutions(empty, budget=3) == (-1, None)
    assert count_solutions(HodokuGrid(list(parse(PATHS[0]).cells)), budget=10) == (-1, None)


def test_subsets_are_combinations_with_size_digits() -> None:
    from itertools import combinations

    from grille.sudoku.logic.hodoku.state import _subsets

    cand = [0b11, 0b110, 0b101, 0b1000, 0b11000, 0b1001, 0b111, 0b10001, 0b1111] + [0] * 72
    cells = list(range(9))
    for size in (2, 3, 4):
        want = []
        for subset in combinations(cells, size):
            mask = 0
            for cell in subset:
                mask |= cand[cell]
            if mask.bit_count() == size:
                want.append((subset, mask))
        assert list(_subsets(cells, cand, size)) == want
        assert want or size == 2


@pytest.mark.parametrize("puzzle", PATHS)
def test_compiled_sue_de_coq_is_the_reference(puzzle: str) -> None:
    from grille.sudoku.logic.hodoku.sue_de_coq import sue_de_coq, sue_de_coq_reference

    met = 0
    for board in _boards(puzzle):
        ours = sue_de_coq(board)
        assert ours == sue_de_coq_reference(board)
        met += ours is not None
    assert met


@pytest.mark.parametrize("puzzle", PATHS)
def test_compiled_als_lists_and_searches_are_the_reference(puzzle: str) -> None:
    from grille.sudoku.logic.hodoku import als

    met = [0, 0, 0]
    for board in _boards(puzzle)[::3]:
        als._MEMO.clear()
        tables = als._tables(board)
        found, commons = als._python_lists(board)
        assert list(tables.found) == found
        assert tables.commons() == commons
        xz, wing, chain = als.als_xz(board), als.als_xy_wing(board), als.als_xy_chain(board)
        assert xz == als.als_xz_reference(board)
        assert wing == als.als_xy_wing_reference(board)
        assert chain == als.als_xy_chain_reference(board)
        for k, step in enumerate((xz, wing, chain)):
            met[k] += step is not None
    assert all(met), met


@pytest.mark.parametrize("puzzle", PATHS[:2])
def test_forcing_chain_tests_only_what_it_can_pick(puzzle: str) -> None:
    from grille.sudoku.logic.hodoku import tabling

    met = 0
    for board in _boards(puzzle)[::4]:
        ours = tabling.forcing_chain(board)
        every = tabling.forcing_chain_conclusions(board)
        assert ours == tabling._step(tabling.pick(every), "Forcing Chain", 500.0)
        met += any(c.why.startswith("contradiction") for c in every)
    assert met
