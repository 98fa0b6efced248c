"""Kakuro exact solving and counting: the shared puzzles, several and no solutions, the
distinct-combinations rule, both kernels."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from conftest import shared_file
from grille.kakuro import KIND, KakuroGrid, count, is_solution, parse, solve
from grille.kakuro.formats import read
from grille.kakuro.solver import solve as solve_with
from grille.kind import Verdict

TWO = "#  3\\ 3\\\n\\3 .  .\n\\3 .  ."
NONE = "#  3\\ 3\\\n\\4 .  .\n\\3 .  ."
TWINS = "#   8\\ 9\\\n\\3 . .\n\\7 . .\n\\7 . ."


def _brute_force(grid: KakuroGrid) -> int:
    """Solutions by trying every digit in every white cell (tiny grids only)."""
    whites = grid.whites
    found = 0
    for digits in itertools.product(range(1, 10), repeat=len(whites)):
        values = [0] * (grid.rows * grid.cols)
        for cell, digit in zip(whites, digits, strict=True):
            values[cell] = digit
        if is_solution(grid, grid.with_values(values)):
            found += 1
    return found


@pytest.mark.parametrize("name", ["janko_kakuro.txt", "nikoli_gecode_and_wikipedia.txt"])
def test_every_shared_puzzle_has_its_listed_solution(name: str) -> None:
    entries = read(shared_file("kakuro", name).read_text())
    results = KIND.solve_many([entry.puzzle for entry in entries])
    for entry, result in zip(entries, results, strict=True):
        listed = entry.puzzle.listed_solution()
        assert result.unique, entry.puzzle.meta("id")
        assert result.solution is not None and listed is not None
        assert result.solution.values == listed.values, entry.puzzle.meta("id")
        assert is_solution(entry.puzzle, result.solution)


def test_several_and_no_solutions() -> None:
    two = solve(parse(TWO), limit=0)
    assert two.count == 2 and two.exhausted and two.verdict is Verdict.SEVERAL
    assert _brute_force(parse(TWO)) == 2
    none = solve(parse(NONE))
    assert none.count == 0 and none.verdict is Verdict.NONE


def test_distinct_combinations_changes_the_count() -> None:
    standard = parse(TWINS)
    strict = replace(standard, distinct_combinations=True)
    assert count(standard) == 4
    assert count(strict) == 2
    for solution in solve(strict, limit=0).found:
        assert is_solution(strict, solution)
    # the 2x2 of threes: both rows must use {1, 2}
    assert count(parse(TWO)) == 2
    assert count(replace(parse(TWO), distinct_combinations=True)) == 0


def test_written_digits_count_as_given() -> None:
    state = KIND.apply(parse(TWO), "r2c2=1")
    result = solve(state, limit=0)
    assert result.count == 1 and result.solution is not None
    assert result.solution[1, 1] == 1


def test_budget_stops_the_search() -> None:
    open_grid = parse("#  \\  \\  \\\n\\  .  .  .\n\\  .  .  .")
    result = solve(open_grid, limit=0, budget=5)
    assert result.budget_reached and not result.exhausted
    assert result.verdict is Verdict.UNKNOWN


@pytest.mark.parametrize("text", [TWO, NONE, TWINS])
def test_interpreted_and_compiled_kernels_agree(text: str) -> None:
    for grid in (parse(text), replace(parse(text), distinct_combinations=True)):
        slow = solve_with(grid, limit=0, backend="python")
        fast = solve_with(grid, limit=0, backend="jit")
        assert (slow.count, slow.nodes, slow.found) == (fast.count, fast.nodes, fast.found)
