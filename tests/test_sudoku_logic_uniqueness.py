"""Uniqueness techniques: unique rectangles and loops, BUG types 1-4, on hand-made boards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import shared_file
from grille.logic import walk
from grille.sudoku import Grid
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.explain import ladder
from grille.sudoku.logic.techniques import GRILLE, up_to
from grille.sudoku.logic.uniqueness import kernel as loop_kernel
from grille.sudoku.logic.uniqueness.bug import (
    _find_bug,
    _may_be_bug,
    bivalue_universal_grave,
    bug_plus_one,
)
from grille.sudoku.logic.uniqueness.loops import (
    _colex,
    _se_value,
    deadly_loops,
    unique_loop,
    unique_rectangles_and_loops,
)
from grille.sudoku.logic.uniqueness.rectangles import (
    hidden_unique_rectangle,
    unique_rectangle_type_1,
    unique_rectangle_type_2,
    unique_rectangle_type_3,
    unique_rectangle_type_4,
)
from grille.sudoku.solver import solve
from logic_support import pattern, replay

UP_TO_XYZ_WING = up_to("XYZ-Wing")
UNIQUENESS_TECHNIQUES = tuple(t for t in ladder(unique=True) if GRILLE in t.scales and t.unique)

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
    finders = [t.find for t in UNIQUENESS_TECHNIQUES]
    assert finders[0] is unique_rectangle_type_1
    assert finders.index(unique_loop) == 4  # after the four rectangle types
    assert finders[-2:] == [bug_plus_one, bivalue_universal_grave]


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


@pytest.mark.parametrize("number", [377])
def test_unique_loop_replays_soundly(number: int) -> None:
    """A shared puzzle (magictour top1465) whose SE-order solve path needs a unique loop."""
    puzzle = shared_file("sudoku", "magictour_top1465.txt").read_text().split()[number]
    grid = Grid.from_string(puzzle)
    result = solve(grid, limit=2)
    assert result.unique and result.solution is not None
    steps = replay(grid, result.solution, ladder(unique=True, rating=True))
    assert any(step.technique.startswith("Unique Loop") for step in steps)


# -- the compiled loop search --------------------------------------------------------------

FEW_DIGITS = (0b11, 0b11, 0b11, 0b111, 0b1011, 0b101, 0b110, 0b1111)
"""Marks on digits 1-4, mostly the pair 1-2: boards full of rectangles and loops."""


@st.composite
def loop_boards(draw: st.DrawFn) -> Board:
    """A small board whose few empty cells hold marks from :data:`FEW_DIGITS`."""
    shape = draw(st.sampled_from((Shape(2, 2), Shape(2, 3), Shape(3, 3))))
    n = shape.size
    empty = draw(st.lists(st.integers(0, n * n - 1), min_size=4, max_size=16, unique=True))
    cells = [n] * (n * n)
    marks = [0] * (n * n)
    for cell in empty:
        cells[cell] = 0
        marks[cell] = draw(st.sampled_from(FEW_DIGITS))
    return Board(shape, cells, marks)


@settings(max_examples=80, deadline=None)
@given(loop_boards(), st.sampled_from((4, 6)))
def test_compiled_loop_search_matches_the_plain_one(board: Board, min_length: int) -> None:
    assert deadly_loops(board, min_length) == deadly_loops(board, min_length, compiled=False)


def basic_positions(count: int) -> list[Board]:
    """Every board of the first ``count`` top1465 puzzles on a walk with the basic ladder."""
    lines = shared_file("sudoku", "magictour_top1465.txt").read_text().split()[:count]
    boards = []
    for line in lines:
        board = Board.from_grid(Grid.from_string(line))
        boards.append(board)
        for _, after in walk(board, UP_TO_XYZ_WING):
            boards.append(after)
    return boards


def test_compiled_loop_search_matches_on_real_positions() -> None:
    boards = basic_positions(12)
    found = 0
    for board in boards:
        fast = deadly_loops(board, 4)
        assert fast == deadly_loops(board, 4, compiled=False)
        found += len(fast)
    assert found > 0  # the sample does hold rectangles


def test_loop_search_grows_its_buffer(monkeypatch: pytest.MonkeyPatch) -> None:
    board = pattern({**LOOP, "r3c1": "123"})
    expected = deadly_loops(board, 4, compiled=False)
    assert len(expected) > 3  # one loop, closed through rows or boxes, in both directions
    monkeypatch.setattr(loop_kernel, "_FIRST_OUTPUT", 3)
    loop_kernel._buffers.cache_clear()
    try:
        assert deadly_loops(board, 4) == expected
        assert deadly_loops(board, 4) == expected  # nothing left over from the overflow
    finally:
        loop_kernel._buffers.cache_clear()


def test_loops_begin_at_their_start_cell() -> None:
    board = pattern({**LOOP, "r3c1": "123"})
    loops = deadly_loops(board, 6)
    assert {loop[0] for loop in loops} == {0}  # r1c1, the first cell holding only 1 and 2
    assert all(len(loop) == 6 for loop in loops)


# -- the BUG's quick test ------------------------------------------------------------------


@st.composite
def near_bugs(draw: st.DrawFn) -> Board:
    """The 4x4 BUG of :data:`MIXED_BUG` with a few extra digits added here and there."""
    spec = dict(MIXED_BUG)
    for name in draw(st.lists(st.sampled_from(sorted(spec)), max_size=5)):
        spec[name] = "".join(sorted(set(spec[name]) | {draw(st.sampled_from("1234"))}))
    return pattern(spec, Shape(2, 2))


@settings(max_examples=200, deadline=None)
@given(near_bugs())
def test_quick_bug_test_never_hides_a_bug(board: Board) -> None:
    if _find_bug(board) is not None:
        assert _may_be_bug(board)


def test_quick_bug_test_keeps_the_shared_examples() -> None:
    boards = [
        pattern({**MIXED_BUG, "r1c1": "123", "r1c2": "234"}, Shape(2, 2)),
        pattern({**MIXED_BUG, "r1c1": "124", "r1c2": "124"}, Shape(2, 2)),
    ]
    for board in boards:
        assert _may_be_bug(board) and _find_bug(board) is not None
    assert not _may_be_bug(pattern(MIXED_BUG, Shape(2, 2)))  # no cell with extras


def test_quick_bug_test_on_real_positions() -> None:
    for board in basic_positions(12):
        if not _may_be_bug(board):
            assert _find_bug(board) is None


# -- SE's UniqueLoops producer: rectangles and loops together, in SE's order -----------------


def test_colex_is_the_order_of_se_permutations() -> None:
    # tools/Permutations.java's example: 3 of 5 bits, in increasing binary numbers
    expected = ["00111", "01011", "01101", "01110", "10011", "10101", "10110", "11001",
                "11010", "11100"]
    numbers = ["".join("1" if i in chosen else "0" for i in reversed(range(5)))
               for chosen in _colex(range(5), 3)]
    assert numbers == expected


def test_se_values_order_as_se_sums_them() -> None:
    assert _se_value(4) == 4.5 and _se_value(6) == 4.6 and _se_value(10) == 5.0
    # 4.6 + 0.1 is a hair below 4.5 + 0.2 in binary: SE sorts a 6-cell loop's type 3 with a
    # pair before an 8-cell loop's type 1, though both print as 4.7
    assert _se_value(6, 1) < _se_value(8)
    assert round(_se_value(6, 1), 1) == round(_se_value(8), 1) == 4.7


# A rectangle's roof r2c1, r2c4 whose extras 3 and 4 make no naked set in row 2, but 1 and 2
# fit only in the roof (one cell, as it holds at most one of them) and r2c7: a hidden pair.
HIDDEN_PAIR_RECTANGLE = {
    "r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "124",
    "r2c7": "125", "r2c8": "56", "r2c9": "567",
}


def test_rectangle_type_3_with_a_hidden_pair() -> None:
    board = pattern(HIDDEN_PAIR_RECTANGLE)
    step = unique_rectangles_and_loops(board)
    assert step is not None and step.technique == "Unique Rectangle Type 3"
    assert step.eliminations == ((1, 6, 5),)  # r2c7 keeps 1 and 2
    assert step.units == ("row 2",)
    assert step.difficulty == 4.5  # SE: 0.1 per hidden cell beyond the first, none here
    assert "at most one of 1 and 2" in step.explanation
    # grille's own rectangle techniques know only the naked set
    assert all(technique(board) is None for technique in UNIQUENESS_TECHNIQUES[:4])


def test_loop_type_3_with_a_hidden_pair() -> None:
    spec = {**LOOP, "r2c4": "124", "r2c7": "125", "r2c2": "126", "r2c8": "67", "r2c9": "678"}
    step = unique_loop(pattern(spec))
    assert step is not None and step.technique == "Unique Loop Type 3"
    assert step.eliminations == ((1, 1, 6),)  # r2c2 keeps 1 and 2
    assert step.difficulty == 4.6
    assert (1, 1) in step.cells and step.units == ("row 2",)


def test_hidden_set_needs_every_digit_in_the_unit() -> None:
    spec = {**HIDDEN_PAIR_RECTANGLE, "r2c8": "156"}  # 1 now fits in r2c8 as well
    assert unique_rectangles_and_loops(pattern(spec)) is None


# A rectangle (rows 1-2) with a type 3 naked pair at 4.6, and a 6-cell loop (rows 7-9) with
# a type 1 at 4.6: SE's producer sorts them together, type 1 first; grille's ladder used to
# try the rectangles first.
RECTANGLE_AND_LOOP = {
    "r1c1": "56", "r1c4": "56", "r2c1": "567", "r2c4": "568",
    "r2c7": "78", "r2c8": "5679", "r2c9": "569",
    "r7c1": "12", "r7c4": "12", "r8c4": "12", "r8c7": "12", "r9c7": "12", "r9c1": "123",
}


def test_loop_type_1_comes_before_a_rectangle_type_3_of_the_same_value() -> None:
    board = pattern(RECTANGLE_AND_LOOP)
    rectangle = unique_rectangle_type_3(board)
    assert rectangle is not None and rectangle.difficulty == 4.6  # what the old ladder took
    assert all(technique(board) is None for technique in UNIQUENESS_TECHNIQUES[:3])
    step = unique_rectangles_and_loops(board)
    assert step is not None and step.technique == "Unique Loop Type 1"
    assert step.eliminations == ((8, 0, 1), (8, 0, 2)) and step.difficulty == 4.6


def test_the_rating_ladder_takes_se_producer() -> None:
    rating = ladder(unique=True, rating=True)
    assert unique_rectangles_and_loops in [t.find for t in rating]
    assert not set(UNIQUENESS_TECHNIQUES[:5]) & set(rating)


# The roof r1c1, r1c2 shares row 1 and box 1: 2 is locked to it in row 1, 1 in box 1.
LOCKED_TWICE = {
    "r1c1": "123", "r1c2": "124", "r4c1": "12", "r4c2": "12", "r1c5": "15", "r2c3": "26",
}


def test_type_4_prefers_the_first_digit_as_se_does() -> None:
    board = pattern(LOCKED_TWICE)
    old = unique_rectangle_type_4(board)
    assert old is not None and old.eliminations == ((0, 0, 1), (0, 1, 1))  # row 1 first
    step = unique_rectangles_and_loops(board)
    assert step is not None and step.technique == "Unique Rectangle Type 4"
    assert step.eliminations == ((0, 0, 2), (0, 1, 2))  # SE: 1 locked (box 1), 2 removed
    assert step.units == ("box 1",)


# The same roof with a naked pair 3-4 in box 1 (r2c3) and in row 1 (r1c5); 1 and 2 appear
# elsewhere in both, so no type 4 and no hidden pair.
NAKED_TWICE = {
    "r1c1": "123", "r1c2": "124", "r4c1": "12", "r4c2": "12",
    "r2c3": "34", "r3c3": "345", "r2c2": "18", "r3c2": "28",
    "r1c5": "34", "r1c6": "346", "r1c8": "17", "r1c9": "27",
}


def test_type_3_looks_in_the_box_first_as_se_does() -> None:
    board = pattern(NAKED_TWICE)
    old = unique_rectangle_type_3(board)
    assert old is not None and old.eliminations == ((0, 5, 3), (0, 5, 4))  # row 1 first
    step = unique_rectangles_and_loops(board)
    assert step is not None and step.technique == "Unique Rectangle Type 3"
    assert step.eliminations == ((2, 2, 3), (2, 2, 4))  # SE: box, row, column
    assert step.units == ("box 1",) and step.difficulty == 4.6


def test_rectangle_type_1_is_found_by_se_producer() -> None:
    step = unique_rectangles_and_loops(pattern(TYPE_1))
    assert step is not None and step.technique == "Unique Rectangle Type 1"
    assert step.eliminations == ((1, 3, 1), (1, 3, 2)) and step.difficulty == 4.5


def test_se_producer_is_sound_where_the_basic_ladder_stalls() -> None:
    """On top1465 puzzles walked with singles .. XYZ-Wing, no hint removes a solution digit."""
    lines = shared_file("sudoku", "magictour_top1465.txt").read_text().split()[:60]
    found = 0
    for line in lines:
        grid = Grid.from_string(line)
        solution = solve(grid, limit=2).solution
        assert solution is not None
        board = Board.from_grid(grid)
        for _, after in walk(board, UP_TO_XYZ_WING):
            board = after
        step = unique_rectangles_and_loops(board)
        if step is None:
            continue
        found += 1
        n = board.n
        assert all(solution.cells[row * n + col] != digit
                   for row, col, digit in step.eliminations)
    assert found > 0
