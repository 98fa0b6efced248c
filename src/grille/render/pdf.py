"""Drawings on PDF pages, with fpdf2 and the shipped DejaVu Sans fonts embedded (subset).

:func:`to_pdf` puts each drawing on a page of its own; :mod:`grille.render.booklet` lays out
many per page with the same :func:`place` function. Coordinates are millimetres.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from grille.errors import GrilleError
from grille.render.drawing import (
    Circle,
    Drawing,
    Element,
    Line,
    Polygon,
    Rect,
    Text,
    font_file,
    framed,
    rgb,
)

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = [
    "FAMILY",
    "MAX_CELL_MM",
    "MIN_LINE_MM",
    "PAPERS",
    "PT",
    "new_document",
    "page_size",
    "place",
    "to_pdf",
]

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Portrait page sizes in millimetres."""

PT = 25.4 / 72
"""One typographic point in millimetres."""

FAMILY = "DejaVu"
MAX_CELL_MM = 12.0
"""A drawing on a page of its own (:func:`to_pdf`) never has cells larger than this;
booklets fill their slots instead."""
MIN_LINE_MM = 0.1
"""Lines are never printed thinner than this."""
PAGE_MARGIN = 12.0
LANDSCAPE_GAIN = 1.15
"""A page turns landscape only when that prints the grid this much larger."""


def page_size(paper: str, *, landscape: bool = False) -> tuple[float, float]:
    """(width, height) of ``paper`` in millimetres; ``GrilleError`` for an unknown name."""
    try:
        width, height = PAPERS[paper.lower()]
    except KeyError:
        raise GrilleError(
            f"unknown paper {paper!r}; papers: {', '.join(PAPERS)}") from None
    return (height, width) if landscape else (width, height)


def new_document(*, title: str = "") -> FPDF:
    """An empty fpdf2 document in millimetres with DejaVu Sans (regular and bold) loaded."""
    from fpdf import FPDF

    pdf = FPDF(unit="mm")
    pdf.set_auto_page_break(False)
    pdf.set_margin(0)
    pdf.add_font(FAMILY, "", str(font_file()))
    pdf.add_font(FAMILY, "B", str(font_file(bold=True)))
    pdf.set_creator("grille")
    if title:
        pdf.set_title(title)
    return pdf



def place(pdf: FPDF, drawing: Drawing, *, x: float, y: float, scale: float) -> None:
    """Draw ``drawing`` on the current page, its top-left corner at (``x``, ``y``) mm, at
    ``scale`` millimetres per drawing unit."""
    for element in drawing.elements:
        _paint(pdf, element, x, y, scale)


def _paint(pdf: FPDF, element: Element, x0: float, y0: float, s: float) -> None:
    if isinstance(element, Rect):
        style = ("F" if element.fill else "") + ("D" if element.stroke else "")
        if not style:
            return
        if element.fill:
            pdf.set_fill_color(*rgb(element.fill))
        if element.stroke:
            pdf.set_draw_color(*rgb(element.stroke))
            pdf.set_line_width(max(MIN_LINE_MM, element.stroke_width * s))
        box = (x0 + element.x * s, y0 + element.y * s, element.w * s, element.h * s)
        if element.radius:
            # fpdf2 takes a radius of half the shorter side or more as a fraction of it
            corner = min(element.radius * s, 0.499 * min(box[2], box[3]))
            pdf.rect(*box, style=style, round_corners=True, corner_radius=corner)
        else:
            pdf.rect(*box, style=style)
    elif isinstance(element, Line):
        pdf.set_draw_color(*rgb(element.color))
        pdf.set_line_width(max(MIN_LINE_MM, element.width * s))
        if element.dash is not None:
            pdf.set_dash_pattern(dash=element.dash[0] * s, gap=element.dash[1] * s)
        pdf.line(x0 + element.x1 * s, y0 + element.y1 * s, x0 + element.x2 * s,
                 y0 + element.y2 * s)
        if element.dash is not None:
            pdf.set_dash_pattern()
    elif isinstance(element, Circle):
        _circle(pdf, element, x0, y0, s)
    elif isinstance(element, Polygon):
        pdf.set_fill_color(*rgb(element.fill))
        pdf.polygon([(x0 + px * s, y0 + py * s) for px, py in element.points], style="F")
    else:
        _text(pdf, element, x0, y0, s)


def _circle(pdf: FPDF, circle: Circle, x0: float, y0: float, s: float) -> None:
    style = ("F" if circle.fill else "") + ("D" if circle.stroke else "")
    if not style:
        return
    if circle.fill:
        pdf.set_fill_color(*rgb(circle.fill))
    if circle.stroke:
        pdf.set_draw_color(*rgb(circle.stroke))
        pdf.set_line_width(max(MIN_LINE_MM, circle.stroke_width * s))
    r = circle.r * s
    pdf.ellipse(x0 + circle.cx * s - r, y0 + circle.cy * s - r, 2 * r, 2 * r, style=style)


def _text(pdf: FPDF, text: Text, x0: float, y0: float, s: float) -> None:
    pdf.set_font(FAMILY, "B" if text.bold else "", text.size * s / PT)
    pdf.set_text_color(*rgb(text.color))
    x = x0 + text.x * s
    if text.anchor != "start":
        width = pdf.get_string_width(text.text)
        x -= width / 2 if text.anchor == "middle" else width
    pdf.text(x, y0 + text.y * s, text.text)


def fit_scale(drawing: Drawing, width: float, height: float, *,
              max_cell_mm: float | None = MAX_CELL_MM) -> float:
    """The largest scale (mm per unit) that fits ``drawing`` in ``width`` x ``height`` mm
    with cells no larger than ``max_cell_mm`` (``None``: as large as the room allows)."""
    scale = min(width / drawing.width, height / drawing.height)
    return scale if max_cell_mm is None else min(scale, max_cell_mm / drawing.cell)


def _page_scale(drawing: Drawing, paper: str, *, landscape: bool) -> float:
    width, height = page_size(paper, landscape=landscape)
    return fit_scale(drawing, width - 2 * PAGE_MARGIN, height - 2 * PAGE_MARGIN)


def to_pdf(drawings: Drawing | Sequence[Drawing], *, paper: str = "a4",
           frame: bool = True) -> bytes:
    """Each drawing centred on a page of its own (``paper``: a4 or letter; a wide drawing
    gets a landscape page), with its title and caption when ``frame``; the PDF's bytes."""
    pages = [drawings] if isinstance(drawings, Drawing) else list(drawings)
    if not pages:
        raise GrilleError("nothing to put in a PDF")
    pdf = new_document(title=pages[0].title)
    for drawing in pages:
        shown = framed(drawing) if frame else drawing
        portrait = _page_scale(shown, paper, landscape=False)
        turned = _page_scale(shown, paper, landscape=True)
        landscape = turned > portrait * LANDSCAPE_GAIN
        scale = turned if landscape else portrait
        width, _ = page_size(paper, landscape=landscape)
        pdf.add_page(orientation="L" if landscape else "P", format=page_size(paper))
        left = (width - shown.width * scale) / 2
        place(pdf, shown, x=left, y=PAGE_MARGIN, scale=scale)
    return bytes(pdf.output())
