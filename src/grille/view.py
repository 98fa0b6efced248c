"""A board as every front end draws it, whatever its kind: :class:`BoardView`.

A kind turns a game's puzzle and a player's state into a ``BoardView``
(:meth:`grille.kind.Kind.view`): the cells (value, clue or entry, pencil marks, blocked),
the regions (boxes, cages, runs; with their labels, sums and the values still possible),
lines through cells (thermometers, arrows, renban), markers between two cells (dots,
letters), clues outside the grid, the per-line counts a player keeps, the alphabet and
the keys that type it. The web page's board, the terminal game's board and ``render/``'s
drawings are built from it alone, so a front end draws a few region, line and marker
styles and knows no kind.

>>> view = BoardView(2, 2, (CellView(1, given=True), CellView(), CellView(), CellView(2)),
...                  symbols=("1", "2"), regions=(Region("row", ((0, 0), (0, 1)), name="row 1"),))
>>> view.cell(0, 0), view.symbol(2), view.peers((0, 1))
(CellView(1, given=True), '2', ((0, 0),))
>>> view.unit("row 1")
((0, 0), (0, 1))
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property
from typing import Any

__all__ = [
    "BoardView",
    "Cell",
    "CellShape",
    "CellView",
    "Corner",
    "Decoration",
    "Glyphs",
    "LineCounts",
    "Marker",
    "OutsideClue",
    "PathLine",
    "Region",
    "values_of_mask",
]

Cell = tuple[int, int]
"""(row, col), 0-based."""


def values_of_mask(mask: int, lowest: int = 1) -> tuple[int, ...]:
    """The values whose bits are set in a pencil-mark ``mask`` (bit ``i``: ``lowest + i``).

    >>> values_of_mask(0b101), values_of_mask(0b11, 0), values_of_mask(0)
    ((1, 3), (0, 1), ())
    """
    return tuple(lowest + bit for bit in range(mask.bit_length()) if mask >> bit & 1)


class Corner(enum.Enum):
    """Where in a cell a region's label is written."""

    TOP_LEFT = "top-left"
    TOP_RIGHT = "top-right"
    BOTTOM_LEFT = "bottom-left"
    CENTER = "center"


class Glyphs(enum.Enum):
    """How values are drawn: their symbols, or as discs (value 0 white, 1 black)."""

    SYMBOLS = "symbols"
    DISCS = "discs"


@dataclass(frozen=True, slots=True)
class CellView:
    """One cell: its value (``None``: empty), whether it is a clue, its pencil marks (values),
    and whether it is blocked (no value goes there: a Kakuro clue block)."""

    value: int | None = None
    given: bool = False
    marks: tuple[int, ...] = ()
    blocked: bool = False

    def __repr__(self) -> str:
        parts = [repr(self.value)]
        if self.given:
            parts.append("given=True")
        if self.marks:
            parts.append(f"marks={self.marks}")
        if self.blocked:
            parts.append("blocked=True")
        return f"CellView({', '.join(parts)})"


@dataclass(frozen=True, slots=True)
class Region:
    """A group of cells with a rule, as drawn: ``style`` says how (``box``: thick borders
    around it; ``cage``: a dashed outline with its label; ``run``: no outline, its label in
    a blocked cell; ``row``/``column``: not drawn; ``diagonal``, ``window``: shaded).

    ``name`` is how steps name it (``"box 4"``, ``"row 3"``, ``"across r2c3"``); ``label``
    is written in ``label_cell`` at ``corner``; ``total`` is the sum its values make;
    ``distinct``: its values all differ (its cells are peers); ``choices``: what its values
    may still be, as text (a Kakuro run's combinations).
    """

    style: str
    cells: tuple[Cell, ...]
    name: str = ""
    label: str = ""
    label_cell: Cell | None = None
    corner: Corner = Corner.TOP_LEFT
    total: int | None = None
    distinct: bool = True
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PathLine:
    """A line through cells in order (``style``: ``thermometer`` from its bulb, ``arrow``
    from its circle, ``renban``, ``whisper``, ``palindrome``); ``start`` the cells drawn as
    its start (a bulb, an arrow's circle)."""

    style: str
    cells: tuple[Cell, ...]
    start: tuple[Cell, ...] = ()


@dataclass(frozen=True, slots=True)
class Marker:
    """A mark on the edge between two adjacent cells (``style``: ``white-dot``,
    ``black-dot``, ``text``), with its text (``X``, ``V``)."""

    style: str
    first: Cell
    second: Cell
    text: str = ""


@dataclass(frozen=True, slots=True)
class OutsideClue:
    """A clue outside the grid: on ``side`` (``top``, ``bottom``, ``left``, ``right``) by
    row or column ``index`` (0-based), ``text``, and ``direction`` when it points along a
    diagonal (``"down-right"`` ...) rather than along its row or column."""

    side: str
    index: int
    text: str
    direction: str = ""


