"""The Sudoku generator: unique, symmetric, at its level, minimal when asked, reproducible."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grille.cli import main
from grille.errors import GrilleError
from grille.sudoku import Grid, is_solution
from grille.sudoku.cover import solve as cover_solve
from grille.sudoku.generate import (
    SYMMETRIES,
    GenerateParams,
    generate,
    orbits,
    random_solution,
)
from grille.sudoku.geometry import default_shape
from grille.sudoku.logic.explain import rate


def symmetric(puzzle: Grid, symmetry: str) -> bool:
    """Whether every orbit of ``symmetry`` is all clues or all empty."""
    return all(
        len({puzzle.cells[cell] != 0 for cell in group}) == 1
        for group in orbits(puzzle.size, symmetry)
    )


def exact_cover_unique(puzzle: Grid) -> bool:
    """Uniqueness by the exact-cover engine, independent of the generator's solver."""
    return cover_solve(puzzle, limit=2).unique


@settings(max_examples=12, deadline=None)
@given(
    size=st.sampled_from([4, 6, 8, 9]),
    symmetry=st.sampled_from(SYMMETRIES),
    seed=st.integers(0, 10**6),
)
def test_generated_puzzles_are_unique_and_symmetric(size: int, symmetry: str, seed: int) -> None:
    puzzle = generate(GenerateParams(size=size, symmetry=symmetry), seed)
    assert exact_cover_unique(puzzle)
    assert symmetric(puzzle, symmetry)


@pytest.mark.parametrize("size", [12, 16])
def test_big_sizes(size: int) -> None:
    puzzle = generate(GenerateParams(size=size), 3)
    assert puzzle.size == size and exact_cover_unique(puzzle)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_level_is_exact(level: str) -> None:
    puzzle = generate(GenerateParams(level=level), 11)
    assert rate(puzzle).level == level
    assert exact_cover_unique(puzzle)


def test_minimal_means_no_clue_can_go() -> None:
    puzzle = generate(GenerateParams(symmetry="none", minimal=True), 5)
    for cell, digit in enumerate(puzzle.cells):
        if digit:
            fewer = list(puzzle.cells)
            fewer[cell] = 0
            assert not exact_cover_unique(Grid(puzzle.shape, tuple(fewer)))


def test_seeds_reproduce_and_differ() -> None:
    params = GenerateParams(level="easy")
    assert generate(params, "abc") == generate(params, "abc")
    assert generate(params, "abc") != generate(params, "abd")


@pytest.mark.parametrize("size", [4, 6, 8, 9, 12, 16])
def test_random_solutions_are_valid(size: int) -> None:
    import random

    solution = random_solution(default_shape(size), random.Random(size))
    assert is_solution(solution)


def test_bad_parameters() -> None:
    with pytest.raises(GrilleError, match="unknown level"):
        GenerateParams(level="impossible")
    with pytest.raises(GrilleError, match="unknown symmetry"):
        GenerateParams(symmetry="spiral")
    with pytest.raises(ValueError, match="unsupported"):
        GenerateParams(size=7)


def test_generate_command_streams_and_reproduces(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["generate", "sudoku", "--count", "3", "--seed", "9", "--level", "easy", "--quiet"]
    assert main(args) == 0
    first = capsys.readouterr().out.splitlines()
    assert main([*args, "--jobs", "2"]) == 0
    assert capsys.readouterr().out.splitlines() == first
    assert len(first) == 3 and all(len(line) == 81 for line in first)
    assert all(rate(Grid.from_string(line)).level == "easy" for line in first)
    assert main(["generate", "sudoku", "--size", "6", "--seed", "1", "--format", "json"]) == 0
    assert '"size":6' in capsys.readouterr().out.replace(" ", "")
    assert main(["generate", "sudoku", "--size", "7"]) == 2
    assert "unsupported" in capsys.readouterr().err
