"""Sudoku Explainer's easy end, step by step (issue #18): the rating ladder takes the singles,
direct techniques, locks, subsets, basic fish and wings exactly where SE 1.2.1.3 does, in SE's
order, so its path is SE's path.

The paths below are SE's own (``sepath``, kept in /work/oracle/sepath-*.txt): each step is
its difficulty and, for a single, the cell (SE's column letter and row) and digit it places,
else SE's name of the technique. The rules they pin are written in docs/se-rules.md.
"""

from __future__ import annotations

import pytest

from grille.logic import Step
from grille.sudoku import Grid, Shape
from grille.sudoku.logic.basic.intersections import claiming, direct_claiming, pointing
from grille.sudoku.logic.basic.singles import hidden_single
from grille.sudoku.logic.basic.subsets import (
    direct_hidden_pair,
    hidden_pair,
    naked_pair,
    se_naked_pair,
)
from grille.sudoku.logic.basic.wings import xy_wing
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.explain import explain, rate
from grille.sudoku.logic.single_digit.fish import x_wing

SE_NAMES = {"Direct Hidden Triple": "Direct Hidden Triplet", "Naked Triple": "Naked Triplet",
            "Hidden Triple": "Hidden Triplet"}
SINGLES = ("Full House", "Hidden Single", "Naked Single")

