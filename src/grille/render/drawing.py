"""The drawing description every renderer reads: shapes and texts in layers, no kind in sight.

The board drawer (:mod:`grille.render.board`) turns a board into a :class:`Drawing` made
of a few value objects (:class:`Rect`, :class:`Line`, :class:`Circle`, :class:`Polygon`,
:class:`Text`) in abstract units (a grid cell is :data:`CELL` units wide). The SVG, PNG and PDF
renderers draw those elements in layer order and know nothing about puzzles.

Texts are placed by their baseline, so every back end aligns them the same way;
:func:`centered_text` puts the cap height of a text on a centre point. Cells carry their
(row, column) on their background rectangle, which the SVG renderer turns into ``data-row`` /
``data-col`` attributes a web page can hook events to.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

__all__ = [
    "CAP_HEIGHT",
    "CELL",
    "FONT_DIR",
    "Anchor",
    "Circle",
    "Drawing",
    "Element",
    "Layer",
    "Line",
    "Palette",
    "Polygon",
    "Rect",
    "Text",
    "centered_text",
    "display_width",
    "font_file",
    "framed",
    "rgb",
    "shown_width",
    "text_width",
    "wrap",
]

CELL = 40.0
"""The side of one grid cell, in drawing units."""

CAP_HEIGHT = 0.729
"""Height of DejaVu Sans capitals and digits, as a fraction of the font size."""

AVERAGE_ADVANCE = 0.58
"""A generous average advance of DejaVu Sans characters (fraction of the font size)."""

FONT_DIR = Path(__file__).resolve().parent / "fonts"
"""Where the shipped TrueType fonts (DejaVu Sans, with its licence) live."""

Anchor = Literal["start", "middle", "end"]


def rgb(color: str) -> tuple[int, int, int]:
    """``#rrggbb`` as a (red, green, blue) triple of 0..255."""
    value = int(color.lstrip("#"), 16)
    return value >> 16 & 255, value >> 8 & 255, value & 255


def font_file(*, bold: bool = False) -> Path:
    """The shipped DejaVu Sans font file, regular or bold."""
    return FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")


class Layer(enum.IntEnum):
    """Drawing order, bottom first: cell backgrounds, highlights, grid lines, content, overlay."""

    BACKGROUND = 0
    HIGHLIGHT = 1
    GRID = 2
    CONTENT = 3
    OVERLAY = 4


class Palette:
    """The colours the drawers use (hex RGB), in one place."""

    PAPER = "#ffffff"
    INK = "#000000"
    ENTRY = "#1f4fa0"
    SOLVED = "#404040"
    MARK = "#4a4a4a"
    THIN = "#8c8c8c"
    GIVEN_CELL = "#e6e6e6"
    BLOCK = "#3d3d3d"
    CLUE = "#d9d9d9"
    UNIT = "#dde9f6"
    CELLS = "#ffe98a"
    PLACE = "#43a047"
    PLACE_CELL = "#cdeec9"
    ELIMINATE = "#e53935"
    LINK = "#7b3fa0"
    CAPTION = "#333333"


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle; ``cell`` = (row, col) marks the background of a grid cell (0-based);
    ``radius`` rounds its corners (a pill when it is half the shorter side)."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    layer: Layer = Layer.BACKGROUND
    cls: str = ""
    cell: tuple[int, int] | None = None
    radius: float = 0.0

    def moved(self, dx: float, dy: float) -> Rect:
        """The same rectangle shifted by (dx, dy)."""
        return Rect(self.x + dx, self.y + dy, self.w, self.h, self.fill, self.stroke,
                    self.stroke_width, self.layer, self.cls, self.cell, self.radius)


@dataclass(frozen=True, slots=True)
class Line:
    """A straight line; ``dash`` = (dash, gap) lengths for a dashed one."""

    x1: float
    y1: float
    x2: float
    y2: float
    color: str = Palette.INK
    width: float = 1.0
    layer: Layer = Layer.GRID
    dash: tuple[float, float] | None = None
    cls: str = ""

    def moved(self, dx: float, dy: float) -> Line:
        """The same line shifted by (dx, dy)."""
        return Line(self.x1 + dx, self.y1 + dy, self.x2 + dx, self.y2 + dy, self.color,
                    self.width, self.layer, self.dash, self.cls)


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle: filled, stroked, or both."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    layer: Layer = Layer.CONTENT
    cls: str = ""

    def moved(self, dx: float, dy: float) -> Circle:
        """The same circle shifted by (dx, dy)."""
        return Circle(self.cx + dx, self.cy + dy, self.r, self.fill, self.stroke,
                      self.stroke_width, self.layer, self.cls)


@dataclass(frozen=True, slots=True)
class Polygon:
    """A filled polygon (the dark triangle of a blocked cell's missing label)."""

    points: tuple[tuple[float, float], ...]
    fill: str
    layer: Layer = Layer.BACKGROUND
    cls: str = ""

    def moved(self, dx: float, dy: float) -> Polygon:
        """The same polygon shifted by (dx, dy)."""
        return Polygon(tuple((x + dx, y + dy) for x, y in self.points), self.fill, self.layer,
                       self.cls)


@dataclass(frozen=True, slots=True)
class Text:
    """A line of text whose baseline starts, centres or ends (``anchor``) at (x, y)."""

    x: float
    y: float
    text: str
    size: float
    color: str = Palette.INK
    bold: bool = False
    anchor: Anchor = "middle"
    layer: Layer = Layer.CONTENT
    cls: str = ""

    def moved(self, dx: float, dy: float) -> Text:
        """The same text shifted by (dx, dy)."""
        return Text(self.x + dx, self.y + dy, self.text, self.size, self.color, self.bold,
                    self.anchor, self.layer, self.cls)


