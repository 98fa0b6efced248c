"""Pencil marks follow the variant: ``with_candidates``, the ``fill`` move and the peers'
mark clean-up take a placed digit out of every cell that must differ from it by the
variant's rules (jigsaw regions instead of boxes, diagonals, extra regions, disjoint groups,
cages, thermometers, renban lines, knight and king moves) and keep a cell's parity, but
deduce nothing from sums, dots or lines (the marks must not give the answer away)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import FIXTURES
from grille.sudoku import KIND
from grille.sudoku.grid import Grid
from grille.sudoku.variants.fpuzzles import from_fpuzzles

HERE = FIXTURES / "variants"
FULL = 0b111111
"""Every digit of a 6x6 grid."""

Cell = tuple[int, int]


def family_grid(name: str) -> Grid:
    """The family fixture's puzzle (6x6), its givens dropped."""
    data = json.loads((HERE / f"{name}.json").read_text())
    grid = from_fpuzzles(data["fpuzzles"])
    return Grid(grid.shape, (0,) * 36, variant=grid.variant)


def index(cell: Cell) -> int:
    """The row-major index of a 1-based (row, column)."""
    return (cell[0] - 1) * 6 + cell[1] - 1


def placed(grid: Grid, cell: Cell, digit: int) -> Grid:
    cells = list(grid.cells)
    cells[index(cell)] = digit
    return grid.with_cells(cells)


# (fixture, where a 1 is placed, a cell that must lose it though it shares no row, column or
# box with it, a cell that keeps it though the 1 is close)
BY_RULE = [
    ("x", (1, 1), (6, 6), (6, 5)),  # the main diagonal
    ("extra_region", (2, 3), (3, 4), (3, 5)),  # the shaded region r2c3..r4c3
    ("disjoint", (1, 1), (3, 4), (3, 5)),  # both the first cell of their box
    ("anti_king", (2, 3), (3, 4), (3, 5)),  # a king's move apart
    ("anti_knight", (1, 1), (3, 2), (3, 3)),  # a knight's move apart
    ("killer", (4, 6), (5, 5), (5, 4)),  # the cage r4c6, r4c5, r5c5
    ("renban", (4, 6), (5, 5), (5, 4)),  # the line r6c6, r5c5, r4c6
    ("thermo", (3, 3), (5, 4), (5, 5)),  # the thermometer r3c4, r3c3, r4c3, r5c4
]


@pytest.mark.parametrize(("name", "at", "loses", "keeps"), BY_RULE,
                         ids=[case[0] for case in BY_RULE])
def test_a_placed_digit_leaves_the_cells_its_variant_makes_peers(
        name: str, at: Cell, loses: Cell, keeps: Cell) -> None:
    grid = placed(family_grid(name), at, 1)
    masks = KIND.with_candidates(grid).marks
    assert masks is not None
    assert masks[index(loses)] == FULL & ~1
    assert masks[index(keeps)] == FULL
    assert index(loses) in set(KIND.peers(grid, index(at)))
    assert index(keeps) not in set(KIND.peers(grid, index(at)))


def test_a_jigsaw_uses_its_regions_not_the_boxes() -> None:
    grid = placed(family_grid("jigsaw"), (1, 1), 1)  # region 1: r1c1..r1c3, r2c1, r2c2, r3c2
    masks = KIND.with_candidates(grid).marks
    assert masks is not None
    assert masks[index((3, 2))] == FULL & ~1  # its region, another box
    assert masks[index((2, 3))] == FULL  # its box, another region
    plain = Grid(grid.shape, grid.cells)
    assert plain.variant is None
    assert KIND.with_candidates(plain).marks[index((2, 3))] == FULL & ~1


def test_parity_cells_keep_their_parity() -> None:
    masks = KIND.with_candidates(family_grid("odd_even")).marks
    assert masks is not None
    assert masks[index((1, 1))] == 0b010101  # odd: 1, 3, 5
    assert masks[index((3, 1))] == 0b101010  # even: 2, 4, 6
    assert masks[index((1, 2))] == FULL


@pytest.mark.parametrize("name", ["thermo", "arrow", "kropki", "xv", "whispers", "palindrome",
                                  "little_killer", "sandwich"])
def test_sums_dots_and_lines_are_not_deduced(name: str) -> None:
    """An empty grid: a thermometer's bulb could not be its largest digit, a black dot's
    cells not 5, and so on, but the marks say nothing of it."""
    assert set(KIND.with_candidates(family_grid(name)).marks or ()) == {FULL}


SOLVABLE = sorted(path for path in HERE.glob("*.json") if path.stem != "thermo_downhill")


@pytest.mark.parametrize("path", SOLVABLE, ids=lambda path: path.stem)
def test_marks_never_rule_out_the_solution(path: Path) -> None:
    """Half the solution written in: every empty cell still has its solution's digit."""
    data = json.loads(path.read_text())
    fpuzzles, solution = data.get("fpuzzles", data), data.get("solution")
    if solution is None:
        solution = "".join(map(str, KIND.solve(from_fpuzzles(fpuzzles)).found[0].cells))
    grid = from_fpuzzles(fpuzzles)
    n = grid.size
    half = [int(d) if i % 2 else 0 for i, d in enumerate(solution)]
    grid = grid.with_cells([given or d for given, d in zip(grid.cells, half, strict=True)])
    masks = KIND.with_candidates(grid).marks
    assert masks is not None
    for cell in range(n * n):
        if not grid.cells[cell]:
            assert masks[cell] >> (int(solution[cell]) - 1) & 1, (path.stem, cell)


def test_fill_and_the_peers_clean_up_follow_the_jigsaw() -> None:
    """The games' ``fill`` (Fill marks) gives the same marks, and a digit placed takes its
    mark out of its jigsaw region, not of its box."""
    grid = family_grid("jigsaw")
    filled = KIND.apply(grid, "fill")
    assert filled.marks == KIND.with_candidates(grid).marks
    cleanup = set(KIND.peer_moves(filled, "r1c1=1"))
    assert "r3c2^1" in cleanup
    assert "r2c3^1" not in cleanup
