"""A puzzle's peers, compiled: the layout's peers grown by the puzzle's own units.

:func:`grille.sudoku.variants.solve.model_of` needs, for every puzzle with units of its own
(killer cages, thermometers, jigsaw regions), each cell's sorted peers as the kernel reads
them. Built in Python or with NumPy that costs tens of microseconds a puzzle, more than most
searches; :func:`_grow` does it in one compiled pass. The NumPy build in ``solve.py`` stays
for the interpreted backend (``GRILLE_JIT=0``), and the tests check the two agree.
"""

from __future__ import annotations

from typing import Any

from grille.engine._jit import Kernels

__all__ = ["KERNELS"]


def _grow(cells: int, base_start: Any, base_list: Any, unit_start: Any, unit_cells: Any,
          matrix: Any, start: Any, peers: Any, grown: Any) -> int:
    """Grow the peers ``base_start``/``base_list`` (each cell's sorted peers, itself not
    included, from ``base_start[cell]`` to ``base_start[cell + 1]``) by the units laid end
    to end in ``unit_cells`` (unit ``u`` from ``unit_start[u]``): write each cell's sorted
    peers into ``start``/``peers`` the same way, flag in ``grown`` (zeros on entry) the cells
    whose peers grew, and leave in ``matrix`` (``cells * cells`` zeros on entry) a 1 for
    each cell and peer, row by row; the length of the peer list."""
    for cell in range(cells):
        row = cell * cells
        for at in range(base_start[cell], base_start[cell + 1]):
            matrix[row + base_list[at]] = 1
    for unit in range(len(unit_start) - 1):
        first, end = unit_start[unit], unit_start[unit + 1]
        for i in range(first, end):
            row = unit_cells[i] * cells
            for j in range(first, end):
                other = unit_cells[j]
                if other != unit_cells[i] and matrix[row + other] == 0:
                    matrix[row + other] = 1
                    grown[unit_cells[i]] = 1
    size = 0
    for cell in range(cells):
        start[cell] = size
        if grown[cell]:
            row = cell * cells
            for other in range(cells):
                if matrix[row + other]:
                    peers[size] = other
                    size += 1
        else:
            for at in range(base_start[cell], base_start[cell + 1]):
                peers[size] = base_list[at]
                size += 1
    start[cells] = size
    return size


KERNELS = Kernels((_grow,))
"""The peer growing, compiled or plain as :mod:`grille.engine._jit` decides."""
