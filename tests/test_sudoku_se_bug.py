"""SE's Bivalue Universal Grave (issue #18): the rating ladders take SE 1.2.1.3's BUG type 1
(``BivalueUniversalGrave.addBug1Hint``: one BUG cell, however many extra digits, keeps only
them), grille's own ladder keeps its BUG+1 that places the digit. The rule is written in
docs/se-rules.md; the path below is SE's own (``sepath``, kept in
/work/oracle/sepath-17clue_10k-5000-5999.txt).
"""

from __future__ import annotations

from grille.sudoku import Grid, Shape
from grille.sudoku.logic.explain import explain, rate
from grille.sudoku.logic.techniques import GRILLE, SE, SUKAKU, ladder
from grille.sudoku.logic.uniqueness.bug import (
    bivalue_universal_grave,
    bug_plus_one,
    se_bug_type_1,
)
from logic_support import pattern

# A 4x4 grid whose every cell holds {1, 2} or {3, 4}: a BUG, every digit twice in every unit.
BUG_4X4 = {
    f"r{r + 1}c{c + 1}": ("12" if digit in "12" else "34")
    for r, row in enumerate(("1234", "3412", "2143", "4321"))
    for c, digit in enumerate(row)
}


def test_se_type_1_keeps_the_extra_digit_where_grille_places_it() -> None:
    board = pattern({**BUG_4X4, "r1c1": "123"}, Shape(2, 2))
    step = se_bug_type_1(board)
    assert step is not None and step.technique == "BUG+1"
    assert step.placements == ()
    assert step.eliminations == ((0, 0, 1), (0, 0, 2))
    assert step.difficulty == 5.6
    grille_step = bug_plus_one(board)
    assert grille_step is not None and grille_step.placements == ((0, 0, 3),)


def test_se_type_1_takes_a_cell_with_several_extra_digits() -> None:
    # r1c1 holds 3 and 4 besides its pair: each is seen three times in row 1 and box 1
    board = pattern({**BUG_4X4, "r1c1": "1234"}, Shape(2, 2))
    step = se_bug_type_1(board)
    assert step is not None
    assert step.eliminations == ((0, 0, 1), (0, 0, 2))
    assert "one of 3, 4" in step.explanation
    assert bug_plus_one(board) is None  # grille's BUG+1 wants one extra digit


def test_no_se_type_1_without_one_bug_cell() -> None:
    assert se_bug_type_1(pattern(BUG_4X4, Shape(2, 2))) is None
    two_cells = {**BUG_4X4, "r1c1": "123", "r4c4": "123"}
    assert se_bug_type_1(pattern(two_cells, Shape(2, 2))) is None


def test_each_ladder_has_its_bug_plus_one() -> None:
    def finder(scale: str) -> object:
        (found,) = (t.find for t in ladder(scale, unique=True) if t.name == "BUG+1")
        return found

    assert finder(GRILLE) is bug_plus_one
    assert finder(SE) is se_bug_type_1
    assert finder(SUKAKU) is se_bug_type_1


def six_by_six(rows: tuple[str, ...]) -> dict[str, str]:
    return {
        f"r{r + 1}c{c + 1}": digits
        for r, row in enumerate(rows)
        for c, digits in enumerate(row.split("|"))
    }


def test_se_type_3_takes_the_naked_cells_in_the_house_order_of_the_first_bug_cell() -> None:
    # BUG cells r4c1 (extra 1) and r5c1 (extra 2) share column 1, where r1c1 and r3c1 both
    # hold 1, 2: SE lists r4c1's box before its column (Cell.getHouseCells), so r3c1 first
    rows = ("12|12|36|34|45|56", "34|45|56|12|12|36", "12|36|12|45|56|34",
            "145|56|34|12|36|12", "236|12|12|56|34|45", "56|34|45|36|12|12")
    step = bivalue_universal_grave(pattern(six_by_six(rows), Shape(2, 3)))
    assert step is not None and step.technique == "BUG Type 3"
    assert step.cells == ((3, 0), (4, 0), (2, 0))
    assert step.eliminations == ((0, 0, 1), (0, 0, 2))
    assert step.difficulty == 5.8


