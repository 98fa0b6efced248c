"""The Sudoku grid: an immutable value holding digits, which are clues, and pencil marks."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from grille.sudoku.geometry import Shape, cell_name, default_shape
from grille.sudoku.symbols import digit_char

if TYPE_CHECKING:
    from grille.sudoku.variants.model import Variant

__all__ = ["Grid", "digits_of_mask", "mask_of_digits"]


def mask_of_digits(digits: Sequence[int] | set[int] | frozenset[int]) -> int:
    """The bitmask with bit ``d - 1`` set for each digit ``d``."""
    mask = 0
    for digit in digits:
        mask |= 1 << (digit - 1)
    return mask


def digits_of_mask(mask: int) -> tuple[int, ...]:
    """The digits whose bits are set in ``mask``, in increasing order."""
    digits = []
    digit = 1
    while mask:
        if mask & 1:
            digits.append(digit)
        mask >>= 1
        digit += 1
    return tuple(digits)


@dataclass(frozen=True, slots=True)
class Grid:
    """A Sudoku grid of ``shape``.

    ``cells`` holds one digit per cell in row-major order (0 = empty). ``givens`` says which
    filled cells are clues (``None``: every filled cell is a clue, as in a fresh puzzle).
    ``marks`` holds a candidate bitmask per cell (bit ``d - 1`` for digit ``d``) when pencil
    marks are known, else ``None``. ``metadata`` keeps named fields a format carried
    (author, description ...) as ``(key, value)`` pairs. ``variant`` holds the constraints of
    a variant Sudoku (killer cages, jigsaw regions ...: :mod:`grille.sudoku.variants`), ``None``
    for plain Sudoku (a variant without constraints is made ``None``).
    """

    shape: Shape
    cells: tuple[int, ...]
    givens: tuple[bool, ...] | None = None
    marks: tuple[int, ...] | None = None
    metadata: tuple[tuple[str, str], ...] = field(default=())
    variant: Variant | None = None

    def __post_init__(self) -> None:
        self._check_entries()
        if self.variant is not None and not self.variant.constraints:
            object.__setattr__(self, "variant", None)  # no constraint: plain, written as such
        if self.variant is not None:
            self.variant.fits(self.shape.size)

    def _check_entries(self) -> None:
        """Raise ``ValueError`` when the cells, givens or marks do not fit the shape."""
        n = self.shape.size
        if len(self.cells) != n * n:
            raise ValueError(f"a {n}x{n} grid has {n * n} cells, got {len(self.cells)}")
        cells = self.cells
        if cells and not (min(cells) >= 0 and max(cells) <= n):  # one C pass each
            raise ValueError(f"digits of a {n}x{n} grid are 0..{n}")
        for name, extra in (("givens", self.givens), ("marks", self.marks)):
            if extra is not None and len(extra) != n * n:
                raise ValueError(f"{name} must have {n * n} entries, got {len(extra)}")

    def _derived(self, cells: tuple[int, ...], givens: tuple[bool, ...] | None,
                 marks: tuple[int, ...] | None) -> Grid:
        """This grid with other entries, checked, but its variant not checked again (it
        fitted the shape when this grid was made, and a solver makes many such grids)."""
        grid = self._unchecked(cells, givens, marks)
        grid._check_entries()
        return grid

    def _unchecked(self, cells: tuple[int, ...], givens: tuple[bool, ...] | None,
                   marks: tuple[int, ...] | None) -> Grid:
        """This grid with other entries, nothing checked."""
        grid = object.__new__(Grid)
        put = object.__setattr__  # each field by name: no tuple of pairs to build and walk
        put(grid, "shape", self.shape)
        put(grid, "cells", cells)
        put(grid, "givens", givens)
        put(grid, "marks", marks)
        put(grid, "metadata", self.metadata)
        put(grid, "variant", self.variant)
        return grid

    # -- construction --------------------------------------------------------------------

    @classmethod
    def empty(cls, shape: Shape | int = 9) -> Grid:
        """An empty grid of ``shape`` (or of the default shape for a size)."""
        shape = default_shape(shape) if isinstance(shape, int) else shape
        return cls(shape, (0,) * shape.cell_count)

    @classmethod
    def from_string(cls, text: str, shape: Shape | None = None,
                    variant: Variant | None = None) -> Grid:
        """A grid from one line of ``n * n`` characters (``.`` or ``0`` for empty cells),
        with the constraints of ``variant`` if given."""
        from grille.sudoku.formats import parse_line

        grid = parse_line(text, shape=shape)
        return grid if variant is None else replace(grid, variant=variant)

    # -- views -----------------------------------------------------------------------------

    @property
    def kind(self) -> str:
        """Always ``"sudoku"``."""
        return "sudoku"

    @property
    def size(self) -> int:
        """Rows, columns, and digits of the grid."""
        return self.shape.size

    def __getitem__(self, row_col: tuple[int, int]) -> int:
        row, col = row_col
        return self.cells[row * self.shape.size + col]

    def __iter__(self) -> Iterator[int]:
        return iter(self.cells)

    def is_given(self, cell: int) -> bool:
        """Whether ``cell`` holds a clue."""
        if self.givens is None:
            return self.cells[cell] != 0
        return self.givens[cell]

    @property
    def clue_count(self) -> int:
        """How many clues the grid has."""
        return sum(self.is_given(cell) for cell in range(self.shape.cell_count))

    @property
    def empty_count(self) -> int:
        """How many cells are empty."""
        return self.cells.count(0)

    def line(self) -> str:
        """The grid as one line, ``.`` for empty cells."""
        return "".join(digit_char(digit) for digit in self.cells)

    def to_string(self, fmt: str | None = None) -> str:
        """The grid written in ``fmt`` (see :mod:`grille.sudoku.formats`; default ``line``)."""
        from grille.sudoku.formats import format_grid

        return format_grid(self, fmt or "line")

    def __str__(self) -> str:
        from grille.sudoku.formats.grid import dump  # the digits alone, even of a variant

        return dump(self)

    def __repr__(self) -> str:
        shape = "" if self.shape == default_shape(self.size) else f", shape={self.shape!r}"
        variant = "" if self.variant is None else f", variant={self.variant!r}"
        return f"Grid.from_string({self.line()!r}{shape}{variant})"

    def cell_name(self, cell: int) -> str:
        """The r1c1-style name of ``cell``."""
        return cell_name(cell, self.shape.size)

    # -- derived grids ----------------------------------------------------------------------

    def with_cells(self, cells: Sequence[int]) -> Grid:
        """The same grid with ``cells`` as its digits (clues kept as they were)."""
        givens = self.givens
        if givens is None:
            givens = tuple(map(bool, self.cells))  # a digit is a clue when not 0
        return self._derived(tuple(cells), givens, self.marks)

    def _solved(self, cells: tuple[int, ...], givens: tuple[bool, ...]) -> Grid:
        """This grid with ``cells``, a solution a compiled solver wrote (one digit 1..size a
        cell, which it guarantees), the clues ``givens`` (those of :meth:`with_cells`) and
        no marks, not checked again: a small puzzle's solve takes a few tens of
        microseconds, of which the checks of :meth:`with_cells` cost a few."""
        return self._unchecked(cells, givens, None)

    def with_marks(self, marks: Sequence[int] | None) -> Grid:
        """The same grid with pencil marks ``marks`` (or none)."""
        return self._derived(self.cells, self.givens, None if marks is None else tuple(marks))

    def clues_only(self) -> Grid:
        """The puzzle alone: clues kept, entries and marks dropped."""
        cells = tuple(d if self.is_given(i) else 0 for i, d in enumerate(self.cells))
        return Grid(self.shape, cells, metadata=self.metadata, variant=self.variant)
