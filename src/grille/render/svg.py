"""A drawing as SVG text: self-contained (inline styles, a ``<style>`` element, a viewBox, no
external references), with hooks for a web page: every grid cell's background rectangle has
``class="cell ..."``, ``data-row`` and ``data-col`` (1-based, as in ``r3c5``), and optionally
an ``id`` and attributes of the caller's choosing. Everything drawn over the cells ignores
pointer events, so a click on a digit or a highlight reaches its cell."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from xml.sax.saxutils import escape, quoteattr

from grille.render.drawing import (
    Circle,
    Drawing,
    Element,
    Line,
    Polygon,
    Rect,
    Text,
    framed,
    shown_width,
)

__all__ = ["FONT_FAMILY", "to_svg"]

FONT_FAMILY = "'DejaVu Sans', Verdana, Geneva, 'Bitstream Vera Sans', sans-serif"

CellAttributes = Callable[[int, int], Mapping[str, str]]
"""Extra attributes for the cell at (row, col), both 0-based; a ``class`` is appended."""


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


_SPECIAL = re.compile(r'[&<>"\n\r\t]')


def _quote(value: str) -> str:
    return quoteattr(value) if _SPECIAL.search(value) else f'"{value}"'


def _attributes(pairs: Mapping[str, str | None]) -> str:
    return "".join(f" {name}={_quote(value)}" for name, value in pairs.items()
                   if value is not None)


def _rect(rect: Rect, cell_attributes: CellAttributes | None, id_prefix: str | None) -> str:
    attrs: dict[str, str | None] = {
        "x": _num(rect.x), "y": _num(rect.y), "width": _num(rect.w), "height": _num(rect.h),
        "fill": rect.fill or "none",
    }
    if rect.stroke:
        attrs["stroke"] = rect.stroke
        attrs["stroke-width"] = _num(rect.stroke_width)
    if rect.radius:
        attrs["rx"] = attrs["ry"] = _num(rect.radius)
    classes = rect.cls
    if rect.cell is not None:
        row, col = rect.cell
        attrs["data-row"] = str(row + 1)
        attrs["data-col"] = str(col + 1)
        if id_prefix is not None:
            attrs["id"] = f"{id_prefix}r{row + 1}c{col + 1}"
        for name, value in (cell_attributes(row, col) if cell_attributes else {}).items():
            if name == "class":
                classes = f"{classes} {value}".strip()
            else:
                attrs[name] = value
    attrs["class"] = classes or None
    return f"<rect{_attributes(attrs)}/>"


def _element(element: Element, cell_attributes: CellAttributes | None,
             id_prefix: str | None) -> str:
    cls = element.cls or None
    if isinstance(element, Rect):
        return _rect(element, cell_attributes, id_prefix)
    if isinstance(element, Line):
        dash = None if element.dash is None else " ".join(_num(v) for v in element.dash)
        return "<line" + _attributes({
            "x1": _num(element.x1), "y1": _num(element.y1), "x2": _num(element.x2),
            "y2": _num(element.y2), "stroke": element.color,
            "stroke-width": _num(element.width), "stroke-dasharray": dash, "class": cls,
        }) + "/>"
    if isinstance(element, Circle):
        return "<circle" + _attributes({
            "cx": _num(element.cx), "cy": _num(element.cy), "r": _num(element.r),
            "fill": element.fill or "none", "stroke": element.stroke,
            "stroke-width": _num(element.stroke_width) if element.stroke else None,
            "class": cls,
        }) + "/>"
    if isinstance(element, Polygon):
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in element.points)
        return "<polygon" + _attributes(
            {"points": points, "fill": element.fill, "class": cls}) + "/>"
    return _text(element)


def _text(text: Text) -> str:
    attrs = {
        "x": _num(text.x), "y": _num(text.y), "font-size": _num(text.size), "fill": text.color,
        "font-weight": "bold" if text.bold else None,
        "text-anchor": None if text.anchor == "start" else text.anchor,
        "class": text.cls or None,
    }
    return f"<text{_attributes(attrs)}>{escape(text.text)}</text>"


def to_svg(
    drawing: Drawing, *, width: float | None = None, frame: bool = True,
    cell_attributes: CellAttributes | None = None, id_prefix: str | None = None,
    css: str = "",
) -> str:
    """``drawing`` as an SVG document.

    ``frame`` adds a white margin, the title above the grid and the caption below (off: the
    bare grid, e.g. for a game page). ``width`` sets the displayed width in pixels (the
    height follows; default: ``drawing.cell_px`` pixels a cell). ``cell_attributes(row,
    col)`` adds attributes to each cell, ``id_prefix`` gives each cell the id
    ``{prefix}r{row}c{col}``, ``css`` is appended to the ``<style>`` element.
    """
    shown = framed(drawing) if frame else drawing
    scale = (width or shown_width(shown)) / shown.width
    root = _attributes({
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": f"0 0 {_num(shown.width)} {_num(shown.height)}",
        "width": _num(shown.width * scale), "height": _num(shown.height * scale),
        "class": f"grille {shown.kind}".strip(),
    })
    style = (f"text{{font-family:{FONT_FAMILY}}}"
             f"text,line,polygon,circle,rect:not([data-row]){{pointer-events:none}}{css}")
    lines = [f"<svg{root}>"]
    if shown.title:
        lines.append(f"<title>{escape(shown.title)}</title>")
    lines.append(f"<style>{escape(style)}</style>")
    lines.extend(_element(element, cell_attributes, id_prefix) for element in shown.elements)
    lines.append("</svg>")
    return "\n".join(lines) + "\n"
