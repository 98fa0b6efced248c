"""Booklets: many puzzles N per page, numbered, with their solutions on pages at the end.

Pages are planned before anything is drawn. Each page holds up to ``per_page`` puzzles in
the arrangement (columns x rows) that prints them largest, each grid as large as its slot
allows; a puzzle that would come out too small to read at ``per_page`` (a 30x30 grid six
to a page) gets a page with fewer puzzles, down to a page of its own, which turns landscape
when the puzzle is much wider than tall. With a cell size (``cell_mm``) every grid is
printed at that size instead, and a page holds as many puzzles, up to ``per_page``, as fit
at it; a puzzle that does not fit on a page of its own is an error that names the largest
cell size that fits.

A puzzle's rules in words (:attr:`Drawing.rules`) are printed under its grid, wrapped to its
slot's width in the largest of :data:`RULES_SIZES` at which they take at most
:data:`RULES_SHARE` of the slot's height (what still does not fit ends in an ellipsis); the
grid shrinks to leave them room, so a page of six variants does not overflow.

A page's heading (the booklet's title) wraps onto up to :data:`HEADER_LINES` lines beside
the page number, in a smaller size when it must; the header grows and the slots below it
shrink to make room.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grille.errors import GrilleError
from grille.render.drawing import AVERAGE_ADVANCE, Drawing, Palette, rgb
from grille.render.pdf import (
    FAMILY,
    PAPERS,
    PT,
    fit_scale,
    new_document,
    page_size,
    place,
)

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = [
    "PAPERS",
    "PER_PAGE",
    "Header",
    "Item",
    "Page",
    "Placement",
    "RulesBlock",
    "booklet",
    "check_cell_size",
    "paper_name",
    "placements",
    "plan",
    "rules_room",
    "wrap_heading",
    "wrap_rules",
]

PER_PAGE = (1, 2, 4, 6)
"""How many puzzles a page may hold."""

ARRANGEMENTS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),), 2: ((1, 2), (2, 1)), 4: ((2, 2),), 6: ((2, 3), (3, 2)),
}
"""(columns, rows) a page of each capacity may use, preferred first."""

MARGIN = 12.0
HEADER = 11.0
"""Millimetres from the top margin to the first slot, for a heading of one line."""
GUTTER_X = 8.0
GUTTER_Y = 9.0
CAPTION = 7.0
CAPTION_PT = 9.5
HEADER_PT = 11.0
HEADER_SIZES = (11.0, 10.0, 9.0, 8.0)
"""Font sizes a heading may take, largest first: the first at which it fits in
:data:`HEADER_LINES` lines is used."""
HEADER_LINES = 3
HEADER_LEADING = 1.25
"""Line spacing of a wrapped heading, as a multiple of its size."""
HEADER_GAP = 6.0
"""Millimetres kept free between a heading and the page number."""
PAGE_NUMBER_PT = 8.5
PAGE_NUMBER_ROOM = "page 888 of 888"
"""The widest page number a heading leaves room for."""
RULES_SIZES = (8.0, 7.0, 6.0)
"""Font sizes (points) a puzzle's rules may take under its grid, largest first."""
RULES_LEADING = 1.3
RULES_GAP = 2.5
"""Millimetres between a grid and its rules."""
RULES_SHARE = 0.4
"""The most of a slot's height a puzzle's rules may take."""
TURN_GAIN = 1.15
"""Another arrangement or a landscape page is used only if it prints this much larger."""
MIN_CELL_SIZE, MAX_CELL_SIZE = 3.0, 100.0
"""The cell sizes (mm) a booklet accepts."""

Measure = Callable[[str, float, bool], float]
"""The printed width in millimetres of a text at a size in points, bold or not."""


def estimate_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of how wide ``text`` prints (for planning without fonts)."""
    return len(text) * size * PT * (AVERAGE_ADVANCE + (0.06 if bold else 0.0))


@dataclass(frozen=True, slots=True)
class Item:
    """One slot's content: a caption and a drawing, or a message instead of the drawing."""

    caption: str
    drawing: Drawing | None = None
    message: str = ""


@dataclass(frozen=True, slots=True)
class Header:
    """A page's heading as printed: its lines and their size in points."""

    lines: tuple[str, ...] = ()
    size: float = HEADER_PT

    @property
    def height(self) -> float:
        """Millimetres from the top margin to the first slot."""
        return HEADER + max(0, len(self.lines) - 1) * self.size * PT * HEADER_LEADING


