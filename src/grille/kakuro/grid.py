"""The Kakuro grid: an immutable value holding the layout, the clues, entries and pencil marks.

Glossary: a *block* is a black cell, with or without clues; a *clue* ``D\\R`` sits in a block
and gives the sum of the *run* of white cells going down from the cell below (``D``) and
going right from the cell to its right (``R``). A *run* is a maximal line of white cells;
a run without a clue (total 0) only forbids repeated digits.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

__all__ = ["Clue", "KakuroGrid", "Run", "Topology", "cell_name", "digits_of_mask"]

Clue = tuple[int, int]
"""A block's (down, right) sums, 0 where the block has no clue in that direction."""


def cell_name(row: int, col: int) -> str:
    """The r1c1-style name of a 0-based cell."""
    return f"r{row + 1}c{col + 1}"


_DIGITS = tuple(tuple(d for d in range(1, 10) if mask >> (d - 1) & 1) for mask in range(512))


def digits_of_mask(mask: int) -> tuple[int, ...]:
    """The digits whose bits (bit ``d - 1`` for digit ``d``) are set in ``mask``."""
    if 0 <= mask < 512:
        return _DIGITS[mask]
    return tuple(d for d in range(1, 10) if mask >> (d - 1) & 1)


@dataclass(frozen=True, slots=True)
class Run:
    """A run of white cells: its direction, its clue's cell, its total (0: no clue), its cells."""

    direction: str
    clue: tuple[int, int]
    total: int
    cells: tuple[int, ...]
    cols: int = field(default=0, repr=False, compare=False)

    @property
    def length(self) -> int:
        """How many cells the run has."""
        return len(self.cells)

    def positions(self) -> tuple[tuple[int, int], ...]:
        """The run's cells as (row, col) pairs."""
        return tuple(divmod(cell, self.cols) for cell in self.cells)

    @property
    def name(self) -> str:
        """e.g. ``across 17 at r2c2-r2c3``."""
        first, last = self.positions()[0], self.positions()[-1]
        span = f"{cell_name(*first)}-{cell_name(*last)}"
        total = str(self.total) if self.total else "(no clue)"
        return f"{self.direction} {total} at {span}"

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Topology:
    """The runs of a layout, and each white cell's across and down run (-1: none)."""

    runs: tuple[Run, ...]
    across: tuple[int, ...]
    down: tuple[int, ...]
    whites: tuple[int, ...]


@functools.lru_cache(maxsize=256)
def topology(rows: int, cols: int, clues: tuple[Clue | None, ...]) -> Topology:
    """The runs of the layout ``clues`` (``None`` for a white cell)."""
    runs: list[Run] = []
    across = [-1] * (rows * cols)
    down = [-1] * (rows * cols)
    for direction, owner in (("across", across), ("down", down)):
        step, outer, inner = (1, rows, cols) if direction == "across" else (cols, cols, rows)
        for o in range(outer):
            start = o * cols if direction == "across" else o
            index = 0
            while index < inner:
                cell = start + index * step
                if clues[cell] is not None:
                    index += 1
                    continue
                segment = []
                while index < inner and clues[start + index * step] is None:
                    segment.append(start + index * step)
                    index += 1
                before = segment[0] - step
                has_before = (segment[0] % cols != 0) if direction == "across" else before >= 0
                clue = clues[before] if has_before else None
                total = 0
                if clue is not None:
                    total = clue[1] if direction == "across" else clue[0]
                if total == 0 and len(segment) == 1:
                    continue
                clue_cell = divmod(before, cols) if has_before else divmod(segment[0], cols)
                for member in segment:
                    owner[member] = len(runs)
                runs.append(Run(direction, clue_cell, total, tuple(segment), cols))
    whites = tuple(i for i, clue in enumerate(clues) if clue is None)
    return Topology(tuple(runs), tuple(across), tuple(down), whites)


