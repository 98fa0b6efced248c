"""What the kinds offer a game session beyond single moves: the moves between two states,
a placement's marks clean-up, a logical step as moves, wrong cells, sizes; and the ``fill``
move keeping the player's eliminations."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grille.kinds import get_kind
from grille.moves import (
    cell_move,
    differing_cells,
    keep_eliminations,
    mark_moves,
    moves_for_step,
    unmark_moves,
    value_moves,
)
from test_game_session import KINDS, VALUES, puzzle_of


def test_value_and_mark_moves() -> None:
    assert cell_move(0, 4, 7) == "r1c5=7" and cell_move(2, 0, None) == "r3c1-"
    assert value_moves([0, 5, 3, 0], [4, 5, 0, 0], 2) == ["r1c1=4", "r2c1-"]
    assert value_moves([-1, 1], [0, -1], 2, empty=-1) == ["r1c1=0", "r1c2-"]
    assert mark_moves(None, [0b101, 0], 2) == ["r1c1^1", "r1c1^3"]
    assert mark_moves([0b10, 0b1], None, 1, lowest=0) == ["r1c1^1", "r2c1^0"]
    assert mark_moves([0b11], [0b110], 1) == ["r1c1^1", "r1c1^3"]
    assert mark_moves(None, None, 3) == []
    assert unmark_moves([0b100, 0b11, 0b100], [0, 1, 2], 3, 3) == ["r1c1^3", "r1c3^3"]
    assert unmark_moves(None, [0, 1], 3, 3) == []
    assert keep_eliminations([0b111, 0b110, 0], [0b101, 0, 0b1]) == (0b101, 0b110, 0)
    assert keep_eliminations([0b1], None) == (0b1,)
    assert differing_cells([0, 4, 5, 0], [3, 4, 6, 1], 2) == ((1, 0),)
    with pytest.raises(ValueError, match="different sizes"):
        value_moves([0], [0, 0], 1)


def test_a_step_as_moves_uses_the_players_marks_or_the_rules() -> None:
    # r1c2 has marks 2 and 3, r2c1 has mark 4, r2c2 has none (its rule candidates: 1-4)
    marks = [0, 0b110, 0b1000, 0]
    asked: list[bool] = []

    def rules() -> list[int]:
        asked.append(True)
        return [0, 0b111, 0b1111, 0b1111]

    eliminations = ((0, 1, 2), (1, 0, 2), (1, 1, 2), (1, 1, 3))
    moves = moves_for_step(((0, 0, 5),), eliminations, marks, rules, 2)
    assert moves == ["r1c1=5", "r1c2^2", "r2c2^1", "r2c2^4"]
    assert asked == [True]  # asked once, for the unmarked cell
    asked.clear()
    assert moves_for_step((), ((0, 1, 3),), marks, rules, 2) == ["r1c2^3"] and not asked
    assert moves_for_step((), ((0, 0, 0),), None, lambda: [0b11], 1, lowest=0) == ["r1c1^1"]


@pytest.mark.parametrize("name", KINDS)
def test_moves_between_turn_one_state_into_the_other(name: str) -> None:
    kind = get_kind(name)
    puzzle = puzzle_of(name)
    solution = kind.solve(puzzle).solution
    filled = kind.apply(puzzle, "fill")
    moves = kind.moves_between(filled, solution)
    state = filled
    for move in moves:
        state = kind.apply(state, move)
    assert kind.moves_between(state, solution) == ()
    assert kind.status(state).value == "solved"
    assert not any(state.marks)  # the solution has no marks, so they went
    back = kind.moves_between(state, filled)
    for move in back:
        state = kind.apply(state, move)
    assert state.marks == filled.marks and kind.moves_between(state, filled) == ()


@pytest.mark.parametrize("name", KINDS)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_moves_between_random_states(name: str, data: st.DataObject) -> None:
    kind = get_kind(name)
    puzzle = puzzle_of(name)
    open_cells = [m.partition("=")[0] for m in kind.moves_between(puzzle, kind.solve(
        puzzle).solution)]
    values = list(VALUES[name])

    def random_state() -> Any:
        state = puzzle
        for _ in range(data.draw(st.integers(0, 15))):
            cell = data.draw(st.sampled_from(open_cells))
            op = data.draw(st.sampled_from(["=", "^", "-"]))
            value = "" if op == "-" else str(data.draw(st.sampled_from(values)))
            state = kind.apply(state, f"{cell}{op}{value}")
        return state

    first, second = random_state(), random_state()
    state = first
    for move in kind.moves_between(first, second):
        state = kind.apply(state, move)
    assert kind.moves_between(state, second) == ()
    assert kind.wrong_cells(second, second) == ()


def test_sudoku_peers_and_wrong_cells() -> None:
    kind = get_kind("sudoku")
    filled = kind.apply(puzzle_of("sudoku"), "fill")
    cleanup = kind.peer_moves(filled, "r1c3=4")
    assert cleanup and all(m.endswith("^4") for m in cleanup)
    assert kind.peer_moves(filled, "r1c3-") == () and kind.peer_moves(filled, "r1c3^4") == ()
    assert kind.peer_moves(puzzle_of("sudoku"), "r1c3=4") == ()  # no marks, nothing to clean
    wrong = kind.apply(kind.apply(filled, "r1c3=1"), "r1c4=6")
    solution = kind.solve(puzzle_of("sudoku")).solution
    assert kind.wrong_cells(wrong, solution) == ((0, 2),)
    assert kind.size_of(filled) == "9x9"


def test_takuzu_and_kakuro_peers_and_sizes() -> None:
    takuzu = get_kind("takuzu")
    assert takuzu.peer_moves(takuzu.apply(puzzle_of("takuzu"), "fill"), "r1c3=0") == ()
    assert takuzu.size_of(puzzle_of("takuzu")) == "6x6"
    kakuro = get_kind("kakuro")
    filled = kakuro.apply(puzzle_of("kakuro"), "fill")
    assert all(m.endswith("^2") for m in kakuro.peer_moves(filled, "r2c2=2"))
    assert kakuro.size_of(filled) == "7x7"


@pytest.mark.parametrize("name", KINDS)
def test_step_moves_carry_out_a_hint(name: str) -> None:
    kind = get_kind(name)
    for state in (puzzle_of(name), kind.apply(puzzle_of(name), "fill")):
        hint = kind.hint(state, depth=5)
        assert hint.step is not None and hint.after is not None
        after = state
        for move in kind.step_moves(state, hint.step):
            after = kind.apply(after, move)
        for row, col, value in hint.step.placements:
            assert after[row, col] == value
        lowest = 0 if name == "takuzu" else 1
        for row, col, value in hint.step.eliminations:
            cell = row * _width(after) + col
            assert after.marks is not None and after.marks[cell]  # marks show the rest
            assert not after.marks[cell] >> (value - lowest) & 1


def _width(grid: Any) -> int:
    return int(getattr(grid, "width", getattr(grid, "cols", getattr(grid, "size", 0))))


@pytest.mark.parametrize("name", KINDS)
def test_every_kind_implements_the_whole_interface(name: str) -> None:
    from grille.kind import Kind

    members = [m for m in vars(Kind) if not m.startswith("_") and callable(vars(Kind)[m])]
    assert {"peer_moves", "moves_between", "step_moves", "wrong_cells", "size_of"} <= set(members)
    kind = get_kind(name)
    assert [m for m in members if not callable(getattr(kind, m, None))] == []
