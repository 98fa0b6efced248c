"""Anti-knight: cells a chess knight's move apart hold different digits."""

from __future__ import annotations

from dataclasses import dataclass

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.families._chess import move_apart
from grille.sudoku.variants.family import Family, Items
from grille.sudoku.variants.model import Board, Constraint, Variant

MOVES = ((1, 2), (2, 1), (1, -2), (2, -1))
"""The knight's moves forward (each pair of cells is looked at once)."""


@dataclass(frozen=True, slots=True)
class AntiKnight(Constraint):
    """The global anti-knight rule."""

    family = "anti_knight"
    label = "anti-knight"
    units_only = True

    def violations(self, board: Board) -> list[Violation]:
        return move_apart(self, board, MOVES, "a knight's move")

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        return pr.Parts(pr.pairs_apart(size, MOVES))

    def fpuzzles(self) -> tuple[str, object]:
        return "antiknight", True


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    return [AntiKnight()] if items.flag(key, value) else []


FAMILY = Family("anti_knight", "anti-knight",
                "cells a chess knight's move apart hold different digits",
                ("antiknight",), _read, (AntiKnight,))
