"""Killer cages: no repeated digit in a cage; its digits sum to its total (when it has one)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.draw import Shapes
from grille.sudoku.variants.family import Family, Items, at_least, fp_cells
from grille.sudoku.variants.model import (
    Board,
    Cell,
    Constraint,
    Variant,
    all_different,
    region_text,
)
from grille.view import Region

if TYPE_CHECKING:
    from grille.sudoku.variants._kernel import Records


@dataclass(frozen=True, slots=True)
class KillerCage(Constraint):
    """A cage: its cells (in the order read) and its total (``None``: no sum given)."""

    cells: tuple[Cell, ...]
    total: int | None = None
    family = "killer"
    label = "killer cage"

    def __repr__(self) -> str:
        return f"KillerCage({region_text(self.cells)}, {len(self.cells)} cells, total={self.total})"

    def name(self) -> str:
        """``killer cage r1c1..r2c2 (sum 12)``: its first and last cells in reading order."""
        total = "" if self.total is None else f" (sum {self.total})"
        return f"{self.label} {region_text(self.cells)}{total}"

    def cells_of(self) -> tuple[Cell, ...]:
        return self.cells

    def draw(self, size: int) -> Shapes:
        """A dashed cage, its sum in its top-left cell."""
        label = "" if self.total is None else str(self.total)
        return Shapes(regions=(Region("cage", self.cells, name=self.name(), label=label,
                                      label_cell=min(self.cells), total=self.total),))

    def violations(self, board: Board) -> list[Violation]:
        out = all_different(self, self.cells, board)
        digits = board.digits(self.cells)
        filled = [cell for cell, digit in zip(self.cells, digits, strict=True) if digit]
        if self.total is not None and filled:
            if all(digits) and sum(digits) != self.total:
                out.append(self.broken(f"its digits sum to {sum(digits)}", self.cells))
            elif not all(digits) and sum(digits) + digits.count(0) > self.total:
                least = at_least(sum(digits), digits.count(0))
                out.append(self.broken(f"its digits make {least}", filled))
        return out

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        cells = tuple([r * size + c for r, c in self.cells])
        if self.total is None:
            return pr.Parts((cells,))
        return pr.Parts((cells,), (pr.CageSum(cells, size, self.total),))

    def solver_records(self, size: int, variant: Variant, out: Records) -> bool:
        cells = tuple([r * size + c for r, c in self.cells])
        out.units.append(cells)
        if self.total is not None:
            out.cage(cells, self.total)
        return True

    def fpuzzles(self) -> tuple[str, object]:
        item: dict[str, object] = {"cells": fp_cells(self.cells)}
        if self.total is not None:
            item["value"] = str(self.total)
        return "killercage", item


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    out: list[Constraint] = []
    for index, item in enumerate(items.objects(key, value, ("cells", "value"))):
        where = f"killercage {index + 1}"
        raw = item.get("value")
        total = None if raw in (None, "") else items.number(raw, where)
        out.append(KillerCage(items.cells(item.get("cells"), where), total))
    return out


FAMILY = Family("killer", "killer cages",
                "digits do not repeat in a cage and sum to its total",
                ("killercage",), _read, (KillerCage,))