SE_PATHS = [
    (
        "...............123..4..5........6..5.3.......12..........17....5.8.....46..2.....",
        (2.6, 1.2, 1.2),
        "1.2 E9=5 | 1.5 G8=2 | 1.2 I5=2 | 1.2 E4=2 | 1.2 F1=2 | 1.2 A3=2 | 1.2 C7=2 | 1.5 F5=1 | "
        "1.2 H4=1 | 1.2 I9=1 | 1.2 B8=1 | 1.2 C1=1 | 1.2 A1=3 | 1.2 E3=1 | 1.2 D3=3 | 1.2 C9=3 | "
        "1.2 B9=7 | 1.2 H8=7 | 1.5 G4=3 | 1.2 H7=3 | 1.2 G7=5 | 1.2 H1=5 | 1.2 G1=4 | 1.2 I7=6 | "
        "1.5 B2=5 | 1.5 F7=8 | 1.2 F9=4 | 1.7 Direct Pointing | 1.2 F6=7 | 1.2 E6=3 | 1.2 G5=7 | "
        "1.2 I3=7 | 1.2 F8=3 | 1.0 F2=9 | 1.7 Direct Pointing | 1.0 B7=4 | 2.6 Pointing | 2.0 "
        "Direct Hidden Pair | 1.2 A4=7 | 1.2 C2=7 | 1.2 A5=4 | 1.0 A2=8 | 1.2 E1=8 | 1.2 B4=8 | "
        "1.0 D4=4 | 1.2 E2=4 | 1.0 D2=6 | 1.2 H6=4 | 1.2 E8=6 | 1.0 D8=9 | 1.0 E5=9 | 1.5 I6=8 | "
        "1.0 I1=9 | 1.0 B1=6 | 1.0 B3=9 | 1.2 D5=8 | 1.0 D6=5 | 1.2 C5=5 | 1.0 C6=6 | 1.0 H5=6 | "
        "1.0 G6=9 | 1.2 G3=6 | 1.0 H3=8 | 1.0 G9=8 | 1.0 H9=9"
    ),
    (
        "9..7..2.....1....4...8.456.8.4.....375.....423.....6.5.795.8...4....1.....8..7..6",
        (3.4, 1.2, 1.2),
        "1.2 B1=4 | 1.2 B2=8 | 2.0 Direct Hidden Pair | 2.0 Direct Hidden Pair | 1.2 H1=1 | 2.0 "
        "Direct Hidden Pair | 2.5 Direct Hidden Triplet | 2.6 Pointing | 3.4 Hidden Pair | 2.8 "
        "Claiming | 2.3 C5=6 | 1.2 A2=6 | 1.2 B8=6 | 1.2 E7=6 | 1.2 F1=6 | 1.2 D4=6 | 1.2 E9=4 | "
        "1.2 G7=4 | 1.5 A9=5 | 1.2 B9=1 | 1.2 C6=1 | 1.2 A3=1 | 1.0 A7=2 | 1.0 C8=3 | 1.0 H7=3 | "
        "1.2 B3=3 | 1.2 E1=3 | 1.0 C1=5 | 1.2 E2=5 | 1.2 G2=3 | 1.2 D9=3 | 1.2 F5=3 | 1.2 H8=5 | "
        "1.2 H9=2 | 1.0 G9=9 | 1.2 H4=9 | 1.2 I3=9 | 1.0 H2=7 | 1.0 H6=8 | 1.0 I8=7 | 1.0 G8=8 | "
        "1.2 C3=7 | 1.0 C2=2 | 1.0 F2=9 | 1.0 E3=2 | 1.0 F6=2 | 1.2 B4=2 | 1.0 B6=9 | 1.0 E6=7 | "
        "1.2 E5=8 | 1.2 E4=1 | 1.0 D5=9 | 1.0 D8=2 | 1.0 E8=9 | 1.0 G4=7 | 1.0 G5=1"
    ),
    (
        "2......65....5.4.....7.2...7.5..92...8.1.5.3...28..5.4...3.7.....8.1....31......8",
        (3.0, 1.2, 1.2),
        "1.2 A6=1 | 1.2 E5=2 | 1.2 E6=7 | 1.2 H4=8 | 1.2 I4=1 | 1.2 E7=8 | 2.0 Direct Hidden Pair "
        "| 2.0 Direct Hidden Pair | 2.0 Direct Hidden Pair | 1.0 B6=6 | 1.2 B4=3 | 2.3 H3=1 | 1.2 "
        "G7=1 | 3.0 Naked Pair | 2.6 Pointing | 2.6 Pointing | 3.0 Naked Pair | 2.6 Pointing | "
        "2.0 Direct Hidden Pair | 1.2 C1=1 | 1.2 B1=7 | 1.2 F2=1 | 1.2 F1=8 | 1.2 G3=8 | 1.2 A2=8 "
        "| 1.2 C9=7 | 1.5 G5=7 | 1.0 I5=6 | 1.2 G9=6 | 1.2 F8=6 | 1.0 F9=4 | 1.5 D2=6 | 1.2 D1=9 "
        "| 1.2 E4=6 | 1.0 D4=4 | 1.5 G8=9 | 1.0 G1=3 | 1.0 E1=4 | 1.0 E3=3 | 1.2 I8=3 | 1.2 H8=7 "
        "| 1.2 I2=7 | 1.2 H2=2 | 1.0 I3=9 | 1.0 I7=2 | 1.0 B2=9 | 1.2 B8=2 | 1.2 D9=2 | 1.0 D8=5 "
        "| 1.0 A8=4 | 1.0 H9=5 | 1.0 H7=4 | 1.2 C5=4 | 1.0 A5=9 | 1.2 B3=4 | 1.0 B7=5 | 1.2 A3=5 "
        "| 1.0 C3=6 | 1.0 A7=6 | 1.0 C7=9"
    ),
    (
        ".845..1......4.....2..31.7......45..5.8.1.9.2..36......3.29..4.....6......9..532.",
        (3.2, 1.2, 1.2),
        "1.2 G2=2 | 1.2 E6=5 | 1.5 B5=4 | 1.5 H5=6 | 2.0 Direct Hidden Pair | 1.5 D5=3 | 1.0 F5=7 "
        "| 2.0 Direct Hidden Pair | 1.2 D2=7 | 1.2 A1=7 | 1.2 A2=3 | 1.5 E4=8 | 1.0 E1=2 | 1.2 "
        "F6=2 | 1.0 D4=9 | 2.0 Direct Hidden Pair | 1.2 F7=8 | 2.0 Direct Hidden Pair | 1.2 A4=2 "
        "| 3.0 Naked Pair | 3.2 X-Wing | 2.0 Direct Hidden Pair | 1.2 B8=5 | 1.2 I7=5 | 1.2 H2=5 "
        "| 1.2 C3=5 | 1.2 I2=8 | 1.5 A7=1 | 1.0 G7=6 | 1.2 I1=6 | 1.2 F2=6 | 1.0 F1=9 | 1.0 H1=3 "
        "| 1.2 A3=6 | 1.2 B2=9 | 1.0 C2=1 | 1.0 C4=6 | 1.2 I3=9 | 1.0 G3=4 | 1.2 A6=9 | 1.2 I4=3 "
        "| 1.2 I6=4 | 1.2 G6=7 | 1.0 G8=8 | 1.2 B4=7 | 1.0 B6=1 | 1.0 B9=6 | 1.0 H4=1 | 1.0 H6=8 "
        "| 1.0 H8=9 | 1.2 A9=8 | 1.0 A8=4 | 1.2 D9=4 | 1.0 D8=1 | 1.0 I8=7 | 1.0 I9=1"
    ),
    (
        "..183...........12..7.21.4..5...6....3..1..6....4...8..4.28.1..92...........478..",
        (4.2, 1.2, 1.2),
        "1.2 A1=2 | 1.2 I3=8 | 1.2 F5=8 | 1.2 F6=2 | 1.2 D4=3 | 1.2 A7=7 | 1.2 B6=7 | 1.2 C8=8 | "
        "1.2 A4=8 | 1.2 B2=8 | 1.2 A6=1 | 1.2 C6=6 | 1.2 I4=1 | 1.2 B9=1 | 1.2 A9=6 | 1.2 D8=1 | "
        "1.2 E8=6 | 1.2 H9=2 | 1.2 I7=6 | 1.5 F1=4 | 1.7 Direct Pointing | 1.5 C9=3 | 1.0 C7=5 | "
        "2.0 Direct Hidden Pair | 1.2 A5=4 | 1.2 G4=4 | 1.2 G5=2 | 1.2 C4=2 | 1.0 C5=9 | 1.2 I8=4 "
        "| 2.6 Pointing | 2.6 Pointing | 2.6 Pointing | 2.8 Claiming | 3.2 X-Wing | 1.5 A3=5 | "
        "1.0 A2=3 | 1.2 G3=3 | 4.2 XY-Wing | 1.2 I9=9 | 1.0 D9=5 | 1.2 E6=5 | 1.0 G6=9 | 1.2 F2=5 "
        "| 1.2 H1=9 | 1.2 B3=9 | 1.0 B1=6 | 1.0 D3=6 | 1.2 D2=9 | 1.0 E2=7 | 1.0 D5=7 | 1.0 E4=9 "
        "| 1.0 G2=6 | 1.0 H4=7 | 1.0 I5=5 | 1.0 I1=7 | 1.0 G1=5 | 1.0 G8=7 | 1.2 F7=9 | 1.0 F8=3 "
        "| 1.0 H7=3 | 1.0 H8=5"
    ),
    (
        ".5..94..16..37...2....6....27.6..9..9...8...6..6..9.73....3....4...16..83..74..5.",
        (4.4, 1.2, 1.2),
        "1.2 F5=7 | 1.2 F4=3 | 1.5 E6=2 | 1.0 E4=5 | 1.5 I3=5 | 1.2 F2=5 | 1.5 F3=1 | 1.5 I7=7 | "
        "1.2 C8=7 | 1.5 I4=4 | 1.0 I9=9 | 1.5 D8=5 | 1.2 D7=9 | 1.2 B8=9 | 2.8 Claiming | 3.0 "
        "Naked Pair | 2.6 Pointing | 2.8 Claiming | 4.4 XYZ-Wing | 1.5 A7=1 | 1.2 C7=5 | 1.2 A6=5 "
        "| 1.2 G5=5 | 1.2 H5=2 | 1.2 G9=1 | 1.2 H4=1 | 1.0 G6=8 | 1.0 C4=8 | 1.2 H2=8 | 1.2 H3=9 "
        "| 1.2 C2=9 | 1.2 B2=1 | 1.0 G2=4 | 1.2 C5=1 | 1.2 B5=3 | 1.0 B6=4 | 1.0 D5=4 | 1.0 D6=1 "
        "| 1.2 C3=4 | 1.2 C1=3 | 1.0 C9=2 | 1.2 B3=2 | 1.2 D1=2 | 1.0 D3=8 | 1.2 A1=8 | 1.0 A3=7 "
        "| 1.0 G3=3 | 1.2 G1=7 | 1.0 H1=6 | 1.2 F7=2 | 1.0 F9=8 | 1.0 B9=6 | 1.0 B7=8 | 1.2 G8=2 "
        "| 1.0 G7=6 | 1.0 H7=4 | 1.0 H8=3"
    ),
]
"""(puzzle, SE's (ER, EP, ED), SE's path): the issue's example (a Direct Pointing that leaves
its pointing to a later 2.6 step); direct hidden pairs whose hidden pair is needed later (3.4);
a naked pair SE takes in its box only, the row then cleared by pointings (3.0); X-Wings in
SE's order (3.2); an XY-Wing and an XYZ-Wing whose pincers SE picks in its order (4.2, 4.4)."""