Element = Rect | Line | Circle | Polygon | Text


def centered_text(
    cx: float, cy: float, text: str, size: float, *, color: str = Palette.INK,
    bold: bool = False, layer: Layer = Layer.CONTENT, cls: str = "",
) -> Text:
    """A text whose digits and capitals are centred on (cx, cy)."""
    return Text(cx, cy + size * CAP_HEIGHT / 2, text, size, color, bold, "middle", layer, cls)


def text_width(text: str, size: float) -> float:
    """A generous estimate of how wide ``text`` is at ``size`` (for layout only)."""
    return len(text) * size * AVERAGE_ADVANCE


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines of at most ``width`` units at font ``size``."""
    per_line = max(8, int(width / (size * AVERAGE_ADVANCE)))
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if len(candidate) <= per_line or not current:
            current = candidate
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


@dataclass(frozen=True, slots=True)
class Drawing:
    """What one puzzle looks like: a ``width`` x ``height`` box of elements in layer order.

    ``title`` is the line a framed render puts above the grid and ``caption`` the text below
    it (an explained step's sentence), then ``rules``, the puzzle's rules in words, one
    paragraph each (:attr:`BoardView.rules <grille.view.BoardView.rules>`); ``cell`` is the
    size of a grid cell in units;
    ``min_cell_mm`` the smallest printed cell that stays legible and ``cell_px`` the cell
    size an image gets by default.
    """

    width: float
    height: float
    elements: tuple[Element, ...]
    title: str = ""
    caption: str = ""
    cell: float = CELL
    min_cell_mm: float = 5.0
    cell_px: int = 44
    rules: tuple[str, ...] = ()
    kind: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.elements, key=lambda element: element.layer))
        object.__setattr__(self, "elements", ordered)

    def __repr__(self) -> str:
        return (
            f"<Drawing {self.kind or 'plain'} {self.width:g}x{self.height:g}: "
            f"{len(self.elements)} elements, title {self.title!r}>"
        )

    def counts(self) -> Counter[str]:
        """How many elements of each type and class, e.g. ``{"Text.given": 30, ...}``."""
        return Counter(
            f"{type(element).__name__}.{element.cls}" if element.cls else type(element).__name__
            for element in self.elements
        )

    def texts(self, cls: str | None = None) -> list[str]:
        """The strings of the text elements (of class ``cls`` only, if given)."""
        return [
            element.text for element in self.elements
            if isinstance(element, Text) and (cls is None or element.cls == cls)
        ]

    def cells(self) -> list[Rect]:
        """The background rectangles of the grid cells, row-major."""
        return [element for element in self.elements
                if isinstance(element, Rect) and element.cell is not None]


TITLE_SIZE = 16.0
"""The title's font size on grids up to about 11 cells wide; wider grids get a larger one."""
CAPTION_SIZE = 12.0
MARGIN = 16.0
MIN_CAPTION_WIDTH = 320.0
RULES_SCALE = 0.85
"""The rules' font size under a framed grid, as a share of the caption's."""


def framed(drawing: Drawing, *, title: bool = True, margin: float = MARGIN) -> Drawing:
    """``drawing`` on a white page with a margin, its title above and its caption below."""
    grow = min(1.75, max(1.0, drawing.width / 450))
    title_size, caption_size = TITLE_SIZE * grow, CAPTION_SIZE * grow
    margin *= grow
    heading = drawing.title if title else ""
    caption_lines: list[str] = []
    content_width = max(drawing.width, text_width(heading, title_size))
    rule_lines: list[str] = []
    if title and (drawing.caption or drawing.rules):
        content_width = max(content_width, MIN_CAPTION_WIDTH)
    if title and drawing.caption:
        caption_lines = wrap(drawing.caption, caption_size, content_width)
    rules_size = caption_size * RULES_SCALE
    if title:
        for paragraph in drawing.rules:
            rule_lines.extend(wrap(paragraph, rules_size, content_width))
    width = content_width + 2 * margin
    top = margin + (title_size * 1.9 if heading else 0.0)
    left = (width - drawing.width) / 2
    elements: list[Element] = [element.moved(left, top) for element in drawing.elements]
    if heading:
        elements.append(Text(width / 2, margin + title_size * CAP_HEIGHT, heading, title_size,
                             Palette.INK, False, "middle", Layer.OVERLAY, "title"))
    y = top + drawing.height + (caption_size * 1.2 if caption_lines else 0.0)
    for line in caption_lines:
        y += caption_size * 1.35
        elements.append(Text(margin, y, line, caption_size, Palette.CAPTION, False, "start",
                             Layer.OVERLAY, "caption"))
    if rule_lines:
        y += caption_size * 1.2 if caption_lines else rules_size * 1.1
    for line in rule_lines:
        y += rules_size * 1.35
        elements.append(Text(margin, y, line, rules_size, Palette.CAPTION, False, "start",
                             Layer.OVERLAY, "rules"))
    height = y + margin + (caption_size * 0.4 if caption_lines or rule_lines else 0.0)
    paper = Rect(0, 0, width, height, fill=Palette.PAPER, layer=Layer.BACKGROUND, cls="paper")
    return replace(drawing, width=width, height=height, elements=(paper, *elements))


def display_width(drawing: Drawing, *, frame: bool = True) -> int:
    """The width in pixels that gives each grid cell ``drawing.cell_px`` pixels (the default
    size of a PNG, and of an SVG on screen)."""
    shown = framed(drawing) if frame else drawing
    return shown_width(shown)


def shown_width(shown: Drawing) -> int:
    """:func:`display_width` of a drawing already framed (or shown bare)."""
    return max(1, round(shown.width * shown.cell_px / shown.cell))
