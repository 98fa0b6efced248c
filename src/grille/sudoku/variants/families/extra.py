"""Extra regions (windoku/hyper boxes, any extra group): the listed cells hold no repeat."""

from __future__ import annotations

from dataclasses import dataclass

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.draw import Shapes
from grille.sudoku.variants.family import Family, Items, fp_cells
from grille.sudoku.variants.model import (
    Board,
    Cell,
    Constraint,
    Variant,
    all_different,
    region_text,
)
from grille.view import Region


@dataclass(frozen=True, slots=True)
class ExtraRegion(Constraint):
    """An extra region: its cells all differ."""

    cells: tuple[Cell, ...]
    family = "extra_region"
    label = "extra region"
    units_only = True

    def __repr__(self) -> str:
        return f"ExtraRegion({region_text(self.cells)}, {len(self.cells)} cells)"

    def cells_of(self) -> tuple[Cell, ...]:
        return self.cells

    def name(self) -> str:
        """``extra region r2c2..r4c4``: its first and last cells in reading order."""
        return f"{self.label} {region_text(self.cells)}"

    def violations(self, board: Board) -> list[Violation]:
        return all_different(self, self.cells, board)

    def draw(self, size: int) -> Shapes:
        """The region shaded (a ``window`` region)."""
        return Shapes(regions=(Region("window", self.cells, name=self.name()),))
    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        return pr.Parts((tuple(r * size + c for r, c in self.cells),))

    def fpuzzles(self) -> tuple[str, object]:
        return "extraregion", {"cells": fp_cells(self.cells)}


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    return [
        ExtraRegion(items.cells(item.get("cells"), f"extraregion {index + 1}"))
        for index, item in enumerate(items.objects(key, value, ("cells",)))
    ]


FAMILY = Family("extra_region", "extra regions (windoku)",
                "each extra region (shaded) holds no repeated digit",
                ("extraregion",), _read, (ExtraRegion,))
