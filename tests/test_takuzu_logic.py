"""Takuzu logic: every step sound, each technique on its pattern, levels, hints."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import shared_file
from grille.takuzu import KIND, TakuzuGrid, formats
from grille.takuzu.generate import GenerateParams, generate
from grille.takuzu.grid import EMPTY
from grille.takuzu.logic import explain, rate
from grille.takuzu.logic.techniques import (
    duplicate_line,
    gap_counting,
    line_balance,
    line_completions,
    needs_one_more,
    pair,
    sandwich,
)

DATA = ("janko_binairo.txt", "takuzu_vue_square.txt", "takuzu_vue_rect.txt")
LEVEL_OF_UNRULY = {"trivial": {"easy"}, "easy": {"easy"}, "normal": {"medium"},
                   "beyond": {"hard", "very hard"}}


def _sound(puzzle: TakuzuGrid, solution: str) -> None:
    path = explain(puzzle)
    assert path.solved
    assert path.final.line() == solution
    for step in path.steps:
        assert step.placements and step.explanation
        for row, col, value in step.placements:
            assert int(solution[row * puzzle.width + col]) == value, (step, puzzle)


@pytest.mark.parametrize("name", DATA)
def test_every_step_is_sound_on_the_shared_data(name: str) -> None:
    path = shared_file("takuzu", name)
    levels: Counter[bool] = Counter()
    for entry in formats.read(path.read_text()):
        puzzle = entry.puzzle
        solution = puzzle.meta("solution")
        assert solution is not None
        _sound(puzzle, solution)
        level = rate(puzzle).level
        levels[level in LEVEL_OF_UNRULY[puzzle.meta("unruly_level") or ""]] += 1
    assert levels[True] >= 0.9 * sum(levels.values()), levels


def test_variant_steps_are_sound_without_unique_lines() -> None:
    path = shared_file("takuzu", "variant_no_unique_rule", "janko_binairo_nounique.txt")
    for entry in formats.read(path.read_text())[:15]:
        puzzle = entry.puzzle.with_rules(unique_lines=False)
        _sound(puzzle, puzzle.meta("solution") or "")


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([(4, 4), (6, 6), (8, 8), (6, 10)]), st.integers(0, 10**6),
       st.booleans())
def test_every_step_is_sound_on_generated_puzzles(size: tuple[int, int], seed: int,
                                                  unique: bool) -> None:
    puzzle = generate(GenerateParams(*size, unique_lines=unique), seed)
    solution = KIND.solve(puzzle).solution
    assert solution is not None
    _sound(puzzle, solution.line())


def _grid(text: str, *, unique: bool = True) -> TakuzuGrid:
    return TakuzuGrid.from_string(text, unique_lines=unique)


def test_techniques_on_their_patterns() -> None:
    step = pair(_grid(".00./..../..../...."))
    assert step is not None and set(step.placements) == {(0, 0, 1), (0, 3, 1)}
    step = sandwich(_grid("1.1./..../..../...."))
    assert step is not None and step.placements == ((0, 1, 0),)
    step = line_balance(_grid("1.1./..../..../....".replace("1.1.", ".1.1")))
    assert step is not None and step.placements == ((0, 0, 0), (0, 2, 0))
    step = duplicate_line(_grid("1001/10../..../...."))
    assert step is not None and step.placements == ((1, 2, 1), (1, 3, 0))
    assert duplicate_line(_grid("1001/10../..../....", unique=False)) is None
    # row 1 needs one more 1 and four 0s: the 1 is in the window r1c6..8, so r1c2, r1c4 = 0
    step = needs_one_more(_grid("1.1.1.../......../......../......../......../......../"
                                "......../........"))
    assert step is not None and step.placements == ((0, 1, 0), (0, 3, 0))
    step = gap_counting(_grid("..1..1..1.1./............/............/............/"
                              "............/............"))
    assert step is None or all(v in (0, 1) for _, _, v in step.placements)
    step = line_completions(_grid("1.....0./......../......../......../......../......../"
                                  "......../........"))
    assert step is None or step.technique == "Line completions"


def test_rating_fields_and_levels() -> None:
    easy = generate(GenerateParams(6, 6, "easy"), 3)
    rating = KIND.rate(easy)
    assert rating.level == "easy" and rating.fields()[0] == "easy"
    assert repr(rating).startswith("<Rating easy")


def test_hints_grade_and_point_out_mistakes() -> None:
    puzzle = generate(GenerateParams(6, 6, "easy"), 7)
    solution = KIND.solve(puzzle).solution
    assert solution is not None
    nudge = KIND.hint(puzzle, depth=1)
    assert nudge.text.startswith("Look at") and nudge.step is not None
    assert KIND.hint(puzzle, depth=2).text.startswith("Try a")
    applied = KIND.hint(puzzle, depth=5)
    assert applied.after is not None and applied.after.empty_count < puzzle.empty_count
    cell = puzzle.cells.index(EMPTY)
    row, col = divmod(cell, puzzle.width)
    wrong = KIND.apply(puzzle, f"r{row + 1}c{col + 1}={1 - solution.cells[cell]}")
    mistake = KIND.hint(wrong)
    assert "wrong" in mistake.text and mistake.mistakes
    assert KIND.hint(solution.with_cells(solution.cells)).text == "The grid is solved."
