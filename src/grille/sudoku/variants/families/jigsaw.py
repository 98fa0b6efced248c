"""Irregular regions (jigsaw): n regions of n cells replace the boxes; each holds 1..n once.

f-puzzles writes a cell's ``region`` (0-based index) in the grid; the f-puzzles reader builds
the constraint from the grid, so the family reads no top-level key.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.draw import Shapes
from grille.sudoku.variants.family import Family, Items
from grille.sudoku.variants.model import (
    Board,
    Cell,
    Constraint,
    Variant,
    VariantError,
    all_different,
)
from grille.view import Region


@dataclass(frozen=True, slots=True)
class Regions(Constraint):
    """The region index of every cell, row-major (as the puzzle numbers them). ``sparse``
    says how f-puzzles writes them: only where a cell's region is not its default box (as
    f-puzzles' own export does) or on every cell (as the shared data does); it takes no part
    in equality."""

    regions: tuple[int, ...]
    sparse: bool = field(default=False, compare=False)
    family = "jigsaw"
    label = "region"
    units_only = True

    def __repr__(self) -> str:
        return f"Regions({''.join(_symbol(r) for r in self.regions)!r})"

    def fits(self, size: int) -> None:
        if len(self.regions) != size * size:
            raise VariantError(f"regions: {len(self.regions)} cells given for a {size}x{size} "
                               "grid")
        counts: dict[int, int] = {}
        for region in self.regions:
            counts[region] = counts.get(region, 0) + 1
        wrong = next((r for r, count in counts.items() if count != size), None)
        if wrong is not None or len(counts) != size:
            region = wrong if wrong is not None else min(counts)
            raise VariantError(f"regions: region {region} has {counts[region]} cells; "
                               f"a {size}x{size} grid needs {size} regions of {size} cells")

    def units(self, size: int) -> list[tuple[Cell, ...]]:
        """The cells of each region, in order of the region indices."""
        found: dict[int, list[Cell]] = {}
        for index, region in enumerate(self.regions):
            found.setdefault(region, []).append(divmod(index, size))
        return [tuple(found[region]) for region in sorted(found)]

    def violations(self, board: Board) -> list[Violation]:
        out: list[Violation] = []
        for number, cells in enumerate(self.units(board.size)):
            out += all_different(self, cells, board, f" in region {number + 1}")
        return out

    def name(self) -> str:
        return "jigsaw regions"

    def draw(self, size: int) -> Shapes:
        """Each region walled thick, in place of the boxes."""
        return Shapes(regions=tuple(Region("box", cells, name=f"region {number}")
                                    for number, cells in enumerate(self.units(size), 1)),
                      boxes=True)
    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        # the cells sorted by region (stably: in order within each), cut every ``size``:
        # each region's cells, as :meth:`units` gives them (``fits``: n regions of n cells)
        order = sorted(range(size * size), key=self.regions.__getitem__)
        units = tuple(tuple(order[at:at + size]) for at in range(0, size * size, size))
        return pr.Parts(units, regions=True)

    def solver_regions(self, size: int) -> tuple[int, ...]:
        return self.regions

    def fpuzzles(self) -> tuple[str, object]:
        return "region", list(self.regions)


def _symbol(region: int) -> str:
    return "0123456789ABCDEFGHIJKLMNOP"[region] if region < 26 else "?"


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    """No top-level key: :mod:`grille.sudoku.variants.fpuzzles` reads regions from the grid."""
    return []


FAMILY = Family(
    "jigsaw", "irregular regions",
    "the grid is cut into n irregular regions of n cells; each holds every digit once "
    "(in place of the boxes)",
    (), _read, (Regions,),
)
