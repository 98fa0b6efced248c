"""Tests for the fast Sudoku solver: both backends, the batch paths, the shared puzzle sets."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import shared_file
from grille.engine._jit import jit_enabled
from grille.errors import ParseError, SizeError
from grille.kind import Verdict
from grille.sudoku import solver
from grille.sudoku.geometry import Shape, default_shape
from grille.sudoku.grid import Grid
from grille.sudoku.solver import BatchResult, solve, solve_lines, solve_many

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

UNIQUE_SETS = [
    "kaggle_9999.txt",
    "17clue_10k.txt",
    "magictour_top1465.txt",
    "forum_hardest_1905_11plus_1k.txt",
    "forum_hardest_1106_half.txt",
]
SEVERAL_SET = "serg_benchmark_multisolution.txt"
SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(2, 4), Shape(3, 3), Shape(3, 4)]

needs_jit = pytest.mark.skipif(not jit_enabled(), reason="numba is off (GRILLE_JIT=0)")


# -- helpers ----------------------------------------------------------------------------------


def is_solution_of(solution: Sequence[int], puzzle: Sequence[int], shape: Shape) -> bool:
    """Every unit holds every digit, and every clue of ``puzzle`` is kept."""
    digits = list(range(1, shape.size + 1))
    units_ok = all(sorted(solution[cell] for cell in unit) == digits for unit in shape.units)
    clues_ok = all(clue in (0, digit) for clue, digit in zip(puzzle, solution, strict=True))
    return units_ok and clues_ok


def batch_is_solved(result: BatchResult) -> bool:
    """Vectorised :func:`is_solution_of` for every row of a batch."""
    shape = result.shape
    units = np.array(shape.units)
    in_units = np.sort(result.solutions[:, units], axis=2)
    units_ok = bool((in_units == np.arange(1, shape.size + 1)).all())
    clues = result.puzzles
    return units_ok and bool(((clues == 0) | (clues == result.solutions)).all())


def pattern_solution(shape: Shape, rng: random.Random) -> list[int]:
    """A random solved grid: the standard pattern, with digits, rows, bands, columns and
    stacks shuffled."""
    n, rows, cols = shape.size, shape.box_rows, shape.box_cols
    digits = list(range(1, n + 1))
    rng.shuffle(digits)

    def order(block: int, count: int) -> list[int]:
        blocks = rng.sample(range(count), count)
        return [b * block + i for b in blocks for i in rng.sample(range(block), block)]

    row_order = order(rows, n // rows)
    col_order = order(cols, n // cols)
    return [
        digits[(cols * (r % rows) + r // rows + c) % n] for r in row_order for c in col_order
    ]


def unique_puzzle(shape: Shape, seed: int, blank: float) -> Grid:
    """A puzzle with one solution: a solved grid (the empty grid solved, digits relabelled)
    with a random ``blank`` share of its cells emptied, tried until the solver finds it unique."""
    rng = random.Random(seed)
    base = solve(Grid.empty(shape), limit=1, backend="jit").solution
    assert base is not None
    while True:
        relabel = [0, *rng.sample(range(1, shape.size + 1), shape.size)]
        cells = [0 if rng.random() < blank else relabel[d] for d in base.cells]
        puzzle = Grid(shape, tuple(cells))
        if solve(puzzle, backend="jit").unique:
            return puzzle


@pytest.fixture(scope="module")
def own_puzzles() -> list[Grid]:
    """Unique puzzles of 4x4, 6x6 (2x3 and 3x2 boxes), 12x12 and 16x16, made by the solver."""
    return [
        unique_puzzle(Shape(2, 2), 1, 0.6),
        unique_puzzle(Shape(2, 2), 2, 0.7),
        unique_puzzle(Shape(2, 3), 3, 0.6),
        unique_puzzle(Shape(3, 2), 4, 0.6),
        unique_puzzle(Shape(3, 4), 5, 0.55),
        unique_puzzle(Shape(3, 4), 6, 0.6),
        unique_puzzle(Shape(4, 4), 7, 0.5),
        unique_puzzle(Shape(4, 4), 8, 0.55),
    ]


def sample_lines(name: str, count: int) -> list[str]:
    """``count`` puzzles spread evenly over a shared file."""
    lines = shared_file("sudoku", name).read_text().split()
    return lines[:: max(1, len(lines) // count)][:count]


# -- single grids -----------------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["python", "jit", "auto"])
def test_classic_puzzle(backend: str) -> None:
    puzzle = Grid.from_string(PUZZLE)
    result = solve(puzzle, backend=backend)
    assert result.unique
    assert result.verdict is Verdict.UNIQUE
    assert result.solution is not None
    assert result.solution.line() == SOLUTION
    assert result.solution.givens == tuple(d != 0 for d in puzzle.cells)
    assert result.nodes == 1


@pytest.mark.parametrize("backend", ["python", "jit"])
def test_empty_four_by_four_has_288_solutions(backend: str) -> None:
    result = solve(Grid.empty(4), limit=0, backend=backend)
    assert result.count == 288
    assert result.exhausted
    assert len(result.found) == 2
    assert result.found[0] != result.found[1]
    assert all(is_solution_of(grid.cells, (0,) * 16, grid.shape) for grid in result.found)


def test_limit_one_stops_at_the_first_solution() -> None:
    result = solve(Grid.empty(9), limit=1)
    assert result.count == 1
    assert not result.exhausted
    assert not result.budget_reached
    assert not result.unique
    assert result.solution is not None
    assert is_solution_of(result.solution.cells, (0,) * 81, result.solution.shape)


def test_several_solutions_are_reported_with_two_of_them() -> None:
    puzzle = Grid.from_string(PUZZLE[:-8] + "." * 8)
    result = solve(puzzle)
    assert result.count == 2
    assert result.verdict is Verdict.SEVERAL
    assert not result.exhausted
    assert len(set(result.found)) == 2
    assert all(is_solution_of(grid.cells, puzzle.cells, puzzle.shape) for grid in result.found)
    everything = solve(puzzle, limit=0)
    assert everything.exhausted
    assert everything.count >= 2


@pytest.mark.parametrize("line", ["11" + "." * 79, "1" + "." * 8 + "1" + "." * 71])
def test_clashing_clues_have_no_solution(line: str) -> None:
    for backend in ("python", "jit"):
        result = solve(Grid.from_string(line), backend=backend)
        assert result.count == 0
        assert result.exhausted
        assert result.verdict is Verdict.NONE


def test_dead_cell_has_no_solution() -> None:
    # r1c9 sees 1..8 in its row and 9 in its column.
    line = "12345678." + "........9" + "." * 63
    assert solve(Grid.from_string(line)).verdict is Verdict.NONE


@pytest.mark.parametrize("backend", ["python", "jit"])
def test_budget_reached(backend: str) -> None:
    puzzle = Grid.from_string(INKALA)
    result = solve(puzzle, budget=5, backend=backend)
    assert result.budget_reached
    assert not result.exhausted
    assert result.nodes == 5
    assert result.verdict is Verdict.UNKNOWN
    nothing = solve(puzzle, budget=0, backend=backend)
    assert nothing.budget_reached
    assert nothing.nodes == 0
    enough = solve(puzzle, budget=100_000, backend=backend)
    assert enough.unique
    assert not enough.budget_reached


def test_solution_drops_pencil_marks_and_keeps_entries() -> None:
    puzzle = Grid.from_string(PUZZLE).with_marks([0] * 81)
    entered = puzzle.with_cells([int(SOLUTION[0]), *puzzle.cells[1:]])
    result = solve(entered)
    assert result.unique
    assert result.solution is not None
    assert result.solution.marks is None
    assert result.solution.givens == entered.givens


def test_bad_arguments() -> None:
    grid = Grid.from_string(PUZZLE)
    with pytest.raises(ValueError, match="backend"):
        solve(grid, backend="fast")
    with pytest.raises(ValueError, match="limit"):
        solve(grid, limit=-1)
    with pytest.raises(ValueError, match="budget"):
        solve(grid, budget=-1)


@needs_jit
def test_auto_moves_a_long_search_to_the_compiled_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = Grid.from_string(INKALA)
    compiled = solve(puzzle, backend="jit")
    monkeypatch.setattr(solver, "INTERPRETED_SECONDS", 0)
    monkeypatch.setattr(solver, "_loaded", set())
    assert solve(puzzle) == compiled
    assert solve(puzzle, budget=2) == solve(puzzle, budget=2, backend="python")


def test_own_puzzles_are_unique(own_puzzles: list[Grid]) -> None:
    sizes = {puzzle.size for puzzle in own_puzzles}
    assert sizes == {4, 6, 12, 16}
    for puzzle in own_puzzles:
        result = solve(puzzle)
        assert result.unique
        assert result.solution is not None
        assert is_solution_of(result.solution.cells, puzzle.cells, puzzle.shape)


# -- the two backends agree -------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from(SHAPES),
    rng=st.randoms(use_true_random=False),
    blank=st.floats(0.3, 0.9),
    limit=st.sampled_from([0, 1, 2, 3]),
)
def test_interpreted_and_compiled_agree(
    shape: Shape, rng: random.Random, blank: float, limit: int
) -> None:
    solution = pattern_solution(shape, rng)
    assert is_solution_of(solution, solution, shape)
    puzzle = Grid(shape, tuple(0 if rng.random() < blank else d for d in solution))
    python = solve(puzzle, limit=limit, budget=300, backend="python")
    assert python.count >= 1 or python.budget_reached
    for found in python.found:
        assert is_solution_of(found.cells, puzzle.cells, shape)
    if jit_enabled():
        assert solve(puzzle, limit=limit, budget=300, backend="jit") == python
        assert solve_many([puzzle], limit=limit, budget=300) == [python]


@needs_jit
def test_backends_agree_on_sixteen_by_sixteen(own_puzzles: list[Grid]) -> None:
    puzzle = next(p for p in own_puzzles if p.size == 16)
    loose = puzzle.with_cells([d if i % 3 else 0 for i, d in enumerate(puzzle.cells)])
    for grid in (puzzle, loose):
        python = solve(grid, budget=200, backend="python")
        assert solve(grid, budget=200, backend="jit") == python


# -- batches ----------------------------------------------------------------------------------


def test_solve_many_matches_solve(own_puzzles: list[Grid]) -> None:
    grids = [Grid.from_string(PUZZLE), *own_puzzles, Grid.from_string(INKALA), Grid.empty(4)]
    expected = [solve(grid, limit=2, backend="jit") for grid in grids]
    assert solve_many(grids) == expected
    assert solve_many(grids, jobs=2) == expected
    assert solve_many([]) == []


def test_solve_lines() -> None:
    text = f"{PUZZLE}\n{INKALA}\n{'11' + '.' * 79}\n{PUZZLE[:-8] + '.' * 8}\n"
    result = solve_lines(text)
    assert len(result) == 4
    assert result.counts.tolist() == [1, 1, 0, 2]
    assert result.exhausted.tolist() == [True, True, True, False]
    assert result.unique.tolist() == [True, True, False, False]
    assert not result.budget_reached.any()
    assert result.lines.tolist() == [1, 2, 3, 4]
    lines = result.solution_lines().decode().splitlines()
    assert lines[0] == SOLUTION
    assert lines[2] == "." * 81
    assert result.puzzle_lines().decode().splitlines()[0] == PUZZLE
    assert (result.solutions[1] == solve(Grid.from_string(INKALA)).solution.cells).all()  # type: ignore[union-attr]


def test_solve_lines_accepts_zeros_crlf_blank_lines_and_no_final_newline() -> None:
    text = f"\r\n{PUZZLE.replace('.', '0')}\r\n\n{PUZZLE}"
    result = solve_lines(text.encode())
    assert result.lines.tolist() == [2, 4]
    assert result.solution_lines() == f"{SOLUTION}\n{SOLUTION}\n".encode()
    assert len(solve_lines(b"")) == 0
    assert len(solve_lines("\n\n")) == 0


def test_solve_lines_budget_limit_and_jobs() -> None:
    text = "\n".join([INKALA, PUZZLE] * 5)
    stopped = solve_lines(text, budget=3)
    assert stopped.budget_reached.tolist() == [True, False] * 5
    assert (stopped.nodes <= 3).all()
    first = solve_lines(text, limit=1, jobs=2)
    assert (first.counts == 1).all()
    assert not first.exhausted.any()
    assert (first.solutions == solve_lines(text).solutions).all()


def test_solve_lines_other_sizes(own_puzzles: list[Grid]) -> None:
    for size in (4, 12, 16):
        grids = [p for p in own_puzzles if p.size == size]
        result = solve_lines("".join(grid.line() + "\n" for grid in grids))
        assert result.shape == default_shape(size)
        assert result.unique.all()
        assert batch_is_solved(result)
        assert result.solution_lines().decode().split() == [
            s.solution.line() for s in solve_many(grids) if s.solution
        ]


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        (f"{PUZZLE}\n{PUZZLE[:40]}x{PUZZLE[41:]}\n", 2, 41, "'x' is not a digit"),
        (f"{PUZZLE}\n{PUZZLE[:10]}A{PUZZLE[11:]}\n", 2, 11, "'A' is not a digit"),
        (f"{PUZZLE}\n\n{PUZZLE[:70]}\n", 3, 71, "expected 81 cells"),
        (f"{PUZZLE}\n{PUZZLE}.\n", 2, 82, "expected 81 cells"),
        (f"{PUZZLE}\n{PUZZLE[:3]}?\n", 2, 4, "'\\?' is not a digit"),
        (f"{PUZZLE}\r\n{PUZZLE[:3]}?{PUZZLE[4:]}\r\n{PUZZLE[:3]}\r\n", 2, 4, "'\\?' is not"),
        (f"{PUZZLE}\n{PUZZLE[:5]}é{PUZZLE[6:]}\n", 2, 6, "not a Sudoku digit"),
    ],
)
def test_solve_lines_rejects_bad_lines(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(ParseError, match=message) as caught:
        solve_lines(text, source="bad.txt")
    error = caught.value
    assert (error.line, error.column, error.source) == (line, column, "bad.txt")


def test_solve_lines_rejects_unsupported_sizes() -> None:
    with pytest.raises(SizeError):
        solve_lines("." * 80 + "\n")
    with pytest.raises(SizeError):
        solve_lines("." * 9 + "\n")


def test_solve_lines_without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRILLE_JIT", "0")
    result = solve_lines(f"{PUZZLE}\n{PUZZLE[:-8] + '.' * 8}\n")
    assert result.counts.tolist() == [1, 2]
    assert result.solution_lines().decode().split()[0] == SOLUTION
    assert solve_many([Grid.from_string(PUZZLE)])[0].unique


# -- the shared puzzle sets -------------------------------------------------------------------


@pytest.mark.shared_data
@pytest.mark.parametrize("name", UNIQUE_SETS)
def test_shared_sets_have_unique_solutions(name: str) -> None:
    result = solve_lines(shared_file("sudoku", name).read_bytes(), source=name)
    assert len(result) > 0
    assert (result.counts == 1).all()
    assert result.exhausted.all()
    assert batch_is_solved(result)


@pytest.mark.shared_data
def test_serg_set_has_several_solutions() -> None:
    result = solve_lines(shared_file("sudoku", SEVERAL_SET).read_bytes())
    assert len(result) == 10_000
    assert (result.counts >= 2).all()
    assert batch_is_solved(result)


@pytest.mark.shared_data
def test_agrees_with_the_exact_cover_solver(own_puzzles: list[Grid]) -> None:
    cover = pytest.importorskip("grille.sudoku.cover")
    backend = "jit" if jit_enabled() else "auto"
    grids = [
        Grid.from_string(line)
        for name in [*UNIQUE_SETS, SEVERAL_SET]
        for line in sample_lines(name, 30 if "forum" in name else 60)
    ]
    grids += [*own_puzzles, Grid.empty(4), Grid.from_string(PUZZLE[:-8] + "." * 8)]
    assert len(grids) >= 300
    for grid, ours in zip(grids, solve_many(grids), strict=True):
        reference = cover.solve(grid, backend=backend)
        assert (ours.count, ours.exhausted) == (reference.count, reference.exhausted), grid.line()
        if ours.unique:
            assert ours.solution == reference.solution, grid.line()
