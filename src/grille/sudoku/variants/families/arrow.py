"""Arrows: the circle's digits, read as one number, equal the sum along the arrow's shafts."""

from __future__ import annotations

from dataclasses import dataclass

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.draw import Shapes
from grille.sudoku.variants.families._lines import Lines, read_lines
from grille.sudoku.variants.family import Family, Items, at_least, fp_cells, fp_lines
from grille.sudoku.variants.model import Board, Cell, Constraint, Variant, VariantError, cells_text
from grille.view import PathLine


@dataclass(frozen=True, slots=True)
class Arrow(Constraint):
    """The circle (one or more cells) and the lines, each starting in the circle."""

    circle: tuple[Cell, ...]
    lines: Lines
    family = "arrow"
    label = "arrow"

    def __repr__(self) -> str:
        shafts = "; ".join(cells_text(line[1:]) for line in self.lines)
        return f"Arrow(circle {cells_text(self.circle)}, shaft {shafts})"

    def name(self) -> str:
        return f"arrow from {cells_text(self.circle)}"

    def shaft(self) -> tuple[Cell, ...]:
        """The cells whose digits are summed (each line but its first cell)."""
        return tuple(cell for line in self.lines for cell in line[1:])

    def cells_of(self) -> tuple[Cell, ...]:
        return tuple(dict.fromkeys((*self.circle, *self.shaft())))

    def draw(self, size: int) -> Shapes:
        """Each shaft from the circle (its cells the line's start) to a head."""
        return Shapes(lines=tuple(PathLine("arrow", line, self.circle) for line in self.lines))

    def fits(self, size: int) -> None:
        Constraint.fits(self, size)
        for line in self.lines:
            if line[0] not in self.circle:
                raise VariantError(f"{self.name()}: a line starts outside the circle")

    def violations(self, board: Board) -> list[Violation]:
        circle, shaft = board.digits(self.circle), board.digits(self.shaft())
        if not all(circle):
            return []
        number = int("".join(map(str, circle)))
        if all(shaft) and sum(shaft) != number:
            return [self.broken(f"the shaft sums to {sum(shaft)}, the circle reads {number}",
                                self.cells_of())]
        if sum(shaft) + shaft.count(0) > number:
            filled = [c for c in self.cells_of() if board.at(c)]
            least = at_least(sum(shaft), shaft.count(0))
            return [self.broken(f"the shaft makes {least}, the circle reads {number}", filled)]
        return []

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        if size > 9 and len(self.circle) > 1:
            raise VariantError(f"{self.name()}: the solver reads circles of several cells "
                               "only on grids up to 9x9")
        circle = tuple(r * size + c for r, c in self.circle)
        shaft = tuple(r * size + c for r, c in self.shaft())
        if len(circle) == 1:
            return pr.Parts((), (pr.SumTo(shaft, 0, circle[0]),))
        coefs = tuple(-(10 ** (len(circle) - 1 - i)) for i in range(len(circle)))
        return pr.Parts((), (pr.LinearSum(circle + shaft, coefs + (1,) * len(shaft), 0),))

    def fpuzzles(self) -> tuple[str, object]:
        return "arrow", {"lines": fp_lines(self.lines), "cells": fp_cells(self.circle)}


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    out: list[Constraint] = []
    for index, (lines, item) in enumerate(read_lines(items, key, value, ("lines", "cells"))):
        arrow = Arrow(items.cells(item.get("cells"), f"arrow {index + 1}"), lines)
        arrow.fits(items.size)
        out.append(arrow)
    return out


FAMILY = Family("arrow", "arrows",
                "the digits along an arrow sum to the number in its circle",
                ("arrow",), _read, (Arrow,))
