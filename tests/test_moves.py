"""Move strings: parsing, printing, and applying them to a Sudoku grid."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grille.errors import MoveError
from grille.moves import Move, MoveOp, parse_move
from grille.sudoku import KIND, Grid

apply_move = KIND.apply

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@given(
    st.sampled_from([MoveOp.SET, MoveOp.CLEAR, MoveOp.TOGGLE_MARK]),
    st.integers(0, 24),
    st.integers(0, 24),
    st.integers(1, 25),
)
def test_move_strings_round_trip(op: MoveOp, row: int, col: int, value: int) -> None:
    move = Move(op, row, col, 0 if op is MoveOp.CLEAR else value)
    assert parse_move(str(move)) == move


def test_fill_and_zero_forms() -> None:
    assert parse_move("fill") == Move(MoveOp.FILL_MARKS)
    assert parse_move("r2c3-") == Move(MoveOp.CLEAR, 1, 2)
    assert parse_move("r2c3=0") == Move(MoveOp.SET, 1, 2, 0)  # a Takuzu digit
    assert apply_move(Grid.from_string(PUZZLE), "r1c3=0") == Grid.from_string(PUZZLE).with_cells(
        Grid.from_string(PUZZLE).cells
    )  # Sudoku reads 'write 0' as 'clear'
    assert repr(parse_move("r1c1^4")) == "parse_move('r1c1^4')"


@pytest.mark.parametrize("text", ["", "r0c1=3", "r1c1", "x", "r1c1=a", "r1c1^", "r1 c1=2"])
def test_malformed_moves_are_refused_quoting_the_input(text: str) -> None:
    with pytest.raises(MoveError, match=r"r0c1|not a move"):
        parse_move(text)


def test_place_clear_and_marks() -> None:
    grid = Grid.from_string(PUZZLE)
    placed = apply_move(grid, "r1c3=4")
    assert placed[0, 2] == 4
    assert not placed.is_given(2) and placed.is_given(0)
    assert apply_move(placed, "r1c3-")[0, 2] == 0
    marked = apply_move(apply_move(grid, "r1c3^1"), "r1c3^2")
    assert marked.marks is not None and marked.marks[2] == 0b11
    assert apply_move(marked, "r1c3^1").marks[2] == 0b10  # type: ignore[index]
    filled = apply_move(grid, "fill")
    assert filled.marks is not None and filled.marks[2] == 0b1011  # 1, 2, 4


@pytest.mark.parametrize(
    ("move", "reason"),
    [("r1c1=4", "clue"), ("r1c3=10", "1..9"), ("r10c1=1", "9 rows"), ("r1c3^0", "1..9")],
)
def test_illegal_moves(move: str, reason: str) -> None:
    with pytest.raises(MoveError, match=reason):
        apply_move(Grid.from_string(PUZZLE), move)
