"""Candidates (pencil marks): for each empty cell, the digits absent from its peers."""

from __future__ import annotations

from grille.sudoku.grid import Grid

__all__ = ["candidate_masks", "candidates_of", "with_candidates"]


def candidate_masks(grid: Grid) -> tuple[int, ...]:
    """A bitmask per cell (bit ``d - 1`` for digit ``d``) of the digits it may take; 0 if filled.
    A variant's cells also leave out what its other groups and parities rule out
    (:mod:`grille.sudoku.variants.candidates`)."""
    if grid.variant is not None:
        from grille.sudoku.variants.candidates import candidate_masks as variant_masks

        return variant_masks(grid)
    n = grid.size
    full = (1 << n) - 1
    cells = grid.cells
    used = [0] * len(grid.shape.units)
    for unit_index, unit in enumerate(grid.shape.units):
        mask = 0
        for cell in unit:
            if cells[cell]:
                mask |= 1 << (cells[cell] - 1)
        used[unit_index] = mask
    boxes_across = n // grid.shape.box_cols
    masks = []
    for cell, digit in enumerate(cells):
        if digit:
            masks.append(0)
            continue
        row, col = divmod(cell, n)
        box = (row // grid.shape.box_rows) * boxes_across + col // grid.shape.box_cols
        masks.append(full & ~(used[row] | used[n + col] | used[2 * n + box]))
    return tuple(masks)


def candidates_of(grid: Grid, row: int, col: int) -> frozenset[int]:
    """The digits cell (``row``, ``col``) may take (0-based), empty if it is filled."""
    mask = candidate_masks(grid)[row * grid.size + col]
    return frozenset(d for d in range(1, grid.size + 1) if mask >> (d - 1) & 1)


def with_candidates(grid: Grid) -> Grid:
    """``grid`` with its pencil marks set to its candidates (kept narrower where already marked)."""
    masks = candidate_masks(grid)
    if grid.marks is not None:
        masks = tuple(
            mask & old if old else mask for mask, old in zip(masks, grid.marks, strict=True)
        )
    return grid.with_marks(masks)
