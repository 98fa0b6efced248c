"""Uniqueness techniques: unique rectangles and loops, BUG types 1-4, on hand-made boards."""

from __future__ import annotations

import pytest

from conftest import shared_file
from grille.sudoku import Grid
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.explain import ladder
from grille.sudoku.logic.uniqueness import (
    BUG_TECHNIQUES,
    UNIQUENESS_TECHNIQUES,
    bivalue_universal_grave,
    bug_plus_one,
    hidden_unique_rectangle,
    unique_loop,
    unique_rectangle_type_1,
    unique_rectangle_type_2,
    unique_rectangle_type_3,
    unique_rectangle_type_4,
)
from grille.sudoku.solver import solve
from logic_support import replay
from test_sudoku_logic_chains import pattern

TYPE_1 = {"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "123"}


def test_type_1_clears_the_fourth_corner() -> None:
    step = unique_rectangle_type_1(pattern(TYPE_1))
    assert step is not None and step.technique == "Unique Rectangle Type 1"
    assert step.eliminations == ((1, 3, 1), (1, 3, 2))
    assert step.difficulty == 4.5
    assert "two solutions" in step.explanation


def test_type_1_needs_two_boxes() -> None:
    one_box = {"r1c1": "12", "r1c2": "12", "r2c1": "12", "r2c2": "123"}
    four_boxes = {"r1c1": "12", "r1c4": "12", "r4c1": "12", "r4c4": "123"}
    assert unique_rectangle_type_1(pattern(one_box)) is None
    assert unique_rectangle_type_1(pattern(four_boxes)) is None


def test_type_2_removes_the_shared_extra_from_common_peers() -> None:
    spec = {"r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "123", "r2c7": "35"}
    step = unique_rectangle_type_2(pattern(spec))
    assert step is not None and step.eliminations == ((1, 6, 3),)
    assert step.difficulty == 4.5


def test_type_2_needs_the_same_extra() -> None:
    spec = {"r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "124", "r2c7": "35"}
    assert unique_rectangle_type_2(pattern(spec)) is None


def test_type_3_naked_set_with_the_roof() -> None:
    spec = {"r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "124", "r2c7": "34", "r2c8": "345"}
    step = unique_rectangle_type_3(pattern(spec))
    assert step is not None and step.technique == "Unique Rectangle Type 3"
    assert step.eliminations == ((1, 7, 3), (1, 7, 4))
    assert step.difficulty == 4.6  # a pair: 4.5 + 0.1


def test_type_3_triple_rates_higher() -> None:
    spec = {
        "r1c1": "12",
        "r1c4": "12",
        "r2c1": "123",
        "r2c4": "124",
        "r2c7": "35",
        "r2c8": "45",
        "r2c9": "3456",
    }
    step = unique_rectangle_type_3(pattern(spec))
    assert step is not None and step.difficulty == 4.7
    assert step.eliminations == ((1, 8, 3), (1, 8, 4), (1, 8, 5))


def test_type_4_locked_digit_in_the_roof() -> None:
    spec = {"r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "124", "r2c7": "23"}
    step = unique_rectangle_type_4(pattern(spec))
    assert step is not None and step.technique == "Unique Rectangle Type 4"
    assert step.eliminations == ((1, 0, 2), (1, 3, 2))
    assert step.units == ("row 2",)


def test_type_4_needs_a_conjugate_pair() -> None:
    spec = {"r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "124", "r2c7": "12"}
    assert unique_rectangle_type_4(pattern(spec)) is None


HIDDEN = {"r1c1": "12", "r1c4": "125", "r2c1": "126", "r2c4": "123", "r2c7": "27", "r3c4": "28"}


def test_hidden_rectangle_uses_two_conjugate_pairs() -> None:
    step = hidden_unique_rectangle(pattern(HIDDEN))
    assert step is not None and step.technique == "Hidden Unique Rectangle"
    assert step.eliminations == ((1, 3, 2),)
    assert step.difficulty == 4.6


def test_hidden_rectangle_needs_both_conjugate_pairs() -> None:
    assert hidden_unique_rectangle(pattern({**HIDDEN, "r5c4": "15"})) is None


# A 4x4 grid whose every cell holds {1, 2} or {3, 4}: a BUG, every digit twice in every unit.
BUG_4X4 = {
    f"r{r + 1}c{c + 1}": ("12" if digit in "12" else "34")
    for r, row in enumerate(("1234", "3412", "2143", "4321"))
    for c, digit in enumerate(row)
}


def test_bug_plus_one_places_the_digit_seen_three_times() -> None:
    step = bug_plus_one(pattern({**BUG_4X4, "r1c1": "123"}, Shape(2, 2)))
    assert step is not None and step.technique == "BUG+1"
    assert step.placements == ((0, 0, 3),)
    assert step.difficulty == 5.6


def test_no_bug_plus_one_without_a_single_odd_cell() -> None:
    assert bug_plus_one(pattern(BUG_4X4, Shape(2, 2))) is None
    two_odd = {**BUG_4X4, "r1c1": "123", "r4c4": "123"}
    assert bug_plus_one(pattern(two_odd, Shape(2, 2))) is None


def test_rectangles_work_on_a_6x6_grid() -> None:
    spec = {"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "126"}
    step = unique_rectangle_type_1(pattern(spec, Shape(2, 3)))
    assert step is not None and step.eliminations == ((1, 3, 1), (1, 3, 2))


def test_ladder_order() -> None:
    assert UNIQUENESS_TECHNIQUES[0] is unique_rectangle_type_1
    assert UNIQUENESS_TECHNIQUES.index(unique_loop) == 4  # after the four rectangle types
    assert UNIQUENESS_TECHNIQUES[-2:] == BUG_TECHNIQUES == (bug_plus_one, bivalue_universal_grave)


# -- unique loops --------------------------------------------------------------------------

# Six cells on rows 1-3, columns 1, 4, 7 and boxes 1-3, each unit holding two of them.
LOOP = {"r1c1": "12", "r1c4": "12", "r2c4": "12", "r2c7": "12", "r3c7": "12", "r3c1": "12"}


def test_loop_type_1() -> None:
    step = unique_loop(pattern({**LOOP, "r3c1": "123"}))
    assert step is not None and step.technique == "Unique Loop Type 1"
    assert step.eliminations == ((2, 0, 1), (2, 0, 2))
    assert step.difficulty == 4.6
    assert set(step.cells) == {(0, 0), (0, 3), (1, 3), (1, 6), (2, 6), (2, 0)}
    assert len(step.links) == 6
    assert "two solutions" in step.explanation


def test_loop_type_2() -> None:
    step = unique_loop(pattern({**LOOP, "r1c4": "123", "r3c7": "123", "r1c7": "35"}))
    assert step is not None and step.technique == "Unique Loop Type 2"
    assert step.eliminations == ((0, 6, 3),)


def test_loop_type_3_rates_its_naked_set() -> None:
    spec = {**LOOP, "r2c4": "124", "r2c7": "125", "r2c9": "45", "r2c8": "12456"}
    step = unique_loop(pattern(spec))
    assert step is not None and step.technique == "Unique Loop Type 3"
    assert step.eliminations == ((1, 7, 4), (1, 7, 5))
    assert step.difficulty == 4.7  # 4.6 + 0.1 for a pair


def test_loop_type_4() -> None:
    step = unique_loop(pattern({**LOOP, "r2c4": "124", "r2c7": "125"}))
    assert step is not None and step.technique == "Unique Loop Type 4"
    assert step.eliminations == ((1, 3, 2), (1, 6, 2))
    assert step.units == ("row 2",)


def test_no_loop_when_a_unit_holds_one_cell() -> None:
    broken = {name: digits for name, digits in LOOP.items() if name != "r3c7"}
    assert unique_loop(pattern({**broken, "r3c8": "12", "r3c1": "123"})) is None


def test_longer_loops_rate_higher() -> None:
    # eight cells: rows 1-4, columns 1, 4, 7, 8
    spec = {
        "r1c1": "12", "r1c4": "12", "r2c4": "12", "r2c7": "12",
        "r4c7": "12", "r4c8": "12", "r3c8": "12", "r3c1": "123",
    }
    step = unique_loop(pattern(spec))
    assert step is not None and len(step.links) == 8
    assert step.difficulty == 4.7 and step.eliminations == ((2, 0, 1), (2, 0, 2))


def test_rectangles_are_left_to_the_rectangle_techniques() -> None:
    assert unique_loop(pattern(TYPE_1)) is None


# -- BUG types 2 to 4 ----------------------------------------------------------------------

# A 4x4 BUG with mixed pairs: the cells where two solutions of the grid differ.
MIXED_BUG = {
    f"r{r + 1}c{c + 1}": "".join(sorted(a + b))
    for r, (row_a, row_b) in enumerate(zip(
        ("1234", "3412", "2143", "4321"), ("2413", "1324", "4231", "3142"), strict=True
    ))
    for c, (a, b) in enumerate(zip(row_a, row_b, strict=True))
}


def test_bug_type_2_removes_the_shared_extra() -> None:
    board = pattern({**MIXED_BUG, "r1c1": "123", "r1c2": "234"}, Shape(2, 2))
    step = bivalue_universal_grave(board)
    assert step is not None and step.technique == "BUG Type 2"
    assert step.eliminations == ((0, 2, 3), (0, 3, 3), (1, 0, 3), (1, 1, 3))
    assert step.difficulty == 5.7


def test_bug_type_4_uses_the_conjugate_digit() -> None:
    board = pattern({**MIXED_BUG, "r1c1": "124", "r1c2": "124"}, Shape(2, 2))
    step = bivalue_universal_grave(board)
    assert step is not None and step.technique == "BUG Type 4"
    assert step.eliminations == ((0, 0, 1), (0, 1, 4))
    assert step.units == ("box 1",)


def test_bug_type_3_naked_set() -> None:
    rows = ("123|24|356|14|56|36", "14|56|36|12|24|35", "24|35|12|56|36|14",
            "56|36|14|24|35|12", "35|12|24|36|14|56", "36|14|56|35|12|24")
    spec = {
        f"r{r + 1}c{c + 1}": digits
        for r, row in enumerate(rows)
        for c, digits in enumerate(row.split("|"))
    }
    step = bivalue_universal_grave(pattern(spec, Shape(2, 3)))
    assert step is not None and step.technique == "BUG Type 3"
    assert step.eliminations == ((1, 1, 6),)
    assert step.difficulty == 5.8  # a pair: 5.7 + 0.1


def test_no_bug_types_2_to_4_for_a_single_bug_cell() -> None:
    assert bivalue_universal_grave(pattern({**MIXED_BUG, "r1c1": "123"}, Shape(2, 2))) is None
    assert bivalue_universal_grave(pattern(MIXED_BUG, Shape(2, 2))) is None


@pytest.mark.parametrize("number", [202])
def test_unique_loop_replays_soundly(number: int) -> None:
    """A shared puzzle (magictour top1465) whose SE-order solve path needs a unique loop."""
    puzzle = shared_file("sudoku", "magictour_top1465.txt").read_text().split()[number]
    grid = Grid.from_string(puzzle)
    result = solve(grid, limit=2)
    assert result.unique and result.solution is not None
    steps = replay(grid, result.solution, ladder(unique=True, rating=True))
    assert any(step.technique.startswith("Unique Loop") for step in steps)
