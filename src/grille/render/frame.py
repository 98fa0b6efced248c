"""Where the cells of a rectangular grid sit in a drawing, and the parts every kind shares:
cell backgrounds, grid lines, pencil-mark positions, and the highlights of a logical step."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from grille.logic import Candidate, Step
from grille.render.drawing import CELL, Circle, Element, Layer, Line, Palette, Rect

__all__ = ["GridFrame", "line_unit_cells", "step_highlights"]

BORDER = 3.2
"""Width of a grid's outer border, in units (a cell is 40)."""

BOX = 2.4
"""Width of Sudoku box borders."""

THIN = 1.0
"""Width of the lines between cells."""


@dataclass(frozen=True, slots=True)
class GridFrame:
    """A ``rows`` x ``cols`` grid of square cells of ``cell`` units, its top-left corner at
    (``x0``, ``y0``); a margin of half the border keeps the outer lines inside the drawing."""

    rows: int
    cols: int
    cell: float = CELL
    x0: float = BORDER / 2
    y0: float = BORDER / 2

    @property
    def width(self) -> float:
        """The drawing width the grid needs, border included."""
        return self.cols * self.cell + 2 * self.x0

    @property
    def height(self) -> float:
        """The drawing height the grid needs, border included."""
        return self.rows * self.cell + 2 * self.y0

    def corner(self, row: int, col: int) -> tuple[float, float]:
        """The top-left corner of a cell."""
        return self.x0 + col * self.cell, self.y0 + row * self.cell

    def center(self, row: int, col: int) -> tuple[float, float]:
        """The centre of a cell."""
        x, y = self.corner(row, col)
        return x + self.cell / 2, y + self.cell / 2

    def spot(self, row: int, col: int, index: int, grid_rows: int, grid_cols: int) -> (
        tuple[float, float]
    ):
        """The centre of place ``index`` of a ``grid_rows`` x ``grid_cols`` mini-grid drawn
        inside a cell (pencil marks in fixed positions)."""
        x, y = self.corner(row, col)
        inset = self.cell * 0.06
        span = self.cell - 2 * inset
        mini_row, mini_col = divmod(index, grid_cols)
        return (x + inset + (mini_col + 0.5) * span / grid_cols,
                y + inset + (mini_row + 0.5) * span / grid_rows)

    def background(self, row: int, col: int, fill: str, cls: str) -> Rect:
        """The background rectangle of a cell, tagged with its row and column."""
        x, y = self.corner(row, col)
        return Rect(x, y, self.cell, self.cell, fill=fill, cls=cls, cell=(row, col))

    def fill(self, row: int, col: int, color: str, layer: Layer, cls: str) -> Rect:
        """A plain rectangle over one cell."""
        x, y = self.corner(row, col)
        return Rect(x, y, self.cell, self.cell, fill=color, layer=layer, cls=cls)

    def lines(
        self, *, thick_rows: int = 0, thick_cols: int = 0, thin: float = THIN,
        thick: float = BOX, color: str = Palette.THIN,
    ) -> list[Element]:
        """Thin lines between all cells, thicker ones every ``thick_rows`` rows and
        ``thick_cols`` columns (0: none), and the outer border."""
        elements: list[Element] = []
        right, bottom = self.x0 + self.cols * self.cell, self.y0 + self.rows * self.cell
        for col in range(1, self.cols):
            x = self.x0 + col * self.cell
            heavy = thick_cols and col % thick_cols == 0
            elements.append(Line(x, self.y0, x, bottom, Palette.INK if heavy else color,
                                 thick if heavy else thin, cls="box" if heavy else "thin"))
        for row in range(1, self.rows):
            y = self.y0 + row * self.cell
            heavy = thick_rows and row % thick_rows == 0
            elements.append(Line(self.x0, y, right, y, Palette.INK if heavy else color,
                                 thick if heavy else thin, cls="box" if heavy else "thin"))
        elements.append(self.border())
        return elements

    def border(self) -> Rect:
        """The outer border (a stroked rectangle on top of the cells)."""
        return Rect(self.x0, self.y0, self.cols * self.cell, self.rows * self.cell, fill=None,
                    stroke=Palette.INK, stroke_width=BORDER, layer=Layer.GRID, cls="border")


_LINE_UNIT = re.compile(r"(row|column|box) (\d+)")


def line_unit_cells(name: str, rows: int, cols: int, box: tuple[int, int] | None = None) -> (
    list[tuple[int, int]]
):
    """The cells of a unit named ``row 3``, ``column 5`` or ``box 4`` (1-based, boxes row-major
    of ``box`` = (box rows, box cols) cells); none for any other name."""
    match = _LINE_UNIT.fullmatch(name.strip())
    if match is None:
        return []
    what, index = match[1], int(match[2]) - 1
    if what == "row" and 0 <= index < rows:
        return [(index, col) for col in range(cols)]
    if what == "column" and 0 <= index < cols:
        return [(row, index) for row in range(rows)]
    if what == "box" and box is not None:
        box_rows, box_cols = box
        per_band = cols // box_cols
        top, left = (index // per_band) * box_rows, (index % per_band) * box_cols
        if top < rows:
            return [(top + r, left + c) for r in range(box_rows) for c in range(box_cols)]
    return []


MarkSpot = Callable[[Candidate], tuple[float, float, float] | None]
"""Where a candidate's pencil mark sits: its centre and a radius for a disk behind it."""


def step_highlights(
    step: Step, frame: GridFrame, *, unit_cells: Callable[[str], Sequence[tuple[int, int]]],
    mark_spot: MarkSpot | None = None,
) -> list[Element]:
    """The highlights of ``step``: its units in light blue, its cells in yellow, the cells it
    fills in green, and (when marks are drawn) a disk behind each placed candidate (green) and
    eliminated one (red), and its chain links as lines (dashed when weak)."""
    elements: list[Element] = []
    unit_members = {cell for unit in step.units for cell in unit_cells(unit)}
    placed = {(r, c) for r, c, _ in step.placements}
    involved = set(step.cells) - placed
    for row, col in sorted(unit_members - involved - placed):
        elements.append(frame.fill(row, col, Palette.UNIT, Layer.HIGHLIGHT, "unit"))
    for row, col in sorted(involved):
        elements.append(frame.fill(row, col, Palette.CELLS, Layer.HIGHLIGHT, "focus"))
    for row, col in sorted(placed):
        elements.append(frame.fill(row, col, Palette.PLACE_CELL, Layer.HIGHLIGHT, "placed"))
    if mark_spot is None:
        return elements
    for candidates, color, cls in ((step.placements, Palette.PLACE, "place"),
                                   (step.eliminations, Palette.ELIMINATE, "eliminate")):
        for candidate in candidates:
            spot = mark_spot(candidate)
            if spot is not None:
                x, y, radius = spot
                elements.append(Circle(x, y, radius, fill=color, layer=Layer.HIGHLIGHT, cls=cls))
    elements.extend(_links(step, mark_spot))
    return elements


def _links(step: Step, mark_spot: MarkSpot) -> Iterable[Element]:
    for link in step.links:
        start, end = mark_spot(link.start), mark_spot(link.end)
        if start is None or end is None or start[:2] == end[:2]:
            continue
        (x1, y1, r1), (x2, y2, r2) = start, end
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        yield Line(x1 + ux * r1, y1 + uy * r1, x2 - ux * r2, y2 - uy * r2, Palette.LINK,
                   1.6, Layer.OVERLAY, None if link.strong else (4.0, 3.0),
                   "strong" if link.strong else "weak")
