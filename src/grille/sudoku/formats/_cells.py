"""Cell contents several formats derive alike: which digits are clues, what marks are left."""

from __future__ import annotations

from collections.abc import Sequence

from grille.sudoku.candidates import candidate_masks
from grille.sudoku.geometry import Shape
from grille.sudoku.grid import Grid, digits_of_mask
from grille.sudoku.symbols import SYMBOLS


def normal_givens(cells: Sequence[int], flags: Sequence[bool]) -> tuple[bool, ...] | None:
    """Given flags for filled cells only, or ``None`` when every filled cell is a clue."""
    givens = tuple(bool(flag) and digit != 0 for digit, flag in zip(cells, flags, strict=True))
    return None if all(g or not d for d, g in zip(cells, givens, strict=True)) else givens


def marks_without(
    shape: Shape, cells: Sequence[int], removed: Sequence[int]
) -> tuple[int, ...] | None:
    """The candidates of ``cells`` but the ``removed`` ones; ``None`` if none is removed."""
    if not any(removed):
        return None
    basic = candidate_masks(Grid(shape, tuple(cells)))
    return tuple(mask & ~gone for mask, gone in zip(basic, removed, strict=True))


def mask_text(mask: int) -> str:
    """The digits of ``mask`` in a row, like ``129``."""
    return "".join(SYMBOLS[d - 1] for d in digits_of_mask(mask))
