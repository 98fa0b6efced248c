"""The board widget: any kind's grid drawn with text, in the size the terminal allows.

Drawing goes in three steps, the first two pure (and tested without a terminal):

- :func:`grid_view` turns a kind's state into a :class:`GridView`: rows, columns, one
  :class:`CellView` per cell (value, clue or entry, pencil marks, Kakuro clue block), the
  Sudoku box shape, the Takuzu per-line counts, Kakuro's lines between every two cells;
- :func:`draw` lays a view out in a :class:`Layout` (cell height and width) with the
  :class:`Decorations` of the moment (cursor, conflicts, hint cells, a solve step's
  placements and eliminations) and returns the lines as Rich ``Text``;
- :class:`Board`, the Textual widget, picks the largest layout that fits its container
  (pencil marks in a 3x3 square, in two rows, or a one-line cell), redraws when the state
  or the size changes, keeps the cursor in view when the grid is larger than the screen,
  and turns mouse clicks into cursor moves.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.widget import Widget

__all__ = [
    "LAYOUTS",
    "STYLES",
    "Board",
    "CellView",
    "Decorations",
    "Geometry",
    "GridView",
    "Layout",
    "cells_text",
    "draw",
    "geometry",
    "grid_view",
    "layouts_for",
    "move_cursor",
]

Cell = tuple[int, int]
"""(row, col), 0-based."""

SUDOKU_SYMBOLS = "123456789ABCDEFGHIJKLMNOP"

STYLES: dict[str, str] = {
    "given": "bold bright_white",
    "entry": "bold #5fafff",
    "mark": "#8a8a8a",
    "line": "#8a8a8a",
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
}
"""Rich styles of the board's parts (dark background assumed, as Textual's default theme)."""


@dataclass(frozen=True, slots=True)
class CellView:
    """One cell as drawn: its value's text, whether it is a clue, its pencil marks, or a
    Kakuro block's ``(down, right)`` sums (0: none)."""

    value: str = ""
    given: bool = False
    marks: tuple[int, ...] = ()
    clue: tuple[int, int] | None = None

    @property
    def block(self) -> bool:
        """Whether the cell is a Kakuro block (no value can go there)."""
        return self.clue is not None


@dataclass(frozen=True, slots=True)
class GridView:
    """A grid as the board draws it, whatever its kind.

    ``mark_values`` lists every possible pencil mark in order (their place in a cell),
    ``mark_shape`` the (rows, cols) square they are drawn in when there is room, ``box``
    the Sudoku box (rows, cols), ``line_limit`` the Takuzu (row, column) count each digit
    must reach (``None``: no per-line counts), ``cell_lines``: a line between every two
    cells, not only around boxes (Kakuro: a run's length is counted by eye).
    """

    kind: str
    rows: int
    cols: int
    cells: tuple[CellView, ...]
    mark_values: tuple[int, ...]
    mark_shape: tuple[int, int]
    box: tuple[int, int] | None = None
    line_limit: tuple[int, int] | None = None
    cell_lines: bool = False

    def cell(self, row: int, col: int) -> CellView:
        """The cell at ``row``, ``col``."""
        return self.cells[row * self.cols + col]

    def symbol(self, value: int) -> str:
        """How ``value`` is written (Sudoku: 1-9 then A..)."""
        return SUDOKU_SYMBOLS[value - 1] if self.kind == "sudoku" else str(value)

    def line_counts(self, index: int, *, row: bool) -> tuple[int, int]:
        """The number of 0s and of 1s in row (or column) ``index`` (Takuzu)."""
        if row:
            cells = [self.cell(index, c) for c in range(self.cols)]
        else:
            cells = [self.cell(r, index) for r in range(self.rows)]
        values = [cell.value for cell in cells]
        return values.count("0"), values.count("1")

    @property
    def filled(self) -> int:
        """How many cells that take a value hold one."""
        return sum(1 for cell in self.cells if cell.value)

    @property
    def open_cells(self) -> int:
        """How many cells take a value (Kakuro blocks do not)."""
        return sum(1 for cell in self.cells if not cell.block)