@dataclass(frozen=True, slots=True)
class KakuroGrid:
    """A Kakuro grid of ``rows`` x ``cols`` cells, in row-major order.

    ``clues`` holds, per cell, ``None`` for a white cell or the block's ``(down, right)``
    sums (0 = no clue). ``values`` holds the digit written in each white cell (0 = empty).
    ``marks`` holds a candidate bitmask per cell (bit ``d - 1`` for digit ``d``) when pencil
    marks are known. ``distinct_combinations`` switches on the non-standard rule that two runs
    with the same sum and length may not use the same set of digits. ``metadata`` keeps the
    named fields a format carried (``id``, ``source``, a listed ``solution`` ...).
    """

    rows: int
    cols: int
    clues: tuple[Clue | None, ...]
    values: tuple[int, ...] | None = None
    marks: tuple[int, ...] | None = None
    distinct_combinations: bool = False
    metadata: tuple[tuple[str, str], ...] = field(default=())

    def __post_init__(self) -> None:
        n = self.rows * self.cols
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"a grid needs rows and columns, got {self.rows}x{self.cols}")
        if len(self.clues) != n:
            raise ValueError(f"a {self.rows}x{self.cols} grid has {n} cells, got {len(self.clues)}")
        if self.values is not None:
            if len(self.values) != n:
                raise ValueError(f"values must have {n} entries, got {len(self.values)}")
            for cell, value in enumerate(self.values):
                if not 0 <= value <= 9 or (value and self.clues[cell] is not None):
                    raise ValueError(f"bad value {value} in {self.cell_name(cell)}")
        if self.marks is not None and len(self.marks) != n:
            raise ValueError(f"marks must have {n} entries, got {len(self.marks)}")

    # -- construction --------------------------------------------------------------------

    @classmethod
    def from_string(cls, text: str, *, distinct_combinations: bool = False) -> KakuroGrid:
        """A grid from the text format (``#`` block, ``.`` white, ``D\\R`` clue, digits)."""
        from grille.kakuro.formats import parse_text

        grid = parse_text(text)
        if distinct_combinations:
            grid = replace(grid, distinct_combinations=True)
        return grid

    # -- views -----------------------------------------------------------------------------

    @property
    def kind(self) -> str:
        """Always ``"kakuro"``."""
        return "kakuro"

    @property
    def topology(self) -> Topology:
        """The runs and which runs each cell belongs to (computed once per layout)."""
        return topology(self.rows, self.cols, self.clues)

    @property
    def runs(self) -> tuple[Run, ...]:
        """Every run, across runs first."""
        return self.topology.runs

    @property
    def whites(self) -> tuple[int, ...]:
        """The white cells, row-major."""
        return self.topology.whites

    @property
    def cells(self) -> tuple[int, ...]:
        """The digit of every cell (0 for empty and block cells)."""
        return self.values if self.values is not None else (0,) * (self.rows * self.cols)

    def __getitem__(self, row_col: tuple[int, int]) -> int:
        row, col = row_col
        return self.cells[row * self.cols + col]

    def __iter__(self) -> Iterator[int]:
        return iter(self.cells)

    def is_white(self, cell: int) -> bool:
        """Whether ``cell`` is white (takes a digit)."""
        return self.clues[cell] is None

    @property
    def empty_count(self) -> int:
        """How many white cells are empty."""
        cells = self.cells
        return sum(1 for cell in self.whites if cells[cell] == 0)

    @property
    def complete(self) -> bool:
        """Whether every white cell holds a digit."""
        return self.empty_count == 0

    def cell_name(self, cell: int) -> str:
        """The r1c1-style name of ``cell``."""
        return cell_name(*divmod(cell, self.cols))

    def meta(self, key: str) -> str | None:
        """The metadata field ``key``, if present."""
        return next((value for k, value in self.metadata if k == key), None)

    def to_string(self, fmt: str | None = None) -> str:
        """The grid written in ``fmt`` (see :mod:`grille.kakuro.formats`; default ``text``)."""
        from grille.kakuro.formats import format_grid

        return format_grid(self, fmt or "text")

    def __str__(self) -> str:
        return self.to_string("text")

    def __repr__(self) -> str:
        from grille.kakuro.formats import format_grid

        extra = ", distinct_combinations=True" if self.distinct_combinations else ""
        return f"KakuroGrid.from_string({format_grid(self, 'text', header=False)!r}{extra})"

    # -- derived grids ----------------------------------------------------------------------

    def with_values(self, values: Sequence[int] | None) -> KakuroGrid:
        """The same grid with ``values`` written in (``None``: all empty)."""
        return replace(self, values=None if values is None else tuple(values))

    def with_marks(self, marks: Sequence[int] | None) -> KakuroGrid:
        """The same grid with pencil marks ``marks`` (or none)."""
        return replace(self, marks=None if marks is None else tuple(marks))

    def puzzle_only(self) -> KakuroGrid:
        """The puzzle alone: entries and marks dropped."""
        return replace(self, values=None, marks=None)

    def listed_solution(self) -> KakuroGrid | None:
        """The solution a file listed with the puzzle (block format), if any."""
        text = self.meta("solution")
        if text is None:
            return None
        digits = [0 if char in "#." else int(char) for char in text]
        return replace(self, values=tuple(digits), marks=None)