@dataclass(frozen=True, slots=True)
class RulesBlock:
    """A puzzle's rules as printed under its grid: the lines and their size in points."""

    lines: tuple[str, ...] = ()
    size: float = RULES_SIZES[0]

    @property
    def height(self) -> float:
        """Millimetres the rules take under the grid, the gap above them included."""
        if not self.lines:
            return 0.0
        return RULES_GAP + len(self.lines) * self.size * PT * RULES_LEADING


def wrap_rules(rules: Sequence[str], width: float, height: float,
               measure: Measure = estimate_width) -> RulesBlock:
    """``rules`` (paragraphs) broken into lines of at most ``width`` mm, in the largest of
    :data:`RULES_SIZES` at which they take at most ``height`` mm; at the smallest size, the
    lines that do not fit are left off and the last kept one ends in an ellipsis."""
    paragraphs = [text for text in rules if text.strip()]
    if not paragraphs:
        return RulesBlock()
    lines: list[str] = []
    for size in RULES_SIZES:
        lines = [line for text in paragraphs
                 for line in _wrap(text, width, size, measure, bold=False)]
        block = RulesBlock(tuple(lines), size)
        if block.height <= height:
            return block
    size = RULES_SIZES[-1]
    room = int((height - RULES_GAP) / (size * PT * RULES_LEADING))
    if room <= 0:
        return RulesBlock()
    kept = lines[:room]
    last = kept[-1]
    while last and measure(last + " …", size, False) > width:
        last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
    kept[-1] = f"{last} …"
    return RulesBlock(tuple(kept), size)


def rules_room(item: Item, w: float, h: float, measure: Measure = estimate_width) -> (
    RulesBlock
):
    """The rules of ``item`` as they print in a ``w`` x ``h`` mm slot."""
    if item.drawing is None or not item.drawing.rules:
        return RulesBlock()
    return wrap_rules(item.drawing.rules, w, h * RULES_SHARE, measure)


@dataclass(frozen=True, slots=True)
class Page:
    """A planned page: its items, capacity, arrangement, orientation, heading, and the cell
    size every grid on it is printed at (``None``: each as large as its slot allows)."""

    items: tuple[Item, ...]
    capacity: int
    columns: int
    rows: int
    landscape: bool
    heading: str = ""
    header: Header = Header()
    cell_mm: float | None = None


@dataclass(frozen=True, slots=True)
class _Slot:
    x: float
    y: float
    w: float
    h: float


def wrap_heading(heading: str, width: float, measure: Measure = estimate_width) -> Header:
    """``heading`` in the largest of :data:`HEADER_SIZES` at which it fits ``width`` mm in
    :data:`HEADER_LINES` lines, broken between words (inside a word only when the word
    alone is too wide); at the smallest size, what does not fit ends in an ellipsis."""
    if not heading.strip():
        return Header()
    lines: list[str] = []
    for size in HEADER_SIZES:
        lines = _wrap(heading, width, size, measure)
        if len(lines) <= HEADER_LINES:
            return Header(tuple(lines), size)
    size = HEADER_SIZES[-1]
    kept = lines[:HEADER_LINES]
    last = kept[-1]
    while last and measure(last + " …", size, True) > width:  # whole words, if it can
        last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
    kept[-1] = f"{last} …"
    return Header(tuple(kept), size)


def _wrap(text: str, width: float, size: float, measure: Measure, *, bold: bool = True) -> (
    list[str]
):
    """``text`` at ``size`` (bold unless told) broken into lines of at most ``width`` mm."""

    def wide(part: str) -> bool:
        return measure(part, size, bold) > width

    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if not wide(candidate):
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
        while wide(current) and len(current) > 1:  # a word wider than the line
            cut = len(current) - 1
            while cut > 1 and wide(current[:cut]):
                cut -= 1
            lines.append(current[:cut])
            current = current[cut:]
    if current:
        lines.append(current)
    return lines


def _slots(paper: str, columns: int, rows: int, landscape: bool, header: Header) -> (
    list[_Slot]
):
    width, height = page_size(paper, landscape=landscape)
    top = MARGIN + header.height
    slot_w = (width - 2 * MARGIN - (columns - 1) * GUTTER_X) / columns
    slot_h = (height - MARGIN - top - (rows - 1) * GUTTER_Y) / rows
    return [
        _Slot(MARGIN + c * (slot_w + GUTTER_X), top + r * (slot_h + GUTTER_Y), slot_w, slot_h)
        for r in range(rows) for c in range(columns)
    ]


