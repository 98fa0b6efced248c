"""The Takuzu grid: an immutable value holding 0s, 1s and empty cells, and its rules option."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

__all__ = ["EMPTY", "TakuzuGrid", "cell_name"]

EMPTY = -1
"""The value of an empty cell."""

CHARS = {0: "0", 1: "1", EMPTY: "."}


def cell_name(row: int, col: int) -> str:
    """The r1c1-style name of a cell (0-based ``row`` and ``col``)."""
    return f"r{row + 1}c{col + 1}"


@dataclass(frozen=True, slots=True)
class TakuzuGrid:
    """A Takuzu grid of ``height`` rows and ``width`` columns, both even.

    ``cells`` holds 0, 1 or :data:`EMPTY` per cell in row-major order. ``givens`` says which
    filled cells are clues (``None``: every filled cell is a clue). ``marks`` holds pencil
    marks per cell as a bitmask (bit 0 for a 0, bit 1 for a 1) when known. ``unique_lines``
    is the third rule (no two equal rows, no two equal columns); ``False`` is the
    Unruly / Tohu-wa-Vohu variant. ``metadata`` keeps named fields a format carried.
    """

    height: int
    width: int
    cells: tuple[int, ...]
    givens: tuple[bool, ...] | None = None
    marks: tuple[int, ...] | None = None
    unique_lines: bool = True
    metadata: tuple[tuple[str, str], ...] = field(default=())

    def __post_init__(self) -> None:
        h, w = self.height, self.width
        if h < 2 or w < 2 or h % 2 or w % 2:
            raise ValueError(f"a Takuzu grid has an even number of rows and columns, got {h}x{w}")
        if len(self.cells) != h * w:
            raise ValueError(f"a {h}x{w} grid has {h * w} cells, got {len(self.cells)}")
        if any(value not in CHARS for value in self.cells):
            raise ValueError("Takuzu cells are 0, 1 or EMPTY (-1)")
        for name, extra in (("givens", self.givens), ("marks", self.marks)):
            if extra is not None and len(extra) != h * w:
                raise ValueError(f"{name} must have {h * w} entries, got {len(extra)}")

    # -- construction --------------------------------------------------------------------

    @classmethod
    def empty(
        cls, height: int, width: int | None = None, *, unique_lines: bool = True
    ) -> TakuzuGrid:
        """An empty grid of ``height`` x ``width`` (square if ``width`` is ``None``)."""
        width = height if width is None else width
        return cls(height, width, (EMPTY,) * (height * width), unique_lines=unique_lines)

    @classmethod
    def from_string(cls, text: str, *, unique_lines: bool = True) -> TakuzuGrid:
        """A grid from rows of ``0``, ``1`` and ``.`` separated by ``/`` or newlines."""
        rows = [row.replace(" ", "") for row in text.replace("/", "\n").split()]
        if not rows or any(len(row) != len(rows[0]) for row in rows):
            raise ValueError(f"rows of equal length expected: {text!r}")
        values = {"0": 0, "1": 1, ".": EMPTY}
        try:
            cells = tuple(values[char] for row in rows for char in row)
        except KeyError as error:
            raise ValueError(f"{error.args[0]!r} is not 0, 1 or '.': {text!r}") from None
        return cls(len(rows), len(rows[0]), cells, unique_lines=unique_lines)

    # -- views -----------------------------------------------------------------------------

    @property
    def kind(self) -> str:
        """Always ``"takuzu"``."""
        return "takuzu"

    @property
    def size(self) -> str:
        """``"8x8"``: rows by columns."""
        return f"{self.height}x{self.width}"

    def __getitem__(self, row_col: tuple[int, int]) -> int:
        row, col = row_col
        return self.cells[row * self.width + col]

    def __iter__(self) -> Iterator[int]:
        return iter(self.cells)

    def row(self, index: int) -> tuple[int, ...]:
        """The cells of row ``index``."""
        return self.cells[index * self.width : (index + 1) * self.width]

    def col(self, index: int) -> tuple[int, ...]:
        """The cells of column ``index``."""
        return self.cells[index :: self.width]

    def is_given(self, cell: int) -> bool:
        """Whether ``cell`` holds a clue."""
        if self.givens is None:
            return self.cells[cell] != EMPTY
        return self.givens[cell]

    @property
    def clue_count(self) -> int:
        """How many clues the grid has."""
        return sum(self.is_given(cell) for cell in range(len(self.cells)))

    @property
    def empty_count(self) -> int:
        """How many cells are empty."""
        return self.cells.count(EMPTY)

    def rows_text(self, separator: str = "\n") -> str:
        """The rows as ``0``, ``1`` and ``.``, joined by ``separator``."""
        return separator.join(
            "".join(CHARS[v] for v in self.row(r)) for r in range(self.height)
        )

    def line(self) -> str:
        """All cells in row-major order as one string, ``.`` for empty cells."""
        return "".join(CHARS[v] for v in self.cells)

    def to_string(self, fmt: str | None = None) -> str:
        """The grid written in ``fmt`` (see :mod:`grille.takuzu.formats`; default ``rows``)."""
        from grille.takuzu.formats import format_grid

        return format_grid(self, fmt or "rows")

    def __str__(self) -> str:
        return self.rows_text()

    def __repr__(self) -> str:
        rules = "" if self.unique_lines else ", unique_lines=False"
        return f"TakuzuGrid.from_string({self.rows_text('/')!r}{rules})"

    # -- derived grids ----------------------------------------------------------------------

    def with_cells(self, cells: Sequence[int]) -> TakuzuGrid:
        """The same grid with ``cells`` as its values (clues kept as they were)."""
        givens = self.givens
        if givens is None:
            givens = tuple(value != EMPTY for value in self.cells)
        return replace(self, cells=tuple(cells), givens=givens)

    def with_marks(self, marks: Sequence[int] | None) -> TakuzuGrid:
        """The same grid with pencil marks ``marks`` (or none)."""
        return replace(self, marks=None if marks is None else tuple(marks))

    def with_rules(self, *, unique_lines: bool) -> TakuzuGrid:
        """The same grid under the full rules or the no-unique-lines variant."""
        return replace(self, unique_lines=unique_lines)

    def clues_only(self) -> TakuzuGrid:
        """The puzzle alone: clues kept, entries and marks dropped."""
        cells = tuple(v if self.is_given(i) else EMPTY for i, v in enumerate(self.cells))
        return TakuzuGrid(
            self.height, self.width, cells, unique_lines=self.unique_lines, metadata=self.metadata
        )

    def meta(self, key: str) -> str | None:
        """The metadata field ``key``, if the grid carries it."""
        return next((value for name, value in self.metadata if name == key), None)
