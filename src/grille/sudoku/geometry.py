"""The topology of a Sudoku grid: sizes, boxes, units and peers.

Glossary (after Norvig): a *cell* is one square, numbered 0 .. n*n-1 in row-major
order; a *unit* is a row, a column or a box (n cells that hold every digit once);
the *peers* of a cell are the other cells that share a unit with it.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

__all__ = [
    "MAX_SIZE",
    "MIN_SIZE",
    "Shape",
    "cell_name",
    "default_shape",
    "supported_sizes",
]

MIN_SIZE = 4
MAX_SIZE = 25


def supported_sizes() -> tuple[int, ...]:
    """Every grid size grille handles: composite sizes from 4 to 25."""
    return tuple(n for n in range(MIN_SIZE, MAX_SIZE + 1) if _box_factors(n) is not None)


def _box_factors(size: int) -> tuple[int, int] | None:
    """The most square box (rows, cols) with rows <= cols for ``size``, if it has one."""
    for box_rows in range(math.isqrt(size), 1, -1):
        if size % box_rows == 0:
            return box_rows, size // box_rows
    return None


def default_shape(size: int) -> Shape:
    """The usual box shape for a grid of ``size``: 3x3 for 9, 2x3 for 6, 3x4 for 12 ..."""
    factors = _box_factors(size) if MIN_SIZE <= size <= MAX_SIZE else None
    if factors is None:
        raise ValueError(f"unsupported Sudoku size {size}; supported: {supported_sizes()}")
    return Shape(*factors)


def cell_name(cell: int, size: int) -> str:
    """The r1c1-style name of ``cell`` in a grid of ``size``."""
    row, col = divmod(cell, size)
    return f"r{row + 1}c{col + 1}"


@dataclass(frozen=True, slots=True)
class Shape:
    """A grid made of boxes of ``box_rows`` x ``box_cols`` cells (so ``size`` = their product)."""

    box_rows: int
    box_cols: int

    def __post_init__(self) -> None:
        if self.box_rows < 1 or self.box_cols < 1 or not MIN_SIZE <= self.size <= MAX_SIZE:
            raise ValueError(f"unsupported box shape {self.box_rows}x{self.box_cols}")

    def __repr__(self) -> str:
        return f"Shape({self.box_rows}, {self.box_cols})"

    def __str__(self) -> str:
        return f"{self.size}x{self.size} (boxes {self.box_rows}x{self.box_cols})"

    @property
    def size(self) -> int:
        """Digits per unit, and rows (and columns) of the grid."""
        return self.box_rows * self.box_cols

    @property
    def cell_count(self) -> int:
        """Cells in the grid."""
        return self.size * self.size

    def box_of(self, cell: int) -> int:
        """The box index (row-major over boxes) of ``cell``."""
        row, col = divmod(cell, self.size)
        return (row // self.box_rows) * (self.size // self.box_cols) + col // self.box_cols

    @property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """All units: the rows, then the columns, then the boxes."""
        return _units(self.box_rows, self.box_cols)

    @property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, its peers in increasing order."""
        return _peers(self.box_rows, self.box_cols)

    def unit_name(self, unit: int) -> str:
        """``row 3``, ``column 5`` or ``box 4`` for the unit index ``unit`` (1-based in text)."""
        kind, index = divmod(unit, self.size)
        return f"{('row', 'column', 'box')[kind]} {index + 1}"


@functools.cache
def _units(box_rows: int, box_cols: int) -> tuple[tuple[int, ...], ...]:
    n = box_rows * box_cols
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    boxes = [
        tuple(
            (br + r) * n + bc + c
            for r in range(box_rows)
            for c in range(box_cols)
        )
        for br in range(0, n, box_rows)
        for bc in range(0, n, box_cols)
    ]
    return tuple(rows + cols + boxes)


@functools.cache
def _peers(box_rows: int, box_cols: int) -> tuple[tuple[int, ...], ...]:
    n = box_rows * box_cols
    peer_sets: list[set[int]] = [set() for _ in range(n * n)]
    for unit in _units(box_rows, box_cols):
        for cell in unit:
            peer_sets[cell].update(unit)
    return tuple(tuple(sorted(s - {cell})) for cell, s in enumerate(peer_sets))
