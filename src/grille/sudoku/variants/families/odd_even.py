"""Odd and even cells: a circled cell holds an odd digit, a squared one an even digit."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.draw import Shapes
from grille.sudoku.variants.family import Family, Items, fp_cell
from grille.sudoku.variants.model import Board, Cell, Constraint, Variant, cell_text
from grille.view import CellShape

if TYPE_CHECKING:
    from grille.sudoku.variants._kernel import Records


@dataclass(frozen=True, slots=True)
class Parity(Constraint):
    """One cell that holds an odd (``odd`` True) or an even digit."""

    cell: Cell
    odd: bool
    family = "odd_even"

    def __repr__(self) -> str:
        return f"Parity({cell_text(self.cell)}, {'odd' if self.odd else 'even'})"

    def name(self) -> str:
        return f"{'odd' if self.odd else 'even'} cell {cell_text(self.cell)}"

    def cells_of(self) -> tuple[Cell, ...]:
        return (self.cell,)

    def draw(self, size: int) -> Shapes:
        """A grey circle (odd) or square (even) under the cell's digit."""
        return Shapes(shapes=(CellShape("circle" if self.odd else "square", self.cell),))

    def violations(self, board: Board) -> list[Violation]:
        digit = board.at(self.cell)
        if digit and digit % 2 != self.odd:
            return [self.broken(f"holds {digit}", (self.cell,))]
        return []

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        return pr.Parts((), (pr.Restrict(self.cell[0] * size + self.cell[1],
                                         _parity_mask(size, self.odd)),))

    def solver_records(self, size: int, variant: Variant, out: Records) -> bool:
        out.restrict(self.cell[0] * size + self.cell[1], _parity_mask(size, self.odd))
        return True

    def fpuzzles(self) -> tuple[str, object]:
        return ("odd" if self.odd else "even"), {"cell": fp_cell(self.cell)}


@functools.cache
def _parity_mask(size: int, odd: bool) -> int:
    """The digits 1..size that are odd (or even), as a candidate mask."""
    return sum(1 << (d - 1) for d in range(1, size + 1) if d % 2 == odd)


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    return [
        Parity(items.cell(item.get("cell"), f"{key} {index + 1}"), key == "odd")
        for index, item in enumerate(items.objects(key, value, ("cell",)))
    ]


FAMILY = Family("odd_even", "odd and even cells",
                "a circled cell holds an odd digit, a squared cell an even digit",
                ("odd", "even"), _read, (Parity,))
