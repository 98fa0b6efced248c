"""Locked Pair and Locked Triple (HoDoKu): a naked pair or triple inside one box and one
line, so its digits leave both. HoDoKu tries them first among its "medium" techniques
(40 and 60 points); grille's own ladder finds them as naked subsets."""

from __future__ import annotations

from grille.logic import Step
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.hodoku.state import Found, grid_of_board

__all__ = ["LOCKED_PAIR", "LOCKED_TRIPLE", "locked_pair", "locked_triple"]

LOCKED_PAIR = 3.0
LOCKED_TRIPLE = 3.6
"""grille's values: SE's naked pair and triple (SE has no locked subsets of its own)."""


def _step(board: Board, found: Found, value: float) -> Step:
    digits = "/".join(board.digit(d) for d in found.digits)
    removed = ", ".join(f"{board.name(c)}<>{board.digit(d)}" for c, d in found.deletions)
    return Step(
        found.kind,
        eliminations=tuple(board.candidate(c, d) for c, d in found.deletions),
        cells=tuple(board.rc(c) for c in found.cells),
        explanation=f"{digits} fill {board.names(found.cells)}, in one box and one line "
        f"=> {removed}",
        difficulty=value,
        area="the whole grid",
    )


def _locked(board: Board, size: int, value: float) -> Step | None:
    if board.n != 9:
        return None
    found = grid_of_board(board.cells, board.marks).locked_subset(size)
    return None if found is None else _step(board, found, value)


def locked_pair(board: Board) -> Step | None:
    """A naked pair in a box and a line, in HoDoKu's order (boxes, cells in order)."""
    return _locked(board, 2, LOCKED_PAIR)


def locked_triple(board: Board) -> Step | None:
    """A naked triple in a box and a line, in HoDoKu's order."""
    return _locked(board, 3, LOCKED_TRIPLE)
