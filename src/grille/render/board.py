"""Any board as a drawing, from its :class:`~grille.view.BoardView` alone.

Cells are drawn by what they hold (a clue bold black, a player's value blue, a solution's
dark grey; values as symbols or as discs), blocked cells dark or, when regions write their
labels there, light with a diagonal and the labels in the corners. Regions are drawn by
style: ``box`` as thick borders, ``cage`` as a dashed outline inside its cells with its
label top-left, ``diagonal`` as a thin line corner to corner, ``window`` shaded; cell
shapes (``circle``, ``square``) grey under the values. Lines through cells (thermometers,
arrows, renban, whispers, palindromes), markers on edges (white and black dots, letters),
clues outside the grid, pencil marks in the board's mini-grid and the highlights of a
logical step complete it. No kind is named here: a kind that builds its ``BoardView`` is
drawn.

>>> from grille.view import BoardView, CellView
>>> view = BoardView(1, 2, (CellView(1, given=True), CellView(2)), ("1", "2"))
>>> drawing = draw_board(view)
>>> drawing.texts("given"), drawing.texts("entry")
(['1'], ['2'])
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

from grille.logic import Candidate, Step
from grille.render.drawing import (
    CAP_HEIGHT,
    CELL,
    Circle,
    Drawing,
    Element,
    Layer,
    Line,
    Palette,
    Polygon,
    Rect,
    Text,
    centered_text,
    text_width,
)
from grille.render.frame import BORDER, BOX, THIN, GridFrame, step_highlights
from grille.render.outline import rounded_outline
from grille.view import (
    BoardView,
    Cell,
    CellShape,
    Corner,
    Decoration,
    Glyphs,
    Marker,
    OutsideClue,
    PathLine,
    Region,
)

__all__ = ["cell_px", "corner_marks", "draw_board", "min_cell_mm"]

DIGIT_SIZE = 0.64 * CELL
DISC_RADIUS = 0.32 * CELL
DISC_RING = 0.085 * CELL
MARK_FILL = 0.86
"""A pencil mark's font size as a fraction of its place in the mini-grid."""
CORNER_MARK_SIZE = 0.26 * CELL
"""The size of a mark on a board with at most two values (drawn in the cell's top corners)."""
CORNER_MARK_RADIUS = 0.09 * CELL
CORNER_MARK_RING = 0.035 * CELL
CORNER_MARK_AT = (0.2, 0.8)
"""Where the marks of a two-valued board sit across the top of a cell (fractions)."""
LABEL_SIZE = 0.32 * CELL
"""The labels a blocked cell carries (a run's total)."""
LABEL_AT = {
    Corner.BOTTOM_LEFT: (0.29, 0.74),
    Corner.TOP_RIGHT: (0.71, 0.29),
    Corner.TOP_LEFT: (0.29, 0.29),
    Corner.CENTER: (0.5, 0.5),
}
"""Where the centre of a label sits in a blocked cell (fractions of the cell from top-left)."""
CAGE_INSET = 0.09 * CELL
CAGE_DASH = (3.0, 2.5)
CAGE_LABEL_SIZE = 0.24 * CELL
SMALL_LABEL_SIZE = 0.24 * CELL
OUTSIDE_SIZE = 0.45 * CELL
MARKER_RADIUS = 0.11 * CELL
MARKER_TEXT_SIZE = 0.3 * CELL
SHADE = "#e4e4e4"
"""The fill of shaded regions (``window``)."""
DIAGONAL = ("#6f9fd8", 1.6)
"""Colour and width of the line a ``diagonal`` region is drawn as, corner to corner."""
SHAPE_FILL = "#d6d6d6"
"""The grey of cell shapes (``circle``, ``square``) under the digits."""
SHAPE_SIZE = {"circle": 0.4 * CELL, "square": 0.36 * CELL}
"""A cell shape's radius or half-side."""
LINE_STYLES: dict[str, tuple[str, float]] = {
    "thermometer": ("#c4c4c4", 0.28 * CELL),
    "arrow": ("#9a9a9a", 0.05 * CELL),
    "renban": ("#d59ee6", 0.3 * CELL),
    "whisper": ("#7ede7e", 0.22 * CELL),
    "palindrome": ("#b0b0b0", 0.16 * CELL),
}
"""Colour and width of each path-line style; other styles are drawn as palindromes are."""
BULB_RADIUS = 0.38 * CELL
ARROW_CIRCLE = 0.4 * CELL
ARROW_HEAD = 0.24 * CELL
DIRECTIONS = {
    "down-right": (1, 1), "down-left": (-1, 1), "up-right": (1, -1), "up-left": (-1, -1),
    "down": (0, 1), "up": (0, -1), "right": (1, 0), "left": (-1, 0),
}
"""The way an outside clue points, as a (dx, dy) step."""


def corner_marks(view: BoardView) -> bool:
    """Whether the board's marks are too few for a mini-grid (two values): drawn small in
    the top corners, and a step shows its placements as values rather than on the marks."""
    rows, cols = view.mark_grid
    return rows * cols < 3


