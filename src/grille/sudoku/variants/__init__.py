"""Variant Sudoku (issue #19, first step): constraints, their families, checks and formats.

:mod:`~grille.sudoku.variants.model` holds the value objects (``Variant``, ``Constraint``),
:mod:`~grille.sudoku.variants.families` the registry (one module per family),
:mod:`~grille.sudoku.variants.check` the rule check, :mod:`~grille.sudoku.variants.fpuzzles`
the f-puzzles object and links, :mod:`~grille.sudoku.variants.solo` Solo's variant IDs.
"""

from __future__ import annotations

from grille.sudoku.variants.model import Board, Cell, Constraint, Variant, VariantError

__all__ = ["Board", "Cell", "Constraint", "Variant", "VariantError"]
