"""The Sudoku generator: unique, symmetric, at its level, minimal when asked, reproducible.

Uniqueness is always checked by the exact-cover engine (:mod:`grille.sudoku.cover`) and
levels by the full rater, never by the generator's own oracle and grading.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grille.cli import main
from grille.engine._jit import jit_enabled
from grille.errors import GrilleError
from grille.sudoku import Grid, is_solution
from grille.sudoku.cover import solve as cover_solve
from grille.sudoku.generate import (
    ALL_LEVELS,
    SYMMETRIES,
    GenerateParams,
    generate,
    levels_for,
    orbits,
    random_solution,
)
from grille.sudoku.geometry import default_shape
from grille.sudoku.grading import Band, grade, truncated_ladder
from grille.sudoku.logic.explain import ladder, rate
from grille.sudoku.logic.rating import LEVELS
from grille.sudoku.oracle import Oracle
from grille.sudoku.search import Search


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


def no_orbit_can_go(puzzle: Grid, symmetry: str) -> bool:
    """Whether emptying any clue orbit of ``symmetry`` gives a second solution (by cover)."""
    for group in orbits(puzzle.size, symmetry):
        if puzzle.cells[group[0]]:
            fewer = list(puzzle.cells)
            for cell in group:
                fewer[cell] = 0
            if exact_cover_unique(Grid(puzzle.shape, tuple(fewer))):
                return False
    return True


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_level_is_exact(level: str) -> None:
    puzzle = generate(GenerateParams(level=level), 11)
    assert rate(puzzle).level == level
    assert exact_cover_unique(puzzle)
    assert symmetric(puzzle, "rot180")


@pytest.mark.parametrize(("level", "symmetry"), [
    ("medium", "rot90"), ("hard", "mirror"), ("expert", "diagonal"), ("diabolical", "full"),
    ("extreme", "none"),
])
def test_levels_with_other_symmetries(level: str, symmetry: str) -> None:
    puzzle = generate(GenerateParams(level=level, symmetry=symmetry), 4)
    assert rate(puzzle).level == level
    assert exact_cover_unique(puzzle) and symmetric(puzzle, symmetry)


@pytest.mark.parametrize(("size", "level"), [
    (4, "easy"), (6, "hard"), (6, "diabolical"), (8, "medium"), (8, "extreme"), (12, "easy"),
])
def test_levels_at_other_sizes(size: int, level: str) -> None:
    puzzle = generate(GenerateParams(size=size, level=level), 2)
    assert puzzle.size == size and rate(puzzle).level == level
    assert exact_cover_unique(puzzle)


def test_minimal_means_no_clue_can_go() -> None:
    puzzle = generate(GenerateParams(symmetry="none", minimal=True), 5)
    assert no_orbit_can_go(puzzle, "none")  # orbits of one cell: clue by clue


@pytest.mark.parametrize(("level", "symmetry"), [
    ("easy", "rot90"), ("medium", "none"), ("hard", "rot180"), ("extreme", "rot180"),
])
def test_minimal_at_a_level(level: str, symmetry: str) -> None:
    puzzle = generate(GenerateParams(level=level, symmetry=symmetry, minimal=True), 8)
    assert rate(puzzle).level == level
    assert exact_cover_unique(puzzle) and symmetric(puzzle, symmetry)
    assert no_orbit_can_go(puzzle, symmetry)


def test_levels_per_size() -> None:
    assert levels_for(4) == ("easy",)
    assert levels_for(6)[-1] == "diabolical"
    assert levels_for(9) == levels_for(16) == ALL_LEVELS == tuple(name for name, _ in LEVELS)


@pytest.mark.parametrize(("size", "level"), [(4, "medium"), (4, "extreme"), (6, "extreme")])
def test_out_of_reach_levels_fail_at_once(size: int, level: str) -> None:
    with pytest.raises(GrilleError, match=f"{level!r} is out of reach at {size}x{size}"):
        GenerateParams(size=size, level=level)


def test_levels_reproduce() -> None:
    params = GenerateParams(level="extreme")
    assert generate(params, 3) == generate(params, 3)
    params = GenerateParams(level="medium", minimal=True, symmetry="mirror")
    assert generate(params, "x") == generate(params, "x")


def test_seeds_reproduce_and_differ() -> None:
    params = GenerateParams(level="easy")
    assert generate(params, "abc") == generate(params, "abc")
    assert generate(params, "abc") != generate(params, "abd")


@pytest.mark.parametrize("size", [4, 6, 8, 9, 12, 16])
def test_random_solutions_are_valid(size: int) -> None:
    import random

    solution = random_solution(default_shape(size), random.Random(size))
    assert is_solution(solution)


def test_exhausted_attempts_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Search, "puzzle_in", lambda self, solution: None)
    with pytest.raises(GrilleError, match=r"no hard 9x9 puzzle with rot180 .* in 3 attempts"):
        generate(GenerateParams(level="hard", attempts=3), 0)
    with pytest.raises(GrilleError, match="attempts must be at least 1"):
        GenerateParams(attempts=0)


@settings(max_examples=6, deadline=None)
@given(
    size_level=st.sampled_from([(6, "easy"), (6, "hard"), (8, "hard"), (8, "diabolical"),
                                (9, "medium"), (9, "expert")]),
    symmetry=st.sampled_from(SYMMETRIES),
    seed=st.integers(0, 10**6),
)
def test_levels_hold_across_sizes(size_level: tuple[int, str], symmetry: str, seed: int) -> None:
    size, level = size_level
    if size == 6 and symmetry in ("rot90", "mirror", "full"):
        symmetry = "rot180"  # few orbits: the rarer 6x6 levels are not always found there
    puzzle = generate(GenerateParams(size=size, level=level, symmetry=symmetry), seed)
    assert rate(puzzle).level == level
    assert exact_cover_unique(puzzle) and symmetric(puzzle, symmetry)


# -- the oracle --------------------------------------------------------------------------


def carved(size: int, symmetry: str, seed: int) -> tuple[Grid, Grid]:
    """A puzzle carved to orbit-minimality from a random grid, with that grid."""
    shape = default_shape(size)
    rng = random.Random(seed)
    solution = random_solution(shape, rng)
    search = Search(Oracle(shape), orbits(size, symmetry), None, minimal=True, rng=rng)
    found = search.puzzle_in(solution.cells)
    assert found is not None
    return Grid(shape, found), solution


@pytest.mark.parametrize("backend", ["python", "jit"])
@pytest.mark.parametrize("size", [4, 6, 9, 12])
def test_oracle_agrees_with_exact_cover(size: int, backend: str) -> None:
    rng = random.Random(size)
    for seed in range(3):
        puzzle, solution = carved(size, "none", seed)
        oracle = Oracle(puzzle.shape, backend=backend)
        cells = list(puzzle.cells)
        for cell in rng.sample([c for c, d in enumerate(cells) if d], 3):
            fewer = list(cells)
            fewer[cell] = 0
            check = oracle.check(fewer, solution.cells)
            by_cover = cover_solve(Grid(puzzle.shape, tuple(fewer)), limit=2)
            assert check.count == by_cover.count == 2
            assert check.other is not None and check.other != solution.cells
            assert is_solution(Grid(puzzle.shape, check.other))
            assert all(check.other[c] == d for c, d in enumerate(fewer) if d)
        assert oracle.check(cells).unique
        assert oracle.solution(cells) == solution.cells
    assert Oracle(default_shape(9), backend="jit").compiled == jit_enabled()
    assert not Oracle(default_shape(9), backend="python").compiled


def test_oracle_budget_leaves_checks_unsettled() -> None:
    puzzle, solution = carved(9, "rot180", 1)
    oracle = Oracle(puzzle.shape)
    sparse = [solution.cells[0]] + [0] * 80
    cut = oracle.check(sparse, budget=3)
    assert not cut.settled and not cut.unique and cut.nodes == 3
    assert oracle.check(puzzle.cells, budget=10_000).unique


def test_big_grids_carve_under_a_budget() -> None:
    search = Search(Oracle(default_shape(16)), orbits(16, "rot180"), None, minimal=False,
                    rng=random.Random(0))
    assert search.budget is not None
    assert Search(search.oracle, search.orbits, None, minimal=True, rng=search.rng).budget is None


def test_oracle_on_no_solution() -> None:
    oracle = Oracle(default_shape(4))
    clash = [1, 1] + [0] * 14
    assert oracle.check(clash).count == 0 and oracle.solution(clash) is None
    with pytest.raises(ValueError, match="unknown backend"):
        Oracle(default_shape(4), backend="fast")


# -- grading -----------------------------------------------------------------------------


def test_grades_agree_with_the_rater() -> None:
    caps = [ceiling for _, ceiling in LEVELS[:-1]]
    seen = set()
    for seed in range(14):
        puzzle, _ = carved(9, "rot180", seed)
        rating = rate(puzzle)
        seen.add(rating.level)
        for cap in caps:
            graded = grade(puzzle, cap)
            assert graded.over == (rating.er > cap + 1e-9)
            if not graded.over:
                assert graded.er == pytest.approx(rating.er)
        for level, _ in LEVELS:
            band = Band.of(level)
            assert (band.place(grade(puzzle, band.cap)) == 0) == (rating.level == level)
    assert {"easy", "diabolical"} <= seen  # the sample spans levels


def test_truncated_ladders_are_prefixes() -> None:
    full = ladder(unique=True, rating=True)
    lengths = [len(truncated_ladder(cap)) for _, cap in LEVELS]
    assert lengths == sorted(lengths) and lengths[-1] == len(full)
    for _, cap in LEVELS:
        assert full[: len(truncated_ladder(cap))] == truncated_ladder(cap)
    assert len(truncated_ladder(2.3)) < len(truncated_ladder(2.9)) < len(full)


def test_bands() -> None:
    assert repr(Band.of("hard")) == "<Band hard (2.9, 4.4]>"
    assert Band.of("extreme").open_ended and Band.of("extreme").cap == 7.4
    with pytest.raises(ValueError, match="unknown level"):
        Band.of("fiendish")


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
    assert len(first) == 3 and all(line[81:] == " # level: easy" for line in first)
    assert all(rate(Grid.from_string(line[:81])).level == "easy" for line in first)
    assert main(["generate", "sudoku", "--size", "6", "--seed", "1", "--format", "json"]) == 0
    assert '"size":6' in capsys.readouterr().out.replace(" ", "")
    assert main(["generate", "sudoku", "--size", "7"]) == 2
    assert "unsupported" in capsys.readouterr().err


def test_attempts_used_up_is_a_budget_error() -> None:
    """Running out of attempts is a search budget (exit status 3), not bad input."""
    from grille.errors import BudgetExceededError

    params = GenerateParams(size=9, level="extreme", symmetry="full", attempts=1)
    with pytest.raises(BudgetExceededError, match="in 1 attempts"):
        generate(params, 0)