def cell_px(view: BoardView, *, marks: bool) -> int:
    """Pixels per cell by default: more where marks are small (a large mini-grid) or the
    board is tiny, and for discs on boards up to 10 a side."""
    if marks and not corner_marks(view):
        return 72 if len(view.symbols) > 12 else 56
    side = max(view.rows, view.cols)
    if view.glyphs is Glyphs.DISCS:
        return 56 if side <= 10 else 44
    return 64 if side <= 6 else 44


def min_cell_mm(view: BoardView, *, marks: bool) -> float:
    """The smallest printed cell that stays legible: larger with a mini-grid of marks, or
    with labels written small (sums in blocked cells, cage totals)."""
    if marks and not corner_marks(view):
        return 9.0
    small = any(region.label and region.style != "box" for region in view.regions)
    return 6.0 if small else 5.0


def draw_board(
    view: BoardView, *, marks: bool = False, highlight: Step | None = None, title: str = "",
    caption: str = "", solution: bool = False, digits: bool = False, kind: str = "",
    rules: bool = False,
) -> Drawing:
    """The drawing of ``view``: clues bold, other values blue (dark grey when
    ``solution``), pencil marks (the cells' own) when ``marks``, and ``highlight``'s
    cells, units and candidates (on the marks, drawn then too, unless the board has
    :func:`corner_marks`). ``digits`` writes disc values as their symbols; ``rules``
    carries the board's rules in words (:attr:`BoardView.rules`) for a print to show."""
    frame = _frame(view)
    discs = view.glyphs is Glyphs.DISCS and not digits
    labels = _blocked_labels(view)
    elements: list[Element] = []
    for index, cell in enumerate(view.cells):
        row, col = divmod(index, view.cols)
        if cell.blocked:
            written = labels.get((row, col), {})
            if written:
                elements.append(frame.background(row, col, Palette.CLUE, "cell clue"))
                elements.extend(_clue(frame, row, col, written))
            else:
                elements.append(frame.background(row, col, Palette.BLOCK, "cell block"))
            continue
        state = "given" if cell.given else ("entry" if cell.value is not None else "empty")
        shaded = cell.given and view.glyphs is Glyphs.DISCS  # a disc cannot be bold
        elements.append(frame.background(row, col, Palette.GIVEN_CELL if shaded else Palette.PAPER,
                                         f"cell {state}"))
        if cell.value is not None:
            color = Palette.INK if cell.given else (
                Palette.SOLVED if solution else Palette.ENTRY)
            elements.extend(_value(view, frame, row, col, cell.value, color, discs,
                                   bold=cell.given, cls=state))
    elements.extend(_shading(view, frame))
    elements.extend(_decorations(view, frame))
    elements.extend(_cell_shapes(view, frame))
    elements.extend(_diagonals(view, frame))
    elements.extend(_grid_lines(view, frame))
    elements.extend(_cages(view, frame))
    elements.extend(_region_labels(view, frame))
    corner = corner_marks(view)
    lit: set[Candidate] = set()
    if highlight is not None:
        lit = {*highlight.placements, *highlight.eliminations}
        elements.extend(step_highlights(
            highlight, frame, unit_cells=view.unit,
            mark_spot=None if corner else (lambda candidate: _mark_spot(view, frame, candidate)),
        ))
    elements.extend(_path_lines(view, frame))
    elements.extend(_markers(view, frame))
    elements.extend(_outside(view, frame))
    if highlight is not None and corner:
        for row, col, value in highlight.placements:
            if view.cell(row, col).value is None:
                elements.extend(_value(view, frame, row, col, value, Palette.PLACE, discs,
                                       bold=True, cls="place"))
    if corner:
        if marks:
            elements.extend(_corner_marks(view, frame, discs))
    elif marks or highlight is not None:
        elements.extend(_grid_marks(view, frame, lit))
    return Drawing(frame.width, frame.height, tuple(elements), title, caption, CELL,
                   min_cell_mm=min_cell_mm(view, marks=marks),
                   cell_px=cell_px(view, marks=marks), rules=view.rules if rules else (),
                   kind=kind)


# -- the frame, cells and values ---------------------------------------------------------------


def _frame(view: BoardView) -> GridFrame:
    """The grid's place, with a cell's room on each side that has clues outside it."""
    sides = {side for clue in view.outside for side in _sides(view, clue)}
    room = {side: CELL if side in sides else 0.0 for side in ("top", "bottom", "left", "right")}
    half = BORDER / 2
    return GridFrame(view.rows, view.cols, x0=half + room["left"], y0=half + room["top"],
                     pad_right=half + room["right"], pad_bottom=half + room["bottom"])


