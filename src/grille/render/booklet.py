"""Booklets: many puzzles N per page, numbered, with their solutions on pages at the end.

Pages are planned before anything is drawn. Each page holds up to ``per_page`` puzzles in
the arrangement (columns x rows) that prints them largest; a puzzle that would come out too
small to read at ``per_page`` (a 30x30 Kakuro six to a page) gets a page with fewer puzzles,
down to a page of its own, which turns landscape when the puzzle is much wider than tall.
"""

from __future__ import annotations

from collections.abc import Sequence
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

__all__ = ["PAPERS", "PER_PAGE", "Item", "Page", "booklet", "plan"]

PER_PAGE = (1, 2, 4, 6)
"""How many puzzles a page may hold."""

ARRANGEMENTS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),), 2: ((1, 2), (2, 1)), 4: ((2, 2),), 6: ((2, 3), (3, 2)),
}
"""(columns, rows) a page of each capacity may use, preferred first."""

MARGIN = 12.0
HEADER = 11.0
GUTTER_X = 8.0
GUTTER_Y = 9.0
CAPTION = 7.0
CAPTION_PT = 9.5
HEADER_PT = 11.0
PAGE_NUMBER_PT = 8.5
TURN_GAIN = 1.15
"""Another arrangement or a landscape page is used only if it prints this much larger."""


@dataclass(frozen=True, slots=True)
class Item:
    """One slot's content: a caption and a drawing, or a message instead of the drawing."""

    caption: str
    drawing: Drawing | None = None
    message: str = ""


@dataclass(frozen=True, slots=True)
class Page:
    """A planned page: its items, capacity, arrangement and orientation."""

    items: tuple[Item, ...]
    capacity: int
    columns: int
    rows: int
    landscape: bool
    heading: str = ""


@dataclass(frozen=True, slots=True)
class _Slot:
    x: float
    y: float
    w: float
    h: float


def _slots(paper: str, columns: int, rows: int, landscape: bool) -> list[_Slot]:
    width, height = page_size(paper, landscape=landscape)
    slot_w = (width - 2 * MARGIN - (columns - 1) * GUTTER_X) / columns
    slot_h = (height - 2 * MARGIN - HEADER - (rows - 1) * GUTTER_Y) / rows
    return [
        _Slot(MARGIN + c * (slot_w + GUTTER_X), MARGIN + HEADER + r * (slot_h + GUTTER_Y),
              slot_w, slot_h)
        for r in range(rows) for c in range(columns)
    ]


def _cell_mm(drawing: Drawing, slot: _Slot) -> float:
    return fit_scale(drawing, slot.w, slot.h - CAPTION) * drawing.cell


def _layout(items: Sequence[Item], capacity: int, paper: str) -> tuple[float, int, int, bool]:
    """The smallest printed cell of ``items`` in the best arrangement for ``capacity``, and
    that arrangement (columns, rows, landscape)."""
    best: tuple[float, int, int, bool] | None = None
    for landscape in (False, True) if capacity == 1 else (False,):
        for columns, rows in ARRANGEMENTS[capacity]:
            slot = _slots(paper, columns, rows, landscape)[0]
            smallest = min(
                (_cell_mm(item.drawing, slot) for item in items if item.drawing is not None),
                default=float("inf"),
            )
            if best is None or smallest > best[0] * TURN_GAIN:
                best = (smallest, columns, rows, landscape)
    assert best is not None
    return best


def _legible(items: Sequence[Item], cell_mm: float) -> bool:
    return all(cell_mm >= item.drawing.min_cell_mm for item in items if item.drawing is not None)


