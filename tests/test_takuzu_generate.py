"""Takuzu generation: unique by an independent method, at the asked level, every size."""

from __future__ import annotations

import pytest

from grille.errors import GrilleError
from grille.kind import GenerateOptions
from grille.takuzu import KIND, TakuzuGrid, cover
from grille.takuzu.generate import GenerateParams, generate, size_of
from grille.takuzu.grid import EMPTY


def _unique_by_cover(puzzle: TakuzuGrid) -> bool:
    return cover.solve(puzzle, limit=2).unique


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "very hard"])
@pytest.mark.parametrize("size", ["6x6", "8x8", "10x10"])
def test_levels_are_exact_and_unique(level: str, size: str) -> None:
    puzzle = KIND.generate(GenerateOptions(size=size, level=level), 11)
    assert puzzle.size == size
    assert KIND.rate(puzzle).level == level
    assert _unique_by_cover(puzzle)


@pytest.mark.parametrize("size", ["4x4", "4x6", "10x6", "12x12", "12x8"])
def test_sizes_and_rectangles_are_unique_and_minimal(size: str) -> None:
    puzzle = KIND.generate(GenerateOptions(size=size), "s")
    height, width = size_of(size)
    assert (puzzle.height, puzzle.width) == (height, width)
    assert _unique_by_cover(puzzle)
    for cell, value in enumerate(puzzle.cells):
        if value != EMPTY:  # every clue is needed
            fewer = list(puzzle.cells)
            fewer[cell] = EMPTY
            assert not KIND.solve(puzzle.with_cells(fewer).clues_only()).unique


def test_big_grids_and_variant() -> None:
    for size in ("20x20", "30x30"):
        puzzle = KIND.generate(GenerateOptions(size=size), 1)
        assert KIND.solve(puzzle).unique
    loose = generate(GenerateParams(8, 8, unique_lines=False), 2)
    assert not loose.unique_lines and KIND.solve(loose).unique and _unique_by_cover(loose)


def test_same_seed_same_puzzle() -> None:
    options = GenerateOptions(size="8", level="medium")
    assert KIND.generate(options, 5) == KIND.generate(options, 5)
    assert KIND.generate(options, 5) != KIND.generate(options, 6)


def test_bad_options() -> None:
    with pytest.raises(GrilleError, match="no 4x8 grid"):
        KIND.generate(GenerateOptions(size="4x8"), 1)  # 8 distinct columns of 4: only 6 exist
    for size in ("7", "8x7", "x"):
        with pytest.raises(GrilleError):
            KIND.generate(GenerateOptions(size=size), 1)
    with pytest.raises(GrilleError, match="level"):
        KIND.generate(GenerateOptions(level="extreme"), 1)