class _Planner:
    """Slots, scales and arrangements for one paper, heading and cell size."""

    def __init__(self, paper: str, heading: str, cell_mm: float | None,
                 measure: Measure) -> None:
        self.paper, self.heading, self.cell_mm, self.measure = paper, heading, cell_mm, measure
        self._headers: dict[bool, Header] = {}

    def header(self, landscape: bool) -> Header:
        """The heading wrapped to the room a page of this orientation leaves it."""
        if landscape not in self._headers:
            width, _ = page_size(self.paper, landscape=landscape)
            room = (width - 2 * MARGIN - HEADER_GAP
                    - self.measure(PAGE_NUMBER_ROOM, PAGE_NUMBER_PT, False))
            self._headers[landscape] = wrap_heading(self.heading, room, self.measure)
        return self._headers[landscape]

    def slots(self, columns: int, rows: int, landscape: bool) -> list[_Slot]:
        """The slots of an arrangement, row by row."""
        return _slots(self.paper, columns, rows, landscape, self.header(landscape))

    def largest_cell(self, item: Item, slot: _Slot) -> float:
        """The largest printed cell (mm) at which ``item``'s drawing fits ``slot`` (its
        caption above it and its rules below)."""
        assert item.drawing is not None
        rules = rules_room(item, slot.w, slot.h, self.measure)
        return fit_scale(item.drawing, slot.w, slot.h - CAPTION - rules.height,
                         max_cell_mm=None) * item.drawing.cell

    def layout(self, items: Sequence[Item], capacity: int) -> tuple[float, int, int, bool]:
        """The best arrangement for ``capacity`` (columns, rows, landscape) after the
        smallest largest-cell of ``items`` in it. The best prints largest, the preferred
        one unless another is :data:`TURN_GAIN` larger; at a fixed cell size, the first
        preferred one where every item fits."""
        options = []
        for landscape in (False, True) if capacity == 1 else (False,):
            for columns, rows in ARRANGEMENTS[capacity]:
                slot = self.slots(columns, rows, landscape)[0]
                smallest = min(
                    (self.largest_cell(item, slot)
                     for item in items if item.drawing is not None),
                    default=float("inf"),
                )
                options.append((smallest, columns, rows, landscape))
        if self.cell_mm is not None:
            cell_mm = self.cell_mm
            return next((option for option in options if option[0] >= cell_mm),
                        max(options, key=lambda option: option[0]))
        best = options[0]
        for option in options[1:]:
            if option[0] > best[0] * TURN_GAIN:
                best = option
        return best

    def fits(self, items: Sequence[Item], smallest: float) -> bool:
        """Whether ``items`` print well when the smallest largest-cell among them is
        ``smallest``: at the cell size asked, or legibly."""
        if self.cell_mm is not None:
            return smallest >= self.cell_mm
        return all(smallest >= item.drawing.min_cell_mm
                   for item in items if item.drawing is not None)

    def fitting_capacity(self, items: Sequence[Item], limit: int) -> int | None:
        """The largest capacity up to ``limit`` (and at least ``len(items)``) at which
        ``items`` print well."""
        for capacity in sorted((c for c in PER_PAGE if len(items) <= c <= limit), reverse=True):
            smallest, *_ = self.layout(items, capacity)
            if self.fits(items, smallest):
                return capacity
        return None

    def too_large(self, item: Item) -> GrilleError:
        """The error for an item that does not fit a page of its own at the cell size."""
        largest, *_ = self.layout([item], 1)
        number, _, rest = item.caption.partition(" · ")
        name = f"{number} ({rest})" if rest else number or "a puzzle"
        return GrilleError(
            f"{name} does not fit on {paper_name(self.paper)} page at {self.cell_mm:g} mm "
            f"cells; the largest cell size that fits is {int(largest * 10) / 10:g} mm"
        )


def paper_name(paper: str) -> str:
    """``an A4`` or ``a letter``: the paper's name after its article."""
    return "an A4" if paper.lower() == "a4" else f"a {paper.lower()}"


def check_cell_size(cell_mm: float | None) -> None:
    """``GrilleError`` unless ``cell_mm`` is ``None`` or a size a booklet can print."""
    if cell_mm is not None and not MIN_CELL_SIZE <= cell_mm <= MAX_CELL_SIZE:
        raise GrilleError(f"a cell size is {MIN_CELL_SIZE:g} to {MAX_CELL_SIZE:g} mm, "
                          f"got {cell_mm:g}")