def path_of(puzzle: str) -> str:
    """grille's rating path written as the pinned paths are."""
    words = []
    for step in explain(Grid.from_string(puzzle), rating=True).steps:
        if step.technique in SINGLES:
            (row, col, digit), = step.placements
            words.append(f"{step.difficulty} {'ABCDEFGHI'[col]}{row + 1}={digit}")
        else:
            words.append(f"{step.difficulty} {SE_NAMES.get(step.technique, step.technique)}")
    return " | ".join(words)


@pytest.mark.parametrize(("puzzle", "rating", "path"), SE_PATHS, ids=lambda v: str(v)[:12])
def test_the_rating_path_is_se_path(puzzle: str, rating: tuple[float, ...], path: str) -> None:
    assert path_of(puzzle) == path
    got = rate(Grid.from_string(puzzle))
    assert (got.er, got.ep, got.ed) == rating


def test_a_direct_pointing_places_and_its_pointing_comes_later() -> None:
    steps = explain(Grid.from_string(SE_PATHS[0][0]), rating=True).steps
    direct = [s for s in steps if s.technique == "Direct Pointing"]
    assert direct and all(not s.eliminations and len(s.placements) == 1 for s in direct)
    # SE step 37, "Pointing: Cells B1,B3: 9 in block and column", on the cells of step 35
    later = steps[36]
    assert later.technique == "Pointing" and later.cells == direct[1].cells == ((0, 1), (2, 1))
    assert {d for _, _, d in later.eliminations} == {9}


