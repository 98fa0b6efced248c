"""Nested forcing chains, levels 2 to 5 (SE's 9.5, 10.0, 10.5 and 11.0 + length).

A nested level runs the dynamic forcing tiers of :mod:`tiers`
with a weaker tier working inside each net (SE's order: forcing chains, multiple forcing
chains, dynamic, dynamic plus); each level costs seconds per step on the hardest puzzles.
"""

from __future__ import annotations

from collections.abc import Callable

from grille.logic import Step
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.forcing.tiers import _easiest, _level_tier

__all__ = ["nested_forcing"]


def nested_forcing(level: int) -> Callable[[Board], Step | None]:
    """Nested forcing chains of ``level`` 2-5 (9.5, 10.0, 10.5, 11.0 + L)."""
    if not 2 <= level <= 5:
        raise ValueError(f"nesting levels are 2 to 5, got {level}")
    tier = _level_tier(level)

    def technique(board: Board) -> Step | None:
        return _easiest(board, tier)

    technique.__name__ = f"nested_forcing_{level}"
    technique.__doc__ = f"Nested forcing chains, level {level} ({tier.base}+L)."
    return technique