def test_se_type_3_tries_cell_tuples_in_permutations_order() -> None:
    # BUG cells r5c1, r6c1 (extras 4, 5) in a box with r5c2 14, r5c3 25, r6c2 24, r6c3 15:
    # both {r5c2, r6c3} and {r5c3, r6c2} make a triple with 4, 5; SE's Permutations tries
    # the tuples by their largest member first, so the second
    rows = ("14|25|36|24|15|36", "24|15|36|14|25|36", "25|36|14|15|36|24",
            "15|36|24|25|36|14", "346|14|25|36|24|15", "356|24|15|36|14|25")
    step = bivalue_universal_grave(pattern(six_by_six(rows), Shape(2, 3)))
    assert step is not None and step.technique == "BUG Type 3"
    assert step.cells == ((4, 0), (5, 0), (4, 2), (5, 1))
    assert step.eliminations == ((4, 1, 4), (5, 2, 5))
    assert step.difficulty == 5.9


EXAMPLE = "..............1..2..3....4......5.....6...73..1..82......9.......473.....5......8"
"""SE 5.6/1.2/1.2 (grille's rating was 6.6): SE's BUG type 1 on A1 (r1c1), holding 1, 2, 5, 9
with the extra digits 1 and 2, keeps 1 and 2; grille's BUG+1 wanted one extra digit."""
EXAMPLE_SE_PATH = (
    "1.2 E4=7 | 1.2 E7=5 | 1.5 F1=3 | 1.2 F3=7 | 1.2 G2=3 | 1.2 I7=3 | 1.2 A9=3 | "
    "1.2 B4=3 | 1.2 D6=3 | 1.2 D4=6 | 1.5 F5=9 | 1.5 I1=7 | 2.0 Direct Hidden Pair | "
    "2.0 Direct Hidden Pair | 1.5 I6=4 | 1.5 A4=4 | 2.0 Direct Hidden Pair | "
    "2.6 Pointing | 2.6 Pointing | 1.5 I3=9 | 1.0 I8=6 | 1.5 F9=6 | 1.5 F7=4 | "
    "1.0 F8=8 | 1.2 G9=4 | 1.2 H9=9 | 1.2 G6=9 | 1.2 H6=6 | 1.2 H7=7 | 1.2 C9=7 | "
    "1.2 A6=7 | 1.0 C6=5 | 1.2 B2=7 | 1.2 B1=4 | 1.5 B8=9 | 2.0 Direct Hidden Pair | "
    "2.0 Direct Hidden Pair | 1.2 E5=4 | 1.0 D5=1 | 1.2 E9=1 | 1.0 D9=2 | "
    "2.0 Direct Hidden Pair | 1.2 G8=5 | 3.0 Naked Pair | 3.0 Naked Pair | 1.2 G1=6 | "
    "5.6 BUG type 1 | 1.2 A3=5 | 1.2 A2=9 | 1.0 E2=6 | 1.2 B3=6 | 1.2 D1=5 | 1.0 D3=8 | "
    "1.2 E1=9 | 1.0 E3=2 | 1.0 G3=1 | 1.0 H1=8 | 1.2 G4=8 | 1.0 H4=2 | 1.0 G7=2 | "
    "1.0 H8=1 | 1.0 A8=2 | 1.2 C1=2 | 1.0 A1=1 | 1.0 C7=1 | 1.2 B5=2 | 1.0 A5=8 | "
    "1.0 A7=6 | 1.0 B7=8"
)
"""SE's own path of :data:`EXAMPLE` (``sepath``): a single's difficulty, column letter, row
and digit, else SE's name of the step."""
SE_NAMES = {"BUG+1": "BUG type 1"}
SINGLES = ("Full House", "Hidden Single", "Naked Single")


def test_the_example_is_rated_and_solved_as_se_does() -> None:
    grid = Grid.from_string(EXAMPLE)
    steps = explain(grid, rating=True).steps
    words = []
    for step in steps:
        if step.technique in SINGLES:
            (row, col, digit), = step.placements
            words.append(f"{step.difficulty} {'ABCDEFGHI'[col]}{row + 1}={digit}")
        else:
            words.append(f"{step.difficulty} {SE_NAMES.get(step.technique, step.technique)}")
    assert " | ".join(words) == EXAMPLE_SE_PATH
    bug = next(step for step in steps if step.technique == "BUG+1")
    assert bug.cells == ((0, 0),)
    assert bug.eliminations == ((0, 0, 5), (0, 0, 9))  # 1 and 2 stay
    got = rate(grid)
    assert (got.er, got.ep, got.ed) == (5.6, 1.2, 1.2)