def _sides(view: BoardView, clue: OutsideClue) -> tuple[str, ...]:
    """The sides a clue outside the grid needs room on: its own, and the next one when it
    sits in a corner (index -1 or past the last row or column)."""
    across = clue.side in ("top", "bottom")
    length = view.cols if across else view.rows
    if clue.index < 0:
        return clue.side, "left" if across else "top"
    if clue.index >= length:
        return clue.side, "right" if across else "bottom"
    return (clue.side,)


def _value(view: BoardView, frame: GridFrame, row: int, col: int, value: int, color: str,
           discs: bool, *, bold: bool, cls: str) -> list[Element]:
    x, y = frame.center(row, col)
    if not discs:
        return [centered_text(x, y, view.symbol(value), DIGIT_SIZE, color=color, bold=bold,
                              cls=cls)]
    if value != view.min_value:
        return [Circle(x, y, DISC_RADIUS, fill=color, cls=f"{cls} one")]
    return [Circle(x, y, DISC_RADIUS - DISC_RING / 2, fill=Palette.PAPER, stroke=color,
                   stroke_width=DISC_RING, cls=f"{cls} zero")]


def _blocked_labels(view: BoardView) -> dict[Cell, dict[Corner, str]]:
    """The labels regions write in blocked cells, by cell and corner."""
    found: dict[Cell, dict[Corner, str]] = {}
    for region in view.regions:
        cell = region.label_cell
        if region.label and cell is not None and view.cell(*cell).blocked:
            found.setdefault(cell, {})[region.corner] = region.label
    return found


def _clue(frame: GridFrame, row: int, col: int, written: dict[Corner, str]) -> list[Element]:
    """A blocked cell's labels; split by a diagonal when they sit bottom-left and top-right,
    the triangle of a missing one dark."""
    x, y = frame.corner(row, col)
    size = frame.cell
    elements: list[Element] = []
    if Corner.BOTTOM_LEFT in written or Corner.TOP_RIGHT in written:
        if Corner.BOTTOM_LEFT not in written:
            elements.append(Polygon(((x, y), (x, y + size), (x + size, y + size)),
                                    Palette.BLOCK, cls="no-sum"))
        if Corner.TOP_RIGHT not in written:
            elements.append(Polygon(((x, y), (x + size, y), (x + size, y + size)),
                                    Palette.BLOCK, cls="no-sum"))
        elements.append(Line(x, y, x + size, y + size, Palette.INK, 1.0, Layer.GRID,
                             cls="diagonal"))
    for corner, (fx, fy) in LABEL_AT.items():
        if corner in written:
            elements.append(centered_text(x + fx * size, y + fy * size, written[corner],
                                          LABEL_SIZE, bold=True, cls=f"clue {corner.value}"))
    return elements


def _shading(view: BoardView, frame: GridFrame) -> list[Element]:
    shaded = sorted({cell for region in view.regions if region.style == "window"
                     for cell in region.cells})
    return [frame.fill(row, col, SHADE, Layer.BACKGROUND, "shade") for row, col in shaded]


def _cell_shapes(view: BoardView, frame: GridFrame) -> list[Element]:
    """Grey circles and squares under the digits (odd and even cells)."""
    return [element for shape in view.shapes for element in _cell_shape(frame, shape)]


def _cell_shape(frame: GridFrame, shape: CellShape) -> list[Element]:
    x, y = frame.center(*shape.cell)
    size = SHAPE_SIZE.get(shape.style, SHAPE_SIZE["square"])
    cls = f"shape {shape.style}"
    if shape.style == "circle":
        return [Circle(x, y, size, fill=SHAPE_FILL, layer=Layer.HIGHLIGHT, cls=cls)]
    return [Rect(x - size, y - size, 2 * size, 2 * size, fill=SHAPE_FILL, layer=Layer.HIGHLIGHT,
                 cls=cls)]


DECORATION_STROKE = 0.04 * CELL
"""The outline of a setter's rectangle or circle."""
ELLIPSE_POINTS = 48
"""How many corners draw an ellipse (or a turned circle) as a polygon."""


def _decorations(view: BoardView, frame: GridFrame) -> list[Element]:
    """A setter's decorations (:class:`~grille.view.Decoration`) under everything else
    but the cells' backgrounds: their texts too sit under the digits."""
    elements: list[Element] = []
    for decoration in view.decorations:
        elements.extend(_decoration(frame, decoration))
    return elements


