"""A compiled test for finned fish: does a digit have one of a size that eliminates?

:func:`~grille.sudoku.logic.single_digit.fish._finned_digit` looks for a digit's first
finned (or sashimi) fish by building every candidate fish's step in plain Python, box by
box. On most boards the walk tries it on there is none, and that fruitless search was the
largest share of a judging walk past the finned fish (about a third of the time of a
search for an Aligned Pair Exclusion puzzle). :func:`_finned_any` answers the same
question, whether :func:`~grille.sudoku.logic.single_digit.fish._finned_steps` yields
anything, over the same base lines, fin boxes and cover choices, without building a step;
the Python search then runs only for a digit that has one. With compiling off
(``GRILLE_JIT=0``) the fish search runs alone, as before; the tests compare both.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grille.engine._jit import Kernels
from grille.engine.kernel_helpers import popcount as _popcount
from grille.sudoku.logic.board import Board

__all__ = ["enabled", "has_finned"]

Array = Any
"""A NumPy integer array."""


def _fins_and_removals(n: int, lines: Array, band_first: int, span: int, box_mask: int,
                       base: Array, size: int, cover: int) -> bool:
    """Whether the fish of ``base`` lines (``lines`` are the digit's positions along each)
    covered by ``cover`` has a fin and removes a candidate of the box's cover positions in
    the band's other lines."""
    fins = False
    for i in range(size):
        if lines[base[i]] & ~cover:
            fins = True
    if not fins:
        return False
    for line in range(band_first, band_first + span):
        inside = False
        for i in range(size):
            if base[i] == line:
                inside = True
        if not inside and lines[line] & cover & box_mask:
            return True
    return False


def _finned_in_box_any(n: int, lines: Array, band_first: int, span: int, box_mask: int,
                       size: int, allowed: Array, base: Array, chosen: Array) -> bool:
    """Whether a finned fish of ``size`` base lines (of ``lines``) with its fins in the box
    of lines ``band_first``.. (``span`` of them) and positions ``box_mask`` eliminates."""
    touched = False
    for line in range(band_first, band_first + span):
        if lines[line] & box_mask:
            touched = True
    if not touched:
        return False
    count = 0
    for line in range(n):
        if _popcount(lines[line]) >= 2:
            allowed[count] = line
            count += 1
    if count < size:
        return False
    for i in range(size):  # indexes into allowed, in lexicographic order
        chosen[i] = i
    while True:
        union = 0
        inside = 0
        for i in range(size):
            line = allowed[chosen[i]]
            base[i] = line
            if band_first <= line < band_first + span:
                union |= lines[line] & ~box_mask
                inside |= lines[line] & box_mask
            else:
                union |= lines[line]
        need = size - _popcount(union)
        spare = inside & ~union
        if 0 <= need <= _popcount(spare):
            # every choice of `need` spare positions completes the cover
            extra = spare
            while True:
                if _popcount(extra) == need and _fins_and_removals(
                        n, lines, band_first, span, box_mask, base, size, union | extra):
                    return True
                if extra == 0:
                    break
                extra = (extra - 1) & spare
        i = size - 1
        while i >= 0 and chosen[i] == count - size + i:
            i -= 1
        if i < 0:
            return False
        chosen[i] += 1
        for j in range(i + 1, size):
            chosen[j] = chosen[j - 1] + 1


def _finned_any(n: int, box_rows: int, box_cols: int, size: int, rows: Array, cols: Array,
                work: Array) -> bool:
    """Whether the digit whose positions along each row are ``rows`` (along each column
    ``cols``) has a finned or sashimi fish of ``size`` that eliminates: rows as base lines,
    then columns, fins in each box in turn (as ``fish._finned_steps``)."""
    allowed, base, chosen = work[0], work[1], work[2]
    for kind in range(2):
        lines = rows if kind == 0 else cols
        span_lines = box_rows if kind == 0 else box_cols
        span_positions = box_cols if kind == 0 else box_rows
        for band_first in range(0, n, span_lines):
            for first_position in range(0, n, span_positions):
                box_mask = ((1 << span_positions) - 1) << first_position
                if _finned_in_box_any(n, lines, band_first, span_lines, box_mask, size,
                                      allowed, base, chosen):
                    return True
    return False


KERNELS = Kernels((_finned_any,), helpers=(_popcount, _fins_and_removals, _finned_in_box_any))
"""The test, compiled or plain as :mod:`grille.engine._jit` decides."""


def enabled() -> bool:
    """Whether the finned fish search asks :func:`has_finned` first (it is compiled)."""
    return KERNELS.compiled


def has_finned(board: Board, size: int, rows: tuple[int, ...], cols: tuple[int, ...]) -> bool:
    """Whether the digit with positions ``rows`` along the rows and ``cols`` along the
    columns of ``board``'s shape has a finned or sashimi fish of ``size`` lines that
    eliminates a candidate."""
    n = board.n
    shape = board.shape
    work = np.zeros((3, n), dtype=np.int64)
    return bool(KERNELS.finned_any(n, shape.box_rows, shape.box_cols, size,
                                   np.array(rows, dtype=np.int64),
                                   np.array(cols, dtype=np.int64), work))
