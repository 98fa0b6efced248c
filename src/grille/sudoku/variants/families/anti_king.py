"""Anti-king: cells a chess king's move apart (diagonal neighbours too) hold different digits."""

from __future__ import annotations

from dataclasses import dataclass

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.families._chess import move_apart
from grille.sudoku.variants.family import Family, Items
from grille.sudoku.variants.model import Board, Constraint, Variant

MOVES = ((0, 1), (1, -1), (1, 0), (1, 1))
"""The king's moves forward (each pair of cells is looked at once)."""


@dataclass(frozen=True, slots=True)
class AntiKing(Constraint):
    """The global anti-king rule."""

    family = "anti_king"
    label = "anti-king"
    units_only = True

    def violations(self, board: Board) -> list[Violation]:
        return move_apart(self, board, MOVES, "a king's move")

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        return pr.Parts(pr.pairs_apart(size, MOVES))

    def fpuzzles(self) -> tuple[str, object]:
        return "antiking", True


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    return [AntiKing()] if items.flag(key, value) else []


FAMILY = Family("anti_king", "anti-king",
                "cells a chess king's move apart (diagonal neighbours too) hold different digits",
                ("antiking",), _read, (AntiKing,))