def _bits(mask: int, lowest: int) -> tuple[int, ...]:
    values = []
    value = lowest
    while mask:
        if mask & 1:
            values.append(value)
        mask >>= 1
        value += 1
    return tuple(values)


def grid_view(state: Any) -> GridView:
    """The :class:`GridView` of a Sudoku, Takuzu or Kakuro state."""
    kind = state.kind
    if kind == "sudoku":
        return _sudoku_view(state)
    if kind == "takuzu":
        return _takuzu_view(state)
    if kind == "kakuro":
        return _kakuro_view(state)
    raise ValueError(f"the board cannot draw a {kind!r} grid")


def _sudoku_view(grid: Any) -> GridView:
    size: int = grid.size
    marks = grid.marks or (0,) * len(grid.cells)
    cells = tuple(
        CellView(
            SUDOKU_SYMBOLS[value - 1] if value else "",
            bool(value) and grid.is_given(index),
            () if value else _bits(marks[index], 1),
        )
        for index, value in enumerate(grid.cells)
    )
    box = (grid.shape.box_rows, grid.shape.box_cols)
    return GridView("sudoku", size, size, cells, tuple(range(1, size + 1)), box, box)


def _takuzu_view(grid: Any) -> GridView:
    marks = grid.marks or (0,) * len(grid.cells)
    cells = tuple(
        CellView(
            str(value) if value >= 0 else "",
            value >= 0 and grid.is_given(index),
            () if value >= 0 else _bits(marks[index], 0),
        )
        for index, value in enumerate(grid.cells)
    )
    return GridView(
        "takuzu", grid.height, grid.width, cells, (0, 1), (1, 2),
        line_limit=(grid.width // 2, grid.height // 2),
    )


def _kakuro_view(grid: Any) -> GridView:
    values = grid.values or (0,) * len(grid.clues)
    marks = grid.marks or (0,) * len(grid.clues)
    cells = []
    for index, clue in enumerate(grid.clues):
        if clue is not None:
            cells.append(CellView(clue=(clue[0], clue[1])))
        else:
            value = values[index]
            cells.append(CellView(str(value) if value else "", False,
                                  () if value else _bits(marks[index], 1)))
    return GridView("kakuro", grid.rows, grid.cols, tuple(cells), tuple(range(1, 10)), (3, 3),
                    cell_lines=True)


@dataclass(frozen=True, slots=True)
class Layout:
    """How big a cell is drawn: ``height`` x ``width`` characters, and whether a blank row
    separates every two rows (else only box borders do)."""

    name: str
    height: int
    width: int
    row_gap: bool = False


def layouts_for(view: GridView) -> tuple[Layout, ...]:
    """The layouts that suit ``view``, largest first (Kakuro's have a line between every two
    rows in each, :attr:`GridView.cell_lines`)."""
    count = len(view.mark_values)
    clue_width = 5 if view.kind == "kakuro" else 3
    mark_rows, mark_cols = view.mark_shape
    if view.kind == "takuzu":
        return (Layout("roomy", 1, 5, True), Layout("large", 1, 3, True), Layout("small", 1, 3))
    return (
        Layout("large", mark_rows, max(clue_width, 2 * mark_cols + 1), True),
        Layout("medium", 2, max(clue_width, math.ceil(count / 2))),
        Layout("small", 1, max(clue_width, 3)),
    )


LAYOUTS = ("roomy", "large", "medium", "small")
"""Every layout name, largest first."""


@dataclass(frozen=True, slots=True)
class Decorations:
    """What to highlight: the cursor (and its row, column and box), conflicting cells,
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
    (Takuzu counts included)."""

    xs: tuple[int, ...]
    ys: tuple[int, ...]
    width: int
    height: int
    grid_width: int
    grid_height: int
    vertical_lines: tuple[int, ...]
    horizontal_lines: tuple[int, ...]

    def cell_at(self, x: int, y: int, layout: Layout) -> Cell | None:
        """The cell under canvas position (x, y), if any."""
        row = next((r for r, top in enumerate(self.ys) if top <= y < top + layout.height), None)
        col = next((c for c, left in enumerate(self.xs) if left <= x < left + layout.width), None)
        return None if row is None or col is None else (row, col)


def geometry(view: GridView, layout: Layout) -> Geometry:
    """The positions of ``view``'s cells in ``layout``."""
    box_rows, box_cols = (1, 1) if view.cell_lines else view.box or (view.rows, view.cols)
    xs, vertical = [], [0]
    x = 1
    for col in range(view.cols):
        if col:
            if col % box_cols == 0:
                vertical.append(x)
            x += 1
        xs.append(x)
        x += layout.width
    vertical.append(x)
    grid_width = x + 1
    ys, horizontal = [], [0]
    y = 1
    for row in range(view.rows):
        if row:
            if row % box_rows == 0:
                horizontal.append(y)
                y += 1
            elif layout.row_gap:
                y += 1
        ys.append(y)
        y += layout.height
    horizontal.append(y)
    grid_height = y + 1
    width, height = grid_width, grid_height
    if view.line_limit is not None:
        digits = len(str(max(view.rows, view.cols)))
        width += 2 + 2 * digits + 1
        height += 2
    return Geometry(tuple(xs), tuple(ys), width, height, grid_width, grid_height,
                    tuple(vertical), tuple(horizontal))


def draw(view: GridView, layout: Layout, decorations: Decorations = Decorations()) -> list[Text]:
    """``view`` drawn in ``layout`` with ``decorations``: one ``Text`` per line."""
    shape = geometry(view, layout)
    canvas = _Canvas(shape.width, shape.height)
    for x in shape.vertical_lines:
        for y in range(shape.grid_height):
            canvas.lines[y][x] = True
    for y in shape.horizontal_lines:
        for x in range(shape.grid_width):
            canvas.lines[y][x] = True
    peers = _peers(view, decorations.cursor)
    for row in range(view.rows):
        for col in range(view.cols):
            _draw_cell(canvas, view, layout, shape, (row, col), decorations, peers)
    _join_blocks(canvas, view, layout, shape)
    if view.line_limit is not None:
        _draw_counts(canvas, view, layout, shape)
    return canvas.to_text()


def _join_blocks(canvas: _Canvas, view: GridView, layout: Layout, shape: Geometry) -> None:
    """Shade the gaps between neighbouring Kakuro blocks (lines between them taken out), so
    blocks read as one area and the lines outline the white cells."""

    def block(row: int, col: int) -> bool:
        return row < view.rows and col < view.cols and view.cell(row, col).block

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


def _peers(view: GridView, cursor: Cell | None) -> frozenset[Cell]:
    """The cells sharing a row, column (or box) with the cursor, or a Kakuro run."""
    if cursor is None:
        return frozenset()
    row, col = cursor
    if view.kind == "kakuro":
        return frozenset(_run_cells(view, row, col, 0, 1)) | frozenset(
            _run_cells(view, row, col, 1, 0))
    cells = {(row, c) for c in range(view.cols)} | {(r, col) for r in range(view.rows)}
    if view.box is not None:
        box_rows, box_cols = view.box
        top, left = row - row % box_rows, col - col % box_cols
        cells |= {(top + r, left + c) for r in range(box_rows) for c in range(box_cols)}
    return frozenset(cells)


def _run_cells(view: GridView, row: int, col: int, d_row: int, d_col: int) -> list[Cell]:
    """The white cells of the run through (row, col) in one direction."""
    if view.cell(row, col).block:
        return []
    cells = [(row, col)]
    for sign in (-1, 1):
        r, c = row + sign * d_row, col + sign * d_col
        while 0 <= r < view.rows and 0 <= c < view.cols and not view.cell(r, c).block:
            cells.append((r, c))
            r, c = r + sign * d_row, c + sign * d_col
    return cells


def _draw_cell(
    canvas: _Canvas,
    view: GridView,
    layout: Layout,
    shape: Geometry,
    where: Cell,
    decorations: Decorations,
    peers: frozenset[Cell],
) -> None:
    row, col = where
    cell = view.cell(row, col)
    x, y = shape.xs[col], shape.ys[row]
    width, height = layout.width, layout.height
    background = _background(where, cell, decorations, peers)
    if background:
        canvas.fill(x, y, width, height, background)
    middle = y + (height - 1) // 2
    if cell.clue is not None:
        down, right = cell.clue
        text = "" if not down and not right else f"{down or '':>2}\\{right or '':<2}"
        canvas.put(x + (width - len(text)) // 2, middle, text)
        return
    if cell.value:
        style = STYLES["given"] if cell.given else STYLES["entry"]
        if where in decorations.conflicts:
            style = STYLES["conflict"]
        canvas.put(x + (width - len(cell.value)) // 2, middle, cell.value, style)
        return
    _draw_marks(canvas, view, layout, x, y, where, cell.marks, decorations)


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
    if cell.block:
        return STYLES["block"]
    if where in peers:
        return STYLES["peer"]
    return ""


def _draw_marks(
    canvas: _Canvas,
    view: GridView,
    layout: Layout,
    x: int,
    y: int,
    where: Cell,
    marks: Sequence[int],
    decorations: Decorations,
) -> None:
    """Pencil marks at fixed places when there is room (a digit is always in the same spot),
    else packed, else their count."""
    if not marks:
        return
    row, col = where

    def style_of(value: int) -> str:
        name = decorations.candidates.get((row, col, value))
        return STYLES[name] if name else STYLES["mark"]

    per_row = math.ceil(len(view.mark_values) / layout.height)
    spaced = layout.width >= 2 * per_row + 1
    if layout.width >= per_row and (layout.height > 1 or len(view.mark_values) <= layout.width):
        left = x + (layout.width - (2 * per_row - 1 if spaced else per_row)) // 2
        for index, value in enumerate(view.mark_values):
            if value in marks:
                line, place = divmod(index, per_row)
                column = left + (2 * place if spaced else place)
                canvas.put(column, y + line, view.symbol(value), style_of(value))
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


def _draw_counts(canvas: _Canvas, view: GridView, layout: Layout, shape: Geometry) -> None:
    """Takuzu: each row's count of 0s and 1s on its right, each column's below it."""
    assert view.line_limit is not None
    row_limit, col_limit = view.line_limit
    digits = len(str(max(view.rows, view.cols)))
    for row in range(view.rows):
        zeros, ones = view.line_counts(row, row=True)
        x = shape.grid_width + 1
        canvas.put(x, shape.ys[row], f"{zeros:>{digits}}", _count_style(zeros, row_limit))
        canvas.put(x + digits + 1, shape.ys[row], f"{ones:>{digits}}",
                   _count_style(ones, row_limit))
    for col in range(view.cols):
        zeros, ones = view.line_counts(col, row=False)
        for line, count in enumerate((zeros, ones)):
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

    def __init__(self, view: GridView, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = view
        self.decorations = Decorations()
        self.layout_choice: Layout = layouts_for(view)[-1]
        self._lines: list[Text] = []
        self._shape = geometry(view, self.layout_choice)

    def show(self, view: GridView, decorations: Decorations) -> None:
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


def move_cursor(view: GridView, cursor: Cell, d_row: int, d_col: int) -> Cell:
    """The cursor after one step, wrapping around the edges."""
    row, col = cursor
    return (row + d_row) % view.rows, (col + d_col) % view.cols


