"""The board widget: any kind's board drawn with text, in the size the terminal allows.

The board knows no kind: it draws the :class:`~grille.view.BoardView` a kind makes of a
state (``kind.view(puzzle, state)``). Drawing goes in three steps, the first two pure (and
tested without a terminal):

- :func:`layouts_for` picks the cell sizes that suit the view, from its data alone: a
  two-value board (discs) gets one-line cells with a row between every two rows; other
  boards draw pencil marks in the view's :attr:`~grille.view.BoardView.mark_grid`, in two
  rows, or as a one-line cell, each cell wide enough for the labels of blocked cells;
- :func:`draw` lays the view out in a :class:`Layout` with the :class:`Decorations` of the
  moment (cursor and the cells related to it, conflicts, hint cells, a solve step's
  placements and eliminations) and returns the lines as Rich ``Text``: lines around the
  ``box`` regions (between every two cells on a board with blocked cells, so that a run's
  length is counted by eye), blocked cells shaded with their regions' labels (a sum at the
  bottom-left, one at the top-right: ``16\\10``), other labels in their cell's corner, the
  per-line :attr:`~grille.view.BoardView.counts` right of each row and below each column;
- the shapes a text grid can hold are drawn too: ``cage`` regions dotted (``┊``, ``┄``) on the
  gaps between a cage's cells and others, markers (dots ``●`` ``○``, letters) on the gap
  between their cells, cell shapes (``◦`` circle, ``▫`` square) in the cell's bottom-right
  corner, ``diagonal`` and ``window`` regions shaded, the cells of path lines tinted by
  style (:data:`LINE_TINTS`); what it cannot hold (lines through
  cells, clues outside the grid, markers with no gap between their rows) the side panel
  says of the cursor's cell (:func:`undrawn_notes`; a setter's decorations among them);
- :class:`Board`, the Textual widget, picks the largest layout that fits its container,
  redraws when the state or the size changes, keeps the cursor in view when the grid is
  larger than the screen, and turns mouse clicks into cursor moves.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.widget import Widget

from grille.view import BoardView, CellView, Corner, Glyphs

__all__ = [
    "LAYOUTS",
    "STYLES",
    "Board",
    "Decorations",
    "Geometry",
    "Layout",
    "cell_label",
    "cells_text",
    "draw",
    "geometry",
    "has_blocks",
    "layouts_for",
    "line_counts",
    "line_tints",
    "move_cursor",
    "two_valued",
    "undrawn_notes",
    "walls",
]

Cell = tuple[int, int]
"""(row, col), 0-based."""

Edge = tuple[Cell, Cell]
"""Two neighbouring cells, the upper or left one first."""

STYLES: dict[str, str] = {
    "given": "bold bright_white",
    "entry": "bold #5fafff",
    "mark": "#8a8a8a",
    "line": "#8a8a8a",
    "label": "#d0d0d0",
    "block": "#d0d0d0 on #3a3a3a",
    "cursor": "on #005f87",
    "peer": "on #1c1c2c",
    "conflict": "bold #ff5f5f on #5f0000",
    "hint": "on #5f5f00",
    "placed": "bold #87ff87 on #005f00",
    "eliminated": "bold #ff5f5f strike",
    "count_over": "bold #ff5f5f",
    "count_full": "#87ff87",
    "count": "#8a8a8a",
    "cage": "#bcbcbc",
    "marker": "bold #ffffff",
    "shape": "#a8a8a8",
    "shade": "on #262626",
}
LINE_TINTS: dict[str, str] = {
    "thermometer": "on #3a3a3a",
    "arrow": "on #26303a",
    "renban": "on #34203c",
    "whisper": "on #173a1f",
    "palindrome": "on #30302a",
}
"""The background of the cells a path line runs through, by its style; other styles get
the thermometer's. Rich styles of the board's parts: :data:`STYLES` (dark background
assumed, as Textual's default theme)."""
SECOND_TINTS: dict[str, str] = {
    "thermometer": "on #4a4034",
    "arrow": "on #1c3a4e",
    "renban": "on #46203a",
    "whisper": "on #26421a",
    "palindrome": "on #3e3824",
}
"""A second background per style, for a line that touches another line of its style
drawn in the first (two thermometers side by side read as two)."""
START_TINTS: dict[str, str] = {
    "thermometer": "on #6c6c6c",
    "arrow": "on #3a5878",
}
"""The stronger background of a line's start cells (a thermometer's bulb, an arrow's
circle), so that the start shows where the cursor's highlight does not cover it."""
LINE_COLOURS: dict[str, str] = {
    "thermometer": "bold #c6c6c6",
    "arrow": "bold #87afd7",
    "renban": "bold #d787ff",
    "whisper": "bold #5fd75f",
    "palindrome": "bold #d7d787",
}
"""The colour of a path line's links drawn on the gaps between its cells and of its start
mark; other styles get the thermometer's."""
START_MARKS: dict[str, str] = {"thermometer": "◉", "arrow": "◎"}
"""The sign at the top-right of a line's start cell, where the cell leaves room (a
thermometer's bulb, an arrow's circle); other styles have no start."""


def has_blocks(view: BoardView) -> bool:
    """Whether some cells of ``view`` take no value (they get lines between every two cells)."""
    return any(cell.blocked for cell in view.cells)


def two_valued(view: BoardView) -> bool:
    """Whether ``view``'s cells hold one of two values (drawn as discs on the page): such a
    board gets one-line cells."""
    return view.glyphs is Glyphs.DISCS or len(view.symbols) <= 2


def walls(view: BoardView) -> frozenset[Edge]:
    """The edges between two cells drawn as a line: every edge on a board with blocked
    cells, else the edges between cells of different ``box`` regions (none without boxes).

    >>> from grille.view import Region
    >>> boxes = tuple(Region("box", ((r, 0), (r, 1), (r + 1, 0), (r + 1, 1))) for r in (0, 2))
    >>> view = BoardView(4, 2, (CellView(),) * 8, ("1", "2"), regions=boxes)
    >>> sorted(walls(view))
    [((1, 0), (2, 0)), ((1, 1), (2, 1))]
    """
    edges = [((r, c), (r, c + 1)) for r in range(view.rows) for c in range(view.cols - 1)]
    edges += [((r, c), (r + 1, c)) for r in range(view.rows - 1) for c in range(view.cols)]
    if has_blocks(view):
        return frozenset(edges)
    box_of = {cell: index for index, region in enumerate(view.regions) if region.style == "box"
              for cell in region.cells}
    if not box_of:
        return frozenset()
    return frozenset(edge for edge in edges if box_of.get(edge[0]) != box_of.get(edge[1]))


def _labels(view: BoardView) -> dict[Cell, dict[Corner, str]]:
    """Each labelled cell's labels by corner."""
    found: dict[Cell, dict[Corner, str]] = {}
    for region in view.regions:
        if region.label and region.label_cell is not None:
            found.setdefault(region.label_cell, {})[region.corner] = region.label
    return found


def cell_label(view: BoardView, cell: Cell,
               labels: Mapping[Cell, Mapping[Corner, str]] | None = None) -> str:
    """The text a blocked cell shows: its bottom-left and top-right labels either side of a
    backslash (a run's sums: ``16\\10``), else its centre or top-left label, else nothing."""
    found = (labels if labels is not None else _labels(view)).get(cell, {})
    down, right = found.get(Corner.BOTTOM_LEFT, ""), found.get(Corner.TOP_RIGHT, "")
    if down or right:
        return f"{down:>2}\\{right:<2}"
    return found.get(Corner.CENTER) or found.get(Corner.TOP_LEFT, "")


def line_counts(view: BoardView, index: int, *, row: bool) -> tuple[int, ...]:
    """How many cells of row (or column) ``index`` hold each of the counted values
    (:attr:`~grille.view.BoardView.counts`; none when the view counts none)."""
    if view.counts is None:
        return ()
    if row:
        values = [view.cell(index, c).value for c in range(view.cols)]
    else:
        values = [view.cell(r, index).value for r in range(view.rows)]
    return tuple(values.count(value) for value in view.counts.values)


@dataclass(frozen=True, slots=True)
class Layout:
    """How big a cell is drawn: ``height`` x ``width`` characters, and whether a blank row
    separates every two rows (else only box borders do)."""

    name: str
    height: int
    width: int
    row_gap: bool = False
    label_room: int = 0
    """Characters at the left of a one-line cell kept for its corner label (a cage's sum,
    written in superscript digits before the value)."""


def layouts_for(view: BoardView) -> tuple[Layout, ...]:
    """The layouts that suit ``view``, largest first: one-line cells for a two-value board;
    else pencil marks in the view's mark grid, in two rows, or one line, each cell at least
    as wide as the labels of the blocked cells."""
    if two_valued(view):
        return (Layout("roomy", 1, 5, True), Layout("large", 1, 3, True), Layout("small", 1, 3))
    count = len(view.symbols)
    labels = _labels(view)
    clue_width = max((len(cell_label(view, (row, col), labels))
                      for row in range(view.rows) for col in range(view.cols)
                      if view.cell(row, col).blocked), default=0)
    clue_width = max(clue_width, 3)
    corner = max((len(text) for (row, col), found in labels.items()
                  if not view.cell(row, col).blocked for text in found.values()), default=0)
    mark_rows, mark_cols = view.mark_grid
    return (
        Layout("large", mark_rows, max(clue_width, 2 * mark_cols + 1), True),
        Layout("medium", 2, max(clue_width, math.ceil(count / 2))),
        Layout("small", 1, max(clue_width, corner + 2), label_room=corner),
    )


LAYOUTS = ("roomy", "large", "medium", "small")
"""Every layout name, largest first."""


@dataclass(frozen=True, slots=True)
class Decorations:
    """What to highlight: the cursor (and the cells sharing a region with it), conflicting cells,
    a hint's cells, and a solve step's placed cells and per-candidate styles."""

    cursor: Cell | None = None
    conflicts: frozenset[Cell] = frozenset()
    hinted: frozenset[Cell] = frozenset()
    placed: frozenset[Cell] = frozenset()
    candidates: Mapping[tuple[int, int, int], str] = field(default_factory=dict)
    """(row, col, value) -> a style name of :data:`STYLES` for that pencil mark."""


@dataclass(slots=True)
class _Canvas:
    """Characters and styles, with the line cells whose junctions are resolved at the end."""

    width: int
    height: int
    chars: list[list[str]] = field(default_factory=list)
    styles: list[list[str]] = field(default_factory=list)
    lines: list[list[bool]] = field(default_factory=list)
    over: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)
    """Characters written over the lines once their junctions are resolved (a dot on a wall)."""

    def __post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[""] * self.width for _ in range(self.height)]
        self.lines = [[False] * self.width for _ in range(self.height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        for offset, char in enumerate(text):
            if 0 <= x + offset < self.width and 0 <= y < self.height:
                self.chars[y][x + offset] = char
                if style:
                    self.styles[y][x + offset] = style

    def fill(self, x: int, y: int, width: int, height: int, style: str) -> None:
        for row in range(y, y + height):
            for col in range(x, x + width):
                self.styles[row][col] = style

    def to_text(self) -> list[Text]:
        for y in range(self.height):
            for x in range(self.width):
                if self.lines[y][x]:
                    self.chars[y][x] = self._junction(x, y)
                    self.styles[y][x] = self.styles[y][x] or STYLES["line"]
        for (x, y), (char, style) in self.over.items():
            self.chars[y][x], self.styles[y][x] = char, style
        texts = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            text = Text()
            for char, style in zip(chars, styles, strict=True):
                text.append(char, style)
            texts.append(text)
        return texts

    def _junction(self, x: int, y: int) -> str:
        up = y > 0 and self.lines[y - 1][x]
        down = y + 1 < self.height and self.lines[y + 1][x]
        left = x > 0 and self.lines[y][x - 1]
        right = x + 1 < self.width and self.lines[y][x + 1]
        return _JUNCTIONS[(up, down, left, right)]


_JUNCTIONS = {
    (False, False, False, False): "┼",
    (False, False, True, True): "─", (False, False, True, False): "─",
    (False, False, False, True): "─", (True, True, False, False): "│",
    (True, False, False, False): "│", (False, True, False, False): "│",
    (False, True, False, True): "┌", (False, True, True, False): "┐",
    (True, False, False, True): "└", (True, False, True, False): "┘",
    (True, True, False, True): "├", (True, True, True, False): "┤",
    (False, True, True, True): "┬", (True, False, True, True): "┴",
    (True, True, True, True): "┼",
}


@dataclass(frozen=True, slots=True)
class Geometry:
    """Where each row and column of cells starts on the canvas, and the canvas size
    (per-line counts included)."""

    xs: tuple[int, ...]
    ys: tuple[int, ...]
    width: int
    height: int
    grid_width: int
    grid_height: int

    def cell_at(self, x: int, y: int, layout: Layout) -> Cell | None:
        """The cell under canvas position (x, y), if any."""
        row = next((r for r, top in enumerate(self.ys) if top <= y < top + layout.height), None)
        col = next((c for c, left in enumerate(self.xs) if left <= x < left + layout.width), None)
        return None if row is None or col is None else (row, col)


def geometry(view: BoardView, layout: Layout, edges: frozenset[Edge] | None = None) -> Geometry:
    """The positions of ``view``'s cells in ``layout`` (``edges``: its :func:`walls`). A
    column of characters separates every two columns of cells; a row separates two rows of
    cells with a wall between them, or every two rows in a layout with :attr:`Layout.row_gap`."""
    edges = walls(view) if edges is None else edges
    xs = []
    x = 1
    for col in range(view.cols):
        if col:
            x += 1
        xs.append(x)
        x += layout.width
    grid_width = x + 1
    ys = []
    y = 1
    for row in range(view.rows):
        if row and (layout.row_gap
                    or any(((row - 1, c), (row, c)) in edges for c in range(view.cols))):
            y += 1
        ys.append(y)
        y += layout.height
    grid_height = y + 1
    width, height = grid_width, grid_height
    if view.counts is not None:
        counted = len(view.counts.values)
        width += 1 + counted * (_count_digits(view) + 1)
        height += counted
    return Geometry(tuple(xs), tuple(ys), width, height, grid_width, grid_height)


def _count_digits(view: BoardView) -> int:
    return len(str(max(view.rows, view.cols)))


def draw(view: BoardView, layout: Layout, decorations: Decorations = Decorations()) -> list[Text]:
    """``view`` drawn in ``layout`` with ``decorations``: one ``Text`` per line."""
    edges = walls(view)
    shape = geometry(view, layout, edges)
    canvas = _Canvas(shape.width, shape.height)
    _draw_walls(canvas, view, layout, shape, edges)
    cursor = decorations.cursor
    peers = frozenset(view.related(cursor)) if cursor is not None else frozenset()
    labels = _labels(view)
    shaded = line_tints(view)
    shaded.update((cell, STYLES["shade"]) for region in view.regions
                  if region.style in ("diagonal", "window") for cell in region.cells)
    for row in range(view.rows):
        for col in range(view.cols):
            _draw_cell(canvas, view, layout, shape, (row, col), decorations, peers, labels,
                       shaded)
    _join_blocks(canvas, view, layout, shape)
    _draw_cages(canvas, view, layout, shape, edges)
    _draw_path_lines(canvas, view, layout, shape)
    _draw_markers(canvas, view, layout, shape)
    _draw_shapes(canvas, view, layout, shape)
    if view.counts is not None:
        _draw_counts(canvas, view, layout, shape)
    return canvas.to_text()


def line_tints(view: BoardView) -> dict[Cell, str]:
    """The background of each cell a path line runs through: its style's tint
    (:data:`LINE_TINTS`), or its second (:data:`SECOND_TINTS`) when an earlier line of the
    same style touching it (a cell's eight neighbours) has the first, and the start's
    stronger tint (:data:`START_TINTS`) on its start cells.

    >>> from grille.view import PathLine
    >>> lines = (PathLine("thermometer", ((0, 0), (0, 1)), ((0, 0),)),
    ...          PathLine("thermometer", ((1, 0), (1, 1))))
    >>> tints = line_tints(BoardView(2, 2, (CellView(),) * 4, ("1", "2"), lines=lines))
    >>> tints[(0, 0)], tints[(0, 1)], tints[(1, 1)]
    ('on #6c6c6c', 'on #3a3a3a', 'on #4a4034')
    """
    tints: dict[Cell, str] = {}
    drawn: list[tuple[str, frozenset[Cell], str]] = []
    for line in view.lines:
        first = LINE_TINTS.get(line.style, LINE_TINTS["thermometer"])
        second = SECOND_TINTS.get(line.style, SECOND_TINTS["thermometer"])
        near = {(row + dr, col + dc) for row, col in line.cells
                for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
        taken = {tint for style, cells, tint in drawn if style == line.style and cells & near}
        tint = second if first in taken and second not in taken else first
        drawn.append((line.style, frozenset(line.cells), tint))
        tints.update((cell, tint) for cell in line.cells)
    for line in view.lines:
        if line.style in START_TINTS:
            tints.update((cell, START_TINTS[line.style]) for cell in line.start)
    return tints


def _draw_walls(canvas: _Canvas, view: BoardView, layout: Layout, shape: Geometry,
                edges: frozenset[Edge]) -> None:
    """The frame, and a line along each wall and through the gaps at its ends (junctions
    are resolved when the canvas turns into text)."""
    for y in range(shape.grid_height):
        canvas.lines[y][0] = canvas.lines[y][shape.grid_width - 1] = True
    for x in range(shape.grid_width):
        canvas.lines[0][x] = canvas.lines[shape.grid_height - 1][x] = True
    for (row, col), (other_row, other_col) in edges:
        if row == other_row:  # between two columns: down the column that separates them
            x = shape.xs[other_col] - 1
            top = shape.ys[row - 1] + layout.height if row else 0
            bottom = shape.ys[row + 1] if row + 1 < view.rows else shape.grid_height
            for y in range(top, bottom):
                canvas.lines[y][x] = True
        else:  # between two rows: along the row that separates them
            y = shape.ys[other_row] - 1
            left = shape.xs[col - 1] + layout.width if col else 0
            right = shape.xs[col + 1] if col + 1 < view.cols else shape.grid_width
            for x in range(left, right):
                canvas.lines[y][x] = True


def _join_blocks(canvas: _Canvas, view: BoardView, layout: Layout, shape: Geometry) -> None:
    """Shade the gaps between neighbouring blocked cells (lines between them taken out), so
    blocks read as one area and the lines outline the open cells."""

    def block(row: int, col: int) -> bool:
        return row < view.rows and col < view.cols and view.cell(row, col).blocked

    def gap(x: int, y: int, width: int, height: int) -> None:
        canvas.fill(x, y, width, height, STYLES["block"])
        for line in range(y, y + height):
            for column in range(x, x + width):
                canvas.lines[line][column] = False

    for row in range(view.rows):
        for col in range(view.cols):
            if not block(row, col):
                continue
            x, y = shape.xs[col], shape.ys[row]
            right, below = x + layout.width, y + layout.height
            gap_right = col + 1 < view.cols and shape.xs[col + 1] > right
            gap_below = row + 1 < view.rows and shape.ys[row + 1] > below
            if gap_right and block(row, col + 1):
                gap(right, y, 1, layout.height)
            if gap_below and block(row + 1, col):
                gap(x, below, layout.width, shape.ys[row + 1] - below)
            if (gap_right and gap_below and block(row, col + 1) and block(row + 1, col)
                    and block(row + 1, col + 1)):
                gap(right, below, 1, shape.ys[row + 1] - below)


def _draw_cell(
    canvas: _Canvas,
    view: BoardView,
    layout: Layout,
    shape: Geometry,
    where: Cell,
    decorations: Decorations,
    peers: frozenset[Cell],
    labels: Mapping[Cell, Mapping[Corner, str]],
    shaded: Mapping[Cell, str] | None = None,
) -> None:
    row, col = where
    cell = view.cell(row, col)
    x, y = shape.xs[col], shape.ys[row]
    width, height = layout.width, layout.height
    background = _background(where, cell, decorations, peers) or (
        (shaded or {}).get(where, ""))
    if background:
        canvas.fill(x, y, width, height, background)
    middle = y + (height - 1) // 2
    if cell.blocked:
        text = cell_label(view, where, labels)
        canvas.put(x + (width - len(text)) // 2, middle, text)
        return
    if layout.label_room and height == 1:  # the label before the value, as ¹²5
        if where in labels:
            label = next(iter(labels[where].values())).translate(SUPERSCRIPT)
            canvas.put(x, y, label[:layout.label_room], STYLES["label"])
        x, width = x + layout.label_room, width - layout.label_room
        layout = replace(layout, width=width, label_room=0)
    if cell.value is not None:
        style = STYLES["given"] if cell.given else STYLES["entry"]
        if where in decorations.conflicts:
            style = STYLES["conflict"]
        text = view.symbol(cell.value)
        canvas.put(x + (width - len(text)) // 2, middle, text, style)
    else:
        corner = labels.get(where, {}).get(Corner.TOP_LEFT, "") if height > 1 else ""
        _draw_marks(canvas, view, layout, x, y, where, cell.marks, decorations,
                    covered=len(corner) + 1 if corner else 0)
    if where in labels and height > 1:
        _draw_corner_labels(canvas, layout, x, y, labels[where])


SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
"""A corner label in a one-line cell is written in superscript digits."""


def _cage_of(view: BoardView) -> dict[Cell, int]:
    return {cell: index for index, region in enumerate(view.regions) if region.style == "cage"
            for cell in region.cells}


def _draw_cages(canvas: _Canvas, view: BoardView, layout: Layout, shape: Geometry,
                edges: frozenset[Edge]) -> None:
    """A dotted line on each gap between a cage's cell and a cell outside it (where no wall
    is drawn already)."""
    cage_of = _cage_of(view)
    if not cage_of:
        return
    for row in range(view.rows):
        for col in range(view.cols):
            here = cage_of.get((row, col))
            if col + 1 < view.cols and here != cage_of.get((row, col + 1)) \
                    and ((row, col), (row, col + 1)) not in edges:
                x = shape.xs[col + 1] - 1
                for y in range(shape.ys[row], shape.ys[row] + layout.height):
                    canvas.put(x, y, "┊", STYLES["cage"])
            below = shape.ys[row + 1] - 1 if row + 1 < view.rows else -1
            if (below >= shape.ys[row] + layout.height and here != cage_of.get((row + 1, col))
                    and ((row, col), (row + 1, col)) not in edges):
                canvas.put(shape.xs[col], below, "┄" * layout.width, STYLES["cage"])


def _link_spot(layout: Layout, shape: Geometry, first: Cell,
               second: Cell) -> tuple[int, int, str, str] | None:
    """Where the link between two consecutive cells of a path line is drawn, and its sign
    across a gap and across a wall: a step along a row on the gap column between the cells
    (``━``, ``┿`` over a wall), down a column on the gap row (``┃``, ``╂``), a diagonal step
    on the corner the four cells share (``╲``, ``╱``); ``None`` when there is no gap to
    draw on (two rows with no line between them) or the cells do not touch."""
    (r1, c1), (r2, c2) = sorted((first, second))
    if max(abs(r2 - r1), abs(c2 - c1)) != 1:
        return None
    if r1 == r2:
        return shape.xs[c2] - 1, shape.ys[r1] + (layout.height - 1) // 2, "━", "┿"
    y = shape.ys[r2] - 1
    if y < shape.ys[r1] + layout.height:
        return None
    if c1 == c2:
        return shape.xs[c1] + (layout.width - 1) // 2, y, "┃", "╂"
    if c2 > c1:
        return shape.xs[c2] - 1, y, "╲", "╲"
    return shape.xs[c1] - 1, y, "╱", "╱"


def _draw_path_lines(canvas: _Canvas, view: BoardView, layout: Layout,
                     shape: Geometry) -> None:
    """Each path line (a thermometer, an arrow, a renban line ...) linked cell to cell on
    the gaps between them, in its colour, and its start (a bulb, an arrow's circle) marked
    at its top-right corner when that place is free; the cells keep their tint."""
    for line in view.lines:
        colour = LINE_COLOURS.get(line.style, LINE_COLOURS["thermometer"])
        for first, second in zip(line.cells, line.cells[1:], strict=False):
            spot = _link_spot(layout, shape, first, second)
            if spot is None:
                continue
            x, y, across_gap, across_wall = spot
            char = across_wall if canvas.lines[y][x] else across_gap
            if canvas.over.get((x, y), ("",))[0] in ("╲", "╱") and char in ("╲", "╱") \
                    and canvas.over[(x, y)][0] != char:
                char = "╳"  # two lines cross on one corner
            canvas.over[(x, y)] = (char, colour)
        mark = START_MARKS.get(line.style)
        for row, col in line.start if mark else ():
            x, y = shape.xs[col] + layout.width - 1, shape.ys[row]
            if canvas.chars[y][x] == " ":
                canvas.put(x, y, mark or "", colour)


MARKER_CHARS = {"black-dot": "●", "white-dot": "○"}
"""How a marker style is written on a gap (``text`` markers: their text's first letter)."""


def _marker_spot(view: BoardView, layout: Layout, shape: Geometry,
                 first: Cell, second: Cell) -> tuple[int, int] | None:
    """Where a marker between two neighbouring cells is written: on the gap between them,
    or ``None`` when there is none (two rows with no line between them)."""
    (r1, c1), (r2, c2) = sorted((first, second))
    if r1 == r2 and c2 == c1 + 1:
        return shape.xs[c2] - 1, shape.ys[r1] + (layout.height - 1) // 2
    if c1 == c2 and r2 == r1 + 1 and shape.ys[r2] - 1 >= shape.ys[r1] + layout.height:
        return shape.xs[c1] + (layout.width - 1) // 2, shape.ys[r2] - 1
    return None


def _draw_markers(canvas: _Canvas, view: BoardView, layout: Layout, shape: Geometry) -> None:
    for marker in view.markers:
        spot = _marker_spot(view, layout, shape, marker.first, marker.second)
        if spot is None:
            continue
        char = MARKER_CHARS.get(marker.style) or (marker.text[:1] or "•")
        canvas.over[spot] = (char, STYLES["marker"])


def _draw_shapes(canvas: _Canvas, view: BoardView, layout: Layout, shape: Geometry) -> None:
    """Each cell shape as a small sign in its cell's bottom-right corner (smaller than a dot
    on a gap, which is drawn bold)."""
    for cell_shape in view.shapes:
        row, col = cell_shape.cell
        char = "◦" if cell_shape.style == "circle" else "▫"  # smaller than the dots
        canvas.put(shape.xs[col] + layout.width - 1, shape.ys[row] + layout.height - 1, char,
                   STYLES["shape"])


def undrawn_notes(view: BoardView, layout: Layout, cell: Cell) -> list[str]:
    """What the text grid cannot draw about ``cell``, in words: the lines through it
    (``thermometer r1c1-r1c2-r1c3``), its markers with no gap to sit on, the clues outside
    its row and column, the setter's decorations on it."""
    shape = geometry(view, layout)
    notes = [decoration.words() for decoration in view.decorations if cell in decoration.cells]
    for line in view.lines:
        if cell in line.cells:
            path = "-".join(f"r{r + 1}c{c + 1}" for r, c in line.cells)
            notes.append(f"{line.style} {path}")
    for marker in view.markers:
        if cell in (marker.first, marker.second) and _marker_spot(
                view, layout, shape, marker.first, marker.second) is None:
            other = marker.second if cell == marker.first else marker.first
            what = marker.text or marker.style.replace("-", " ")
            notes.append(f"{what} with r{other[0] + 1}c{other[1] + 1}")
    row, col = cell
    for clue in view.outside:
        along = clue.side in ("top", "bottom")
        if (along and clue.index == col) or (not along and clue.index == row):
            way = f" {clue.direction}" if clue.direction else ""
            notes.append(f"{clue.side} clue {clue.text}{way}")
    return notes


def _draw_corner_labels(canvas: _Canvas, layout: Layout, x: int, y: int,
                        labels: Mapping[Corner, str]) -> None:
    """The labels of an open cell (a cage's sum) in its corners, over what is there."""
    for corner, text in labels.items():
        if corner is Corner.TOP_LEFT:
            canvas.put(x, y, text, STYLES["label"])
        elif corner is Corner.TOP_RIGHT:
            canvas.put(x + layout.width - len(text), y, text, STYLES["label"])
        elif corner is Corner.BOTTOM_LEFT:
            canvas.put(x, y + layout.height - 1, text, STYLES["label"])


def _background(
    where: Cell, cell: CellView, decorations: Decorations, peers: frozenset[Cell]
) -> str:
    if where == decorations.cursor:
        return STYLES["cursor"]
    if where in decorations.placed:
        return STYLES["placed"]
    if where in decorations.conflicts:
        return STYLES["conflict"]
    if where in decorations.hinted:
        return STYLES["hint"]
    if cell.blocked:
        return STYLES["block"]
    if where in peers:
        return STYLES["peer"]
    return ""


def _pack_marks_after(canvas: _Canvas, view: BoardView, layout: Layout, x: int, y: int,
                      marks: Sequence[int], style_of: Callable[[int], str],
                      covered: int) -> None:
    """``marks`` in value order in the free places of a cell whose first ``covered``
    characters hold its corner label (first line after it, then the lines below); their count
    on the last line when they do not fit."""
    free = [(x + column, y) for column in range(covered, layout.width)]
    free += [(x + column, y + line) for line in range(1, layout.height)
             for column in range(layout.width)]
    ordered = sorted(marks)
    if len(ordered) <= len(free):
        for value, (column, line) in zip(ordered, free, strict=False):
            canvas.put(column, line, view.symbol(value), style_of(value))
        return
    text = f"·{len(ordered)}"
    bottom = y + layout.height - 1
    canvas.put(x + max(0, (layout.width - len(text)) // 2), bottom, text, STYLES["mark"])


def _draw_marks(
    canvas: _Canvas,
    view: BoardView,
    layout: Layout,
    x: int,
    y: int,
    where: Cell,
    marks: Sequence[int],
    decorations: Decorations,
    covered: int = 0,
) -> None:
    """Pencil marks at fixed places when there is room (a value is always in the same spot),
    else packed, else their count. The first ``covered`` characters of the cell's first line
    hold its corner label (a cage's sum, and a space): a mark whose place is there moves, the
    first line's marks to the cell's right end when they fit there, else all the cell's marks
    packed into the free places, or their count."""
    if not marks:
        return
    row, col = where

    def style_of(value: int) -> str:
        name = decorations.candidates.get((row, col, value))
        return STYLES[name] if name else STYLES["mark"]

    values = view.values
    per_row = math.ceil(len(values) / layout.height)
    spaced = layout.width >= 2 * per_row + 1
    if layout.width >= per_row and (layout.height > 1 or len(values) <= layout.width):
        left = x + (layout.width - (2 * per_row - 1 if spaced else per_row)) // 2
        places = {}
        for index, value in enumerate(values):
            if value in marks:
                line, place = divmod(index, per_row)
                places[value] = (left + (2 * place if spaced else place), y + line)
        if any(spot[1] == y and spot[0] < x + covered for spot in places.values()):
            # the first line's places, unspaced at the cell's right, if that clears the label
            start = x + layout.width - per_row
            for index, value in enumerate(values[:per_row] if start >= x + covered else ()):
                if value in places:
                    places[value] = (start + index, y)
        if not any(spot[1] == y and spot[0] < x + covered for spot in places.values()):
            for value, (column, line_y) in places.items():
                canvas.put(column, line_y, view.symbol(value), style_of(value))
            return
    if covered:
        _pack_marks_after(canvas, view, layout, x, y, marks, style_of, covered)
        return
    text = "".join(view.symbol(value) for value in marks)
    if len(text) > layout.width:
        text = f"·{len(marks)}"
    middle = y + (layout.height - 1) // 2
    left = x + (layout.width - len(text)) // 2
    for offset, value in enumerate(marks if not text.startswith("·") else ()):
        canvas.put(left + offset, middle, view.symbol(value), style_of(value))
    if text.startswith("·"):
        canvas.put(left, middle, text, STYLES["mark"])


def _draw_counts(canvas: _Canvas, view: BoardView, layout: Layout, shape: Geometry) -> None:
    """Each row's count of each counted value on its right, each column's below it."""
    assert view.counts is not None
    row_limit, col_limit = view.counts.per_row, view.counts.per_column
    digits = _count_digits(view)
    for row in range(view.rows):
        x = shape.grid_width + 1
        for place, count in enumerate(line_counts(view, row, row=True)):
            canvas.put(x + place * (digits + 1), shape.ys[row], f"{count:>{digits}}",
                       _count_style(count, row_limit))
    for col in range(view.cols):
        for line, count in enumerate(line_counts(view, col, row=False)):
            text = f"{count}"
            canvas.put(shape.xs[col] + (layout.width - len(text)) // 2, shape.grid_height + line,
                       text, _count_style(count, col_limit))


def _count_style(count: int, limit: int) -> str:
    if count > limit:
        return STYLES["count_over"]
    return STYLES["count_full"] if count == limit else STYLES["count"]


class Board(Widget):
    """A grid of any kind, its cursor, and what is highlighted; scales to its container.

    The board draws :attr:`view` with :attr:`decorations`; the screen that owns it sets
    them with :meth:`show`. It picks the largest :func:`layouts_for` layout that fits the
    size of its parent (a scrolling container), and keeps the cursor in view.
    """

    DEFAULT_CSS = """
    Board { width: auto; height: auto; }
    """

    class Clicked(Message):
        """A cell was clicked."""

        def __init__(self, cell: Cell) -> None:
            self.cell = cell
            super().__init__()

    def __init__(self, view: BoardView, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = view
        self.decorations = Decorations()
        self.layout_choice: Layout = layouts_for(view)[-1]
        self._lines: list[Text] = []
        self._shape = geometry(view, self.layout_choice)

    def show(self, view: BoardView, decorations: Decorations) -> None:
        """Draw ``view`` with ``decorations`` and bring the cursor into view."""
        self.view = view
        self.decorations = decorations
        self._relayout()
        self.scroll_cursor_visible()

    def fit(self, room: Size) -> None:
        """Pick the largest layout that fits in ``room`` (the smallest when none does)."""
        choices = layouts_for(self.view)
        chosen = choices[-1]
        for layout in choices:
            shape = geometry(self.view, layout)
            if shape.width <= room.width and shape.height <= room.height:
                chosen = layout
                break
        if chosen != self.layout_choice:
            self.layout_choice = chosen
            self._relayout()

    def _relayout(self) -> None:
        self._shape = geometry(self.view, self.layout_choice)
        self._lines = draw(self.view, self.layout_choice, self.decorations)
        self.refresh(layout=True)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The drawing's width."""
        return self._shape.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The drawing's height."""
        return self._shape.height

    def render(self) -> Text:
        """The drawing."""
        if not self._lines:
            self._lines = draw(self.view, self.layout_choice, self.decorations)
        return Text("\n").join(self._lines)

    def cell_region(self, cell: Cell) -> Region:
        """Where ``cell`` is drawn, relative to the board."""
        row, col = cell
        layout = self.layout_choice
        return Region(self._shape.xs[col], self._shape.ys[row], layout.width, layout.height)

    def scroll_cursor_visible(self) -> None:
        """Scroll the parent container so that the cursor's cell shows."""
        cursor = self.decorations.cursor
        parent = self.parent
        if cursor is None or not isinstance(parent, Widget) or not self.is_mounted:
            return
        region = self.cell_region(cursor).translate(self.virtual_region.offset)
        parent.scroll_to_region(region.grow((1, 2, 1, 2)), animate=False, immediate=True)

    def on_click(self, event: events.Click) -> None:
        """Report the clicked cell."""
        cell = self._shape.cell_at(event.x, event.y, self.layout_choice)
        if cell is not None:
            self.post_message(self.Clicked(cell))


def cells_text(cells: Iterable[Cell]) -> str:
    """``r1c2, r3c4`` for cells given 0-based."""
    return ", ".join(f"r{row + 1}c{col + 1}" for row, col in cells)


def move_cursor(view: BoardView, cursor: Cell, d_row: int, d_col: int) -> Cell:
    """The cursor after one step, wrapping around the edges."""
    row, col = cursor
    return (row + d_row) % view.rows, (col + d_col) % view.cols


