"""Takuzu exact solving: counts, the shared data, the variant, both backends, the reference."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SHARED_DATA, shared_file
from grille.kind import Verdict
from grille.takuzu import KIND, TakuzuGrid, cover, formats, is_solution
from grille.takuzu.grid import EMPTY
from grille.takuzu.solver import search_cells, solve

DATA = ("janko_binairo.txt", "takuzu_vue_square.txt", "takuzu_vue_rect.txt")
VARIANT = ("variant_no_unique_rule", "janko_binairo_nounique.txt")


def _entries(*parts: str) -> list[TakuzuGrid]:
    path = shared_file("takuzu", *parts)
    return [entry.puzzle for entry in formats.read(path.read_text(), source=str(path))]


@pytest.mark.parametrize(
    ("size", "unique", "expected"),
    [(4, True, 72), (6, True, 4140), (4, False, 90), (6, False, 11222)],
)
@pytest.mark.parametrize("backend", ["python", "jit"])
def test_counts_of_empty_grids(size: int, unique: bool, expected: int, backend: str) -> None:
    if backend == "python" and size == 6:
        pytest.skip("interpreted 6x6 counts take a second each; the jit run covers them")
    result = solve(TakuzuGrid.empty(size, unique_lines=unique), limit=0, backend=backend)
    assert result.count == expected and result.exhausted
    assert all(is_solution(grid) for grid in result.found)


def test_count_of_empty_8x8() -> None:
    start = time.perf_counter()
    result = solve(TakuzuGrid.empty(8), limit=0, backend="jit")
    assert result.count == 4_111_116 and result.exhausted
    assert time.perf_counter() - start < 30


def test_the_reference_counts_agree() -> None:
    assert cover.solve(TakuzuGrid.empty(4), limit=0).count == 72
    assert cover.solve(TakuzuGrid.empty(4, unique_lines=False), limit=0).count == 90
    assert cover.solve(TakuzuGrid.empty(2, 6), limit=0).count == solve(
        TakuzuGrid.empty(2, 6), limit=0).count


@pytest.mark.parametrize("name", DATA)
def test_shared_puzzles_solve_to_their_solution(name: str) -> None:
    puzzles = _entries(name)
    results = KIND.solve_many(puzzles)
    for puzzle, result in zip(puzzles, results, strict=True):
        assert result.unique and result.solution is not None, puzzle.meta("id")
        assert result.solution.line() == puzzle.meta("solution")


def test_variant_puzzles_need_the_variant_rules() -> None:
    puzzles = _entries(*VARIANT)
    assert len(puzzles) == 94
    for puzzle in puzzles:
        strict = solve(puzzle, backend="jit")
        assert strict.verdict is Verdict.NONE, puzzle.meta("id")
        loose = solve(puzzle.with_rules(unique_lines=False), backend="jit")
        assert loose.unique and loose.solution is not None
        assert loose.solution.line() == puzzle.meta("solution")


@st.composite
def partial_grids(draw: st.DrawFn) -> TakuzuGrid:
    height, width = draw(st.sampled_from([(4, 4), (4, 6), (6, 6), (6, 4), (8, 8)]))
    cells = [draw(st.sampled_from([EMPTY, EMPTY, EMPTY, 0, 1])) for _ in range(height * width)]
    return TakuzuGrid(height, width, tuple(cells), unique_lines=draw(st.booleans()))


@settings(max_examples=40, deadline=None)
@given(partial_grids())
def test_backends_and_reference_agree(grid: TakuzuGrid) -> None:
    python = solve(grid, limit=3, backend="python")
    jit = solve(grid, limit=3, backend="jit")
    reference = cover.solve(grid, limit=3)
    assert python.count == jit.count == reference.count
    assert python.found == jit.found
    if jit.exhausted:
        assert set(jit.found) == set(reference.found)
    for fast in (False, True):
        _, count, _, _ = search_cells(grid.height, grid.width, grid.unique_lines, grid.cells,
                                      limit=3, keep=3, fast=fast, probe=True)
        assert count == jit.count


def test_budget_and_limits() -> None:
    result = solve(TakuzuGrid.empty(10), limit=0, budget=50, backend="jit")
    assert result.budget_reached and result.verdict is Verdict.SEVERAL
    assert result.nodes == 50
    one = solve(TakuzuGrid.empty(10), limit=1, backend="jit")
    assert one.count == 1 and not one.exhausted and not one.budget_reached


def test_shared_data_is_present_or_skipped() -> None:
    if not (SHARED_DATA / "takuzu").is_dir():
        pytest.skip("../shared/data/takuzu is absent")
    assert (SHARED_DATA / "takuzu" / "README.md").is_file()
