r"""Pencil marks as a player pencils them: the digits the combinations of each cell's two runs
allow, given the digits already written.

For one run: the digits of the combinations of its sum and length that hold every digit
already written in the run (none of them twice), less those written digits; a run without a
clue allows every digit not written in it. A cell's marks are what both its runs allow.
This is what a player reads off a combination table, not what propagation deduces: the
marks of a puzzle that needs search are not its solution.

>>> from grille.kakuro.grid import KakuroGrid, digits_of_mask
>>> grid = KakuroGrid.from_string("#  4\\ 3\\\n\\3 .  .\n\\4 .  .")
>>> [digits_of_mask(candidate_masks(grid)[cell]) for cell in (4, 5, 7, 8)]
[(1,), (1, 2), (1, 3), (1,)]
"""

from __future__ import annotations

from collections.abc import Sequence

from grille.kakuro.combos import combination_masks
from grille.kakuro.grid import KakuroGrid, Run

__all__ = ["ALL_DIGITS", "candidate_masks", "run_digits", "with_candidates"]

ALL_DIGITS = 0x1FF
"""The mask of the digits 1-9."""


def run_digits(run: Run, cells: Sequence[int]) -> int:
    """The digits ``run`` still offers its empty cells (``cells``: every cell's digit)."""
    written = 0
    for cell in run.cells:
        digit = cells[cell]
        if digit:
            bit = 1 << (digit - 1)
            if written & bit:
                return 0  # a digit twice: no combination holds the run
            written |= bit
    if not run.total:
        return ALL_DIGITS & ~written
    offered = 0
    for combination in combination_masks(run.total, run.length):
        if combination & written == written:
            offered |= combination
    return offered & ~written


def candidate_masks(grid: KakuroGrid) -> tuple[int, ...]:
    """Per cell, the digits both runs of an empty white cell allow (0 for other cells)."""
    topology = grid.topology
    cells = grid.cells
    offered = [run_digits(run, cells) for run in topology.runs]
    marks = [0] * (grid.rows * grid.cols)
    for cell in topology.whites:
        if cells[cell]:
            continue
        mask = ALL_DIGITS
        for run in (topology.across[cell], topology.down[cell]):
            if run >= 0:
                mask &= offered[run]
        marks[cell] = mask
    return tuple(marks)


def with_candidates(grid: KakuroGrid) -> KakuroGrid:
    """``grid`` with its pencil marks filled in."""
    return grid.with_marks(candidate_masks(grid))
