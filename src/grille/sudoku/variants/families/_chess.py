"""What anti-knight and anti-king share: cells a move apart hold different digits."""

from __future__ import annotations

from grille.kind import Violation
from grille.sudoku.variants.model import Board, Constraint, cell_text


def move_apart(owner: Constraint, board: Board, moves: tuple[tuple[int, int], ...],
               what: str) -> list[Violation]:
    """A violation for each pair of equal digits ``moves`` apart (each pair once)."""
    out = []
    n = board.size
    for row in range(n):
        for col in range(n):
            digit = board.at((row, col))
            for dr, dc in moves:
                other = (row + dr, col + dc)
                if digit and 0 <= other[0] < n and 0 <= other[1] < n and board.at(other) == digit:
                    out.append(owner.broken(f"{cell_text((row, col))} and {cell_text(other)} "
                                            f"both hold {digit}, {what} apart",
                                            ((row, col), other)))
    return out