def plan(
    items: Sequence[Item], *, per_page: int, paper: str, heading: str = "",
    cell_mm: float | None = None, measure: Measure = estimate_width,
) -> list[Page]:
    """``items`` on pages of up to ``per_page``, fewer where a puzzle would be illegible
    (or, with ``cell_mm``, would not fit at that cell size)."""
    if per_page not in PER_PAGE:
        raise GrilleError(f"--per-page must be one of {', '.join(map(str, PER_PAGE))}, "
                          f"got {per_page}")
    page_size(paper)
    check_cell_size(cell_mm)
    planner = _Planner(paper, heading, cell_mm, measure)
    pages: list[Page] = []
    index = 0
    while index < len(items):
        taken = [items[index]]
        capacity = planner.fitting_capacity(taken, per_page)
        if capacity is None:
            if cell_mm is not None:
                raise planner.too_large(items[index])
            capacity = 1
        index += 1
        while index < len(items) and len(taken) < capacity:
            fitting = planner.fitting_capacity([*taken, items[index]], capacity)
            if fitting is None:
                break
            capacity = fitting
            taken.append(items[index])
            index += 1
        if index < len(items):  # cut short by a puzzle that needs more room: use the room
            capacity = min(c for c in PER_PAGE if len(taken) <= c <= capacity)
        _, columns, rows, landscape = planner.layout(taken, capacity)
        pages.append(Page(tuple(taken), capacity, columns, rows, landscape, heading,
                          planner.header(landscape), cell_mm))
    return pages


def booklet(
    puzzles: Sequence[Item], *, per_page: int = 4, paper: str = "a4", title: str = "",
    solutions: Sequence[Item] = (), solutions_per_page: int | None = None,
    cell_mm: float | None = None,
) -> bytes:
    """A PDF booklet: the ``puzzles`` items ``per_page`` to a page (1, 2, 4 or 6), then the
    ``solutions`` items on pages of their own; ``title`` heads every page. Grids fill their
    slots, or are printed with cells of ``cell_mm`` millimetres (fewer to a page where
    they would not fit)."""
    if not puzzles:
        raise GrilleError("no puzzles to print")
    pdf = new_document(title=title or "grille puzzles")
    measure = _pdf_measure(pdf)
    pages = plan(puzzles, per_page=per_page, paper=paper, heading=title, cell_mm=cell_mm,
                 measure=measure)
    if solutions:
        heading = f"{title} · Solutions" if title else "Solutions"
        pages += plan(solutions, per_page=solutions_per_page or per_page, paper=paper,
                      heading=heading, cell_mm=cell_mm, measure=measure)
    for number, page in enumerate(pages, start=1):
        _draw_page(pdf, page, paper, number, len(pages))
    return bytes(pdf.output())


def _draw_page(pdf: FPDF, page: Page, paper: str, number: int, total: int) -> None:
    pdf.add_page(orientation="L" if page.landscape else "P", format=page_size(paper))
    width, _ = page_size(paper, landscape=page.landscape)
    header = page.header
    first_baseline = MARGIN + HEADER_PT * PT
    pdf.set_text_color(*rgb(Palette.INK))
    pdf.set_font(FAMILY, "B", header.size)
    for line_number, line in enumerate(header.lines):
        pdf.text(MARGIN, first_baseline + line_number * header.size * PT * HEADER_LEADING, line)
    pdf.set_font(FAMILY, "", PAGE_NUMBER_PT)
    label = f"page {number} of {total}"
    pdf.set_text_color(*rgb(Palette.CAPTION))
    pdf.text(width - MARGIN - pdf.get_string_width(label), first_baseline, label)
    pdf.set_draw_color(*rgb(Palette.THIN))
    pdf.set_line_width(0.2)
    rule = MARGIN + header.height - 4.0
    pdf.line(MARGIN, rule, width - MARGIN, rule)
    for placed in placements(page, paper, measure=_pdf_measure(pdf)):
        _draw_item(pdf, placed)


def _pdf_measure(pdf: FPDF) -> Measure:
    def measure(text: str, size: float, bold: bool) -> float:
        pdf.set_font(FAMILY, "B" if bold else "", size)
        return float(pdf.get_string_width(text))

    return measure


