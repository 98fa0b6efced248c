"""Little killer: the digits along a diagonal, entered from a clue outside the grid, sum to it
(digits may repeat)."""

from __future__ import annotations

from dataclasses import dataclass

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.draw import Shapes, side_of
from grille.sudoku.variants.family import Family, Items, at_least, fp_cell, fp_cells
from grille.sudoku.variants.model import Board, Cell, Constraint, Variant, VariantError, cell_text
from grille.view import OutsideClue

STEPS = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}
"""f-puzzles' directions (U = towards row 1, L = towards column 1) as row and column steps."""


@dataclass(frozen=True, slots=True)
class LittleKiller(Constraint):
    """The clue's place (outside the grid), its direction, the diagonal's cells, the total."""

    clue: Cell
    direction: str
    cells: tuple[Cell, ...]
    total: int
    family = "little_killer"
    label = "little killer"

    def __repr__(self) -> str:
        return (f"LittleKiller({cell_text(self.clue)} {self.direction}, "
                f"{len(self.cells)} cells, total={self.total})")

    def name(self) -> str:
        return f"little killer {self.total} at {cell_text(self.clue)} ({self.direction})"

    def cells_of(self) -> tuple[Cell, ...]:
        return self.cells

    def draw(self, size: int) -> Shapes:
        """The sum outside the grid with a small arrow along its diagonal."""
        side, index = side_of(self.clue, size)
        direction = {"UR": "up-right", "UL": "up-left", "DR": "down-right",
                     "DL": "down-left"}[self.direction]
        return Shapes(outside=(OutsideClue(side, index, str(self.total), direction),))

    def fits(self, size: int) -> None:
        Constraint.fits(self, size)
        if all(0 <= at < size for at in self.clue):
            raise VariantError(f"{self.name()}: the clue is inside the grid, not around it")
        expected = diagonal(self.clue, self.direction, size)
        if not expected:
            raise VariantError(f"{self.name()}: the diagonal from {cell_text(self.clue)} "
                               f"towards {self.direction} does not enter the grid")
        if self.cells != expected:
            raise VariantError(f"{self.name()}: its cells are not the diagonal from "
                               f"{cell_text(self.clue)} towards {self.direction}")

    def violations(self, board: Board) -> list[Violation]:
        digits = board.digits(self.cells)
        if all(digits) and sum(digits) != self.total:
            return [self.broken(f"the diagonal sums to {sum(digits)}", self.cells)]
        if sum(digits) + digits.count(0) > self.total:
            filled = [c for c, d in zip(self.cells, digits, strict=True) if d]
            least = at_least(sum(digits), digits.count(0))
            return [self.broken(f"the diagonal makes {least}", filled)]
        return []

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        cells = tuple(r * size + c for r, c in self.cells)
        return pr.Parts((), (pr.SumTo(cells, self.total),))

    def fpuzzles(self) -> tuple[str, object]:
        return "littlekillersum", {"cell": fp_cell(self.clue), "cells": fp_cells(self.cells),
                                   "direction": self.direction, "value": str(self.total)}


def diagonal(clue: Cell, direction: str, size: int) -> tuple[Cell, ...]:
    """The cells from the one after ``clue`` towards ``direction`` to the grid's edge."""
    dr, dc = STEPS[direction]
    row, col = clue[0] + dr, clue[1] + dc
    cells = []
    while 0 <= row < size and 0 <= col < size:
        cells.append((row, col))
        row, col = row + dr, col + dc
    return tuple(cells)


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    out: list[Constraint] = []
    fields = ("cell", "cells", "direction", "value")
    for index, item in enumerate(items.objects(key, value, fields)):
        where = f"littlekillersum {index + 1}"
        clue = items.cell(item.get("cell"), where, outside=True)
        direction = item.get("direction")
        if not isinstance(direction, str) or direction not in STEPS:
            raise VariantError(f"{where}: direction {direction!r} is not one of UR, UL, DR, DL")
        if "cells" in item:
            cells = items.cells(item["cells"], where)
        else:
            cells = diagonal(clue, direction, items.size)
        out.append(LittleKiller(clue, direction, cells, items.number(item.get("value"), where)))
    return out


FAMILY = Family("little_killer", "little killer sums",
                "the digits along the arrowed diagonal sum to the clue (digits may repeat)",
                ("littlekillersum",), _read, (LittleKiller,))
