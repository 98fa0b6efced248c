"""Every full house and hidden single a board leads to, compiled (the judging walk's run).

:func:`grille.sudoku.practice.hidden_singles` takes a board's hidden singles, and those of
the boards they lead to, as one step; in plain Python its unit-by-unit scan was the largest
share of a judging walk's time once the finned fish were compiled. :func:`_singles_run` is
the same scan over the same units in the same order, placing the same cells in the same
order; with compiling off (``GRILLE_JIT=0``) the plain scan in ``practice`` runs, which
stays the reference (the tests compare both).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from grille.engine._jit import Kernels
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board

__all__ = ["enabled", "singles_run"]

Array = Any
"""A NumPy integer array."""


def _singles_run(n: int, marks: Array, unit_cells: Array, peers: Array, placed: Array) -> int:
    """Place, unit by unit until nothing changes, each digit with one place left in a unit
    (in the unit's first cell holding it; skipped when none does), clearing it from the
    cell's ``peers`` (-1 pads a row): ``marks`` change in place, ``placed`` gets (cell,
    digit) rows; how many."""
    count = 0
    progress = True
    while progress:
        progress = False
        for unit in range(unit_cells.shape[0]):
            once = 0
            twice = 0
            for i in range(n):
                mask = marks[unit_cells[unit, i]]
                twice |= once & mask
                once |= mask
            single = once & ~twice
            while single:
                bit = single & -single
                single ^= bit
                cell = -1
                for i in range(n):
                    if marks[unit_cells[unit, i]] & bit:
                        cell = unit_cells[unit, i]
                        break
                if cell < 0:
                    continue
                marks[cell] = 0
                for j in range(peers.shape[1]):
                    peer = peers[cell, j]
                    if peer >= 0:
                        marks[peer] &= ~bit
                digit = 0
                while bit >> digit != 1:
                    digit += 1
                placed[count, 0] = cell
                placed[count, 1] = digit + 1
                count += 1
                progress = True
    return count


KERNELS = Kernels((_singles_run,))
"""The scan, compiled or plain as :mod:`grille.engine._jit` decides."""


def enabled() -> bool:
    """Whether :func:`singles_run` runs compiled (numba present, ``GRILLE_JIT`` not 0)."""
    return KERNELS.compiled


@functools.cache
def _arrays(shape: Shape) -> tuple[Array, Array]:
    """(cells of each unit, each cell's peers padded with -1) of ``shape``."""
    unit_cells = np.array(shape.units, dtype=np.int64)
    width = max(len(peers) for peers in shape.peers)
    peers = np.full((len(shape.peers), width), -1, dtype=np.int64)
    for cell, row in enumerate(shape.peers):
        peers[cell, : len(row)] = sorted(row)
    return unit_cells, peers


def singles_run(board: Board) -> list[tuple[int, int]]:
    """(cell, digit) of each single placed, in order, as ``practice.hidden_singles`` places
    them."""
    unit_cells, peers = _arrays(board.shape)
    marks = np.array(board.marks, dtype=np.int64)
    placed = np.zeros((len(marks), 2), dtype=np.int64)
    count = int(KERNELS.singles_run(board.n, marks, unit_cells, peers, placed))
    return [(int(cell), int(digit)) for cell, digit in placed[:count]]
