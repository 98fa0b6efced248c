"""Uniqueness techniques: unique rectangles (types 1-4, hidden) and BUG+1, on hand-made boards."""

from __future__ import annotations

from grille.sudoku.geometry import Shape
from grille.sudoku.logic.uniqueness import (
    UNIQUENESS_TECHNIQUES,
    bug_plus_one,
    hidden_unique_rectangle,
    unique_rectangle_type_1,
    unique_rectangle_type_2,
    unique_rectangle_type_3,
    unique_rectangle_type_4,
)
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
    assert UNIQUENESS_TECHNIQUES[-1] is bug_plus_one
