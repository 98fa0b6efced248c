"""Pencil marks of a variant Sudoku as a player pencils them from the rules: a digit is left
out of a cell when a cell that must differ from it holds it (its row, column, box or jigsaw
region, a marked diagonal, an extra region, a disjoint group, a killer cage, a renban line, a
knight's or king's move under those rules), and by the cell's parity. Sums, dots and lines
are deductions, left to the solver and the logic."""

from __future__ import annotations

import functools

from grille.sudoku.geometry import Shape, default_shape
from grille.sudoku.grid import Grid
from grille.sudoku.variants.families.anti_king import MOVES as KING
from grille.sudoku.variants.families.anti_king import AntiKing
from grille.sudoku.variants.families.anti_knight import MOVES as KNIGHT
from grille.sudoku.variants.families.anti_knight import AntiKnight
from grille.sudoku.variants.families.diagonal import Diagonal
from grille.sudoku.variants.families.disjoint import DisjointGroups
from grille.sudoku.variants.families.extra import ExtraRegion
from grille.sudoku.variants.families.jigsaw import Regions
from grille.sudoku.variants.families.killer import KillerCage
from grille.sudoku.variants.families.odd_even import Parity
from grille.sudoku.variants.families.renban import Renban
from grille.sudoku.variants.model import Cell, Variant

__all__ = ["candidate_masks", "peers"]


def _groups(variant: Variant, shape: Shape) -> list[tuple[Cell, ...]]:
    """Every group of cells whose digits all differ."""
    n = shape.size
    groups: list[tuple[Cell, ...]] = [tuple((r, c) for c in range(n)) for r in range(n)]
    groups += [tuple((r, c) for r in range(n)) for c in range(n)]
    regions = next((c for c in variant.constraints if isinstance(c, Regions)), None)
    if regions is not None:
        groups += regions.units(n)
    else:
        groups += [tuple(divmod(cell, n) for cell in unit) for unit in shape.units[2 * n:]]
    for constraint in variant.constraints:
        if isinstance(constraint, Diagonal):
            groups.append(constraint.cells_for(n))
        elif isinstance(constraint, ExtraRegion | KillerCage):
            groups.append(constraint.cells)
        elif isinstance(constraint, Renban):
            groups += list(constraint.lines)
        elif isinstance(constraint, DisjointGroups):
            box = default_shape(n)
            groups += [tuple((br + r, bc + c) for br in range(0, n, box.box_rows)
                             for bc in range(0, n, box.box_cols))
                       for r in range(box.box_rows) for c in range(box.box_cols)]
        elif isinstance(constraint, AntiKnight | AntiKing):
            moves = KNIGHT if isinstance(constraint, AntiKnight) else KING
            groups += [((r, c), (r + dr, c + dc)) for r in range(n) for c in range(n)
                       for dr, dc in moves if 0 <= r + dr < n and 0 <= c + dc < n]
    return groups


@functools.lru_cache(maxsize=64)
def peers(variant: Variant, shape: Shape) -> tuple[tuple[int, ...], ...]:
    """For each cell (row-major index), the cells whose digit must differ from its own."""
    n = shape.size
    found: list[set[int]] = [set() for _ in range(n * n)]
    for group in _groups(variant, shape):
        indices = [r * n + c for r, c in group]
        for index in indices:
            found[index].update(indices)
    return tuple(tuple(sorted(s - {i})) for i, s in enumerate(found))


def candidate_masks(grid: Grid) -> tuple[int, ...]:
    """A bitmask per cell of the digits it may take by the rules (0 if filled)."""
    assert grid.variant is not None
    n = grid.size
    full = (1 << n) - 1
    odd = sum(1 << (d - 1) for d in range(1, n + 1, 2))
    parity = {c.cell[0] * n + c.cell[1]: odd if c.odd else full & ~odd
              for c in grid.variant.constraints if isinstance(c, Parity)}
    cells = grid.cells
    masks = []
    for index, others in enumerate(peers(grid.variant, grid.shape)):
        if cells[index]:
            masks.append(0)
            continue
        mask = parity.get(index, full)
        for other in others:
            if cells[other]:
                mask &= ~(1 << (cells[other] - 1))
        masks.append(mask)
    return tuple(masks)
