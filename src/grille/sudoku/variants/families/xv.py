"""XV: digits joined by an X sum to 10, by a V to 5. The negative form (``negative: ["xv"]``)
says all are given: no unmarked neighbours sum to 5 or 10."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.draw import Shapes
from grille.sudoku.variants.families._pairs import (
    marked_pairs,
    neighbour_pairs,
    unmarked_records,
    unmarked_relations,
)
from grille.sudoku.variants.family import Family, Items, fp_cells
from grille.sudoku.variants.model import (
    Board,
    Cell,
    Constraint,
    Variant,
    VariantError,
    cell_text,
    cells_text,
)
from grille.view import Marker

if TYPE_CHECKING:
    from grille.sudoku.variants._kernel import Records

SUMS = {"X": 10, "V": 5}

_RULE_AT: dict[tuple[int, str], int] = {}
"""Where each letter's rule table starts in the kernel's shared tables, by size and letter
(:meth:`XV.solver_records` then makes neither the rule's name nor its test)."""


@dataclass(frozen=True, slots=True)
class XV(Constraint):
    """An X or a V between two neighbours."""

    cells: tuple[Cell, Cell]
    letter: str
    family = "xv"

    def __repr__(self) -> str:
        return f"XV({cells_text(self.cells)}, {self.letter!r})"

    def name(self) -> str:
        return f"{self.letter} {cell_text(min(self.cells))}-{cell_text(max(self.cells))}"

    def cells_of(self) -> tuple[Cell, ...]:
        return self.cells

    def draw(self, size: int) -> Shapes:
        """The letter on the edge between the two cells."""
        return Shapes(markers=(Marker("text", *self.cells, self.letter),))

    def violations(self, board: Board) -> list[Violation]:
        x, y = board.digits(self.cells)
        if x and y and x + y != SUMS[self.letter]:
            return [self.broken(f"{x} + {y} is not {SUMS[self.letter]}", self.cells)]
        return []

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        (ra, ca), (rb, cb) = self.cells
        total = SUMS[self.letter]
        return pr.Parts((), (pr.relation(ra * size + ca, rb * size + cb, size,
                                         f"sum {total}", lambda x, y: x + y == total),))

    def solver_records(self, size: int, variant: Variant, out: Records) -> bool:
        (ra, ca), (rb, cb) = self.cells
        at = _RULE_AT.get((size, self.letter))
        if at is None:  # a rule's table never moves: remembered by size and letter
            total = SUMS[self.letter]
            at = _RULE_AT[size, self.letter] = out.rule(f"sum {total}",
                                                        lambda x, y: x + y == total)
        out.relation(ra * size + ca, rb * size + cb, at)
        return True

    def fpuzzles(self) -> tuple[str, object]:
        return "xv", {"cells": fp_cells(self.cells), "value": self.letter}


@dataclass(frozen=True, slots=True)
class XVNegative(Constraint):
    """Every X and V is given: unmarked neighbours do not sum to 5 or 10."""

    family = "xv"
    label = "all X and V given"

    def draw(self, size: int) -> Shapes:
        """Nothing on the grid: the rule in words."""
        return Shapes(notes=("All X and V given.",))

    def violations(self, board: Board) -> list[Violation]:
        marked = marked_pairs(board, ("xv",))
        out = []
        for a, b in neighbour_pairs(board.size):
            x, y = board.at(a), board.at(b)
            if x and y and x + y in (5, 10) and frozenset((a, b)) not in marked:
                out.append(self.broken(f"{x} at {cell_text(a)} and {y} at {cell_text(b)} sum "
                                       f"to {x + y} with no {'X' if x + y == 10 else 'V'}",
                                       (a, b)))
        return out

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        marked = {frozenset(c.cells_of()) for c in variant.constraints if isinstance(c, XV)}
        return pr.Parts((), unmarked_relations(size, "sum not 5 or 10", _not_xv, marked))

    def solver_records(self, size: int, variant: Variant, out: Records) -> bool:
        unmarked_records(out, "sum not 5 or 10", _not_xv, variant.constraints, XV)
        return True

    def fpuzzles(self) -> tuple[str, object]:
        return "negative", "xv"


def _not_xv(x: int, y: int) -> bool:
    return x + y not in (5, 10)


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    if key == "negative:xv":
        return [XVNegative()]
    out: list[Constraint] = []
    for index, item in enumerate(items.objects(key, value, ("cells", "value"))):
        where = f"xv {index + 1}"
        letter = item.get("value")
        if not isinstance(letter, str) or letter not in SUMS:
            raise VariantError(f"{where}: value {letter!r} is neither 'X' nor 'V'")
        out.append(XV(items.pair(item.get("cells"), where), letter))
    return out


FAMILY = Family("xv", "XV", "digits joined by an X sum to 10, by a V to 5",
                ("xv", "negative:xv"), _read, (XV, XVNegative))
