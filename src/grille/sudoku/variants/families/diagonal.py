"""X diagonals: a main diagonal holds no repeated digit (f-puzzles ``diagonal-``, ``diagonal+``)."""

from __future__ import annotations

from dataclasses import dataclass

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.draw import Shapes
from grille.sudoku.variants.family import Family, Items
from grille.sudoku.variants.model import Board, Cell, Constraint, Variant, all_different
from grille.view import Region


@dataclass(frozen=True, slots=True)
class Diagonal(Constraint):
    """``anti`` False: r1c1 to rNcN (``diagonal-``); True: rNc1 to r1cN (``diagonal+``)."""

    anti: bool
    family = "x"
    label = "diagonal"
    units_only = True

    def name(self) -> str:
        return "anti-diagonal" if self.anti else "main diagonal"

    def cells_for(self, size: int) -> tuple[Cell, ...]:
        """The diagonal's cells in a ``size`` grid."""
        if self.anti:
            return tuple((size - 1 - i, i) for i in range(size))
        return tuple((i, i) for i in range(size))

    def violations(self, board: Board) -> list[Violation]:
        return all_different(self, self.cells_for(board.size), board)

    def draw(self, size: int) -> Shapes:
        """The diagonal drawn corner to corner (a ``diagonal`` region)."""
        return Shapes(regions=(Region("diagonal", self.cells_for(size), name=self.name()),))
    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        return pr.Parts((tuple(r * size + c for r, c in self.cells_for(size)),))

    def fpuzzles(self) -> tuple[str, object]:
        return ("diagonal+" if self.anti else "diagonal-"), True


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    return [Diagonal(key == "diagonal+")] if items.flag(key, value) else []


FAMILY = Family("x", "X diagonals", "a marked main diagonal holds no repeated digit",
                ("diagonal+", "diagonal-"), _read, (Diagonal,))
