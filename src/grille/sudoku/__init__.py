"""Sudoku of every size from 4x4 to 25x25: model, formats, candidates, solving.

>>> from grille import sudoku
>>> puzzle = sudoku.parse(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
... )
>>> sudoku.solve(puzzle).unique
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grille.kind import Solutions
from grille.lazypackage import KindPackage

if TYPE_CHECKING:
    from grille.kind import Kind
    from grille.sudoku.candidates import candidate_masks, candidates_of, with_candidates
    from grille.sudoku.geometry import Shape, default_shape, supported_sizes
    from grille.sudoku.grid import Grid
    from grille.sudoku.kind import SudokuKind
    from grille.sudoku.rules import is_solution

    KIND: Kind[Grid]
    """The kind's :class:`~grille.kind.Kind` (made on first use)."""
    _WHOLE: Kind[Grid] = SudokuKind()  # mypy checks that SudokuKind is a whole Kind

__all__ = [
    "KIND",
    "Grid",
    "Shape",
    "Solutions",
    "candidate_masks",
    "candidates_of",
    "count",
    "default_shape",
    "is_solution",
    "parse",
    "solve",
    "supported_sizes",
    "with_candidates",
]

_PACKAGE = KindPackage(__name__, "grille.sudoku.kind:SudokuKind", {
    "candidate_masks": "grille.sudoku.candidates",
    "candidates_of": "grille.sudoku.candidates",
    "with_candidates": "grille.sudoku.candidates",
    "Shape": "grille.sudoku.geometry",
    "default_shape": "grille.sudoku.geometry",
    "supported_sizes": "grille.sudoku.geometry",
    "Grid": "grille.sudoku.grid",
    "is_solution": "grille.sudoku.rules",
})
"""Where each name lives: the package loads them on first use, so that importing
``grille.sudoku.info`` (what front ends read) loads nothing else."""

__getattr__ = _PACKAGE.attribute


def parse(text: str, *, fmt: str | None = None) -> Grid:
    """The one puzzle in ``text`` (any supported format); raises ``ParseError``."""
    puzzle: Grid = _PACKAGE.parse(text, fmt=fmt)
    return puzzle


def solve(puzzle: Grid, *, limit: int = 2, budget: int | None = None) -> Solutions[Grid]:
    """Up to ``limit`` solutions of ``puzzle`` (0 = all) within ``budget`` search nodes."""
    return _PACKAGE.solve(puzzle, limit=limit, budget=budget)


def count(puzzle: Grid, *, limit: int = 0, budget: int | None = None) -> int:
    """How many solutions ``puzzle`` has (at most ``limit`` when it is not 0)."""
    return _PACKAGE.solve(puzzle, limit=limit, budget=budget).count
