"""What the families of marks between two neighbours (Kropki dots, XV) share."""

from __future__ import annotations

from collections.abc import Iterator

from grille.sudoku.variants.model import Board, Cell


def neighbour_pairs(size: int) -> Iterator[tuple[Cell, Cell]]:
    """Every pair of orthogonally adjacent cells, the upper or left one first."""
    for row in range(size):
        for col in range(size):
            if col + 1 < size:
                yield (row, col), (row, col + 1)
            if row + 1 < size:
                yield (row, col), (row + 1, col)


def marked_pairs(board: Board, families: tuple[str, ...]) -> set[frozenset[Cell]]:
    """The pairs that carry a mark of one of ``families``."""
    return {
        frozenset(pair)
        for constraint in board.variant.constraints
        if constraint.family in families
        for pair in [constraint.cells_of()]
    }
