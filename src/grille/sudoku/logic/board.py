"""The board the human-style techniques read: digits, candidates, and handy indexes.

A :class:`Board` is an immutable snapshot built from a :class:`~grille.sudoku.grid.Grid`
whose empty cells carry candidates (pencil marks). Techniques look at it and return a
:class:`~grille.logic.Step`; :meth:`Board.apply` gives the board after the step.

Each board keeps, per digit, the bitmask of the cells where it is a candidate (its *plane*);
:meth:`Board.apply` updates the planes instead of rebuilding them, and the cells of a unit
where a digit is still a candidate (``places``) are read off the planes. The shape's topology
(units of a cell, peers as sets and as bitmasks) is built once per shape, for every board.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Generic, TypeVar

from grille.logic import Candidate, Step
from grille.sudoku.candidates import candidate_masks
from grille.sudoku.geometry import Shape
from grille.sudoku.grid import Grid, digits_of_mask
from grille.sudoku.symbols import digit_char

__all__ = ["Board", "Memo", "Tables", "bits", "cells_of", "popcount", "tables"]


def popcount(mask: int) -> int:
    """How many bits ``mask`` has set."""
    return mask.bit_count()


_bits = functools.lru_cache(maxsize=1 << 16)(digits_of_mask)
"""``digits_of_mask``, cached: techniques ask for the same few masks over and over."""


def bits(mask: int) -> tuple[int, ...]:
    """The digits (1-based) whose bits are set in ``mask``."""
    return _bits(mask)


def cells_of(mask: int) -> tuple[int, ...]:
    """The cells (0-based bit positions) set in ``mask``, in increasing order."""
    return _cells_of(mask)


@functools.lru_cache(maxsize=1 << 16)
def _cells_of(mask: int) -> tuple[int, ...]:
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cells)


class Tables:
    """A shape's topology in the forms techniques read, built once per shape."""

    __slots__ = ("peer_masks", "peer_sets", "unit_masks", "units", "units_of")

    def __init__(self, shape: Shape) -> None:
        n = shape.size
        self.units = shape.units
        self.peer_sets = tuple(frozenset(peers) for peers in shape.peers)
        self.peer_masks = tuple(sum(1 << peer for peer in peers) for peers in shape.peers)
        self.unit_masks = tuple(sum(1 << cell for cell in unit) for unit in shape.units)
        self.units_of = tuple(
            (cell // n, n + cell % n, 2 * n + shape.box_of(cell)) for cell in range(n * n)
        )


@functools.cache
def tables(shape: Shape) -> Tables:
    """The (cached) tables of ``shape``."""
    return Tables(shape)


T = TypeVar("T")


@functools.lru_cache(maxsize=1 << 12)
def _region(cells: tuple[int, ...]) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], int]:
    """A function picking the entries of ``cells`` from a sequence, and their bitmask."""
    mask = sum(1 << cell for cell in cells)
    if len(cells) == 1:
        only = cells[0]
        return (lambda values: (values[only],)), mask
    return operator.itemgetter(*cells), mask


class Memo(Generic[T]):
    """Results of a search confined to some cells, reused while those cells do not change.

    A technique that only reads the candidates of a few cells (one unit, one digit's plane, a
    box-line pair ...) gives the same answer on any board where those cells hold the same
    candidates, so the walk, which re-runs every technique after each step, can take the
    answer from here. Keys hold the shape, the caller's tag and the cells' state; the store is
    emptied when it reaches ``limit`` entries.
    """

    __slots__ = ("_limit", "_store")

    def __init__(self, limit: int = 1 << 16) -> None:
        self._limit = limit
        self._store: dict[Hashable, T] = {}

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        """The result stored under ``key``, computed (and stored) the first time."""
        try:
            return self._store[key]
        except KeyError:
            pass
        value = compute()
        if len(self._store) >= self._limit:
            self._store.clear()
        self._store[key] = value
        return value


def _planes(marks: Sequence[int], n: int) -> list[int]:
    """Per digit (index digit - 1), the bitmask of the cells where ``marks`` has it."""
    planes = [0] * n
    for cell, mask in enumerate(marks):
        for digit in _bits(mask):
            planes[digit - 1] |= 1 << cell
    return planes


class Board:
    """Digits and candidates of a grid, with the unit/digit indexes techniques need."""

    __slots__ = ("__dict__", "cells", "marks", "n", "shape", "tables")

    def __init__(self, shape: Shape, cells: Sequence[int], marks: Sequence[int]) -> None:
        self.shape = shape
        self.n = shape.size
        self.tables = tables(shape)
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

    @property
    def peer_sets(self) -> tuple[frozenset[int], ...]:
        """Each cell's peers as a set."""
        return self.tables.peer_sets

    @property
    def units_of(self) -> tuple[tuple[int, int, int], ...]:
        """For each cell, its (row, column, box) unit indexes."""
        return self.tables.units_of

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

    def region_key(self, cells: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
        """The state of ``cells`` (their candidates, which are empty), for a :class:`Memo`."""
        pick, mask = _region(cells)
        return pick(self.marks), self.empty_mask & mask

    def has(self, cell: int, digit: int) -> bool:
        """Whether ``digit`` is a candidate of ``cell``."""
        return bool(self.marks[cell] >> (digit - 1) & 1)

    @functools.cached_property
    def empty_cells(self) -> tuple[int, ...]:
        """The cells without a digit."""
        return tuple(cell for cell, digit in enumerate(self.cells) if digit == 0)

    @functools.cached_property
    def empty_mask(self) -> int:
        """The cells without a digit, as a bitmask."""
        return sum(1 << cell for cell in self.empty_cells)

    @functools.cached_property
    def planes(self) -> tuple[int, ...]:
        """Per digit (index digit - 1), the bitmask of the cells where it is a candidate."""
        return tuple(_planes(self.marks, self.n))

    def places(self, unit: int, digit: int) -> tuple[int, ...]:
        """The cells of ``unit`` where ``digit`` is still a candidate (in increasing order)."""
        return _cells_of(self.tables.unit_masks[unit] & self.planes[digit - 1])

    def cells_with(self, digit: int) -> tuple[int, ...]:
        """Every cell where ``digit`` is a candidate."""
        return _cells_of(self.planes[digit - 1])

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
        planes = list(self.planes)
        n = self.n
        for row, col, digit in step.eliminations:
            cell = row * n + col
            marks[cell] &= ~(1 << (digit - 1))
            planes[digit - 1] &= ~(1 << cell)
        peer_masks = self.tables.peer_masks
        empty = self.empty_mask
        for row, col, digit in step.placements:
            cell = row * n + col
            cells[cell] = digit
            empty &= ~(1 << cell)
            for held in _bits(marks[cell]):
                planes[held - 1] &= ~(1 << cell)
            marks[cell] = 0
            bit = ~(1 << (digit - 1))
            for peer in self.shape.peers[cell]:
                marks[peer] &= bit
            planes[digit - 1] &= ~peer_masks[cell]
        return self._successor(tuple(cells), tuple(marks), tuple(planes), empty)

    def _successor(
        self, cells: tuple[int, ...], marks: tuple[int, ...], planes: tuple[int, ...], empty: int
    ) -> Board:
        """A board of the same shape from consistent parts (filled cells already unmarked)."""
        after = Board.__new__(Board)
        after.shape = self.shape
        after.n = self.n
        after.tables = self.tables
        after.cells = cells
        after.marks = marks
        after.__dict__["planes"] = planes
        after.__dict__["empty_mask"] = empty
        return after
