"""Kakuro generation: unique puzzles (checked independently on the XCC engine), connected
symmetric layouts without runs of one cell, as dense as published puzzles, the exact level
asked, reproducible seeds."""

from __future__ import annotations

import itertools
import random

import pytest

from grille.engine.xcc import XCCProblem
from grille.engine.xcc import count as xcc_count
from grille.kakuro import KIND, KakuroGrid
from grille.kakuro.generate import (
    GenerateParams,
    Layout,
    fill,
    generate,
    make_layout,
    parse_size,
    puzzle_from_fill,
)
from grille.kakuro.solver import Recounter, solve
from grille.kind import GenerateOptions


def _xcc_count(grid: KakuroGrid) -> int:
    """Solutions as exact cover: each run picks one ordered filling; cells are coloured by
    their digit so the across and down fillings must agree."""
    primary = [f"run{i}" for i in range(len(grid.runs))]
    secondary = [f"c{cell}" for cell in grid.whites]
    options = []
    for index, run in enumerate(grid.runs):
        for combo in itertools.combinations(range(1, 10), run.length):
            if run.total and sum(combo) != run.total:
                continue
            for digits in itertools.permutations(combo):
                cells = [(f"c{c}", str(d)) for c, d in zip(run.cells, digits, strict=True)]
                options.append([f"run{index}", *cells])
    return xcc_count(XCCProblem(primary, secondary, options), limit=2).count


def _white_lines(grid: KakuroGrid) -> list[int]:
    """The length of every maximal line of white cells, across and down."""
    rows = [[grid.is_white(r * grid.cols + c) for c in range(grid.cols)] for r in range(grid.rows)]
    lengths = []
    for lines in (rows, [list(col) for col in zip(*rows, strict=True)]):
        for line in lines:
            lengths += [len(list(group)) for white, group in itertools.groupby(line) if white]
    return lengths


def _connected(grid: KakuroGrid) -> bool:
    whites = set(grid.whites)
    seen = {min(whites)}
    todo = [min(whites)]
    while todo:
        cell = todo.pop()
        r, c = divmod(cell, grid.cols)
        for y, x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            nxt = y * grid.cols + x
            if 0 <= y < grid.rows and 0 <= x < grid.cols and nxt in whites and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen == whites


def _white_share(puzzle: KakuroGrid) -> float:
    """White cells over inner cells (all but the first row and column, which are blocks)."""
    assert not any(puzzle.is_white(c) for c in range(puzzle.cols))
    assert not any(puzzle.is_white(r * puzzle.cols) for r in range(puzzle.rows))
    return len(puzzle.whites) / ((puzzle.rows - 1) * (puzzle.cols - 1))


def _well_formed(puzzle: KakuroGrid, *, symmetric: bool = True) -> None:
    assert all(2 <= length <= 9 for length in _white_lines(puzzle))
    assert all(run.total and 2 <= run.length <= 9 for run in puzzle.runs)
    assert _connected(puzzle)
    if symmetric:
        for r in range(1, puzzle.rows):
            for c in range(1, puzzle.cols):
                partner = (puzzle.rows - r) * puzzle.cols + (puzzle.cols - c)
                assert puzzle.is_white(r * puzzle.cols + c) == puzzle.is_white(partner)


@pytest.mark.parametrize(("size", "seed"), [("6x6", 1), ("8x8", 2), ("7x9", 3), ("10x10", 4)])
def test_generated_puzzles_are_unique_and_well_formed(size: str, seed: int) -> None:
    puzzle = KIND.generate(GenerateOptions(size=size), seed)
    width, height = parse_size(size)
    assert (puzzle.cols, puzzle.rows) == (width, height)
    assert KIND.solve(puzzle).unique
    assert _xcc_count(puzzle) == 1
    _well_formed(puzzle)
    assert puzzle == KIND.generate(GenerateOptions(size=size), seed)


@pytest.mark.parametrize("size", [10, 12, 15])
def test_layouts_are_as_dense_as_published_ones(size: int) -> None:
    """Published puzzles of 10x10 and up have 72.7 % white inner cells (median; 62.8 % for
    the lowest tenth): generated ones keep at least 65 %, with runs of 2-9, symmetric,
    connected and unique."""
    for seed in range(3):
        puzzle = generate(GenerateParams(rows=size, cols=size), seed)
        assert _white_share(puzzle) >= 0.65
        _well_formed(puzzle)
        assert solve(puzzle, limit=2).unique


