"""Kakuro generation: unique puzzles (checked independently on the XCC engine), symmetric
layouts without runs of one cell, reproducible from a seed."""

from __future__ import annotations

import itertools

import pytest

from grille.engine.xcc import XCCProblem
from grille.engine.xcc import count as xcc_count
from grille.kakuro import KIND, KakuroGrid
from grille.kakuro.generate import GenerateParams, generate, parse_size
from grille.kind import GenerateOptions


def _xcc_count(grid: KakuroGrid) -> int:
    """Solutions as exact cover: each run picks one ordered filling; cells are coloured by
    their digit so the across and down fillings must agree."""
    primary = [f"run{i}" for i in range(len(grid.runs))]
    secondary = [f"c{cell}" for cell in grid.whites]
    options = []
    for index, run in enumerate(grid.runs):
        for digits in itertools.permutations(range(1, 10), run.length):
            if run.total and sum(digits) != run.total:
                continue
            cells = [(f"c{c}", str(d)) for c, d in zip(run.cells, digits, strict=True)]
            options.append([f"run{index}", *cells])
    return xcc_count(XCCProblem(primary, secondary, options), limit=2).count


@pytest.mark.parametrize(("size", "seed"), [("6x6", 1), ("8x8", 2), ("7x9", 3)])
def test_generated_puzzles_are_unique_and_well_formed(size: str, seed: int) -> None:
    puzzle = KIND.generate(GenerateOptions(size=size), seed)
    width, height = parse_size(size)
    assert (puzzle.cols, puzzle.rows) == (width, height)
    assert KIND.solve(puzzle).unique
    assert _xcc_count(puzzle) == 1
    assert all(2 <= run.length <= 9 and run.total for run in puzzle.runs)
    inner = [(r, c) for r in range(1, puzzle.rows) for c in range(1, puzzle.cols)]
    for r, c in inner:
        partner = (puzzle.rows - r) * puzzle.cols + (puzzle.cols - c)
        assert puzzle.is_white(r * puzzle.cols + c) == puzzle.is_white(partner)
    assert puzzle == KIND.generate(GenerateOptions(size=size), seed)


def test_generate_at_a_level() -> None:
    puzzle = generate(GenerateParams(rows=6, cols=6, level="easy"), 4)
    assert KIND.rate(puzzle).level == "easy"


def test_bad_sizes_and_levels() -> None:
    with pytest.raises(ValueError, match="WxH"):
        parse_size("big")
    with pytest.raises(ValueError, match="unknown level"):
        GenerateParams(level="fiendish")
