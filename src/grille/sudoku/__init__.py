"""Sudoku of every size from 4x4 to 25x25: model, formats, candidates, solving.

>>> from grille import sudoku
>>> puzzle = sudoku.parse(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
... )
>>> sudoku.solve(puzzle).unique
True
"""

from __future__ import annotations

from grille.kind import Solutions
from grille.sudoku.candidates import candidate_masks, candidates_of, with_candidates
from grille.sudoku.geometry import Shape, default_shape, supported_sizes
from grille.sudoku.grid import Grid
from grille.sudoku.kind import SudokuKind
from grille.sudoku.rules import is_solution

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

KIND = SudokuKind()


def parse(text: str, *, fmt: str | None = None) -> Grid:
    """The one puzzle in ``text`` (any supported format); raises ``ParseError``."""
    from grille.errors import ParseError

    entries = KIND.read(text, fmt=fmt)
    if len(entries) != 1:
        raise ParseError(f"expected one puzzle, found {len(entries)}", line=entries[1].line)
    return entries[0].puzzle


def solve(puzzle: Grid, *, limit: int = 2, budget: int | None = None) -> Solutions[Grid]:
    """Up to ``limit`` solutions of ``puzzle`` (0 = all) within ``budget`` search nodes."""
    return KIND.solve(puzzle, limit=limit, budget=budget)


def count(puzzle: Grid, *, limit: int = 0, budget: int | None = None) -> int:
    """How many solutions ``puzzle`` has (at most ``limit`` when it is not 0)."""
    return KIND.solve(puzzle, limit=limit, budget=budget).count
