"""A Kakuro state as a :class:`~grille.view.BoardView`: clue blocks as blocked cells, each
run a region labelled with its total in its clue block, with the digit sets it may still
hold."""

from __future__ import annotations

from grille.kakuro.combos import combinations, digits_text
from grille.kakuro.grid import KakuroGrid, digits_of_mask
from grille.view import BoardView, CellView, Corner, Region

__all__ = ["board_view"]

DIGITS = tuple(str(digit) for digit in range(1, 10))


def board_view(puzzle: KakuroGrid, state: KakuroGrid) -> BoardView:
    """The board of ``state``, a player's grid of the game of ``puzzle`` (its clues)."""
    values = state.cells
    marks = state.marks or (0,) * len(values)
    cells = tuple(
        CellView(blocked=True) if clue is not None else CellView(
            values[index] or None, bool(values[index]) and puzzle.cells[index] != 0,
            () if values[index] else digits_of_mask(marks[index]),
        )
        for index, clue in enumerate(state.clues)
    )
    regions = []
    for run in state.runs:
        placed = [values[cell] for cell in run.cells if values[cell]]
        choices: tuple[str, ...] = ()
        if run.total and len(set(placed)) == len(placed):
            choices = tuple(digits_text(combo)
                            for combo in combinations(run.total, run.length, required=placed))
        regions.append(Region(
            "run", run.positions(), name=run.name, label=str(run.total) if run.total else "",
            label_cell=run.clue,
            corner=Corner.BOTTOM_LEFT if run.direction == "down" else Corner.TOP_RIGHT,
            total=run.total or None, choices=choices,
        ))
    return BoardView(
        state.rows, state.cols, cells, DIGITS, regions=tuple(regions), mark_grid=(3, 3),
        keys=tuple((digit, value) for value, digit in enumerate(DIGITS, 1)),
        title=f"Kakuro {state.cols}×{state.rows}",
    )