def _decoration(frame: GridFrame, decoration: Decoration) -> list[Element]:
    cell = frame.cell
    cls = f"decoration {decoration.style}"
    row, col = decoration.center()
    x, y = frame.x0 + col * cell, frame.y0 + row * cell
    if decoration.style == "line":
        color, width = decoration.outline, decoration.width * cell
        if not color or width <= 0:
            return []
        points = [frame.center(*c) for c in decoration.cells]
        elements: list[Element] = [Line(x1, y1, x2, y2, color, width, Layer.HIGHLIGHT, cls=cls)
                                   for (x1, y1), (x2, y2) in itertools.pairwise(points)]
        elements.extend(Circle(px, py, width / 2, fill=color, layer=Layer.HIGHLIGHT,
                               cls=f"{cls} joint") for px, py in points)
        return elements
    if decoration.style == "cage":
        elements = list(_cage_outline(frame, set(decoration.cells), decoration.outline, cls))
        if decoration.text:  # on paper, over the dashes, as a killer cage's sum
            left, top = frame.corner(*min(decoration.cells))
            left, top = left + CAGE_INSET * 0.4, top + CAGE_INSET * 0.4
            width = text_width(decoration.text, CAGE_LABEL_SIZE) * 0.95 + 2.0
            elements.append(Rect(left, top, width, CAGE_LABEL_SIZE * 1.05, fill=Palette.PAPER,
                                 layer=Layer.CONTENT, cls=f"{cls} label-back"))
            elements.append(Text(left + 1.0, top + CAGE_LABEL_SIZE * (CAP_HEIGHT + 0.16),
                                 decoration.text, CAGE_LABEL_SIZE, decoration.color or Palette.INK,
                                 False, "start", Layer.CONTENT, f"{cls} label"))
        return elements
    elements = []
    if decoration.style in ("rectangle", "circle"):
        elements.extend(_decoration_shape(x, y, decoration, cell, cls))
        size = 0.6 * min(decoration.width, decoration.height) * cell
    else:
        size = decoration.size * cell * 0.8
    if decoration.text and size > 0:
        elements.append(centered_text(x, y, decoration.text, size,
                                      color=decoration.color or Palette.INK,
                                      layer=Layer.HIGHLIGHT, cls=f"{cls} text"))
    return elements


def _decoration_shape(x: float, y: float, decoration: Decoration, cell: float,
                      cls: str) -> list[Element]:
    """A rectangle or an ellipse ``width`` x ``height`` cells centred on (x, y), turned by
    ``angle`` degrees clockwise: a plain circle when it is one, else a polygon and its
    outline as lines."""
    half_w, half_h = decoration.width * cell / 2, decoration.height * cell / 2
    fill, outline = decoration.fill or None, decoration.outline or None
    if half_w <= 0 or half_h <= 0 or (fill is None and outline is None):
        return []
    if decoration.style == "circle" and half_w == half_h:
        return [Circle(x, y, half_w, fill=fill, stroke=outline,
                       stroke_width=DECORATION_STROKE if outline else 0.0,
                       layer=Layer.HIGHLIGHT, cls=cls)]
    if decoration.style == "circle":
        corners = [(half_w * math.cos(2 * math.pi * i / ELLIPSE_POINTS),
                    half_h * math.sin(2 * math.pi * i / ELLIPSE_POINTS))
                   for i in range(ELLIPSE_POINTS)]
    else:
        corners = [(-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h)]
    turn = math.radians(decoration.angle)
    cos, sin = math.cos(turn), math.sin(turn)
    points = tuple((x + px * cos - py * sin, y + px * sin + py * cos) for px, py in corners)
    elements: list[Element] = []
    if fill is not None:
        elements.append(Polygon(points, fill, Layer.HIGHLIGHT, cls))
    if outline is not None:
        elements.extend(Line(x1, y1, x2, y2, outline, DECORATION_STROKE, Layer.HIGHLIGHT,
                             cls=f"{cls} outline")
                        for (x1, y1), (x2, y2) in itertools.pairwise((*points, points[0])))
    return elements


def _diagonals(view: BoardView, frame: GridFrame) -> list[Element]:
    """Each ``diagonal`` region as a thin line from the outer corner of its first cell to
    that of its last (cells in a straight line); others shaded."""
    elements: list[Element] = []
    for region in view.regions:
        if region.style == "diagonal":
            elements.extend(_diagonal(frame, region))
    return elements


def _diagonal(frame: GridFrame, region: Region) -> list[Element]:
    (r0, c0), (r1, c1) = region.cells[0], region.cells[-1]
    steps = max(abs(r1 - r0), abs(c1 - c0))
    dr, dc = ((r1 - r0) / steps, (c1 - c0) / steps) if steps else (0.0, 0.0)
    straight = steps > 0 and all(
        (r0 + round(i * dr), c0 + round(i * dc)) == cell for i, cell in enumerate(region.cells))
    if not straight:
        return [frame.fill(row, col, SHADE, Layer.BACKGROUND, "shade") for row, col in
                region.cells]
    (x0, y0), (x1, y1) = frame.center(r0, c0), frame.center(r1, c1)
    half = frame.cell / 2
    color, width = DIAGONAL
    return [Line(x0 - dc * half, y0 - dr * half, x1 + dc * half, y1 + dr * half, color, width,
                 Layer.HIGHLIGHT, cls="diagonal-line")]


# -- lines between cells, regions --------------------------------------------------------------