@pytest.mark.parametrize("size", [6, 8])
def test_small_layouts_do_not_degenerate(size: int) -> None:
    """Small sizes keep ``min_white`` (70 %) of their inner cells white too: an 8x8 has at
    least 35 white cells of 49 (published 8x8 and 9x9: 73-78 %)."""
    for seed in range(5):
        puzzle = KIND.generate(GenerateOptions(size=f"{size}x{size}"), seed)
        assert _white_share(puzzle) >= 0.7
        _well_formed(puzzle)
        assert KIND.solve(puzzle).unique


def test_a_large_puzzle_is_unique() -> None:
    puzzle = generate(GenerateParams(rows=16, cols=16), 5)
    assert solve(puzzle, limit=0).count == 1
    _well_formed(puzzle)


@pytest.mark.parametrize(
    ("level", "size"), [("easy", 7), ("medium", 8), ("hard", 8), ("very hard", 10)]
)
def test_generate_at_each_level(level: str, size: int) -> None:
    """The level is exact, and the explained solve (lookahead included for very hard) is
    sound step by step."""
    puzzle = generate(GenerateParams(rows=size, cols=size, level=level), 7)
    assert KIND.rate(puzzle).level == level
    assert _white_share(puzzle) >= 0.7
    assert _xcc_count(puzzle) == 1
    _well_formed(puzzle)
    solution = solve(puzzle).solution
    assert solution is not None
    explanation = KIND.explain(puzzle)
    assert explanation.solved and explanation.final.values == solution.values
    cols = puzzle.cols
    for step in explanation.steps:
        assert all(solution.cells[r * cols + c] == d for r, c, d in step.placements)
        assert all(solution.cells[r * cols + c] != d for r, c, d in step.eliminations)
    if level == "very hard":
        assert "Lookahead" in {step.technique for step in explanation.steps}


def test_no_symmetry_still_well_formed() -> None:
    puzzle = KIND.generate(GenerateOptions(size="9x7", symmetry="none"), 2)
    assert KIND.solve(puzzle).unique
    _well_formed(puzzle, symmetric=False)


def test_layouts_and_fills() -> None:
    params = GenerateParams(rows=14, cols=14)
    rng = random.Random(3)
    layout = make_layout(params, rng)
    assert layout is not None and layout.valid(params.max_run)
    assert not any(layout.white[:14]) and "#" in repr(layout)
    values = fill(layout, rng, spread=4)
    assert values is not None
    puzzle = puzzle_from_fill(layout, values)
    for run in puzzle.runs:
        digits = [values[cell] for cell in run.cells]
        assert len(set(digits)) == len(digits) and sum(digits) == run.total


def test_a_block_never_leaves_a_lone_cell() -> None:
    layout = Layout(5, 5, [r > 0 and c > 0 for r in range(5) for c in range(5)], "rot180")
    assert layout.try_block(2 * 5 + 1)
    assert layout.valid(9)
    assert not layout.white[1 * 5 + 1]  # blocked with it: it would have stood alone


def test_recounter_agrees_with_solve() -> None:
    puzzle = generate(GenerateParams(rows=9, cols=9), 11)
    solution = solve(puzzle).solution
    assert solution is not None
    counter = Recounter(puzzle, backend="python")
    digits = [solution.cells[cell] for cell in counter.structure.whites]
    counted = counter.count(digits, limit=2)
    assert counted.unique and counted.found[0] == tuple(digits)
    assert all(mask and not mask & (mask - 1) for mask in counted.roots) or counted.count == 1
    several = counter.count([1, 2] * (len(digits) // 2) + [1] * (len(digits) % 2), limit=2)
    assert not several.unique


def test_bad_sizes_and_levels() -> None:
    with pytest.raises(ValueError, match="WxH"):
        parse_size("big")
    with pytest.raises(ValueError, match="unknown level"):
        GenerateParams(level="fiendish")
    with pytest.raises(ValueError, match="longest run"):
        GenerateParams(max_run=12)