def plan(items: Sequence[Item], *, per_page: int, paper: str, heading: str = "") -> list[Page]:
    """``items`` on pages of up to ``per_page``, fewer where a puzzle would be illegible."""
    if per_page not in PER_PAGE:
        raise GrilleError(f"--per-page must be one of {', '.join(map(str, PER_PAGE))}, "
                          f"got {per_page}")
    page_size(paper)
    pages: list[Page] = []
    index = 0
    while index < len(items):
        capacity, taken = per_page, [items[index]]
        capacity = _fitting_capacity(taken, capacity, paper) or 1
        index += 1
        while index < len(items) and len(taken) < capacity:
            fitting = _fitting_capacity([*taken, items[index]], capacity, paper)
            if fitting is None:
                break
            capacity = fitting
            taken.append(items[index])
            index += 1
        if index < len(items):  # cut short by a puzzle that needs more room: use the room
            capacity = min(c for c in PER_PAGE if len(taken) <= c <= capacity)
        _, columns, rows, landscape = _layout(taken, capacity, paper)
        pages.append(Page(tuple(taken), capacity, columns, rows, landscape, heading))
    return pages


def _fitting_capacity(items: Sequence[Item], limit: int, paper: str) -> int | None:
    """The largest capacity up to ``limit`` (and at least ``len(items)``) at which ``items``
    stay legible."""
    for capacity in sorted((c for c in PER_PAGE if len(items) <= c <= limit), reverse=True):
        smallest, *_ = _layout(items, capacity, paper)
        if _legible(items, smallest):
            return capacity
    return None


def booklet(
    puzzles: Sequence[Item], *, per_page: int = 4, paper: str = "a4", title: str = "",
    solutions: Sequence[Item] = (), solutions_per_page: int | None = None,
) -> bytes:
    """A PDF booklet: the ``puzzles`` items ``per_page`` to a page (1, 2, 4 or 6), then the
    ``solutions`` items on pages of their own; ``title`` heads every page."""
    if not puzzles:
        raise GrilleError("no puzzles to print")
    pages = plan(puzzles, per_page=per_page, paper=paper, heading=title)
    if solutions:
        heading = f"{title} · Solutions" if title else "Solutions"
        pages += plan(solutions, per_page=solutions_per_page or per_page, paper=paper,
                      heading=heading)
    pdf = new_document(title=title or "grille puzzles")
    for number, page in enumerate(pages, start=1):
        _draw_page(pdf, page, paper, number, len(pages))
    return bytes(pdf.output())



def _draw_page(pdf: FPDF, page: Page, paper: str, number: int, total: int) -> None:
    pdf.add_page(orientation="L" if page.landscape else "P", format=page_size(paper))
    width, _ = page_size(paper, landscape=page.landscape)
    baseline = MARGIN + HEADER_PT * PT
    pdf.set_text_color(*rgb(Palette.INK))
    if page.heading:
        pdf.set_font(FAMILY, "B", HEADER_PT)
        pdf.text(MARGIN, baseline, page.heading)
    pdf.set_font(FAMILY, "", PAGE_NUMBER_PT)
    label = f"page {number} of {total}"
    pdf.set_text_color(*rgb(Palette.CAPTION))
    pdf.text(width - MARGIN - pdf.get_string_width(label), baseline, label)
    pdf.set_draw_color(*rgb(Palette.THIN))
    pdf.set_line_width(0.2)
    rule = MARGIN + HEADER - 4.0
    pdf.line(MARGIN, rule, width - MARGIN, rule)
    slots = _slots(paper, page.columns, page.rows, page.landscape)
    for item, slot in zip(page.items, slots, strict=False):
        _draw_item(pdf, item, slot)


def _draw_item(pdf: FPDF, item: Item, slot: _Slot) -> None:
    left, top = slot.x, slot.y
    if item.drawing is not None:
        drawing = item.drawing
        scale = fit_scale(drawing, slot.w, slot.h - CAPTION)
        left = slot.x + (slot.w - drawing.width * scale) / 2
        top = slot.y + (slot.h - CAPTION - drawing.height * scale) / 2
        place(pdf, drawing, x=left, y=top + CAPTION, scale=scale)
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