def _grid_lines(view: BoardView, frame: GridFrame) -> list[Element]:
    """Thin lines between cells (ink on boards with blocked cells), thick ones where boxes
    meet: a whole line when it parts boxes all along, else thick pieces over a thin line."""
    box = {cell: index for index, region in enumerate(view.regions) if region.style == "box"
           for cell in region.cells}
    color = Palette.INK if any(cell.blocked for cell in view.cells) else Palette.THIN
    right = frame.x0 + view.cols * frame.cell
    bottom = frame.y0 + view.rows * frame.cell
    elements: list[Element] = []
    pieces: list[Element] = []
    for col in range(1, view.cols):
        x = frame.x0 + col * frame.cell
        apart = [box.get((row, col - 1)) != box.get((row, col)) for row in range(view.rows)]
        heavy = all(apart)
        elements.append(Line(x, frame.y0, x, bottom, Palette.INK if heavy else color,
                             BOX if heavy else THIN, cls="box" if heavy else "thin"))
        if not heavy:
            for start, end in _runs(apart):
                pieces.append(Line(x, frame.y0 + start * frame.cell, x,
                                   frame.y0 + end * frame.cell, Palette.INK, BOX, cls="box"))
    for row in range(1, view.rows):
        y = frame.y0 + row * frame.cell
        apart = [box.get((row - 1, col)) != box.get((row, col)) for col in range(view.cols)]
        heavy = all(apart)
        elements.append(Line(frame.x0, y, right, y, Palette.INK if heavy else color,
                             BOX if heavy else THIN, cls="box" if heavy else "thin"))
        if not heavy:
            for start, end in _runs(apart):
                pieces.append(Line(frame.x0 + start * frame.cell, y,
                                   frame.x0 + end * frame.cell, y, Palette.INK, BOX, cls="box"))
    return [*elements, *pieces, frame.border()]


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    """The (start, end) index ranges where ``flags`` is true."""
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for index, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = index
        elif not flag and start is not None:
            runs.append((start, index))
            start = None
    return runs


def _cages(view: BoardView, frame: GridFrame) -> list[Element]:
    """Each cage as a dashed outline just inside its cells, and its label top-left."""
    elements: list[Element] = []
    for region in view.regions:
        if region.style != "cage":
            continue
        elements.extend(_cage_outline(frame, set(region.cells)))
        if region.label:
            row, col = region.label_cell or min(region.cells)
            x, y = frame.corner(row, col)
            left, top = x + CAGE_INSET * 0.4, y + CAGE_INSET * 0.4
            width = text_width(region.label, CAGE_LABEL_SIZE) * 0.95 + 2.0
            elements.append(Rect(left, top, width, CAGE_LABEL_SIZE * 1.05, fill=Palette.PAPER,
                                 layer=Layer.CONTENT, cls="cage-label-back"))
            elements.append(Text(left + 1.0, top + CAGE_LABEL_SIZE * (CAP_HEIGHT + 0.16),
                                 region.label, CAGE_LABEL_SIZE, Palette.INK, False, "start",
                                 Layer.CONTENT, "cage-label"))
    return elements


def _cage_outline(frame: GridFrame, cells: set[Cell], color: str = Palette.INK,
                  cls: str = "cage") -> list[Element]:
    """The dashed sides of a cage, ``CAGE_INSET`` inside its cells; a side runs on into the
    next cell's side, and turns with it at an inner corner."""
    inset = CAGE_INSET
    size = frame.cell
    elements: list[Element] = []
    for row, col in sorted(cells):
        x, y = frame.corner(row, col)

        def stretch(side: Cell, diagonal: Cell) -> float:
            """How far a side reaches towards ``side``: short of the corner when that
            neighbour is outside, past it at an inner corner, to it otherwise."""
            if side not in cells:
                return inset
            return -inset if diagonal in cells else 0.0

        for (dr, dc), (r0, c0), (r1, c1) in (((-1, 0), (0, -1), (0, 1)), ((1, 0), (0, -1), (0, 1)),
                                             ((0, -1), (-1, 0), (1, 0)), ((0, 1), (-1, 0), (1, 0))):
            if (row + dr, col + dc) in cells:
                continue
            start = stretch((row + r0, col + c0), (row + r0 + dr, col + c0 + dc))
            end = stretch((row + r1, col + c1), (row + r1 + dr, col + c1 + dc))
            if dr:
                edge = y + (inset if dr < 0 else size - inset)
                line = Line(x + start, edge, x + size - end, edge, color, 1.0, Layer.GRID,
                            CAGE_DASH, cls)
            else:
                edge = x + (inset if dc < 0 else size - inset)
                line = Line(edge, y + start, edge, y + size - end, color, 1.0, Layer.GRID,
                            CAGE_DASH, cls)
            elements.append(line)
    return elements


def _region_labels(view: BoardView, frame: GridFrame) -> list[Element]:
    """Labels of regions other than cages, written small in an open cell's corner."""
    elements: list[Element] = []
    for region in view.regions:
        if not region.label or region.style == "cage" or not region.cells:
            continue
        cell = region.label_cell or min(region.cells)
        if view.cell(*cell).blocked:
            continue  # drawn with the blocked cell
        x, y = frame.corner(*cell)
        fx, fy = LABEL_AT[region.corner]
        elements.append(centered_text(x + fx * frame.cell, y + fy * frame.cell, region.label,
                                      SMALL_LABEL_SIZE, cls=f"label {region.style}"))
    return elements


