"""Where the cells of a rectangular grid sit in a drawing, and the parts every board shares:
cell backgrounds, the outer border, pencil-mark positions, and the highlights of a logical
step."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from grille.logic import Candidate, Step
from grille.render.drawing import CELL, Circle, Element, Layer, Line, Palette, Rect

__all__ = ["GridFrame", "step_highlights"]

BORDER = 3.2
"""Width of a grid's outer border, in units (a cell is 40)."""

BOX = 2.4
"""Width of the borders between boxes."""

THIN = 1.0
"""Width of the lines between cells."""


@dataclass(frozen=True, slots=True)
class GridFrame:
    """A ``rows`` x ``cols`` grid of square cells of ``cell`` units, its top-left corner at
    (``x0``, ``y0``), ``pad_right`` and ``pad_bottom`` of room after it; a margin of half the
    border keeps the outer lines inside the drawing (more leaves room for clues outside)."""

    rows: int
    cols: int
    cell: float = CELL
    x0: float = BORDER / 2
    y0: float = BORDER / 2
    pad_right: float = BORDER / 2
    pad_bottom: float = BORDER / 2

    @property
    def width(self) -> float:
        """The drawing width the grid needs, border and outside room included."""
        return self.cols * self.cell + (self.x0 + self.pad_right)

    @property
    def height(self) -> float:
        """The drawing height the grid needs, border and outside room included."""
        return self.rows * self.cell + (self.y0 + self.pad_bottom)

    def corner(self, row: int, col: int) -> tuple[float, float]:
        """The top-left corner of a cell."""
        return self.x0 + col * self.cell, self.y0 + row * self.cell

    def center(self, row: int, col: int) -> tuple[float, float]:
        """The centre of a cell."""
        x, y = self.corner(row, col)
        return x + self.cell / 2, y + self.cell / 2

    def spot(self, row: int, col: int, index: int, grid_rows: int, grid_cols: int,
             top: float = 0.0, inset: float = 0.06) -> tuple[float, float]:
        """The centre of place ``index`` of a ``grid_rows`` x ``grid_cols`` mini-grid drawn
        ``inset`` (a fraction of the cell) inside a cell (pencil marks in fixed positions),
        its first row ``top`` lower when a label sits at the cell's top."""
        x, y = self.corner(row, col)
        inset = self.cell * inset
        span = self.cell - 2 * inset
        down = self.cell * top
        mini_row, mini_col = divmod(index, grid_cols)
        return (x + inset + (mini_col + 0.5) * span / grid_cols,
                y + inset + down + (mini_row + 0.5) * (span - down) / grid_rows)

    def background(self, row: int, col: int, fill: str, cls: str) -> Rect:
        """The background rectangle of a cell, tagged with its row and column."""
        x, y = self.corner(row, col)
        return Rect(x, y, self.cell, self.cell, fill=fill, cls=cls, cell=(row, col))

    def fill(self, row: int, col: int, color: str, layer: Layer, cls: str) -> Rect:
        """A plain rectangle over one cell."""
        x, y = self.corner(row, col)
        return Rect(x, y, self.cell, self.cell, fill=color, layer=layer, cls=cls)

    def border(self) -> Rect:
        """The outer border (a stroked rectangle on top of the cells)."""
        return Rect(self.x0, self.y0, self.cols * self.cell, self.rows * self.cell, fill=None,
                    stroke=Palette.INK, stroke_width=BORDER, layer=Layer.GRID, cls="border")


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