@dataclass(frozen=True, slots=True)
class Placement:
    """Where an item of a page goes: its slot (``x``, ``y``, ``w``, ``h`` in mm), the
    scale of its drawing (mm per drawing unit; 0 without a drawing) and its rules as they
    print under the grid."""

    item: Item
    x: float
    y: float
    w: float
    h: float
    scale: float
    rules: RulesBlock = RulesBlock()

    @property
    def cell_mm(self) -> float:
        """The printed size of a grid cell (0 without a drawing)."""
        return self.scale * self.item.drawing.cell if self.item.drawing is not None else 0.0


def placements(page: Page, paper: str, *, measure: Measure = estimate_width) -> (
    list[Placement]
):
    """The items of ``page`` in their slots: each drawing as large as its slot allows (its
    caption above it, its rules below), or at the page's cell size."""
    found = []
    slots = _slots(paper, page.columns, page.rows, page.landscape, page.header)
    for item, slot in zip(page.items, slots, strict=False):
        scale = 0.0
        rules = rules_room(item, slot.w, slot.h, measure)
        if item.drawing is not None:
            scale = fit_scale(item.drawing, slot.w, slot.h - CAPTION - rules.height,
                              max_cell_mm=None)
            if page.cell_mm is not None:
                scale = min(scale, page.cell_mm / item.drawing.cell)
        found.append(Placement(item, slot.x, slot.y, slot.w, slot.h, scale, rules))
    return found


def _draw_item(pdf: FPDF, placed: Placement) -> None:
    item, slot = placed.item, _Slot(placed.x, placed.y, placed.w, placed.h)
    left, top = slot.x, slot.y
    if item.drawing is not None:
        drawing, scale = item.drawing, placed.scale
        left = slot.x + (slot.w - drawing.width * scale) / 2
        top = slot.y + (slot.h - CAPTION - drawing.height * scale - placed.rules.height) / 2
        place(pdf, drawing, x=left, y=top + CAPTION, scale=scale)
        _rules(pdf, placed.rules, left, top + CAPTION + drawing.height * scale, slot)
    _caption(pdf, item.caption, left, top, slot)
    if item.message:
        _message(pdf, item.message, slot)


def _caption(pdf: FPDF, caption: str, left: float, top: float, slot: _Slot) -> None:
    """``No. 3`` in bold, then the rest; kept inside the slot, shrunk if it must be."""
    head, _, rest = caption.partition(" · ")
    size = min(CAPTION_PT + 2.5, CAPTION_PT + (slot.w - 90.0) / 40)
    while True:
        pdf.set_font(FAMILY, "B", size)
        head_width = pdf.get_string_width(head + "  ")
        pdf.set_font(FAMILY, "", size)
        width = head_width + pdf.get_string_width(rest)
        if width <= slot.w or size <= 5:
            break
        size -= 0.5
    x = max(slot.x, min(left, slot.x + slot.w - width))
    baseline = top + CAPTION - 2.2
    pdf.set_text_color(*rgb(Palette.INK))
    pdf.set_font(FAMILY, "B", size)
    pdf.text(x, baseline, head)
    if rest:
        pdf.set_text_color(*rgb(Palette.CAPTION))
        pdf.set_font(FAMILY, "", size)
        pdf.text(x + head_width, baseline, rest)


def _rules(pdf: FPDF, rules: RulesBlock, left: float, bottom: float, slot: _Slot) -> None:
    """A puzzle's rules under its grid (whose bottom edge is at ``bottom``), from the
    grid's left edge or as far left as keeps the widest line inside the slot."""
    if not rules.lines:
        return
    pdf.set_font(FAMILY, "", rules.size)
    pdf.set_text_color(*rgb(Palette.CAPTION))
    widest = max(pdf.get_string_width(line) for line in rules.lines)
    x = max(slot.x, min(left, slot.x + slot.w - widest))
    leading = rules.size * PT * RULES_LEADING
    y = bottom + RULES_GAP + rules.size * PT
    for line in rules.lines:
        pdf.text(x, y, line)
        y += leading


def _message(pdf: FPDF, message: str, slot: _Slot) -> None:
    """A sentence in place of a drawing (a puzzle without one solution), wrapped."""
    size = 10.0
    pdf.set_font(FAMILY, "", size)
    pdf.set_text_color(*rgb(Palette.CAPTION))
    per_line = max(10, int(slot.w / (size * PT * AVERAGE_ADVANCE)))
    words, lines, current = message.split(), [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > per_line:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    lines.append(current)
    y = slot.y + CAPTION + 6.0
    for line in lines:
        pdf.text(slot.x, y, line)
        y += size * PT * 1.4