# -- lines through cells, markers, outside clues ------------------------------------------------


def _path_lines(view: BoardView, frame: GridFrame) -> list[Element]:
    elements: list[Element] = []
    for path in view.lines:
        if path.style == "arrow":
            elements.extend(_arrow(frame, path))
        else:
            elements.extend(_thick_path(frame, path))
    return elements


def _thick_path(frame: GridFrame, path: PathLine) -> list[Element]:
    """A thick line through the cells' centres, its joints and ends rounded; a thermometer's
    start cells get a bulb."""
    color, width = LINE_STYLES.get(path.style, LINE_STYLES["palindrome"])
    cls = f"line {path.style}"
    points = [frame.center(*cell) for cell in path.cells]
    elements: list[Element] = [
        Line(x1, y1, x2, y2, color, width, Layer.HIGHLIGHT, cls=cls)
        for (x1, y1), (x2, y2) in itertools.pairwise(points)
    ]
    elements.extend(Circle(x, y, width / 2, fill=color, layer=Layer.HIGHLIGHT, cls=f"{cls} joint")
                    for x, y in points)
    if path.style == "thermometer":
        starts = path.start or path.cells[:1]
        elements.extend(Circle(*frame.center(*cell), BULB_RADIUS, fill=color,
                               layer=Layer.HIGHLIGHT, cls="bulb") for cell in starts)
    return elements


def _arrow(frame: GridFrame, path: PathLine) -> list[Element]:
    """A circle round the start cell (a pill round several in one row or column, a rounded
    outline round several in another shape, as f-puzzles draws a circle of two or more
    digits), a shaft from its edge through the
    other cells, and a head at the last one."""
    color, width = LINE_STYLES["arrow"]
    starts = path.start or path.cells[:1]
    elements: list[Element]
    if len(starts) > 1 and (len({r for r, _ in starts}) == 1 or len({c for _, c in starts}) == 1):
        xs, ys = zip(*(frame.center(*cell) for cell in starts), strict=True)
        elements = [Rect(min(xs) - ARROW_CIRCLE, min(ys) - ARROW_CIRCLE,
                         max(xs) - min(xs) + 2 * ARROW_CIRCLE, max(ys) - min(ys) + 2 * ARROW_CIRCLE,
                         stroke=color, stroke_width=width, layer=Layer.HIGHLIGHT,
                         cls="arrow-circle", radius=ARROW_CIRCLE)]
    elif len(starts) > 1:  # an L or another shape: one rounded outline round the cells
        x0, y0 = frame.corner(0, 0)
        inset = 0.5 - ARROW_CIRCLE / frame.cell
        elements = []
        for loop in rounded_outline(starts, inset, ARROW_CIRCLE / frame.cell):
            points = [(x0 + x * frame.cell, y0 + y * frame.cell) for x, y in loop]
            elements.extend(Line(x1, y1, x2, y2, color, width, Layer.HIGHLIGHT,
                                 cls="arrow-circle outline")
                            for (x1, y1), (x2, y2) in itertools.pairwise([*points, points[0]]))
    else:
        elements = [Circle(*frame.center(*cell), ARROW_CIRCLE, stroke=color, stroke_width=width,
                           layer=Layer.HIGHLIGHT, cls="arrow-circle") for cell in starts]
    points = [frame.center(*cell) for cell in path.cells]
    if len(points) < 2:
        return elements
    first, second = points[0], points[1]
    if path.cells[0] in starts:  # leave the circle at its edge
        dx, dy = second[0] - first[0], second[1] - first[1]
        length = math.hypot(dx, dy) or 1.0
        points[0] = (first[0] + dx / length * ARROW_CIRCLE, first[1] + dy / length * ARROW_CIRCLE)
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        elements.append(Line(x1, y1, x2, y2, color, width, Layer.HIGHLIGHT, cls="line arrow"))
    (x1, y1), (x2, y2) = points[-2], points[-1]
    angle = math.atan2(y2 - y1, x2 - x1)
    for turn in (math.pi * 0.8, -math.pi * 0.8):
        elements.append(Line(x2, y2, x2 + ARROW_HEAD * math.cos(angle + turn),
                             y2 + ARROW_HEAD * math.sin(angle + turn), color, width,
                             Layer.HIGHLIGHT, cls="arrow-head"))
    return elements


def _markers(view: BoardView, frame: GridFrame) -> list[Element]:
    return [element for marker in view.markers for element in _marker(frame, marker)]


