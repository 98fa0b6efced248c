"""The logical solver: apply the first step the ladder finds, then start again from the top."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from grille.logic import Step
from grille.sudoku.logic.board import Board

__all__ = ["Technique", "walk"]

Technique = Callable[[Board], Step | None]
"""A technique looks at a board and returns its easiest step, or ``None``."""


def walk(board: Board, ladder: Sequence[Technique], *, max_steps: int = 100_000) -> Iterator[
    tuple[Step, Board]
]:
    """Each step the ladder finds, with the board after it, until solved or stuck."""
    for _ in range(max_steps):
        if board.solved:
            return
        for technique in ladder:
            step = technique(board)
            if step is not None:
                board = board.apply(step)
                yield step, board
                break
        else:
            return
