"""A game's grid as the page draws it: values, clues, pencil marks, and each kind's extras
(Sudoku boxes and symbols, Takuzu line targets, Kakuro clues, runs and their combinations).

>>> from grille.kinds import get_kind
>>> sudoku = get_kind("sudoku")
>>> grid = sudoku.read("1..4..1..1..4..1")[0].puzzle
>>> view = board_of(grid, grid)
>>> view.rows, view.box, view.symbols, view.cells[0]
(4, (2, 2), ['1', '2', '3', '4'], BoardCell(value=1, given=True, marks=[], block=False, clue=None))
"""

from __future__ import annotations

from typing import Any

from grille.errors import GrilleError
from grille.web.models import Board, BoardCell, BoardRun

__all__ = ["board_of", "marks_of"]


def marks_of(mask: int, lowest: int) -> list[int]:
    """The values whose bits are set in a pencil-mark ``mask`` (bit ``i``: ``lowest + i``)."""
    values = []
    value = lowest
    while mask:
        if mask & 1:
            values.append(value)
        mask >>= 1
        value += 1
    return values


def board_of(puzzle: Any, state: Any) -> Board:
    """The board of ``state`` (a player's grid) of the game of ``puzzle`` (its clues)."""
    if state.kind == "sudoku":
        return _sudoku(puzzle, state)
    if state.kind == "takuzu":
        return _takuzu(puzzle, state)
    if state.kind == "kakuro":
        return _kakuro(puzzle, state)
    raise GrilleError(f"the page cannot draw a {state.kind!r} puzzle")


def _sudoku(puzzle: Any, state: Any) -> Board:
    from grille.sudoku.symbols import SYMBOLS

    size = state.size
    marks = state.marks or (0,) * len(state.cells)
    cells = [
        BoardCell(
            value=value or None,
            given=puzzle.cells[index] != 0,
            marks=[] if value else marks_of(marks[index], 1),
        )
        for index, value in enumerate(state.cells)
    ]
    return Board(
        kind="sudoku", rows=size, cols=size, min_value=1, symbols=list(SYMBOLS[:size]),
        box=(state.shape.box_rows, state.shape.box_cols), cells=cells,
    )


def _takuzu(puzzle: Any, state: Any) -> Board:
    from grille.takuzu.grid import EMPTY

    marks = state.marks or (0,) * len(state.cells)
    cells = [
        BoardCell(
            value=None if value == EMPTY else value,
            given=puzzle.cells[index] != EMPTY,
            marks=marks_of(marks[index], 0) if value == EMPTY else [],
        )
        for index, value in enumerate(state.cells)
    ]
    return Board(
        kind="takuzu", rows=state.height, cols=state.width, min_value=0, symbols=["0", "1"],
        line_target=(state.width // 2, state.height // 2), cells=cells,
    )


def _kakuro(puzzle: Any, state: Any) -> Board:
    from grille.kakuro.combos import combinations, digits_text

    values = state.cells
    marks = state.marks or (0,) * len(values)
    cells = []
    for index, clue in enumerate(state.clues):
        if clue is not None:
            cells.append(BoardCell(block=True, clue=(clue[0], clue[1])))
            continue
        value = values[index]
        cells.append(BoardCell(
            value=value or None,
            given=puzzle.cells[index] != 0,
            marks=[] if value else marks_of(marks[index], 1),
        ))
    runs = []
    for run in state.runs:
        placed = [values[cell] for cell in run.cells if values[cell]]
        combos: list[str] = []
        if run.total and len(set(placed)) == len(placed):
            combos = [
                digits_text(combo)
                for combo in combinations(run.total, run.length, required=placed)
            ]
        runs.append(BoardRun(
            direction=run.direction, total=run.total,
            cells=[divmod(cell, state.cols) for cell in run.cells], combos=combos,
        ))
    topology = state.topology
    cell_runs = list(zip(topology.across, topology.down, strict=True))
    return Board(
        kind="kakuro", rows=state.rows, cols=state.cols, min_value=1,
        symbols=[str(d) for d in range(1, 10)], cells=cells, runs=runs, cell_runs=cell_runs,
    )