def _marker(frame: GridFrame, marker: Marker) -> list[Element]:
    """A dot or a letter on the middle of the edge between two cells."""
    (x1, y1), (x2, y2) = frame.center(*marker.first), frame.center(*marker.second)
    x, y = (x1 + x2) / 2, (y1 + y2) / 2
    cls = f"marker {marker.style}"
    if marker.style in ("black-dot", "white-dot"):
        black = marker.style == "black-dot"
        dot: list[Element] = [Circle(x, y, MARKER_RADIUS, fill=Palette.INK if black else
                                     Palette.PAPER, stroke=None if black else Palette.INK,
                                     stroke_width=0 if black else 1.2, cls=cls)]
        if marker.text:  # a dot's value other than 1 (white) or 2 (black)
            dot.append(centered_text(x, y, marker.text, MARKER_RADIUS * 1.3,
                                     color=Palette.PAPER if black else Palette.INK, bold=True,
                                     layer=Layer.OVERLAY, cls=f"{cls} value"))
        return dot
    return [Circle(x, y, MARKER_TEXT_SIZE * 0.62, fill=Palette.PAPER, cls=f"{cls} back"),
            centered_text(x, y, marker.text, MARKER_TEXT_SIZE, bold=True, cls=cls)]


def _outside(view: BoardView, frame: GridFrame) -> list[Element]:
    """Each clue outside the grid. Two diagonal clues at one place (two diagonals leaving
    one corner place) sit side by side, each beside the corner its arrow leaves from, at 0.76
    of the size (as the page lays them out): staggered above or below a column, away from
    the grid beside a row (its arrows' side); other clues sharing a
    place are stacked smaller (across the room beside a row, down the room above or below a
    column)."""
    places: dict[tuple[str, int], list[OutsideClue]] = {}
    for clue in view.outside:
        places.setdefault((clue.side, clue.index), []).append(clue)
    elements: list[Element] = []
    for clues in places.values():
        across = clues[0].side in ("top", "bottom")
        aways = [DIRECTIONS.get(clue.direction, (0, 0))[0 if across else 1] for clue in clues]
        apart = len(clues) == 2 and aways[0] * aways[1] == -1
        inward = {"top": 1, "bottom": -1, "left": 1, "right": -1}[clues[0].side]
        for number, clue in enumerate(clues):
            if apart:
                way = aways[number]
                # above or below a column: staggered, clear of the arrows in the corners;
                # beside a row: both away from the grid, where the arrows are
                depth = ((0.13 if way < 0 else -0.15) if across else -0.12) * inward
                along = way * 0.23
                offset = (along, depth) if across else (depth, along)
                elements.extend(_outside_clue(view, frame, clue, scale=0.76, offset=offset))
                continue
            shift = number - (len(clues) - 1) / 2
            elements.extend(_outside_clue(view, frame, clue, shift,
                                          0.62 if len(clues) > 1 else 1.0))
    return elements


def _outside_clue(view: BoardView, frame: GridFrame, clue: OutsideClue, shift: float = 0.0,
                  scale: float = 1.0, offset: tuple[float, float] | None = None) -> list[Element]:
    """The text in the cell-sized room beside its row or column (``shift`` places from the
    middle, at ``scale``; or moved by ``offset`` cells, its arrow then left in the room's
    corner), and a small arrow when it points along a diagonal."""
    if clue.side in ("top", "bottom"):
        x, _ = frame.center(0, clue.index)
        row = -1 if clue.side == "top" else view.rows
        y = frame.y0 + (row + 0.5 + (0.0 if offset else shift * 0.42)) * frame.cell
    else:
        _, y = frame.center(clue.index, 0)
        col = -1 if clue.side == "left" else view.cols
        x = frame.x0 + (col + 0.5 + (0.0 if offset else shift * 0.5)) * frame.cell
    text_x, text_y = x, y
    arrow_scale = scale
    if offset is not None:
        text_x, text_y = x + offset[0] * frame.cell, y + offset[1] * frame.cell
        arrow_scale = 1.0
    elements: list[Element] = [centered_text(text_x, text_y, clue.text, OUTSIDE_SIZE * scale,
                                             cls=f"outside {clue.side}")]
    if clue.direction in DIRECTIONS:
        # in the room's corner (a diagonal's step unnormalised, as the page draws it), clear
        # of the text, which sits in the middle or, paired, beside that corner
        dx, dy = DIRECTIONS[clue.direction]
        ux, uy = dx * arrow_scale, dy * arrow_scale
        tip = (x + ux * 0.46 * frame.cell, y + uy * 0.46 * frame.cell)
        tail = (x + ux * 0.3 * frame.cell, y + uy * 0.3 * frame.cell)
        elements.append(Line(*tail, *tip, Palette.INK, 1.2, Layer.CONTENT, cls="outside-arrow"))
        angle = math.atan2(uy, ux)
        for turn in (math.pi * 0.8, -math.pi * 0.8):
            elements.append(Line(*tip, tip[0] + 0.09 * frame.cell * math.cos(angle + turn),
                                 tip[1] + 0.09 * frame.cell * math.sin(angle + turn),
                                 Palette.INK, 1.2, Layer.CONTENT, cls="outside-arrow"))
    return elements