@dataclass(frozen=True, slots=True)
class CellShape:
    """A shape drawn in one cell under its value (``style``: ``circle``, ``square``), as a
    rule marks the cell (odd and even cells)."""

    style: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class Decoration:
    """A setter's drawing that states no rule (a puzzle's rules text may give it one).

    ``style``: ``line`` (through the centres of ``cells`` in order, ``width`` its thickness),
    ``rectangle`` and ``circle`` (centred on the mean of the cells' centres, ``width`` by
    ``height``, turned by ``angle`` degrees clockwise), ``text`` (``text`` at the cells'
    centre, ``size`` its height), ``cage`` (a dashed outline round ``cells``, ``text`` at its
    top-left cell). Lengths are in cells; colours are ``#rrggbb`` or ``""`` (none drawn):
    ``outline`` the line or outline, ``fill`` the inside, ``color`` the text's.
    """

    style: str
    cells: tuple[Cell, ...]
    outline: str = ""
    fill: str = ""
    color: str = ""
    text: str = ""
    width: float = 0.0
    height: float = 0.0
    size: float = 0.0
    angle: float = 0.0

    def center(self) -> tuple[float, float]:
        """The mean of the cells' centres, as (row, col) in cells from the grid's corner."""
        count = len(self.cells) or 1
        return (sum(r for r, _ in self.cells) / count + 0.5,
                sum(c for _, c in self.cells) / count + 0.5)

    def words(self) -> str:
        """The decoration in words, for a front end that cannot draw it.

        >>> print(Decoration("line", ((0, 0), (0, 1)), outline="#c060c0").words())
        setter's line r1c1-r1c2 (#c060c0)
        >>> print(Decoration("text", ((1, 2),), color="#000000", text="★").words())
        setter's text "★" at r2c3
        """
        joint = "-" if self.style == "line" else " "
        cells = joint.join(f"r{r + 1}c{c + 1}" for r, c in self.cells)
        text = f' "{self.text}"' if self.text else ""
        where = f" {cells}" if self.style == "line" else f" at {cells}"
        colour = self.outline or self.fill
        shown = f" ({colour})" if colour and self.style != "text" else ""
        return f"setter's {self.style}{text}{where}{shown}"

    def to_json(self) -> dict[str, Any]:
        """The decoration as JSON-ready data."""
        return {"style": self.style, "cells": [list(c) for c in self.cells],
                "outline": self.outline, "fill": self.fill, "color": self.color,
                "text": self.text, "width": self.width, "height": self.height,
                "size": self.size, "angle": self.angle}


@dataclass(frozen=True, slots=True)
class LineCounts:
    """What a player counts per line: each of ``values`` appears ``per_row`` times in a full
    row and ``per_column`` times in a full column (Takuzu)."""

    values: tuple[int, ...]
    per_row: int
    per_column: int


