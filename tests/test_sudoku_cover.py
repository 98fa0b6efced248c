"""Tests for the exact cover Sudoku solver (the reference solver)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from grille.engine._jit import jit_enabled
from grille.kind import Verdict
from grille.sudoku.cover import encode, solve
from grille.sudoku.geometry import Shape
from grille.sudoku.grid import Grid

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def is_solved(grid: Grid) -> bool:
    n = grid.size
    return all(
        sorted(grid.cells[cell] for cell in unit) == list(range(1, n + 1))
        for unit in grid.shape.units
    )


def count_by_backtracking(grid: Grid, limit: int = 0) -> int:
    """Solutions of ``grid`` by naive backtracking, cell by cell (up to ``limit``, 0: all)."""
    cells = list(grid.cells)
    peers = grid.shape.peers
    n = grid.size
    if any(d and any(cells[p] == d for p in peers[c]) for c, d in enumerate(cells)):
        return 0

    def search(cell: int) -> int:
        while cell < len(cells) and cells[cell]:
            cell += 1
        if cell == len(cells):
            return 1
        total = 0
        for digit in range(1, n + 1):
            if all(cells[p] != digit for p in peers[cell]):
                cells[cell] = digit
                total += search(cell + 1)
                cells[cell] = 0
                if limit and total >= limit:
                    break
        return total

    return search(0)


def agrees_with(solution: Grid, puzzle: Grid) -> bool:
    return all(d == 0 or solution.cells[c] == d for c, d in enumerate(puzzle.cells))


def test_nine_by_nine() -> None:
    puzzle = Grid.from_string(PUZZLE)
    result = solve(puzzle)
    assert result.unique
    assert result.verdict is Verdict.UNIQUE
    assert result.solution is not None
    assert result.solution.line() == SOLUTION
    assert result.solution.givens == tuple(d != 0 for d in puzzle.cells)
    assert result.solution.clue_count == puzzle.clue_count


def test_backends_agree_on_a_hard_puzzle() -> None:
    puzzle = Grid.from_string(INKALA)
    python = solve(puzzle, backend="python")
    assert python.unique
    assert python.solution is not None
    assert is_solved(python.solution)
    assert agrees_with(python.solution, puzzle)
    if jit_enabled():
        compiled = solve(puzzle, backend="jit")
        assert compiled.found == python.found
        assert compiled.nodes == python.nodes


def test_empty_four_by_four_has_288_solutions() -> None:
    result = solve(Grid.empty(4), limit=0)
    assert result.count == 288
    assert result.exhausted
    assert len(result.found) == 10
    assert len(set(result.found)) == 10
    assert all(is_solved(grid) for grid in result.found)


def test_four_by_four_puzzle() -> None:
    puzzle = Grid.from_string("..3..4.221......")
    result = solve(puzzle)
    assert result.unique
    assert result.solution is not None
    assert result.solution.line() == "1234341221434321"


def test_six_by_six_puzzles() -> None:
    for shape, line, answer in [
        (
            Shape(2, 3),
            ".2.45....1.3....3.3.4....4......5...",
            "123456456123512634364512241365635241",
        ),
        (
            Shape(3, 2),
            "..3.5....2.4.4..1.2......5......6..1",
            "123456561234345612214365652143436521",
        ),
    ]:
        puzzle = Grid.from_string(line, shape)
        assert count_by_backtracking(puzzle) == 1
        result = solve(puzzle)
        assert result.unique
        assert result.solution is not None
        assert result.solution.line() == answer
        assert result.solution.shape == shape
        assert is_solved(result.solution)


def test_sixteen_by_sixteen() -> None:
    result = solve(Grid.empty(16), limit=1)
    assert result.count == 1
    assert result.solution is not None
    assert is_solved(result.solution)


def test_several_solutions() -> None:
    puzzle = Grid.from_string(PUZZLE[:-8] + "." * 8)
    result = solve(puzzle, limit=2)
    assert result.count == 2
    assert result.verdict is Verdict.SEVERAL
    assert not result.exhausted
    assert len(set(result.found)) == 2
    assert solve(puzzle, limit=0).count == count_by_backtracking(puzzle)


def test_clashing_clues_have_no_solution() -> None:
    puzzle = Grid.from_string("11" + "." * 14)
    result = solve(puzzle)
    assert result.count == 0
    assert result.exhausted
    assert result.verdict is Verdict.NONE


def test_budget() -> None:
    result = solve(Grid.from_string(INKALA), budget=5)
    assert result.budget_reached
    assert result.nodes == 5
    assert result.verdict is Verdict.UNKNOWN


def test_entries_count_and_marks_are_dropped() -> None:
    entered = PUZZLE[:2] + "4" + PUZZLE[3:]
    puzzle = Grid.from_string(PUZZLE).with_cells(Grid.from_string(entered).cells)
    result = solve(puzzle.with_marks([0] * 81))
    assert result.solution is not None
    assert result.solution.line() == SOLUTION
    assert result.solution.marks is None
    assert not result.solution.is_given(2)
    wrong = PUZZLE[:2] + "1" + PUZZLE[3:]
    assert solve(Grid.from_string(PUZZLE).with_cells(Grid.from_string(wrong).cells)).count == 0


def test_encode() -> None:
    problem, placements = encode(Grid.empty(9))
    assert (problem.n_primary, problem.n_secondary, problem.n_options) == (324, 0, 729)
    assert placements[10] == (1, 2)
    assert [problem.name(item) for item in problem.items(10)] == ["r1c2", "r1#2", "c2#2", "b1#2"]
    problem, placements = encode(Grid.from_string(PUZZLE))
    assert len(placements) < 729
    assert sum(cell == 0 for cell, _ in placements) == 1


@st.composite
def four_by_four_grids(draw: st.DrawFn) -> Grid:
    solution = draw(st.sampled_from(solve(Grid.empty(4), limit=0).found))
    kept = draw(st.lists(st.booleans(), min_size=16, max_size=16))
    cells = [d if keep else 0 for d, keep in zip(solution.cells, kept, strict=True)]
    if draw(st.booleans()):
        cell = draw(st.integers(0, 15))
        cells[cell] = draw(st.integers(1, 4))
    return Grid(solution.shape, tuple(cells))


@settings(max_examples=150, deadline=None)
@given(four_by_four_grids())
def test_matches_backtracking(puzzle: Grid) -> None:
    result = solve(puzzle, limit=0, backend="python")
    assert result.count == count_by_backtracking(puzzle)
    assert all(is_solved(grid) and agrees_with(grid, puzzle) for grid in result.found)
