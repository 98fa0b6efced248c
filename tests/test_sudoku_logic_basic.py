"""Basic and intermediate techniques: exact steps on hand-made positions, soundness on sets."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from conftest import shared_file
from grille.logic import Step
from grille.sudoku import Grid, Shape, solve
from grille.sudoku.logic.basic.intersections import (
    claiming,
    direct_claiming,
    direct_pointing,
    pointing,
)
from grille.sudoku.logic.basic.subsets import (
    direct_hidden_pair,
    direct_hidden_triple,
    hidden_pair,
    hidden_triple,
    naked_pair,
    naked_triple,
)
from grille.sudoku.logic.basic.wings import w_wing, xy_wing, xyz_wing
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.single_digit.fish import finned_x_wing, jellyfish, swordfish, x_wing
from grille.sudoku.logic.single_digit.patterns import (
    empty_rectangle,
    skyscraper,
    turbot_fish,
    two_string_kite,
)
from grille.sudoku.logic.techniques import up_to
from logic_support import Technique, replay

BASIC_LADDER = up_to("Empty Rectangle")

NINE = Shape(3, 3)
FULL = (1 << 9) - 1


def cell(name: str) -> int:
    """The cell index of ``r3c5`` on a 9x9 board."""
    row, col = name[1:].split("c")
    return (int(row) - 1) * 9 + int(col) - 1


def board_with(
    *,
    only: Iterable[tuple[int, Iterable[str], Iterable[str]]] = (),
    marks: dict[str, Iterable[int]] | None = None,
) -> Board:
    """An empty 9x9 board with every candidate, narrowed.

    ``only``: (digit, region cells, kept cells): the digit leaves the region except the kept
    cells. ``marks``: cells given exact candidates.
    """
    masks = [FULL] * 81
    for digit, region, kept in only:
        keep = {cell(name) for name in kept}
        for name in region:
            if cell(name) not in keep:
                masks[cell(name)] &= ~(1 << (digit - 1))
    for name, digits in (marks or {}).items():
        masks[cell(name)] = sum(1 << (d - 1) for d in digits)
    return Board(NINE, [0] * 81, masks)


def row(r: int) -> list[str]:
    """Names of the cells of row ``r`` (1-based)."""
    return [f"r{r}c{c}" for c in range(1, 10)]


def col(c: int) -> list[str]:
    """Names of the cells of column ``c`` (1-based)."""
    return [f"r{r}c{c}" for r in range(1, 10)]


def box(b: int) -> list[str]:
    """Names of the cells of box ``b`` (1-based)."""
    top, left = 3 * ((b - 1) // 3), 3 * ((b - 1) % 3)
    return [f"r{top + r + 1}c{left + c + 1}" for r in range(3) for c in range(3)]


def rc(*names: str) -> tuple[tuple[int, int], ...]:
    """(row, column) pairs of cell names."""
    return tuple(divmod(cell(name), 9) for name in names)


def cand(digit: int, *names: str) -> tuple[tuple[int, int, int], ...]:
    """(row, column, digit) for each named cell."""
    return tuple((*divmod(cell(name), 9), digit) for name in names)


def found(technique: Technique, board: Board) -> Step:
    """The step ``technique`` finds, which must exist."""
    step = technique(board)
    assert step is not None, f"{technique.__name__} found nothing"
    return step


# -- nothing fires on a board where every cell has every candidate ----------------------------


@pytest.mark.parametrize("technique", BASIC_LADDER, ids=lambda t: t.name)
def test_nothing_fires_on_an_open_board(technique: Technique) -> None:
    assert technique(board_with()) is None


# -- intersections -----------------------------------------------------------------------------


def test_pointing() -> None:
    board = board_with(only=[(7, box(4), ["r5c1", "r5c2"])])
    step = found(pointing, board)
    assert step.technique == "Pointing" and step.difficulty == 2.6
    assert step.eliminations == cand(7, *(f"r5c{c}" for c in range(4, 10)))
    assert step.cells == rc("r5c1", "r5c2")
    assert step.area == "box 4"
    assert step.explanation == (
        "In box 4, 7 can only go in row 5, so 7 is removed from "
        "r5c4, r5c5, r5c6, r5c7, r5c8 and r5c9."
    )
    assert claiming(board) is None
    assert direct_pointing(board) is None


def test_claiming() -> None:
    board = board_with(only=[(3, row(1), ["r1c1", "r1c2", "r1c3"])])
    step = found(claiming, board)
    assert step.technique == "Claiming" and step.difficulty == 2.8
    assert step.eliminations == cand(3, "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3")
    assert step.units == ("row 1", "box 1")
    assert pointing(board) is None


def test_direct_pointing_places_the_hidden_single() -> None:
    board = board_with(
        only=[
            (5, box(1), ["r1c1", "r1c2"]),
            (5, row(1), ["r1c1", "r1c2", "r1c5"]),
            (5, box(2), ["r1c5", "r2c5"]),
        ]
    )
    step = found(direct_pointing, board)
    assert step.technique == "Direct Pointing" and step.difficulty == 1.7
    assert step.eliminations == ()  # SE's direct hints only place
    assert step.placements == cand(5, "r2c5")
    assert step.explanation == (
        "In box 1, 5 can only go in row 1, so 5 cannot go in r1c5; "
        "that leaves r2c5 as the only place for 5 in box 2."
    )


def test_direct_claiming_places_the_hidden_single() -> None:
    board = board_with(only=[(4, row(1), ["r1c1", "r1c2"]), (4, row(2), ["r2c1", "r2c7"])])
    step = found(direct_claiming, board)
    assert step.technique == "Direct Claiming" and step.difficulty == 1.9
    assert step.eliminations == ()
    assert step.placements == cand(4, "r2c7")
    assert step.units == ("row 1", "box 1", "row 2")


# -- subsets -----------------------------------------------------------------------------------


def test_naked_pair() -> None:
    others = {f"r1c{c}": (1, 2, 4, 5, 6, 7, 9) for c in (1, 3, 5, 6, 8, 9)}
    board = board_with(marks={**others, "r1c2": (3, 8), "r1c7": (3, 8), "r1c4": (1, 3, 5)})
    step = found(naked_pair, board)
    assert step.technique == "Naked Pair" and step.difficulty == 3.0
    assert step.eliminations == cand(3, "r1c4")
    assert step.explanation == (
        "r1c2 and r1c7 hold only 3 and 8 between them, so no other cell of row 1 can hold "
        "3 or 8: 3 is removed from r1c4."
    )


def test_locked_pair_eliminates_in_line_and_box() -> None:
    board = board_with(marks={"r1c1": (3, 8), "r1c2": (3, 8)})
    step = found(naked_pair, board)
    assert step.technique == "Locked Pair" and step.difficulty == 3.0
    assert set(step.units) == {"row 1", "box 1"}
    cleared = [f"r1c{c}" for c in range(3, 10)] + ["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"]
    assert set(step.eliminations) == set(cand(3, *cleared) + cand(8, *cleared))


def test_naked_triple() -> None:
    board = board_with(marks={"r4c1": (1, 2), "r4c5": (2, 6), "r4c9": (1, 6)})
    step = found(naked_triple, board)
    assert step.technique == "Naked Triple" and step.difficulty == 3.6
    assert len(step.eliminations) == 6 * 3
    assert naked_pair(board) is None


def test_hidden_pair_and_its_direct_variant() -> None:
    pair = ["r1c1", "r1c5"]
    board = board_with(only=[(4, row(1), pair), (6, row(1), pair)])
    step = found(hidden_pair, board)
    assert step.technique == "Hidden Pair" and step.difficulty == 3.4
    assert len(step.eliminations) == 14 and step.cells == rc(*pair)
    assert direct_hidden_pair(board) is None
    board = board_with(only=[(4, row(1), pair), (6, row(1), pair), (9, row(1), [*pair, "r1c9"])])
    step = found(direct_hidden_pair, board)
    assert step.technique == "Direct Hidden Pair" and step.difficulty == 2.0
    assert step.placements == cand(9, "r1c9") and step.eliminations == ()
    assert step.explanation == (
        "In row 1, 4 and 6 can only go in r1c1 and r1c5, so 9 cannot go there; "
        "that leaves r1c9 as the only place for 9 in row 1."
    )


def test_hidden_triple_and_its_direct_variant() -> None:
    triple = ["r2c2", "r2c4", "r2c8"]
    spots = [(1, row(2), triple[:2]), (2, row(2), triple[1:]), (3, row(2), triple)]
    step = found(hidden_triple, board_with(only=spots))
    assert step.technique == "Hidden Triple" and step.difficulty == 4.0
    assert len(step.eliminations) == 3 * 6
    board = board_with(only=[*spots, (7, row(2), [*triple[:2], "r2c9"])])
    step = found(direct_hidden_triple, board)
    assert step.technique == "Direct Hidden Triple" and step.difficulty == 2.5
    assert step.placements == cand(7, "r2c9")


# -- fish --------------------------------------------------------------------------------------


def test_x_wing() -> None:
    board = board_with(only=[(2, row(2), ["r2c3", "r2c8"]), (2, row(6), ["r6c3", "r6c8"])])
    step = found(x_wing, board)
    assert step.technique == "X-Wing" and step.difficulty == 3.2
    others = [r for r in range(1, 10) if r not in (2, 6)]
    expected = cand(2, *(f"r{r}c3" for r in others)) + cand(2, *(f"r{r}c8" for r in others))
    assert sorted(step.eliminations) == sorted(expected)
    assert step.area == "rows 2 and 6"


def test_swordfish_by_columns() -> None:
    spots = [(8, col(2), ["r1c2", "r5c2"]), (8, col(5), ["r5c5", "r9c5"])]
    spots.append((8, col(7), ["r1c7", "r9c7"]))
    step = found(swordfish, board_with(only=spots))
    assert step.technique == "Swordfish" and step.difficulty == 3.8
    assert step.area == "columns 2, 5 and 7"
    assert len(step.eliminations) == 3 * 6
    assert {r for r, _, _ in step.eliminations} == {0, 4, 8}
    assert x_wing(board_with(only=spots)) is None


def test_jellyfish() -> None:
    base = [1, 3, 6, 8]
    keep = {1: [1, 2], 3: [2, 5], 6: [5, 9], 8: [9, 1]}
    spots = [(6, row(r), [f"r{r}c{c}" for c in keep[r]]) for r in base]
    step = found(jellyfish, board_with(only=spots))
    assert step.technique == "Jellyfish" and step.difficulty == 5.2
    assert len(step.eliminations) == 4 * 5


def test_finned_x_wing() -> None:
    board = board_with(only=[(2, row(2), ["r2c3", "r2c8"]), (2, row(6), ["r6c3", "r6c8", "r6c9"])])
    assert x_wing(board) is None
    step = found(finned_x_wing, board)
    assert step.technique == "Finned X-Wing" and step.difficulty == 5.8
    assert step.eliminations == cand(2, "r4c8", "r5c8")


def test_sashimi_x_wing() -> None:
    board = board_with(only=[(2, row(2), ["r2c3", "r2c8"]), (2, row(6), ["r6c3", "r6c9"])])
    step = found(finned_x_wing, board)
    assert step.technique == "Sashimi X-Wing" and step.difficulty == 5.9
    assert step.eliminations == cand(2, "r1c9", "r3c9")  # fin r2c8, box 3


# -- wings -------------------------------------------------------------------------------------


def test_xy_wing() -> None:
    board = board_with(marks={"r1c1": (1, 2), "r1c5": (1, 3), "r5c1": (2, 3)})
    step = found(xy_wing, board)
    assert step.technique == "XY-Wing" and step.difficulty == 4.2
    assert step.eliminations == cand(3, "r5c5")
    assert len(step.links) == 5
    assert xy_wing(board_with(marks={"r1c1": (1, 2), "r1c5": (1, 3), "r5c1": (2, 4)})) is None


def test_xyz_wing() -> None:
    board = board_with(marks={"r1c1": (1, 2, 3), "r1c5": (1, 3), "r2c2": (2, 3)})
    step = found(xyz_wing, board)
    assert step.technique == "XYZ-Wing" and step.difficulty == 4.4
    assert step.eliminations == cand(3, "r1c2", "r1c3")


def test_w_wing() -> None:
    board = board_with(marks={"r1c1": (1, 2), "r5c5": (1, 2)}, only=[(1, col(9), ["r1c9", "r5c9"])])
    step = found(w_wing, board)
    assert step.technique == "W-Wing" and step.difficulty == 6.4
    assert step.eliminations == cand(2, "r1c5", "r5c1")
    seeing = board_with(marks={"r1c1": (1, 2), "r1c5": (1, 2)}, only=[(1, col(9), ["r1c9"])])
    assert w_wing(seeing) is None


# -- single-digit patterns --------------------------------------------------------------------


def test_skyscraper() -> None:
    board = board_with(only=[(4, row(1), ["r1c1", "r1c5"]), (4, row(7), ["r7c1", "r7c6"])])
    step = found(skyscraper, board)
    assert step.technique == "Skyscraper" and step.difficulty == 6.6
    assert step.eliminations == cand(4, "r2c6", "r3c6", "r8c5", "r9c5")
    assert len(step.links) == 3 and step.links[1].strong is False
    assert two_string_kite(board) is None


def test_two_string_kite() -> None:
    board = board_with(only=[(5, row(1), ["r1c2", "r1c8"]), (5, col(1), ["r3c1", "r8c1"])])
    step = found(two_string_kite, board)
    assert step.technique == "2-String Kite" and step.difficulty == 6.6
    assert step.eliminations == cand(5, "r8c8")
    assert skyscraper(board) is None


def test_turbot_fish() -> None:
    board = board_with(only=[(6, box(1), ["r2c2", "r3c3"]), (6, row(7), ["r7c2", "r7c9"])])
    step = found(turbot_fish, board)
    assert step.technique == "Turbot Fish" and step.difficulty == 6.6
    assert step.eliminations == cand(6, "r3c9")


def test_empty_rectangle() -> None:
    board = board_with(
        only=[(7, box(5), ["r4c5", "r5c4", "r5c5", "r5c6", "r6c5"]), (7, col(8), ["r1c8", "r5c8"])]
    )
    step = found(empty_rectangle, board)
    assert step.technique == "Empty Rectangle" and step.difficulty == 6.6
    assert step.eliminations == cand(7, "r1c5")
    assert step.area == "box 5"


# -- other sizes and soundness ----------------------------------------------------------------


def test_techniques_work_on_rectangular_boxes() -> None:
    shape = Shape(2, 3)
    full = (1 << 6) - 1
    masks = [full] * 36
    for c in range(6):
        if c not in (0, 1):
            masks[c] &= ~(1 << 4)  # 5 only in r1c1 and r1c2 of row 1: both in box 1
    step = found(claiming, Board(shape, [0] * 36, masks))
    assert step.eliminations == ((1, 0, 5), (1, 1, 5), (1, 2, 5))


def _puzzles(name: str, count: int) -> list[str]:
    """The first ``count`` puzzles of a shared set."""
    return shared_file("sudoku", name).read_text().split()[:count]


@pytest.mark.parametrize(
    ("name", "count"), [("magictour_top1465.txt", 100), ("17clue_10k.txt", 200)]
)
def test_basic_ladder_is_sound_on_shared_sets(name: str, count: int) -> None:
    solved = 0
    for line in _puzzles(name, count):
        puzzle = Grid.from_string(line)
        solution = solve(puzzle).solution
        assert solution is not None
        steps = replay(puzzle, solution, BASIC_LADDER)
        placed = sum(len(step.placements) for step in steps)
        solved += placed == puzzle.empty_count
    assert solved >= count // 2


# Made by shuffling the digits of ``solve(Grid.empty(n), limit=1).solution`` and emptying cells
# in a random.Random(2) order while the puzzle stays unique; both are minimal puzzles.
SIX = "3.2.....1.4.4...1..15....3...6...2.."
SIXTEEN = (
    "..8...94.5..6..2...46......E......B......FG.719.6F...5..7.94D.......4A.......G.9.B.F...1.6"
    "7..8...6....C.4.5.1....75.8.36..E.B...8D4C1.A9...6..FG.9....FD.....2........6C17......1G.B"
    ".....3..EAD....D..7..9FC....5.....4...1...EC.3F.....2GA...1D...9GD.F...B..58"
)


@pytest.mark.parametrize("line", [SIX, SIXTEEN], ids=["6x6", "16x16"])
def test_basic_ladder_is_sound_on_other_sizes(line: str) -> None:
    puzzle = Grid.from_string(line)
    solution = solve(puzzle).solution
    assert solution is not None
    steps = replay(puzzle, solution, BASIC_LADDER)
    assert len({step.technique for step in steps}) >= 2
