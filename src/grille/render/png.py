"""A drawing as a PNG image, with Pillow and the shipped DejaVu Sans font.

The image is drawn at :data:`SUPERSAMPLE` times its size and scaled down, which smooths
circles, diagonals and texts; every line stays at least one output pixel wide.
"""

from __future__ import annotations

import functools
import io
import math
from typing import TYPE_CHECKING

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
    shown_width,
)

if TYPE_CHECKING:
    from PIL import ImageDraw, ImageFont

__all__ = ["SUPERSAMPLE", "image_size", "to_png"]

SUPERSAMPLE = 3
MAX_PIXELS = 10_000
"""The widest or tallest image :func:`to_png` makes."""

_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}


def image_size(drawing: Drawing, *, width: int | None = None, frame: bool = True) -> (
    tuple[int, int]
):
    """The (width, height) in pixels :func:`to_png` gives ``drawing``."""
    return _size(framed(drawing) if frame else drawing, width)


def _size(shown: Drawing, width: int | None) -> tuple[int, int]:
    pixels = width or shown_width(shown)
    return pixels, max(1, round(shown.height * pixels / shown.width))


@functools.lru_cache(maxsize=64)
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    from PIL import ImageFont

    return ImageFont.truetype(str(font_file(bold=bold)), max(1, size))



class _Painter:
    """Draws elements on a Pillow image at ``scale`` pixels per unit."""

    def __init__(self, draw: ImageDraw.ImageDraw, scale: float, pixel: int) -> None:
        self.draw = draw
        self.scale = scale
        self.pixel = pixel

    def width(self, units: float) -> int:
        return max(self.pixel, round(units * self.scale))

    def paint(self, element: Element) -> None:
        if isinstance(element, Rect):
            self.rect(element)
        elif isinstance(element, Line):
            self.line(element)
        elif isinstance(element, Circle):
            self.circle(element)
        elif isinstance(element, Polygon):
            points = [(x * self.scale, y * self.scale) for x, y in element.points]
            self.draw.polygon(points, fill=rgb(element.fill))
        else:
            self.text(element)

    def rect(self, rect: Rect) -> None:
        s = self.scale
        box = (round(rect.x * s), round(rect.y * s),
               round((rect.x + rect.w) * s) - 1, round((rect.y + rect.h) * s) - 1)
        radius = round(rect.radius * s)
        if rect.fill:
            if radius:
                self.draw.rounded_rectangle(box, radius, fill=rgb(rect.fill))
            else:
                self.draw.rectangle(box, fill=rgb(rect.fill))
        if rect.stroke and rect.stroke_width > 0:
            stroke = self.width(rect.stroke_width)
            half = stroke // 2
            outer = (box[0] - half, box[1] - half, box[2] + stroke - half, box[3] + stroke - half)
            if radius:
                self.draw.rounded_rectangle(outer, radius + half, outline=rgb(rect.stroke),
                                            width=stroke)
            else:
                self.draw.rectangle(outer, outline=rgb(rect.stroke), width=stroke)

    def line(self, line: Line) -> None:
        if line.dash is None:
            self._segment(line, line.x1, line.y1, line.x2, line.y2)
            return
        dash, gap = line.dash
        length = math.hypot(line.x2 - line.x1, line.y2 - line.y1)
        ux, uy = (line.x2 - line.x1) / length, (line.y2 - line.y1) / length
        start = 0.0
        while start < length:
            end = min(start + dash, length)
            self._segment(line, line.x1 + ux * start, line.y1 + uy * start,
                          line.x1 + ux * end, line.y1 + uy * end)
            start = end + gap

    def _segment(self, line: Line, x1: float, y1: float, x2: float, y2: float) -> None:
        s = self.scale
        stroke = self.width(line.width)
        color = rgb(line.color)
        if x1 == x2 or y1 == y2:
            half = stroke // 2
            if x1 == x2:
                left = round(x1 * s) - half
                box = (left, round(min(y1, y2) * s), left + stroke - 1, round(max(y1, y2) * s))
            else:
                top = round(y1 * s) - half
                box = (round(min(x1, x2) * s), top, round(max(x1, x2) * s), top + stroke - 1)
            self.draw.rectangle(box, fill=color)
            return
        self.draw.line([(x1 * s, y1 * s), (x2 * s, y2 * s)], fill=color, width=stroke)

    def circle(self, circle: Circle) -> None:
        s = self.scale
        cx, cy = circle.cx * s, circle.cy * s
        if circle.stroke and circle.stroke_width > 0:
            stroke = self.width(circle.stroke_width)
            r = circle.r * s + stroke / 2
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r),
                              fill=rgb(circle.fill) if circle.fill else None,
                              outline=rgb(circle.stroke), width=stroke)
            return
        r = circle.r * s
        if circle.fill:
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=rgb(circle.fill))

    def text(self, text: Text) -> None:
        s = self.scale
        font = _font(round(text.size * s), text.bold)
        self.draw.text((text.x * s, text.y * s), text.text, fill=rgb(text.color), font=font,
                       anchor=_ANCHORS[text.anchor])


def to_png(drawing: Drawing, *, width: int | None = None, frame: bool = True) -> bytes:
    """``drawing`` as PNG bytes, ``width`` pixels wide (default: ``drawing.cell_px`` pixels
    per cell); ``frame`` adds the margin, title and caption."""
    from PIL import Image, ImageDraw

    shown = framed(drawing) if frame else drawing
    size = _size(shown, width)
    if max(size) > MAX_PIXELS:
        from grille.errors import GrilleError

        raise GrilleError(f"an image of {size[0]}x{size[1]} pixels is too large "
                          f"(at most {MAX_PIXELS} a side)")
    big = (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE)
    image = Image.new("RGB", big, (255, 255, 255))
    painter = _Painter(ImageDraw.Draw(image), big[0] / shown.width, SUPERSAMPLE)
    for element in shown.elements:
        painter.paint(element)
    image = image.resize(size, Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
