"""Singles, the logical walk, and step soundness on easy puzzles."""

from __future__ import annotations

from conftest import shared_file
from grille.sudoku import Grid
from grille.sudoku.logic.basic.singles import full_house, hidden_single, naked_single
from grille.sudoku.logic.board import Board
from logic_support import replay

SINGLES = (full_house, hidden_single, naked_single)
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def test_singles_solve_the_classic_puzzle_soundly() -> None:
    steps = replay(Grid.from_string(PUZZLE), Grid.from_string(SOLVED), SINGLES)
    assert sum(len(step.placements) for step in steps) == 51
    assert steps[0].explanation == "In box 2, 8 can only go in r1c6."


def test_full_house_names_its_unit() -> None:
    board = Board.from_grid(Grid.from_string(SOLVED[:8] + "." + SOLVED[9:]))
    step = full_house(board)
    assert step is not None and step.placements == ((0, 8, 2),)
    # the last empty cell of its row, column and box: SE looks at boxes first
    assert step.units == ("box 3",) and step.difficulty == 1.0


def test_naked_single_when_no_hidden_single() -> None:
    board = Board.from_grid(Grid.from_string("1234" + "." * 12))
    step = naked_single(board)
    assert step is None or len(step.placements) == 1


def test_singles_are_sound_on_kaggle_sample() -> None:
    path = shared_file("sudoku", "kaggle_9999.txt")
    lines = path.read_text().split()[:50]
    from grille.sudoku import solve

    for line in lines:
        puzzle = Grid.from_string(line)
        solution = solve(puzzle).solution
        assert solution is not None
        steps = replay(puzzle, solution, SINGLES)
        assert sum(len(step.placements) for step in steps) == puzzle.empty_count