# -- pencil marks ------------------------------------------------------------------------------


def _mark_size(view: BoardView, frame: GridFrame) -> float:
    rows, cols = view.mark_grid
    return frame.cell * 0.88 / max(rows, cols) * MARK_FILL


LABELLED_MARKS_TOP = 0.26
"""How far down (a fraction of the cell) the mini-grid of marks starts in a cell with a label
at its top (a cage's sum), so the label covers no mark."""
LABELLED_MARKS_SCALE = 0.8
"""The marks' size there, against other cells' (the mini-grid is that much shorter)."""
CAGED_MARKS_INSET = 0.13
"""How far inside a caged cell (a fraction of it) its mini-grid of marks is drawn: inside
the cage's dashed outline rather than on it."""
CAGED_MARKS_SCALE = 0.88
"""The marks' size in a caged cell, against other cells' (the mini-grid is that much smaller)."""


def _caged(view: BoardView) -> frozenset[Cell]:
    """The cells of the board's cages."""
    return frozenset(cell for region in view.regions if region.style == "cage"
                     for cell in region.cells)


def _mark_place(view: BoardView, frame: GridFrame, candidate: Candidate,
                labelled: frozenset[Cell], caged: frozenset[Cell]) -> tuple[float, float, float]:
    """Where a pencil mark's centre sits and its size as a fraction of the usual: below a
    label at the cell's top, inside a cage's outline."""
    row, col, value = candidate
    rows, cols = view.mark_grid
    low, inside = (row, col) in labelled, (row, col) in caged
    x, y = frame.spot(row, col, value - view.min_value, rows, cols,
                      LABELLED_MARKS_TOP if low else 0.0,
                      CAGED_MARKS_INSET if inside else 0.06)
    scale = (LABELLED_MARKS_SCALE if low else 1.0) * (CAGED_MARKS_SCALE if inside else 1.0)
    return x, y, scale


def _top_labelled(view: BoardView) -> frozenset[Cell]:
    """The open cells with a region's label at their top (a cage's sum, a corner label)."""
    found = set()
    for region in view.regions:
        if not region.label or not region.cells:
            continue
        if region.style != "cage" and region.corner not in (Corner.TOP_LEFT, Corner.TOP_RIGHT):
            continue
        cell = region.label_cell or min(region.cells)
        if not view.cell(*cell).blocked:
            found.add(cell)
    return frozenset(found)


def _mark_spot(view: BoardView, frame: GridFrame, candidate: Candidate) -> (
    tuple[float, float, float] | None
):
    if candidate[2] not in view.values:
        return None
    x, y, scale = _mark_place(view, frame, candidate, _top_labelled(view), _caged(view))
    return x, y, _mark_size(view, frame) * 0.62 * scale


def _grid_marks(view: BoardView, frame: GridFrame, lit: set[Candidate]) -> list[Element]:
    """The marks of every empty open cell in fixed places of the mini-grid (below a label
    at the cell's top, inside a cage's outline), with the step's candidates (``lit``) bright
    on their disks."""
    size = _mark_size(view, frame)
    values = set(view.values)
    labelled, caged = _top_labelled(view), _caged(view)
    elements: list[Element] = []
    for index, cell in enumerate(view.cells):
        if cell.blocked or cell.value is not None:
            continue
        row, col = divmod(index, view.cols)
        shown = set(cell.marks) | {v for r, c, v in lit if (r, c) == (row, col)}
        for mark in sorted(shown & values):
            x, y, scale = _mark_place(view, frame, (row, col, mark), labelled, caged)
            bright = (row, col, mark) in lit
            elements.append(centered_text(
                x, y, view.symbol(mark), size * scale,
                color=Palette.PAPER if bright else Palette.MARK,
                bold=bright, layer=Layer.CONTENT, cls="mark",
            ))
    return elements


def _corner_marks(view: BoardView, frame: GridFrame, discs: bool) -> Iterable[Element]:
    """The marks of a two-valued board, small in the top corners of each empty cell."""
    for index, cell in enumerate(view.cells):
        if cell.blocked or cell.value is not None:
            continue
        row, col = divmod(index, view.cols)
        for mark in cell.marks:
            place = mark - view.min_value
            if not 0 <= place < len(CORNER_MARK_AT):
                continue
            x, y = frame.corner(row, col)
            x += frame.cell * CORNER_MARK_AT[place]
            y += frame.cell * CORNER_MARK_AT[0]
            if not discs:
                yield centered_text(x, y, view.symbol(mark), CORNER_MARK_SIZE, color=Palette.MARK,
                                    cls="mark")
            elif mark != view.min_value:
                yield Circle(x, y, CORNER_MARK_RADIUS, fill=Palette.MARK, cls="mark one")
            else:
                yield Circle(x, y, CORNER_MARK_RADIUS - CORNER_MARK_RING / 2, stroke=Palette.MARK,
                             stroke_width=CORNER_MARK_RING, layer=Layer.CONTENT, cls="mark zero")