# -- SE's order on hand-made boards ---------------------------------------------------------

NINE = Shape(3, 3)
FULL = (1 << 9) - 1


def cell(name: str) -> int:
    """The index of ``r3c5`` on a 9x9 board."""
    row, col = name[1:].split("c")
    return (int(row) - 1) * 9 + int(col) - 1


def unit(kind: str, index: int) -> list[str]:
    """The cell names of ``row``/``col``/``box`` ``index`` (1-based)."""
    if kind == "row":
        return [f"r{index}c{c}" for c in range(1, 10)]
    if kind == "col":
        return [f"r{r}c{index}" for r in range(1, 10)]
    top, left = 3 * ((index - 1) // 3), 3 * ((index - 1) % 3)
    return [f"r{top + r + 1}c{left + c + 1}" for r in range(3) for c in range(3)]


def board_with(only: list[tuple[int, list[str], list[str]]] = (),  # type: ignore[assignment]
               marks: dict[str, tuple[int, ...]] | None = None) -> Board:
    """An empty board with every candidate; ``only``: (digit, region, kept cells) takes the
    digit out of the region but the kept cells; ``marks``: exact candidates."""
    masks = [FULL] * 81
    for digit, region, kept in only:
        for name in region:
            if name not in kept:
                masks[cell(name)] &= ~(1 << (digit - 1))
    for name, digits in (marks or {}).items():
        masks[cell(name)] = sum(1 << (d - 1) for d in digits)
    return Board(NINE, [0] * 81, masks)


def found(step: Step | None) -> Step:
    assert step is not None
    return step


def test_hidden_singles_in_columns_come_before_rows() -> None:
    # 4 has one place in row 1 (r1c9) and one in column 5 (r9c5): SE looks at columns first
    board = board_with([(4, unit("row", 1), ["r1c9"]), (4, unit("col", 5), ["r9c5"])])
    step = found(hidden_single(board))
    assert step.units == ("column 5",) and step.difficulty == 1.5


def test_pointings_into_columns_come_before_pointings_into_rows() -> None:
    # box 1 points 7 along row 1, box 5 points 3 down column 5: SE's first pass is box/column
    board = board_with([(7, unit("box", 1), ["r1c1", "r1c2"]),
                        (3, unit("box", 5), ["r4c5", "r6c5"])])
    step = found(pointing(board))
    assert step.units == ("box 5", "column 5")


def test_claimings_from_columns_come_before_claimings_from_rows() -> None:
    board = board_with([(2, unit("row", 1), ["r1c1", "r1c2"]),
                        (6, unit("col", 9), ["r7c9", "r9c9"])])
    step = found(claiming(board))
    assert step.units == ("column 9", "box 9")


def test_direct_claiming_places_only() -> None:
    board = board_with([(4, unit("row", 1), ["r1c1", "r1c2"]),
                        (4, unit("row", 2), ["r2c1", "r2c7"])])
    step = found(direct_claiming(board))
    assert step.placements == ((1, 6, 4),) and step.eliminations == ()


def test_subsets_come_in_se_permutation_order() -> None:
    # row 1 holds direct hidden pairs on 1/4 (r1c1, r1c2) and 2/3 (r1c5, r1c6): SE tries
    # digit tuples by their largest digit first, so (2, 3) before (1, 4)
    row = unit("row", 1)
    board = board_with([(1, row, ["r1c1", "r1c2"]), (4, row, ["r1c1", "r1c2"]),
                        (2, row, ["r1c5", "r1c6"]), (3, row, ["r1c5", "r1c6"]),
                        (9, row, ["r1c5", "r1c9"])])
    step = found(direct_hidden_pair(board))
    assert step.cells == ((0, 4), (0, 5)) and step.placements == ((0, 8, 9),)
    assert found(hidden_pair(board)).cells == ((0, 4), (0, 5))


def test_se_naked_pair_clears_only_its_unit() -> None:
    board = board_with(marks={"r1c1": (3, 8), "r1c2": (3, 8)})
    se = found(se_naked_pair(board))
    # boxes first: the pair clears box 1, not row 1
    assert se.technique == "Naked Pair" and se.units == ("box 1",)
    cleared = {(0, 2)} | {(r, c) for r in (1, 2) for c in (0, 1, 2)}
    assert {(r, c) for r, c, _ in se.eliminations} == cleared
    assert found(naked_pair(board)).technique == "Locked Pair"


def test_fish_with_columns_as_base_come_first() -> None:
    # an X-Wing on 5 with rows 2 and 6 as base, and one on 8 with columns 3 and 7 as base
    board = board_with([(5, unit("row", 2), ["r2c4", "r2c8"]),
                        (5, unit("row", 6), ["r6c4", "r6c8"]),
                        (8, unit("col", 3), ["r1c3", "r9c3"]),
                        (8, unit("col", 7), ["r1c7", "r9c7"])])
    step = found(x_wing(board))
    assert {d for _, _, d in step.eliminations} == {8}


def test_xy_wing_pincers_come_from_the_box_first() -> None:
    # pivot r1c1 (1/2) with pincers 1/3 in r2c2 (its box) and r1c5 (its row), 2/3 in r5c1
    # (its column): SE takes its peers box first, then row, then column, so r2c2 and r5c1
    board = board_with(marks={"r1c1": (1, 2), "r2c2": (1, 3), "r1c5": (1, 3), "r5c1": (2, 3)})
    step = found(xy_wing(board))
    assert step.cells == ((0, 0), (1, 1), (4, 0))
