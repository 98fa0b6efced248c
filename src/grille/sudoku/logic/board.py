"""The board the human-style techniques read: digits, candidates, and handy indexes.

A :class:`Board` is an immutable snapshot built from a :class:`~grille.sudoku.grid.Grid`
whose empty cells carry candidates (pencil marks). Techniques look at it and return a
:class:`~grille.logic.Step`; :meth:`Board.apply` gives the board after the step.

Indexes are derived once per board, lazily: for every unit and digit, the cells of the unit
where the digit is still a candidate (``places``), as a tuple and as a bitmask over the
unit's positions.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from grille.logic import Candidate, Step
from grille.sudoku.candidates import candidate_masks
from grille.sudoku.geometry import Shape
from grille.sudoku.grid import Grid
from grille.sudoku.symbols import digit_char

__all__ = ["Board", "bits", "popcount"]


def popcount(mask: int) -> int:
    """How many bits ``mask`` has set."""
    return mask.bit_count()


def bits(mask: int) -> tuple[int, ...]:
    """The digits (1-based) whose bits are set in ``mask``."""
    return _bits(mask)


@functools.lru_cache(maxsize=1 << 16)
def _bits(mask: int) -> tuple[int, ...]:
    digits = []
    digit = 1
    while mask:
        if mask & 1:
            digits.append(digit)
        mask >>= 1
        digit += 1
    return tuple(digits)


class Board:
    """Digits and candidates of a grid, with the unit/digit indexes techniques need."""

    __slots__ = ("__dict__", "cells", "marks", "n", "shape")

    def __init__(self, shape: Shape, cells: Sequence[int], marks: Sequence[int]) -> None:
        self.shape = shape
        self.n = shape.size
        self.cells = tuple(cells)
        self.marks = tuple(0 if digit else mask for digit, mask in zip(cells, marks, strict=True))

    @classmethod
    def from_grid(cls, grid: Grid) -> Board:
        """The board of ``grid``: its marks where it has them, narrowed to its candidates."""
        fresh = candidate_masks(grid)
        if grid.marks is None:
            return cls(grid.shape, grid.cells, fresh)
        return cls(grid.shape, grid.cells, [m & f for m, f in zip(grid.marks, fresh, strict=True)])

    def to_grid(self, puzzle: Grid) -> Grid:
        """``puzzle`` (for its clues) with this board's digits and candidates."""
        return puzzle.with_cells(self.cells).with_marks(self.marks)

    def __repr__(self) -> str:
        return f"<Board {self.n}x{self.n}: {self.cells.count(0)} empty>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.shape, self.cells, self.marks) == (other.shape, other.cells, other.marks)

    def __hash__(self) -> int:
        return hash((self.cells, self.marks))

    # -- topology -------------------------------------------------------------------------

    @property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """Rows, then columns, then boxes."""
        return self.shape.units

    @property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """Each cell's peers."""
        return self.shape.peers

    @functools.cached_property
    def peer_sets(self) -> tuple[frozenset[int], ...]:
        """Each cell's peers as a set."""
        return tuple(frozenset(p) for p in self.shape.peers)

    @functools.cached_property
    def units_of(self) -> tuple[tuple[int, int, int], ...]:
        """For each cell, its (row, column, box) unit indexes."""
        n = self.n
        return tuple(
            (cell // n, n + cell % n, 2 * n + self.shape.box_of(cell)) for cell in range(n * n)
        )

    def sees(self, a: int, b: int) -> bool:
        """Whether cells ``a`` and ``b`` are distinct and share a unit."""
        return b in self.peer_sets[a]

    def rc(self, cell: int) -> tuple[int, int]:
        """(row, column) of ``cell``, 0-based."""
        return divmod(cell, self.n)

    def name(self, cell: int) -> str:
        """``r3c5``-style name of ``cell``."""
        row, col = divmod(cell, self.n)
        return f"r{row + 1}c{col + 1}"

    def names(self, cells: Iterable[int]) -> str:
        """Several cell names, comma separated."""
        return ", ".join(self.name(cell) for cell in cells)

    def unit_name(self, unit: int) -> str:
        """``row 3``, ``column 5`` or ``box 4``."""
        return self.shape.unit_name(unit)

    def digit(self, digit: int) -> str:
        """How ``digit`` is written (``A`` for 10 ...)."""
        return digit_char(digit)

    # -- candidates --------------------------------------------------------------------------

    def has(self, cell: int, digit: int) -> bool:
        """Whether ``digit`` is a candidate of ``cell``."""
        return bool(self.marks[cell] >> (digit - 1) & 1)

    @functools.cached_property
    def empty_cells(self) -> tuple[int, ...]:
        """The cells without a digit."""
        return tuple(cell for cell, digit in enumerate(self.cells) if digit == 0)

    @functools.cached_property
    def _places(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        marks = self.marks
        return tuple(
            tuple(
                tuple(cell for cell in unit if marks[cell] >> (digit - 1) & 1)
                for digit in range(1, self.n + 1)
            )
            for unit in self.shape.units
        )

    def places(self, unit: int, digit: int) -> tuple[int, ...]:
        """The cells of ``unit`` where ``digit`` is still a candidate."""
        return self._places[unit][digit - 1]

    def cells_with(self, digit: int) -> tuple[int, ...]:
        """Every cell where ``digit`` is a candidate."""
        bit = 1 << (digit - 1)
        return tuple(cell for cell, mask in enumerate(self.marks) if mask & bit)

    @property
    def solved(self) -> bool:
        """Whether every cell holds a digit."""
        return 0 not in self.cells

    # -- changes -----------------------------------------------------------------------------

    def candidate(self, cell: int, digit: int) -> Candidate:
        """The (row, column, digit) triple a Step uses."""
        row, col = divmod(cell, self.n)
        return (row, col, digit)

    def apply(self, step: Step) -> Board:
        """The board after ``step``: digits placed (and removed from peers), candidates removed."""
        cells = list(self.cells)
        marks = list(self.marks)
        n = self.n
        for row, col, digit in step.eliminations:
            marks[row * n + col] &= ~(1 << (digit - 1))
        for row, col, digit in step.placements:
            cell = row * n + col
            cells[cell] = digit
            marks[cell] = 0
            bit = ~(1 << (digit - 1))
            for peer in self.shape.peers[cell]:
                marks[peer] &= bit
        return Board(self.shape, cells, marks)
