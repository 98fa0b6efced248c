"""The Sudoku model: sizes and topology, grids, candidates and the rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grille.kind import Status
from grille.sudoku import Grid, Shape, candidate_masks, default_shape, is_solution, supported_sizes
from grille.sudoku.candidates import candidates_of, with_candidates
from grille.sudoku.rules import status, violations

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_supported_sizes_and_box_shapes() -> None:
    sizes = supported_sizes()
    for size in (4, 6, 8, 9, 12, 16, 25):
        assert size in sizes
    assert default_shape(6) == Shape(2, 3)
    assert default_shape(8) == Shape(2, 4)
    assert default_shape(12) == Shape(3, 4)
    assert default_shape(25) == Shape(5, 5)
    for bad in (3, 5, 7, 11, 26, 36):
        with pytest.raises(ValueError, match="unsupported"):
            default_shape(bad)


@pytest.mark.parametrize("size", supported_sizes())
def test_units_cover_every_cell_once_per_kind(size: int) -> None:
    shape = default_shape(size)
    units = shape.units
    assert len(units) == 3 * size
    for first in range(0, 3 * size, size):
        cells = sorted(c for unit in units[first:first + size] for c in unit)
        assert cells == list(range(size * size))
    for cell, peers in enumerate(shape.peers):
        expected = 3 * (size - 1) - (shape.box_rows - 1) - (shape.box_cols - 1)
        assert len(peers) == expected
        assert cell not in peers
        assert shape.box_of(cell) in {u - 2 * size for u in range(2 * size, 3 * size)
                                      if cell in units[u]}


def test_grid_value_object() -> None:
    grid = Grid.from_string(PUZZLE)
    assert eval(repr(grid)) == grid
    assert grid.clue_count == 30 and grid.empty_count == 51
    assert grid[0, 0] == 5 and grid.cell_name(10) == "r2c2"
    assert str(grid).splitlines()[0] == "53..7...."
    assert grid.clues_only() == grid
    six = Grid.empty(6)
    assert eval(repr(six.with_cells([1] + [0] * 35))).cells[0] == 1
    with pytest.raises(ValueError, match="81 cells"):
        Grid(Shape(3, 3), (0,) * 80)


def naive_candidates(grid: Grid, cell: int) -> set[int]:
    """Digits absent from the cell's row, column and box, computed the slow, obvious way."""
    n = grid.size
    row, col = divmod(cell, n)
    seen = {grid[row, c] for c in range(n)} | {grid[r, col] for r in range(n)}
    top, left = row - row % grid.shape.box_rows, col - col % grid.shape.box_cols
    seen |= {
        grid[r, c]
        for r in range(top, top + grid.shape.box_rows)
        for c in range(left, left + grid.shape.box_cols)
    }
    return set(range(1, n + 1)) - seen


@st.composite
def partial_grids(draw: st.DrawFn) -> Grid:
    size = draw(st.sampled_from(supported_sizes()))
    density = draw(st.floats(0, 0.6))
    rng = random.Random(draw(st.integers(0, 2**32)))
    cells = [rng.randint(1, size) if rng.random() < density else 0 for _ in range(size * size)]
    return Grid(default_shape(size), tuple(cells))


@settings(max_examples=60, deadline=None)
@given(partial_grids())
def test_candidates_match_a_naive_computation(grid: Grid) -> None:
    masks = candidate_masks(grid)
    for cell, mask in enumerate(masks):
        if grid.cells[cell]:
            assert mask == 0
        else:
            digits = {d for d in range(1, grid.size + 1) if mask >> (d - 1) & 1}
            assert digits == naive_candidates(grid, cell)
            assert candidates_of(grid, *divmod(cell, grid.size)) == digits


def test_with_candidates_keeps_narrower_marks() -> None:
    grid = Grid.from_string(PUZZLE)
    marks = list(candidate_masks(grid))
    marks[2] = 0b1  # the player kept only 1 in r1c3
    narrowed = with_candidates(grid.with_marks(marks))
    assert narrowed.marks is not None and narrowed.marks[2] == 0b1
    assert narrowed.marks[3] == candidate_masks(grid)[3]


def test_rules_status_and_violations() -> None:
    assert status(Grid.from_string(PUZZLE)) is Status.INCOMPLETE
    assert status(Grid.from_string(SOLVED)) is Status.SOLVED
    assert is_solution(Grid.from_string(SOLVED), Grid.from_string(PUZZLE))
    clash = Grid.from_string("55" + PUZZLE[2:])
    messages = [str(v) for v in violations(clash)]
    assert "r1c1 and r1c2 both hold 5 in row 1" in messages
    assert any(v.cells == ((0, 0), (0, 1)) for v in violations(clash))
    assert status(clash) is Status.INVALID
    dead = Grid.from_string("123456780" + "0" * 8 + "9" + "0" * 63)
    assert "r1c9 has no candidate left" in [str(v) for v in violations(dead)]
    assert not is_solution(Grid.from_string(SOLVED[:-1] + "8"))
