"""Pencil marks of a variant Sudoku as a player pencils them from the rules.

They come from the exact solver's model (:func:`grille.sudoku.variants.solve.model_of`), so
they follow every family's :meth:`~grille.sudoku.variants.model.Constraint.solver_parts`
and a new family needs nothing here: a digit is left out of a cell when one of the cell's
peers holds it (its row and column, its box or, in a jigsaw, its region, and every
all-different unit a constraint declares: diagonals, extra regions, disjoint groups, killer
cages, thermometers, renban lines, a knight's or king's move under those rules), and by the
rules that speak of the cell alone (a filter watching one cell: its parity, a one-cell sum).
Nothing is propagated: sums, dots and lines between cells are deductions, left to the
player, the solver and the logic.
"""

from __future__ import annotations

from grille.sudoku.geometry import Shape
from grille.sudoku.grid import Grid
from grille.sudoku.variants.model import Variant
from grille.sudoku.variants.solve import Model, model_of

__all__ = ["candidate_masks", "peers"]


def _model(variant: Variant, shape: Shape) -> Model:
    n = shape.size
    return model_of(variant, n, tuple(shape.units[2 * n:]))


def peers(variant: Variant, shape: Shape) -> tuple[tuple[int, ...], ...]:
    """For each cell (row-major index), the cells whose digit must differ from its own."""
    return _model(variant, shape).peers


def _own_rules(model: Model) -> list[int]:
    """Each cell's digits as the filters watching that cell alone leave them (parity)."""
    full = (1 << model.size) - 1
    masks = [full] * (model.size * model.size)
    for rule in model.filters:
        if len(set(rule.cells)) == 1:
            rule.run(masks)
    return masks


def candidate_masks(grid: Grid) -> tuple[int, ...]:
    """A bitmask per cell of the digits it may take by the rules (0 if filled)."""
    assert grid.variant is not None
    model = _model(grid.variant, grid.shape)
    cells = grid.cells
    masks = []
    for index, (own, others) in enumerate(zip(_own_rules(model), model.peers, strict=True)):
        if cells[index]:
            masks.append(0)
            continue
        for other in others:
            if cells[other]:
                own &= ~(1 << (cells[other] - 1))
        masks.append(own)
    return tuple(masks)
