"""Kakuro's human-style solver: every step sound, the ladder's levels, hints."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import shared_file
from grille.kakuro import KIND, KakuroGrid, parse
from grille.kakuro.formats import read
from grille.kakuro.logic.board import Board
from grille.kakuro.logic.explain import sweep_path, walk
from grille.kakuro.logic.rating import level_of
from grille.kakuro.logic.techniques import (
    LADDER,
    TECHNIQUES,
    KakuroTechnique,
    _area_support,
    area_sum,
)
from grille.logic import Step

SMALL = "#  4\\ 3\\\n\\3 .  .\n\\4 .  ."


def _shared() -> list[KakuroGrid]:
    entries = read(shared_file("kakuro", "janko_kakuro.txt").read_text())
    entries += read(shared_file("kakuro", "nikoli_gecode_and_wikipedia.txt").read_text())
    return [entry.puzzle for entry in entries]


def _sound(step: Step, solution: KakuroGrid) -> bool:
    cols = solution.cols
    return all(solution.cells[r * cols + c] == d for r, c, d in step.placements) and all(
        solution.cells[r * cols + c] != d for r, c, d in step.eliminations
    )


def _cp(grid: KakuroGrid) -> str:
    stats = grid.meta("stats") or ""
    return stats.split("cp_level=")[1][0]


@pytest.mark.shared_data
def test_every_step_is_sound_and_each_technique_is_used() -> None:
    puzzles = _shared()
    chosen = [g for g in puzzles if len(g.whites) < 90][:25] + [
        g for g in puzzles if _cp(g) in "CS" and len(g.whites) < 250
    ]
    used = set()
    for puzzle in chosen:
        solution = puzzle.listed_solution()
        assert solution is not None
        explanation = KIND.explain(puzzle)
        assert explanation.solved, puzzle.meta("id")
        assert explanation.final.values == solution.values
        for step in explanation.steps:
            assert _sound(step, solution), (puzzle.meta("id"), step)
            assert step.explanation
            used.add(step.technique.split()[0])
    assert {"Last", "Single", "Unique", "Intersection", "Combination", "Area"} <= used


@pytest.mark.shared_data
def test_levels_agree_with_cp_level() -> None:
    """B -> easy or medium, C -> hard, S -> very hard (on the smaller puzzles)."""
    agree = total = 0
    for puzzle in _shared():
        if len(puzzle.whites) > 250:
            continue
        level = KIND.rate(puzzle).level
        expected = {"B": ("easy", "medium"), "C": ("hard",), "S": ("very hard",)}[_cp(puzzle)]
        agree += level in expected
        total += 1
    assert agree / total >= 0.95


def test_unique_combination_wording() -> None:
    grid = parse("#   \\  16\\ 23\\\n#   24\\ .  .\n\\16 .  .  .\n\\23 .  .  .")
    step = next(s for s, _ in walk(Board.from_grid(grid)) if s.technique == "Unique combination")
    assert "= {7,9}" in step.explanation or "= {6,8,9}" in step.explanation


def test_rating_fields_and_levels() -> None:
    rating = KIND.rate(parse(SMALL))
    assert rating.solved and rating.fields()[0] == rating.level == "easy"
    assert [level_of(x) for x in (1.0, 2.0, 3.5, 6.0)] == ["easy", "medium", "hard", "very hard"]


def test_hints_at_every_depth() -> None:
    puzzle = parse(SMALL)
    first = KIND.hint(puzzle, depth=1)
    assert first.text.startswith("Look at")
    assert KIND.hint(puzzle, depth=2).text.startswith("Try a")
    full = KIND.hint(puzzle, depth=4)
    assert full.step is not None and full.text.startswith(full.step.technique)
    applied = KIND.hint(puzzle, depth=5)
    assert applied.after is not None and applied.after != puzzle


def test_hint_points_out_a_wrong_digit_first() -> None:
    state = KIND.apply(parse(SMALL), "r2c2=2")
    found = KIND.hint(state, depth=3)
    assert "r2c2 holds 2, which is wrong" in found.text and found.mistakes


def test_techniques_return_nothing_on_a_solved_board() -> None:
    solved = KIND.solve(parse(SMALL)).solution
    assert solved is not None
    board = Board.from_grid(solved)
    assert board.solved
    assert all(next(technique(board), None) is None for technique in TECHNIQUES)


AREA = Path(__file__).parent / "fixtures" / "kakuro" / "area.txt"


def _below_area_sums() -> tuple[KakuroTechnique, ...]:
    return LADDER[: [t.every for t in LADDER].index(area_sum)]


def test_area_sum_on_three_outies_unblocks_the_ladder() -> None:
    """A generated 9x9 (``--level "very hard" --seed 0`` when it was made): every
    technique below area sums gets stuck, and the area of two across runs under one down
    run leaves three outies adding up to 7."""
    puzzle = parse(AREA.read_text())
    solution = KIND.solve(puzzle).solution
    assert solution is not None
    _, board = sweep_path(puzzle, _below_area_sums())
    assert not board.solved
    step = next(s for s in area_sum(board) if "r8c7 + r8c8 + r9c8 = 7" in s.explanation)
    assert len({(r, c) for r, c, _ in step.eliminations}) == 3
    assert _sound(step, solution)
    explanation = KIND.explain(puzzle)
    assert explanation.solved and explanation.final.values == solution.values
    assert all(_sound(s, solution) for s in explanation.steps)
    assert "Area sum" in {s.technique for s in explanation.steps}


def test_area_support_keeps_cells_of_one_run_distinct() -> None:
    grid = parse(SMALL)
    board = Board.from_grid(grid)
    # r2c2 and r2c3 share the across run: 3 = 1 + 2 only, never 1 + 1 or 2 + 2 twice
    support = _area_support(board, [grid.cols + 1, grid.cols + 2], 3)
    assert support == [0b11, 0b11]
    assert _area_support(board, [grid.cols + 1, grid.cols + 2], 2) is None
    # r2c2 and r3c3 share no run: 2 = 1 + 1 is allowed
    assert _area_support(board, [grid.cols + 1, 2 * grid.cols + 2], 2) == [0b1, 0b1]


@pytest.mark.shared_data
def test_area_sums_are_sound_on_shared_puzzles() -> None:
    """Every area step found along the solve paths of small shared puzzles (innies and
    outies, up to AREA_CELLS cells) agrees with the listed solution."""
    sizes: set[tuple[int, str]] = set()
    picked = ("janko-kakuro-091", "janko-kakuro-098", "janko-kakuro-511")
    puzzles = _shared()
    chosen = [g for g in puzzles if g.meta("id") in picked] + [
        g for g in puzzles if len(g.whites) < 50][:8]
    for puzzle in chosen:
        solution = puzzle.listed_solution()
        assert solution is not None
        board = Board.from_grid(puzzle)
        boards = [board] + [after for i, (_, after) in enumerate(walk(board)) if i % 8 == 0]
        for state in boards:
            for step in area_sum(state):
                assert _sound(step, solution), (puzzle.meta("id"), step.explanation)
                cells = {(r, c) for r, c, _ in step.eliminations + step.placements}
                sizes.add((len(cells), "in" if "covered by" in step.explanation else "out"))
    assert max(size for size, _ in sizes) >= 3
    assert {"in", "out"} <= {side for _, side in sizes}