@dataclass(frozen=True)
class BoardView:
    """A board of any kind, as front ends draw and play it (see the module docstring).

    ``cells`` row-major; ``symbols[i]`` is how value ``min_value + i`` is written;
    ``mark_grid`` the (rows, columns) of a cell's pencil-mark mini-grid; ``keys`` which
    key types which value (keys for values above 9 are letters or, on a keyboard without
    them, two digits typed in a row); ``clear_keys`` the keys that empty a cell.
    """

    rows: int
    cols: int
    cells: tuple[CellView, ...]
    symbols: tuple[str, ...]
    min_value: int = 1
    regions: tuple[Region, ...] = ()
    lines: tuple[PathLine, ...] = ()
    markers: tuple[Marker, ...] = ()
    outside: tuple[OutsideClue, ...] = ()
    shapes: tuple[CellShape, ...] = ()
    decorations: tuple[Decoration, ...] = ()
    """A setter's drawings that state no rule, drawn under everything else."""
    notes: tuple[str, ...] = ()
    """Texts a front end shows beside the board: the puzzle's rules, then the rules drawn
    nowhere on it (``anti-knight: ...``)."""
    rules: tuple[str, ...] = ()
    """The rules printed under the puzzle (a booklet, a framed render): the setter's rules
    text when the puzzle has one, else each drawn rule in a line (``Killer cages: ...``);
    empty when the kind's own rules are all there is."""
    counts: LineCounts | None = None
    mark_grid: tuple[int, int] = (3, 3)
    glyphs: Glyphs = Glyphs.SYMBOLS
    keys: tuple[tuple[str, int], ...] = ()
    clear_keys: tuple[str, ...] = ("Backspace", "Delete", "x", "0")
    title: str = ""
    """``Sudoku 9×9``."""

    def __post_init__(self) -> None:
        if len(self.cells) != self.rows * self.cols:
            raise ValueError(
                f"a {self.rows}x{self.cols} board needs {self.rows * self.cols} cells, "
                f"got {len(self.cells)}"
            )

    def __repr__(self) -> str:
        return (f"<BoardView {self.title or 'board'} {self.rows}x{self.cols}: "
                f"{len(self.regions)} regions, {len(self.lines)} lines, "
                f"{len(self.markers)} markers"
                + (f", {len(self.shapes)} shapes" if self.shapes else "")
                + (f", {len(self.decorations)} decorations" if self.decorations else "") + ">")

    @property
    def values(self) -> tuple[int, ...]:
        """Every value a cell may hold, lowest first."""
        return tuple(range(self.min_value, self.min_value + len(self.symbols)))

    def cell(self, row: int, col: int) -> CellView:
        """The cell at (``row``, ``col``)."""
        return self.cells[row * self.cols + col]

    def symbol(self, value: int) -> str:
        """How ``value`` is written."""
        return self.symbols[value - self.min_value]

    def unit(self, name: str) -> tuple[Cell, ...]:
        """The cells of the region called ``name`` (empty when there is none)."""
        return self._units.get(name, ())

    def regions_of(self, cell: Cell) -> tuple[Region, ...]:
        """The regions ``cell`` belongs to."""
        return tuple(self.regions[i] for i in self._regions_by_cell.get(cell, ()))

    def peers(self, cell: Cell) -> tuple[Cell, ...]:
        """The other cells that share a region whose values all differ with ``cell``, in
        row-major order."""
        seen: set[Cell] = set()
        for region in self.regions_of(cell):
            if region.distinct:
                seen.update(region.cells)
        seen.discard(cell)
        return tuple(sorted(seen))

    def related(self, cell: Cell) -> tuple[Cell, ...]:
        """The other cells that share any region with ``cell`` (what a cursor lights up),
        in row-major order."""
        seen = {other for region in self.regions_of(cell) for other in region.cells}
        seen.discard(cell)
        return tuple(sorted(seen))

    def open_cells(self) -> int:
        """How many cells take a value (not blocked)."""
        return sum(not cell.blocked for cell in self.cells)

    def filled(self) -> int:
        """How many open cells hold a value."""
        return sum(cell.value is not None and not cell.blocked for cell in self.cells)

    @cached_property
    def _units(self) -> dict[str, tuple[Cell, ...]]:
        return {region.name: region.cells for region in self.regions if region.name}

    @cached_property
    def _regions_by_cell(self) -> dict[Cell, tuple[int, ...]]:
        found: dict[Cell, list[int]] = {}
        for index, region in enumerate(self.regions):
            for cell in region.cells:
                found.setdefault(cell, []).append(index)
        return {cell: tuple(indexes) for cell, indexes in found.items()}

    def to_json(self) -> dict[str, Any]:
        """The board as JSON-ready data (what the web page draws)."""
        return {
            "rows": self.rows,
            "cols": self.cols,
            "title": self.title,
            "symbols": list(self.symbols),
            "min_value": self.min_value,
            "mark_grid": list(self.mark_grid),
            "glyphs": self.glyphs.value,
            "keys": dict(self.keys),
            "clear_keys": list(self.clear_keys),
            "cells": [
                {"value": cell.value, "given": cell.given, "marks": list(cell.marks),
                 "blocked": cell.blocked}
                for cell in self.cells
            ],
            "regions": [
                {"style": region.style, "name": region.name,
                 "cells": [list(c) for c in region.cells], "label": region.label,
                 "label_cell": list(region.label_cell) if region.label_cell else None,
                 "corner": region.corner.value, "total": region.total,
                 "distinct": region.distinct, "choices": list(region.choices)}
                for region in self.regions
            ],
            "lines": [
                {"style": line.style, "cells": [list(c) for c in line.cells],
                 "start": [list(c) for c in line.start]}
                for line in self.lines
            ],
            "markers": [
                {"style": marker.style, "first": list(marker.first),
                 "second": list(marker.second), "text": marker.text}
                for marker in self.markers
            ],
            "outside": [
                {"side": clue.side, "index": clue.index, "text": clue.text,
                 "direction": clue.direction}
                for clue in self.outside
            ],
            "shapes": [{"style": shape.style, "cell": list(shape.cell)}
                       for shape in self.shapes],
            "decorations": [decoration.to_json() for decoration in self.decorations],
            "notes": list(self.notes),
            "counts": None if self.counts is None else {
                "values": list(self.counts.values), "per_row": self.counts.per_row,
                "per_column": self.counts.per_column,
            },
        }
